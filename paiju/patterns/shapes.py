"""A table's pattern rules compiled into the lists the move generator walks, and its shared helpers.

The generator (``generate.py``) and its wild-card plays (``mixed.py``) both build on ``Shapes``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER, Rank
from paiju.patterns.move import ATTACHED, NO_COLOUR, NO_TIER, Move
from paiju.variants import PatternKind, PatternRules, bomb_class_size, is_rank_bomb

__all__ = ["CHAIN", "CHAIN_TOP", "TWO", "Counts", "KickerKind", "Shapes", "kicker_sets", "new_move", "plain_move"]

#: Highest rank index a chain may reach (A); 2 and jokers never join a sequence (C0).
CHAIN_TOP: int = Rank.ACE.value
TWO: int = Rank.TWO.value

Counts = Sequence[int]

#: Builds a ``Move`` from its eight fields without the keyword-default overhead of ``Move(...)``.
new_move = tuple.__new__

#: ``CHAIN[width][start][end]``: the ranks of a chain, precomputed.
CHAIN = [
    [[tuple(r for r in range(s, e + 1) for _ in range(w)) for e in range(NUM_RANKS)] for s in range(NUM_RANKS)]
    for w in range(5)
]


def plain_move(kind: PatternKind, key: float, length: int, ranks: tuple[int, ...]) -> Move:
    """A non-bomb move without wild cards or colour."""
    return new_move(Move, (kind, key, length, ranks, NO_TIER, "", (), NO_COLOUR))


def kicker_sets(avail: list[tuple[int, int]], k: int) -> list[tuple[int, ...]]:
    """Every multiset of ``k`` ranks from ``avail`` = [(rank, max uses)], ranks ascending."""
    if k == 1:
        return [(r,) for r, _ in avail]
    combos = combinations_with_replacement([r for r, _ in avail], k)
    if all(most >= k for _, most in avail):
        return list(combos)
    most = dict(avail)
    if k == 2:
        return [c for c in combos if c[0] != c[1] or most[c[0]] >= 2]
    return [c for c in combos if all(c.count(r) <= most[r] for r in set(c))]


class KickerKind:
    """A body (trio, quad, their chain; a spaceship's quad chain with a trio chain as long) plus the groups
    attached to it: one pattern kind's parameters."""

    __slots__ = ("kind", "body", "attach", "chain", "least", "trios", "distinct", "kick", "width")

    def __init__(
        self,
        kind: PatternKind,
        body: int,
        attach: tuple[int, ...],
        chain: bool,
        least: int,
        trios: bool = False,
        distinct: bool = False,
    ) -> None:
        self.kind, self.body, self.chain, self.least = kind, body, chain, least
        #: A trio chain as long as the body's quad chain joins the body (the spaceship, §6.3 #14).
        self.trios = trios
        #: The groups attached to one body must differ in rank (speculator tables' four+two: 不重复).
        self.distinct = distinct
        #: Cards in each group attached per body link: 1 a single, 2 a pair, 3 a trio (the dress: a trio and a pair).
        self.attach = attach
        #: Groups attached per link.
        self.kick = len(attach)
        #: Their width when they are all alike; 0 when they are not (the dress).
        self.width = attach[0] if len(set(attach)) == 1 else 0


class Shapes:
    """The groups, chains, kicker kinds and bombs one table's ``PatternRules`` allow."""

    def __init__(self, rules: PatternRules) -> None:
        self.rules = rules
        p = rules.patterns
        tiers = rules.bomb_tiers
        K = PatternKind
        self.rank_bombs: list[tuple[int, int]] = sorted(
            (bomb_class_size(c), t) for c, t in tiers.items() if c.startswith("bomb")
        )
        #: (size, tier) of the soft bombs (natural and wild cards of one rank) and the tier of wild cards alone, by size.
        self.soft_bombs = sorted((bomb_class_size(c), t) for c, t in tiers.items() if c.startswith("soft"))
        self.wild_bombs = {bomb_class_size(c): t for c, t in tiers.items() if c.startswith("wild")}
        self.joker_bombs: list[tuple[str, int, int, int, int]] = [
            (c, t, c.count("B"), c.count("R"), RED_JOKER if "R" in c else BLACK_JOKER)
            for c, t in tiers.items()
            if not is_rank_bomb(c)
        ]
        self.chain_wilds_placed = rules.chain_wilds_placed
        self.all_wild_group_face_rank = rules.all_wild_group_face_rank
        self.pair_top = RED_JOKER if rules.joker_pairs else TWO
        self.rocket_kickers = rules.rocket_kickers
        #: Highest rank of an attached group of 1, 2 or 3 cards: any card is a single; jokers pair only as BB, RR.
        self.attach_top = {1: RED_JOKER, 2: self.pair_top, 3: TWO}
        #: (kind, cards per rank, highest rank) of the plain groups the table allows.
        self.groups = [
            (kind, width, top)
            for kind, width, top in (
                (K.SINGLE, 1, RED_JOKER), (K.PAIR, 2, self.pair_top), (K.TRIPLE, 3, TWO), (K.QUAD, 4, TWO)
            )
            if kind in p
        ]
        #: (kind, cards per link, fewest links) of the chains the table allows.
        self.chains = [
            (kind, width, least)
            for kind, width, least in (
                (K.STRAIGHT, 1, rules.straight_min),
                (K.PAIR_CHAIN, 2, rules.pair_chain_min),
                (K.TRIPLE_CHAIN, 3, rules.triple_chain_min),
                (K.QUAD_CHAIN, 4, rules.quad_chain_min),
            )
            if kind in p
        ]
        four_two = rules.distinct_four_two_kickers
        self.kicker_kinds = [
            KickerKind(kind, *ATTACHED[kind], least is not None, least or 1, kind == K.SPACESHIP, distinct)
            for kind, least, distinct in (
                (K.TRIPLE_SINGLE, None, False),
                (K.TRIPLE_PAIR, None, False),
                (K.AIRPLANE_SINGLES, rules.airplane_min, False),
                (K.AIRPLANE_PAIRS, rules.airplane_min, False),
                (K.FOUR_TWO_SINGLES, None, four_two),
                (K.FOUR_TWO_PAIRS, None, four_two),
                (K.FOUR_THREE, None, False),
                (K.CARRIER, rules.quad_chain_min, False),
                (K.DRESS, None, False),
                (K.SPACESHIP, rules.quad_chain_min, False),
            )
            if kind in p
        ]
        self.by_kind = {k.kind: k for k in self.kicker_kinds}
        #: Chain kinds the table caps below their natural length (5p1d), and their caps.
        self.chain_max = {
            kind: most
            for kind, most in ((K.STRAIGHT, rules.straight_max), (K.PAIR_CHAIN, rules.pair_chain_max))
            if most < CHAIN_TOP + 1
        }
        self.group_of = {kind: (width, top) for kind, width, top in self.groups}
        self.chain_of = {kind: width for kind, width, _ in self.chains}
