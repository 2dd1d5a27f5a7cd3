"""``PatternRules``: the part of a table the pattern engine reads, a frozen, hashable value.

Equal rules build equal move lists, so the engine caches its generators by this value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Protocol

from paiju.variants.options import RedOverBlack, TextEnum, coerce_options, option_problems
from paiju.variants.problems import Problem, VariantError

__all__ = [
    "CLASSIC_KINDS",
    "PATTERN_KINDS",
    "QUAD_KINDS",
    "HasPatternRules",
    "PatternKind",
    "PatternRules",
    "VariantError",
    "bomb_class_size",
    "is_rank_bomb",
]


class PatternKind(TextEnum):
    """Every pattern kind the engine knows, in display order; the values are the log's kind strings."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    TRIPLE_SINGLE = "triple+single"
    TRIPLE_PAIR = "triple+pair"
    STRAIGHT = "straight"
    PAIR_CHAIN = "pair-chain"
    TRIPLE_CHAIN = "triple-chain"
    AIRPLANE_SINGLES = "airplane+singles"
    AIRPLANE_PAIRS = "airplane+pairs"
    FOUR_TWO_SINGLES = "four+two-singles"
    FOUR_TWO_PAIRS = "four+two-pairs"
    #: 斗帝主 (other-games.md §6.3): four of a rank that is no bomb, and the patterns built on it.
    QUAD = "quad"
    QUAD_CHAIN = "quad-chain"
    FOUR_THREE = "four+three"
    CARRIER = "carrier"
    DRESS = "dress"
    SPACESHIP = "spaceship"
    BOMB = "bomb"
    JOKER_BOMB = "joker-bomb"


#: Every pattern kind the engine knows, in display order.
PATTERN_KINDS: tuple[PatternKind, ...] = tuple(PatternKind)
#: The kinds 斗帝主 adds (other-games.md §6.3): a quad that is no bomb, and the patterns built on quads.
QUAD_KINDS: frozenset[PatternKind] = frozenset({
    PatternKind.QUAD, PatternKind.QUAD_CHAIN, PatternKind.FOUR_THREE,
    PatternKind.CARRIER, PatternKind.DRESS, PatternKind.SPACESHIP,
})  # fmt: skip
#: The kinds of classic Dou Dizhu (§3.4), every table's default; a table plays ``QUAD_KINDS`` only when it names them.
CLASSIC_KINDS: frozenset[PatternKind] = frozenset(PatternKind) - QUAD_KINDS

_BOMB_CLASS = re.compile(r"^(?:bomb|soft|wild)(\d+)$|^([BR]{2,6})$")
#: Classes of N cards of one rank: natural (``bombN``), natural and wild (``softN``, 软炸弹), wild alone (``wildN``, 纯癞子炸弹).
_RANK_CLASSES = ("bomb", "soft", "wild")
#: Longest chain: 3 to A.
_LONGEST = 12


def bomb_class_size(name: str) -> int:
    """Cards in a bomb class: ``bomb5`` → 5, ``soft4`` → 4, ``BBRR`` → 4; raises on an unknown name."""
    m = _BOMB_CLASS.match(name)
    if m is None:
        raise VariantError(Problem(
            "not_bomb_class",
            f"bomb ladder: {name!r} is not a bomb class (use bombN for N of a kind, softN for N of a kind "
            "with wild cards, wildN for N wild cards alone, or a joker set such as BR, BB, BBRR)",
            bomb=str(name),
        ))
    return int(m.group(1)) if m.group(1) else len(name)


def is_rank_bomb(name: str) -> bool:
    """Whether a bomb class is cards of one rank (``bomb4``, ``soft4``, ``wild4``) rather than a joker set."""
    return name.startswith(_RANK_CLASSES)


