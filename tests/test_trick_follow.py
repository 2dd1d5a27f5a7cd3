"""What a 炒地皮 player may lead and follow (other-games.md §7.8 "Leading" / "Following" F1–F6, §7.9 S1–S4,
Q7.14, Q7.17, Q7.18, Q7.31; §7.15 tests 8, 14, 15, 25, 26).  Unless a test says otherwise: level 6, spades
trump, two decks.  The hypothesis properties check ``legal_follows`` / ``legal_leads`` against brute force over
card subsets and an independent reading of F5 (every split of a play into units)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from paiju.cards import Card, Rank, Suit, face, format_cards, parse_cards, sort_cards
from paiju.trick.follow import follow_problem, lead_problem, lead_shape, legal_follows, legal_leads
from paiju.trick.leads import face_multisets
from paiju.trick.order import TRUMP, Trumps
from paiju.trick.units import category_of, decompose, is_five_ten_king, tractor_step
from paiju.variants.trick_rules import TrickRules, Trump510kFollow

SPADES_6 = Trumps(Rank.SIX, Suit.SPADES)
RULES = TrickRules()
OWN_FIRST = TrickRules(trump_510k_follow=Trump510kFollow.OWN_510K_FIRST)
BY_TRUMP_ORDER = TrickRules(trump_tractor_by_trump_order=True)


def cards(text: str) -> list[Card]:
    """Cards of a two-deck table."""
    return parse_cards(text, decks=2)


def faces(play: Sequence[Card]) -> tuple[int, ...]:
    """A play by faces: identical cards are interchangeable."""
    return tuple(sorted(map(face, play)))


def follows(lead: str, hand: str, rules: TrickRules = RULES, trumps: Trumps = SPADES_6) -> set[str]:
    """The legal follows, written out."""
    return {format_cards(play) for play in legal_follows(cards(lead), cards(hand), trumps, rules)}


def problem(lead: str, play: str, hand: str, rules: TrickRules = RULES, trumps: Trumps = SPADES_6) -> str | None:
    """``follow_problem`` on written cards."""
    return follow_problem(cards(lead), cards(play), cards(hand), trumps, rules)


def written(text: str) -> str:
    """A play as ``legal_follows`` writes it: sorted by rank then suit."""
    return format_cards(sort_cards(cards(text)))


# §7.15 test cases ------------------------------------------------------------------------------------------------


def test_case_8_a_led_pair_is_followed_by_the_pair_held() -> None:
    """§7.15 8, F4: lead `Kd Kd`; a follower with `Qd Qd 9d 3s 3s` must play `Qd Qd` (「如果首家出牌中包含对，则其它方
    如果有同花色的对，必须出对」)."""
    assert follows("Kd Kd", "Qd Qd 9d 3s 3s") == {"Qd Qd"}
    assert problem("Kd Kd", "Qd 9d", "Qd Qd 9d 3s 3s") == (
        "F4: you hold a pair of diamonds — follow the led pair with a pair"
    )


def test_case_8_a_short_follower_plays_its_diamond_and_any_card() -> None:
    """§7.15 8, F2: a follower with `9d 3s 3s 4s` must play `9d` plus any one card."""
    assert follows("Kd Kd", "9d 3s 3s 4s") == {written("9d 3s"), written("9d 4s")}
    assert problem("Kd Kd", "3s 3s", "9d 3s 3s 4s") == "F2: you hold only 1 diamonds — play all of them, then any cards"


def test_case_14_a_held_five_ten_king_of_the_led_suit_must_be_played() -> None:
    """§7.15 14, S2: lead `5c Tc Kc`; a follower holding `5c Tc Kc` must play it (「其他玩家如果有相同花色的 “5.10.K” ，
    则必须出（并且算小）」)."""
    assert follows("5c Tc Kc", "5c Tc Kc 3c 4c 8d") == {written("5c Tc Kc")}
    assert problem("5c Tc Kc", "3c 4c Kc", "5c Tc Kc 3c 4c 8d") == (
        "S2: you hold a 5-10-K of clubs — you must play it (it counts small)"
    )


def test_case_14_a_void_follower_may_answer_with_a_trump_five_ten_king() -> None:
    """§7.15 14, S5 / F6: a follower void in clubs may play `5s Ts Ks` (or anything else)."""
    legal = follows("5c Tc Kc", "5s Ts Ks 3d")
    assert written("5s Ts Ks") in legal and written("3d 5s Ts") in legal and len(legal) == 4


def test_case_15_a_trump_five_ten_king_draws_the_three_highest_trumps() -> None:
    """§7.15 15, S3: trump 5-10-K led, each follower plays their three highest trumps (「如果是主的 5.10.K ，则其他
    三方必须出所有主牌中的最大三张」)."""
    assert follows("5s Ts Ks", "5h R B 7s 8s 3c") == {written("5h R B")}
    assert problem("5s Ts Ks", "R B 8s", "5h R B 7s 8s 3c") == (
        "S3: a trump 5-10-K was led — play your three highest trumps"
    )


def test_case_15_a_follower_with_fewer_than_three_trumps_plays_them_all_and_any() -> None:
    """§7.15 15, Q7.18 (c): 「A short follower plays all trumps plus any cards」."""
    assert follows("5s Ts Ks", "R 3c 4c 5d") == {written(t) for t in ("R 3c 4c", "R 3c 5d", "R 4c 5d")}
    assert (
        problem("5s Ts Ks", "3c 4c 5d", "R 3c 4c 5d") == "S3: you hold only 1 trumps — play all of them, then any cards"
    )


def test_three_highest_trumps_among_equal_level_cards_are_the_players_choice() -> None:
    """Q7.18 (c): 「Among trumps of equal strength, the player chooses」 (off-suit level cards `6h 6d 6c 6c`)."""
    assert follows("5s Ts Ks", "6h 6d 6c 6c As") == {written(t) for t in ("6h 6d 6c", "6h 6c 6c", "6d 6c 6c")}


def test_case_25_both_thrown_tractors_must_be_matched() -> None:
    """§7.15 25, F5 / Q7.31 (ii): throw `Ac Ac Kc Kc 9c 9c 8c 8c`; `5c5c4c4c3c3c2c2c QcQc` must play
    `5c 5c 4c 4c` + `3c 3c 2c 2c`; `4c 4c 3c 3c Qc Qc 5c 5c` is illegal."""
    hand = "5c 5c 4c 4c 3c 3c 2c 2c Qc Qc"
    assert follows("Ac Ac Kc Kc 9c 9c 8c 8c", hand) == {written("5c 5c 4c 4c 3c 3c 2c 2c")}
    assert problem("Ac Ac Kc Kc 9c 9c 8c 8c", "4c 4c 3c 3c Qc Qc 5c 5c", hand) == (
        "F5: you can match 2 led 2-pair tractor(s) with 2-pair tractors of clubs — do so"
    )


def test_case_26_a_shorter_tractor_comes_before_loose_pairs() -> None:
    """§7.15 26, F3 / Q7.14 (c): lead `Ac Ac Kc Kc Qc Qc`; clubs `9c 9c 8c 8c 4c 4c 2c 2c` must play `9c 9c 8c 8c`
    plus `4c 4c` or `2c 2c` (「有同花色的拖拉机，必须出拖拉机」); `9c 9c 4c 4c 2c 2c` is illegal."""
    hand = "9c 9c 8c 8c 4c 4c 2c 2c"
    assert follows("Ac Ac Kc Kc Qc Qc", hand) == {written("9c 9c 8c 8c 4c 4c"), written("9c 9c 8c 8c 2c 2c")}
    assert problem("Ac Ac Kc Kc Qc Qc", "9c 9c 4c 4c 2c 2c", hand) == (
        "F3: you hold a shorter tractor in clubs — play your longest tractor before loose pairs"
    )


def test_one_tractor_led_the_longest_tractor_stays_whole() -> None:
    """Q7.14 (c), F3: 「Otherwise you must play your longest tractor」 — against a 4-pair tractor, `3c3c4c4c5c5c` is
    played whole with a pair, not split to make two 2-pair tractors with `8c8c9c9c`."""
    hand = "3c 3c 4c 4c 5c 5c 8c 8c 9c 9c"
    assert follows("Ac Ac Kc Kc Qc Qc Jc Jc", hand) == {written(f"3c 3c 4c 4c 5c 5c {p}") for p in ("8c 8c", "9c 9c")}
    assert problem("Ac Ac Kc Kc Qc Qc Jc Jc", "4c 4c 5c 5c 8c 8c 9c 9c", hand) == (
        "F3: you hold a shorter tractor in clubs — play your longest tractor before loose pairs"
    )


def test_a_thrown_tractor_is_matched_before_tractor_pairs_are_counted() -> None:
    """F5 1. before 2.: throw `AcAcKcKcQcQc 9c9c` (a 3-pair tractor and a pair); `2c2c3c3c4c4c` matches the tractor
    and comes with a pair, rather than `3c3c4c4c` + `7c7c8c8c`."""
    hand = "2c 2c 3c 3c 4c 4c 7c 7c 8c 8c"
    legal = follows("Ac Ac Kc Kc Qc Qc 9c 9c", hand)
    assert legal == {written(f"2c 2c 3c 3c 4c 4c {p}") for p in ("7c 7c", "8c 8c")}


# A pair led ------------------------------------------------------------------------------------------------------


def test_pair_led_without_a_pair_any_two_of_the_suit() -> None:
    """F2 / F4: no pair of diamonds held, so any two diamonds (and only diamonds)."""
    assert follows("Kd Kd", "Qd 9d 3d 3s 3s") == {written(t) for t in ("3d 9d", "3d Qd", "9d Qd")}


def test_pair_led_a_tractor_holder_plays_any_one_pair() -> None:
    """F4: a follower holding a tractor may answer a pair with any of its pairs."""
    assert follows("Kd Kd", "9d 9d 8d 8d 3d") == {"8d 8d", "9d 9d"}


def test_pair_led_a_void_follower_ruffs_or_discards() -> None:
    """F6: 「在没有首家牌出牌的花色时，可以用主牌杀掉或垫其他花色牌」 — any two cards."""
    assert follows("Kd Kd", "3s 3s 4c") == {"3s 3s", written("3s 4c")}


def test_off_suit_cards_are_refused_while_the_suit_lasts() -> None:
    """F2: 「如果用户有红桃必须先出红桃」."""
    assert problem("Kd Kd", "Qd 3s", "Qd 9d 3s") == "F2: you still hold diamonds — play diamonds before other cards"


# A tractor led ---------------------------------------------------------------------------------------------------


def test_tractor_led_a_tractor_of_the_same_length_must_be_played() -> None:
    """F3: 「如果首家出牌中包含拖拉机，则其它方如果有同花色的拖拉机，必须出拖拉机」."""
    assert follows("Ac Ac Kc Kc", "9c 9c 8c 8c 3c 3c") == {written("9c 9c 8c 8c")}
    assert problem("Ac Ac Kc Kc", "9c 9c 3c 3c", "9c 9c 8c 8c 3c 3c") == (
        "F3: you hold a 2-pair tractor in clubs — follow the led tractor with one"
    )


def test_tractor_led_a_longer_tractor_gives_a_tractor_of_the_led_length() -> None:
    """F3: holding a tractor of at least k pairs, play a k-pair tractor (any part of the longer one)."""
    assert follows("Ac Ac Kc Kc", "9c 9c 8c 8c 7c 7c") == {written("8c 8c 7c 7c"), written("9c 9c 8c 8c")}


def test_side_tractor_closes_the_level_gap() -> None:
    """§7.7: with `L = 6`, `5c5c7c7c` is a tractor and must answer a led tractor."""
    assert follows("Ac Ac Kc Kc", "7c 7c 5c 5c 3c 3c") == {written("7c 7c 5c 5c")}


def test_tractor_led_without_a_tractor_pairs_come_first() -> None:
    """F3 / F4: no tractor, so as many pairs as the lead has, while held."""
    assert follows("Ac Ac Kc Kc", "9c 9c 4c 4c 2c") == {written("9c 9c 4c 4c")}
    assert follows("Ac Ac Kc Kc", "9c 9c 4c 2c") == {written("9c 9c 4c 2c")}
    assert problem("Ac Ac Kc Kc", "9c 4c 4c 2c", "9c 9c 4c 4c 2c") == (
        "F4: you hold pairs of clubs — the lead has pairs, so play 2 pairs"
    )


def test_tractor_led_with_one_pair_the_pair_and_any_two() -> None:
    """F4: one pair held: it, then any two other clubs."""
    assert follows("Ac Ac Kc Kc", "9c 9c 4c 2c 3d") == {written("9c 9c 4c 2c")}
    assert follows("Ac Ac Kc Kc", "9c 9c 4c 2c 3c") == {written(f"9c 9c {t}") for t in ("4c 2c", "3c 2c", "3c 4c")}


def test_tractor_led_a_void_follower_plays_anything() -> None:
    """F6: void in clubs, any four cards: a trump tractor (ruff), or trumps and a discard."""
    assert follows("Ac Ac Kc Kc", "3s 3s 4s 4s 5d") == {
        written(t) for t in ("3s 3s 4s 4s", "3s 3s 4s 5d", "3s 4s 4s 5d")
    }


def test_trump_tractor_by_trump_order_counts_joker_pairs() -> None:
    """Q7.11 (ii) flag `trump_tractor_by_trump_order`: `R R B B` is a tractor and must answer a trump tractor."""
    assert follows("7s 7s 8s 8s", "R R B B 3s 3s", BY_TRUMP_ORDER) == {"B B R R"}
    assert written("3s 3s R R") in follows("7s 7s 8s 8s", "R R B B 3s 3s")


# 5-10-K ----------------------------------------------------------------------------------------------------------


def test_side_five_ten_king_any_three_of_the_suit() -> None:
    """S4: 「其他三方也要出三张同样花色的牌，大小可随意」; with fewer, all of them plus any."""
    assert follows("5c Tc Kc", "3c 4c 7c 8d") == {written("3c 4c 7c")}
    assert problem("5c Tc Kc", "3c 4c 8d", "3c 4c 7c 8d") == "S4: you still hold clubs — play clubs before other cards"
    assert follows("5c Tc Kc", "3c 8d 9d") == {written("3c 8d 9d")}


def test_own_trump_five_ten_king_first_flag() -> None:
    """Q7.18 (ii) `own_510k_first`: a follower holding a trump 5-10-K plays it; by default (i) the three highest."""
    hand = "5s Ts Ks 5h R B"
    assert follows("5s Ts Ks", hand, OWN_FIRST) == {written("5s Ts Ks")}
    assert follows("5s Ts Ks", hand) == {written("5h R B")}
    assert problem("5s Ts Ks", "5h R B", hand, OWN_FIRST) == (
        "S2: you hold a 5-10-K of trumps — you must play it (it counts small)"
    )
    assert follows("5s Ts Ks", "As R B 7s", OWN_FIRST) == {written("As R B")}


# Reasons name their rule -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "play", "hand", "rule"),
    [
        ("Kd Kd", "Qd", "Qd Qd", "F1"),
        ("Kd Kd", "Jd Jd", "Qd Qd", "F1"),
        ("Kd Kd", "Qd 3s", "Qd 9d 3s", "F2"),
        ("Kd Kd", "3s 4s", "Qd 3s 4s", "F2"),
        ("Ac Ac Kc Kc", "9c 9c 3c 3c", "9c 9c 8c 8c 3c 3c", "F3"),
        ("Kd Kd", "Qd 9d", "Qd Qd 9d", "F4"),
        ("Ac Ac Kc Kc 9c 9c 8c 8c", "4c 4c 3c 3c Qc Qc 5c 5c", "5c 5c 4c 4c 3c 3c 2c 2c Qc Qc", "F5"),
        ("Ac Ac Qc Qc 9c", "7c 7c 4c 3c 2c", "7c 7c 4c 4c 3c 2c", "F5"),
        ("5c Tc Kc", "5c Tc 3c", "5c Tc Kc 3c", "S2"),
        ("5s Ts Ks", "R B 3s", "5h R B 3s", "S3"),
        ("5c Tc Kc", "3c 3d 4d", "3c 4c 3d 4d", "S4"),
    ],
)
def test_every_reason_names_its_rule(lead: str, play: str, hand: str, rule: str) -> None:
    """Every refusal starts with the rule it breaks (F1–F5, S2–S4), so a player can look it up."""
    reason = problem(lead, play, hand)
    assert reason is not None and reason.startswith(rule + ":")


# Leads -----------------------------------------------------------------------------------------------------------


def test_a_lead_stays_in_one_category() -> None:
    """§7.8 「首家可以出同花色中的拖拉机、对和单牌的任意组合」: one category; a trump throw may mix 5♥, jokers, level
    cards and trump-suit cards [standard practice]; a 5-10-K is its own lead (S1)."""
    hand = cards("5h R 6d 7s 5c Tc Kc 3d")
    assert lead_problem(cards("5h R 6d 7s"), hand, SPADES_6) is None
    assert lead_problem(cards("5c Tc Kc"), hand, SPADES_6) is None
    assert lead_problem(cards("5c 3d"), hand, SPADES_6) == (
        "Lead (§7.8): a lead must be all trumps or all of one side suit — 甩 only cards of one category"
    )
    assert lead_problem([], hand, SPADES_6) == "Lead: play at least one card"
    assert lead_problem(cards("As"), hand, SPADES_6) == "Lead: you can only lead cards from your hand"


def test_legal_leads_by_category_then_size_then_strength() -> None:
    """Every lead once by faces: clubs before trumps, singles before pairs, the weakest first."""
    leads = [format_cards(lead) for lead in legal_leads(cards("3c 3c 4c 5h R"), SPADES_6)]
    assert leads == ["3c", "4c", "3c 3c", "3c 4c", "3c 3c 4c", "R", "5h", "5h R"]
    assert legal_leads(cards("3c 3c 4c 5h R"), SPADES_6, limit=2) == [tuple(cards("3c")), tuple(cards("4c"))]


def test_face_multisets_of_every_size_come_in_order_each_once() -> None:
    """The multisets of ``size`` faces come ascending in the copies taken of each face, the first face's take
    changing slowest, each once: those few enough to list whole and those too many (a burial, a free discard),
    which are made lazily, alike."""
    stock = [(f, 1 + f % 2) for f in range(13)]  # 19 cards: up to 11,628 ways to take 5 of them
    expected: dict[int, list[tuple[int, ...]]] = {}
    for takes in product(*(range(n + 1) for _, n in stock)):  # ascending, the first take changing slowest
        chosen = tuple(f for (f, _), take in zip(stock, takes, strict=True) for _ in range(take))
        expected.setdefault(len(chosen), []).append(chosen)
    for size in range(-1, 21):
        assert list(face_multisets(stock, size)) == expected.get(size, []), size


def test_a_free_discard_is_cut_off_at_the_limit() -> None:
    """A void follower's choices explode (F6); ``limit`` stops the enumeration early."""
    hand = cards("3s 4s 7s 8s 9s Ts Js Qs Ks As 2s R B 3h 4h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h")
    plays = legal_follows(cards("Ac Ac Kc Kc Qc Qc 9c"), hand, SPADES_6, RULES, limit=50)
    assert len(plays) == 50 and len({faces(p) for p in plays}) == 50
    assert all(follow_problem(cards("Ac Ac Kc Kc Qc Qc 9c"), p, hand, SPADES_6, RULES) is None for p in plays)


