"""Events from the deal to the reveal: cards dealt, the speculator and its gifts, the auction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from paiju.cards import Card, format_cards
from paiju.climbing.actions import Action, Bid, Give, Pass
from paiju.climbing.events.base import (
    Cards,
    Event,
    Facts,
    HandSoFar,
    SeatEvent,
    cards_json,
    known,
    read_cards,
    register,
    seat_name,
    shown,
)

__all__ = [
    "BidEvent",
    "DealEvent",
    "GiveEvent",
    "InstantWinEvent",
    "LandlordEvent",
    "PassEvent",
    "RedealEvent",
    "RetreatEvent",
    "RevealEvent",
    "SpeculatorEvent",
]


@register("deal")
@dataclass(frozen=True, slots=True)
class DealEvent(Event):
    """The cards dealt: every hand, the bottom, the marker and the speculator tables' face-up cards."""

    hands: tuple[Cards | None, ...]
    bottom: Cards | None
    marker: Card | None
    flipped: Cards = ()
    extra: Cards | None = ()
    gift_order: tuple[int, ...] | None = ()
    first_bidder: int | None = None
    #: 癞子 tables: the card whose rank becomes wild once the bottom is taken (hidden until then).
    wild: Card | None = None

    @property
    def speculator_parts(self) -> bool:
        """Whether the log writes the speculator tables' parts (flipped, extra, gift order): any is set or hidden."""
        return any(part is None or part for part in (self.flipped, self.extra, self.gift_order))

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        out: dict[str, Any] = {
            "type": "deal",
            "hands": [cards_json(h) for h in self.hands],
            "bottom": cards_json(self.bottom),
            "marker": self.marker,
        }
        if self.speculator_parts:
            out.update(flipped=list(self.flipped), extra=cards_json(self.extra), gift_order=cards_json(self.gift_order))
        if self.first_bidder is not None:
            out["first_bidder"] = self.first_bidder
        if self.wild is not None:
            out["wild"] = self.wild
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(
            tuple(read_cards(h) for h in data["hands"]),
            read_cards(data["bottom"]),
            data["marker"],
            tuple(data.get("flipped", ())),
            read_cards(data.get("extra", ())),
            read_cards(data.get("gift_order", ())),
            data.get("first_bidder"),
            data.get("wild"),
        )

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        hands = "; ".join(f"{seat_name(names, s)}: {shown(h, marked)}" for s, h in enumerate(self.hands))
        first = "" if self.first_bidder is None else f"; {names[self.first_bidder]} bids first"
        return f"deal — {hands}; bottom: {shown(self.bottom, marked)}{first}"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """Only the seat's own hand (and those played face up); the bottom, the wild card, the gift order, (but
        to the speculator) the extra cards and (where it is not face up, but to its holder) the marker hidden."""
        speculator_parts = self.speculator_parts
        holder = next((s for s, h in enumerate(self.hands) if h is not None and self.marker in h), None)
        return replace(
            self,
            hands=tuple(h if facts.sees_hand(seat, s) else None for s, h in enumerate(self.hands)),
            bottom=None,
            wild=None,
            marker=self.marker if facts.sees_marker(seat, holder) else None,
            gift_order=None if speculator_parts else self.gift_order,
            extra=None if speculator_parts and seat != facts.speculator else self.extra,
        )


@register("redeal")
@dataclass(frozen=True, slots=True)
class RedealEvent(Event):
    """The cards are dealt again, and why."""

    reason: str

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "redeal", "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["reason"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"redeal: {self.reason}"


