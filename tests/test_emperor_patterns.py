"""斗帝主's 16 patterns (other-games.md §6.3, §6.4): the §6.6 cases one rule per test, and a brute force of the
generator against a reference classifier written from the §6.3 table (not from ``paiju.patterns``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from helpers import sub_multisets
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import RANK_CHARS, parse_ranks
from paiju.patterns import Move, PatternKind, PatternRules, beats, classify_ranks, describe, generate_counts, key_rank
from paiju.patterns.generate import generator_for
from paiju.variants import get_variant
from paiju.variants.emperor import EMPEROR_PATTERNS as E
from paiju.variants.pattern_rules import CLASSIC_KINDS, QUAD_KINDS

ACE, TWO, BLACK, RED = 11, 12, 13, 14
NUM_RANKS = 15
#: Two decks: 8 cards of each rank 3…2 and 2 of each joker.
COPIES = [8] * 13 + [2, 2]


def k(ch: str) -> int:
    """Rank index of a rank character (0 = '3' … 12 = '2', 13 = 'B', 14 = 'R')."""
    return RANK_CHARS.index(ch)


def readings(text: str) -> list[Move]:
    """Every reading of a suitless card string on the 斗帝主 table (``+`` only separates parts, as in §6)."""
    return classify_ranks(E, parse_ranks(text.replace("+", "")))


def kinds(text: str) -> set[str]:
    """The pattern kinds a card string can be played as."""
    return {m.kind for m in readings(text)}


def hand_of(text: str) -> list[int]:
    """The rank-count vector of a suitless card string."""
    counts = [0] * NUM_RANKS
    for r in parse_ranks(text):
        counts[r] += 1
    return counts


def only(text: str) -> Move:
    """The one and only reading of ``text``."""
    found = readings(text)
    assert len(found) == 1, f"{text!r}: expected one reading, got {found}"
    return found[0]


# ===================================================================== §6.6 cases 1–13


@pytest.mark.parametrize("cards, legal", [("334455", False), ("33445566", True), ("TTJJQQKKAA", True)])
def test_emperor_pair_sequence_needs_four_pairs(cards: str, legal: bool) -> None:
    """Case 1: 「`334455` → **illegal** (a pair sequence needs 4 pairs). `33445566` → legal.」"""
    assert kinds(cards) == ({"pair-chain"} if legal else set())


@pytest.mark.parametrize("cards, legal", [("333444", False), ("333444555", True)])
def test_emperor_trio_sequence_needs_three_trios(cards: str, legal: bool) -> None:
    """Case 2: 「`333444` → **illegal** (a trio sequence needs 3 trios). `333444555` → legal.」"""
    assert kinds(cards) == ({"triple-chain"} if legal else set())


def test_emperor_quad_is_not_a_bomb() -> None:
    """Case 3: 「`7777` → quad (四同張), not a bomb. `33333` beats it.」"""
    quad = only("7777")
    assert (quad.kind, quad.key, quad.is_bomb) == ("quad", k("7"), False)
    assert beats(only("33333"), quad) and not beats(quad, only("33333"))
    assert beats(only("8888"), quad) and not beats(only("6666"), quad)
    assert "quad" not in kinds("777") and kinds("777") == {"triple"}


@pytest.mark.parametrize("cards, kind", [("5555666", "four+three"), ("555566677", "dress"), ("5555+666+BB", "dress")])
def test_emperor_four_with_three_and_the_dress(cards: str, kind: str) -> None:
    """Case 4: 「`5555666` → four-with-three. `555566677` → dress (連衣裙)」; both compare the quad."""
    move = only(cards)
    assert (move.kind, move.key) == (kind, k("5"))


def test_emperor_dress_compares_the_quad_only() -> None:
    """§6.3 #13: 「compare the quad only (「比較時只看四同張」)」: higher trio or pair never helps."""
    assert beats(only("6666+333+44"), only("5555+AAA+KK"))
    assert not beats(only("5555+AAA+KK"), only("5555+333+44"))
    assert not beats(only("6666+333+44"), only("5555666"))  # another kind


