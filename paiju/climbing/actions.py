"""Actions a seat can take in a Dou Dizhu-family hand: bid, pass, play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paiju.cards import format_card
from paiju.patterns import Move

__all__ = ["Action", "Bid", "Give", "Pass", "Play", "action_text"]


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``points`` for the landlord's seat."""

    points: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: no bid in the auction, or no play in a trick."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play a move; ``cards`` names the exact cards, or ``None`` to let the engine pick copies."""

    move: Move
    cards: tuple[int, ...] | None = None

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Play) and other.move == self.move

    def __hash__(self) -> int:
        return hash(self.move)


@dataclass(frozen=True, slots=True)
class Give:
    """The speculator puts ``card`` into the gift it is filling (speculator.md §4)."""

    card: int


Action = Bid | Pass | Play | Give


def action_text(action: Action) -> str:
    """How an action is written in the terminal and in ``paiju moves``: ``pass``, ``bid 2``, ``give 7h``, ``33344``."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.points}"
    if isinstance(action, Give):
        return f"give {format_card(action.card)}"
    return action.move.text()
