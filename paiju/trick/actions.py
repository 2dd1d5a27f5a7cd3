"""What a 炒地皮 seat does: declare or pass, bury the kitty, play cards — as values, and as players type them."""

from __future__ import annotations

from dataclasses import dataclass

from paiju.cards import Card
from paiju.trick.declare import Declaration
from paiju.trick.order import trick_text

__all__ = ["Action", "Bury", "Declare", "Pass", "Play", "action_text"]


@dataclass(frozen=True)
class Pass:
    """No declaration now, or no 抄底."""


@dataclass(frozen=True)
class Declare:
    """Show cards to declare or overturn the trump (亮主 / 反主), or to take the kitty (抄底)."""

    declaration: Declaration


@dataclass(frozen=True)
class Bury:
    """The kitty's holder puts these cards face down as the new kitty (扣底)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Play:
    """Cards led or followed to the trick."""

    cards: tuple[Card, ...]


Action = Pass | Declare | Bury | Play


def action_text(action: Action) -> str:
    """The action as players type it and views list it: ``pass``, ``declare 2s 2s``, ``bury …``, or the cards (in
    this game's rank order, 2 lowest)."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Declare):
        return action.declaration.text()
    if isinstance(action, Bury):
        return "bury " + trick_text(action.cards)
    return trick_text(action.cards)