# Properties against brute force ----------------------------------------------------------------------------------

_POOL = cards(
    "3c 4c 5c 7c 8c Tc Kc 3c 4c 5c 7c 8c Tc Kc 5d Td Jd Qd Kd 5d Td Jd Qd Kd "
    "5h R B 6s 6d 5s 7s 8s Ts Ks 5h R B 6s 6d 5s 7s 8s Ts Ks"
)
_FIVE_TEN_KINGS = [cards("5c Tc Kc"), cards("5d Td Kd"), cards("5s Ts Ks")]


@cache
def _reference_score(pairs: tuple[int, ...], lead: tuple[int, ...], by_trump_order: bool) -> tuple[int, ...]:
    """F5 read directly: over every way to group the played pairs into units (a group of 2 or more must be a
    tractor), the led tractors matched at equal length (longest first), the pairs in tractors, all pairs."""
    units = [unit.pairs for unit in decompose(list(lead), SPADES_6, by_trump_order)]
    lengths = sorted({k for k in units if k >= 2}, reverse=True)
    tractor_pairs, all_pairs = sum(k for k in units if k >= 2), sum(units)

    def is_tractor(group: list[int]) -> bool:
        steps = [tractor_step(f, SPADES_6, by_trump_order) for f in group]
        if any(s is None for s in steps) or len({s[0] for s in steps if s}) != 1:
            return False
        places = sorted(s[1] for s in steps if s)
        return places == list(range(places[0], places[0] + len(places)))

    def groupings(rest: list[int]) -> list[list[list[int]]]:
        if not rest:
            return [[]]
        first, others = rest[0], rest[1:]
        found: list[list[list[int]]] = []
        for k in range(len(others) + 1):
            for mates in combinations(others, k):
                group = [first, *mates]
                if len(group) == 1 or is_tractor(group):
                    left = [f for f in others if f not in mates]
                    found.extend([group, *tail] for tail in groupings(left))
        return found

    if len(units) == 1 and units[0] >= 2:  # F3 as written: a tractor as long, else the longest, then pairs
        longest = max((len(g) for grouping in groupings(list(pairs)) for g in grouping if len(g) >= 2), default=0)
        return (int(longest == units[0]), longest, min(all_pairs, len(pairs)))
    best = max(
        (
            *(min(units.count(k), [len(g) for g in grouping].count(k)) for k in lengths),
            min(tractor_pairs, sum(len(g) for g in grouping if len(g) >= 2)),
        )
        for grouping in groupings(list(pairs))
    )
    return (*best, min(all_pairs, len(pairs)))


