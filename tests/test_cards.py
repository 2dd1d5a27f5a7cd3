"""Card notation and card ids (other-games.md §0.2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import (
    RANK_CHARS,
    Colour,
    InvalidCardsError,
    Suit,
    card_colour,
    card_deck,
    card_rank,
    card_suit,
    copy_of,
    deck_cards,
    face,
    format_cards,
    format_ranks,
    make_card,
    parse_cards,
    parse_ranks,
    rank_counts,
    sort_cards,
)

TEN = RANK_CHARS.index("T")
BLACK_JOKER = RANK_CHARS.index("B")
RED_JOKER = RANK_CHARS.index("R")


def r(ch: str) -> int:
    """Rank index of a rank character."""
    return RANK_CHARS.index(ch)


# ----------------------------------------------------------------- rank characters


def test_rank_characters_run_three_to_two_then_jokers() -> None:
    """§0.2: "Ranks are `3 4 5 6 7 8 9 T J Q K A 2` (T = 10)", jokers `B` and `R`."""
    assert RANK_CHARS == "3456789TJQKA2BR"


def test_parse_ranks_gives_rank_indices() -> None:
    """§0.2: `TTTKK` = three tens plus two kings."""
    assert parse_ranks("TTTKK") == [TEN, TEN, TEN, r("K"), r("K")]


def test_ten_may_be_written_t_or_10() -> None:
    """§0.2: "(T = 10)"."""
    assert parse_ranks("10") == [TEN]
    assert parse_ranks("10 10 T") == [TEN, TEN, TEN]
    assert parse_cards("10s") == parse_cards("Ts")
    assert format_ranks(parse_ranks("10JQKA")) == "TJQKA"


def test_jokers_are_b_and_r() -> None:
    """§0.2: "Jokers are `B` (black/small joker …) and `R` (red/big joker …)"."""
    assert parse_ranks("BR") == [BLACK_JOKER, RED_JOKER]
    b, red = parse_cards("B R")
    assert card_rank(b) == BLACK_JOKER and card_rank(red) == RED_JOKER
    assert card_suit(b) is None and card_suit(red) is None
    assert format_cards([red, b]) == "B R"
    assert format_cards([red, b], suits=False) == "BR"


def test_a_joker_has_no_suit() -> None:
    """§0.2: suits are `s h d c`; jokers carry none, so a suited joker is not a card."""
    with pytest.raises(InvalidCardsError, match="Bs"):
        parse_cards("Bs")


# ----------------------------------------------------------------- suits and spacing


def test_suit_letters() -> None:
    """§0.2: "Suits are `s h d c` (spades, hearts, diamonds, clubs)"."""
    cards = parse_cards("7s 7h 7d 7c")
    assert [card_suit(c) for c in cards] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert all(card_rank(c) == r("7") for c in cards)


def test_suit_symbols_equal_suit_letters() -> None:
    """Suits may also be written ♠ ♥ ♦ ♣."""
    assert parse_cards("7♠ 7♥ 7♦ 7♣") == parse_cards("7s 7h 7d 7c")
    assert parse_cards("T♠Q♦") == parse_cards("Ts Qd")


def test_spaces_are_optional() -> None:
    """Card strings may be written with or without spaces."""
    assert parse_cards("7c8dTs") == parse_cards("7c 8d Ts")
    assert parse_ranks("TTTKK") == parse_ranks("T T T K K")
    assert parse_cards("  3  4 5 ") == parse_cards("345")


def test_plus_only_separates_body_from_kickers() -> None:
    """§0.2: "`+` only separates the body of a pattern from its kickers for readability"."""
    assert parse_ranks("888999+44+JJ") == parse_ranks("88899944JJ")


def test_suitless_tokens_take_distinct_cards() -> None:
    """§0.2: in Dou Dizhu cards are written without suits; each token is a different card."""
    cards = parse_cards("3333")
    assert len(set(cards)) == 4
    assert {card_suit(c) for c in cards} == set(Suit)


def test_suited_token_is_kept_when_suitless_tokens_share_its_rank() -> None:
    """A suited token names that exact card; a suitless token of that rank takes another copy."""
    cards = parse_cards("3 3s")
    assert len(set(cards)) == 2
    assert make_card(r("3"), Suit.SPADES) in cards


def test_taken_cards_are_not_reused() -> None:
    """Suitless tokens take the next copy not yet used."""
    taken = parse_cards("3s 3h 3d")
    (card,) = parse_cards("3", taken=taken)
    assert card == make_card(r("3"), Suit.CLUBS)
    with pytest.raises(InvalidCardsError):
        parse_cards("33", taken=taken)


# ----------------------------------------------------------------- several decks


def test_two_decks_hold_two_copies_of_a_card() -> None:
    """§0.2: "In two-deck games, identical cards can appear twice (e.g. `BB`, `Kd Kd`)"."""
    first, second = parse_cards("7c 7c", decks=2)
    assert first != second
    assert card_rank(first) == card_rank(second) == r("7")
    assert card_suit(first) == card_suit(second) == Suit.CLUBS
    assert {card_deck(first), card_deck(second)} == {0, 1}
    assert len(set(parse_cards("BB RR", decks=2))) == 4
    assert len(set(parse_cards("33333333", decks=2))) == 8


def test_copies_of_one_card_share_a_face_and_no_two_faces_are_alike() -> None:
    """Identity across decks: two cards are the same card (a 炒地皮 pair, the copy naming a small landlord) exactly
    when their faces are equal, and ``copy_of`` gives back each deck's copy of a face."""
    three_decks = deck_cards(3)
    for card in three_decks:
        assert copy_of(face(card), card_deck(card)) == card
        assert (card_rank(copy_of(face(card), 0)), card_suit(copy_of(face(card), 0))) == (card_rank(card), card_suit(card))
    faces = {(card_rank(c), card_suit(c)): face(c) for c in deck_cards(1)}
    assert len(set(faces.values())) == len(faces) == 54
    first, second = parse_cards("Kd Kd", decks=2)
    assert first != second and face(first) == face(second)


