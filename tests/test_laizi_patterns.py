"""癞子斗地主's patterns (other-games.md §1.3–§1.5): every §1.7 test case, one test per wildcard rule W1–W7,
and a brute force against a reference classifier written from the §1.4 table (not from ``paiju.patterns``).

``wild=X: cards`` reads as in the rulebook: every card of rank X is wild.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import RANK_CHARS, parse_cards, parse_ranks
from paiju.climbing.holding import Holding
from paiju.patterns import Move, Wilds, beats, classify_ranks, describe, generate_counts
from paiju.variants import LAIZI_PATTERNS, PatternRules, Variant, VariantError, bomb_class_size, get_variant

ACE, TWO, BLACK, RED, NUM_RANKS = 11, 12, 13, 14, 15
LAIZI = get_variant("laizi")


def k(ch: str) -> int:
    """Rank index of a rank character."""
    return RANK_CHARS.index(ch)


def wilds_of(wild: str, ranks: Sequence[int]) -> Wilds | None:
    """The wild cards among ``ranks`` when ``wild`` is the wild rank (every card of it, W2)."""
    n = list(ranks).count(k(wild))
    return Wilds((k(wild),) * n) if n else None


def read(wild: str, cards: str, rules: PatternRules = LAIZI_PATTERNS) -> list[Move]:
    """Every reading of ``wild=X: cards``."""
    ranks = parse_ranks(cards)
    return classify_ranks(rules, ranks, wilds_of(wild, ranks))


def said(wild: str, cards: str) -> list[str]:
    """The readings of ``wild=X: cards`` as ``describe`` words them, sorted."""
    return sorted(describe(m) for m in read(wild, cards))


def one(wild: str, cards: str, words: str) -> Move:
    """The one reading of ``wild=X: cards`` that ``describe`` words as ``words``."""
    found = [m for m in read(wild, cards) if describe(m) == words]
    assert len(found) == 1, (wild, cards, words, said(wild, cards))
    return found[0]


EVERY_RANK = [RANK_CHARS[r] for r in range(TWO + 1)]

#: §1.7: (number, the case as the rulebook words it, wild rank, cards, its readings as ``describe`` words them,
#: then (reading, "beats" or "loses to" or "does not beat", other wild rank, other cards, other reading)).
CASES: list[tuple[int, str, str, str, list[str], list[tuple[str, str, str, str, str]]]] = [
    (1, "`wild=9: 9` → single 9 (face value). It beats `8`, does not beat `T`.", "9", "9", ["single (9)"],
     [("single (9)", "beats", "9", "8", "single (8)"), ("single (9)", "does not beat", "9", "T", "single (T)")]),
    (2, "`wild=9: 99` → pair of 9s (W2). It cannot be declared as `AA`.", "9", "99", ["pair (9)"], []),
    (3, "`wild=9: 79` → pair `77`.", "9", "79", ["pair (7)"], []),
    (3, "`wild=9: B9` → **illegal** (W1).", "9", "B9", [], []),
    (4, "`wild=J: 346789J` → straight `3456789` (wild = 5), key 9.", "J", "346789J", ["straight of 7 (top 9)"], []),
    (5, "`wild=J: 45678J` → straight `456789` (wild on top = 9). It beats `345678`.", "J", "45678J",
     ["straight of 6 (top 9)"], [("straight of 6 (top 9)", "beats", "J", "345678", "straight of 6 (top 8)")]),
    (6, "`wild=3: TJQKA3` → straight `9TJQKA` (A is the top, so the wild goes below), key A.", "3", "TJQKA3",
     ["straight of 6 (top A)"], []),
    (7, "`wild=9: TJQKA2` → **illegal** (2 cannot be in a straight).", "9", "TJQKA2", [], []),
    (7, "`wild=9: 34566` → **illegal**.", "9", "34566", [], []),
    (8, "`wild=5: 7775` → soft bomb `7777` if declared as a bomb. It is beaten by `3333` (hard), and it beats "
     "`wild=5: 6655` (soft `6666`).", "5", "7775", ["soft bomb of 4 (7)", "triple+single (7)"],
     [("soft bomb of 4 (7)", "loses to", "5", "3333", "bomb of 4 (3)"),
      ("soft bomb of 4 (7)", "beats", "5", "6655", "soft bomb of 4 (6)")]),
    (9, "`wild=5: 5555` → pure wildcard bomb. It beats `2222`; it loses to `BR`.", "5", "5555",
     ["pure wild bomb of 4 (5)"],
     [("pure wild bomb of 4 (5)", "beats", "5", "2222", "bomb of 4 (2)"),
      ("pure wild bomb of 4 (5)", "loses to", "5", "BR", "rocket")]),
    (10, "`wild=8: 2288` (soft `2222`) vs `3333` (hard) → `3333` wins.", "8", "2288",
     ["soft bomb of 4 (2)", "triple+single (2)"], [("soft bomb of 4 (2)", "loses to", "8", "3333", "bomb of 4 (3)")]),
    (11, "`wild=J: 444KJ` → three-with-pair `444+KK` (wild = K). Not a bomb and adds no multiplier. It beats "
     "`333+AA`.", "J", "444KJ", ["triple+pair (4)"], [("triple+pair (4)", "beats", "J", "333AA", "triple+pair (3)")]),
    (12, "`wild=J: 4445579J` → airplane `444555+7+9` (wild = 5) (doc example `44455+79+癞子`).", "J", "4445579J",
     ["airplane+singles of 2 (top 5)"], []),
    (13, "`wild=J: 333444556J` → airplane with pair wings `333444+55+66` (wild = 6) (doc example "
     "`333444+556+癞子`).", "J", "333444556J", ["airplane+pairs of 2 (top 4)"], []),
    (14, "`wild=J: 555538` → four-with-two singles, not a bomb. It beats `444439` and is beaten by `3333`. It "
     "cannot beat `4444+55+77` (different card count).", "J", "555538", ["four+two-singles (5)"],
     [("four+two-singles (5)", "beats", "J", "444439", "four+two-singles (4)"),
      ("four+two-singles (5)", "loses to", "J", "3333", "bomb of 4 (3)"),
      ("four+two-singles (5)", "does not beat", "J", "44445577", "four+two-pairs (4)")]),
    (15, "`wild=J: 555533` → four-with-two singles (the two singles may be equal, K2).", "J", "555533",
     ["four+two-singles (5)"], []),
    (16, "`wild=J: 3333` → never \"three-with-one `333+3`\" (K1). It is a bomb only.", "J", "3333",
     ["bomb of 4 (3)"], []),
    (17, "`wild=J: 777888+3+66` → **illegal** (single and pair wings mixed, K5).", "J", "777888366", [], []),
    (18, "`BR` beats every bomb, including `wild=5: 5555`.", "5", "BR", ["rocket"],
     [("rocket", "beats", "5", "5555", "pure wild bomb of 4 (5)"), ("rocket", "beats", "5", "2222", "bomb of 4 (2)"),
      ("rocket", "beats", "5", "7775", "soft bomb of 4 (7)")]),
    (19, "`wild=2: TJQKA2` → straight `9TJQKA` (A is the top, so the wild goes below), key A.", "2", "TJQKA2",
     ["straight of 6 (top A)"], []),
    (20, "`wild=6: 34566` → straight `34567` (both wilds on top), key 7.", "6", "34566", ["straight of 5 (top 7)"], []),
    (21, "`wild=3: 3333` → pure wildcard bomb. It beats `2222`.", "3", "3333", ["pure wild bomb of 4 (3)"],
     [("pure wild bomb of 4 (3)", "beats", "3", "2222", "bomb of 4 (2)")]),
    (22, "`wild=7: 7775` → the legal interpretations are soft bomb `5555`, three-with-one `555+7` (a wild single "
     "kicker at face value, W4) and three-with-one `XXX+5` for every X ≠ 5 (W2 (b)). Declared as `222+5`, it "
     "beats `AAA+3`.", "7", "7775", sorted(["soft bomb of 4 (5)"] + [f"triple+single ({x})" for x in EVERY_RANK]),
     [("triple+single (2)", "beats", "7", "AAA3", "triple+single (A)")]),
    (23, "`wild=7: 777R` → three-with-one `XXX+R` for any X, e.g. `222+R` (W2 (b)).", "7", "777R",
     sorted(f"triple+single ({x})" for x in EVERY_RANK), []),
    (24, "`wild=7: 777735` → the legal interpretations are four-with-two `XXXX+3+5` for every X ≠ 3, 5 (e.g. "
     "`7777+3+5`, key 7, or `2222+3+5`, key 2), `3333+5+7` and `5555+3+7` (one wild as a single kicker at face "
     "value), straight `345678` and pair sequence `334455`. None is a bomb (W5).", "7", "777735",
     sorted([f"four+two-singles ({x})" for x in EVERY_RANK] + ["straight of 6 (top 8)", "pair-chain of 3 (top 5)"]),
     []),
    (25, "`wild=5: 7555` declared as soft bomb `7777` does not beat `wild=5: 7775` declared as soft bomb `7777`: "
     "equal bombs never beat (C4).", "5", "7555", None, [("soft bomb of 4 (7)", "does not beat", "5", "7775",
                                                          "soft bomb of 4 (7)")]),
]  # fmt: skip


@pytest.mark.parametrize(
    "number, quote, wild, cards, readings, versus", CASES, ids=[f"{c[0]}-{c[2]}:{c[3]}" for c in CASES]
)
def test_rulebook_case(
    number: int, quote: str, wild: str, cards: str, readings: list[str] | None,
    versus: list[tuple[str, str, str, str, str]],
) -> None:
    """§1.7: each test case reads and compares as the rulebook says (the quote is its text)."""
    if readings is not None:
        assert said(wild, cards) == readings, quote
    for words, how, other_wild, other, other_words in versus:
        mine, theirs = one(wild, cards, words), one(other_wild, other, other_words)
        if how == "beats":
            assert beats(mine, theirs) and not beats(theirs, mine), quote
        elif how == "loses to":
            assert beats(theirs, mine) and not beats(mine, theirs), quote
        else:
            assert not beats(mine, theirs), quote


def test_case_22_readings_name_what_each_wild_card_stands_for() -> None:
    """§1.7 case 22: soft bomb `5555`, `555+7` with the 7 at face value, `XXX+5` for every X ≠ 5."""
    texts = {m.text() for m in read("7", "7775")}
    assert "57(5)7(5)7(5)" in texts and "57(5)7(5)7(7)" in texts
    assert {f"57({x})7({x})7({x})" for x in EVERY_RANK[k("6"):]} <= texts
    assert {"7(3)7(3)7(3)5", "7(4)7(4)7(4)5"} <= texts and len(texts) == 14


def test_case_24_readings_name_what_each_wild_card_stands_for() -> None:
    """§1.7 case 24 (Q1.17): the straight `345678`, the pair chain `334455`, `3333+5+7`, `5555+3+7`."""
    texts = {m.text() for m in read("7", "777735")}
    assert {"37(4)57(6)7(7)7(8)", "37(3)7(4)7(4)57(5)", "37(3)7(3)7(3)57(7)", "357(5)7(5)7(5)7(7)"} <= texts
    assert not any(m.is_bomb for m in read("7", "777735"))


# ===================================================================== one test per rule
def test_w1_a_wild_card_never_stands_for_a_joker() -> None:
    """W1: 「在搭配其它牌时它可以替代任意非王的牌」: `B` + wildcard is not a pair, a wildcard cannot help form a
    rocket, and a wildcard may stand for a 2 (`22WW` is a soft bomb of 2s)."""
    assert read("9", "B9") == [] and read("9", "R9") == []
    assert all(m.bomb != "BR" for m in read("9", "B9R")) and read("9", "B99") == []
    assert "soft bomb of 4 (2)" in said("9", "2299")
    assert all(s <= TWO for m in generate_counts(LAIZI, [0] * 13 + [1, 1], None, Wilds((k("9"),) * 4))
               for _, s in m.wilds)


def test_w2a_wild_cards_alone_keep_their_face_rank() -> None:
    """W2 (a): 「癞子牌可以单独出，单独出的时候只能作为其本身使用」: one, two or three wilds alone are a single,
    pair or trio of W, and exactly the four wilds are the pure wildcard bomb, never another rank (Q1.7)."""
    assert said("9", "9") == ["single (9)"]
    assert said("9", "99") == ["pair (9)"]
    assert said("9", "999") == ["triple (9)"]
    assert said("9", "9999") == ["pure wild bomb of 4 (9)"]
    assert [m.key for m in read("9", "99")] == [k("9")]


def test_w2b_beside_a_natural_card_every_wild_card_stands_for_any_rank() -> None:
    """W2 (b): 「在搭配其它牌时它可以替代任意非王的牌」, even a whole group of wild cards (Q1.17 (i)): `wild=7:
    7775` may be declared as three-with-one `222+5`."""
    assert "triple+single (2)" in said("7", "7775")
    assert "triple+pair (2)" in said("7", "77799")


def test_all_wild_group_face_rank_option_keeps_a_group_of_wild_cards_at_its_face() -> None:
    """Q1.17 (ii), flag `all_wild_group_face_rank`: a pair, trio or quad made only of wildcards inside a mixed play
    keeps rank W: `7775` is `777+5`, `555+7` or `5555`, never `222+5`; sequences still follow W3."""
    rules = replace(LAIZI_PATTERNS, all_wild_group_face_rank=True)
    words = sorted(describe(m) for m in read("7", "7775", rules))
    assert words == ["soft bomb of 4 (5)", "triple+single (5)", "triple+single (7)"]
    assert sorted(describe(m) for m in read("7", "77799", rules)) == ["triple+pair (7)", "triple+pair (9)"]
    assert "straight of 6 (top 8)" in [describe(m) for m in read("7", "777735", rules)]
    assert [describe(m) for m in read("7", "777735", rules) if m.kind == "four+two-singles"] == [
        "four+two-singles (3)", "four+two-singles (5)", "four+two-singles (7)"]


def test_w3_the_engine_places_a_chains_wild_cards() -> None:
    """W3: 「如有癞子牌，在顺子中间的自动替换，在头和尾的，计算为牌面最大的」: gaps first, then upwards to A, the rest
    at the low end; one reading per chain (Q1.8)."""
    assert [m.text() for m in read("J", "346789J")] == ["34J(5)6789"]
    assert [m.text() for m in read("J", "45678J")] == ["45678J(9)"]
    assert [m.text() for m in read("6", "34566")] == ["3456(6)6(7)"]
    assert [m.text() for m in read("3", "TJQKA3")] == ["3(9)TJQKA"]
    assert [m.text() for m in read("2", "QKA22")] == ["2(T)2(J)QKA"]
    assert [m.text() for m in read("9", "334499") if m.kind == "pair-chain"] == ["33449(5)9(5)"]
    assert [m.text() for m in read("9", "33399") if m.kind == "triple-chain"] == []
    assert [m.text() for m in read("9", "333999") if m.kind == "triple-chain"] == ["3339(4)9(4)9(4)"]


def test_w3_is_off_on_the_speculator_tables_where_each_placement_is_a_reading() -> None:
    """speculator.md §10: 「a 3 at either end of a straight is the player's choice」, unchanged."""
    spec = get_variant("spec-4p1d").pattern_rules
    assert not spec.chain_wilds_placed
    assert {m.text() for m in classify_ranks(spec, parse_ranks("4563"), Wilds((0,), 11.5))} == {"3(3)456", "4563(7)"}