@pytest.mark.parametrize("cards", ["33334444+666+999", "33334444+666+222", "55556666+333+AAA"])
def test_emperor_carrier_trios_need_not_be_consecutive(cards: str) -> None:
    """Case 5: 「`33334444+666+999` → aircraft carrier (trios need not be consecutive).」"""
    move = only(cards)
    assert (move.kind, move.length, move.size) == ("carrier", 2, 14)


@pytest.mark.parametrize(
    "cards, spaceship", [("33334444+555666+8899", True), ("33334444+666+888+99+JJ", False), ("33334444+555666+8899+T", False)]
)
def test_emperor_spaceship_needs_consecutive_trios(cards: str, spaceship: bool) -> None:
    """Case 6: 「`33334444+555666+8899` → spaceship. `33334444+666+888+99+JJ` → **not** a spaceship (trios not
    consecutive). It is also not a carrier (it has extra pairs), so it is **illegal**.」"""
    if spaceship:
        move = only(cards)
        assert (move.kind, key_rank(move), move.length) == ("spaceship", k("4"), 2)
        assert describe(move) == "spaceship of 2 (quads top 4, trios top 6)"
    else:
        assert readings(cards) == []


def test_emperor_spaceship_compares_quads_then_trios() -> None:
    """Case 7: 「Spaceship `44445555+666777+3399` vs spaceship `44445555+888999+33JJ` → the second wins (equal
    quads, higher trios).」 Q6.5: equal quads and trios do not beat; pairs never matter."""
    low, high = only("44445555+666777+3399"), only("44445555+888999+33JJ")
    assert beats(high, low) and not beats(low, high)
    assert not beats(only("44445555+666777+JJKK"), low)  # only the pairs are higher
    assert beats(only("55556666+333444+7788"), high)  # higher quads, lower trios
    answers = generate_counts(E, hand_of("44445555+666777+888999+33JJ"), low)
    tops = {shape(m)[1] for m in answers if m.kind == "spaceship"}
    assert tops == {(k("5"), k("8")), (k("5"), k("9"))}  # 666777 only ties, so it does not answer


@pytest.mark.parametrize(
    "higher, lower", [("22222", "AAAAA"), ("333333", "22222"), ("BBRR", "22222222"), ("33333", "2222"), ("3333333", "AAAAAA")]
)
def test_emperor_bombs_count_then_rank_then_heavenly_king(higher: str, lower: str) -> None:
    """Case 8: 「`22222` beats `AAAAA`. `333333` beats `22222`. `BBRR` beats `22222222`.」"""
    assert beats(only(higher), only(lower)) and not beats(only(lower), only(higher))


@pytest.mark.parametrize("cards, legal", [("555666777+99+JJ+KK", True), ("555666+99+JJ", False), ("555666777+BB+RR+KK", True)])
def test_emperor_airplane_needs_three_trios(cards: str, legal: bool) -> None:
    """Case 9: 「`555666777+99+JJ+KK` → legal airplane. `555666+99+JJ` → **illegal** (needs 3 trios).」"""
    assert kinds(cards) == ({"airplane+pairs"} if legal else set())


@pytest.mark.parametrize("cards, legal", [("555+BB", True), ("555+RR", True), ("555+BR", False), ("BB", True), ("BR", False)])
def test_emperor_joker_pairs_count_but_never_black_and_red(cards: str, legal: bool) -> None:
    """Case 10: 「`555+BB` → legal three-with-two (under Q6.3). `555+BR` → **illegal**.」"""
    assert bool(readings(cards)) == legal
    assert only("RR").key > only("BB").key > only("22").key


def test_emperor_equal_keys_do_not_beat() -> None:
    """Case 11: 「`KKKK` vs `KKKK`, played by a different player → equal, so the second does not beat.」"""
    assert not beats(only("KKKK"), only("KKKK"))
    assert not beats(only("KKKKK"), only("KKKKK"))
    assert not beats(only("55556666+333+777"), only("55556666+999+AAA"))


