"""Plays with wild cards (speculator.md §10, 癞子 other-games.md §1.3): wild cards alone, and mixed with natural cards.

``Wilds`` describes a hand's wild cards; ``WildPlays`` adds their plays to a table's ``Shapes``.
Hands without wild cards never reach this module.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER
from paiju.patterns.move import NO_COLOUR, NO_TIER, Move
from paiju.patterns.shapes import CHAIN_TOP, TWO, Counts, KickerKind, Shapes, kicker_sets, new_move, plain_move
from paiju.variants import PatternKind

__all__ = ["Supply", "WildPlays", "Wilds"]

#: Kinds of one, two and three cards of a rank.
_GROUP_KINDS = (PatternKind.SINGLE, PatternKind.PAIR, PatternKind.TRIPLE)

#: Natural ranks of a play, and the ranks its wild cards stand for.
Fill = tuple[tuple[int, ...], tuple[int, ...]]
#: Kickers with wild cards: natural ranks, ranks wild cards stand for in pairs, faces of wild single kickers.
Kickers = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: The kickers of a play that takes none.
NO_KICKERS: list[Kickers] = [((), (), ())]
#: A play's wild cards: (face, the rank it stands for) each, sorted.
Pairs = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Wilds:
    """The wild cards a hand holds (or a play uses); they are not counted among its natural cards.

    Inside a play that also holds a natural card each wild card stands for one card of rank 3…2;
    a play of wild cards only is not wild: a single, pair or triple of their face rank keyed
    ``alone_key``, or with four or more cards, when ``alone_bombs``, the ladder's ``wildN`` (癞子's
    pure wild bomb) or else a bomb of that size.
    """

    #: Face rank of each wild card (the speculator's two 3s: ``(0, 0)``).
    faces: tuple[int, ...]
    #: Key of a play made only of wild cards (the speculator's: 11.5, between A and 2); None: the face rank.
    alone_key: float | None = None
    #: Four or more wild cards alone form a bomb of their size (option ``pure_three_bomb = bomb | none``).
    alone_bombs: bool = True

    def __post_init__(self) -> None:
        bad = [f for f in self.faces if not 0 <= f < BLACK_JOKER]
        if bad:
            raise ValueError(f"wild card faces {bad}: a wild card's face is a rank 3…2 (index 0…12)")


def _spread(c: Counts, slots: list[tuple[int, int]], budget: int, face: int | None = None) -> list[Fill]:
    """Every way to fill ``slots`` = [(rank, cards)] from natural cards and up to ``budget`` wilds (as 3…2 only);
    with ``face`` (Q1.17 (ii)), no slot holds more wild than natural cards but one of rank ``face`` (−1: none)."""
    fills: list[Fill] = [((), ())]
    for i, (r, need) in enumerate(slots):
        low = need - c[r] if need > c[r] else 0
        high = min(need if r <= TWO else 0, budget)
        if face is not None and r != face and high > need // 2:
            high = need // 2
        if low > high:
            return []  # the slot cannot be filled
        if not i:
            fills = [((r,) * (need - u), (r,) * u) for u in range(low, high + 1)]
            continue
        # (natural cards, wild cards meaning r, how many) for each number of wild cards this slot may take
        ways = [((r,) * (need - u), (r,) * u, u) for u in range(low, high + 1)]
        fills = [(nat + more, stands + meant) for nat, stands in fills for more, meant, u in ways if u <= budget - len(stands)]
    return fills


class Supply:
    """A hand's wild cards: how many, of which faces, and the moves a mixed play's reading gives (the faces each
    reading of the wild cards takes are worked out once per hand, ``_faced``: many plays read them alike)."""

    __slots__ = ("count", "stock", "face", "_faced", "_picks")

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.count = len(faces)
        #: (face, cards) for each face rank held, ascending.
        self.stock = sorted(Counter(faces).items())
        #: The face of every wild card when they all share one (the speculator's 3s), else None.
        self.face = faces[0] if len(self.stock) == 1 else None
        #: (stands, fixed) -> the faces and wild pairs of each choice of faces (``_choices``).
        self._faced: dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[tuple[int, ...], Pairs]]] = {}
        #: (fixed, which wild cards mean the rank the one before means) -> their faces (``_face_picks``).
        self._picks: dict[tuple[tuple[int, ...], tuple[bool, ...]], list[tuple[int, ...]]] = {}

    def faces(self) -> list[int]:
        """How many wild cards of each face rank (the compiled path's form)."""
        out = [0] * NUM_RANKS
        for face, n in self.stock:
            out[face] = n
        return out

    def _choices(self, stands: tuple[int, ...], fixed: tuple[int, ...]) -> list[tuple[tuple[int, ...], Pairs]]:
        """For each choice of faces for wilds meaning ``stands`` beside wild single kickers ``fixed``: the faces of
        all those wild cards (``fixed`` first) and their (face, meaning) pairs, sorted."""
        f = self.face
        if f is not None:
            meant = sorted(stands + fixed)
            return [((f,) * len(meant), tuple([(f, s) for s in meant]))]
        meant = sorted(stands)
        shape = (fixed, tuple([a == b for a, b in zip([-1, *meant], meant, strict=False)]))
        picks = self._picks.get(shape)
        if picks is None:
            picks = self._picks[shape] = self._face_picks(*shape)
        own = [(face, face) for face in fixed]
        return [(fixed + used, tuple(sorted(own + list(zip(used, meant, strict=True))))) for used in picks]

    def _face_picks(self, fixed: tuple[int, ...], same: tuple[bool, ...]) -> list[tuple[int, ...]]:
        """Each choice of faces for wild cards meaning ranks in ascending order (``same[i]``: the ith means the
        rank the one before it means) beside wild single kickers ``fixed``. Wild cards meaning one rank take faces
        in ascending order (one choice per multiset of faces), and the choices come in ascending order."""
        faces = [face for face, _ in self.stock]
        left = [n for _, n in self.stock]  # wild cards of each face not yet given a meaning
        for face in fixed:
            left[faces.index(face)] -= 1
        picked = [0] * len(same)  # index in ``faces`` of each wild card's face
        out: list[tuple[int, ...]] = []

        def walk(i: int) -> None:
            if i == len(same):
                out.append(tuple([faces[j] for j in picked]))
                return
            for j in range(picked[i - 1] if same[i] else 0, len(faces)):
                if left[j]:
                    left[j] -= 1
                    picked[i] = j
                    walk(i + 1)
                    left[j] += 1

        walk(0)
        return out

    def add(
        self,
        out: list[Move],
        kind: PatternKind,
        key: int,
        length: int,
        nat: tuple[int, ...],
        stands: tuple[int, ...],
        kickers: list[Kickers] = NO_KICKERS,
        tier: int = NO_TIER,
        bomb: str = "",
    ) -> None:
        """Append the moves of ``nat`` and wilds meaning ``stands`` with each of ``kickers`` (a bomb of class
        ``bomb`` at ``tier``, or no bomb): one per choice of faces."""
        faced, append = self._faced, out.append
        plain = None  # the reading of a kicker set with no wild card: the body's own, looked up once
        for kick_nat, kick_stands, fixed in kickers:
            if kick_stands or fixed:
                read = (stands + kick_stands, fixed)
                choices = faced.get(read)
                if choices is None:
                    choices = faced[read] = self._choices(*read)
            else:
                if plain is None:
                    read = (stands, ())
                    plain = faced.get(read)
                    if plain is None:
                        plain = faced[read] = self._choices(*read)
                choices = plain
            ranks = nat + kick_nat
            for faces, pairs in choices:
                append(new_move(Move, (kind, key, length, tuple(sorted(ranks + faces)), tier, bomb, pairs, NO_COLOUR)))


class _Hand:
    """What the mixed plays of one hand share, worked out once for all of them."""

    __slots__ = ("fills", "kickers")

    def __init__(self) -> None:
        #: (cards per rank, first rank, last rank) -> the natural cards and wild meanings of each such body.
        self.fills: dict[tuple[int, int, int], list[Fill]] = {}
        #: (kind, kickers, wild cards left) -> each kicker set with the ranks it takes as bits (``_wild_kickers``).
        self.kickers: dict[tuple[KickerKind, int, int], list[tuple[int, Kickers]]] = {}


class WildPlays(Shapes):
    """The plays a table's shapes allow with wild cards: alone, or mixed with natural cards."""

    def _alone(self, c: Counts, wilds: Wilds) -> list[Move]:
        """Plays of wild cards only: not wild, a group or bomb of their face keyed ``alone_key`` (W2 (a))."""
        out: list[Move] = []
        bomb_tiers = dict(self.rank_bombs)
        for face, count in sorted(Counter(wilds.faces).items()):
            key = face if wilds.alone_key is None else wilds.alone_key
            for n in range(1, count + 1):
                if key == face and c[face] >= n:
                    continue  # the natural cards of that rank make the same move
                if n <= 3:
                    if _GROUP_KINDS[n - 1] in self.group_of:
                        out.append(plain_move(_GROUP_KINDS[n - 1], key, 1, (face,) * n))
                elif wilds.alone_bombs and n in self.wild_bombs:
                    out.append(Move(PatternKind.BOMB, key, 1, (face,) * n, self.wild_bombs[n], f"wild{n}"))
                elif wilds.alone_bombs and n in bomb_tiers:
                    out.append(Move(PatternKind.BOMB, key, 1, (face,) * n, bomb_tiers[n], f"bomb{n}"))
        return out

    def _soft(self, c: Counts, wild: Supply) -> list[Move]:
        """W6 soft bombs (软炸弹): natural cards of one rank 3…2 and at least one wild card, per ``softN`` class."""
        out: list[Move] = []
        for size, tier in self.soft_bombs:
            for r in range(TWO + 1):
                if c[r]:
                    for u in range(max(1, size - c[r]), min(size - 1, wild.count) + 1):
                        wild.add(out, PatternKind.BOMB, r, 1, (r,) * (size - u), (r,) * u, NO_KICKERS, tier, f"soft{size}")
        return out

    def _mixed(self, out: list[Move], c: Counts, wild: Supply, to_beat: Move | None) -> None:
        """Append the plays of at least one natural and one wild card (those beating ``to_beat``)."""
        kind = None if to_beat is None else to_beat.kind
        length = 0 if to_beat is None else to_beat.length
        above = -1.0 if to_beat is None else to_beat.key
        known = _Hand()
        for name, width, top in self.groups:
            if width > 1 and kind in (None, name):
                for r in range(int(above) + 1, min(top, TWO) + 1):
                    if c[r] and c[r] + wild.count >= width:  # a natural card and enough wild ones
                        self._wild_body(out, c, wild, known, name, width, r, r, None)
        for name, width, least in self.chains:
            if kind in (None, name):
                for start, end in self._wild_windows(c, wild.count, width, least, length, above):
                    self._wild_body(out, c, wild, known, name, width, start, end, None)
        for kk in self.kicker_kinds:
            if kind not in (None, kk.kind) or kk.trios or not kk.width:
                continue  # the dress and the spaceship (斗帝主, a table without wild cards) take natural cards only
            if kk.chain:
                for start, end in self._wild_windows(c, wild.count, kk.body, kk.least, length, above):
                    self._wild_body(out, c, wild, known, kk.kind, kk.body, start, end, kk)
            else:
                for r in range(int(above) + 1, TWO + 1):
                    if c[r] + wild.count >= kk.body:
                        self._wild_body(out, c, wild, known, kk.kind, kk.body, r, r, kk)

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
        wild: Supply,
        known: _Hand,
        kind: PatternKind,
        width: int,
        start: int,
        end: int,
        kk: KickerKind | None,
    ) -> None:
        """Append every mixed play whose body is ``width`` cards of each rank ``start``…``end``."""
        n = end - start + 1
        fills = known.fills.get((width, start, end))
        if fills is None:
            fills = known.fills[width, start, end] = self._body_fills(c, wild, width, start, end)
        if kk is None:
            for nat, stands in fills:
                if nat and stands:
                    wild.add(out, kind, end, n, nat, stands)
            return
        body = (1 << (end + 1)) - (1 << start)  # its ranks, as bits
        need = kk.kick * n
        kickers: dict[int, list[Kickers]] = {}
        for nat, stands in fills:
            left = wild.count - len(stands)
            if left not in kickers:
                every = known.kickers.get((kk, need, left))
                if every is None:
                    every = known.kickers[kk, need, left] = self._wild_kickers(kk, c, wild, need, left)
                kickers[left] = [kick for ranks, kick in every if not ranks & body]  # K1: none of the body's ranks
            kicks = kickers[left]
            if not (nat and stands):  # a play takes at least one natural and one wild card
                kicks = [k for k in kicks if (nat or k[0]) and (stands or k[1] or k[2])]
            wild.add(out, kind, end, n, nat, stands, kicks)

    def _body_fills(self, c: Counts, wild: Supply, width: int, start: int, end: int) -> list[Fill]:
        """The natural cards and wild meanings of each body of ``width`` cards of each rank ``start``…``end``."""
        fills = _spread(c, [(r, width) for r in range(start, end + 1)], wild.count)
        if start < end:  # a chain
            if self.chain_wilds_placed and end < CHAIN_TOP:
                # W3: the wild cards sit as high as the natural cards allow, so the lowest link holds a natural card.
                fills = [f for f in fills if f[0] and f[0][0] == start]
        elif self.all_wild_group_face_rank and start != wild.face:
            fills = [f for f in fills if f[0]]  # Q1.17 (ii): a body of wild cards only keeps their face rank
        return fills

    def _wild_kickers(self, kk: KickerKind, c: Counts, wild: Supply, need: int, left: int) -> list[tuple[int, Kickers]]:
        """Every set of ``need`` kickers (singles, pairs or trios) of any rank using at most ``left`` wild cards
        (K2–K5, §10), with the ranks it takes as bits: a body keeps those that take none of its ranks (K1)."""
        distinct = kk.distinct
        width = kk.width
        if width > 1:
            # Q1.17 (ii): no kicker pair (or trio) holds more wild than natural cards, but one of the wild cards'
            # face rank (-1 where their faces differ: every rank is held to it).
            halves = (-1 if wild.face is None else wild.face) if self.all_wild_group_face_rank else None
            avail = []
            for r in range(NUM_RANKS):
                most = (c[r] + (left if r <= TWO else 0)) // width
                if most and r <= self.attach_top[width]:
                    avail.append((r, 1 if distinct else most))
            groups: list[tuple[int, Kickers]] = []
            for ranks in kicker_sets(avail, need):
                slots = [(r, width * ranks.count(r)) for r in sorted(set(ranks))]
                taken = sum(1 << r for r, _ in slots)
                groups.extend((taken, (nat, stands, ())) for nat, stands in _spread(c, slots, left, halves))
            return groups
        # A token is rank * 2 for a natural card, face * 2 + 1 for a wild card standing for itself.
        tokens = [(r << 1, 1 if distinct else c[r]) for r in range(NUM_RANKS) if c[r]]
        if left:
            tokens += [((f << 1) | 1, 1 if distinct else min(k, left)) for f, k in wild.stock]
        tokens.sort()
        no_rocket = not self.rocket_kickers
        singles: list[tuple[int, Kickers]] = []
        for picked in kicker_sets(tokens, need):
            nat = tuple(t >> 1 for t in picked if not t & 1)
            fixed = tuple(t >> 1 for t in picked if t & 1)
            if len(fixed) > left or (distinct and len({t >> 1 for t in picked}) < need):
                continue
            if no_rocket and BLACK_JOKER in nat and RED_JOKER in nat:
                continue
            singles.append((sum({1 << (t >> 1) for t in picked}), (nat, (), fixed)))
        return singles
