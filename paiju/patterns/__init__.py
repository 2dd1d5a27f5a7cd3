"""The pattern engine: classify cards, compare moves, generate legal moves."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from paiju.cards import Card, rank_counts
from paiju.patterns.generate import MoveGenerator, generator_for
from paiju.patterns.move import NO_TIER, AmbiguousMoveError, IllegalMoveError, Move, describe, key_rank
from paiju.variants import Variant

__all__ = [
    "NO_TIER",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "Move",
    "MoveGenerator",
    "beats",
    "classify",
    "classify_ranks",
    "describe",
    "generate",
    "generate_counts",
    "key_rank",
]


def beats(a: Move, b: Move) -> bool:
    """Whether ``a`` may be played on ``b`` (other-games.md §0.3 C4).

    A non-bomb beats a non-bomb only with the same kind, card count and chain length and a
    strictly higher key; a bomb beats every non-bomb; bombs compare by ladder tier, then key.
    Equal never beats.
    """
    if a.tier != NO_TIER:
        return b.tier == NO_TIER or (a.tier, a.key) > (b.tier, b.key)
    if b.tier != NO_TIER:
        return False
    return a.kind == b.kind and a.length == b.length and len(a.ranks) == len(b.ranks) and a.key > b.key


def generate_counts(variant: Variant, counts: Sequence[int], to_beat: Move | None = None) -> list[Move]:
    """Every legal move of a rank-count vector (leading, or answering ``to_beat``)."""
    return generator_for(variant).moves(counts, to_beat)


def generate(variant: Variant, hand: Iterable[Card], to_beat: Move | None = None) -> list[Move]:
    """Every legal move of ``hand``; with ``to_beat`` only the moves that beat it."""
    return generator_for(variant).moves(rank_counts(hand), to_beat)


def classify_ranks(variant: Variant, ranks: Sequence[int]) -> list[Move]:
    """Every interpretation of exactly these ranks (empty when they form no combination)."""
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    size = len(ranks)
    return [m for m in generator_for(variant).moves(counts) if len(m.ranks) == size]


def classify(variant: Variant, cards: Iterable[Card]) -> list[Move]:
    """Every interpretation the cards admit, as moves (empty: not a valid combination)."""
    from paiju.cards import card_rank

    return classify_ranks(variant, [card_rank(c) for c in cards])
