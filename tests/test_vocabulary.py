"""The table as records and the vocabulary as enums: ``PatternRules``, the option enums, ``PatternKind``,
``PhaseName`` and ``Rank`` read and write today's strings, and the generator cache stays bounded."""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from itertools import combinations
from typing import Any

import pytest

from paiju.cards import RANK_CHARS, Rank, Suit, format_ranks, make_card, parse_ranks
from paiju.climbing import Game, PhaseName, observe
from paiju.patterns import classify_ranks, generate
from paiju.patterns.generate import GENERATOR_CACHE_SIZE, generator_for
from paiju.variants import (
    PATTERN_KINDS,
    REGISTRY,
    BidStyle,
    Determination,
    DiamondAK,
    FlipTo,
    LowPair,
    PartnerRule,
    PatternKind,
    Rangpai,
    RedOverBlack,
    Selection,
    Variant,
    VariantError,
    get_variant,
)
from paiju.variants.climbing_rules import CLIMBING_RULE_KEYS
from paiju.variants.custom import custom_table
from paiju.variants.files import load_variant_toml, variant_to_toml, with_overrides
from paiju.variants.model import JSON_KEYS
from paiju.variants.pattern_rules import CLASSIC_KINDS, PATTERN_RULE_KEYS

#: (enum, the table it is tried on, the key holding it, whether that key sits in ``[speculator]``).
OPTION_FIELDS: list[tuple[type[StrEnum], str, str, bool]] = [
    (BidStyle, "classic", "bid_style", False),
    (RedOverBlack, "spec-4p3d-2c", "red_over_black", False),
    (Determination, "spec-5p3d", "determination", True),
    (Selection, "spec-4p1d", "selection", True),
    (FlipTo, "spec-4p1d", "flip_to", True),
    (Rangpai, "spec-3p1d", "rangpai", True),
    (DiamondAK, "spec-7p2d", "diamond_ak", True),
    (LowPair, "spec-4p2d", "two_low", True),
]
#: Each small-landlord rule on a table whose decks it fits.
PARTNER_TABLES = {
    PartnerRule.NONE: "spec-4p1d",
    PartnerRule.FLIP_RANK: "spec-6p2d",
    PartnerRule.PAIR_OR_BOTTOM: "spec-6p3d",
    PartnerRule.SINGLE: "spec-7p2d",
}


def _with(table: str, key: str, value: Any, speculator: bool) -> Variant:
    """``table`` with one key changed, as a TOML file or a room's rules would change it."""
    changes = {"speculator": {key: value}} if speculator else {key: value}
    return with_overrides(get_variant(table), changes)


def _round_trips(variant: Variant) -> None:
    """The table survives JSON (as a log holds it) and TOML (as a table file holds it) unchanged."""
    text = json.dumps(variant.to_json(), ensure_ascii=False)
    assert Variant.from_json(json.loads(text)) == variant
    assert load_variant_toml(variant_to_toml(variant)) == variant


# ------------------------------------------------------------------ the records
def test_the_json_keys_are_the_table_keys_plus_the_pattern_and_climbing_rule_keys() -> None:
    """to_json writes every field of the table record, of its pattern rules and of its climbing rules, flat, once
    each."""
    table = {f.name for f in dataclasses.fields(Variant)} - {"pattern_rules", "climbing"}
    assert sorted(JSON_KEYS) == sorted(table | set(PATTERN_RULE_KEYS) | set(CLIMBING_RULE_KEYS))
    assert list(get_variant("chaodipi").to_json()) == list(JSON_KEYS)
    # A table without trick rules writes no ``trick`` key, so climbing tables' JSON and logs keep their bytes.
    assert list(get_variant("classic").to_json()) == [k for k in JSON_KEYS if k != "trick"]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_to_json_holds_plain_strings_not_enums(name: str) -> None:
    """Logs and ``paiju variants --json`` hold exactly the strings they held before the enums."""

    def plain(value: Any) -> bool:
        if isinstance(value, dict):
            return all(plain(v) for v in value.values())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return type(value) in (str, int, bool, type(None))

    assert plain(REGISTRY[name].to_json())


