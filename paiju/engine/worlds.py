"""Sampled worlds, the family-neutral part: what a seat knows of a hand (``SeatView``), and the draw that keeps only
the worlds whose view is that one (docs/engine.md, "Sampled worlds"). Each family deals and replays its own worlds
(``paiju.climbing.worlds``, ``paiju.trick.worlds``) and names them in its ``Family.worlds``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from paiju.cards import Card
from paiju.engine.protocol import HandCore
from paiju.engine.shares import share

__all__ = [
    "APART_TRIES", "SHUFFLES", "TRIES", "Places", "SampleError", "Sampler", "SeatView", "Weights", "Worlds",
    "deal_segments", "draw_world",
]

H = TypeVar("H", bound=HandCore)
H_co = TypeVar("H_co", bound=HandCore, covariant=True)
E = TypeVar("E")

#: How many deals one draw tries before it gives up (a consistent one comes within a few on every registered table).
TRIES = 400
#: How many sharings ``Places.fill`` draws to keep each group's ``apart`` cards apart before it gives up.
APART_TRIES = 50
#: How many shuffles ``Places.fill`` tries to keep barred cards out of their groups before it counts the sharings.
SHUFFLES = 8

#: A world's weight in [0, 1]: a draw keeps a consistent world with this probability (rejection sampling).
Weights = Callable[[H], float]


def deal_segments(events: Iterable[E], is_deal: Callable[[E], bool]) -> list[list[E]]:
    """A hand's record split at each deal: a deal event and what followed it (anything before the first is dropped)."""
    parts: list[list[E]] = []
    for e in events:
        if is_deal(e):
            parts.append([])
        if parts:
            parts[-1].append(e)
    return parts


class SampleError(RuntimeError):
    """No world consistent with the view was found within ``TRIES`` deals."""


@dataclass(frozen=True)
class SeatView:
    """All one seat knows of a hand, JSON-ready: its log as the seat may read it (no seed, each event as the seat
    sees it now), its observation, and its own cards as the exact copies it holds (sorted; a view's text names a
    card, not which deck's copy). A sampled world is drawn from this alone."""

    seat: int
    log: dict[str, Any]
    observation: dict[str, Any]
    hand: tuple[Card, ...]


class Sampler(Protocol[H_co]):
    """A family's draw: a world for ``view`` (by ``weights``, else uniform), tried until ``deadline`` at most."""

    def __call__(
        self,
        view: SeatView,
        rng: random.Random,
        weights: Callable[[H_co], float] | None = None,
        deadline: float | None = None,
    ) -> H_co: ...


@dataclass(frozen=True)
class Worlds(Generic[H]):
    """A family's sampled worlds: a seat's view of a hand, and a hand drawn among those that give the seat that
    view (uniformly, or by ``Weights``), ready for ``legal_actions``/``apply``/``clone``."""

    seat_view: Callable[[H, int], SeatView]
    sample_world: Sampler[H]


def draw_world(
    view: SeatView,
    rng: random.Random,
    attempt: Callable[[SeatView, random.Random], H | None],
    seen: Callable[[H, int], SeatView],
    weights: Callable[[H], float] | None = None,
    deadline: float | None = None,
) -> H:
    """Up to ``TRIES`` worlds from ``attempt``, the first whose view (``seen``) is ``view`` and that ``weights``
    keeps: a draw uniform over what ``attempt`` proposes, restricted to the worlds consistent with the view. Past
    ``deadline`` (a ``time.perf_counter`` time) no further world is tried: a search's budget bounds its draws."""
    for _ in range(TRIES):
        if deadline is not None and time.perf_counter() > deadline:
            raise SampleError(f"no deal consistent with seat {view.seat}'s view drawn in the time given")
        world = attempt(view, rng)
        if world is None or seen(world, view.seat) != view:
            continue
        if weights is None or rng.random() < weights(world):
            return world
    raise SampleError(f"no deal consistent with seat {view.seat}'s view in {TRIES} tries")