def test_too_many_copies_is_an_error() -> None:
    """One deck holds one `7c`, four 3s and one of each joker."""
    with pytest.raises(InvalidCardsError, match="7c"):
        parse_cards("7c 7c")
    with pytest.raises(InvalidCardsError):
        parse_cards("33333")
    with pytest.raises(InvalidCardsError):
        parse_cards("BB")
    with pytest.raises(InvalidCardsError):
        parse_cards("7c 7c 7c", decks=2)


def test_removed_rank_cannot_be_parsed() -> None:
    """A table without 3s holds no 3."""
    with pytest.raises(InvalidCardsError):
        parse_cards("3", removed_ranks=(r("3"),))


# ----------------------------------------------------------------- errors


@pytest.mark.parametrize("text, bad", [("3 X 5", "X"), ("7c 1 9", "1"), ("QQ?", "?"), ("44 Z", "Z")])
def test_error_quotes_the_bad_token(text: str, bad: str) -> None:
    """A string that is not card notation is refused, quoting what is wrong."""
    with pytest.raises(InvalidCardsError) as err:
        parse_cards(text)
    assert repr(bad) in str(err.value) or f'"{bad}"' in str(err.value)
    with pytest.raises(InvalidCardsError):
        parse_ranks(text)


def test_invalid_cards_error_is_a_value_error() -> None:
    """Bad notation raises a ValueError subclass."""
    assert issubclass(InvalidCardsError, ValueError)


# ----------------------------------------------------------------- ids


def test_card_fields_of_ids() -> None:
    """Each id carries its rank, suit, colour and deck copy."""
    card = make_card(r("K"), Suit.HEARTS, deck=1)
    assert card_rank(card) == r("K")
    assert card_suit(card) == Suit.HEARTS
    assert card_deck(card) == 1
    assert card_colour(card) == Colour.RED
    joker = make_card(RED_JOKER, None, deck=2)
    assert card_rank(joker) == RED_JOKER and card_suit(joker) is None and card_deck(joker) == 2


@pytest.mark.parametrize(
    "text, colour",
    [("As", Colour.BLACK), ("Ac", Colour.BLACK), ("Ah", Colour.RED), ("Ad", Colour.RED), ("B", Colour.BLACK), ("R", Colour.RED)],
)
def test_card_colour(text: str, colour: Colour) -> None:
    """§0.2: B is the black/small joker, R the red/big joker; ♠♣ black, ♥♦ red."""
    (card,) = parse_cards(text)
    assert card_colour(card) == colour