def _reference_legal(lead: list[Card], play: tuple[Card, ...], hand: list[Card], rules: TrickRules) -> bool:
    """F1–F6 and S2–S4 read directly, trying every card subset of the follower's suit."""
    category = category_of(lead, SPADES_6)
    held = [c for c in hand if SPADES_6.category(c) == category]
    n = len(lead)
    if is_five_ten_king(lead, SPADES_6):
        own = set(map(face, held))
        kings = [k for k in _FIVE_TEN_KINGS if set(faces(k)) <= own and category_of(k, SPADES_6) == category]
        if kings and (category != TRUMP or rules.trump_510k_follow == Trump510kFollow.OWN_510K_FIRST):
            return faces(play) == faces(kings[0])
        if category == TRUMP and len(held) >= 3:
            top = sorted((SPADES_6.strength(c) for c in held), reverse=True)[:3]
            return sorted((SPADES_6.strength(c) for c in play), reverse=True) == top
    if len(held) < n:
        return not Counter(held) - Counter(play)
    if any(SPADES_6.category(c) != category for c in play):
        return False

    return _score(play, lead, rules) == max(_score(cs, lead, rules) for cs in _choices(tuple(held), n))


def _score(play: Sequence[Card], lead: list[Card], rules: TrickRules) -> tuple[int, ...]:
    """The reference score of the pairs in ``play``."""
    pairs = tuple(sorted(f for f, k in Counter(map(face, play)).items() if k == 2))
    return _reference_score(pairs, faces(lead), rules.trump_tractor_by_trump_order)


