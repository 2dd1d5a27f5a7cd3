"""Properties of the classic move generator, checked against an independent reference classifier."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from helpers import sub_multisets
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import Suit, make_card
from paiju.patterns import Move, beats, classify_ranks, generate, generate_counts
from paiju.variants import get_variant

V = get_variant("classic")

# Rank indices (C0 order): 0 = '3' … 11 = 'A', 12 = '2', 13 = 'B', 14 = 'R'.
ACE = 11
TWO = 12
BLACK = 13
RED = 14
NUM_RANKS = 15
COPIES = [4] * 13 + [1, 1]

# (kind, key, length, sorted ranks)
Shape = tuple[str, int, int, tuple[int, ...]]


# ===================================================================== reference rules


def _is_run(counts: Counter[int], width: int) -> tuple[int, int] | None:
    """(top rank, links) when every present rank has exactly ``width`` cards and they run consecutively within 3–A."""
    present = sorted(r for r, c in counts.items() if c)
    if not present or any(counts[r] != width for r in present):
        return None
    low, high = present[0], present[-1]
    if high > ACE or present != list(range(low, high + 1)):
        return None
    return high, len(present)


def _kickers(counts: Counter[int], body: Sequence[int], per_rank: int) -> Counter[int] | None:
    """What is left after taking ``per_rank`` of each body rank; None when a body rank has any card left over (K1)."""
    if any(counts[r] != per_rank for r in body):
        return None
    return Counter({r: c for r, c in counts.items() if c and r not in body})


def _all_pairs(rest: Counter[int]) -> bool:
    """Whether ``rest`` splits into real pairs: even counts of ranks 3–2, never jokers (§3.4 #2, K4)."""
    return all(r <= TWO and c % 2 == 0 for r, c in rest.items() if c)


def reference_classify(ranks: Sequence[int]) -> set[Shape]:
    """Every classic interpretation of exactly these ranks, written straight from §3.4, §3.5 and C6."""
    counts = Counter(ranks)
    n = len(ranks)
    cards = tuple(sorted(ranks))
    out: set[Shape] = set()

    def add(kind: str, key: int, length: int = 1) -> None:
        out.add((kind, key, length, cards))

    if n == 0:
        return out
    present = sorted(r for r, c in counts.items() if c)

    # 1-3, 11: one rank only.
    if len(present) == 1:
        (r,) = present
        if n == 1:
            add("single", r)
        elif n == 2 and r <= TWO:
            add("pair", r)
        elif n == 3 and r <= TWO:
            add("triple", r)
        elif n == 4 and r <= TWO:
            add("bomb", r)
    # 12: the rocket.
    if n == 2 and counts[BLACK] == 1 and counts[RED] == 1:
        add("joker-bomb", RED)

    # 6-8: sequences within 3–A.
    run = _is_run(counts, 1)
    if run and run[1] >= 5:
        add("straight", run[0], run[1])
    run = _is_run(counts, 2)
    if run and run[1] >= 3:
        add("pair-chain", run[0], run[1])
    run = _is_run(counts, 3)
    if run and run[1] >= 2:
        add("triple-chain", run[0], run[1])

    # 4, 5, 13a, 13b: one trio or quad plus kickers.
    for body in range(TWO + 1):
        if n == 4:
            rest = _kickers(counts, [body], 3)
            if rest is not None and sum(rest.values()) == 1:
                add("triple+single", body)
        if n == 5:
            rest = _kickers(counts, [body], 3)
            if rest is not None and len(rest) == 1 and _all_pairs(rest):
                add("triple+pair", body)
        if n == 6:
            rest = _kickers(counts, [body], 4)
            if rest is not None:
                add("four+two-singles", body)
        if n == 8:
            rest = _kickers(counts, [body], 4)
            if rest is not None and _all_pairs(rest):
                add("four+two-pairs", body)

    # 9, 10: airplanes; trios consecutive within 3–A, one single or one pair per trio.
    for links in range(2, ACE + 2):
        if n not in (4 * links, 5 * links):
            continue
        for top in range(links - 1, ACE + 1):
            trios = list(range(top - links + 1, top + 1))
            rest = _kickers(counts, trios, 3)
            if rest is None:
                continue
            if n == 4 * links:
                add("airplane+singles", top, links)
            elif _all_pairs(rest):
                add("airplane+pairs", top, links)
    return out


_BOMB_RANK = {"joker-bomb": 1, "bomb": 0}


def reference_beats(a: Shape, b: Shape) -> bool:
    """§3.3 / §3.5 / C4: rocket > bombs by rank > non-bombs; non-bombs need same kind, same size, higher key."""
    a_bomb, b_bomb = a[0] in _BOMB_RANK, b[0] in _BOMB_RANK
    if a_bomb:
        return not b_bomb or (_BOMB_RANK[a[0]], a[1]) > (_BOMB_RANK[b[0]], b[1])
    if b_bomb:
        return False
    return a[0] == b[0] and len(a[3]) == len(b[3]) and a[1] > b[1]


def reference_moves(counts: Sequence[int]) -> set[Shape]:
    """Every move a hand can lead: the reference interpretations of every sub-multiset."""
    out: set[Shape] = set()
    for ranks in sub_multisets(counts):
        out |= reference_classify(ranks)
    return out


def shape(m: Move) -> Shape:
    """The (kind, key, length, sorted ranks) of an engine move."""
    return (m.kind, m.key, m.length, tuple(sorted(m.ranks)))


def cards_of(counts: Sequence[int]) -> list[int]:
    """Concrete one-deck cards for a rank-count vector."""
    out: list[int] = []
    for r, c in enumerate(counts):
        if r >= BLACK:
            out += [make_card(r)] * c
        else:
            out += [make_card(r, suit) for suit in list(Suit)[:c]]
    return out


# ===================================================================== strategies


@st.composite
def window_hands(draw: st.DrawFn, max_cards: int = 8, min_cards: int = 1) -> list[int]:
    """A one-deck rank-count vector drawn from a window of ranks, so that pairs, trios and quads are common."""
    low = draw(st.integers(0, NUM_RANKS - 1))
    high = min(NUM_RANKS - 1, low + draw(st.integers(0, 7)))
    wanted = draw(st.integers(min_cards, max_cards))
    counts = [0] * NUM_RANKS
    room = sum(COPIES[low : high + 1])
    for _ in range(min(wanted, room)):
        choices = [r for r in range(low, high + 1) if counts[r] < COPIES[r]]
        counts[draw(st.sampled_from(choices))] += 1
    return counts


@st.composite
def run_hands(draw: st.DrawFn, max_cards: int = 8, min_cards: int = 1) -> list[int]:
    """A run of singles, pairs or trios (sometimes reaching past A) plus a few random cards."""
    width = draw(st.sampled_from([1, 2, 3]))
    links = draw(st.integers(1, max(1, max_cards // width)))
    start = draw(st.integers(0, NUM_RANKS - 1))
    counts = [0] * NUM_RANKS
    for r in range(start, min(NUM_RANKS, start + links)):
        counts[r] = min(width, COPIES[r])
    extra = draw(st.lists(st.integers(0, NUM_RANKS - 1), max_size=max_cards))
    for r in extra:
        if sum(counts) >= max_cards:
            break
        if counts[r] < COPIES[r]:
            counts[r] += 1
    while sum(counts) < min_cards:
        r = draw(st.sampled_from([r for r in range(NUM_RANKS) if counts[r] < COPIES[r]]))
        counts[r] += 1
    return counts


def hands(max_cards: int = 8, min_cards: int = 1) -> st.SearchStrategy[list[int]]:
    """One-deck rank-count vectors of ``min_cards`` to ``max_cards`` cards, rich in combinations."""
    return st.one_of(window_hands(max_cards, min_cards), run_hands(max_cards, min_cards))


@st.composite
def spread_hands(draw: st.DrawFn, max_cards: int = 20) -> list[int]:
    """A rank-count vector of up to ``max_cards`` cards dealt from one shuffled deck."""
    deck = [r for r in range(NUM_RANKS) for _ in range(COPIES[r])]
    size = draw(st.integers(1, max_cards))
    picked = draw(st.permutations(deck))[:size]
    counts = [0] * NUM_RANKS
    for r in picked:
        counts[r] += 1
    return counts


any_hand = st.one_of(hands(max_cards=20), spread_hands())


def _moves_of(counts: Sequence[int]) -> list[Move]:
    """Engine moves a rank-count vector can lead."""
    return generate_counts(V, counts)


# ===================================================================== (a) round trip


def _check_round_trip(counts: list[int]) -> None:
    for m in _moves_of(counts):
        assert m in classify_ranks(V, m.ranks), m


@settings(deadline=None, max_examples=60)
@given(any_hand)
def test_generated_move_classifies_back_to_itself(counts: list[int]) -> None:
    """C1: a move is cards plus an interpretation; classifying its cards lists that interpretation."""
    _check_round_trip(counts)


@pytest.mark.slow
@settings(deadline=None, max_examples=600)
@given(any_hand)
def test_generated_move_classifies_back_to_itself_large(counts: list[int]) -> None:
    """C1 (large sweep): classifying a generated move's cards lists that move."""
    _check_round_trip(counts)


# ===================================================================== (b) answers


def _target(counts: list[int], other: list[int], data: st.DataObject) -> Move | None:
    """A play to answer: a move of another hand, or one of this hand's own moves (so near keys are common)."""
    own = data.draw(st.booleans())
    targets = generate_counts(V, counts if own else other)
    return data.draw(st.sampled_from(targets)) if targets else None


def _check_answers(counts: list[int], other: list[int], data: st.DataObject) -> None:
    to_beat = _target(counts, other, data)
    if to_beat is None:
        return
    answers = generate_counts(V, counts, to_beat)
    for a in answers:
        assert beats(a, to_beat), (a, to_beat)
    expected = {m for m in _moves_of(counts) if beats(m, to_beat)}
    assert set(answers) == expected, (to_beat, expected ^ set(answers))
    assert len(answers) == len(set(answers)), "an answer is listed twice"


@settings(deadline=None, max_examples=60)
@given(any_hand, any_hand, st.data())
def test_every_answer_beats_and_every_beating_move_is_an_answer(counts: list[int], other: list[int], data: st.DataObject) -> None:
    """C2/§3.3: answers are exactly the hand's moves that beat the current play."""
    _check_answers(counts, other, data)


@pytest.mark.slow
@settings(deadline=None, max_examples=500)
@given(any_hand, any_hand, st.data())
def test_every_answer_beats_and_every_beating_move_is_an_answer_large(counts: list[int], other: list[int], data: st.DataObject) -> None:
    """C2/§3.3 (large sweep): answers are exactly the hand's moves that beat the current play."""
    _check_answers(counts, other, data)


RICH_HANDS = [
    "3456789TJQKA2BR",
    "33445566778899TTJJQQ",
    "445566778899TTJJQQKKAA",
    "333444555666777888",
    "3334445556667778889T",
    "99TTTJJJQQQKKKAAA222",
    "33334444555566667777",
    "8888999TTTJJJQQKA2BR",
]


@pytest.mark.parametrize("text", RICH_HANDS)
def test_answers_to_each_of_a_rich_hands_own_moves(text: str) -> None:
    """§3.3 / C4: for every move of a long-run hand, the hand's answers are exactly its moves that beat it."""
    counts = [0] * NUM_RANKS
    for ch in text:
        counts["3456789TJQKA2BR".index(ch)] += 1
    lead = _moves_of(counts)
    for to_beat in lead:
        answers = generate_counts(V, counts, to_beat)
        assert set(answers) == {m for m in lead if beats(m, to_beat)}, to_beat
        assert all(beats(a, to_beat) for a in answers)


# ===================================================================== (c) brute force


def _check_brute_force(counts: list[int]) -> None:
    cards = cards_of(counts)
    found = generate(V, cards)
    assert len(found) == len(set(found)), "a move is listed twice"
    got = {shape(m) for m in found}
    expected = reference_moves(counts)
    assert got == expected, {"missing": expected - got, "extra": got - expected}


def _check_brute_force_answers(counts: list[int], other: list[int], data: st.DataObject) -> None:
    to_beat = _target(counts, other, data)
    if to_beat is None:
        return
    got = {shape(m) for m in generate(V, cards_of(counts), to_beat)}
    expected = {s for s in reference_moves(counts) if reference_beats(s, shape(to_beat))}
    assert got == expected, {"to_beat": to_beat, "missing": expected - got, "extra": got - expected}


@settings(deadline=None, max_examples=150)
@given(hands(max_cards=8))
def test_generate_matches_brute_force_on_small_hands(counts: list[int]) -> None:
    """§3.4: generate lists exactly the combinations that some part of the hand forms."""
    _check_brute_force(counts)


@settings(deadline=None, max_examples=80)
@given(hands(max_cards=8), hands(max_cards=8), st.data())
def test_generated_answers_match_brute_force_on_small_hands(counts: list[int], other: list[int], data: st.DataObject) -> None:
    """§3.3: answers are exactly the brute-force combinations that beat the current play under the rules."""
    _check_brute_force_answers(counts, other, data)


@pytest.mark.slow
@settings(deadline=None, max_examples=400)
@given(hands(max_cards=12, min_cards=6))
def test_generate_matches_brute_force_large(counts: list[int]) -> None:
    """§3.4 (large sweep, up to 12 cards so airplanes with pairs appear)."""
    _check_brute_force(counts)


@pytest.mark.slow
@settings(deadline=None, max_examples=300)
@given(hands(max_cards=10), hands(max_cards=10), st.data())
def test_generated_answers_match_brute_force_large(counts: list[int], other: list[int], data: st.DataObject) -> None:
    """§3.3 (large sweep): answers match the brute-force combinations that beat the current play."""
    _check_brute_force_answers(counts, other, data)


# Reference self-checks: the brute force is only as good as the reference classifier.


@pytest.mark.parametrize(
    "ranks, expected",
    [
        ([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3], {("triple-chain", 3, 4), ("airplane+singles", 2, 3), ("airplane+singles", 3, 3)}),
        ([6, 6, 6, 0], {("triple+single", 6, 1)}),
        ([0, 0, 0, 0], {("bomb", 0, 1)}),
        ([0, 0, 0, 0, 1], set()),
        ([BLACK, RED], {("joker-bomb", RED, 1)}),
        ([5, 5, 5, 6, 6, 6, BLACK, RED], {("airplane+singles", 6, 2)}),
        ([8, 8, 8, 8, 6, 6, 6, 6], {("four+two-pairs", 8, 1), ("four+two-pairs", 6, 1)}),
        ([0, 0, 0, 1, 1, 1, 3, 4, 4], set()),
        ([9, 10, 11, 12, 0], set()),
        ([3, 3, 3, 3, 5, 5], {("four+two-singles", 3, 1)}),
        ([5, 5, 5, 6, 6, 6, 1, 1, 1, 1], {("airplane+pairs", 6, 2)}),
    ],
)
def test_reference_classifier_agrees_with_the_rulebook(ranks: list[int], expected: set[tuple[str, int, int]]) -> None:
    """C1, §3.7 cases 1, 7, 8, 12, K1, K3, K4: the reference classifier reads the rulebook examples right."""
    assert {s[:3] for s in reference_classify(ranks)} == expected


# The same comparison on whole card sets: every set of up to 6 cards, and large bodies with kickers.


def _count_vectors(rank: int, left: int) -> Iterator[list[int]]:
    """Every one-deck count vector over ranks ``rank`` … R holding at most ``left`` cards."""
    if rank == NUM_RANKS:
        yield []
        return
    for c in range(min(COPIES[rank], left) + 1):
        for rest in _count_vectors(rank + 1, left - c):
            yield [c, *rest]


def _check_exhaustive(max_cards: int) -> None:
    for counts in _count_vectors(0, max_cards):
        ranks = [r for r, c in enumerate(counts) for _ in range(c)]
        if not ranks:
            continue
        got = {shape(m) for m in classify_ranks(V, ranks)}
        assert got == reference_classify(ranks), ranks


def test_classify_matches_reference_on_every_set_of_up_to_six_cards() -> None:
    """§3.4: every one-deck card set of 1-6 cards is classified exactly as the rules say."""
    _check_exhaustive(6)


@pytest.mark.slow
def test_classify_matches_reference_on_every_set_of_up_to_eight_cards() -> None:
    """§3.4 (large sweep): every one-deck card set of 1-8 cards is classified exactly as the rules say."""
    _check_exhaustive(8)


@st.composite
def bodies_with_kickers(draw: st.DrawFn) -> list[int]:
    """A run of 1-6 links of width 1-4 (sometimes past A) plus as many singles or pairs as there are links, or a few stray cards; at most 20 cards."""
    width = draw(st.sampled_from([1, 2, 3, 3, 3, 4]))
    links = draw(st.integers(1, 6))
    start = draw(st.integers(0, NUM_RANKS - 1))
    counts = [0] * NUM_RANKS
    for r in range(start, min(NUM_RANKS, start + links)):
        counts[r] = min(width, COPIES[r])
    mode = draw(st.sampled_from(["singles", "pairs", "stray"]))
    step = 2 if mode == "pairs" else 1
    wanted = links * step if mode != "stray" else draw(st.integers(0, 6))
    for r in draw(st.lists(st.integers(0, NUM_RANKS - 1), min_size=wanted, max_size=wanted + 8)):
        if wanted <= 0:
            break
        if counts[r] + step <= COPIES[r]:
            counts[r] += step
            wanted -= step
    while sum(counts) > 20:
        counts[max(range(NUM_RANKS), key=lambda r: counts[r])] -= 1
    if not any(counts):
        counts[start] = 1
    return counts


def _check_large_set(counts: list[int]) -> None:
    ranks = [r for r, c in enumerate(counts) for _ in range(c)]
    got = {shape(m) for m in classify_ranks(V, ranks)}
    expected = reference_classify(ranks)
    assert got == expected, {"missing": expected - got, "extra": got - expected}


@settings(deadline=None, max_examples=200)
@given(bodies_with_kickers())
def test_classify_matches_reference_on_large_bodies_with_kickers(counts: list[int]) -> None:
    """§3.4 #8-#10, #13: trio sequences, airplanes and four-with-two up to 20 cards classify as the rules say."""
    _check_large_set(counts)


@pytest.mark.slow
@settings(deadline=None, max_examples=3000)
@given(bodies_with_kickers())
def test_classify_matches_reference_on_large_bodies_with_kickers_large(counts: list[int]) -> None:
    """§3.4 #8-#10, #13 (large sweep): big card sets classify as the rules say."""
    _check_large_set(counts)


# ===================================================================== (d) order


def _check_order(a: Move, b: Move, c: Move) -> None:
    assert not beats(a, a)
    assert not (beats(a, b) and beats(b, a)), (a, b)
    if beats(a, b) and beats(b, c):
        assert beats(a, c), (a, b, c)
    for x, y in ((a, b), (b, c), (a, c)):
        if x.is_bomb and not y.is_bomb:
            assert beats(x, y) and not beats(y, x), (x, y)
        assert beats(x, y) == reference_beats(shape(x), shape(y)), (x, y)


@settings(deadline=None, max_examples=100)
@given(any_hand, st.data())
def test_beats_is_a_strict_order(counts: list[int], data: st.DataObject) -> None:
    """C4: irreflexive ("equal keys never beat"), antisymmetric, transitive; §3.5 bombs beat every non-bomb."""
    pool = _moves_of(counts)
    if not pool:
        return
    a, b, c = (data.draw(st.sampled_from(pool)) for _ in range(3))
    _check_order(a, b, c)


@settings(deadline=None, max_examples=30)
@given(any_hand)
def test_beats_is_a_strict_order_over_a_whole_hand(counts: list[int]) -> None:
    """C4 / §3.5: every pair of one hand's moves is irreflexive and antisymmetric under beats; bombs beat non-bombs."""
    pool = _moves_of(counts)[:150]
    for a in pool:
        assert not beats(a, a)
        for b in pool:
            assert not (beats(a, b) and beats(b, a)), (a, b)
            if a.is_bomb and not b.is_bomb:
                assert beats(a, b)


@pytest.mark.slow
@settings(deadline=None, max_examples=1000)
@given(any_hand, st.data())
def test_beats_is_a_strict_order_large(counts: list[int], data: st.DataObject) -> None:
    """C4 / §3.5 (large sweep): beats is a strict order and bombs beat every non-bomb."""
    pool = _moves_of(counts)
    if not pool:
        return
    a, b, c = (data.draw(st.sampled_from(pool)) for _ in range(3))
    _check_order(a, b, c)