@register("speculator")
@dataclass(frozen=True, slots=True)
class SpeculatorEvent(Event):
    """The speculator is found: by its determination card, or (``card`` None) by last hand's first out."""

    seat: int
    card: Card | None
    holder: int | None

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "speculator", "seat": self.seat, "card": self.card, "holder": self.holder}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["card"], data["holder"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        if self.card is None:
            return f"{names[self.seat]} is the speculator (it went out first last hand)"
        return f"{names[self.seat]} is the speculator ({format_cards([self.card], marked=marked)})"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """speculator.md §3: who holds the card stays hidden when the role came from the last hand."""
        if self.card is None and seat != self.holder:
            return replace(self, holder=None)
        return self


@register("retreat")
@dataclass(frozen=True, slots=True)
class RetreatEvent(Event):
    """The speculator retreats, its hand shown (speculator.md §8)."""

    seat: int
    hand: Cards | None

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "retreat", "seat": self.seat, "hand": cards_json(self.hand)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], read_cards(data["hand"]))

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{names[self.seat]} retreats, holding {shown(self.hand, marked)}"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """speculator.md §8: the retreated hand is shown to the others from the reveal on."""
        return self if facts.sees_retreated_hand(seat) else replace(self, hand=None)


@register("give")
@dataclass(frozen=True, slots=True)
class GiveEvent(Event):
    """The speculator puts a card in a gift (bundle 0: the landlord's)."""

    seat: int
    card: Card | None
    bundle: int

    def action(self, hand: HandSoFar) -> Action:
        """The card given; a log copy that hides it records no action to replay."""
        return Give(known(None if self.card is None else (self.card,))[0])

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it (a hidden card has no key)."""
        if self.card is None:
            return {"type": "give", "seat": self.seat, "bundle": self.bundle}
        return {"type": "give", "seat": self.seat, "card": self.card, "bundle": self.bundle}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data.get("card"), data["bundle"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        bundle = "the landlord's gift" if self.bundle == 0 else f"farmer gift {self.bundle}"
        card = "a card" if self.card is None else format_cards([self.card], marked=marked)
        return f"{names[self.seat]} puts {card} in {bundle}"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """The gift card only to the speculator that gave it."""
        return self if facts.sees_gift(seat, self.seat) else replace(self, card=None)


@register("bid")
@dataclass(frozen=True, slots=True)
class BidEvent(Event):
    """A seat bids."""

    seat: int
    points: int

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Bid(self.points)

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "bid", "seat": self.seat, "points": self.points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["points"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{names[self.seat]} bids {self.points}"


@register("pass")
@dataclass(frozen=True, slots=True)
class PassEvent(SeatEvent):
    """A seat passes (in the auction, the partner choice, the declaring or the play)."""

    words: ClassVar[str] = ": pass"

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Pass()


@register("instant_win")
@dataclass(frozen=True, slots=True)
class InstantWinEvent(SeatEvent):
    """A seat wins at once (speculator.md §8)."""

    words: ClassVar[str] = " wins at once"


@register("landlord")
@dataclass(frozen=True, slots=True)
class LandlordEvent(Event):
    """The auction's winner takes the bottom."""

    seat: int
    bid: int
    bottom: Cards | None

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "landlord", "seat": self.seat, "bid": self.bid, "bottom": cards_json(self.bottom)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["bid"], read_cards(data["bottom"]))

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{names[self.seat]} is the landlord for {self.bid}, taking {shown(self.bottom, marked)}"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """The bottom only to the landlord, unless the table shows it."""
        return self if facts.sees_bottom(seat) else replace(self, bottom=None)


@register("reveal")
@dataclass(frozen=True, slots=True)
class RevealEvent(Event):
    """Speculator tables: the landlord is known, every gift and the bottom turn face up (§2.6)."""

    landlord: int
    bid: int
    gifts: tuple[tuple[int, Cards], ...]
    bottom: Cards
    flipped_to: int

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {
            "type": "reveal",
            "landlord": self.landlord,
            "bid": self.bid,
            "gifts": [{"seat": s, "cards": list(g)} for s, g in self.gifts],
            "bottom": list(self.bottom),
            "flipped_to": self.flipped_to,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        gifts = tuple((g["seat"], tuple(g["cards"])) for g in data["gifts"])
        return cls(data["landlord"], data["bid"], gifts, tuple(data["bottom"]), data["flipped_to"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        gifts = "; ".join(f"to {names[s]}: {shown(g, marked)}" for s, g in self.gifts)
        return (
            f"{names[self.landlord]} is the landlord for {self.bid}; the gifts {gifts}; "
            f"the bottom, to the speculator: {shown(self.bottom, marked)}"
        )
