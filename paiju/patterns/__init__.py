"""The pattern engine: classify cards, compare moves, generate legal moves.

It reads a table's ``PatternRules`` only; each entry point takes the rules or a ``Variant`` and reads its ``pattern_rules``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from paiju.cards import Card, card_rank, rank_counts
from paiju.patterns.generate import PROMOTED_KEY, MoveGenerator, generate_moves, generator_for, promote
from paiju.patterns.mixed import Wilds
from paiju.patterns.move import NO_TIER, Move, beats, describe, key_rank
from paiju.variants import HasPatternRules, PatternKind, PatternRules

__all__ = [
    "NO_TIER",
    "PROMOTED_KEY",
    "HasPatternRules",
    "Move",
    "MoveGenerator",
    "PatternKind",
    "PatternRules",
    "Wilds",
    "beats",
    "classify",
    "classify_ranks",
    "describe",
    "engine_of",
    "generate",
    "generate_counts",
    "key_rank",
    "promote",
]


def engine_of(rules: HasPatternRules) -> str:
    """``compiled`` where the compiled generator lists these rules' natural-card moves, else ``python``."""
    return "compiled" if generator_for(rules.pattern_rules).spec is not None else "python"


def generate_counts(
    rules: HasPatternRules,
    counts: Sequence[int],
    to_beat: Move | None = None,
    wilds: Wilds | None = None,
    promoted: int | None = None,
) -> Sequence[Move]:
    """Every legal move of a rank-count vector plus ``wilds`` (leading, or answering ``to_beat``);
    ``promoted`` names a rank lifted between 2 and the black joker (5p1d)."""
    return generate_moves(rules.pattern_rules, counts, to_beat, wilds, promoted)


def generate(rules: HasPatternRules, hand: Iterable[Card], to_beat: Move | None = None) -> Sequence[Move]:
    """Every legal move of ``hand``; with ``to_beat`` only the moves that beat it."""
    return generator_for(rules.pattern_rules).moves(rank_counts(hand), to_beat)


def classify_ranks(
    rules: HasPatternRules, ranks: Sequence[int], wilds: Wilds | None = None, promoted: int | None = None
) -> list[Move]:
    """Every interpretation of exactly the cards of these face ranks (empty: no combination).

    With ``wilds``, cards of a wild face rank are wild, up to as many as ``wilds`` holds of
    that face (a hand's wilds may be passed: the speculator's 3s are all wild).
    """
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    if wilds is not None:
        played: list[int] = []
        for face in sorted(set(wilds.faces)):
            n = min(wilds.faces.count(face), counts[face])
            counts[face] -= n
            played += [face] * n
        wilds = replace(wilds, faces=tuple(played))
    moves = generate_moves(rules.pattern_rules, counts, None, wilds, promoted)
    return [m for m in moves if len(m.ranks) == len(ranks)]


def classify(rules: HasPatternRules, cards: Iterable[Card], wilds: Wilds | None = None) -> list[Move]:
    """Every interpretation the cards admit, wild ones read as ``classify_ranks`` says (empty: no combination)."""
    return classify_ranks(rules, [card_rank(c) for c in cards], wilds)
