"""炒地皮 card order and units (other-games.md §7.6, §7.7, §7.8 "Throw decomposition", §7.9 S6): §7.15 cases 1–6,
16 and 17's trump set, the trump order and tractors for every level and trump choice, and decomposition
properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import Card, Rank, Suit, card_rank, card_suit, deck_cards, make_card, parse_cards
from paiju.trick.order import TRUMP, Trumps, natural
from paiju.trick.units import (
    Unit,
    category_of,
    decompose,
    is_five_ten_king,
    pairs_in,
    tractors_in,
)

SIX_SPADES = Trumps(Rank.SIX, Suit.SPADES)
LEVELS = [Rank(r) for r in range(13)]
TRUMP_CHOICES: list[Suit | None] = [*Suit, None]
DECK = deck_cards(2)


def cards(text: str) -> list[Card]:
    """Two-deck cards from notation."""
    return parse_cards(text, decks=2)


def units(text: str, trumps: Trumps = SIX_SPADES, by_trump_order: bool = False) -> list[tuple[str, int]]:
    """The (kind, pairs) of each unit ``text`` decomposes into."""
    return [(unit.kind, unit.pairs) for unit in decompose(cards(text), trumps, by_trump_order)]


def pair_of(rank: int, suit: Suit) -> list[Card]:
    """Both copies of one card."""
    return [make_card(rank, suit, 0), make_card(rank, suit, 1)]


#: The ranks of a suit, 2 lowest … A highest.
NATURAL = sorted(range(13), key=natural)


# --------------------------------------------------------------------------- §7.15 cases 1–6, 16, 17


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6s 6s 7s 7s", [("tractor", 2)]),
        ("5s 5s 7s 7s", [("pair", 1), ("pair", 1)]),
    ],
)
def test_case_1_trump_suit_tractor_by_natural_rank(text: str, expected: list[tuple[str, int]]) -> None:
    """§7.15 case 1 / §7.7: 「而主牌中 5577 不算拖拉机， 6677 才算」."""
    assert units(text) == expected


@pytest.mark.parametrize(("text", "length"), [("5c 5c 7c 7c", 2), ("5c 5c 7c 7c 8c 8c", 3)])
def test_case_2_side_suit_tractor_skips_the_level_rank(text: str, length: int) -> None:
    """§7.15 case 2 / §7.7: 「副牌的 5577 、 557788 也为拖拉机」."""
    assert units(text) == [("tractor", length)]


@pytest.mark.parametrize("text", ["6s 6s 6h 6h", "R R B B", "5h 5h R R"])
def test_case_3_level_joker_and_red_five_pairs_are_no_tractor(text: str) -> None:
    """§7.15 case 3 / Q7.11 (c): 「主牌的主对 6 加付对 6 等也不算拖拉机」; joker and ♥5 pairs never chain."""
    assert units(text) == [("pair", 1), ("pair", 1)]
    assert tractors_in(cards(text), SIX_SPADES) == []


def test_case_4_a_pair_is_two_identical_cards() -> None:
    """§7.15 case 4 / §7.7: 「两张花色和点数都相同的牌称为一对」: `Ah Ad` is no pair, `Ah Ah` is."""
    assert pairs_in(cards("Ah Ad"), SIX_SPADES) == []
    assert units("Ah Ad") == [("single", 0), ("single", 0)]
    assert units("Ah Ah") == [("pair", 1)]


def test_case_5_trump_order() -> None:
    """§7.15 case 5 / §7.6: 「红桃 5 > 大王 > 小王 > 主花色级牌 > 其它花色级牌 > 主花色牌 > 副牌」."""
    order = cards("5h R B 6s 6h As Ks Qs Js Ts 9s 8s 7s 5s 4s 3s 2s Ah")
    strengths = [SIX_SPADES.strength(card) for card in order]
    assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == len(strengths)
    assert {SIX_SPADES.strength(card) for card in cards("6h 6d 6c")} == {SIX_SPADES.strength(order[4])}
    assert all(SIX_SPADES.is_trump(card) for card in order[:-1]) and not SIX_SPADES.is_trump(order[-1])


def test_case_6_hearts_side_suit_closes_the_red_five_gap() -> None:
    """§7.15 case 6 / Q7.12 (c): the gap closes for every card that left the suit: `4h 4h 7h 7h` at L = 6."""
    assert units("4h 4h 7h 7h") == [("tractor", 2)]


def test_case_16_no_side_five_ten_king_when_ten_is_the_level() -> None:
    """§7.15 case 16 / S6: with L = T, `5c Tc Kc` is no 5-10-K (`Tc` is a trump); `5s Ts Ks` is a trump one."""
    ten_spades = Trumps(Rank.TEN, Suit.SPADES)
    assert not is_five_ten_king(cards("5c Tc Kc"), ten_spades)
    assert is_five_ten_king(cards("5s Ts Ks"), ten_spades)


def test_case_17_kangqi_trumps_are_red_fives_and_jokers() -> None:
    """§7.15 case 17 / §7.6: 扛旗 hand 「只有红五、大王、小王、是主」; `As` is a side card."""
    kangqi = Trumps(Rank.ACE, None, kangqi=True)
    assert sorted(card for card in DECK if kangqi.is_trump(card)) == sorted(cards("5h 5h R R B B"))
    assert kangqi.category(cards("As")[0]) == Suit.SPADES


# --------------------------------------------------------------------------- 5-10-K (S6, Q7.17)


@pytest.mark.parametrize(
    ("text", "trumps", "expected"),
    [
        ("5c Tc Kc", SIX_SPADES, True),
        ("Kc 5c Tc", SIX_SPADES, True),
        ("5h Th Kh", SIX_SPADES, False),
        ("5h Th Kh", Trumps(Rank.SIX, Suit.HEARTS), True),
        ("5s Ts Ks", Trumps(Rank.SIX, None), True),
        ("5s Ts Ks", Trumps(Rank.FIVE, None), False),
        ("5c Tc Kc", Trumps(Rank.SIX, None), True),
        ("5c Tc Kc", Trumps(Rank.ACE, None, kangqi=True), True),
        ("5c Tc Kd", SIX_SPADES, False),
        ("5c Tc Kc Kc", SIX_SPADES, False),
        ("5c Tc Kc", Trumps(Rank.KING, Suit.SPADES), False),
    ],
)
def test_five_ten_king_is_one_natural_suit_in_one_category(text: str, trumps: Trumps, expected: bool) -> None:
    """S6 / Q7.17 (c): 5, 10 and K of one natural suit, all in one category; no hearts side one, none mixing a
    level card with side cards (in no-trump every suit is a side suit), none in a side suit holding the level."""
    assert is_five_ten_king(cards(text), trumps) is expected


# --------------------------------------------------------------------------- every level × every trump choice


def _expected_trump_count(level: int, suit: Suit | None) -> int:
    """§7.6's table counted by hand: jokers, 5♥, the four level cards and the trump suit, two of each."""
    faces = {("joker", "R"), ("joker", "B"), (Rank.FIVE, Suit.HEARTS)}
    faces |= {(level, s) for s in Suit}
    if suit is not None:
        faces |= {(r, suit) for r in range(13)}
    return 2 * len(faces)


