"""The event base: the public facts redaction reads, the event protocol, the log-type registry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol, Self, TypeVar

from paiju.cards import Card, format_cards
from paiju.climbing.holding import Holding
from paiju.climbing.phase_name import PhaseName
from paiju.variants import Variant

if TYPE_CHECKING:
    from paiju.climbing.actions import Action

__all__ = [
    "ACTION_KINDS",
    "Cards",
    "Event",
    "Facts",
    "HandSoFar",
    "SeatEvent",
    "ShowEvent",
    "cards_json",
    "known",
    "event_from_json",
    "read_cards",
    "register",
    "seat_name",
    "shown",
]

Cards = tuple[Card, ...]


class Facts(NamedTuple):
    """The public facts of a running hand that decide what a seat may see of its events (a tuple: every view asks
    for them anew, and a tuple is made in a fifth of a frozen dataclass's time)."""

    bottom_shown: bool
    landlord: int | None
    speculator: int | None
    phase: PhaseName
    partner_known: bool
    #: Seats playing with their cards face up (明牌): every seat sees their hands.
    open_seats: frozenset[int] = frozenset()
    #: The first bidder's marker card is face up (classic); else only its holder knows it.
    marker_shown: bool = True

    # Each hidden-card rule, stated once: an event's ``visible_to`` and the seat's view both ask these.

    def sees_hand(self, seat: int | None, owner: int) -> bool:
        """A hand is seen by its owner, and by every seat once it is played face up (明牌)."""
        return owner == seat or owner in self.open_seats

    def sees_bottom(self, seat: int | None) -> bool:
        """The bottom the landlord takes (and 斗帝主's cards put back in it): to the landlord only, unless the table
        shows it (four-player Q4.7, 五人 §5.1 「底牌不需公開」, 斗帝主 Q6.2 keep it hidden)."""
        return self.bottom_shown or (seat is not None and seat == self.landlord)

    def sees_marker(self, seat: int | None, holder: int | None) -> bool:
        """The first bidder's marker card: face up where the table shows it, else to its holder only."""
        return self.marker_shown or (seat is not None and seat == holder)

    def sees_gift(self, seat: int | None, giver: int) -> bool:
        """A gift's cards before the reveal turns them up: only the speculator that gives them (speculator.md §5)."""
        return seat is not None and seat == giver

    def sees_retreated_hand(self, seat: int | None) -> bool:
        """speculator.md §8: a retreated speculator's hand is shown to the others from the reveal on, not during the
        gifts and the auction."""
        return (seat is not None and seat == self.speculator) or self.phase not in (PhaseName.GIFT, PhaseName.BID)

    def sees_small_landlord(self, seat: int | None, small: int | None) -> bool:
        """§7: who the small landlord is — known to itself, to everyone once it declares or plays the named card, and
        at the end."""
        return self.partner_known or self.phase is PhaseName.OVER or (seat is not None and seat == small)


class _Promoted(Protocol):
    @property
    def promoted(self) -> int | None:
        """The rank a table promotes for this hand, if any."""
        ...


class HandSoFar(Protocol):
    """What an event reads of the hand it happened in (as it stood just before) to name the action it records: a
    play's reading depends on the table, the seat's wild cards and a promoted rank."""

    @property
    def variant(self) -> Variant:
        """The table."""
        ...

    @property
    def state(self) -> _Promoted:
        """The hand's state."""
        ...

    def holding(self, seat: int) -> Holding:
        """A seat's cards."""
        ...


def cards_json(cards: Cards | None) -> list[Card] | None:
    """Cards as JSON, ``None`` where hidden."""
    return None if cards is None else list(cards)


def read_cards(cards: Sequence[Card] | None) -> Cards | None:
    """Cards from JSON, ``None`` where hidden."""
    return None if cards is None else tuple(int(c) for c in cards)


def known(cards: Cards | None) -> Cards:
    """Cards an action names: a seat's log copy that hides them records no action to replay."""
    if cards is None:
        raise ValueError("the event's cards are hidden")
    return cards


def shown(cards: Cards | None, marked: Card | None = None) -> str:
    """Cards in words (the table's ``marked`` card as ``7c*``), or that they are hidden."""
    return "(hidden)" if cards is None else format_cards(cards, marked=marked) or "-"


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """A seat's name, or that it is hidden."""
    return "someone" if seat is None else names[seat]


class Event:
    """A thing that happened in a hand; the kinds that record a seat's action say which in ``action``."""

    __slots__ = ()
    kind: ClassVar[str]

    def action(self, hand: HandSoFar) -> Action | None:
        """The action this event records, as ``hand`` (the hand it happened in, as it stood just before) accepts it;
        ``None`` for an event no seat acted for (the hand writes it itself)."""
        return None

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        raise NotImplementedError

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        raise NotImplementedError

    def visible_to(self, seat: int | None, facts: Facts) -> Event | None:
        """What ``seat`` (``None``: a spectator) may see of the event while the hand runs."""
        return self

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        raise NotImplementedError


E = TypeVar("E", bound=Event)
_READERS: dict[str, Callable[[dict[str, Any]], Event]] = {}
#: The log types that record a seat's action (the rest follow from them).
ACTION_KINDS: set[str] = set()


def register(name: str) -> Callable[[type[E]], type[E]]:
    """Register an event class under its log ``type``."""

    def add(cls: type[E]) -> type[E]:
        cls.kind = name
        _READERS[name] = cls.from_json
        if cls.action is not Event.action:
            ACTION_KINDS.add(name)
        return cls

    return add


def event_from_json(data: dict[str, Any]) -> Event:
    """The typed event a log entry records (``ValueError`` for an unknown type)."""
    reader = _READERS.get(data.get("type", ""))
    if reader is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    return reader(data)


@dataclass(frozen=True, slots=True)
class SeatEvent(Event):
    """An event that names only a seat; ``words`` follow the seat's name in its description."""

    words: ClassVar[str]
    seat: int

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "seat": self.seat}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"])

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return names[self.seat] + self.words


@dataclass(frozen=True, slots=True)
class ShowEvent(Event):
    """The landlord shows cards: to name its partner, or for 一打四."""

    words: ClassVar[str]
    seat: int
    cards: Cards

    def to_json(self) -> dict[str, Any]:
        """The event as the log stores it."""
        return {"type": self.kind, "seat": self.seat, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The event from its log entry."""
        return cls(data["seat"], tuple(data["cards"]))

    def describe(self, names: Sequence[str], marked: Card | None = None) -> str:
        """The event in words, on one line."""
        return f"{names[self.seat]}{self.words}{shown(self.cards, marked)}"
