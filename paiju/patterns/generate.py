"""Move generation on rank-count vectors, driven entirely by a ``Variant``.

``MoveGenerator.moves(counts)`` lists every move a hand can lead; with ``to_beat`` it lists
only the moves that beat it.  Kicker rules follow other-games.md §0.3 C6 (K1–K5).  This is
the engine's hot path: it builds lists with plain loops rather than nested generators.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER
from paiju.patterns.move import NO_TIER, Move
from paiju.variants import Variant, bomb_class_size

__all__ = ["CHAIN_TOP", "MoveGenerator", "generator_for"]

#: Highest rank index a chain may reach (A); 2 and jokers never join a sequence (C0).
CHAIN_TOP = 11
_TWO = 12

Counts = Sequence[int]

_new_tuple = tuple.__new__

#: ``_CHAIN[width][start][end]``: the ranks of a chain, precomputed.
_CHAIN = [
    [[tuple(r for r in range(s, e + 1) for _ in range(w)) for e in range(NUM_RANKS)] for s in range(NUM_RANKS)]
    for w in range(5)
]


def _move(kind: str, key: int, length: int, ranks: tuple[int, ...]) -> Move:
    """A non-bomb move, built without the keyword-default overhead of ``Move(...)``."""
    return _new_tuple(Move, (kind, key, length, ranks, NO_TIER, "", ()))


def _kicker_sets(avail: list[tuple[int, int]], k: int) -> list[tuple[int, ...]]:
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


class _KickerKind:
    """A body (trio, quad, trio chain) plus kickers: one pattern kind's parameters."""

    __slots__ = ("kind", "body", "kick", "pairs", "chain", "least")

    def __init__(self, kind: str, body: int, kick: int, pairs: bool, chain: bool, least: int) -> None:
        self.kind, self.body, self.kick, self.pairs, self.chain, self.least = kind, body, kick, pairs, chain, least