@cache
def _choices(held: tuple[Card, ...], n: int) -> frozenset[tuple[int, ...]]:
    """Every choice of ``n`` of ``held``, by faces."""
    return frozenset(faces(cs) for cs in combinations(held, n))


def _place(f: int) -> tuple[int, int]:
    """Faces in tractor order (those in no tractor last), so that a slice of them is often a tractor."""
    return SPADES_6.step(f) or (9, SPADES_6.strength(f))


@st.composite
def _deal(draw: st.DrawFn) -> tuple[list[Card], list[Card], TrickRules]:
    """A lead (a 5-10-K, or up to 4 faces of clubs, diamonds or trumps, often a run of pairs: 1–8 cards) and a
    follower's hand of up to 12 cards, mostly pairs of the led category so that pairs and tractors meet."""
    rules = TrickRules(
        trump_510k_follow=draw(st.sampled_from(list(Trump510kFollow))),
        trump_tractor_by_trump_order=draw(st.booleans()),
    )
    if draw(st.integers(0, 4)) == 0:
        lead = draw(st.sampled_from(_FIVE_TEN_KINGS))
    else:
        category = draw(st.sampled_from([Suit.CLUBS, Suit.DIAMONDS, TRUMP]))
        mine = sorted({face(c) for c in _POOL if SPADES_6.category(c) == category}, key=_place)
        if draw(st.integers(0, 3)):
            start = draw(st.integers(0, len(mine) - 2))
            led = mine[start : start + draw(st.integers(2, 4))]
        else:
            led = draw(st.lists(st.sampled_from(mine), min_size=1, max_size=4, unique=True))
        paired = draw(st.integers(0, 3)) > 0
        lead = [c for f in led for c in [f, f + 54][: 2 if paired else draw(st.integers(1, 2))]]
    rest = [c for c in _POOL if c not in lead]
    led_category = category_of(lead, SPADES_6)
    same = sorted({face(c) for c in rest if SPADES_6.category(c) == led_category})
    hand = [
        c
        for f in draw(st.lists(st.sampled_from(same), max_size=6, unique=True))
        for c in [c for c in rest if face(c) == f][: draw(st.sampled_from([1, 2, 2]))]
    ]
    others = [c for c in rest if SPADES_6.category(c) != led_category]
    hand += draw(st.lists(st.sampled_from(others), max_size=max(0, 12 - len(hand)), unique=True))
    assume(len(hand) >= len(lead))
    return lead, hand, rules


