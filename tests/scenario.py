"""The shared test builder for scripted deals (ARCHITECTURE.md "Shared test builders").

``Scenario(variant).hands("33 44", "", "BR").bottom("A A 2").deal(seed=3)`` is a ``Game`` dealt with
those cards where the test puts them and every other card of the pack filled in deterministically:
with a ``seed``, from a seeded shuffle of the unnamed cards; with ``seed=None``, in pack order (hands
seat by seat from the lowest card). The bottom, the face-up cards and the speculator's extra cards are
topped up from the front of that pool, the hands from its back. A builder that must choose some cards
under a condition (a determination card, a card kept out of the bottom) calls ``shuffle`` and then
``draw``, ``add`` and ``add_bottom`` before ``build``/``deal``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from paiju.cards import Card, deck_cards, parse_cards
from paiju.climbing import Deal, Game
from paiju.variants import Variant, get_variant

__all__ = ["Cards", "Scenario"]

#: Cards as notation (``"33 4h B"``; suited tokens name the first copy nobody named before) or card ids.
Cards = str | Sequence[Card]


class Scenario:
    """A deal under construction: the cards a test names, then the rest of the pack filled in."""

    def __init__(self, variant: Variant | str) -> None:
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        self.taken: set[Card] = set()
        self.fixed: dict[int, list[Card]] = {}
        self.piles: dict[str, list[Card]] = {"bottom": [], "flipped": [], "extra": []}
        self._marker: Card | None = None
        self._first: int | None = None
        self._gift_order: tuple[int, ...] | None = None
        self._pool: list[Card] | None = None

    # ------------------------------------------------------------------ naming cards
    def cards(self, spec: Cards) -> list[Card]:
        """The cards ``spec`` names, counted as named (a card named twice is an error)."""
        v = self.variant
        if isinstance(spec, str):
            cards = parse_cards(spec, v.decks, v.removed_rank_indices, self.taken) if spec.strip() else []
        else:
            cards = list(spec)
        assert not self.taken & set(cards), f"a card is named twice: {sorted(self.taken & set(cards))}"
        assert len(set(cards)) == len(cards), "a card is named twice"
        self.taken.update(cards)
        if self._pool is not None:
            for c in cards:
                self._pool.remove(c)
        return cards

    def hands(self, *by_order: Cards) -> Scenario:
        """Seat 0's, seat 1's … named cards, in seat order (``""`` names none)."""
        for seat, spec in enumerate(by_order):
            self.hand(seat, spec)
        return self

    def seats(self, by_seat: Mapping[int, Cards]) -> Scenario:
        """Named cards for some seats, named in the mapping's order."""
        for seat, spec in by_seat.items():
            self.hand(seat, spec)
        return self

    def hand(self, seat: int, spec: Cards) -> Scenario:
        """Add these cards to ``seat``'s hand."""
        self.fixed.setdefault(seat, []).extend(self.cards(spec))
        return self

    def bottom(self, spec: Cards) -> Scenario:
        """Cards of the bottom (the rest of it is filled in)."""
        self.piles["bottom"] += self.cards(spec)
        return self

    def flipped(self, spec: Cards) -> Scenario:
        """The cards turned face up after the deal (5p1d's flipped card, 6p2d's and 7p2d's)."""
        self.piles["flipped"] += self.cards(spec)
        return self

    def extra(self, spec: Cards) -> Scenario:
        """The cards the speculator draws once it is found."""
        self.piles["extra"] += self.cards(spec)
        return self

    def marker(self, card: Card) -> Scenario:
        """Tables without a speculator: the marker card (its holder bids first)."""
        self._marker = card
        return self

    def first_bidder(self, seat: int) -> Scenario:
        """Tables without a speculator: the marker is ``seat``'s first card, so it bids first."""
        self._first = seat
        return self

    def gift_order(self, *order: int) -> Scenario:
        """Which farmer gift goes to which farmer seat (bundle ``order[i]`` to the i-th farmer seat)."""
        self._gift_order = tuple(order)
        return self

    # ------------------------------------------------------------------ drawing under a condition
    def shuffle(self, seed: int | None = 0) -> Scenario:
        """Fix the pool of unnamed cards: a seeded shuffle, or with ``None`` the pack from the top down."""
        v = self.variant
        pool = [c for c in deck_cards(v.decks, v.removed_rank_indices) if c not in self.taken]
        if seed is None:
            pool.reverse()
        else:
            random.Random(seed).shuffle(pool)
        self._pool = pool
        return self

    @property
    def pool(self) -> list[Card]:
        """The unnamed cards, in drawing order (``shuffle`` first)."""
        assert self._pool is not None, "call shuffle(seed) first"
        return self._pool

    def draw(self, ok: Callable[[Card], bool] | None = None) -> Card:
        """The first card of the pool (the first that is ``ok``), taken out of it."""
        card = next(c for c in self.pool if ok is None or ok(c))
        self.pool.remove(card)
        self.taken.add(card)
        return card

    def add(self, seat: int, card: Card) -> Scenario:
        """Put a card already drawn (or still in the pool) in ``seat``'s hand."""
        self._place(card, self.fixed.setdefault(seat, []))
        return self

    def add_bottom(self, card: Card) -> Scenario:
        """Put a card already drawn (or still in the pool) in the bottom."""
        self._place(card, self.piles["bottom"])
        return self

    def _place(self, card: Card, into: list[Card]) -> None:
        if self._pool is not None and card in self._pool:
            self._pool.remove(card)
        self.taken.add(card)
        into.append(card)

    # ------------------------------------------------------------------ the deal
    def build(self, seed: int | None = 0) -> Deal:
        """The deal: the named cards, the piles then the hands topped up from the pool (see the module)."""
        v = self.variant
        if self._pool is None:
            self.shuffle(seed)
        sizes = {"bottom": v.bottom_size, "flipped": v.flipped, "extra": self._extra_size()}
        for name, pile in self.piles.items():
            assert len(pile) <= sizes[name], f"{len(pile)} cards named for a {name} of {sizes[name]}"
            while len(pile) < sizes[name]:
                pile.append(self.draw())
        hands = fill_from(v, self.fixed, self.pool)
        marker = self._marker
        if v.speculator is None and marker is None:
            marker = hands[self._first or 0][0]
        order = self._gift_order
        if order is None:
            order = tuple(range(v.players - 2)) if v.speculator is not None else ()
        bottom, flipped, extra = (tuple(self.piles[n]) for n in ("bottom", "flipped", "extra"))
        return Deal(hands, bottom, marker, flipped, extra, order)

    def deal(
        self,
        seed: int | None = 0,
        game_seed: int = 0,
        dealer: int = 0,
        then: Iterable[Deal] = (),
        previous: int | None = None,
    ) -> Game:
        """A ``Game`` dealt as built (``then``: the deals after a redeal); ``game_seed`` seeds its RNG."""
        return Game(self.variant, game_seed, dealer=dealer, deals=[self.build(seed), *then], previous=previous)

    def _extra_size(self) -> int:
        v = self.variant
        dealt = v.players * v.hand_size + v.bottom_size + v.flipped
        return len(deck_cards(v.decks, v.removed_rank_indices)) - dealt


def fill_from(v: Variant, fixed: Mapping[int, list[Card]], pool: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """Every seat's named cards topped up to the table's hand size from the back of ``pool``, which must run out."""
    out: list[tuple[Card, ...]] = []
    for seat in range(v.players):
        hand = list(fixed.get(seat, []))
        assert len(hand) <= v.hand_size, f"seat {seat} is given {len(hand)} cards, more than {v.hand_size}"
        while len(hand) < v.hand_size:
            hand.append(pool.pop())
        out.append(tuple(hand))
    assert not pool, f"{len(pool)} cards left over"
    return tuple(out)