@dataclass
class Places:
    """A deal being drawn: each part's places (``None``: free), in ``group``s (the parts whose cards reach one seat),
    the cards ``tie``d to a group (a seat was seen holding them) and the cards a group may not get (``barred``: a
    void shown).

    ``fill`` deals the free places uniformly among the deals that keep every pin and tie: the unseen cards shuffled,
    each group given as many as its free places less its tied cards, each group's cards shuffled over its places.
    Barred cards are kept out by shuffling again (``SHUFFLES`` times), then by counting the sharings that keep them
    out and drawing one (``paiju.engine.shares``): each way is uniform, so the draw is. A sharing that gives a group
    two of a set it must keep ``apart`` is drawn again (``APART_TRIES`` times at most), which keeps it uniform."""

    places: dict[str, list[Card | None]]
    group: dict[str, str]
    tied: dict[str, set[Card]] = field(default_factory=dict)
    barred: dict[str, set[Card]] = field(default_factory=dict)
    #: Sets of unseen cards of which a group gets at most one (``keep_apart``).
    apart: dict[str, list[frozenset[Card]]] = field(default_factory=dict)
    #: The cards in ``places`` and in ``tied``, kept as they grow: a deal pins and ties a card per event, so asking
    #: all the places each time made a draw quadratic in the record's length.
    _pinned: set[Card] = field(init=False, repr=False)
    _tied: set[Card] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._pinned = {c for cards in self.places.values() for c in cards if c is not None}
        self._tied = {c for t in self.tied.values() for c in t}

    def pinned(self) -> AbstractSet[Card]:
        """The cards placed already."""
        return self._pinned

    def placed(self) -> AbstractSet[Card]:
        """The cards placed or tied already."""
        return self._pinned | self._tied

    def pin(self, part: str, card: Card, at: int | None = None) -> None:
        """Put ``card`` in ``part`` (at position ``at``, else the first free one), unless it is placed already."""
        if card in self._pinned:
            return
        cards = self.places[part]
        index = at if at is not None else next((i for i, c in enumerate(cards) if c is None), None)
        if index is not None and index < len(cards) and cards[index] is None:
            cards[index] = card
            self._pinned.add(card)

    def tie(self, seat: int, cards: Iterable[Card]) -> None:
        """The cards ``seat`` (its hand is part ``h<seat>``) was seen holding come from its group, unless placed."""
        new = {c for c in cards if c not in self._pinned and c not in self._tied}
        self.tied.setdefault(self.group[f"h{seat}"], set()).update(new)
        self._tied |= new

    def keep_apart(self, seat: int, cards: Iterable[Card]) -> None:
        """``seat``'s group gets at most one of ``cards`` (unseen copies of a face it showed it held no pair of)."""
        self.apart.setdefault(self.group[f"h{seat}"], []).append(frozenset(cards))

    def bar(self, seat: int, cards: Iterable[Card]) -> None:
        """``seat``'s group gets none of ``cards`` beyond those tied to it (a void it showed)."""
        self.barred.setdefault(self.group[f"h{seat}"], set()).update(cards)

    def fill(self, pack: list[Card], rng: random.Random) -> bool:
        """Deal the free places (see the class); ``False`` when no deal keeps the pins, ties and bars."""
        placed = self.placed()
        rest = [c for c in pack if c not in placed]
        members: dict[str, list[str]] = {}
        for part in self.places:
            members.setdefault(self.group[part], []).append(part)
        needs = {name: sum(self.places[p].count(None) for p in parts) for name, parts in members.items()}
        needs = {name: n - len(self.tied.get(name, ())) for name, n in needs.items()}
        if min(needs.values(), default=0) < 0 or sum(needs.values()) != len(rest):
            return False
        for _ in range(APART_TRIES):
            shares = self._share(rest, needs, rng)
            if shares is None:
                return False
            if all(len(cards & set(shares[name])) <= 1 for name, sets in self.apart.items() for cards in sets):
                break
        else:
            return False
        for name, parts in members.items():
            cards = sorted(self.tied.get(name, ())) + shares[name]
            rng.shuffle(cards)
            for part in parts:
                places = self.places[part]
                for i, c in enumerate(places):
                    if c is None:
                        places[i] = card = cards.pop()
                        self._pinned.add(card)
        return True

    def _share(self, rest: list[Card], needs: dict[str, int], rng: random.Random) -> dict[str, list[Card]] | None:
        """The unseen cards shared out, each group as many as it ``needs``, none it is barred (``None``: no way)."""
        shares: dict[str, list[Card]] = {}
        for _ in range(SHUFFLES):
            rng.shuffle(rest)
            at = 0
            for name, n in needs.items():
                shares[name], at = rest[at : at + n], at + n
            if all(not self.barred.get(name, set()).intersection(share) for name, share in shares.items()):
                return shares
        # many bars: the sharings that keep them are counted and one drawn (uniform, as the shuffles are)
        counted = share(rest, list(needs.values()), [self.barred.get(name, set()) for name in needs], rng)
        return None if counted is None else dict(zip(needs, counted, strict=True))

    def cards(self, part: str) -> tuple[Card, ...]:
        """The cards of ``part``."""
        return tuple(c for c in self.places[part] if c is not None)