@settings(max_examples=300, deadline=None)
@given(_deal())
def test_legal_follows_are_exactly_the_plays_the_rules_allow(deal: tuple[list[Card], list[Card], TrickRules]) -> None:
    """Every listed follow passes ``follow_problem``; every card subset of the lead's size that the rules (read
    directly, F5 over every split) allow passes ``follow_problem`` and is listed by its faces, once."""
    lead, hand, rules = deal
    listed = legal_follows(lead, hand, SPADES_6, rules)
    assert len({faces(play) for play in listed}) == len(listed)
    assert all(list(play) == sort_cards(play) for play in listed)
    allowed = set()
    for play in combinations(hand, len(lead)):
        legal = _reference_legal(lead, play, hand, rules)
        assert (follow_problem(lead, play, hand, SPADES_6, rules) is None) == legal, format_cards(play)
        if legal:
            allowed.add(faces(play))
    assert {faces(play) for play in listed} == allowed


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_POOL), min_size=1, max_size=9, unique=True))
def test_legal_leads_are_exactly_the_leads_allowed(hand: list[Card]) -> None:
    """``legal_leads`` lists every card subset ``lead_problem`` allows, once by faces, and nothing else."""
    listed = legal_leads(hand, SPADES_6)
    assert len({faces(lead) for lead in listed}) == len(listed)
    assert all(lead_problem(lead, hand, SPADES_6) is None for lead in listed)
    allowed = {
        faces(lead)
        for size in range(1, len(hand) + 1)
        for lead in combinations(hand, size)
        if lead_problem(lead, hand, SPADES_6) is None
    }
    assert {faces(lead) for lead in listed} == allowed
    order = [(category_of(lead, SPADES_6), len(lead)) for lead in listed]
    assert order == sorted(order)


def test_lead_shape_of_a_throw() -> None:
    """§7.8 throw decomposition: `Ac Ac Kc Kc 9c 9c 8c 8c 3c` is two 2-pair tractors and a single."""
    shape = lead_shape(cards("Ac Ac Kc Kc 9c 9c 8c 8c 3c"), SPADES_6)
    assert (shape.tractors, shape.tractor_pairs, shape.pairs, shape.one_unit) == (((2, 2),), 4, 4, False)