def test_with_changes_sends_pattern_keys_to_the_pattern_rules() -> None:
    """A flat key such as straight_min changes the table's PatternRules; a table key changes the table."""
    classic = get_variant("classic")
    changed = classic.with_changes(name="short-straights", straight_min=4, spring=True)
    assert changed.pattern_rules == dataclasses.replace(classic.pattern_rules, straight_min=4)
    assert changed.climbing.spring and changed.name == "short-straights"


def test_pattern_rules_are_frozen_and_hashable_by_value() -> None:
    """Two tables with the same patterns share one equal, equally hashed PatternRules."""
    a = get_variant("spec-4p2d").pattern_rules
    b = Variant.from_json(get_variant("spec-4p2d").to_json() | {"name": "copy"}).pattern_rules
    assert a == b and hash(a) == hash(b) and a is not b
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.straight_min = 3  # type: ignore[misc]


def test_the_pattern_engine_takes_pattern_rules_or_a_table() -> None:
    """classify_ranks reads the same rules whether it is given the table or its pattern rules."""
    v = get_variant("spec-5p1d")
    ranks = parse_ranks("4567")
    assert classify_ranks(v, ranks) == classify_ranks(v.pattern_rules, ranks) != []


# ------------------------------------------------------------------ the generator cache
def test_equal_rules_share_one_generator() -> None:
    """Custom tables of different sizes but the same patterns reuse one generator."""
    tables = [custom_table(4, 1, 13, 2, 4, 1), custom_table(3, 1, 17, 3, 2, 1)]
    tables += [custom_table(4, 2, 25, 8, 8, 3), custom_table(6, 2, 17, 6, 6, 1)]
    one_deck, two_decks = (t.pattern_rules for t in tables[::2])
    assert tables[1].pattern_rules == one_deck and tables[3].pattern_rules == two_decks
    assert generator_for(tables[0].pattern_rules) is generator_for(tables[1].pattern_rules)
    assert generator_for(tables[2].pattern_rules) is generator_for(tables[3].pattern_rules)


def test_a_thousand_custom_tables_do_not_grow_the_generator_cache() -> None:
    """Every table with new patterns builds a generator, but at most GENERATOR_CACHE_SIZE are kept."""
    classic = get_variant("classic")
    optional = [k for k in PATTERN_KINDS if k not in ("single", "bomb", "joker-bomb")]
    kinds = [frozenset(c) | {"single", "bomb", "joker-bomb"} for n in (3, 4, 5, 6) for c in combinations(optional, n)]
    tables = [classic.with_changes(name=f"custom-{i}", patterns=k) for i, k in enumerate(kinds[:1000])]
    assert len({t.pattern_rules for t in tables}) == 1000
    hand = [make_card(r, Suit.SPADES) for r in range(8)]
    for table in tables:
        generate(table, hand)
        assert generator_for.cache_info().currsize <= GENERATOR_CACHE_SIZE
    assert generator_for.cache_info().currsize == GENERATOR_CACHE_SIZE


# ------------------------------------------------------------------ option enums
@pytest.mark.parametrize(
    "enum, table, key, speculator, member",
    # rangpai = auction is a known value that every table refuses (speculator.md §15: no grab round yet).
    [(e, t, k, s, m) for e, t, k, s in OPTION_FIELDS for m in e if m is not Rangpai.AUCTION],
)
def test_every_option_value_round_trips_as_its_enum(
    enum: type[StrEnum], table: str, key: str, speculator: bool, member: StrEnum
) -> None:
    """Each option value read from JSON or TOML becomes its enum member, and writes back as the same string."""
    value = [member.value] if key == "two_low" else member.value
    variant = _with(table, key, value, speculator)
    record = variant.pattern_rules if key in PATTERN_RULE_KEYS else variant.climbing if key in CLIMBING_RULE_KEYS else variant
    held = getattr(variant.speculator if speculator else record, key)
    assert (held[0] if key == "two_low" else held) is member
    _round_trips(variant)
    written = variant.to_json()["speculator" if speculator else key]
    assert (written[key] if speculator else written) == value


