"""The classic variant as data, and variant validation."""

from __future__ import annotations

import dataclasses

import pytest

from paiju.cards import deck_cards
from paiju.variants import BidStyle, Variant, VariantError, get_variant, variant_names
from paiju.variants.climbing_rules import CLIMBING_RULE_KEYS, ClimbingRules
from paiju.variants.pattern_rules import CLASSIC_KINDS


@pytest.fixture
def classic() -> Variant:
    """The classic three-player table (§3)."""
    return get_variant("classic")


def test_classic_is_registered() -> None:
    """§3 三人斗地主 is available as 'classic'."""
    assert "classic" in variant_names()
    assert isinstance(get_variant("classic"), Variant)


def test_unknown_variant_names_the_known_ones() -> None:
    """Asking for a table that does not exist is an error listing the known tables."""
    with pytest.raises(VariantError, match="classic"):
        get_variant("no-such-table")


def test_classic_setup(classic: Variant) -> None:
    """§3.1: 3 players, 54 cards, "17 each; 3 bottom cards", the landlord holds 20."""
    assert classic.players == 3
    assert classic.decks == 1
    assert classic.removed_ranks == ""
    assert classic.hand_size == 17
    assert classic.bottom_size == 3
    assert classic.landlord_hand_size == 20
    assert classic.cards_in_play == 54


def test_classic_cards_add_up(classic: Variant) -> None:
    """§3.1: 3 × 17 + 3 = 54 cards, the whole deck with both jokers."""
    assert classic.players * classic.hand_size + classic.bottom_size == classic.cards_in_play
    assert len(deck_cards(classic.decks, classic.removed_rank_indices)) == classic.cards_in_play


def test_classic_bottom_is_shown(classic: Variant) -> None:
    """§3.1: 「地主拿到的3張底牌要亮出給兩個農民看」."""
    assert classic.bottom_shown is True


def test_a_climbing_tables_switches_are_grouped_in_its_climbing_rules_and_flat_in_json() -> None:
    """The auction, the multipliers and 癞子's, 五人's and 斗帝主's extra steps are one record, as a trick table's
    rules are: the table record holds none of them itself, JSON and TOML keep them flat, and a flat change lands in
    the record."""
    assert set(CLIMBING_RULE_KEYS).isdisjoint(f.name for f in dataclasses.fields(Variant))
    laizi = get_variant("laizi")
    on = {"single_round_auction", "spring", "open_start", "open_landlord", "grab_round", "wild_rank"}
    assert laizi.climbing == ClimbingRules(**{key: True for key in on})
    assert {key: laizi.to_json()[key] for key in on} == {key: True for key in on}
    assert Variant.from_json(laizi.to_json()) == laizi
    changed = get_variant("classic").with_changes(spring=True, bid_style="marked")
    assert changed.climbing.spring and changed.climbing.bid_style is BidStyle.MARKED


def test_classic_auction_and_scoring_flags(classic: Variant) -> None:
    """§3.2 / Q3.3 / Q3.10: bids 1-3 「定約只有1分、2分和3分3種」, literal auction, no spring."""
    assert classic.climbing.max_bid == 3
    assert classic.climbing.single_round_auction is False
    assert classic.climbing.spring is False


def test_classic_has_all_thirteen_patterns(classic: Variant) -> None:
    """§3.4: 「斗地主有13種合法的牌型可以出」 (four-with-two split into 13a and 13b)."""
    assert classic.pattern_rules.patterns == CLASSIC_KINDS
    assert len(CLASSIC_KINDS) == 14
    assert CLASSIC_KINDS == {
        "single", "pair", "triple", "triple+single", "triple+pair", "straight", "pair-chain",
        "triple-chain", "airplane+singles", "airplane+pairs", "four+two-singles",
        "four+two-pairs", "bomb", "joker-bomb",
    }