class MoveGenerator:
    """Lists legal moves for one variant; build once per variant (see ``generator_for``)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        p = variant.patterns
        tiers = variant.bomb_tiers
        self.rank_bombs: list[tuple[int, int]] = sorted(
            (bomb_class_size(c), t) for c, t in tiers.items() if c.startswith("bomb")
        )
        self.joker_bombs: list[tuple[str, int, int, int, int]] = [
            (c, t, c.count("B"), c.count("R"), RED_JOKER if "R" in c else BLACK_JOKER)
            for c, t in tiers.items()
            if not c.startswith("bomb")
        ]
        self.pair_top = RED_JOKER if variant.joker_pairs else _TWO
        self.rocket_kickers = variant.rocket_kickers
        self.distinct_four_two = variant.distinct_four_two_kickers
        #: (kind, cards per rank, highest rank) of the plain groups the table allows.
        self.groups = [
            (kind, width, top)
            for kind, width, top in (("single", 1, RED_JOKER), ("pair", 2, self.pair_top), ("triple", 3, _TWO))
            if kind in p
        ]
        #: (kind, cards per link, fewest links) of the chains the table allows.
        self.chains = [
            (kind, width, least)
            for kind, width, least in (
                ("straight", 1, variant.straight_min),
                ("pair-chain", 2, variant.pair_chain_min),
                ("triple-chain", 3, variant.triple_chain_min),
            )
            if kind in p
        ]
        self.kicker_kinds = [
            _KickerKind(kind, body, kick, pairs, chain, variant.airplane_min if chain else 1)
            for kind, body, kick, pairs, chain in (
                ("triple+single", 3, 1, False, False),
                ("triple+pair", 3, 1, True, False),
                ("airplane+singles", 3, 1, False, True),
                ("airplane+pairs", 3, 1, True, True),
                ("four+two-singles", 4, 2, False, False),
                ("four+two-pairs", 4, 2, True, False),
            )
            if kind in p
        ]
        self._by_kind = {k.kind: k for k in self.kicker_kinds}
        self._group_of = {kind: (width, top) for kind, width, top in self.groups}
        self._chain_of = {kind: width for kind, width, _ in self.chains}

    # ------------------------------------------------------------------ public
    def moves(self, counts: Counts, to_beat: Move | None = None) -> list[Move]:
        """Every move ``counts`` can lead, or every move that beats ``to_beat``."""
        if to_beat is None:
            return self._lead(counts)
        if to_beat.tier != NO_TIER:
            return self._bombs(counts, to_beat.tier, to_beat.key)
        out = self._answers(counts, to_beat)
        out.extend(self._bombs(counts, NO_TIER, -1))
        return out

    # ------------------------------------------------------------------ leading
    def _lead(self, c: Counts) -> list[Move]:
        out: list[Move] = []
        app = out.append
        for kind, width, top in self.groups:
            for r in range(top + 1):
                if c[r] >= width:
                    app(_new_tuple(Move, (kind, r, 1, (r,) * width, NO_TIER, "", ())))
        for kind, width, least in self.chains:
            table = _CHAIN[width]
            for start in range(CHAIN_TOP + 2 - least):
                end = start
                while end <= CHAIN_TOP and c[end] >= width:
                    n = end - start + 1
                    if n >= least:
                        app(_new_tuple(Move, (kind, end, n, table[start][end], NO_TIER, "", ())))
                    end += 1
        for kk in self.kicker_kinds:
            body = kk.body
            if kk.chain:
                for start in range(CHAIN_TOP + 2 - kk.least):
                    end = start
                    while end <= CHAIN_TOP and c[end] >= body:
                        if end - start + 1 >= kk.least:
                            out.extend(self._with_kickers(kk, c, start, end))
                        end += 1
            else:
                for r in range(_TWO + 1):
                    if c[r] >= body:
                        out.extend(self._with_kickers(kk, c, r, r))
        out.extend(self._bombs(c, NO_TIER, -1))
        return out

    # ------------------------------------------------------------------ answering
    def _answers(self, c: Counts, to_beat: Move) -> list[Move]:
        """Non-bomb moves of ``to_beat``'s kind and size with a higher key."""
        kind = to_beat.kind
        above = int(to_beat.key) + 1  # the lowest rank whose key beats (keys are never negative)
        out: list[Move] = []
        if kind in self._group_of:
            width, top = self._group_of[kind]
            for r in range(above, top + 1):
                if c[r] >= width:
                    out.append(_move(kind, r, 1, (r,) * width))
        elif kind in self._chain_of:
            width = self._chain_of[kind]
            n = to_beat.length
            for end in range(max(above, n - 1), CHAIN_TOP + 1):
                start = end - n + 1
                if all(c[r] >= width for r in range(start, end + 1)):
                    out.append(_move(kind, end, n, _CHAIN[width][start][end]))
        elif kind in self._by_kind:
            kk = self._by_kind[kind]
            n = to_beat.length
            top = CHAIN_TOP if kk.chain else _TWO
            for end in range(max(above, n - 1), top + 1):
                start = end - n + 1
                if all(c[r] >= kk.body for r in range(start, end + 1)):
                    out.extend(self._with_kickers(kk, c, start, end))
        return out

    def _with_kickers(self, kk: _KickerKind, c: Counts, start: int, end: int) -> list[Move]:
        """Every way to add kickers to the body ``start``…``end`` (K1: never a body rank)."""
        n = end - start + 1
        need = kk.kick * n
        pairs = kk.pairs
        if pairs:
            avail = [(r, c[r] >> 1) for r in range(self.pair_top + 1) if c[r] >= 2 and not start <= r <= end]
        else:
            avail = [(r, c[r]) for r in range(NUM_RANKS) if c[r] and not start <= r <= end]
        if self.distinct_four_two and kk.body == 4:
            avail = [(r, 1) for r, _ in avail]
        if sum(have for _, have in avail) < need:
            return []
        body = _CHAIN[kk.body][start][end]
        kind = kk.kind
        if need == 1:
            # One kicker: it goes below or above the contiguous body, no sort needed.
            width = 2 if pairs else 1
            return [
                _new_tuple(Move, (kind, end, n, (r,) * width + body if r < start else body + (r,) * width, NO_TIER, "", ()))
                for r, _ in avail
            ]
        out: list[Move] = []
        no_rocket = not pairs and not self.rocket_kickers
        for kickers in _kicker_sets(avail, need):
            if no_rocket and BLACK_JOKER in kickers and RED_JOKER in kickers:
                continue
            extra = kickers + kickers if pairs else kickers
            out.append(_new_tuple(Move, (kind, end, n, tuple(sorted(body + extra)), NO_TIER, "", ())))
        return out

    # ------------------------------------------------------------------ bombs
    def _bombs(self, c: Counts, min_tier: int, min_key: float) -> list[Move]:
        """Every bomb stronger than (min_tier, min_key) on the ladder."""
        out: list[Move] = []
        for size, tier in self.rank_bombs:
            if tier < min_tier:
                continue
            low = int(min_key) + 1 if tier == min_tier else 0
            for r in range(low, _TWO + 1):
                if c[r] >= size:
                    out.append(Move("bomb", r, 1, (r,) * size, tier, f"bomb{size}"))
        for name, tier, blacks, reds, key in self.joker_bombs:
            if tier < min_tier or (tier == min_tier and key <= min_key):
                continue
            if c[BLACK_JOKER] >= blacks and c[RED_JOKER] >= reds:
                ranks = (BLACK_JOKER,) * blacks + (RED_JOKER,) * reds
                out.append(Move("joker-bomb", key, 1, ranks, tier, name))
        return out


_GENERATORS: dict[int, tuple[Variant, MoveGenerator]] = {}


def generator_for(variant: Variant) -> MoveGenerator:
    """The (cached) generator of a variant."""
    entry = _GENERATORS.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = (variant, MoveGenerator(variant))
        _GENERATORS[id(variant)] = entry
    return entry[1]
