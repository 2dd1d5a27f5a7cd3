"""炒地皮 throws, trick winners, points and 抠底 (other-games.md §7.8 "Throw validity" / "Failed throws", §7.9 S1,
S5, §7.10 T1–T5): §7.15 cases 9–12, 14, 15, 27–30."""

from __future__ import annotations

import pytest

from paiju.cards import Card, Rank, Suit, deck_cards, format_cards, parse_cards
from paiju.trick.order import Trumps
from paiju.trick.throws import failed_throw_lead, throw_beaters
from paiju.trick.tricks import kitty_multiplier, points, trick_winner, won_with_five_ten_king

SIX_SPADES = Trumps(Rank.SIX, Suit.SPADES)


def cards(text: str) -> list[Card]:
    """Two-deck cards from notation."""
    return parse_cards(text, decks=2)


def hands(*texts: str) -> list[list[Card]]:
    """The other players' hands ("" for an empty one)."""
    return [cards(text) if text else [] for text in texts]


def forced(lead: str, *others: str, trumps: Trumps = SIX_SPADES) -> str | None:
    """What the leader must lead instead of the throw ``lead`` (``None``: the throw stands)."""
    instead = failed_throw_lead(cards(lead), hands(*others), trumps)
    return None if instead is None else format_cards(instead)


def winner(*plays: str, trumps: Trumps = SIX_SPADES) -> int:
    """The index of the winning play, the first being the lead."""
    return trick_winner([cards(play) for play in plays], trumps)


# --------------------------------------------------------------------------- throw validity (§7.8, Q7.15)


@pytest.mark.parametrize(
    ("others", "stands"),
    [(("Kc Qc 3c", "Kc 9d", "Jc"), True), (("Kc", "", "3s 3s"), True)],
)
def test_case_10_throw_stands_when_no_club_is_higher_than_king(others: tuple[str, ...], stands: bool) -> None:
    """§7.15 case 10: `Ac Ac Kc` is valid iff nobody else holds a club higher than K; with both `Ac` in the
    thrower's hand it is valid (equal is not higher: 「不大于」)."""
    assert (forced("Ac Ac Kc", *others) is None) is stands
    assert throw_beaters(cards("Ac Ac Kc"), hands(*others), SIX_SPADES) == ()


def test_case_10_failed_throw_leads_the_beatable_unit_with_fewest_cards() -> None:
    """§7.15 case 10 / Q7.16 (c): `Kc Kc Qc` against an `Ac` fails; the leader must play `Qc` alone."""
    assert forced("Kc Kc Qc", "Ac 3d", "", "Jc") == "Qc"


def test_failed_throw_picks_the_lowest_unit_on_ties() -> None:
    """Q7.16 (c): 「the beatable unit with the fewest cards, lowest rank on ties」: both thrown singles are beaten, `Jc` is led."""
    assert forced("Ac Ac Qc Jc", "Kc 3d", "", "") == "Jc"
    assert forced("Kc Kc Qc Jc", "Ac 3d", "", "") == "Jc"


def test_failed_throw_forces_the_pair_when_only_the_pair_is_beaten() -> None:
    """§7.8: 「“对” 不大于 “甩” 出的任意一 “对”」: an opponent's `Qc Qc` beats the thrown `Jc Jc`, not `Ac`."""
    beaten = throw_beaters(cards("Ac Jc Jc"), hands("Qc Qc", "", ""), SIX_SPADES)
    assert [unit.kind for unit in beaten] == ["pair"]
    assert forced("Ac Jc Jc", "Qc Qc", "", "") == "Jc Jc"


def test_case_27_pairs_inside_a_thrown_tractor_are_checked_only_as_a_tractor() -> None:
    """§7.15 case 27 / Q7.15 (c): `3c 3c 4c 4c Ac Ac` stands against `Kc Kc`: 「pairs inside a thrown tractor are
    checked only by the tractor test」."""
    assert forced("3c 3c 4c 4c Ac Ac", "Kc Kc 9d", "Qc", "") is None


def test_case_25_pairs_do_not_stop_two_thrown_tractors() -> None:
    """§7.15 case 25: `Ac Ac Kc Kc 9c 9c 8c 8c` stands when nobody holds a club tractor higher than `9c 9c 8c 8c`;
    a follower's `Qc Qc` does not stop it."""
    assert forced("Ac Ac Kc Kc 9c 9c 8c 8c", "5c 5c 4c 4c 3c 3c 2c 2c Qc Qc", "", "") is None
    assert forced("Ac Ac Kc Kc 9c 9c 8c 8c", "Jc Jc Tc Tc", "", "") == "8c 8c 9c 9c"


