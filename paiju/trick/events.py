"""A 炒地皮 hand's typed events: their JSON is the log's format, and each knows what a seat may see of it."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Protocol, Self

from paiju.cards import Card, Suit
from paiju.trick.actions import Action, Bury, Declare, Pass, Play
from paiju.trick.declare import RED_FIVE_PAIR, make_declaration

__all__ = [
    "BuryEvent",
    "DealEvent",
    "DeclareEvent",
    "DealtEvent",
    "Event",
    "HandSoFar",
    "FlipEvent",
    "KittyEvent",
    "PassEvent",
    "PlayEvent",
    "RedealEvent",
    "ThrowFailedEvent",
    "TrickEvent",
    "TrickHandEvent",
    "event_from_json",
]

Cards = tuple[Card, ...]


def _cards(cards: Cards | None) -> list[Card] | None:
    return None if cards is None else list(cards)


def _known(cards: Cards | None) -> Cards:
    """Cards an action names: a seat's log copy that hides them records no action to replay."""
    if cards is None:
        raise ValueError("the event's cards are hidden")
    return cards


class _Level(Protocol):
    @property
    def level(self) -> int:
        """The rank the hand is played at."""
        ...


class HandSoFar(Protocol):
    """What an event reads of the hand it happened in (as it stood just before) to name the action it records: a
    declaration's strength depends on the hand's level."""

    @property
    def state(self) -> _Level:
        """The hand's state."""
        ...


@dataclass(frozen=True)
class Event:
    """A thing that happened in a hand; the kinds that record a seat's action say which in ``action``."""

    def action(self, hand: HandSoFar) -> Action | None:
        """The action this event records, as ``hand`` (the hand it happened in, as it stood just before) accepts it;
        ``None`` for an event no seat acted for (the hand writes it itself)."""
        return None


@dataclass(frozen=True)
class DealEvent(Event):
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
class DealtEvent(Event):
    """One round of a paced deal: the ``number``-th card of every seat (a seat sees only its own)."""

    number: int
    cards: tuple[Card | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "dealt", "number": self.number, "cards": list(self.cards)}

    def visible_to(self, seat: int | None, facts: Any) -> DealtEvent:
        return replace(self, cards=tuple(c if s == seat else None for s, c in enumerate(self.cards)))


@dataclass(frozen=True)
class PublicEvent(Event):
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

    def action(self, hand: HandSoFar) -> Action:
        """The declaration these cards make at the hand's level (the trump only a ♥5 pair names)."""
        named = None if self.trump is None or self.strength != RED_FIVE_PAIR else Suit(self.trump)
        return Declare(make_declaration(self.seat, self.cards, hand.state.level, named))


@dataclass(frozen=True)
class PassEvent(PublicEvent):
    """A seat declined to declare, or to 抄底."""

    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat}

    def action(self, hand: HandSoFar) -> Action:
        """The pass."""
        return Pass()


@dataclass(frozen=True)
class FlipEvent(PublicEvent):
    """Nobody declared in a later hand: the kitty is turned up and decides the trump (§7.4)."""

    kitty: Cards
    trump: int | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip", "kitty": list(self.kitty), "trump": self.trump}


@dataclass(frozen=True)
class BuryEvent(Event):
    """The kitty's holder took it and buried these cards: only that seat sees which."""

    seat: int
    cards: Cards | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "bury", "seat": self.seat, "cards": _cards(self.cards)}

    def action(self, hand: HandSoFar) -> Action:
        """The burial of these cards."""
        return Bury(_known(self.cards))

    def visible_to(self, seat: int | None, facts: Any) -> BuryEvent:
        return self if seat == self.seat else replace(self, cards=None)


@dataclass(frozen=True)
class PlayEvent(PublicEvent):
    """Cards led or followed to the trick."""

    seat: int
    cards: Cards

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "cards": list(self.cards)}

    def action(self, hand: HandSoFar) -> Action:
        """The play of these cards (a failed throw's forced lead the hand writes itself, after the throw)."""
        return Play(self.cards)


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

    def action(self, hand: HandSoFar) -> Action:
        """The throw the seat tried (the rules then lead ``forced`` for it)."""
        return Play(self.attempted)


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

#: Each event class by the log type its JSON names.
_KINDS: dict[str, type[Event]] = {
    "deal": DealEvent, "dealt": DealtEvent, "redeal": RedealEvent, "declare": DeclareEvent, "pass": PassEvent,
    "flip": FlipEvent, "bury": BuryEvent, "play": PlayEvent, "throw_failed": ThrowFailedEvent, "trick": TrickEvent,
    "kitty": KittyEvent,
}  # fmt: skip


def _frozen(value: Any) -> Any:
    """A JSON value with its lists as tuples, as the events hold them."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def event_from_json(data: dict[str, Any]) -> Event:
    """The typed event a log entry records (``ValueError`` for an unknown type)."""
    kind = _KINDS.get(data.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return kind(**{f.name: _frozen(data[f.name]) for f in fields(kind) if f.name in data})