def test_w4_a_wild_single_kicker_counts_at_face_value() -> None:
    """W4: 「是单牌的，则为其牌面大小」; a wildcard may complete the body or a pair kicker
    (「三带对牌情况下，癞子牌为其对牌大小」)."""
    assert "57(5)7(5)7(7)" in {m.text() for m in read("7", "7775")}
    assert not any(m.kind == "triple+single" and (k("7"), k("9")) in m.wilds for m in read("7", "5557"))
    assert "444KJ(K)" in {m.text() for m in read("J", "444KJ")}
    assert "44J(4)99" in {m.text() for m in read("J", "44J99")}


def test_w5_a_kicker_pattern_with_wild_cards_is_never_a_bomb() -> None:
    """W5: 「不计算炸弹」, 「不计算癞子牌的炸弹」: three-with-one, three-with-pair, airplanes and four-with-two with
    wildcards are no bomb and double nothing (Q1.9)."""
    for wild, cards in (("7", "7775"), ("J", "444KJ"), ("7", "777735"), ("J", "4445579J"), ("5", "55553399")):
        for m in read(wild, cards):
            if m.kind not in ("bomb", "joker-bomb"):
                assert not m.is_bomb and m.bomb not in LAIZI_PATTERNS.doubling_bombs, (wild, cards, m)