@pytest.mark.parametrize("suit", TRUMP_CHOICES)
@pytest.mark.parametrize("level", LEVELS)
def test_trump_count_for_every_level_and_trump(level: Rank, suit: Suit | None) -> None:
    """§7.6: trumps are 5♥, R, B, every level card and the trump suit (「红桃 5 永远是主牌」)."""
    trumps = Trumps(level, suit)
    assert sum(trumps.is_trump(card) for card in DECK) == _expected_trump_count(level, suit)
    assert trumps.is_trump(make_card(Rank.FIVE, Suit.HEARTS))
    top = max(DECK, key=trumps.strength)
    assert card_rank(top) == Rank.FIVE and card_suit(top) == Suit.HEARTS


@pytest.mark.parametrize("suit", TRUMP_CHOICES)
@pytest.mark.parametrize("level", LEVELS)
def test_side_suit_tractor_skips_the_level_rank_and_red_five(level: Rank, suit: Suit | None) -> None:
    """§7.7 / Q7.12 (c): in a side suit, pairs of the cards left in the suit next to each other form a tractor,
    across the level rank and (in hearts) 5♥; pairs two apart do not."""
    trumps = Trumps(level, suit)
    for side in (s for s in Suit if s != suit):
        left = [r for r in NATURAL if not trumps.is_trump(make_card(r, side))]
        assert level not in left and (side != Suit.HEARTS or Rank.FIVE not in left)
        for low, high in zip(left, left[1:], strict=False):
            found = tractors_in(pair_of(low, side) + pair_of(high, side), trumps)
            assert [(t.pairs, t.top) for t in found] == [(2, trumps.strength(make_card(high, side)))]
        for low, high in zip(left, left[2:], strict=False):
            assert tractors_in(pair_of(low, side) + pair_of(high, side), trumps) == []


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize("level", LEVELS)
def test_trump_suit_tractor_by_natural_rank_without_closing_gaps(level: Rank, suit: Suit) -> None:
    """§7.7 / Q7.11 (c): in the trump suit adjacency is natural, the level card in place, no gap closed; off-suit
    level pairs never join it (「主牌的主对 6 加付对 6 等也不算拖拉机」)."""
    trumps = Trumps(level, suit)
    ranks = [r for r in NATURAL if not (r == Rank.FIVE and suit == Suit.HEARTS)]
    for low, high in zip(ranks, ranks[1:], strict=False):
        expected = 1 if natural(high) == natural(low) + 1 else 0
        assert len(tractors_in(pair_of(low, suit) + pair_of(high, suit), trumps)) == expected
    for low, high in zip(NATURAL, NATURAL[2:], strict=False):
        assert tractors_in(pair_of(low, suit) + pair_of(high, suit), trumps) == []
    for other in (s for s in Suit if s != suit):
        assert tractors_in(pair_of(level, suit) + pair_of(level, other), trumps) == []