@pytest.mark.parametrize("cards", ["5555+3+8", "5555+33+88", "555+3", "555666777+3+8+9", "7777+BR"])
def test_emperor_has_no_single_kickers_nor_four_with_two(cards: str) -> None:
    """Case 12: 「`5555+3+8` → **illegal** (four-with-two is not one of the 16 types).」"""
    assert readings(cards) == []


@pytest.mark.parametrize(
    "cards, kind", [("555666777+99+99+KK", "airplane+pairs"), ("5555+666+66", "dress"), ("33334444+666+666", "carrier")]
)
def test_emperor_attached_groups_may_share_a_rank(cards: str, kind: str) -> None:
    """Case 13: 「`555666777+99+99+KK` → legal airplane (two wing pairs may share a rank). `5555+666+66` → legal
    dress.」 §6.3: 「the carrier `33334444+666+666`」."""
    assert kinds(cards) == {kind}


# ===================================================================== the other §6.3 rules


@pytest.mark.parametrize("cards", ["5555+555", "33334444+333+666", "33334444+555666+5599", "5555+666+55", "555+55"])
def test_emperor_attached_groups_differ_from_every_body_rank(cards: str) -> None:
    """§6.3: 「Attached groups must differ in rank from every body rank (K1) … for the spaceship, both its quads
    and its trios.」"""
    assert not kinds(cards) & {"four+three", "carrier", "spaceship", "dress", "triple+pair"}


def test_emperor_quad_sequences_run_within_three_to_ace() -> None:
    """§6.3 #10: 「**≥2** consecutive quads, no 2/jokers」; C0: no wrap-around."""
    assert only("33334444").kind == "quad-chain"
    assert only("KKKKAAAA").key == k("A")
    assert readings("AAAA2222") == [] and readings("33335555") == []


def test_emperor_answers_need_the_same_kind_and_length() -> None:
    """§6.4: 「非炸彈牌型要牌型和張數相同才能比較大小」: a longer quad chain or a carrier never answers a
    shorter quad chain."""
    hand = hand_of("555566667777+999+TTT+JJJ+QQ")
    to_beat = only("33334444")
    answers = generate_counts(E, hand, to_beat)
    assert {(m.kind, m.length) for m in answers} == {("quad-chain", 2)}
    assert {m.text() for m in answers} == {"55556666", "66667777"}


def test_emperor_rules_and_their_validation() -> None:
    """§6.3 minimums and the bomb ladder; a quad chain of fewer than 2 quads is refused in words."""
    assert len(E.patterns) == 16 and QUAD_KINDS <= E.patterns
    assert (E.pair_chain_min, E.triple_chain_min, E.airplane_min, E.quad_chain_min, E.joker_pairs) == (4, 3, 3, 2, True)
    assert list(E.problems(2)) == []
    codes = [p.code for p in PatternRules(patterns=E.patterns, quad_chain_min=1).problems(2)]
    assert "chain_min_too_small" in codes


def test_the_other_tables_play_no_quad_kinds() -> None:
    """The default patterns are the classic 14: a classic 7777 is still a bomb and no table changes."""
    assert PatternRules().patterns == CLASSIC_KINDS and not CLASSIC_KINDS & QUAD_KINDS
    assert {m.kind for m in classify_ranks(get_variant("classic"), parse_ranks("7777"))} == {"bomb"}


# ===================================================================== the reference classifier

#: (kind, key, length, sorted ranks); the key is a tuple: a spaceship's (quads' top, trios' top), else (rank,).
Shape = tuple[str, tuple[int, ...], int, tuple[int, ...]]


def _run(counts: Counter[int], width: int, least: int) -> tuple[int, int] | None:
    """(top, links) when the cards are exactly ``width`` of each of ``least``+ consecutive ranks 3…A."""
    present = sorted(counts)
    if present[-1] > ACE or len(present) < least or present != list(range(present[0], present[-1] + 1)):
        return None
    return (present[-1], len(present)) if all(counts[r] == width for r in present) else None


def _groups(rest: Counter[int], width: int, count: int) -> bool:
    """Whether ``rest`` is exactly ``count`` groups of ``width`` cards each (K4: groups may share a rank); a pair
    may be ``BB`` or ``RR``, a trio is of 3…2."""
    if sum(rest.values()) != width * count:
        return False
    return all(c % width == 0 and (width == 2 or r <= TWO) for r, c in rest.items() if c)


