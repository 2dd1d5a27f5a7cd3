"""Brute force over small two-deck hands for each two-deck pattern set of other-games.md §4–§6: the generator lists
exactly what a search over every part of the hand finds with the classifier, and the answers to any of those moves
are exactly the parts that beat it (C4: equal moves never beat)."""

from __future__ import annotations

import pytest
from helpers import sub_multisets
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import BLACK_JOKER, NUM_RANKS, RED_JOKER
from paiju.patterns import Move, beats, classify_ranks, generate_counts
from paiju.variants import Variant, get_variant

TABLES = ["four-player", "five-player", "dou-dizhu-emperor"]


@st.composite
def two_deck_hands(draw: st.DrawFn, most: int = 10) -> tuple[int, ...]:
    """Up to ``most`` cards of two decks, bunched in a window of ranks so that chains, bombs and kickers occur;
    the jokers (two of each) come in now and then."""
    low = draw(st.integers(0, 11))
    window = list(range(low, min(13, low + draw(st.integers(1, 5)))))
    if draw(st.booleans()):
        window += [BLACK_JOKER, RED_JOKER]
    counts = [0] * NUM_RANKS
    for _ in range(draw(st.integers(1, most))):
        room = [r for r in window if counts[r] < (2 if r >= BLACK_JOKER else 8)]
        if room:
            counts[draw(st.sampled_from(room))] += 1
    return tuple(counts)


def searched(table: Variant, counts: tuple[int, ...]) -> set[Move]:
    """Every reading of every part of the hand, by the classifier."""
    return {m for ranks in sub_multisets(counts) for m in classify_ranks(table, tuple(ranks))}


@pytest.mark.parametrize("name", TABLES)
@settings(deadline=None, max_examples=40)
@given(hand=two_deck_hands(), data=st.data())
def test_two_deck_generation_matches_a_search_over_every_part_of_the_hand(
    name: str, hand: tuple[int, ...], data: st.DataObject
) -> None:
    """§4.3, §5.3, §6.3: the leads are every pattern the table has among the hand's cards, each listed once; the
    answers to one of them are those that beat it."""
    table = get_variant(name)
    leads = generate_counts(table, hand)
    assert len(leads) == len(set(leads)), "a move is listed twice"
    expected = searched(table, hand)
    assert set(leads) == expected, {"missing": expected - set(leads), "extra": set(leads) - expected}
    if expected:
        to_beat = data.draw(st.sampled_from(sorted(expected)))
        answers = set(generate_counts(table, hand, to_beat))
        assert answers == {m for m in expected if beats(m, to_beat)}
