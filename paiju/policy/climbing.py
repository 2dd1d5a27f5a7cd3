"""The climbing family's table policy: the heuristic bot plays a seat for a person and the minimal bot a timed-out
turn, a timed-out seat in the auction goes on 托管 at once, and the server bounds a table by its most leads."""

from __future__ import annotations

from paiju.cards import format_cards
from paiju.climbing.actions import Action, Play
from paiju.climbing.hand import Hand
from paiju.climbing.phases.play import holding_of
from paiju.climbing.report import frame_fields, most_leads, tally
from paiju.climbing.speculator import marked_card
from paiju.patterns import engine_of
from paiju.policy import TablePolicy

__all__ = ["POLICY"]


def _play_cards(hand: Hand, seat: int, action: Action) -> str | None:
    """The cards ``seat`` plays for a legal play, as the engine takes them when only the play is named (written as
    views write them: the table's marked card as ``7c*``)."""
    if not isinstance(action, Play):
        return None
    return format_cards(holding_of(hand.state, seat).cards_for(action.move, action.cards), marked=marked_card(hand.variant))


def _in_auction(hand: Hand) -> bool:
    """``observation.in_auction``; the views' module is imported when a timer first asks (a simulation never does)."""
    from paiju.climbing.observation import in_auction

    return in_auction(hand)


def _forced_pass_shown(hand: Hand) -> bool:
    """``observation.forced_pass_shown``, imported as ``_in_auction`` is."""
    from paiju.climbing.observation import forced_pass_shown

    return forced_pass_shown(hand)


POLICY: TablePolicy[Hand, Action] = TablePolicy(
    bot="heuristic",
    timeout_bot="minimal",
    timeout_takes_over=_in_auction,
    forced_pass_shown=_forced_pass_shown,
    tally=tally,
    frame_fields=frame_fields,
    most_actions=most_leads,
    engine=engine_of,
    play_cards=_play_cards,
)