def test_longer_tractor_beats_a_thrown_tractor_through_its_sub_tractor() -> None:
    """Q7.15 (c): 「A longer tractor counts through its sub-tractors」; a shorter one never beats a longer one."""
    assert forced("Ac Ac 4c 4c 3c 3c", "7c 7c 8c 8c 9c 9c", "", "") == "3c 3c 4c 4c"
    assert forced("Ac Ac 4c 4c 3c 3c 2c 2c", "7c 7c 8c 8c", "", "") is None


def test_every_other_player_counts_and_a_void_never_beats() -> None:
    """§7.8: 「其它三人」 (partner included) — any of the three hands can break it; 「若其它三人手中没有该种花色
    的牌」 — a hand void in the category (holding only higher-looking trumps) never does."""
    for seat in range(3):
        others = ["", "", ""]
        others[seat] = "Ac"
        assert forced("Kc Qc", *others) == "Qc"
    assert forced("Kc Qc", "5h R B 2s", "Ad Ad", "") is None


def test_trump_throw_is_checked_in_trumps() -> None:
    """§7.8: trump throws mixing 5♥, jokers and level cards are [standard practice]; `5h` beats a thrown `R`."""
    assert forced("R B", "5h", "", "") == "B"
    assert forced("5h R", "B B", "", "") is None


def test_one_unit_or_a_five_ten_king_is_no_throw() -> None:
    """S1 / Q7.17 (c): 「A 5, 10 and K of one suit led together are always a 5-10-K, never a throw」; one unit
    is an ordinary lead."""
    assert throw_beaters(cards("5c Tc Kc"), hands("Ac", "", ""), SIX_SPADES) == ()
    assert throw_beaters(cards("Kc Kc"), hands("Ac Ac", "", ""), SIX_SPADES) == ()


def test_a_throw_mixing_categories_is_refused() -> None:
    """§7.7: a throw is 「two or more units of one category」."""
    with pytest.raises(ValueError, match="one category"):
        throw_beaters(cards("Ac Kd"), hands("", "", ""), SIX_SPADES)


# --------------------------------------------------------------------------- T1 (single, pair, tractor)


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        (("Kd Kd", "3s 4s", "9d 2d", "2c 3c"), 0),
        (("Kd Kd", "3s 3s", "9d 2d", "2c 3c"), 1),
        (("Kd Kd", "3s 3s", "4s 4s", "2c 3c"), 2),
    ],
)
def test_case_9_a_ruff_must_be_a_trump_pair(plays: tuple[str, ...], expected: int) -> None:
    """§7.15 case 9 / T1: 「其它方即使全部出了主牌，但没有对或拖拉机，也不能算大」."""
    assert winner(*plays) == expected


def test_highest_play_of_the_led_suit_wins() -> None:
    """T1: the highest play with the lead's shape in the led category wins; another side suit never does."""
    assert winner("9d", "Ad", "Ac", "Qd") == 1
    assert winner("Kd Kd", "Ac Ac", "Ad Ad", "3d 3d") == 2


def test_a_mixed_play_never_wins() -> None:
    """T1: 「A play of another shape, or one mixing categories, never wins」."""
    assert winner("Kd Kd", "As Ad", "3d 4d", "2c 3c") == 0


@pytest.mark.parametrize(
    ("plays", "expected"),
    [(("9d", "Ad", "Ad", "3d"), 1), (("3s", "6h", "6d", "6c"), 1), (("Kd Kd", "3s 3s", "3s 3s", "2d 2d"), 1)],
)
def test_t1_ties_go_to_the_earlier_play(plays: tuple[str, ...], expected: int) -> None:
    """§7.6: 「Of two equal winning candidates, the one played first wins」 (off-suit level cards are equal)."""
    assert winner(*plays) == expected