@dataclass(frozen=True)
class PatternRules:
    """Which patterns a table plays and how they compare: everything ``paiju.patterns`` reads.

    Field names are the table's keys in JSON and TOML files (``Variant.to_json`` writes them flat).
    """

    #: The pattern kinds the table allows.
    patterns: frozenset[PatternKind] = CLASSIC_KINDS
    straight_min: int = 5
    #: Longest straight (12 = no limit: 3 to A); 5p1d plays straights of exactly 4.
    straight_max: int = _LONGEST
    pair_chain_min: int = 3
    #: Most pairs in a pair chain (12 = no limit); 5p1d plays pair chains of exactly 2 pairs.
    pair_chain_max: int = _LONGEST
    triple_chain_min: int = 2
    airplane_min: int = 2
    #: ``BB`` and ``RR`` count as pairs (two-deck tables).
    joker_pairs: bool = False
    #: Both jokers may be two single kickers (other-games.md C6 K3).
    rocket_kickers: bool = True
    #: The two kickers of a four+two must differ in rank (speculator tables: 不重复).
    distinct_four_two_kickers: bool = False
    #: Bomb classes from weakest to strongest; classes in one tuple share a tier.
    bomb_ladder: tuple[tuple[str, ...], ...] = (("bomb4",), ("BR",))
    #: Bomb classes whose play doubles the stake.
    doubling_bombs: frozenset[str] = frozenset({"bomb4", "BR"})
    #: 双色 (speculator.md §14): combinations are bound to one colour, red beats black.
    two_colour: bool = False
    #: §14 option: red beats black at ``any`` rank, or at an ``equal_or_higher`` one.
    red_over_black: RedOverBlack = RedOverBlack.ANY
    #: 癞子 W3 (other-games.md §1.3, Q1.8): the engine places a chain's wild cards (gaps, then upwards to A,
    #: the rest below), one reading per chain; off, each placement is a reading (speculator.md §10).
    chain_wilds_placed: bool = False
    #: 癞子 Q1.17 (ii): a pair, trio or quad of wild cards only, inside a play with natural cards, keeps the
    #: wild cards' face rank; off (i), it stands for any rank 3…2 like every wild card beside natural cards.
    all_wild_group_face_rank: bool = False
    #: Fewest quads in a quad sequence, an aircraft carrier and a spaceship (斗帝主 §6.3: 2).
    quad_chain_min: int = 2

    def __post_init__(self) -> None:
        coerce_options(self, _OPTIONS)

    @cached_property
    def _hash(self) -> int:
        """The hash, computed once: the generator cache hashes these rules on every move list."""
        return hash(tuple(getattr(self, name) for name in PATTERN_RULE_KEYS))

    def __hash__(self) -> int:
        return self._hash

    def problems(self, decks: int) -> Iterator[Problem]:
        """What does not add up within these rules on a table of ``decks`` decks."""
        for name, least, most in (
            ("straight", self.straight_min, self.straight_max),
            ("pair_chain", self.pair_chain_min, self.pair_chain_max),
        ):
            if not least <= most <= _LONGEST:
                yield Problem(
                    "chain_max_range", f"{name}_max = {most}: must lie between {name}_min ({least}) and {_LONGEST}",
                    rule=f"{name}_max", most=most, least=least, longest=_LONGEST,
                )
        for name, value in (
            ("straight_min", self.straight_min),
            ("pair_chain_min", self.pair_chain_min),
            ("triple_chain_min", self.triple_chain_min),
            ("airplane_min", self.airplane_min),
            ("quad_chain_min", self.quad_chain_min),
        ):
            if value < 2:
                yield Problem("chain_min_too_small", f"{name} = {value}: must be at least 2", rule=name, value=value, least=2)
        yield from self._ladder_problems(decks)
        yield from option_problems(self, _OPTIONS)

    def _ladder_problems(self, decks: int) -> Iterator[Problem]:
        """Bomb classes that are unknown, repeated, larger than the decks hold, or of a kind not played."""
        seen: set[str] = set()
        for tier in self.bomb_ladder:
            if not tier:
                yield Problem("ladder_empty_tier", "bomb ladder: an empty tier")
            for cls in tier:
                try:
                    size = bomb_class_size(cls)
                except VariantError as err:
                    yield from err.problems
                    continue
                if cls in seen:
                    yield Problem("ladder_twice", f"bomb ladder: {cls!r} appears twice", bomb=cls)
                seen.add(cls)
                if is_rank_bomb(cls) and not 2 <= size <= 4 * decks:
                    yield Problem(
                        "ladder_bomb_too_large", f"bomb ladder: {cls!r} needs {size} of a kind; {decks} deck(s) hold {4 * decks}",
                        bomb=cls, size=size, decks=decks, cards=4 * decks,
                    )
                if not is_rank_bomb(cls) and (cls.count("B") > decks or cls.count("R") > decks):
                    yield Problem(
                        "ladder_too_many_jokers", f"bomb ladder: {cls!r} needs more jokers than {decks} deck(s) hold",
                        bomb=cls, decks=decks,
                    )
        if seen and "bomb" not in self.patterns and any(is_rank_bomb(c) for c in seen):
            yield Problem("ladder_bombs_not_played", "bomb ladder lists bombs but 'bomb' is not among the patterns")
        if any(not is_rank_bomb(c) for c in seen) and "joker-bomb" not in self.patterns:
            yield Problem("ladder_jokers_not_played", "bomb ladder lists joker bombs but 'joker-bomb' is not among the patterns")
        stray = self.doubling_bombs - seen
        if stray:
            yield Problem(
                "doubling_not_on_ladder", f"doubling_bombs: {sorted(stray)} are not on the bomb ladder", bombs=",".join(sorted(stray))
            )

    @property
    def pattern_rules(self) -> PatternRules:
        """These rules themselves: the pattern engine takes rules and tables alike (``HasPatternRules``)."""
        return self

    @cached_property
    def bomb_tiers(self) -> dict[str, int]:
        """Bomb class name → tier (0 = weakest bomb)."""
        return {cls: i for i, tier in enumerate(self.bomb_ladder) for cls in tier}


#: The keys of ``PatternRules`` in a table's JSON, in field order.
PATTERN_RULE_KEYS: tuple[str, ...] = tuple(PatternRules.__dataclass_fields__)
_OPTIONS: dict[str, type[StrEnum]] = {"patterns": PatternKind, "red_over_black": RedOverBlack}


class HasPatternRules(Protocol):
    """What the pattern engine takes: a table (``Variant``) or its ``PatternRules`` themselves."""

    @property
    def pattern_rules(self) -> PatternRules:
        """The table's pattern rules."""
        ...
