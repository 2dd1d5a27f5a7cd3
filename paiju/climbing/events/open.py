"""Events of the 癞子 table (other-games.md §1.2): open hands (明牌), the grab round (抢地主), the wild rank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from paiju.cards import RANK_CHARS, Card, card_rank
from paiju.climbing.actions import Action, Grab, Open
from paiju.climbing.events.base import Event, HandSoFar, SeatEvent, ShowEvent, register, shown

__all__ = ["GrabEvent", "OpenEvent", "OpenStartEvent", "WildEvent"]


@register("open_start")
@dataclass(frozen=True, slots=True)
class OpenStartEvent(SeatEvent):
    """Before the deal the seat chooses to play with its cards face up (明牌开始, ×4)."""

    words: ClassVar[str] = " will play with its cards face up (明牌开始, ×4)"

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Open()


@register("grab")
@dataclass(frozen=True, slots=True)
class GrabEvent(SeatEvent):
    """The seat grabs the landlord's seat (抢地主, ×2)."""

    words: ClassVar[str] = " grabs the landlord's seat (抢地主, ×2)"

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Grab()


@register("open")
@dataclass(frozen=True, slots=True)
class OpenEvent(ShowEvent):
    """The landlord, holding the bottom, turns its cards face up (明牌, ×2): every seat sees them."""

    words: ClassVar[str] = " plays with its cards face up (明牌, ×2): "

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Open()


@register("wild")
@dataclass(frozen=True, slots=True)
class WildEvent(Event):
    """The wild rank is drawn (确定癞子牌): every card of the drawn card's rank is wild for everyone."""

    card: Card

    @property
    def rank(self) -> int:
        """The wild rank."""
        return card_rank(self.card)

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "card": self.card}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(int(data["card"]))

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"the wild rank is {RANK_CHARS[self.rank]} (drawn: {shown((self.card,))}): all four are wild"
