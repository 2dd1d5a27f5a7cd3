"""Taking an action back (``Hand.push`` / ``Hand.pop``): what a search needs to walk a hand and return without a clone.

An everyday turn of the play (a pass, or a play that leaves the seat cards) is taken back from the few fields it
changes; any other action (a bid, a gift, a seat's last cards, a phase that does more with a turn) from a copy of the
whole state made before it, as ``HandState.clone`` makes one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from paiju.cards import Card
from paiju.climbing.actions import Action, Pass, Play
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases import Phase
from paiju.climbing.phases.play import Playing
from paiju.climbing.state import HandState, PlayRecord
from paiju.engine.undo import last_pushed

__all__ = ["Taken", "TurnMark", "save", "take_back"]


class TurnMark(NamedTuple):
    """The fields an everyday turn changes, as they were before it: ``plays``, ``log`` and ``factors`` are lengths
    (the turn only appends), ``hand`` and ``counts`` the seat's own lists copied."""

    seat: int
    to_act: int
    trick: PlayRecord | None
    passes: int
    played: int
    plays: int
    logged: int
    log: int
    factors: int
    known: bool
    hand: list[Card]
    counts: list[int]


class Taken(NamedTuple):
    """What ``Hand.pop`` puts back: the state (``save``), the phase, the cached legal list, the events shown."""

    saved: TurnMark | HandState
    at: int
    legal: tuple[int, Sequence[Action]] | None
    shown: int


def save(state: HandState, phase: Phase, action: Action, seat: int | None) -> TurnMark | HandState:
    """What taking ``action`` back needs: a ``TurnMark`` where it is an everyday turn of ``seat`` (by default the seat
    to act), else a copy of the state."""
    seat = state.to_act if seat is None else seat
    if not _everyday(state, phase, action, seat):
        return state.clone()
    play, part = state.play, state.partner
    return TurnMark(
        seat,
        state.to_act,
        play.trick,
        play.passes,
        play.played_by[seat],
        len(play.plays),
        play.logged,
        len(state.event_log),
        len(state.stake.factors),
        part is not None and part.known,
        list(state.hands[seat]),
        list(state.counts[seat]),
    )


def take_back(state: HandState, taken: list[Taken]) -> tuple[HandState, int, tuple[int, Sequence[Action]] | None, int]:
    """The last of ``taken``, removed and undone: the state as it was before its action (``state`` put back, or the
    copy kept), then the phase, the cached legal list and the events shown that it kept."""
    saved, at, legal, shown = last_pushed(taken)
    return _restore(state, saved), at, legal, shown


def _restore(state: HandState, saved: TurnMark | HandState) -> HandState:
    """The state as it was before the action ``saved`` was made for: the copy itself, or ``state`` put back."""
    if isinstance(saved, HandState):
        return saved
    play, seat = state.play, saved.seat
    state.to_act = saved.to_act
    play.trick, play.passes, play.logged = saved.trick, saved.passes, saved.logged
    play.played_by[seat] = saved.played
    del play.plays[saved.plays :]
    del state.event_log[saved.log :]
    state.events_made = min(state.events_made, saved.log)
    del state.stake.factors[saved.factors :]
    if state.partner is not None:
        state.partner.known = saved.known
    state.hands[seat][:] = saved.hand  # in place: the compiled turn and the holdings read these lists
    state.counts[seat][:] = saved.counts
    return state


def _everyday(state: HandState, phase: Phase, action: Action, seat: int) -> bool:
    """A pass, or a play that leaves ``seat`` more cards than its handicap, by the plain play phase: it changes only
    what a ``TurnMark`` keeps (no seat goes out, nothing is settled)."""
    if type(phase) is not Playing or state.phase is not PhaseName.PLAY:
        return False
    if isinstance(action, Pass):
        return True
    return isinstance(action, Play) and len(state.hands[seat]) - len(action.move.ranks) > state.handicap()