def test_w6_bomb_classes_and_their_ladder() -> None:
    """W6 and §1.5: 「火箭>纯癞子炸弹>硬炸弹（没有癞子牌的炸弹）>软炸弹（有癞子牌的炸弹）>一般牌型」: a hard bomb
    beats any soft bomb (`3333` beats `22WW`, Q1.13), bombs of one class compare by rank, and a bomb is 4 cards."""
    soft2, hard3 = one("8", "2288", "soft bomb of 4 (2)"), one("8", "3333", "bomb of 4 (3)")
    pure, rocket = one("8", "8888", "pure wild bomb of 4 (8)"), one("8", "BR", "rocket")
    ladder = [one("8", "3888", "soft bomb of 4 (3)"), soft2, hard3, one("8", "2222", "bomb of 4 (2)"), pure, rocket]
    for i, low in enumerate(ladder):
        assert all(beats(high, low) and not beats(low, high) for high in ladder[i + 1:]), low
        assert beats(low, one("8", "AAA", "triple (A)"))
    assert (soft2.bomb, hard3.bomb, pure.bomb, rocket.bomb) == ("soft4", "bomb4", "wild4", "BR")
    assert [m.bomb for m in read("8", "2228")] == ["soft4", ""] and read("8", "22288") != []
    assert not any(m.is_bomb for m in read("8", "22228"))


