"""The engine's phase machine (``paiju.engine.phase``) for a climbing hand: its phases act on a ``HandState``."""

from __future__ import annotations

from paiju.climbing.actions import Action
from paiju.climbing.events import RedealEvent
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.state import HandState
from paiju.engine import phase as machine
from paiju.engine.phase import CONTINUE, DONE, REDEAL, Continue, Done, Finish, Redeal, Step

__all__ = ["CONTINUE", "DONE", "AtOnce", "Automatic", "Continue", "Done", "Finish", "Phase", "Redeal", "Step", "Turn", "redeal"]

#: A phase of a climbing hand.
Phase = machine.Phase[HandState, Action]


class Automatic(machine.Automatic[HandState, Action]):
    """A phase that needs no decision: it does its work in ``enter`` and never rests."""

    name: PhaseName | None = None


class AtOnce(machine.Decision[HandState, Action]):
    """A decision several seats take at once (each phase says which in ``actors``)."""


class Turn(machine.Turn[HandState, Action]):
    """A decision taken by one seat at a time, ``state.to_act``."""


def redeal(state: HandState, reason: str) -> Step:
    """Log why the cards are dealt again, and say so to the driver."""
    state.log(RedealEvent(reason))
    return REDEAL
