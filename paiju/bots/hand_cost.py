"""What a hand costs to play out on a table (``plan_cost``) and what it is worth in the bidding (``hand_strength``):
the rule of thumb's measure of a hand, read from the shapes a table's patterns allow (``Shapes``). The search reads
it too, to keep a long lead list's plays that leave the cheapest hands. Compiled (the ``_cost`` extension) where it
is built; ``_plan_cost`` is its oracle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER
from paiju.patterns.compiled import load_extension
from paiju.patterns.generate import compiled_module
from paiju.variants.pattern_rules import PatternKind, PatternRules

__all__ = ["CLASSIC_SHAPES", "WILD_CREDIT", "Shapes", "hand_strength", "plan_cost", "wild_cost"]

_TWO = 12
_ACE = 11


def _take_runs(c: list[int], width: int, least: int) -> int:
    """Greedily remove the longest runs (ranks 3…A, ``width`` cards each, ≥ ``least`` links)."""
    runs = 0
    while True:
        best: tuple[int, int] | None = None
        start = 0
        while start <= _ACE:
            end = start
            while end <= _ACE and c[end] >= width:
                end += 1
            if end - start >= least and (best is None or end - start > best[1] - best[0]):
                best = (start, end)
            start = max(end, start + 1)
        if best is None:
            return runs
        for r in range(*best):
            c[r] -= width
        runs += 1


@dataclass(frozen=True, eq=False)
class Shapes:
    """What ``plan_cost`` reads of a table's patterns (``PatternRules``): the fewest links of each chain, the fewest
    cards of one rank that bomb, whether four of a kind is a play of its own (斗帝主's quad, §6.3) and what a trio and
    a quad may carry. The defaults are classic's. One value per table (``of``), told apart by identity: a hand's
    cost is remembered by it."""

    straight_min: int = 5
    pair_chain_min: int = 3
    triple_chain_min: int = 2
    #: Fewest quads in a quad chain (0: the table has none).
    quad_chain_min: int = 0
    #: Fewest cards of one rank that make a bomb (4 on classic, 5 on 斗帝主).
    bomb_size: int = 4
    #: A trio may carry a single (classic's three-with-one); else a pair only.
    single_kickers: bool = True
    #: A quad may carry a trio (斗帝主's four-with-three and dress).
    quad_kickers: bool = False
    #: The jokers that bomb together: one of each (``BR``), or two of each (斗帝主's ``BBRR``); ``""``: none.
    joker_bomb: str = "BR"
    #: ``BB`` and ``RR`` are pairs.
    joker_pairs: bool = False

    @cached_property
    def packed(self) -> tuple[int, ...]:
        """The nine numbers the compiled cost reads, in its order (the jokers that bomb as 0, 1 or 2 of each)."""
        jokers = {"": 0, "BR": 1, "BBRR": 2}[self.joker_bomb]
        return (
            self.straight_min, self.pair_chain_min, self.triple_chain_min, self.quad_chain_min, self.bomb_size,
            int(self.single_kickers), int(self.quad_kickers), jokers, int(self.joker_pairs),
        )  # fmt: skip

    @staticmethod
    @cache
    def of(rules: PatternRules) -> Shapes:
        """The shapes of a table whose patterns are ``rules`` (read once per table)."""
        kinds, classes = rules.patterns, {c for tier in rules.bomb_ladder for c in tier}
        sizes = [int(c[4:]) for c in classes if c.startswith("bomb") and c[4:].isdigit()]
        return Shapes(
            straight_min=rules.straight_min,
            pair_chain_min=rules.pair_chain_min,
            triple_chain_min=rules.triple_chain_min,
            quad_chain_min=rules.quad_chain_min if PatternKind.QUAD_CHAIN in kinds else 0,
            bomb_size=min(sizes, default=4),
            single_kickers=PatternKind.TRIPLE_SINGLE in kinds,
            quad_kickers=PatternKind.FOUR_THREE in kinds,
            joker_bomb="BR" if "BR" in classes else "BBRR" if "BBRR" in classes else "",
            joker_pairs=rules.joker_pairs,
        )


#: Classic's shapes: ``plan_cost`` and ``hand_strength`` without a table.
CLASSIC_SHAPES = Shapes()


#: The compiled ``_plan_cost``, or ``None`` where it is not built or the compiled path is turned off.
_COST = load_extension("paiju.bots._cost", "hand cost")
#: How many hands the pure-Python ``plan_cost`` remembers before it starts afresh (about 20 MB at most).
_REMEMBERED = 1 << 16
#: The hands weighed so far in Python, by rank counts and table: a search's rollouts weigh the same hands again and
#: again (it saves a third of a rollout on classic).
_KNOWN: dict[tuple[tuple[int, ...], Shapes], float] = {}


def plan_cost(counts: Sequence[int], shapes: Shapes = CLASSIC_SHAPES) -> float:
    """Roughly how many plays the hand needs on a table of ``shapes``, less credit for cards that win tricks
    (compiled where it is built and in use, else worked out in Python and remembered: ``_KNOWN``)."""
    if _COST is not None and compiled_module() is not None:
        compiled: float = _COST.plan_cost(counts, shapes.packed)
        return compiled
    key = (tuple(counts), shapes)
    found = _KNOWN.get(key)
    if found is None:
        if len(_KNOWN) >= _REMEMBERED:
            _KNOWN.clear()
        found = _KNOWN[key] = _plan_cost(key[0], shapes)
    return found


def _plan_cost(counts: tuple[int, ...], shapes: Shapes) -> float:
    """``plan_cost`` worked out."""
    c = list(counts)
    cost = 0.0
    jokers = 1 if shapes.joker_bomb == "BR" else 2
    if shapes.joker_bomb and c[BLACK_JOKER] >= jokers and c[RED_JOKER] >= jokers:
        cost -= 1.0
        c[BLACK_JOKER] -= jokers
        c[RED_JOKER] -= jokers
    for r in range(_TWO + 1):
        if c[r] >= shapes.bomb_size:
            cost -= 0.5
            c[r] = 0 if c[r] > 4 else c[r] - 4  # a bomb of five or more is played whole
    held = sum(c)
    if shapes.quad_chain_min:
        cost += _take_runs(c, 4, shapes.quad_chain_min)
    chained = (held - sum(c)) // 4  # quads in chains: each may carry a trio (航母)
    cost += (
        _take_runs(c, 3, shapes.triple_chain_min)
        + _take_runs(c, 2, shapes.pair_chain_min)
        + _take_runs(c, 1, shapes.straight_min)
    )
    quads = sum(1 for r in range(_TWO + 1) if c[r] == 4)  # a play of its own where four do not bomb
    triples = sum(1 for r in range(_TWO + 1) if c[r] == 3)
    paired = NUM_RANKS if shapes.joker_pairs else _TWO + 1
    pairs = [r for r in range(paired) if c[r] == 2]
    singles = [r for r in range(NUM_RANKS) if c[r] == 1]
    carried = min(quads + chained, triples) if shapes.quad_kickers else 0  # trios quads carry (四带三, 航母)
    kickable = len(pairs) + (len(singles) if shapes.single_kickers else 0)
    cost += quads + triples + len(pairs) + len(singles) - carried - min(triples - carried, kickable)
    # High cards win tricks: they cost less than low ones.
    cost -= 0.5 * sum(1 for r in singles + pairs if r >= _TWO)
    cost -= 0.2 * sum(1 for r in singles + pairs if r == _ACE)
    return cost


def hand_strength(counts: Sequence[int], shapes: Shapes = CLASSIC_SHAPES) -> float:
    """Bidding strength: jokers, 2s, aces and bombs, less the cost of playing the rest (on a table of ``shapes``)."""
    bombs = sum(1 for r in range(_TWO + 1) if counts[r] >= shapes.bomb_size)
    jokers = 1 if shapes.joker_bomb == "BR" else 2
    rocket = 1 if shapes.joker_bomb and counts[BLACK_JOKER] >= jokers and counts[RED_JOKER] >= jokers else 0
    return (
        2.0 * counts[RED_JOKER]
        + 1.5 * counts[BLACK_JOKER]
        + 1.0 * counts[_TWO]
        + 0.4 * counts[_ACE]
        + 2.0 * bombs
        + 1.0 * rocket
        - 0.25 * plan_cost(counts, shapes)
    )


#: What a wild card is worth beside the plays it is not in (``wild_cost``): about one play saved, as it completes a
#: pair, a trio, a bomb or a chain's gap wherever the hand needs one.
WILD_CREDIT = 1.0


def wild_cost(counts: Sequence[int], wild_ranks: Sequence[int], shapes: Shapes = CLASSIC_SHAPES) -> float:
    """``plan_cost`` of a hand whose held cards of ``wild_ranks`` are wild (each standing for any rank 3…2: 癞子):
    the natural cards' cost, less ``WILD_CREDIT`` a wild card. A wild card is weighed by what it can complete, not
    by its own rank, so a play spends one only where that saves more than it is worth."""
    c = list(counts)
    wilds = 0
    for r in wild_ranks:
        wilds, c[r] = wilds + c[r], 0
    return plan_cost(c, shapes) - WILD_CREDIT * wilds