def test_w6_the_wild_rank_forms_no_hard_or_soft_bomb() -> None:
    """W6: 「The wildcard rank itself can never form a hard or soft bomb, because all 4 of its cards are wild」."""
    moves = generate_counts(LAIZI, [0 if r == k("9") else 1 for r in range(13)] + [0, 0], None, Wilds((k("9"),) * 4))
    assert [m.bomb for m in moves if m.is_bomb and m.key == k("9")] == ["wild4"]


def test_w7_the_player_declares_an_ambiguous_play() -> None:
    """W7: 「`7755` can be declared as soft bomb `7777` or as three-with-one `777+5`」 (C1: every reading listed)."""
    assert said("5", "7755") == ["soft bomb of 4 (7)", "triple+single (7)"]


def test_equal_bombs_never_beat() -> None:
    """C4: 「Two bomb-class plays that are equal under the ladder … never beat each other, e.g. two soft 7777」."""
    a, b = one("5", "7555", "soft bomb of 4 (7)"), one("5", "7775", "soft bomb of 4 (7)")
    assert not beats(a, b) and not beats(b, a)


def test_the_speculator_tables_keep_their_ladders() -> None:
    """The new classes exist only on a ladder that names them: no speculator table has soft or pure wild bombs."""
    for name in ("spec-4p1d", "spec-4p2d", "spec-5p1d"):
        rules = get_variant(name).pattern_rules
        classes = {c for tier in rules.bomb_ladder for c in tier}
        assert not classes & {"soft4", "wild4"}
    assert bomb_class_size("soft4") == 4 and bomb_class_size("wild4") == 4
    with pytest.raises(VariantError, match="softN"):
        bomb_class_size("mild4")
    with pytest.raises(VariantError, match="soft9"):
        LAIZI.with_changes(name="too-soft", bomb_ladder=(("soft9",), ("bomb4",)))


