"""Actions a seat can take in a Dou Dizhu-family hand: bid, pass, play, and the speculator
tables' gifts, partner choice (小地主) and declaration (亮明身份)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paiju.cards import format_card, format_cards
from paiju.patterns import Move

__all__ = ["Action", "Alone", "Bid", "Declare", "Give", "Grab", "Open", "Partner", "Pass", "Play", "action_text"]


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


@dataclass(frozen=True, slots=True)
class Partner:
    """The landlord shows ``cards``; the holder of their remaining copy is its small landlord (speculator.md §7)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Alone:
    """一打四: the landlord shows the same-suit pair ``cards`` and plays one against all, ×3 (§7)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Declare:
    """亮明身份: the small landlord makes itself known, ×2 (§7)."""


@dataclass(frozen=True, slots=True)
class Grab:
    """抢地主: take the landlord's seat from the temporary landlord, ×2 (other-games.md §1.2 step 4)."""


@dataclass(frozen=True, slots=True)
class Open:
    """明牌: play with the cards face up — before the deal (明牌开始, ×4) or, the landlord, after the bottom (×2)."""


Action = Bid | Pass | Play | Give | Partner | Alone | Declare | Grab | Open


def action_text(action: Action) -> str:
    """How an action is written in the terminal and in ``paiju moves``: ``pass``, ``bid 2``, ``give 7h``,
    ``33344``, ``partner 7h``, ``alone 7h7h``, ``declare``, ``grab``, ``open``."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.points}"
    if isinstance(action, Give):
        return f"give {format_card(action.card)}"
    if isinstance(action, Partner):
        return f"partner {format_cards(action.cards)}"
    if isinstance(action, Alone):
        return f"alone {format_cards(action.cards)}"
    if isinstance(action, Declare):
        return "declare"
    if isinstance(action, Grab):
        return "grab"
    if isinstance(action, Open):
        return "open"
    return action.move.text()