@pytest.mark.parametrize("level", LEVELS)
def test_no_trump_hand_has_no_trump_tractor(level: Rank) -> None:
    """§7.7 / Q7.11 (c): 「In no-trump and 扛旗 hands, only side-suit tractors exist」."""
    trumps = Trumps(level, None)
    trump_cards = [card for card in DECK if trumps.is_trump(card)]
    assert tractors_in(trump_cards, trumps) == []
    assert all(category_of([card], trumps) == TRUMP for card in trump_cards)


def test_kangqi_side_suits_keep_the_level_rank() -> None:
    """§7.6: in a 扛旗 hand the side suits run 「A K Q … 2 complete (hearts without 5)」, so nothing is skipped but
    5♥."""
    kangqi = Trumps(Rank.SIX, None, kangqi=True)
    assert units("5c 5c 6c 6c", kangqi) == [("tractor", 2)]
    assert units("5c 5c 7c 7c", kangqi) == [("pair", 1), ("pair", 1)]
    assert units("4h 4h 6h 6h", kangqi) == [("tractor", 2)]


# --------------------------------------------------------------------------- Q7.11 (ii) flag


@pytest.mark.parametrize("text", ["R R B B", "6s 6s 6h 6h", "5s 5s 7s 7s", "5h 5h R R", "As As 6d 6d"])
def test_trump_order_flag_chains_trumps_by_trump_order(text: str) -> None:
    """Q7.11 (ii), flag `trump_tractor_by_trump_order`: 「`RR+BB`, the trump-suit level pair with an off-suit
    level pair, and `5s5s7s7s` all count」."""
    assert units(text, by_trump_order=True) == [("tractor", 2)]


def test_trump_order_flag_keeps_equal_level_pairs_apart() -> None:
    """Q7.11 (ii): off-suit level cards are equal, so two off-suit level pairs are not adjacent."""
    assert units("6h 6h 6d 6d", by_trump_order=True) == [("pair", 1), ("pair", 1)]


# --------------------------------------------------------------------------- units, categories, decomposition


def test_unit_kind_size_and_top() -> None:
    """§7.7 / Q7.13 (c): a tractor compares by its highest pair, so `6s6s7s7s` tops `KsKsAsAs` at L = 6."""
    (low,) = decompose(cards("As As Ks Ks"), SIX_SPADES)
    (high,) = decompose(cards("7s 7s 6s 6s"), SIX_SPADES)
    assert (high.kind, high.size, high.pairs) == ("tractor", 4, 2) and high.top > low.top
    assert high.cards == tuple(sorted(high.cards, key=lambda c: (SIX_SPADES.strength(c), c)))
    assert Unit(tuple(cards("3c")), 0, 0).kind == "single"


def test_category_of_mixed_cards_is_none() -> None:
    """§7.6: 「Each card belongs to exactly one category」; a throw is 「within one category」."""
    assert category_of(cards("5h 3s 6c"), SIX_SPADES) == TRUMP
    assert category_of(cards("3s 3c"), SIX_SPADES) is None
    assert category_of(cards("3c Ac"), SIX_SPADES) == Suit.CLUBS
    assert category_of([], SIX_SPADES) is None


def test_pairs_in_lists_pairs_highest_first() -> None:
    """§7.7: every pair of identical cards, highest first."""
    found = pairs_in(cards("3c 3c R R 9c Ac Ac"), SIX_SPADES)
    assert [card_rank(pair[0]) for pair in found] == [Rank.RED_JOKER, Rank.ACE, Rank.THREE]


def test_decompose_takes_longest_tractors_then_pairs_then_singles() -> None:
    """§7.8 "Throw decomposition": 「Take the longest tractors first, then pairs, then singles」."""
    assert units("3c Jc Jc 9c 9c 8c 8c 7c 7c Ac Ac Kc Kc Qc") == [
        ("tractor", 3),
        ("tractor", 2),
        ("pair", 1),
        ("single", 0),
        ("single", 0),
    ]


_TRUMPS = st.builds(Trumps, st.sampled_from(LEVELS), st.sampled_from(TRUMP_CHOICES), st.booleans())


@settings(max_examples=300, deadline=None)
@given(trumps=_TRUMPS, hand=st.lists(st.sampled_from(DECK), min_size=1, max_size=30, unique=True))
def test_decompose_partitions_and_never_leaves_adjacent_pairs_unjoined(trumps: Trumps, hand: list[Card]) -> None:
    """§7.8 "Throw decomposition": the units hold exactly the cards, and no two leftover pairs (nor a leftover
    pair and a tractor) could have formed a longer tractor."""
    found = decompose(hand, trumps)
    assert sorted(card for unit in found for card in unit.cards) == sorted(hand)
    pair_cards = [card for unit in found if unit.pairs == 1 for card in unit.cards]
    assert tractors_in(pair_cards, trumps) == []
    for tractor in (unit for unit in found if unit.pairs >= 2):
        for pair in (unit for unit in found if unit.pairs == 1):
            assert [t.pairs for t in tractors_in([*tractor.cards, *pair.cards], trumps)] == [tractor.pairs]
    singles = [unit.cards[0] for unit in found if unit.pairs == 0]
    assert pairs_in(singles, trumps) == []