def test_a_holding_on_the_laizi_table_reads_the_wild_rank() -> None:
    """The seat's cards of the wild rank are its wild cards; alone they are themselves, four the pure wild bomb."""
    cards = parse_cards("7s 7h 7d 7c 5s 3h")
    held = Holding.of_cards(LAIZI, cards, wild_rank=k("7"))
    assert held.wilds == Wilds((k("7"),) * 4) and held.natural_counts()[k("7")] == 0
    leads, _ = held.moves(None)
    assert "7777" in {m.text() for m in leads if m.bomb == "wild4"}
    assert Holding.of_cards(LAIZI, cards).wilds is None


# ===================================================================== the reference
Row = tuple[str, float, int, tuple[int, ...], str, tuple[tuple[int, int], ...]]
_TIERS = LAIZI_PATTERNS.bomb_tiers
_RUNS = (("straight", 1, 5), ("pair-chain", 2, 3), ("triple-chain", 3, 2))


def _run(meaning: Counter[int], width: int, least: int) -> tuple[int, int] | None:
    """(lowest, highest) rank when ``meaning`` is ``width`` cards of each of ``least``+ consecutive ranks 3…A."""
    ranks = sorted(meaning)
    if ranks[-1] > ACE or len(ranks) < least or ranks != list(range(ranks[0], ranks[-1] + 1)):
        return None
    return (ranks[0], ranks[-1]) if all(meaning[r] == width for r in ranks) else None


