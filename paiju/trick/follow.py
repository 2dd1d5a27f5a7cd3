"""What a 炒地皮 follower may play (other-games.md §7.8 "Following" F1–F6 with Q7.14 and Q7.31, the 5-10-K rules
S2–S4 of §7.9 with Q7.17 and Q7.18), and what a leader may lead (re-exported from ``paiju.trick.leads``).

F3–F5 are one rule: among the plays F2 allows, a follow must score best on F5's criteria (for a lead of one
tractor, on F3's as written: a tractor as long, else the longest tractor, then pairs).  A play's score
depends only on which faces it plays as pairs, and only through how those pairs lie in runs of adjacent tractor
places; so the search runs over the shapes of such runs (a few hundred at most), not over card subsets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, islice, product

from paiju.cards import Card, Rank, card_rank, card_suit, face
from paiju.errors import Reason
from paiju.trick.leads import (
    category_code,
    category_name,
    face_multisets,
    group_faces,
    holds,
    lead_problem,
    legal_leads,
    play_of,
)
from paiju.trick.order import TRUMP, Trumps
from paiju.trick.units import category_of, decompose, is_five_ten_king, tractor_step
from paiju.variants.trick_rules import TrickRules, Trump510kFollow

__all__ = ["LeadShape", "follow_problem", "lead_problem", "lead_shape", "legal_follows", "legal_leads"]

#: Pairs at consecutive tractor places (one count per place; a place holds several faces only when trump
#: tractors follow the trump order, Q7.11 (ii)), and a multiset of such blocks, sorted.
Block = tuple[int, ...]
Shape = tuple[Block, ...]
_FIVE_TEN_KING = (Rank.FIVE, Rank.TEN, Rank.KING)


@dataclass(frozen=True)
class LeadShape:
    """What F3–F5 measure a follow against: the led tractors as ``(length, how many)``, longest first, the pairs
    inside them, all led pairs (those inside tractors too), and whether the lead is one unit (not a throw)."""

    tractors: tuple[tuple[int, int], ...]
    tractor_pairs: int
    pairs: int
    one_unit: bool


def lead_shape(lead: Sequence[Card], trumps: Trumps, by_trump_order: bool = False) -> LeadShape:
    """The ``LeadShape`` of ``lead``, split as §7.8's throw decomposition splits it (longest tractors first)."""
    return _lead_shape(tuple(lead), trumps, by_trump_order)


@lru_cache(maxsize=1024)
def _lead_shape(lead: tuple[Card, ...], trumps: Trumps, by_trump_order: bool) -> LeadShape:
    """``lead_shape``, remembered: every follow to a lead, listed or checked, is measured against it."""
    units = decompose(lead, trumps, by_trump_order)
    lengths = Counter(unit.pairs for unit in units if unit.pairs >= 2)
    return LeadShape(
        tractors=tuple(sorted(lengths.items(), reverse=True)),
        tractor_pairs=sum(k * n for k, n in lengths.items()),
        pairs=sum(unit.pairs for unit in units),
        one_unit=len(units) == 1,
    )


@cache
def _runs(block: Block) -> frozenset[tuple[int, ...]]:
    """Every way to cut a block's pairs into runs (length 1: a loose pair; 2 or more: a tractor), as the sorted
    run lengths; a run takes one pair at each of its places."""
    start = next((i for i, n in enumerate(block) if n), None)
    if start is None:
        return frozenset({()})
    found: set[tuple[int, ...]] = set()
    for end in range(start, len(block)):
        if not block[end]:
            break
        rest = tuple(n - (start <= i <= end) for i, n in enumerate(block))
        found.update(tuple(sorted((end - start + 1, *tail), reverse=True)) for tail in _runs(rest))
    return frozenset(found)


@cache
def _score(shape: Shape, lead: LeadShape) -> tuple[int, ...]:
    """F5's score of a follow whose pairs lie in ``shape``, split the most favourable way: the led tractors matched
    by tractors as long (longest first), then the pairs inside tractors, then all pairs, each capped by the lead's.
    For a one-tractor lead F3 reads literally (Q7.14 (c)): a tractor as long, else the longest, then pairs."""
    pairs = min(lead.pairs, sum(map(sum, shape)))
    if not lead.tractors:
        return (0, pairs)
    if lead.one_unit:
        longest = min(lead.pairs, max((len(block) for block in shape if len(block) >= 2), default=0))
        return (int(longest == lead.pairs), longest, pairs)
    best = max(
        (
            *(min(n, runs.count(length)) for length, n in lead.tractors),
            min(lead.tractor_pairs, sum(run for run in runs if run >= 2)),
        )
        for split in product(*(_runs(block) for block in shape))
        for runs in [[run for part in split for run in part]]
    )
    return (*best, pairs)