def test_tractors_compare_by_their_highest_pair() -> None:
    """T1 / Q7.13 (c): 「`6s6s7s7s` beats `KsKsAsAs`」 at L = 6; two non-adjacent trump pairs are no tractor."""
    assert winner("3s 3s 4s 4s", "Ks Ks As As", "6s 6s 7s 7s", "2d 2d 3d 3d") == 2
    assert winner("8d 8d 9d 9d", "Ks Ks 5s 5s", "2c 3c 4c 5c", "2d 2d Td Jd") == 0
    assert winner("8d 8d 9d 9d", "Ks Ks As As", "3s 3s 4s 4s", "2d 2d Td Jd") == 1


# --------------------------------------------------------------------------- T2 (throws)


def test_case_28_a_ruff_split_into_the_throws_shapes_wins() -> None:
    """§7.15 case 28 / Q7.32 (c): `7s 7s 8s 8s 3s` ruffs `Ac Ac Qc Qc 9c` (split `7s 7s` + `8s 8s` + `3s`) unless
    a later ruff has a higher top pair than `8s 8s`."""
    throw = "Ac Ac Qc Qc 9c"
    assert winner(throw, "7s 7s 8s 8s 3s", "2c 3c 4c 5c 7c", "Ks Qs Js Ts 9s") == 1
    assert winner(throw, "7s 7s 8s 8s 3s", "9s 9s 2s 2s 3s", "2c 3c 4c 5c 7c") == 2
    assert winner(throw, "9s 9s 2s 2s 3s", "7s 7s 8s 8s 3s", "2c 3c 4c 5c 7c") == 1
    assert winner(throw, "7s 7s 8s 8s 3s", "7s 7s 8s 8s 3s", "2c 3c 4c 5c 7c") == 1


def test_a_ruff_without_the_throws_pairs_or_with_a_side_card_fails() -> None:
    """T2: 「其它方试图用主牌毙时必须也要出相应数量的拖拉机和对」, and the ruff must be all trumps."""
    throw = "Ac Ac Qc Qc 9c"
    assert winner(throw, "R B 5h As Ks", "7s 7s 8s 8s 3d", "2c 3c 4c 5c 7c") == 0


def test_a_thrown_tractor_needs_a_trump_tractor() -> None:
    """T2 / Q7.32 (c): a thrown tractor is matched only by adjacent trump pairs; the ruffs compare by their
    highest tractor."""
    throw = "Ac Ac Kc Kc 9c"
    assert winner(throw, "3s 3s 9s 9s 7s", "2c 3c 4c 5c 7c", "2d 3d 4d 5d 7d") == 0
    assert winner(throw, "3s 3s 4s 4s 7s", "As As Ks Ks 2s", "2d 3d 4d 5d 7d") == 2


def test_ruffs_compare_by_their_longest_tractor() -> None:
    """T2: ruffs compare 「by their highest unit of the most significant shape (longest tractor, else pair, else
    single)」: the higher 3-pair tractor wins even against a higher 2-pair tractor."""
    throw = "Ac Ac Kc Kc Qc Qc 8c 8c 7c 7c 3c"
    high_three = "Ts Ts Js Js Qs Qs 2s 2s 3s 3s 4s"
    high_two = "7s 7s 8s 8s 9s 9s Ks Ks As As 5s"
    assert winner(throw, high_two, high_three, "2d 3d 4d 5d 7d 8d 9d Td Jd Qd Kd") == 2


def test_a_trump_throw_cannot_be_beaten() -> None:
    """T2: 「A trump throw cannot be beaten」 [standard practice]."""
    assert winner("R R B", "5h 5h As", "6s 6s 7s", "2c 3c 4c") == 0


def test_a_ruff_splits_a_tractor_into_pairs_or_shorter_tractors() -> None:
    """Q7.32 (c): 「a tractor may be split into pairs or shorter tractors」, the split most favourable to the
    ruffer counting: `3s 3s 4s 4s 5s 5s` is three pairs, or `4s 4s 5s 5s` + `3s 3s` (top `5s`)."""
    assert winner("Ac Ac Qc Qc 9c 9c", "3s 3s 4s 4s 5s 5s", "2c 3c 4c 5c 7c 8c", "2d 3d 4d 5d 7d 8d") == 1
    throw = "Ac Ac Kc Kc 9c 9c"
    assert winner(throw, "3s 3s 4s 4s 5s 5s", "3s 3s 4s 4s 2s 2s", "2d 3d 4d 5d 7d 8d") == 1
    assert winner(throw, "3s 3s 4s 4s 5s 5s", "2s 2s 7s 7s 8s 8s", "2d 3d 4d 5d 7d 8d") == 2


