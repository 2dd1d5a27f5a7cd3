"""Events of 五人斗地主 (other-games.md §5.2): the marked card's landlord, the sealed identity step, the team made
public, and 加倍."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from paiju.cards import Card
from paiju.climbing.actions import Action, Double, Pass, Reveal
from paiju.climbing.events.base import (
    Cards,
    Event,
    Facts,
    HandSoFar,
    SeatEvent,
    cards_json,
    read_cards,
    register,
    shown,
)
from paiju.climbing.phase_name import PhaseName

__all__ = ["DoubleEvent", "IdentityEvent", "IdentityKeptEvent", "MarkedLandlordEvent", "TeamEvent"]


@register("marked_landlord")
@dataclass(frozen=True, slots=True)
class MarkedLandlordEvent(Event):
    """The marked card's holder is the public landlord (明地主) and takes the bottom, unseen by the others."""

    seat: int
    card: Card
    bottom: Cards | None

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "seat": self.seat, "card": self.card, "bottom": cards_json(self.bottom)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["card"], read_cards(data["bottom"]))

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return (
            f"the marked card is {shown((self.card,))}: {names[self.seat]} holds it, the landlord for this hand "
            f"(明地主), taking the bottom {shown(self.bottom, marked)}"
        )

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """§5.1 「底牌不需公開」: the bottom only to the public landlord (the whole log is public once the hand is over)."""
        return self if facts.sees_bottom(seat) else replace(self, bottom=None)


@register("identity")
@dataclass(frozen=True, slots=True)
class IdentityEvent(Event):
    """A seat's sealed answer in the identity step: 亮出身份 (``reveal``) or 放弃; ``None`` where it is hidden."""

    seat: int
    reveal: bool | None

    def action(self, hand: HandSoFar) -> Action:
        """亮出身份 (a reveal) or 放弃 (a pass); a sealed answer records none to replay."""
        if self.reveal is None:
            raise ValueError("the seat's answer is hidden")
        return Reveal() if self.reveal else Pass()

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "seat": self.seat, "reveal": self.reveal}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["reveal"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        answer = {True: "reveals its identity (亮出身份)", False: "declines (放弃)", None: "has answered"}[self.reveal]
        return f"{names[self.seat]} {answer}"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """Q5.13 (ii): sealed — while the step is open only the seat itself knows it answered, then every seat sees
        that it did; the answer only the seat until the hand is over (the step's outcome is its own event)."""
        if seat == self.seat or facts.phase is PhaseName.OVER:
            return self
        return None if facts.phase is PhaseName.IDENTITY else replace(self, reveal=None)


@register("team")
@dataclass(frozen=True, slots=True)
class TeamEvent(Event):
    """The landlords' team becomes public (Q5.4, Q5.13): ``hidden`` the hidden landlord (``None``: 1 vs 4), and
    ``how``: ``revealed`` in the identity step, the ``twin`` played, or both copies played by the public landlord
    (``alone``)."""

    landlord: int
    hidden: int | None
    how: str

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "landlord": self.landlord, "hidden": self.hidden, "how": self.how}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["landlord"], data["hidden"], data["how"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        why = {
            "revealed": "an identity was revealed (亮出身份, ×2)",
            "twin": "the twin of the marked card was played",
            "alone": "the public landlord played both copies of the marked card",
        }[self.how]
        team = "no hidden landlord: one against four" if self.hidden is None else (
            f"{names[self.hidden]} is the hidden landlord (暗地主)"
        )
        return f"{why}: {team}"


@register("identity_kept")
@dataclass(frozen=True, slots=True)
class IdentityKeptEvent(Event):
    """Nobody revealed: a hidden landlord, if there is one, stays hidden until it plays the twin (§5.2 step 4)."""

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls()

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return "nobody revealed: the hidden landlord, if any, stays hidden"


@register("double")
@dataclass(frozen=True, slots=True)
class DoubleEvent(SeatEvent):
    """The seat doubles (加倍, §5.2 step 5)."""

    words: ClassVar[str] = " doubles (加倍)"

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Double()
