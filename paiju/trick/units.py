"""The units of a 炒地皮 play (other-games.md §7.7): singles, pairs of identical cards, tractors of adjacent pairs,
the 5-10-K, and how a throw splits into units (§7.8 "Throw decomposition").

Every function takes ``by_trump_order`` for the rules flag ``trump_tractor_by_trump_order`` (Q7.11 (ii)): trump
tractors then follow the trump order (``R R B B``, a trump-suit level pair with an off-suit level pair, gaps
closed) instead of the literal rule (i), where only trump-suit pairs adjacent by natural rank form tractors.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from paiju.cards import Card, Rank, card_rank, card_suit, face
from paiju.trick.order import TRUMP, Trumps

__all__ = [
    "Unit",
    "card_key",
    "category_of",
    "decompose",
    "is_five_ten_king",
    "make_unit",
    "pairs_in",
    "tractor_step",
    "tractors_in",
    "without",
]

_FIVE_TEN_KING = (Rank.FIVE, Rank.TEN, Rank.KING)


@dataclass(frozen=True)
class Unit:
    """One unit of a play: a single, a pair, or a tractor of ``pairs`` adjacent pairs; ``top`` is the strength of
    its highest card, which is how units of one shape compare (tractors by their highest pair, Q7.13)."""

    cards: tuple[Card, ...]
    pairs: int
    top: int

    @property
    def kind(self) -> str:
        """``"single"``, ``"pair"`` or ``"tractor"``."""
        return "single" if self.pairs == 0 else "pair" if self.pairs == 1 else "tractor"

    @property
    def size(self) -> int:
        """How many cards the unit holds."""
        return len(self.cards)


def card_key(trumps: Trumps) -> Callable[[Card], tuple[int, Card]]:
    """A sort key ordering cards low to high by strength (then by id, so sorts are repeatable)."""
    return lambda card: (trumps.strength(card), card)


def make_unit(cards: Iterable[Card], pairs: int, trumps: Trumps) -> Unit:
    """The unit of ``cards`` (``pairs`` pairs in it), its cards sorted low to high."""
    ordered = tuple(sorted(cards, key=card_key(trumps)))
    return Unit(ordered, pairs, trumps.strength(ordered[-1]))


def without(cards: Iterable[Card], taken: Iterable[Card]) -> list[Card]:
    """``cards`` less one copy of each card in ``taken``."""
    left = Counter(taken)
    kept: list[Card] = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            kept.append(card)
    return kept


def category_of(cards: Sequence[Card], trumps: Trumps) -> int | None:
    """The one category (``TRUMP`` or a side suit) all ``cards`` share, else ``None`` (also for no cards)."""
    categories = set(map(trumps.category, cards))
    return categories.pop() if len(categories) == 1 else None


@cache
def _trump_positions(trumps: Trumps) -> dict[int, int]:
    strengths = sorted({trumps.strength(f) for f in range(54) if trumps.is_trump(f)})
    return {strength: position for position, strength in enumerate(strengths)}


def tractor_step(card: Card, trumps: Trumps, by_trump_order: bool = False) -> tuple[int, int] | None:
    """Where ``card`` stands for tractors (``Trumps.step``); with ``by_trump_order`` every trump stands at its
    place in the trump order, equal trumps (off-suit level cards) sharing one place (Q7.11 (ii))."""
    if by_trump_order and trumps.is_trump(card):
        return (TRUMP, _trump_positions(trumps)[trumps.strength(card)])
    return trumps.step(card)


def pairs_in(cards: Sequence[Card], trumps: Trumps) -> list[tuple[Card, Card]]:
    """Every pair of identical cards among ``cards`` (「两张花色和点数都相同的牌称为一对」), highest first."""
    by_face: dict[int, list[Card]] = defaultdict(list)
    for card in sorted(cards):
        by_face[face(card)].append(card)
    pairs = [(same[i], same[i + 1]) for same in by_face.values() for i in range(0, len(same) - 1, 2)]
    return sorted(pairs, key=lambda pair: (trumps.strength(pair[0]), pair[0]), reverse=True)


def _longest_run(pairs: list[tuple[Card, Card]], trumps: Trumps, by_trump_order: bool) -> list[tuple[Card, Card]]:
    """The longest run of adjacent pairs (highest on ties), one pair per place, the highest pair at each place."""
    at: dict[tuple[int, int], tuple[Card, Card]] = {}
    for pair in pairs:  # highest first, so each place keeps its highest pair
        step = tractor_step(pair[0], trumps, by_trump_order)
        if step is not None and step not in at:
            at[step] = pair
    best: list[tuple[Card, Card]] = []
    for (category, position), pair in at.items():
        if (category, position - 1) in at:
            continue  # not the bottom of a run
        run = [pair]
        while (category, position + len(run)) in at:
            run.append(at[(category, position + len(run))])
        if (len(run), trumps.strength(run[-1][0])) > (len(best), trumps.strength(best[-1][0]) if best else -1):
            best = run
    return best


def tractors_in(cards: Sequence[Card], trumps: Trumps, by_trump_order: bool = False) -> list[Unit]:
    """The maximal tractors among ``cards`` (「花色相同且点数相临的几对牌称为拖拉机」: runs of two or more adjacent
    pairs, taken longest first), longest then highest first."""
    pairs = pairs_in(cards, trumps)
    tractors: list[Unit] = []
    while len(run := _longest_run(pairs, trumps, by_trump_order)) >= 2:
        tractors.append(make_unit([card for pair in run for card in pair], len(run), trumps))
        pairs = [pair for pair in pairs if pair not in run]
    return tractors


def decompose(cards: Sequence[Card], trumps: Trumps, by_trump_order: bool = False) -> tuple[Unit, ...]:
    """The units of a play with the most structure (§7.8): the longest tractors first, then pairs, then singles,
    each group highest first."""
    return _decompose(tuple(cards), trumps, by_trump_order)


@lru_cache(maxsize=4096)
def _decompose(cards: tuple[Card, ...], trumps: Trumps, by_trump_order: bool) -> tuple[Unit, ...]:
    """``decompose``, remembered: a trick's plays are split again for every play weighed against them."""
    if len(cards) == 1:
        return (make_unit(cards, 0, trumps),)
    tractors = tractors_in(cards, trumps, by_trump_order)
    rest = without(cards, [card for unit in tractors for card in unit.cards])
    pairs = [make_unit(pair, 1, trumps) for pair in pairs_in(rest, trumps)]
    singles = without(rest, [card for unit in pairs for card in unit.cards])
    ordered = sorted(singles, key=card_key(trumps), reverse=True)
    return (*tractors, *pairs, *(make_unit([card], 0, trumps) for card in ordered))


def is_five_ten_king(cards: Sequence[Card], trumps: Trumps) -> bool:
    """Whether ``cards`` are a 5-10-K (§7.9 S6, Q7.17): the 5, 10 and K of one natural suit, all side cards of that
    suit or all trumps of the trump suit; so none in hearts as a side suit, none in trumps of a no-trump or 扛旗
    hand, and no side 5-10-K in a suit whose 5, 10 or K is the level card."""
    if sorted(card_rank(card) for card in cards) != list(_FIVE_TEN_KING):
        return False
    suits = {card_suit(card) for card in cards}
    category = category_of(cards, trumps)
    if len(suits) != 1 or category is None:
        return False
    return category != TRUMP or (not trumps.kangqi and suits.pop() == trumps.suit)