def _merge(*shapes: Shape) -> Shape:
    """The union of block multisets."""
    return tuple(sorted((block for shape in shapes for block in shape), reverse=True))


def _shape_of_counts(counts: Iterable[int]) -> Shape:
    """The blocks of pairs at consecutive places with these counts (a place with none ends a block)."""
    blocks: list[Block] = [()]
    for n in counts:
        if n:
            blocks[-1] = (*blocks[-1], n)
        else:
            blocks.append(())
    return _merge(tuple(block for block in blocks if block))


class _PairSearch:
    """F5's search over the pairs a follower holding ``held`` (at least ``size`` cards, all of the led category)
    may play: their tractor places in runs (chains), what each chain can give, and which shapes are reachable."""

    def __init__(self, held: Sequence[Card], size: int, trumps: Trumps, by_trump_order: bool) -> None:
        self.groups = group_faces(held)
        self.size = size
        self.trumps, self.by_trump_order = trumps, by_trump_order
        self.faces = sorted(self.groups, key=lambda f: (trumps.strength(f), f))
        self.limit = size // 2
        chains = self._chains([f for f in self.faces if len(self.groups[f]) >= 2])
        self.options = [self._selections(chain) for chain in chains]
        self.reach: list[set[Shape]] = [{()}]
        for options in reversed(self.options):
            self.reach.insert(0, {_merge(a, b) for a in options for b in self.reach[0] if self._fits(a, b)})

    def _fits(self, *shapes: Shape) -> bool:
        """Whether these shapes together hold no more pairs than a play of ``size`` cards."""
        return sum(sum(map(sum, shape)) for shape in shapes) <= self.limit

    def _chains(self, pair_faces: Iterable[int]) -> list[list[list[int]]]:
        """The faces in runs of consecutive tractor places, each place listing its faces; a face in no tractor
        (a joker, 5♥, …) is a chain of its own."""
        places: dict[tuple[int, int], list[int]] = {}
        chains: list[list[list[int]]] = []
        for f in pair_faces:
            step = tractor_step(f, self.trumps, self.by_trump_order)
            if step is None:
                chains.append([[f]])
            else:
                places.setdefault(step, []).append(f)
        previous: tuple[int, int] | None = None
        for step in sorted(places):
            if previous is None or step != (previous[0], previous[1] + 1):
                chains.append([])
            chains[-1].append(places[step])
            previous = step
        return chains

    def _selections(self, chain: list[list[int]]) -> dict[Shape, list[tuple[int, ...]]]:
        """The faces a chain can give as pairs, grouped by the shape they make."""
        found: dict[Shape, list[tuple[int, ...]]] = {}
        choices = [[c for k in range(len(place) + 1) for c in combinations(place, k)] for place in chain]
        for choice in product(*choices):
            chosen = tuple(f for part in choice for f in part)
            if len(chosen) <= self.limit:
                found.setdefault(_shape_of_counts(map(len, choice)), []).append(chosen)
        return found

    def shape_of(self, pair_faces: Iterable[int]) -> Shape:
        """The shape the pairs of these faces make."""
        return _merge(*(_shape_of_counts(map(len, chain)) for chain in self._chains(pair_faces)))

    def _feasible(self) -> list[Shape]:
        """The reachable shapes whose pairs leave room to fill the play with singles of other faces."""
        total = len(self.faces)
        return sorted(s for s in self.reach[0] if total + sum(map(sum, s)) >= self.size)

    def best(self, lead: LeadShape) -> tuple[int, ...]:
        """The best F5 score any play of this follower reaches."""
        return max(_score(shape, lead) for shape in self._feasible())

    def plays(self, lead: LeadShape) -> Iterator[tuple[Card, ...]]:
        """Every play reaching the best score, once by faces, lazily."""
        best = self.best(lead)
        for shape in self._feasible():
            if _score(shape, lead) != best:
                continue
            for pairs in self._pick(0, shape):
                singles = [f for f in self.faces if f not in pairs]
                for chosen in combinations(singles, self.size - 2 * len(pairs)):
                    yield play_of((*pairs, *pairs, *chosen), self.groups)

    def _pick(self, i: int, wanted: Shape) -> Iterator[tuple[int, ...]]:
        """The pair faces chains ``i…`` can give to make exactly ``wanted``."""
        if i == len(self.options):
            yield ()
            return
        for shape, selections in self.options[i].items():
            left = Counter(wanted)
            left.subtract(shape)
            rest = _merge(tuple(left.elements()))
            if min(left.values(), default=0) >= 0 and rest in self.reach[i + 1]:
                for chosen in selections:
                    yield from ((*chosen, *tail) for tail in self._pick(i + 1, rest))


