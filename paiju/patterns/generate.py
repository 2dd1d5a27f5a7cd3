"""Move generation on rank-count vectors, driven entirely by a ``Variant``.

``MoveGenerator.moves(counts)`` lists every move a hand can lead; with ``to_beat`` it lists
only the moves that beat it.  Kicker rules follow other-games.md §0.3 C6 (K1–K5).  This is
the engine's hot path: it builds lists with plain loops rather than nested generators.
Wild cards (speculator.md §10) take a separate path, so hands without them pay nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER
from paiju.patterns.move import NO_COLOUR, NO_TIER, Move, beats
from paiju.variants import Variant, bomb_class_size

if TYPE_CHECKING:
    from paiju.patterns.wild import Wilds

__all__ = ["CHAIN_TOP", "PROMOTED_KEY", "MoveGenerator", "generate_moves", "generator_for", "promote"]

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


#: Kinds of one, two and three cards of a rank.
_GROUP_KINDS = ("single", "pair", "triple")

#: Natural ranks of a play, and the ranks its wild cards stand for.
Fill = tuple[tuple[int, ...], tuple[int, ...]]
#: Kickers with wild cards: natural ranks, ranks wild cards stand for in pairs, faces of wild single kickers.
Kickers = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _move(kind: str, key: float, length: int, ranks: tuple[int, ...]) -> Move:
    """A non-bomb move, built without the keyword-default overhead of ``Move(...)``."""
    return _new_tuple(Move, (kind, key, length, ranks, NO_TIER, "", (), NO_COLOUR))


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


def _spread(c: Counts, slots: list[tuple[int, int]], budget: int) -> list[Fill]:
    """Every way to fill ``slots`` = [(rank, cards)] from natural cards and up to ``budget`` wilds (as 3…2 only)."""
    fills: list[Fill] = [((), ())]
    for r, need in slots:
        low = need - c[r] if need > c[r] else 0
        high = need if r <= _TWO else 0
        grown: list[Fill] = []
        for nat, stands in fills:
            for u in range(low, min(high, budget - len(stands)) + 1):
                grown.append((nat + (r,) * (need - u), stands + (r,) * u))
        fills = grown
    return fills


class _Supply:
    """A hand's wild cards: how many, of which faces, and the moves a mixed play's reading gives."""

    __slots__ = ("count", "stock", "face")

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.count = len(faces)
        #: (face, cards) for each face rank held, ascending.
        self.stock = sorted(Counter(faces).items())
        #: The face of every wild card when they all share one (the speculator's 3s), else None.
        self.face = faces[0] if len(self.stock) == 1 else None

    def moves(
        self, kind: str, key: int, length: int, nat: tuple[int, ...], stands: tuple[int, ...], fixed: tuple[int, ...]
    ) -> list[Move]:
        """Moves of ``nat``, wilds meaning ``stands`` and wild single kickers ``fixed``: one per choice of faces."""
        f = self.face
        if f is not None:
            meant = sorted(stands + fixed)
            wild = tuple([(f, s) for s in meant])
            return [_new_tuple(Move, (kind, key, length, tuple(sorted(nat + (f,) * len(meant))), NO_TIER, "", wild, NO_COLOUR))]
        left = Counter(dict(self.stock))
        left.subtract(fixed)
        choices: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = [((), ())]
        for stand, k in sorted(Counter(stands).items()):
            grown = []
            for used, pairs in choices:
                spare = left - Counter(used)
                for pick in _kicker_sets(sorted(spare.items()), k):
                    grown.append((used + pick, pairs + tuple((face, stand) for face in pick)))
            choices = grown
        own = tuple((face, face) for face in fixed)
        return [
            _new_tuple(Move, (kind, key, length, tuple(sorted(nat + fixed + used)), NO_TIER, "", tuple(sorted(p + own)), NO_COLOUR))
            for used, p in choices
        ]


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
        #: Chain kinds the table caps below their natural length (5p1d), and their caps.
        self.chain_max = {
            kind: most
            for kind, most in (("straight", variant.straight_max), ("pair-chain", variant.pair_chain_max))
            if most < CHAIN_TOP + 1
        }
        self._group_of = {kind: (width, top) for kind, width, top in self.groups}
        self._chain_of = {kind: width for kind, width, _ in self.chains}

    # ------------------------------------------------------------------ public
    def moves(self, counts: Counts, to_beat: Move | None = None, wilds: Wilds | None = None) -> list[Move]:
        """Every move ``counts`` (plus ``wilds``) can lead, or every move that beats ``to_beat``."""
        if wilds is not None and wilds.faces:
            out = self._wild_moves(counts, to_beat, wilds)
        elif to_beat is None:
            out = self._lead(counts)
        elif to_beat.tier != NO_TIER:
            out = self._bombs(counts, to_beat.tier, to_beat.key)
        else:
            out = self._answers(counts, to_beat)
            out.extend(self._bombs(counts, NO_TIER, -1))
        if self.chain_max:
            out = [m for m in out if m.length <= self.chain_max.get(m.kind, m.length)]
        return out

    # ------------------------------------------------------------------ leading
    def _lead(self, c: Counts) -> list[Move]:
        out: list[Move] = []
        app = out.append
        for kind, width, top in self.groups:
            for r in range(top + 1):
                if c[r] >= width:
                    app(_new_tuple(Move, (kind, r, 1, (r,) * width, NO_TIER, "", (), NO_COLOUR)))
        for kind, width, least in self.chains:
            table = _CHAIN[width]
            for start in range(CHAIN_TOP + 2 - least):
                end = start
                while end <= CHAIN_TOP and c[end] >= width:
                    n = end - start + 1
                    if n >= least:
                        app(_new_tuple(Move, (kind, end, n, table[start][end], NO_TIER, "", (), NO_COLOUR)))
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
                _new_tuple(Move, (kind, end, n, (r,) * width + body if r < start else body + (r,) * width, NO_TIER, "", (), NO_COLOUR))
                for r, _ in avail
            ]
        out: list[Move] = []
        no_rocket = not pairs and not self.rocket_kickers
        for kickers in _kicker_sets(avail, need):
            if no_rocket and BLACK_JOKER in kickers and RED_JOKER in kickers:
                continue
            extra = kickers + kickers if pairs else kickers
            out.append(_new_tuple(Move, (kind, end, n, tuple(sorted(body + extra)), NO_TIER, "", (), NO_COLOUR)))
        return out

    # ------------------------------------------------------------------ wild cards
    def _wild_moves(self, c: Counts, to_beat: Move | None, wilds: Wilds) -> list[Move]:
        """Natural plays, plays of wild cards alone and mixed plays (speculator.md §10)."""
        out = self.moves(c, to_beat)
        alone = self._alone(c, wilds)
        out.extend(alone if to_beat is None else [m for m in alone if beats(m, to_beat)])
        if to_beat is None or to_beat.tier == NO_TIER:
            self._mixed(out, c, _Supply(wilds.faces), to_beat)
        return out

    def _alone(self, c: Counts, wilds: Wilds) -> list[Move]:
        """Plays of wild cards only: not wild, a group or bomb of their face keyed ``alone_key``."""
        out: list[Move] = []
        bomb_tiers = dict(self.rank_bombs)
        for face, count in sorted(Counter(wilds.faces).items()):
            key = face if wilds.alone_key is None else wilds.alone_key
            for n in range(1, count + 1):
                if key == face and c[face] >= n:
                    continue  # the natural cards of that rank make the same move
                if n <= 3:
                    if _GROUP_KINDS[n - 1] in self._group_of:
                        out.append(_move(_GROUP_KINDS[n - 1], key, 1, (face,) * n))
                elif wilds.alone_bombs and n in bomb_tiers:
                    out.append(Move("bomb", key, 1, (face,) * n, bomb_tiers[n], f"bomb{n}"))
        return out

    def _mixed(self, out: list[Move], c: Counts, wild: _Supply, to_beat: Move | None) -> None:
        """Append the plays of at least one natural and one wild card (those beating ``to_beat``)."""
        kind = None if to_beat is None else to_beat.kind
        length = 0 if to_beat is None else to_beat.length
        above = -1.0 if to_beat is None else to_beat.key
        for name, width, top in self.groups:
            if width > 1 and kind in (None, name):
                for r in range(int(above) + 1, min(top, _TWO) + 1):
                    self._wild_body(out, c, wild, name, width, r, r, None)
        for name, width, least in self.chains:
            if kind in (None, name):
                for start, end in self._wild_windows(c, wild.count, width, least, length, above):
                    self._wild_body(out, c, wild, name, width, start, end, None)
        for kk in self.kicker_kinds:
            if kind not in (None, kk.kind):
                continue
            if kk.chain:
                for start, end in self._wild_windows(c, wild.count, kk.body, kk.least, length, above):
                    self._wild_body(out, c, wild, kk.kind, kk.body, start, end, kk)
            else:
                for r in range(int(above) + 1, _TWO + 1):
                    self._wild_body(out, c, wild, kk.kind, kk.body, r, r, kk)

    @staticmethod
    def _wild_windows(
        c: Counts, budget: int, width: int, least: int, length: int, above: float
    ) -> list[tuple[int, int]]:
        """Each (start, end) of ``least``+ links (``length`` if set), top > ``above``, that ``budget`` wilds complete."""
        out: list[tuple[int, int]] = []
        for start in range(CHAIN_TOP + 1):
            missing = 0
            for end in range(start, CHAIN_TOP + 1):
                missing += width - c[end] if width > c[end] else 0
                if missing > budget:
                    break
                n = end - start + 1
                if n >= least and length in (0, n) and end > above:
                    out.append((start, end))
        return out

    def _wild_body(
        self,
        out: list[Move],
        c: Counts,
        wild: _Supply,
        kind: str,
        width: int,
        start: int,
        end: int,
        kk: _KickerKind | None,
    ) -> None:
        """Append every mixed play whose body is ``width`` cards of each rank ``start``…``end``."""
        n = end - start + 1
        fills = _spread(c, [(r, width) for r in range(start, end + 1)], wild.count)
        if kk is None:
            for nat, stands in fills:
                if nat and stands:
                    out.extend(wild.moves(kind, end, n, nat, stands, ()))
            return
        kickers: dict[int, list[Kickers]] = {}
        for nat, stands in fills:
            left = wild.count - len(stands)
            if left not in kickers:
                kickers[left] = self._wild_kickers(kk, c, wild, start, end, left)
            for kick_nat, kick_stands, fixed in kickers[left]:
                if (nat or kick_nat) and (stands or kick_stands or fixed):
                    out.extend(wild.moves(kind, end, n, nat + kick_nat, stands + kick_stands, fixed))

    def _wild_kickers(self, kk: _KickerKind, c: Counts, wild: _Supply, start: int, end: int, left: int) -> list[Kickers]:
        """Every kicker set of the body ``start``…``end`` using at most ``left`` wild cards (K1–K5, §10)."""
        need = kk.kick * (end - start + 1)
        distinct = self.distinct_four_two and kk.body == 4
        outside = [r for r in range(NUM_RANKS) if not start <= r <= end]
        if kk.pairs:
            avail = []
            for r in outside:
                most = (c[r] + (left if r <= _TWO else 0)) >> 1
                if most and r <= self.pair_top:
                    avail.append((r, 1 if distinct else most))
            pairs: list[Kickers] = []
            for ranks in _kicker_sets(avail, need):
                slots = [(r, 2 * ranks.count(r)) for r in sorted(set(ranks))]
                pairs.extend((nat, stands, ()) for nat, stands in _spread(c, slots, left))
            return pairs
        # A token is rank * 2 for a natural card, face * 2 + 1 for a wild card standing for itself.
        tokens = [(r << 1, 1 if distinct else c[r]) for r in outside if c[r]]
        if left:
            tokens += [((f << 1) | 1, 1 if distinct else min(k, left)) for f, k in wild.stock if not start <= f <= end]
        tokens.sort()
        no_rocket = not self.rocket_kickers
        singles: list[Kickers] = []
        for picked in _kicker_sets(tokens, need):
            nat = tuple(t >> 1 for t in picked if not t & 1)
            fixed = tuple(t >> 1 for t in picked if t & 1)
            if len(fixed) > left or (distinct and len({t >> 1 for t in picked}) < need):
                continue
            if no_rocket and BLACK_JOKER in nat and RED_JOKER in nat:
                continue
            singles.append((nat, (), fixed))
        return singles

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


#: Key of a promoted rank: between 2 (12) and the black joker (13) (speculator.md §15, 5p1d).
PROMOTED_KEY = 12.5


def promote(moves: list[Move], rank: int | None) -> list[Move]:
    """speculator.md §15 5p1d (b): ``rank`` ranks between 2 and the black joker in every pattern
    but sequences (bodies and bombs included, a wild card standing for it too); a 2 or a joker
    promotes nothing."""
    if rank is None or rank >= _TWO:
        return moves
    return [m._replace(key=PROMOTED_KEY) if m.key == rank and m.length == 1 else m for m in moves]


def generate_moves(
    variant: Variant,
    counts: Counts,
    to_beat: Move | None = None,
    wilds: Wilds | None = None,
    promoted: int | None = None,
) -> list[Move]:
    """Every legal move (leading, or beating ``to_beat``) with ``promoted``'s rank lifted above 2."""
    gen = generator_for(variant)
    if promoted is None or promoted >= _TWO:
        return gen.moves(counts, to_beat, wilds)
    leads = promote(gen.moves(counts, None, wilds), promoted)
    return leads if to_beat is None else [m for m in leads if beats(m, to_beat)]
