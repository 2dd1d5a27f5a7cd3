"""A 炒地皮 hand's typed events: their JSON is the log's format, and each knows what a seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Self

from paiju.cards import Card

__all__ = [
    "BuryEvent",
    "DealEvent",
    "DeclareEvent",
    "DealtEvent",
    "FlipEvent",
    "KittyEvent",
    "PassEvent",
    "PlayEvent",
    "RedealEvent",
    "ThrowFailedEvent",
    "TrickEvent",
    "TrickHandEvent",
]

Cards = tuple[Card, ...]


def _cards(cards: Cards | None) -> list[Card] | None:
    return None if cards is None else list(cards)


@dataclass(frozen=True)
class DealEvent:
    """The deal: every hand and the kitty, in dealing order from ``first`` (hidden cards are ``None``); ``paced``:
    the cards then come a round at a time (``DealtEvent``), declaring open meanwhile (Q7.3 (ii))."""

    first: int
    hands: tuple[Cards | None, ...]
    kitty: Cards | None
    paced: bool = False

    def to_json(self) -> dict[str, Any]:
        out = {
            "type": "deal",
            "first": self.first,
            "hands": [_cards(h) for h in self.hands],
            "kitty": _cards(self.kitty),
        }
        return {**out, "paced": True} if self.paced else out

    def visible_to(self, seat: int | None, facts: Any) -> DealEvent:
        """A seat sees its own hand, or under a paced deal nothing yet (its cards come with each round); nobody
        sees the kitty."""
        shown = None if self.paced else seat
        return replace(self, hands=tuple(h if s == shown else None for s, h in enumerate(self.hands)), kitty=None)


@dataclass(frozen=True)
class DealtEvent:
    """One round of a paced deal: the ``number``-th card of every seat (a seat sees only its own)."""

    number: int
    cards: tuple[Card | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "dealt", "number": self.number, "cards": list(self.cards)}

    def visible_to(self, seat: int | None, facts: Any) -> DealtEvent:
        return replace(self, cards=tuple(c if s == seat else None for s, c in enumerate(self.cards)))


@dataclass(frozen=True)
class PublicEvent:
    """An event every seat sees whole."""

    def visible_to(self, seat: int | None, facts: Any) -> Self:
        """Everyone sees it whole."""
        return self


@dataclass(frozen=True)
class RedealEvent(PublicEvent):
    """Nobody declared in a match's first hand: the cards are dealt again (Q7.9)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "redeal"}


@dataclass(frozen=True)
class DeclareEvent(PublicEvent):
    """A seat showed cards: a declaration or overturn (亮主 / 反主), or a 抄底 (``retake``)."""

    seat: int
    cards: Cards
    strength: int
    trump: int | None
    retake: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "declare", "seat": self.seat, "cards": list(self.cards), "strength": self.strength,
            "trump": self.trump, "retake": self.retake,
        }  # fmt: skip


@dataclass(frozen=True)
class PassEvent(PublicEvent):
    """A seat declined to declare, or to 抄底."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat}


@dataclass(frozen=True)
class FlipEvent(PublicEvent):
    """Nobody declared in a later hand: the kitty is turned up and decides the trump (§7.4)."""

    kitty: Cards
    trump: int | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip", "kitty": list(self.kitty), "trump": self.trump}


@dataclass(frozen=True)
class BuryEvent:
    """The kitty's holder took it and buried these cards: only that seat sees which."""

    seat: int
    cards: Cards | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "bury", "seat": self.seat, "cards": _cards(self.cards)}

    def visible_to(self, seat: int | None, facts: Any) -> BuryEvent:
        return self if seat == self.seat else replace(self, cards=None)


@dataclass(frozen=True)
class PlayEvent(PublicEvent):
    """Cards led or followed to the trick."""

    seat: int
    cards: Cards

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "cards": list(self.cards)}


@dataclass(frozen=True)
class ThrowFailedEvent(PublicEvent):
    """A throw (甩牌) another hand could beat: it is shown, and ``forced`` is led instead (Q7.16)."""

    seat: int
    attempted: Cards
    forced: Cards
    penalty: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "throw_failed", "seat": self.seat, "attempted": list(self.attempted), "forced": list(self.forced),
            "penalty": self.penalty,
        }  # fmt: skip


@dataclass(frozen=True)
class TrickEvent(PublicEvent):
    """A trick is won: by whom, and the points it held."""

    winner: int
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "trick", "winner": self.winner, "points": self.points}


@dataclass(frozen=True)
class KittyEvent(PublicEvent):
    """The end: the kitty turned up, and what it added to the attackers' points (抠底)."""

    cards: Cards
    multiplier: int
    bonus: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "kitty", "cards": list(self.cards), "multiplier": self.multiplier, "bonus": self.bonus}


TrickHandEvent = (
    DealEvent | DealtEvent | RedealEvent | DeclareEvent | PassEvent | FlipEvent | BuryEvent | PlayEvent | ThrowFailedEvent
    | TrickEvent | KittyEvent
)  # fmt: skip