@lru_cache(maxsize=256)
def _pair_search(held: tuple[Card, ...], size: int, trumps: Trumps, by_trump_order: bool) -> _PairSearch:
    """The ``_PairSearch`` of a follower's cards, made once: every play checked against one lead asks it (it is
    read, never changed)."""
    return _PairSearch(held, size, trumps, by_trump_order)


def _structure_reason(lead: LeadShape, best: tuple[int, ...], mine: tuple[int, ...], category: int) -> str:
    """Why a play scoring ``mine`` falls short of ``best`` (F3, F4 or F5), in a player's words."""
    name, code = category_name(category), category_code(category)
    i = next(i for i, (b, m) in enumerate(zip(best, mine, strict=True)) if b != m)
    want = best[i]
    if i < len(lead.tractors):
        length = lead.tractors[i][0]
        if lead.one_unit:
            return Reason(
                "f3_tractor", f"F3: you hold a {length}-pair tractor in {name} — follow the led tractor with one",
                length=length, category=code,
            )  # fmt: skip
        return Reason(
            "f5_tractors",
            f"F5: you can match {want} led {length}-pair tractor(s) with {length}-pair tractors of {name} — do so",
            n=want, length=length, category=code,
        )  # fmt: skip
    if i == len(lead.tractors):
        if lead.one_unit:
            return Reason(
                "f3_shorter", f"F3: you hold a shorter tractor in {name} — play your longest tractor before loose pairs",
                category=code,
            )  # fmt: skip
        return Reason(
            "f5_cover", f"F5: you hold tractors in {name} — play tractors covering {want} pairs before loose pairs",
            n=want, category=code,
        )  # fmt: skip
    if lead.one_unit and lead.pairs == 1:
        return Reason("f4_pair", f"F4: you hold a pair of {name} — follow the led pair with a pair", category=code)
    rule = "F4" if lead.one_unit else "F5"
    return Reason(
        "pairs", f"{rule}: you hold pairs of {name} — the lead has pairs, so play {want} pairs",
        rule=rule, n=want, category=code,
    )  # fmt: skip


def _led_category(lead: Sequence[Card], trumps: Trumps) -> int:
    """The category of a lead, which a legal lead has exactly one of."""
    category = category_of(lead, trumps)
    if category is None:
        raise ValueError("a lead lies in one category: all trumps, or all of one side suit")
    return category


def _own_five_ten_king(held: Sequence[Card], category: int, trumps: Trumps) -> tuple[Card, ...] | None:
    """The 5-10-K of the led category the follower holds (S2), if any."""
    suit = trumps.suit if category == TRUMP else category
    cards = [next((c for c in held if card_rank(c) == r and card_suit(c) == suit), None) for r in _FIVE_TEN_KING]
    found = tuple(c for c in cards if c is not None)
    return found if len(found) == 3 and is_five_ten_king(found, trumps) else None


def _must_play_own(lead_category: int, own: tuple[Card, ...] | None, rules: TrickRules) -> bool:
    """S2 (and Q7.18's ``own_510k_first``): whether the follower must answer the 5-10-K with their own."""
    return own is not None and (lead_category != TRUMP or rules.trump_510k_follow == Trump510kFollow.OWN_510K_FIRST)


def _top_three(held: Sequence[Card], trumps: Trumps) -> list[int]:
    """The strengths of a follower's three highest trumps (S3)."""
    return sorted((trumps.strength(c) for c in held), reverse=True)[:3]


