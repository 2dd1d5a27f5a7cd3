"""Events from the reveal to the end: the small landlord, the play and the settlement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from paiju.cards import Card, card_rank, format_cards
from paiju.climbing.actions import Action, Alone, Declare, Partner, Play
from paiju.climbing.events.base import (
    Cards,
    Event,
    Facts,
    HandSoFar,
    SeatEvent,
    ShowEvent,
    register,
    seat_name,
    shown,
)
from paiju.patterns import classify_ranks
from paiju.patterns.move import NO_COLOUR

__all__ = [
    "AloneEvent",
    "DeclareEvent",
    "EndEvent",
    "NoPartnerEvent",
    "OutEvent",
    "PartnerEvent",
    "PartnerKnownEvent",
    "PartnerRefusedEvent",
    "PlayEvent",
    "SmallLandlordEvent",
]


@register("declare")
@dataclass(frozen=True, slots=True)
class DeclareEvent(SeatEvent):
    """The small landlord declares itself (speculator.md §7, ×2)."""

    words: ClassVar[str] = " declares itself the small landlord (×2)"

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Declare()


@register("partner_known")
@dataclass(frozen=True, slots=True)
class PartnerKnownEvent(SeatEvent):
    """The small landlord played the partner card, so every seat knows it (§7)."""

    words: ClassVar[str] = " played the partner card"


@register("out")
@dataclass(frozen=True, slots=True)
class OutEvent(SeatEvent):
    """The speculator played its last card; the hand goes on (§12)."""

    words: ClassVar[str] = " has played its last card"


@register("no_partner")
@dataclass(frozen=True, slots=True)
class NoPartnerEvent(Event):
    """The landlord plays alone: 一打四 (``alone``) or no card names a partner (``none``)."""

    reason: str

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "no_partner", "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["reason"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"the landlord plays alone ({'一打四' if self.reason == 'alone' else 'no card names a partner'})"


@register("partner")
@dataclass(frozen=True, slots=True)
class PartnerEvent(ShowEvent):
    """The landlord names its partner by showing cards (§7)."""

    words: ClassVar[str] = " names its partner with "

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Partner(self.cards)


@register("alone")
@dataclass(frozen=True, slots=True)
class AloneEvent(ShowEvent):
    """The landlord plays 一打四, showing a same-suit pair (§7, ×3)."""

    words: ClassVar[str] = " plays 一打四 (×3), showing "

    def action(self, hand: HandSoFar) -> Action:
        """The action this event records."""
        return Alone(self.cards)


@register("partner_refused")
@dataclass(frozen=True, slots=True)
class PartnerRefusedEvent(Event):
    """The speculator holds the named card and shows it; the landlord names again (§7)."""

    seat: int
    card: Card

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "partner_refused", "seat": self.seat, "card": self.card}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["card"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{names[self.seat]} (the speculator) holds {format_cards([self.card], marked=marked)}; named again"


@register("small_landlord")
@dataclass(frozen=True, slots=True)
class SmallLandlordEvent(Event):
    """Who holds the other copy of the named card: the small landlord (§7)."""

    seat: int | None
    card: Card | None

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": "small_landlord", "seat": self.seat, "card": self.card}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], data["card"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{seat_name(names, self.seat)} holds the other copy: the small landlord"

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """§7: hidden from the others until it declares or plays the card."""
        return self if facts.sees_small_landlord(seat, self.seat) else replace(self, seat=None, card=None)


@register("play")
@dataclass(frozen=True, slots=True)
class PlayEvent(Event):
    """A seat plays cards: the move's words, kind, key rank, length, wild readings and colour."""

    seat: int
    cards: Cards
    text: str
    pattern: str
    key: float
    length: int
    wilds: tuple[tuple[int, ...], ...] = ()
    colour: int = NO_COLOUR

    def action(self, hand: HandSoFar) -> Action:
        """The play of these cards read as the logged move: its kind, key, length and wild readings at the hand's
        table (which cards are wild is the seat's, a promoted rank the hand's), in the logged colour."""
        ranks = tuple(sorted(card_rank(c) for c in self.cards))
        wilds = hand.holding(self.seat).wilds_in(self.cards)
        for move in classify_ranks(hand.variant.pattern_rules, ranks, wilds, hand.state.promoted):
            if (move.kind, move.key, move.length, move.wilds) == (self.pattern, self.key, self.length, self.wilds):
                return Play(move._replace(colour=self.colour), self.cards)
        raise ValueError(f"{self.text} is not a {self.pattern} at {hand.variant.name}")

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        out: dict[str, Any] = {
            "type": "play",
            "seat": self.seat,
            "cards": list(self.cards),
            "text": self.text,
            "kind": self.pattern,
            "key": self.key,
            "length": self.length,
        }
        if self.wilds:
            out["wilds"] = [list(w) for w in self.wilds]
        if self.colour != NO_COLOUR:
            out["colour"] = self.colour
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        wilds = tuple(tuple(w) for w in data.get("wilds", ()))
        return cls(
            data["seat"], tuple(data["cards"]), data["text"], data["kind"], data["key"], data["length"], wilds,
            data.get("colour", NO_COLOUR),
        )

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{names[self.seat]} plays {shown(self.cards, marked)}  ({self.pattern})"


@register("end")
@dataclass(frozen=True, slots=True)
class EndEvent(Event):
    """The hand is over: the winner, the stake and every seat's score."""

    winner: int
    landlord_won: bool
    stake: int
    spring: bool
    scores: tuple[int, ...]
    speculator_side: str | None
    instant: bool
    retreat: bool
    small_landlord: int | None = None
    partnership: str = ""

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it (the partnership only on two-landlord tables)."""
        out: dict[str, Any] = {
            "type": "end",
            "winner": self.winner,
            "landlord_won": self.landlord_won,
            "stake": self.stake,
            "spring": self.spring,
            "scores": list(self.scores),
            "speculator_side": self.speculator_side,
            "instant": self.instant,
            "retreat": self.retreat,
        }
        if self.partnership:
            out.update(small_landlord=self.small_landlord, partnership=self.partnership)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(
            data["winner"], data["landlord_won"], data["stake"], data["spring"], tuple(data["scores"]),
            data["speculator_side"], data["instant"], data["retreat"], data.get("small_landlord"),
            data.get("partnership", ""),
        )

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        side = f"; the speculator sides with the {self.speculator_side}" if self.speculator_side else ""
        scores = ", ".join(f"{names[s]} {score:+d}" for s, score in enumerate(self.scores))
        return f"{names[self.winner]} went out; stake {self.stake}{side}; {scores}"
