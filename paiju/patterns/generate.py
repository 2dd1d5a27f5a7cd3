"""Move generation on rank-count vectors, driven entirely by a ``Variant``.

``MoveGenerator.moves(counts)`` lists every move a hand can lead; with ``to_beat`` it lists
only the moves that beat it.  Kicker rules follow other-games.md §0.3 C6 (K1–K5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER
from paiju.patterns.move import NO_TIER, Move
from paiju.variants import Variant, bomb_class_size

__all__ = ["MoveGenerator", "generator_for"]

#: Highest rank index a chain may reach (A); 2 and jokers never join a sequence (C0).
CHAIN_TOP = 11
_TWO = 12

Counts = Sequence[int]


def _multisets(avail: list[tuple[int, int]], k: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``k`` items from ``avail`` = [(rank, max uses)], ranks ascending."""
    if k == 0:
        yield ()
        return
    if not avail:
        return
    rank, most = avail[0]
    rest = avail[1:]
    for use in range(min(most, k), -1, -1):
        head = (rank,) * use
        for tail in _multisets(rest, k - use):
            yield head + tail


class MoveGenerator:
    """Lists legal moves for one variant; build once per variant (see ``generator_for``)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        p = variant.patterns
        self.tiers = variant.bomb_tiers
        self.rank_bombs: list[tuple[int, int]] = sorted(
            (bomb_class_size(c), t) for c, t in self.tiers.items() if c.startswith("bomb")
        )
        self.joker_bombs: list[tuple[str, int]] = [
            (c, t) for c, t in self.tiers.items() if not c.startswith("bomb")
        ]
        self.pair_top = RED_JOKER if variant.joker_pairs else _TWO
        self.rocket_kickers = variant.rocket_kickers
        self.distinct_four_two = variant.distinct_four_two_kickers
        chain_mins = {
            "straight": (1, variant.straight_min),
            "pair-chain": (2, variant.pair_chain_min),
            "triple-chain": (3, variant.triple_chain_min),
        }
        self._leaders: list[Callable[[Counts], Iterator[Move]]] = []
        self._answerers: dict[str, Callable[[Counts, Move], Iterator[Move]]] = {}
        for kind, width in (("single", 1), ("pair", 2), ("triple", 3)):
            if kind in p:
                self._add(kind, self._group_leader(kind, width), self._group_answerer(kind, width))
        for kind, (width, least) in chain_mins.items():
            if kind in p:
                self._add(kind, self._chain_leader(kind, width, least), self._chain_answerer(kind, width))
        for kind, body, kick, pairs, chain in (
            ("triple+single", 3, 1, False, False),
            ("triple+pair", 3, 1, True, False),
            ("airplane+singles", 3, 1, False, True),
            ("airplane+pairs", 3, 1, True, True),
            ("four+two-singles", 4, 2, False, False),
            ("four+two-pairs", 4, 2, True, False),
        ):
            if kind in p:
                least = variant.airplane_min if chain else 1
                lead, answer = self._kicker_pattern(kind, body, kick, pairs, chain, least)
                self._add(kind, lead, answer)

    def _add(
        self,
        kind: str,
        lead: Callable[[Counts], Iterator[Move]],
        answer: Callable[[Counts, Move], Iterator[Move]],
    ) -> None:
        self._leaders.append(lead)
        self._answerers[kind] = answer

    # ------------------------------------------------------------------ public
    def moves(self, counts: Counts, to_beat: Move | None = None) -> list[Move]:
        """Every move ``counts`` can lead, or every move that beats ``to_beat``."""
        out: list[Move] = []
        if to_beat is None:
            for lead in self._leaders:
                out.extend(lead(counts))
            out.extend(self._bombs(counts, NO_TIER, -1))
            return out
        if not to_beat.is_bomb:
            answer = self._answerers.get(to_beat.kind)
            if answer is not None:
                out.extend(answer(counts, to_beat))
            out.extend(self._bombs(counts, NO_TIER, -1))
        else:
            out.extend(self._bombs(counts, to_beat.tier, to_beat.key))
        return out

    # ------------------------------------------------------------------ groups
    def _group_leader(self, kind: str, width: int) -> Callable[[Counts], Iterator[Move]]:
        top = RED_JOKER if width == 1 else (self.pair_top if width == 2 else _TWO)

        def lead(counts: Counts) -> Iterator[Move]:
            for r in range(top + 1):
                if counts[r] >= width:
                    yield Move(kind, r, 1, (r,) * width)

        return lead

    def _group_answerer(self, kind: str, width: int) -> Callable[[Counts, Move], Iterator[Move]]:
        top = RED_JOKER if width == 1 else (self.pair_top if width == 2 else _TWO)

        def answer(counts: Counts, to_beat: Move) -> Iterator[Move]:
            for r in range(to_beat.key + 1, top + 1):
                if counts[r] >= width:
                    yield Move(kind, r, 1, (r,) * width)

        return answer

    # ------------------------------------------------------------------ chains
    def _chain_leader(self, kind: str, width: int, least: int) -> Callable[[Counts], Iterator[Move]]:
        def lead(counts: Counts) -> Iterator[Move]:
            for start in range(CHAIN_TOP + 1):
                end = start
                while end <= CHAIN_TOP and counts[end] >= width:
                    if end - start + 1 >= least:
                        n = end - start + 1
                        yield Move(kind, end, n, _chain_ranks(start, end, width))
                    end += 1

        return lead

    def _chain_answerer(self, kind: str, width: int) -> Callable[[Counts, Move], Iterator[Move]]:
        def answer(counts: Counts, to_beat: Move) -> Iterator[Move]:
            n = to_beat.length
            for end in range(to_beat.key + 1, CHAIN_TOP + 1):
                start = end - n + 1
                if all(counts[r] >= width for r in range(start, end + 1)):
                    yield Move(kind, end, n, _chain_ranks(start, end, width))

        return answer

    # ------------------------------------------------------------------ kickers
    def _kicker_pattern(
        self, kind: str, body: int, kick: int, pairs: bool, chain: bool, least: int
    ) -> tuple[Callable[[Counts], Iterator[Move]], Callable[[Counts, Move], Iterator[Move]]]:
        """Lead and answer functions for a body (trio, quad or trio chain) plus kickers."""
        distinct = self.distinct_four_two and body == 4

        def with_kickers(counts: Counts, start: int, end: int) -> Iterator[Move]:
            n = end - start + 1
            need = kick * n
            avail: list[tuple[int, int]] = []
            for r in range(NUM_RANKS):
                if start <= r <= end:
                    continue  # K1: a kicker never shares a body rank
                c = counts[r]
                if pairs:
                    if r > self.pair_top:
                        continue
                    c //= 2
                if c:
                    avail.append((r, 1 if distinct else c))
            if sum(c for _, c in avail) < need:
                return
            body_ranks = _chain_ranks(start, end, body)
            for kickers in _multisets(avail, need):
                if not pairs and not self.rocket_kickers and BLACK_JOKER in kickers and RED_JOKER in kickers:
                    continue
                extra = tuple(r for r in kickers for _ in range(2)) if pairs else kickers
                yield Move(kind, end, n, tuple(sorted(body_ranks + extra)))

        body_top = CHAIN_TOP if chain else _TWO

        def lead(counts: Counts) -> Iterator[Move]:
            for start in range(body_top + 1):
                end = start
                while end <= body_top and counts[end] >= body:
                    n = end - start + 1
                    if chain and n >= least:
                        yield from with_kickers(counts, start, end)
                    elif not chain:
                        yield from with_kickers(counts, start, start)
                        break
                    end += 1

        def answer(counts: Counts, to_beat: Move) -> Iterator[Move]:
            n = to_beat.length
            for end in range(to_beat.key + 1, body_top + 1):
                start = end - n + 1
                if all(counts[r] >= body for r in range(start, end + 1)):
                    yield from with_kickers(counts, start, end)

        return lead, answer

    # ------------------------------------------------------------------ bombs
    def _bombs(self, counts: Counts, min_tier: int, min_key: int) -> Iterator[Move]:
        """Every bomb stronger than (min_tier, min_key) on the ladder."""
        for size, tier in self.rank_bombs:
            if tier < min_tier:
                continue
            low = min_key + 1 if tier == min_tier else 0
            for r in range(low, _TWO + 1):
                if counts[r] >= size:
                    yield Move("bomb", r, 1, (r,) * size, tier, f"bomb{size}")
        for name, tier in self.joker_bombs:
            if tier < min_tier:
                continue
            blacks, reds = name.count("B"), name.count("R")
            key = RED_JOKER if reds else BLACK_JOKER
            if tier == min_tier and key <= min_key:
                continue
            if counts[BLACK_JOKER] >= blacks and counts[RED_JOKER] >= reds:
                ranks = (BLACK_JOKER,) * blacks + (RED_JOKER,) * reds
                yield Move("joker-bomb", key, 1, ranks, tier, name)


def _chain_ranks(start: int, end: int, width: int) -> tuple[int, ...]:
    """Ranks of a chain from ``start`` to ``end`` with ``width`` cards per link."""
    return tuple(r for r in range(start, end + 1) for _ in range(width))


_GENERATORS: dict[int, tuple[Variant, MoveGenerator]] = {}


def generator_for(variant: Variant) -> MoveGenerator:
    """The (cached) generator of a variant."""
    entry = _GENERATORS.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = (variant, MoveGenerator(variant))
        _GENERATORS[id(variant)] = entry
    return entry[1]