def follow_problem(
    lead: Sequence[Card], play: Sequence[Card], hand: Sequence[Card], trumps: Trumps, rules: TrickRules
) -> str | None:
    """Why ``play`` from ``hand`` (the follower's cards before playing) breaks the follow rules (F1–F6, S2–S4),
    naming the rule in a player's words; ``None`` when it is legal."""
    size = len(lead)
    if len(play) != size or not holds(hand, play):
        return Reason("f1_size", f"F1: play {size} card(s) from your hand — as many as were led", n=size)
    category = _led_category(lead, trumps)
    name, code = category_name(category), category_code(category)
    held = [c for c in hand if trumps.category(c) == category]
    if is_five_ten_king(lead, trumps):
        own = _own_five_ten_king(held, category, trumps)
        if _must_play_own(category, own, rules):
            assert own is not None
            mine = sorted(map(face, play)) == sorted(map(face, own))
            return None if mine else Reason(
                "s2_own", f"S2: you hold a 5-10-K of {name} — you must play it (it counts small)", category=code
            )  # fmt: skip
        if category == TRUMP and len(held) >= size:
            mine = sorted((trumps.strength(c) for c in play), reverse=True) == _top_three(held, trumps)
            return None if mine else Reason("s3_top", "S3: a trump 5-10-K was led — play your three highest trumps")
    rule = ("S3" if category == TRUMP else "S4") if is_five_ten_king(lead, trumps) else "F2"
    if len(held) < size:
        mine = holds(play, held)
        return None if mine else Reason(
            "play_all", f"{rule}: you hold only {len(held)} {name} — play all of them, then any cards",
            rule=rule, n=len(held), category=code,
        )  # fmt: skip
    if any(trumps.category(c) != category for c in play):
        return Reason(
            "follow_suit", f"{rule}: you still hold {name} — play {name} before other cards", rule=rule, category=code
        )
    shape = lead_shape(lead, trumps, rules.trump_tractor_by_trump_order)
    if not shape.pairs:
        return None
    search = _pair_search(tuple(held), size, trumps, rules.trump_tractor_by_trump_order)
    best = search.best(shape)
    mine_score = _score(search.shape_of(f for f, n in Counter(map(face, play)).items() if n == 2), shape)
    return None if mine_score == best else _structure_reason(shape, best, mine_score, category)


def legal_follows(
    lead: Sequence[Card], hand: Sequence[Card], trumps: Trumps, rules: TrickRules, limit: int | None = None
) -> list[tuple[Card, ...]]:
    """Every legal follow to ``lead`` from ``hand``, once by faces (identical cards are interchangeable), each sorted
    by rank then suit; at most ``limit`` of them, the forced part worked out first and free choices made lazily."""
    return list(islice(_follows(lead, hand, trumps, rules), limit))


def _follows(
    lead: Sequence[Card], hand: Sequence[Card], trumps: Trumps, rules: TrickRules
) -> Iterator[tuple[Card, ...]]:
    """The plays of ``legal_follows``, lazily."""
    size = len(lead)
    category = _led_category(lead, trumps)
    held = [c for c in hand if trumps.category(c) == category]
    if is_five_ten_king(lead, trumps):
        own = _own_five_ten_king(held, category, trumps)
        if _must_play_own(category, own, rules):
            assert own is not None
            yield play_of(list(map(face, own)), group_faces(own))
            return
        if category == TRUMP and len(held) >= size:
            yield from _highest_trumps(held, trumps)
            return
    if len(held) < size:
        yield from _all_and_any(category, hand, size, trumps)
        return
    shape = lead_shape(lead, trumps, rules.trump_tractor_by_trump_order)
    if shape.pairs:
        yield from _pair_search(tuple(held), size, trumps, rules.trump_tractor_by_trump_order).plays(shape)
        return
    groups = group_faces(held)
    yield from (play_of(faces, groups) for faces in face_multisets(_stock(groups, trumps), size))


def _stock(groups: dict[int, list[Card]], trumps: Trumps) -> list[tuple[int, int]]:
    """``(face, copies)`` of each face, strongest first (so ``face_multisets`` gives the weakest plays first)."""
    order = sorted(groups, key=lambda f: (trumps.category(f), trumps.strength(f), f), reverse=True)
    return [(f, len(groups[f])) for f in order]


def _highest_trumps(held: Sequence[Card], trumps: Trumps) -> Iterator[tuple[Card, ...]]:
    """S3: the follower's three highest trumps, choosing freely among equal ones (Q7.18 (c))."""
    top = _top_three(held, trumps)
    forced = [face(c) for c in held if trumps.strength(c) > top[-1]]
    groups = group_faces(held)
    ties = {f: cards for f, cards in groups.items() if trumps.strength(f) == top[-1]}
    for chosen in face_multisets(_stock(ties, trumps), 3 - len(forced)):
        yield play_of((*forced, *chosen), groups)


def _all_and_any(category: int, hand: Sequence[Card], size: int, trumps: Trumps) -> Iterator[tuple[Card, ...]]:
    """F2 (and S3/S4) for a short follower: every card of the led category, then any others (F6 when void)."""
    forced = [face(c) for c in hand if trumps.category(c) == category]
    others = group_faces([c for c in hand if trumps.category(c) != category])
    groups = group_faces(hand)
    for chosen in face_multisets(_stock(others, trumps), size - len(forced)):
        yield play_of((*forced, *chosen), groups)