def test_every_card_of_a_deck_is_distinct_and_decodes_back() -> None:
    """make_card and card_rank/card_suit/card_deck are inverse."""
    for deck in range(3):
        for rank in range(13):
            for suit in Suit:
                card = make_card(rank, suit, deck)
                assert (card_rank(card), card_suit(card), card_deck(card)) == (rank, suit, deck)
        for rank in (BLACK_JOKER, RED_JOKER):
            card = make_card(rank, None, deck)
            assert (card_rank(card), card_suit(card), card_deck(card)) == (rank, None, deck)


def test_deck_cards_counts() -> None:
    """§3.1: a deck is "54 cards including 大怪 (R) and 小怪 (B)"; two decks 108; no 3s and 4s leaves 46."""
    one = deck_cards(1)
    assert len(one) == len(set(one)) == 54
    assert rank_counts(one) == [4] * 13 + [1, 1]
    two = deck_cards(2)
    assert len(two) == len(set(two)) == 108
    assert rank_counts(two) == [8] * 13 + [2, 2]
    short = deck_cards(1, removed_ranks=(r("3"), r("4")))
    assert len(short) == 46
    assert rank_counts(short)[:2] == [0, 0]


def test_rank_counts() -> None:
    """rank_counts counts cards per rank index (0 = 3 … 14 = red joker)."""
    counts = rank_counts(parse_cards("TTTKKB"))
    assert counts[TEN] == 3 and counts[r("K")] == 2 and counts[BLACK_JOKER] == 1
    assert sum(counts) == 6 and len(counts) == 15


# ----------------------------------------------------------------- round trips


def test_format_is_low_to_high() -> None:
    """Canonical strings run low to high: 3 … A, 2, B, R."""
    assert format_cards(parse_cards("R 2s 3h B As"), suits=False) == "3A2BR"
    assert format_ranks(parse_ranks("2KKTTT")) == "TTTKK2"


def test_suited_round_trip() -> None:
    """format_cards writes suited cards that parse back to the same ids."""
    text = "3s 5h Td Td Qc 2s B R"
    cards = parse_cards(text, decks=2)
    assert format_cards(cards) == "3s 5h Td Td Qc 2s B R"
    assert parse_cards(format_cards(cards), decks=2) == sort_cards(cards)


@settings(deadline=None, max_examples=60)
@given(st.lists(st.sampled_from(deck_cards(1)), unique=True, min_size=1, max_size=30))
def test_parse_format_round_trip_one_deck(cards: list[int]) -> None:
    """parse_cards(format_cards(x)) gives back the same ids (sorted) for one deck."""
    assert parse_cards(format_cards(cards)) == sort_cards(cards)
    ranks = [card_rank(c) for c in cards]
    assert parse_ranks(format_cards(cards, suits=False)) == sorted(ranks)
    assert parse_ranks(format_ranks(ranks)) == sorted(ranks)


@settings(deadline=None, max_examples=60)
@given(st.lists(st.sampled_from(deck_cards(2)), unique=True, min_size=1, max_size=40))
def test_parse_format_round_trip_two_decks(cards: list[int]) -> None:
    """Two decks: the text round trip keeps every card's rank and suit (copies are interchangeable)."""
    text = format_cards(cards)
    again = parse_cards(text, decks=2)
    assert format_cards(again) == text
    assert sorted((card_rank(c), card_suit(c) or 0) for c in again) == sorted(
        (card_rank(c), card_suit(c) or 0) for c in cards
    )


@settings(deadline=None, max_examples=200)
@given(st.lists(st.sampled_from(deck_cards(3)), unique=True, max_size=40), st.booleans())
def test_three_deck_cards_sort_by_rank_then_suit_then_copy_and_each_writes_rank_suit_and_mark(
    cards: list[int], suits: bool
) -> None:
    """Cards of three decks run low to high by rank, then suit, then deck copy; each is written rank + suit letter
    (a joker by its rank alone), the table's marked card with ``*`` after it, and without suits by rank alone."""
    ordered = sort_cards(cards)
    assert [(card_rank(c), card_suit(c) or 0, card_deck(c)) for c in ordered] == sorted(
        (card_rank(c), card_suit(c) or 0, card_deck(c)) for c in cards
    )
    marked = cards[0] if cards else None
    words = []
    for c in ordered:
        suit = card_suit(c)
        word = RANK_CHARS[card_rank(c)] + ("shdc"[suit] if suit is not None and suits else "")
        words.append(word + ("*" if suits and suit is not None and c == marked else ""))
    assert format_cards(cards, suits=suits, marked=marked) == (" " if suits else "").join(words)
