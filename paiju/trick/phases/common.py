"""What every phase of a 炒地皮 hand shares: the engine's phase machine over a ``TrickState``, the cap on a listed
legal set, and the refusals of an action of another step or of cards a hand does not hold."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from paiju.cards import Card
from paiju.engine import phase as machine
from paiju.errors import Reason
from paiju.trick.actions import Action
from paiju.trick.order import trick_text
from paiju.trick.state import Phase as Stage
from paiju.trick.state import TrickState

__all__ = ["LIST_CAP", "AtOnce", "Automatic", "Phase", "Turn", "missing", "not_now", "verb"]

#: The most actions a legal list holds; any other legal action is still accepted when typed (``engine.phase.Capped``).
LIST_CAP = 400

#: A phase of a 炒地皮 hand.
Phase = machine.Phase[TrickState, Action]


class Automatic(machine.Automatic[TrickState, Action]):
    """A step of the hand that needs no decision."""


class AtOnce(machine.Decision[TrickState, Action]):
    """A decision several seats take at once (the phase says which in ``actors``)."""


class Turn(machine.Turn[TrickState, Action]):
    """A decision taken by one seat at a time, ``state.to_act``."""


_ASKED = {
    Stage.DECLARE: "declare or pass",
    Stage.CHAODI: "show a stronger pair to take the kitty (抄底), or pass",
    Stage.BURY: "bury cards from your hand as the new kitty",
    Stage.PLAY: "play cards to the trick",
    Stage.OVER: "the hand is over",
}


def not_now(verb: str, step: Stage) -> Reason:
    """An action of another step (``pass``, ``declare``, ``bury``, ``play``): what this step asks instead."""
    words = "play cards" if verb == "play" else verb
    return Reason(f"not_now.{verb}", f"you cannot {words} now: {_ASKED[step]}", phase=step.value)


def missing(hand: Sequence[Card], cards: Sequence[Card]) -> Reason | None:
    """Cards named that the hand does not hold (as many times as named)."""
    held = Counter(hand)
    short = [c for c, n in Counter(cards).items() if n > held[c]]
    return Reason("dont_hold", f"you do not hold {trick_text(short)}", cards=trick_text(short)) if short else None


def verb(action: Action) -> str:
    """The word for an action's kind in a refusal: ``pass``, ``declare``, ``bury`` or ``play``."""
    return type(action).__name__.lower()