def _without(counts: Counter[int], ranks: Sequence[int], each: int) -> Counter[int] | None:
    """``counts`` less ``each`` cards of every rank in ``ranks``; None unless each has exactly that many (K1)."""
    if any(counts[r] != each for r in ranks):
        return None
    return Counter({r: c for r, c in counts.items() if r not in ranks})


def reference_classify(ranks: Sequence[int]) -> set[Shape]:
    """Every reading of exactly these cards, written straight from the §6.3 table and its attachment rules."""
    counts = Counter(ranks)
    n = len(ranks)
    cards = tuple(sorted(ranks))
    out: set[Shape] = set()

    def add(kind: str, key: tuple[int, ...], length: int = 1) -> None:
        out.add((kind, key, length, cards))

    if len(counts) == 1:
        (r,) = counts
        if n == 1 or n == 2:
            add(("single", "pair")[n - 1], (r,))  # BB and RR pair (Q6.3)
        elif r <= TWO:
            add({3: "triple", 4: "quad"}.get(n, "bomb"), (r,))
    if counts == Counter({BLACK: 2, RED: 2}):
        add("joker-bomb", (RED,))
    for kind, width, least in (("straight", 1, 5), ("pair-chain", 2, 4), ("triple-chain", 3, 3), ("quad-chain", 4, 2)):
        run = _run(counts, width, least)
        if run:
            add(kind, (run[0],), run[1])
    for body in range(TWO + 1):
        trio, quad = _without(counts, [body], 3), _without(counts, [body], 4)
        if n == 5 and trio is not None and _groups(trio, 2, 1):
            add("triple+pair", (body,))
        if n == 7 and quad is not None and _groups(quad, 3, 1):
            add("four+three", (body,))
        if n == 9 and quad is not None:
            for t in range(TWO + 1):
                if quad[t] >= 3 and _groups(quad - Counter({t: 3}), 2, 1):
                    add("dress", (body,))
    for links in range(2, ACE + 2):
        for top in range(links - 1, ACE + 1):
            body = list(range(top - links + 1, top + 1))
            trios, quads = _without(counts, body, 3), _without(counts, body, 4)
            if links >= 3 and n == 5 * links and trios is not None and _groups(trios, 2, links):
                add("airplane+pairs", (top,), links)
            if n == 7 * links and quads is not None and _groups(quads, 3, links):
                add("carrier", (top,), links)
            if n == 9 * links and quads is not None:
                for trio_top in range(links - 1, ACE + 1):
                    rest = _without(quads, list(range(trio_top - links + 1, trio_top + 1)), 3)
                    if rest is not None and _groups(rest, 2, links):
                        add("spaceship", (top, trio_top), links)
    return out


def reference_beats(a: Shape, b: Shape) -> bool:
    """§6.4: 天王 BBRR above all; bombs by card count, then rank; non-bombs of one kind and size by key."""
    bombs = ("bomb", "joker-bomb")
    if a[0] in bombs:
        return b[0] not in bombs or (a[0] == "joker-bomb", len(a[3]), a[1]) > (b[0] == "joker-bomb", len(b[3]), b[1])
    return b[0] not in bombs and a[0] == b[0] and len(a[3]) == len(b[3]) and a[2] == b[2] and a[1] > b[1]


def shape(m: Move) -> Shape:
    """An engine move as the reference writes it (a spaceship's key split into its quads' and trios' tops)."""
    if m.kind == "spaceship":
        return (m.kind, (int(m.key), round((m.key - int(m.key)) * 16)), m.length, m.ranks)
    return (m.kind, (int(m.key),), m.length, m.ranks)


def reference_moves(counts: Sequence[int]) -> set[Shape]:
    """Every lead of a hand: the reference readings of every part of it."""
    out: set[Shape] = set()
    for ranks in sub_multisets(counts):
        out |= reference_classify(ranks)
    return out


