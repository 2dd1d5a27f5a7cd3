"""The climbing family as the kernel's registry finds it: its hooks for opening, reading, replaying, showing and
numbering hands (the apps' table policy is ``paiju.policy.climbing``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paiju.climbing.actions import Action, action_text
from paiju.climbing.events import event_from_json
from paiju.climbing.hand import Hand
from paiju.climbing.log import game_log, start
from paiju.climbing.session import Session
from paiju.climbing.settlement import settlement
from paiju.engine import CLIMBING, Family
from paiju.engine.action_ids import ActionSpace
from paiju.errors import IllegalMoveError
from paiju.variants import Variant

if TYPE_CHECKING:
    from paiju.climbing.observation import Observation
    from paiju.engine.worlds import Worlds

__all__ = ["FAMILY"]


def _parse_action(hand: Hand, text: str, seat: int | None) -> list[Action]:
    """The climbing actions ``text`` can mean for ``seat`` (by default the seat to act)."""
    if seat is not None and seat not in hand.actors():
        raise IllegalMoveError(f"seat {seat} does not act now")
    from paiju.climbing.parse import actions_for_text  # imported when first asked for: a simulation parses no text

    return actions_for_text(hand, text, seat)


def _action_ids(variant: Variant) -> ActionSpace[Hand, Action]:
    """``variant``'s action ids (``paiju.climbing.action_ids``), imported when first asked for: a simulation numbers
    no action."""
    from paiju.climbing.action_ids import action_ids

    return action_ids(variant)


def _worlds(variant: Variant) -> Worlds[Hand]:
    """The sampled worlds (``paiju.climbing.worlds``), imported when first asked for: a simulation samples none."""
    from paiju.climbing.worlds import WORLDS

    return WORLDS


def _sees_hand(hand: Hand, seat: int, owner: int) -> bool:
    """Whether ``seat`` is shown ``owner``'s whole hand now: its own, one played face up (明牌), and on 五人 the
    public and hidden landlord each other's once the team is known (Q5.5)."""
    if hand.facts().sees_hand(seat, owner):
        return True
    from paiju.climbing.views import FiveView  # the views are imported when first asked for: a simulation makes none

    five = hand.observe(seat).part(FiveView) if hand.state.five is not None else None
    return five is not None and any(ally == owner for ally, _ in five.ally_hands)


FAMILY: Family[Hand, Action, Observation] = Family(
    name=CLIMBING,
    open_hand=Hand,
    parse_action=_parse_action,
    start=start,
    read_event=event_from_json,
    session=Session,
    observe=Hand.observe,  # its views' module is imported at the first view: a random bot makes none
    action_text=action_text,
    game_log=game_log,
    sees_hand=_sees_hand,
    settle=settlement,
    action_ids=_action_ids,
    worlds=_worlds,
)
