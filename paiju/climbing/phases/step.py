"""What a phase tells the driver after it acts: stay, move on, deal again, or end the hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from paiju.climbing.actions import Action
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.state import HandState
from paiju.errors import Reason

__all__ = ["CONTINUE", "DONE", "Automatic", "Continue", "Done", "Finish", "Phase", "Redeal", "Step", "Turn"]


@dataclass(frozen=True, slots=True)
class Continue:
    """The phase goes on: its actors decide next."""


@dataclass(frozen=True, slots=True)
class Done:
    """The phase is over: the pipeline's next phase starts."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """The cards are dealt again (the reason is logged), from the pipeline's first phase."""

    reason: str


@dataclass(frozen=True, slots=True)
class Finish:
    """The hand is decided: ``winner`` went out, or won at once (``instant``); settlement follows."""

    winner: int
    instant: bool = False


Step = Continue | Done | Redeal | Finish
CONTINUE, DONE = Continue(), Done()


class Phase(Protocol):
    """One stage of a hand: automatic (``name`` is ``None``; all its work is in ``enter``) or a decision.

    A decision phase's ``enter`` sets up who acts (or ends at once when there is nothing to decide);
    ``actors``/``legal`` say who may do what, ``explain`` why an action is refused, ``apply`` acts.
    """

    @property
    def name(self) -> PhaseName | None:
        """Where a hand resting in this phase stands (``None`` for an automatic phase)."""
        ...

    def enter(self, state: HandState) -> Step:
        """Start the phase."""
        ...

    def actors(self, state: HandState) -> frozenset[int]:
        """The seats that may act now."""
        ...

    def legal(self, state: HandState, seat: int) -> Sequence[Action]:
        """Everything ``seat`` may do now."""
        ...

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """Why ``action`` is not allowed for ``seat``, in words for a player."""
        ...

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Take a legal ``action`` for ``seat``."""
        ...


class Automatic:
    """A phase that needs no decision: it does its work in ``enter`` and never rests."""

    name: PhaseName | None = None

    def actors(self, state: HandState) -> frozenset[int]:
        """Nobody acts in an automatic phase."""
        return frozenset()

    def legal(self, state: HandState, seat: int) -> list[Action]:
        """Nothing to choose."""
        return []

    def explain(self, state: HandState, seat: int, action: Action) -> str:
        """An automatic phase refuses every action."""
        return Reason("nothing_to_decide", "nothing is to be decided now")

    def apply(self, state: HandState, seat: int, action: Action) -> Step:
        """Never called: the driver checks ``legal`` first."""
        raise AssertionError(f"{type(self).__name__} takes no actions")


#: Each seat alone, as the actors of a turn: made once, not at every turn (a table seats at most 10).
_ALONE = tuple(frozenset((seat,)) for seat in range(10))


class Turn:
    """A decision taken by one seat at a time, ``state.to_act``."""

    def actors(self, state: HandState) -> frozenset[int]:
        """The seat to act."""
        return _ALONE[state.to_act]