def test_reference_reads_the_rulebook_cases() -> None:
    """The reference itself reads §6.6's cases as the rulebook does."""
    read = {
        "7777": {"quad"}, "5555666": {"four+three"}, "555566677": {"dress"}, "33334444666999": {"carrier"},
        "333344445556668899": {"spaceship"}, "3333444466688899JJ": set(), "334455": set(), "555BR": set(),
        "555538": set(), "5556667779999KK": {"airplane+pairs"}, "BBRR": {"joker-bomb"}, "22222": {"bomb"},
    }  # fmt: skip
    assert {cards: {s[0] for s in reference_classify(parse_ranks(cards))} for cards in read} == read


# ===================================================================== brute force and properties


@st.composite
def two_deck_hands(draw: st.DrawFn, least: int = 8, most: int = 11) -> list[int]:
    """A two-deck rank-count vector of ``least``…``most`` cards drawn from a window of ranks, so that quads,
    trios and pairs are common."""
    low = draw(st.integers(0, NUM_RANKS - 1))
    window = range(low, min(NUM_RANKS, low + draw(st.integers(1, 6))))
    counts = [0] * NUM_RANKS
    for _ in range(draw(st.integers(least, most))):
        room = [r for r in window if counts[r] < COPIES[r]]
        if room:
            counts[draw(st.sampled_from(room))] += 1
    return counts


def _check_brute_force(counts: list[int], answered: int = 6) -> None:
    """Leads are exactly the reference's, each once; answers to some of them are exactly the leads that beat."""
    leads = generate_counts(E, counts)
    assert len(leads) == len(set(leads)), "a move is listed twice"
    got, expected = {shape(m) for m in leads}, reference_moves(counts)
    assert got == expected, {"missing": expected - got, "extra": got - expected}
    for to_beat in leads[:: max(1, len(leads) // answered)]:
        answers = {shape(m) for m in generate_counts(E, counts, to_beat)}
        assert answers == {s for s in expected if reference_beats(s, shape(to_beat))}, to_beat


@settings(deadline=None, max_examples=60)
@given(two_deck_hands())
def test_generate_matches_brute_force(counts: list[int]) -> None:
    """§6.3, §6.4: every lead and answer of small two-deck hands is what the reference finds in their parts."""
    _check_brute_force(counts)


@pytest.mark.parametrize(
    "hand",
    ["33334444+555666+8899+K", "44445555+666777+33+J", "33334444+666666+BB", "33334444+555666+BBRR", "555566667777+TTTJJ",
     "KKKKAAAA+222+3333+BB", "44445555+666777888+33", "6666677777+8888+99", "333344445555+666+888+999"],
)  # fmt: skip
def test_generate_matches_brute_force_on_carriers_and_spaceships(hand: str) -> None:
    """§6.3 #12, #14: hands large enough for carriers and spaceships, every part of them."""
    _check_brute_force(hand_of(hand), answered=20)


@settings(deadline=None, max_examples=60)
@given(two_deck_hands(12, 24), st.data())
def test_moves_classify_back_and_answers_beat(counts: list[int], data: st.DataObject) -> None:
    """C1, C4: every move classifies back to itself, and the answers to a play are exactly the leads that beat it."""
    leads = generator_for(E).moves(counts)
    for m in leads[:: max(1, len(leads) // 60)]:
        assert m in classify_ranks(E, m.ranks), m
    to_beat = data.draw(st.sampled_from(leads))
    answers = generate_counts(E, counts, to_beat)
    assert all(beats(a, to_beat) for a in answers) and len(answers) == len(set(answers))
    assert set(answers) == {m for m in leads if beats(m, to_beat)}, to_beat


def test_every_quad_kind_has_a_name_in_moves() -> None:
    """The new kinds are ``PatternKind`` members whose log strings ``describe`` writes."""
    assert {k.value for k in QUAD_KINDS} == {"quad", "quad-chain", "four+three", "carrier", "dress", "spaceship"}
    assert describe(only("33334444+666+999")) == "carrier of 2 (top 4)"
    assert describe(only("5555+666+77")) == f"{PatternKind.DRESS} (5)"
