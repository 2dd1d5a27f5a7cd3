"""Sharing a deal's unseen cards among groups that bar some of them (``paiju.engine.shares``, ``Places.fill``): every
sharing that keeps the bars is drawn, each as often as the others, none that breaks one, and a draw that the bars
make rare still succeeds at once; a search's deadline stops a draw between tries."""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter

import pytest

from paiju.cards import card_suit, make_card
from paiju.engine.shares import share
from paiju.engine.worlds import Places, SampleError, SeatView, draw_world


def _sharings(cards: list[int], needs: list[int], barred: list[set[int]]) -> list[tuple[frozenset[int], ...]]:
    """Every sharing of ``cards`` into groups of ``needs`` that keeps the bars, by brute force."""
    found = []
    for order in itertools.permutations(cards):
        at, groups = 0, []
        for n in needs:
            groups.append(frozenset(order[at : at + n]))
            at += n
        if all(not (g & b) for g, b in zip(groups, barred, strict=True)):
            found.append(tuple(groups))
    return sorted(set(found), key=lambda g: [sorted(x) for x in g])


def test_every_sharing_that_keeps_the_bars_is_drawn_equally_often() -> None:
    """Seven cards to groups of 3, 2 and 2, where the first group may not get cards 0 and 1 and the second not card
    2: each of the sharings brute force finds comes up, at its fair share (within 5 standard deviations), and no
    other does."""
    cards, needs, barred = list(range(7)), [3, 2, 2], [{0, 1}, {2}, set()]
    expected = _sharings(cards, needs, barred)
    rng = random.Random(3)
    draws = 200 * len(expected)
    counted: Counter[tuple[frozenset[int], ...]] = Counter()
    for _ in range(draws):
        drawn = share(cards, needs, barred, rng)
        assert drawn is not None
        counted[tuple(frozenset(g) for g in drawn)] += 1
    assert sorted(counted, key=lambda g: [sorted(x) for x in g]) == expected
    fair = draws / len(expected)
    spread = math.sqrt(fair * (1 - 1 / len(expected)))
    assert all(abs(n - fair) < 5 * spread for n in counted.values()), counted


def test_a_sharing_no_bar_allows_is_refused() -> None:
    """Three cards that two groups of the three bar, one place in the third: no sharing keeps the bars."""
    assert share([0, 1, 2], [1, 1, 1], [{0, 1, 2}, {0, 1, 2}, set()], random.Random(0)) is None
    assert share([0, 1], [1, 1], [{0}, {0}], random.Random(0)) is None


def test_a_fill_the_bars_make_one_in_a_hundred_thousand_still_deals_at_once() -> None:
    """Twenty unseen cards to two hands of ten, where the first may have none of ten of them (a void): one shuffle in
    184,756 keeps the bar, so dealing again until one did gave up; counting gives the one deal every time."""
    pack = [make_card(rank, suit) for suit in (0, 1) for rank in range(10)]
    spades = {c for c in pack if card_suit(c) == 0}
    for seed in range(5):
        places = Places({"h0": [None] * 10, "h1": [None] * 10}, {"h0": "h0", "h1": "h1"})
        places.bar(0, spades)
        assert places.fill(pack, random.Random(seed))
        assert set(places.cards("h0")) == set(pack) - spades
        assert set(places.cards("h1")) == spades


def test_a_draw_past_its_deadline_tries_no_world() -> None:
    """A search out of time draws nothing: ``draw_world`` stops before its next try and says why."""
    tried = []
    view = SeatView(0, {"events": []}, {}, ())

    def attempt(seen: SeatView, rng: random.Random) -> None:
        tried.append(seen)

    with pytest.raises(SampleError, match="in the time given"):
        draw_world(view, random.Random(0), attempt, lambda hand, seat: view, None, time.perf_counter() - 1)
    assert tried == []


def test_cards_kept_apart_never_reach_one_group_together_and_every_other_sharing_does() -> None:
    """Two copies a seat showed it did not hold as a pair: four unseen cards to two hands of two, the first kept
    from holding both copies. Of the six sharings, the one that gives it both never comes up; the other five do,
    about equally often."""
    pack = [make_card(rank, 0) for rank in range(4)]
    counted: Counter[frozenset[int]] = Counter()
    rng = random.Random(5)
    for _ in range(1000):
        places = Places({"h0": [None] * 2, "h1": [None] * 2}, {"h0": "h0", "h1": "h1"})
        places.keep_apart(0, pack[:2])
        assert places.fill(pack, rng)
        counted[frozenset(places.cards("h0"))] += 1
    assert frozenset(pack[:2]) not in counted and len(counted) == 5
    assert all(abs(n - 200) < 5 * math.sqrt(200 * 0.8) for n in counted.values()), counted