def test_classic_chain_minimums(classic: Variant) -> None:
    """§3.4: straight ≥5, pair sequence ≥3 pairs, trio sequence and airplanes ≥2 trios."""
    assert classic.pattern_rules.straight_min == 5
    assert classic.pattern_rules.pair_chain_min == 3
    assert classic.pattern_rules.triple_chain_min == 2
    assert classic.pattern_rules.airplane_min == 2


def test_classic_kicker_flags(classic: Variant) -> None:
    """C6 K3 `allow_rocket_as_kickers=True`; §3.4 「不能帶一對怪」 (jokers never pair)."""
    assert classic.pattern_rules.rocket_kickers is True
    assert classic.pattern_rules.joker_pairs is False
    assert classic.pattern_rules.distinct_four_two_kickers is False


def test_classic_bomb_ladder(classic: Variant) -> None:
    """§3.5: rocket `BR` > bomb `2222` > … > `3333`; C7: bombs and rockets double."""
    assert classic.pattern_rules.bomb_ladder == (("bomb4",), ("BR",))
    assert classic.pattern_rules.bomb_tiers == {"bomb4": 0, "BR": 1}
    assert classic.pattern_rules.doubling_bombs == frozenset({"bomb4", "BR"})


def test_variant_is_frozen(classic: Variant) -> None:
    """A variant is an immutable value."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        classic.hand_size = 18  # type: ignore[misc]
    assert get_variant("classic").hand_size == 17


def test_with_changes_returns_a_new_validated_variant(classic: Variant) -> None:
    """with_changes builds a new table and leaves the original alone."""
    four = classic.with_changes(name="four-two-decks", players=4, decks=2, hand_size=25, bottom_size=8)
    assert four.players == 4 and four.cards_in_play == 108
    assert classic.players == 3 and classic.decks == 1
    no_rocket_kickers = classic.with_changes(rocket_kickers=False)
    assert no_rocket_kickers.pattern_rules.rocket_kickers is False and classic.pattern_rules.rocket_kickers is True


def test_cards_that_do_not_add_up_are_refused(classic: Variant) -> None:
    """3 × 18 + 3 = 57 cards cannot be dealt from a 54-card deck."""
    with pytest.raises(VariantError) as err:
        classic.with_changes(hand_size=18)
    message = str(err.value)
    assert "add up" in message
    assert "57" in message and "54" in message


def test_removed_ranks_must_add_up_too(classic: Variant) -> None:
    """Removing the 3s leaves 50 cards, which 3 × 17 + 3 does not match."""
    with pytest.raises(VariantError, match="add up"):
        classic.with_changes(removed_ranks="3")


def test_unknown_pattern_kind_is_named(classic: Variant) -> None:
    """Every pattern kind must be one the engine knows."""
    with pytest.raises(VariantError, match="wheel"):
        classic.with_changes(patterns=frozenset({"single", "pair", "wheel"}))


@pytest.mark.parametrize(
    "ladder, named",
    [
        ((("bomb4",), ("XYZ",)), "XYZ"),
        ((("bomb5",), ("BR",)), "bomb5"),
        ((("bomb4",), ("BBRR",)), "BBRR"),
        ((("bomb4",), ("bomb4",), ("BR",)), "bomb4"),
    ],
)
def test_bad_bomb_ladder_entry_is_named(classic: Variant, ladder: tuple[tuple[str, ...], ...], named: str) -> None:
    """A bomb ladder entry must be a bomb class the table's decks can hold, listed once."""
    with pytest.raises(VariantError) as err:
        classic.with_changes(bomb_ladder=ladder)
    assert named in str(err.value)
    assert "bomb ladder" in str(err.value)


def test_unknown_key_in_with_changes_is_named(classic: Variant) -> None:
    """with_changes refuses a field the variant does not have, naming it."""
    with pytest.raises(VariantError, match="hand_sise"):
        classic.with_changes(hand_sise=18)


def test_variant_error_is_a_value_error() -> None:
    """Validation failures raise a ValueError subclass."""
    assert issubclass(VariantError, ValueError)
