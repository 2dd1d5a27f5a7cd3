"""Move generation on rank-count vectors, driven entirely by a table's ``PatternRules``.

``MoveGenerator.moves(counts)`` lists every move a hand can lead; with ``to_beat`` it lists
only the moves that beat it.  Kicker rules follow other-games.md §0.3 C6 (K1–K5), and 斗帝主's
attached trios and pairs §6.3 (K1 and K4 applied to groups).  This is
the engine's hot path: it builds lists with plain loops rather than nested generators.
Wild cards (speculator.md §10) take a separate path (``mixed.py``), so hands without them pay nothing.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from functools import lru_cache
from typing import Any

from paiju.cards import BLACK_JOKER, RED_JOKER
from paiju.patterns.compiled import compiled_spec, fastgen
from paiju.patterns.mixed import Supply, WildPlays, Wilds
from paiju.patterns.move import NO_COLOUR, NO_TIER, Move, beats, spaceship_key
from paiju.patterns.shapes import CHAIN, CHAIN_TOP, TWO, Counts, KickerKind, kicker_sets, new_move, plain_move
from paiju.variants import PatternKind, PatternRules

__all__ = [
    "GENERATOR_CACHE_SIZE",
    "PROMOTED_KEY",
    "MoveGenerator",
    "compiled_module",
    "generate_moves",
    "generator_for",
    "moves_of",
    "promote",
    "use_compiled",
]

#: Generators kept at once: every built-in table, and the custom tables of the rooms being played.
GENERATOR_CACHE_SIZE = 64


class MoveGenerator(WildPlays):
    """Lists legal moves for one table's pattern rules; build once per rules (see ``generator_for``). Natural-card
    moves come from the compiled path where it serves the table (``compiled``), else from the Python below."""

    def __init__(self, rules: PatternRules, compiled: bool = True) -> None:
        super().__init__(rules)
        self.spec = compiled_spec(self) if compiled else None

    # ------------------------------------------------------------------ public
    def moves(self, counts: Counts, to_beat: Move | None = None, wilds: Wilds | None = None) -> Sequence[Move]:
        """Every move ``counts`` (plus ``wilds``) can lead, or every move that beats ``to_beat``: a list, or with wild
        cards on the compiled path a ``Lazy`` one whose mixed plays are made when read."""
        if wilds is not None and wilds.faces:
            out = self._wild_moves(counts, to_beat, wilds)
        else:
            out = self._natural(counts, to_beat)
        if self.chain_max:
            out = [m for m in out if m.length <= self.chain_max.get(m.kind, m.length)]
        return out

    def _natural(self, counts: Counts, to_beat: Move | None) -> list[Move]:
        """The moves of natural cards alone, from the compiled path where it serves the table."""
        spec = self.spec
        if spec is not None:
            assert fastgen is not None
            if to_beat is None:
                out: list[Move] = fastgen.lead(spec, counts)
            else:
                out = fastgen.beating(spec, counts, to_beat.kind, to_beat.key, to_beat.length, to_beat.tier)
        elif to_beat is None:
            out = self._lead(counts)
        elif to_beat.tier != NO_TIER:
            out = self._bombs(counts, to_beat.tier, to_beat.key)
        else:
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
                    app(new_move(Move, (kind, r, 1, (r,) * width, NO_TIER, "", (), NO_COLOUR)))
        for kind, width, least in self.chains:
            table = CHAIN[width]
            for start in range(CHAIN_TOP + 2 - least):
                end = start
                while end <= CHAIN_TOP and c[end] >= width:
                    n = end - start + 1
                    if n >= least:
                        app(new_move(Move, (kind, end, n, table[start][end], NO_TIER, "", (), NO_COLOUR)))
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
                for r in range(TWO + 1):
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
        if kind in self.group_of:
            width, top = self.group_of[kind]
            for r in range(above, top + 1):
                if c[r] >= width:
                    out.append(plain_move(kind, r, 1, (r,) * width))
        elif kind in self.chain_of:
            width = self.chain_of[kind]
            n = to_beat.length
            for end in range(max(above, n - 1), CHAIN_TOP + 1):
                start = end - n + 1
                if all(c[r] >= width for r in range(start, end + 1)):
                    out.append(plain_move(kind, end, n, CHAIN[width][start][end]))
        elif kind in self.by_kind:
            kk = self.by_kind[kind]
            n = to_beat.length
            top = CHAIN_TOP if kk.chain else TWO
            # A spaceship with the same quads may still beat with higher trios (§6.4).
            for end in range(max(int(to_beat.key) if kk.trios else above, n - 1), top + 1):
                start = end - n + 1
                if all(c[r] >= kk.body for r in range(start, end + 1)):
                    out.extend(self._with_kickers(kk, c, start, end))
            if kk.trios:
                out = [m for m in out if m.key > to_beat.key]
        return out

    def _with_kickers(self, kk: KickerKind, c: Counts, start: int, end: int) -> list[Move]:
        """Every way to attach groups to the body ``start``…``end``; a spaceship's body also takes each trio
        chain as long that lies beside the quads (§6.3 #14)."""
        if not kk.trios:
            return self._attached(kk, c, end - start + 1, CHAIN[kk.body][start][end], range(start, end + 1), end)
        n = end - start + 1
        out: list[Move] = []
        for top in range(n - 1, CHAIN_TOP + 1):
            low = top - n + 1
            if (top < start or low > end) and all(c[r] >= 3 for r in range(low, top + 1)):
                body = tuple(sorted(CHAIN[kk.body][start][end] + CHAIN[3][low][top]))
                skip = {*range(start, end + 1), *range(low, top + 1)}
                out.extend(self._attached(kk, c, n, body, skip, spaceship_key(end, top)))
        return out

    def _attached(
        self, kk: KickerKind, c: Counts, n: int, body: tuple[int, ...], skip: Container[int], key: float
    ) -> list[Move]:
        """Every play of ``body`` (sorted) with ``kk``'s groups for each of its ``n`` links; no group takes a
        rank in ``skip`` (K1), groups may share a rank the hand holds enough of (K2, K4)."""
        kind = kk.kind
        width = kk.width
        if not width:
            return [
                new_move(Move, (kind, key, n, tuple(sorted(body + extra)), NO_TIER, "", (), NO_COLOUR))
                for extra in self._unlike_groups(kk, c, skip)
            ]
        need = kk.kick * n
        top = self.attach_top[width]
        avail = [(r, c[r] // width) for r in range(top + 1) if c[r] >= width and r not in skip]
        if kk.distinct:
            avail = [(r, 1) for r, _ in avail]
        if sum(have for _, have in avail) < need:
            return []
        if need == 1:
            # One group: it goes below or above a contiguous body, no sort needed.
            low = body[0]
            return [
                new_move(Move, (kind, key, n, (r,) * width + body if r < low else body + (r,) * width, NO_TIER, "", (), NO_COLOUR))
                for r, _ in avail
            ]
        out: list[Move] = []
        no_rocket = width == 1 and not self.rocket_kickers
        for ranks in kicker_sets(avail, need):
            if no_rocket and BLACK_JOKER in ranks and RED_JOKER in ranks:
                continue
            extra = ranks * width if width > 1 else ranks
            out.append(new_move(Move, (kind, key, n, tuple(sorted(body + extra)), NO_TIER, "", (), NO_COLOUR)))
        return out

    def _unlike_groups(self, kk: KickerKind, c: Counts, skip: Container[int]) -> list[tuple[int, ...]]:
        """The cards of one group of each width ``kk.attach`` names (the dress: a trio and a pair), widest first;
        two groups share a rank only when the hand holds the cards of both (K4)."""
        sets: list[tuple[int, ...]] = [()]
        for width in sorted(kk.attach, reverse=True):
            sets = [
                used + (r,) * width
                for used in sets
                for r in range(self.attach_top[width] + 1)
                if r not in skip and c[r] - used.count(r) >= width
            ]
        return sets

    # ------------------------------------------------------------------ wild cards
    def _wild_moves(self, c: Counts, to_beat: Move | None, wilds: Wilds) -> Sequence[Move]:
        """Natural plays, plays of wild cards alone, soft bombs and mixed plays (speculator.md §10, 癞子 §1.3); the
        compiled path makes each mixed play when it is read."""
        out = self._natural(c, to_beat)
        supply = Supply(wilds.faces)
        extra = self._alone(c, wilds) + self._soft(c, supply)
        out.extend(extra if to_beat is None else [m for m in extra if beats(m, to_beat)])
        if to_beat is not None and to_beat.tier != NO_TIER:
            return out
        if self.spec is not None:
            assert fastgen is not None
            kind, key, length = (None, -1.0, 0) if to_beat is None else (to_beat.kind, to_beat.key, to_beat.length)
            return fastgen.mixed(self.spec, c, supply.faces(), kind, key, length, out)  # type: ignore[no-any-return]
        self._mixed(out, c, supply, to_beat)
        return out

    # ------------------------------------------------------------------ bombs
    def _bombs(self, c: Counts, min_tier: int, min_key: float) -> list[Move]:
        """Every bomb stronger than (min_tier, min_key) on the ladder."""
        out: list[Move] = []
        for size, tier in self.rank_bombs:
            if tier < min_tier:
                continue
            low = int(min_key) + 1 if tier == min_tier else 0
            for r in range(low, TWO + 1):
                if c[r] >= size:
                    out.append(Move(PatternKind.BOMB, r, 1, (r,) * size, tier, f"bomb{size}"))
        for name, tier, blacks, reds, key in self.joker_bombs:
            if tier < min_tier or (tier == min_tier and key <= min_key):
                continue
            if c[BLACK_JOKER] >= blacks and c[RED_JOKER] >= reds:
                ranks = (BLACK_JOKER,) * blacks + (RED_JOKER,) * reds
                out.append(Move(PatternKind.JOKER_BOMB, key, 1, ranks, tier, name))
        return out


#: Whether new generators take the compiled path where it serves them (``use_compiled``).
_compiled = True


@lru_cache(maxsize=GENERATOR_CACHE_SIZE)
def generator_for(rules: PatternRules) -> MoveGenerator:
    """The generator of these pattern rules, shared by every table with equal rules (a bounded cache)."""
    return MoveGenerator(rules, _compiled)


def use_compiled(on: bool) -> None:
    """Serve every table from the compiled path where it can (``True``) or from Python alone (benchmarks compare
    the two in one run); on a change, the generators made so far are dropped."""
    global _compiled
    if on != _compiled:
        _compiled = on
        generator_for.cache_clear()


def compiled_module() -> Any | None:
    """The compiled module while the compiled path is in use (``use_compiled``): a play step's helpers live there too."""
    return fastgen if _compiled else None


#: Key of a promoted rank: between 2 (12) and the black joker (13) (speculator.md §15, 5p1d).
PROMOTED_KEY = 12.5


def promote(moves: Sequence[Move], rank: int | None) -> Sequence[Move]:
    """speculator.md §15 5p1d (b): ``rank`` ranks between 2 and the black joker in every pattern
    but sequences (bodies and bombs included, a wild card standing for it too); a 2 or a joker
    promotes nothing."""
    if rank is None or rank >= TWO:
        return moves
    return [m._replace(key=PROMOTED_KEY) if m.key == rank and m.length == 1 else m for m in moves]


def generate_moves(
    rules: PatternRules,
    counts: Counts,
    to_beat: Move | None = None,
    wilds: Wilds | None = None,
    promoted: int | None = None,
) -> Sequence[Move]:
    """Every legal move (leading, or beating ``to_beat``) with ``promoted``'s rank lifted above 2."""
    return moves_of(generator_for(rules), counts, to_beat, wilds, promoted)


def moves_of(
    gen: MoveGenerator,
    counts: Counts,
    to_beat: Move | None = None,
    wilds: Wilds | None = None,
    promoted: int | None = None,
) -> Sequence[Move]:
    """``generate_moves`` with a given generator (the compiled one, or the pure-Python oracle). Under a promoted rank
    an answer is a promoted lead that beats ``to_beat``: only a move of its kind and length (at any key: promotion
    may lift it) or a bomb can, and those are the generator's answers to ``to_beat`` keyed below every rank."""
    if promoted is None or promoted >= TWO:
        return gen.moves(counts, to_beat, wilds)
    if to_beat is None:
        return promote(gen.moves(counts, None, wilds), promoted)
    below_all = to_beat._replace(key=-1)
    return [m for m in promote(gen.moves(counts, below_all, wilds), promoted) if beats(m, to_beat)]