# --------------------------------------------------------------------------- 5-10-K (S1, S2, S5, Q7.19)


def test_case_14_void_players_trump_five_ten_king_beats_a_side_one() -> None:
    """§7.15 case 14 / S2, S5: a follower's `5c Tc Kc` must be played and loses (「算小」); a player void in clubs
    with `5s Ts Ks` wins (「没有这门花色，而且主花色上有 5.10.K ，可以压制」)."""
    plays = [cards(text) for text in ("5c Tc Kc", "5c Tc Kc", "5s Ts Ks", "2c 3c 4c")]
    assert trick_winner(plays[:2] + plays[3:], SIX_SPADES) == 0
    assert trick_winner(plays, SIX_SPADES) == 2
    assert won_with_five_ten_king(plays, SIX_SPADES)
    assert points(card for play in plays for card in play) == 75


def test_case_15_trump_five_ten_king_lead_is_unbeatable() -> None:
    """§7.15 case 15 / S3, Q7.19 (c): `5s Ts Ks` led, followers play their three highest trumps (`5h R B`); the
    lead still wins."""
    assert winner("5s Ts Ks", "5h R B", "5h R B", "6s 6h 6d") == 0


def test_case_29_three_cards_of_a_suit_are_a_five_ten_king_not_a_throw() -> None:
    """§7.15 case 29 / S1, S5: `5c Tc Kc` stays a 5-10-K; a void player's three ordinary trumps do not win."""
    plays = [cards(text) for text in ("5c Tc Kc", "5h R B", "As As Ks", "2c 3c 4c")]
    assert trick_winner(plays, SIX_SPADES) == 0
    assert won_with_five_ten_king(plays, SIX_SPADES)


def test_the_first_trump_five_ten_king_ruff_wins() -> None:
    """S5: 「If two players do so, the first one wins」 (Q7.19: a second trump 5-10-K ruff 「算小」)."""
    assert winner("5d Td Kd", "2c 3c 4c", "5s Ts Ks", "5s Ts Ks") == 2


def test_an_ordinary_trick_is_not_won_with_a_five_ten_king() -> None:
    """O1 / Q7.20 (i): only a 5-10-K led or ruffed with counts, not 5, 10, K inside another play."""
    plays = [cards(text) for text in ("Ad Ad Qd", "5d Td Kd", "5c Tc Kc", "2c 3c 4c")]
    assert not won_with_five_ten_king(plays, SIX_SPADES)


# --------------------------------------------------------------------------- points and 抠底 (T4, T5)


def test_points_count_fives_tens_and_kings() -> None:
    """§7.1: 「each 5 = 5 points, each 10 = 10, each K = 10. 100 points per deck, 200 in total」."""
    assert points(cards("5h 5h Tc Kd R 3s As")) == 30
    assert points(deck_cards(2)) == 200


@pytest.mark.parametrize(
    ("kitty", "lead", "added"),
    [
        ("5d Td Kc 3c 4c 7h 8h 9h", "Ad Ad", 100),
        ("Kd Kd Td Td 3c 4c 7h 8h", "Qc Qc", 160),
    ],
)
def test_cases_11_and_30_kitty_capture_with_a_pair(kitty: str, lead: str, added: int) -> None:
    """§7.15 cases 11 and 30 / T5: 「若是一对牌抠底的，则为 “双抠” ， “底牌” 的分乘 4 计入总分」."""
    assert points(cards(kitty)) * kitty_multiplier(cards(lead), SIX_SPADES) == added


@pytest.mark.parametrize(
    ("lead", "multiplier"),
    [
        ("Ad", 2),
        ("Ad Ad", 4),
        ("5c 5c 7c 7c", 8),
        ("5c 5c 7c 7c 8c 8c", 16),
        ("Ac Ac Kc", 4),
        ("Ac Ac Kc Kc 9c 9c 3c", 8),
        ("5c Tc Kc", 2),
    ],
)
def test_case_12_and_t5_kitty_multiplier(lead: str, multiplier: int) -> None:
    """§7.15 case 12 / T5, Q7.21 (c): single 2, pair 4, k-pair tractor 2^(k+1) (a 3-pair tractor ×16), a throw
    its largest unit's, a 5-10-K 2."""
    assert kitty_multiplier(cards(lead), SIX_SPADES) == multiplier