@pytest.mark.parametrize("rule, table", PARTNER_TABLES.items())
def test_every_partner_rule_round_trips(rule: PartnerRule, table: str) -> None:
    """§7's small-landlord rules, each on a table whose decks fit it."""
    variant = get_variant(table)
    assert variant.speculator is not None and variant.speculator.partner is rule
    _round_trips(variant)


def test_every_pattern_kind_round_trips() -> None:
    """The classic table plays every classic kind; they come back as PatternKind members in display order."""
    classic = get_variant("classic")
    assert classic.to_json()["patterns"] == [k.value for k in PatternKind if k in CLASSIC_KINDS]
    assert all(isinstance(k, PatternKind) for k in Variant.from_json(classic.to_json()).pattern_rules.patterns)
    assert all(isinstance(m.kind, PatternKind) for m in classify_ranks(classic, parse_ranks("33344456")))


@pytest.mark.parametrize(
    "key, value, speculator, allowed",
    [
        ("selection", "sometimes", True, "'card', 'previous', 'previous_if_in_bottom'"),
        ("partner", "anyone", True, "'', 'flip-rank', 'pair-or-bottom', 'single'"),
        ("two_low", ["46"], True, "'44', '55', '45'"),
        ("red_over_black", "never", False, "'any', 'equal_or_higher'"),
        ("patterns", ["single", "wheel"], False, "'single', 'pair', 'triple'"),
        ("bid_style", "auction", False, "'points'"),
    ],
)
def test_an_unknown_option_value_is_refused_with_the_allowed_ones(
    key: str, value: Any, speculator: bool, allowed: str
) -> None:
    """JSON, TOML and room rules refuse a value no enum member has, and say which values exist."""
    with pytest.raises(VariantError) as err:
        _with("spec-4p1d", key, value, speculator)
    assert f"{key} " in str(err.value) and f"use one of {allowed}" in str(err.value)
    section = f"\n[speculator]\n{key} = {json.dumps(value)}\n" if speculator else f"{key} = {json.dumps(value)}\n"
    with pytest.raises(VariantError, match="use one of"):
        load_variant_toml('inherits = "spec-4p1d"\nname = "x"\n' + section)


# ------------------------------------------------------------------ phases and ranks
def test_phase_names_are_the_strings_views_hold() -> None:
    """A hand's phase is a PhaseName; its view's JSON holds the plain string."""
    assert [p.value for p in PhaseName] == [
        "open_start", "gift", "bid", "grab", "choose", "open", "partner", "declare", "identity", "double", "play", "over"
    ]
    game = Game(get_variant("classic"), seed=1)
    assert game.phase is PhaseName.BID and game.phase == "bid"
    phase = observe(game, 0).to_json()["phase"]
    assert phase == "bid" and type(phase) is str


def test_ranks_carry_their_notation_and_work_as_ints() -> None:
    """Rank.char and Rank.from_char follow the notation; functions taking rank ints take a Rank."""
    assert "".join(r.char for r in Rank) == RANK_CHARS
    assert all(Rank.from_char(r.char) is r for r in Rank)
    assert Rank.from_char("10") is Rank.TEN and Rank.from_char("b") is Rank.BLACK_JOKER
    assert make_card(Rank.SEVEN, Suit.CLUBS) == make_card(4, Suit.CLUBS)
    assert format_ranks([Rank.TEN, Rank.THREE]) == "3T"
    with pytest.raises(ValueError, match="not a rank"):
        Rank.from_char("X")
