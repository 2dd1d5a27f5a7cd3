"""The trick-taking family (炒地皮) as the kernel's registry finds it: its hooks for opening, reading, replaying,
showing and numbering hands (the apps' table policy is ``paiju.policy.trick``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from paiju.engine import Family, Session
from paiju.engine.protocol import HandResult
from paiju.errors import IllegalMoveError
from paiju.trick.action_ids import action_ids
from paiju.trick.actions import Action, action_text
from paiju.trick.events import event_from_json
from paiju.trick.hand import TrickHand
from paiju.trick.levels import MatchState
from paiju.trick.log import TRICK, game_log, start
from paiju.trick.observation import TrickObservation, observe
from paiju.trick.parse import actions_for_text
from paiju.trick.report import settle
from paiju.trick.state import TrickResult
from paiju.variants import Variant

if TYPE_CHECKING:
    from paiju.engine.worlds import Worlds

__all__ = ["FAMILY", "next_hand"]


def next_hand(variant: Variant, seed: int, index: int, results: list[HandResult]) -> TrickHand:
    """A match's next hand: the levels and the 庄家 the last hand left (a fresh match at first)."""
    last = results[-1] if results else None
    match = last.change.after if isinstance(last, TrickResult) else MatchState()
    return TrickHand(variant, seed, match)


def _parse_action(hand: TrickHand, text: str, seat: int | None) -> list[Action]:
    """The trick action ``text`` means for ``seat`` (by default the seat to act)."""
    if seat is not None and seat not in hand.actors():
        raise IllegalMoveError(f"seat {seat} does not act now")
    return list(actions_for_text(hand, text, seat))


def _worlds(variant: Variant) -> Worlds[TrickHand]:
    """The sampled worlds (``paiju.trick.worlds``), imported when first asked for: a simulation samples none."""
    from paiju.trick.worlds import WORLDS

    return WORLDS


FAMILY: Family[TrickHand, Action, TrickObservation] = Family(
    name=TRICK,
    open_hand=TrickHand,
    parse_action=_parse_action,
    start=start,
    read_event=event_from_json,
    session=lambda variant, seed, draw_seed: Session(variant, next_hand, seed, draw_seed),
    observe=observe,
    action_text=action_text,
    game_log=game_log,
    settle=settle,
    action_ids=action_ids,
    worlds=_worlds,
)