def _placed(low: int, high: int, naturals: Sequence[int]) -> bool:
    """W3: the engine's placement: the chain's lowest rank holds a natural card, unless its top is A already."""
    return high == ACE or low in naturals


def ref_readings(naturals: Sequence[int], face: int, stands: Sequence[int]) -> set[Row]:
    """Every reading, from §1.4, of natural cards plus wild cards of face ``face`` standing for ``stands``."""
    cards = tuple(sorted([*naturals, *[face] * len(stands)]))
    wild = tuple(sorted((face, s) for s in stands))
    meaning = Counter([*naturals, *stands])
    n = len(cards)
    out: set[Row] = set()

    def add(kind: str, key: int, length: int = 1, bomb: str = "") -> None:
        out.add((kind, key, length, cards, bomb, wild))

    def singles(rest: Counter[int]) -> bool:
        """K2, K3 and W4: any cards, a wild one at its face value."""
        return all(s == face for s in stands if rest[s])

    def pairs(rest: Counter[int], count: int) -> bool:
        """K4: ``count`` real pairs of 3…2 (a joker never pairs)."""
        return sum(rest.values()) == 2 * count and all(c % 2 == 0 and r <= TWO for r, c in rest.items())

    ranks = sorted(meaning)
    if len(ranks) == 1 and ranks[0] <= TWO:
        kinds = {1: "single", 2: "pair", 3: "triple"}
        if n in kinds and (n > 1 or not stands):
            add(kinds[n], ranks[0])
        if n == 4:
            add("bomb", ranks[0], bomb="soft4" if stands else "bomb4")
    if n == 1 and not stands and ranks[0] > TWO:
        add("single", ranks[0])
    if not stands and sorted(cards) == [BLACK, RED]:
        add("joker-bomb", RED, bomb="BR")
    for kind, width, least in _RUNS:
        run = _run(meaning, width, least)
        if run and (not stands or _placed(*run, naturals)):
            add(kind, run[1], run[1] - run[0] + 1)
    for body in range(TWO + 1):
        if meaning[body] not in (3, 4):
            continue  # no body of a triple or a quad here
        rest = Counter({r: c for r, c in meaning.items() if r != body})
        if meaning[body] == 3 and n == 4 and singles(rest):
            add("triple+single", body)
        if meaning[body] == 3 and n == 5 and len(rest) == 1 and pairs(rest, 1):
            add("triple+pair", body)
        if meaning[body] == 4 and n == 6 and singles(rest):
            add("four+two-singles", body)
        if meaning[body] == 4 and n == 8 and pairs(rest, 2):
            add("four+two-pairs", body)
    for links in range(2, ACE + 2):
        if n not in (4 * links, 5 * links):
            continue  # no airplane of this many links has this many cards
        for top in range(links - 1, ACE + 1):
            trios = range(top - links + 1, top + 1)
            if any(meaning[r] != 3 for r in trios) or (stands and not _placed(trios[0], top, naturals)):
                continue
            rest = Counter({r: c for r, c in meaning.items() if r not in trios})
            if n == 4 * links and singles(rest):
                add("airplane+singles", top, links)
            if n == 5 * links and pairs(rest, links):
                add("airplane+pairs", top, links)
    return out


def ref_alone(face: int, n: int) -> set[Row]:
    """W2 (a): wild cards alone: a single, pair or trio of their face, the four of them the pure wild bomb."""
    kind = ("single", "pair", "triple", "bomb")[n - 1]
    return {(kind, face, 1, (face,) * n, "wild4" if n == 4 else "", ())}


def ref_moves(counts: Sequence[int], face: int, wilds: int) -> set[Row]:
    """Every move of a hand: every part of its natural cards and wild cards, every meaning of the wild cards."""
    out: set[Row] = set()
    for take in product(*(range(c + 1) for c in counts)):
        naturals = [r for r, c in enumerate(take) for _ in range(c)]
        for used in range(wilds + 1):
            if not naturals:
                out |= ref_alone(face, used) if used else set()
                continue
            for stands in combinations_with_replacement(range(TWO + 1), used):
                out |= ref_readings(naturals, face, stands)
    return out


def _row(m: Move) -> Row:
    """A move as the reference writes it (colour and tier aside: the class names the tier)."""
    return (m.kind, m.key, m.length, m.ranks, m.bomb, m.wilds)


@pytest.mark.parametrize(
    "wild, cards, expected",
    [("7", "7775", 14), ("5", "5555", 1), ("J", "346789J", 1), ("9", "B9", 0), ("7", "777735", 15)],
)
def test_reference_reads_the_rulebook_cases(wild: str, cards: str, expected: int) -> None:
    """The reference itself reads §1.7's cases as the rulebook does."""
    ranks = parse_ranks(cards)
    naturals = [r for r in ranks if r != k(wild)]
    n = len(ranks) - len(naturals)
    if not naturals:
        rows = ref_alone(k(wild), n)
    else:
        rows = set().union(*(ref_readings(naturals, k(wild), s) for s in combinations_with_replacement(range(13), n)))
    assert len(rows) == expected
    assert rows == {_row(m) for m in read(wild, cards)}


@st.composite
def hands(draw: st.DrawFn, most: int = 6, wilds: int = 3) -> tuple[tuple[int, ...], int, int]:
    """A wild rank, how many of its cards a hand holds, and the hand's natural cards (none of the wild rank)."""
    face = draw(st.integers(0, TWO))
    low = draw(st.integers(0, NUM_RANKS - 1))
    window = [r for r in range(low, min(NUM_RANKS, low + draw(st.integers(1, 6)))) if r != face]
    counts = [0] * NUM_RANKS
    for _ in range(draw(st.integers(0, most))):
        room = [r for r in window if counts[r] < (4 if r <= TWO else 1)]
        if room:
            counts[draw(st.sampled_from(room))] += 1
    return tuple(counts), face, draw(st.integers(1, wilds))


def _check_brute_force(hand: tuple[tuple[int, ...], int, int]) -> None:
    """The generator's moves of the hand are the reference's, each listed once."""
    counts, face, n = hand
    found = generate_counts(LAIZI, counts, None, Wilds((face,) * n))
    assert len(found) == len(set(found)), "a move is listed twice"
    got, expected = {_row(m) for m in found}, ref_moves(counts, face, n)
    assert got == expected, {"missing": expected - got, "extra": got - expected}


@settings(deadline=None, max_examples=40)
@given(hands())
def test_generate_with_wild_cards_matches_brute_force(hand: tuple[tuple[int, ...], int, int]) -> None:
    """W1–W6: generation lists exactly the readings of every part of the hand, every meaning of its wild cards."""
    _check_brute_force(hand)


@pytest.mark.slow
@settings(deadline=None, max_examples=80)
@given(hands(most=8, wilds=4))
def test_generate_with_wild_cards_matches_brute_force_large(hand: tuple[tuple[int, ...], int, int]) -> None:
    """W1–W6 (large sweep: up to 8 natural cards and the four wild cards)."""
    _check_brute_force(hand)


@settings(deadline=None, max_examples=60)
@given(hands(most=16, wilds=4), st.data())
def test_wild_moves_classify_back_and_answers_beat(hand: tuple[tuple[int, ...], int, int], data: st.DataObject) -> None:
    """C1, C4: every move with wild cards classifies back to the same reading, and the answers to a play are
    exactly the moves that beat it."""
    counts, face, n = hand
    wilds = Wilds((face,) * n)
    leads = generate_counts(LAIZI, counts, None, wilds)
    wild = [m for m in leads if face in m.ranks]
    for m in wild[:: max(1, len(wild) // 40)]:
        assert m in classify_ranks(LAIZI, m.ranks, Wilds((face,) * m.ranks.count(face))), m
    to_beat = data.draw(st.sampled_from(leads))
    answers = generate_counts(LAIZI, counts, to_beat, wilds)
    assert all(beats(a, to_beat) for a in answers) and len(answers) == len(set(answers))
    assert set(answers) == {m for m in leads if beats(m, to_beat)}, to_beat


def test_the_laizi_table_is_registered() -> None:
    """The table: 3 players, 1 deck, 17 + 3, the laizi patterns, and the resolutions it names."""
    assert (LAIZI.players, LAIZI.decks, LAIZI.hand_size, LAIZI.bottom_size) == (3, 1, 17, 3)
    assert LAIZI.pattern_rules == LAIZI_PATTERNS and LAIZI.title == "癞子斗地主 Wildcard Dou Dizhu"
    assert all(any(note.startswith(q) for note in LAIZI.notes) for q in ("Q1.7", "Q1.8", "Q1.9", "Q1.13", "Q1.17"))
    assert Variant.from_json(LAIZI.to_json()) == LAIZI
