"""Classic three-player Dou Dizhu patterns and beating, one test per rule (other-games.md §0.3, §3)."""

from __future__ import annotations

import itertools

import pytest

from paiju.cards import RANK_CHARS, parse_ranks
from paiju.patterns import Move, beats, classify_ranks
from paiju.variants import Variant, get_variant

V: Variant = get_variant("classic")
NON_BOMB_KINDS = (
    "single", "pair", "triple", "triple+single", "triple+pair", "straight", "pair-chain",
    "triple-chain", "airplane+singles", "airplane+pairs", "four+two-singles", "four+two-pairs",
)


def k(ch: str) -> int:
    """Rank index of a rank character (0 = '3' … 12 = '2', 13 = 'B', 14 = 'R')."""
    return RANK_CHARS.index(ch)


def moves(text: str, variant: Variant = V) -> list[Move]:
    """Every interpretation of a suitless card string."""
    return classify_ranks(variant, parse_ranks(text))


def kinds(text: str, variant: Variant = V) -> set[str]:
    """The pattern kinds a card string can be played as."""
    return {m.kind for m in moves(text, variant)}


def play(text: str, kind: str, key: str | None = None) -> Move:
    """The single interpretation of ``text`` as ``kind`` (with key ``key`` when given)."""
    found = [m for m in moves(text) if m.kind == kind and (key is None or m.key == k(key))]
    assert len(found) == 1, f"{text!r} as {kind} (key {key}): {found} of {moves(text)}"
    return found[0]


def only(text: str) -> Move:
    """The one and only interpretation of ``text``."""
    found = moves(text)
    assert len(found) == 1, f"{text!r}: expected one interpretation, got {found}"
    return found[0]


def illegal(text: str, variant: Variant = V) -> bool:
    """Whether ``text`` forms no combination at all."""
    return moves(text, variant) == []


SAMPLE_NON_BOMBS: list[str] = [
    "3", "2", "B", "R", "33", "22", "AAA", "222", "3334", "222R", "QQQ66", "33322",
    "34567", "3456789TJQKA", "334455", "TTJJQQKK", "444555", "77788836", "888999BR",
    "88899944JJ", "666689", "6666BR", "JJJJ99QQ", "AAAA56",
]
ALL_BOMBS: list[str] = [c * 4 for c in "3456789TJQKA2"] + ["BR"]


# ===================================================================== C0 ranks


def test_rank_order_three_lowest_red_joker_highest_c0() -> None:
    """C0: 3→3 … A→14, 2→15, B→16, R→17; §3.1 「大怪 R > 小怪 B > 2 > A > K > … > 3」."""
    singles = [only(c) for c in RANK_CHARS]
    assert [m.key for m in singles] == list(range(15))
    for low, high in itertools.combinations(singles, 2):
        assert beats(high, low)
        assert not beats(low, high)


def test_no_two_or_joker_in_any_sequence_c0() -> None:
    """C0: "Twos and jokers are never in a sequence"; §3.4 「2和怪不能用」."""
    assert "straight" not in kinds("JQKA2")
    assert "straight" not in kinds("TJQKAB")
    assert "pair-chain" not in kinds("KKAA22")
    assert "triple-chain" not in kinds("AAA222")
    assert illegal("JQKA2") and illegal("KKAA22") and illegal("AAA222")


def test_no_wraparound_straight() -> None:
    """C0: "there is no wrap-around: `QKA23` is not a straight" (§3.7 case 3)."""
    for text in ("QKA23", "KA234", "A2345", "23456"):
        assert illegal(text), text
    assert illegal("AA2233"), "no wrap-around pair sequence"
    assert illegal("AAA222333"), "no wrap-around trio sequence"


# ===================================================================== §3.4 row by row


def test_single_is_any_card() -> None:
    """§3.4 #1 單張: "any card, 3 lowest … 大怪 highest"."""
    for ch in RANK_CHARS:
        m = only(ch)
        assert (m.kind, m.key, m.length, m.ranks) == ("single", k(ch), 1, (k(ch),))
        assert not m.is_bomb and m.tier == -1 and m.bomb == ""


def test_pair_is_two_cards_of_one_rank_three_to_two() -> None:
    """§3.4 #2 一對: "two cards of the same rank, 3 … 2"."""
    for ch in "3456789TJQKA2":
        m = only(ch * 2)
        assert (m.kind, m.key, m.length) == ("pair", k(ch), 1)
    assert beats(only("22"), only("AA"))
    assert illegal("34")


def test_jokers_are_not_a_pair() -> None:
    """§3.4 #2: "B and R can never pair (one of each)"; 「不能帶一對怪」."""
    assert "pair" not in kinds("BR")
    assert only("BR").kind == "joker-bomb"


def test_trio_is_three_of_a_rank_three_to_two() -> None:
    """§3.4 #3 三張: "three cards of the same rank", 3 … 2."""
    for ch in "3456789TJQKA2":
        m = only(ch * 3)
        assert (m.kind, m.key, m.length) == ("triple", k(ch), 1)
    assert beats(only("222"), only("AAA"))
    assert illegal("334")


def test_three_with_one_kicker_may_be_a_two_or_joker() -> None:
    """§3.4 #4 三帶一: 「三張并帶上任意一張牌」, e.g. `6668`; K2: 2, B and R allowed."""
    for text in ("6668", "6662", "666B", "666R", "3666", "2223", "222B"):
        m = only(text)
        trio = next(r for r in set(m.ranks) if m.ranks.count(r) == 3)
        assert (m.kind, m.key, m.length) == ("triple+single", trio, 1), text


def test_three_with_one_compares_the_trio_not_the_kicker() -> None:
    """§3.4 #4 key = trio; §3.7 case 1: "`9993` beats `888A`"."""
    a, b = only("9993"), only("888A")
    assert (a.kind, a.key) == ("triple+single", k("9"))
    assert (b.kind, b.key) == ("triple+single", k("8"))
    assert beats(a, b)
    assert not beats(b, a)
    assert a.text() == "3999"


def test_kicker_never_shares_the_trio_rank_k1() -> None:
    """K1: "`3333` is never 'trio 333 + single 3'"; Q3.9: 「任意」 excludes the trio's rank."""
    for ch in "3456789TJQKA2":
        assert kinds(ch * 4) == {"bomb"}, ch


def test_three_with_pair_is_trio_plus_a_pair() -> None:
    """§3.4 #5 三帶一對: "trio + a pair, like a full house"; pair ≠ trio rank (K1)."""
    m = only("QQQ66")
    assert (m.kind, m.key, m.length) == ("triple+pair", k("Q"), 1)
    assert only("33322").kind == "triple+pair"
    assert only("22233").key == k("2")
    assert illegal("QQQ67"), "a trio plus two unpaired cards is nothing"
    assert illegal("333BR"), "the two jokers are not a pair"


def test_three_with_pair_compares_the_trio() -> None:
    """§3.4 #5 key = trio; §3.7 case 2: "`QQQ66` beats `TTTKK`"."""
    assert beats(only("QQQ66"), only("TTTKK"))
    assert not beats(only("TTTKK"), only("QQQ66"))


def test_straight_length_5_to_12() -> None:
    """§3.4 #6 順子: "≥5 consecutive ranks from 3 to A", 5–12 cards."""
    ranks = "3456789TJQKA"
    for length in range(5, 13):
        for start in range(0, 12 - length + 1):
            text = ranks[start : start + length]
            m = only(text)
            assert (m.kind, m.key, m.length) == ("straight", start + length - 1, length), text
    for length in range(2, 5):
        assert illegal(ranks[:length]), ranks[:length]


def test_straight_needs_consecutive_ranks() -> None:
    """§3.4 #6: "consecutive ranks" — a gap or a repeat breaks the straight."""
    assert illegal("34568")
    assert illegal("345677")
    assert illegal("3456789TJQK2")


def test_straight_key_is_its_highest_rank() -> None:
    """§3.4 #6 key = "highest rank"; §3.7 case 3: "`89TJQ` → legal straight"."""
    m = only("89TJQ")
    assert (m.kind, m.key, m.length) == ("straight", k("Q"), 5)
    assert beats(only("9TJQK"), m)
    assert beats(only("TJQKA"), only("9TJQK"))


def test_straight_cannot_use_twos_or_jokers() -> None:
    """§3.4 #6: 「2和怪不能用」; §3.7 case 3: "`JQKA2` → illegal"."""
    assert illegal("JQKA2")
    assert only("TJQKA").kind == "straight"


def test_pair_chain_needs_three_pairs() -> None:
    """§3.4 #7 連對: "≥3 consecutive pairs"; §3.7 case 4: "`3344` → illegal (needs 3 pairs)"."""
    assert illegal("3344")
    m = only("334455")
    assert (m.kind, m.key, m.length) == ("pair-chain", k("5"), 3)


def test_pair_chain_runs_three_to_ace() -> None:
    """§3.4 #7: "from 3 to A, e.g. `TTJJQQKK`", 6–20 cards; §3.7 case 4 "legal pair sequence"."""
    m = only("TTJJQQKK")
    assert (m.kind, m.key, m.length) == ("pair-chain", k("K"), 4)
    longest = only("33445566778899TTJJQQ")
    assert (longest.kind, longest.key, longest.length) == ("pair-chain", k("Q"), 10)
    assert only("QQKKAA").kind == "pair-chain"
    assert illegal("QQKKAA22")
    assert illegal("334466"), "pairs must be consecutive"
    assert beats(only("JJQQKK"), only("TTJJQQ"))
    assert not beats(only("JJQQKK"), only("99TTJJQQ"))


def test_trio_chain_needs_two_consecutive_trios() -> None:
    """§3.4 #8 三張的順子: "≥2 consecutive trios from 3 to A"; §3.7 case 5 "`444555` → legal"."""
    m = only("444555")
    assert (m.kind, m.key, m.length) == ("triple-chain", k("5"), 2)
    assert only("KKKAAA").kind == "triple-chain"
    assert illegal("444666")
    assert only("333444555666777888").length == 6


def test_trio_chain_beats_only_the_same_length() -> None:
    """§3.7 case 5: `444555` "beats `333444`, but cannot beat `333444555` (different length)"."""
    a = only("444555")
    assert beats(a, only("333444"))
    b = play("333444555", "triple-chain")
    assert not beats(a, b)
    assert not beats(b, a)


def test_airplane_takes_one_single_per_trio() -> None:
    """§3.4 #9 飛機: 「每個三張都帶上額外的一個單張」; §3.7 case 6 "`77788836` → legal airplane"."""
    m = only("77788836")
    assert (m.kind, m.key, m.length) == ("airplane+singles", k("8"), 2)
    assert play("333444555" + "79J", "airplane+singles").length == 3
    assert illegal("7778883"), "one wing short"
    assert illegal("777888369"), "one wing too many"


def test_airplane_single_wings_may_be_twos_and_share_a_rank_k2() -> None:
    """K2: "`777888+33` is an airplane with two single wings"; §3.7 case 6 "`77788822` → wings `2`,`2`"."""
    m = only("77788822")
    assert (m.kind, m.key, m.length) == ("airplane+singles", k("8"), 2)
    assert only("77788833").kind == "airplane+singles"
    assert play("777888" + "2B", "airplane+singles").key == k("8")


def test_airplane_wings_may_be_both_jokers_k3() -> None:
    """K3 / Q3.4: both jokers may be two single wings; §3.7 case 7 "`888999BR` … not an airplane with pairs"."""
    m = only("888999BR")
    assert (m.kind, m.key, m.length) == ("airplane+singles", k("9"), 2)
    assert "airplane+pairs" not in kinds("888999BR")


def test_airplane_wing_never_shares_a_body_rank_k1() -> None:
    """Q3.5: "A fourth card of a body rank is never a kicker" (`777888+8+X` is forbidden)."""
    assert illegal("77788883")
    assert illegal("77778883")
    assert illegal("333444" + "45"), "333444+4+5"


def test_airplane_body_must_run_three_to_ace() -> None:
    """§3.4 #9: "body 3–A" — 「盡管三張2不能用」."""
    assert illegal("AAA22234")
    assert illegal("AAA22233")
    assert only("KKKAAA34").kind == "airplane+singles"


def test_airplane_with_pairs_only_the_trios_need_be_consecutive() -> None:
    """§3.4 #10: 「只需要三張是連續的就行」; §3.7 case 8 "`88899944JJ` → legal airplane with pairs"."""
    m = only("888999" + "44JJ")
    assert (m.kind, m.key, m.length) == ("airplane+pairs", k("9"), 2)
    assert play("333444555" + "7799KK", "airplane+pairs").length == 3
    assert illegal("888999" + "44J"), "a pair short"


def test_airplane_pairs_cannot_mix_singles_k5() -> None:
    """K5 / §3.4 #10: "no mixing (`333444+6+77` illegal)"; §3.7 case 8."""
    assert illegal("333444677")
    assert illegal("333444555" + "6" + "7788")


def test_airplane_pair_wings_may_be_twos_but_not_the_jokers() -> None:
    """§3.4 #10: "a pair of 2s is allowed; the two jokers are not a pair (「不能帶一對怪」)"."""
    assert only("888999" + "22JJ").kind == "airplane+pairs"
    assert illegal("888999" + "BR" + "44")


def test_airplane_pair_wings_may_share_a_rank_k4() -> None:
    """K4 / Q3.6: 『3-3-3-4-4-4-K-K-K-K //带2对K』 — `888999+4444` is two pairs of 4s."""
    m = only("888999" + "4444")
    assert (m.kind, m.key, m.length) == ("airplane+pairs", k("9"), 2)
    assert only("333444" + "KKKK").kind == "airplane+pairs"


def test_bomb_is_four_of_a_rank() -> None:
    """§3.4 #11 炸彈: "four cards of the same rank"."""
    for ch in "3456789TJQKA2":
        m = only(ch * 4)
        assert (m.kind, m.key, m.length) == ("bomb", k(ch), 1)
        assert m.is_bomb and m.bomb == "bomb4" and m.tier == 0


def test_higher_bomb_beats_lower_bomb() -> None:
    """§3.4 #11: "a higher bomb beats a lower one"; §3.7 case 11 "`2222` beats `AAAA`"."""
    bombs = [only(c * 4) for c in "3456789TJQKA2"]
    for low, high in itertools.combinations(bombs, 2):
        assert beats(high, low)
        assert not beats(low, high)
    assert beats(only("2222"), only("AAAA"))


def test_rocket_is_both_jokers() -> None:
    """§3.4 #12 王炸/火箭: "`B`+`R`"."""
    m = only("BR")
    assert (m.kind, m.key, m.length) == ("joker-bomb", k("R"), 1)
    assert m.is_bomb and m.bomb == "BR" and m.tier == 1


def test_rocket_beats_the_two_bomb() -> None:
    """§3.5: "rocket `BR` > bomb `2222`"; §3.7 case 11 "`BR` beats `2222`"."""
    assert beats(only("BR"), only("2222"))
    assert not beats(only("2222"), only("BR"))


def test_four_with_two_singles() -> None:
    """§3.4 #13a 四帶二: 「一個四張帶上兩個單張，例如6-6-6-6-8-9」."""
    m = only("666689")
    assert (m.kind, m.key, m.length) == ("four+two-singles", k("6"), 1)
    assert only("222234").key == k("2")
    assert only("3333" + "2R").kind == "four+two-singles"


def test_four_with_two_singles_may_be_a_pair_or_both_jokers_q3_7() -> None:
    """Q3.7: "`666688` … is type 13a"; "`6666BR` … legal" (K2, K3)."""
    assert only("666688").kind == "four+two-singles"
    assert only("6666BR").kind == "four+two-singles"


def test_four_with_two_pairs() -> None:
    """§3.4 #13b 四帶二: 「一個四張帶上兩對，例如J-J-J-J-9-9-Q-Q」."""
    m = only("JJJJ99QQ")
    assert (m.kind, m.key, m.length) == ("four+two-pairs", k("J"), 1)
    assert only("JJJJ9922").kind == "four+two-pairs"


def test_four_with_two_pairs_may_share_a_rank_k4() -> None:
    """K4: "`JJJJ+99+99`"; Q3.7 "`JJJJ9999` … legal" — both quads may be the body."""
    found = moves("JJJJ9999")
    assert {(m.kind, m.key) for m in found} == {("four+two-pairs", k("J")), ("four+two-pairs", k("9"))}
    assert len(found) == 2


def test_four_with_two_pairs_cannot_use_the_jokers_as_a_pair() -> None:
    """K4: "a pair kicker must be a real pair"; §3.4 #2 "B and R can never pair"."""
    assert illegal("JJJJ99BR")


def test_four_with_two_cannot_mix_a_single_and_a_pair_k5() -> None:
    """K5: "single kickers and pair kickers are never mixed in one play" (extended to four-with-two)."""
    assert illegal("3333455")
    assert illegal("JJJJ9QQ")


def test_four_with_one_kicker_is_not_a_pattern() -> None:
    """§3.7 case 12: "`33334` → not 'three-with-one `333+3`' (K1). It is illegal: no pattern is quad + 1"."""
    assert illegal("33334")
    assert illegal("2222B")


def test_four_with_two_singles_and_pairs_never_beat_each_other() -> None:
    """§3.4: 「四張帶二張和四張帶二對屬于不同的牌型，不能彼此蓋過」; §3.7 case 9."""
    singles, pairs = only("666689"), only("555599QQ")
    assert not beats(singles, pairs)
    assert not beats(pairs, singles)
    assert not beats(only("AAAA34"), only("33334455"))


def test_four_with_two_beats_only_a_lower_four_with_two_of_its_type() -> None:
    """§3.4: 「只能蓋過比自己小的同樣牌型的四帶二」; §3.7 case 9 "`777734` beats `666689`"."""
    assert beats(only("777734"), only("666689"))
    assert not beats(only("666689"), only("777734"))
    assert beats(only("KKKK3344"), only("JJJJ99QQ"))
    assert not beats(only("777734"), only("777"))


def test_any_bomb_beats_four_with_two() -> None:
    """§3.4 / Q3.8: 「四帶二能被比自己小的炸彈蓋過」; §3.7 case 10 "`3333` beats `AAAA+5+6`"."""
    low = only("3333")
    assert beats(low, only("AAAA56"))
    assert beats(low, only("2222" + "AA" + "KK"))
    assert not beats(only("AAAA56"), low)


# ===================================================================== §3.5 bomb ladder


def test_bomb_ladder_order() -> None:
    """§3.5: "rocket `BR` > bomb `2222` > `AAAA` > … > `3333` > every non-bomb pattern"."""
    ladder = [only(text) for text in ALL_BOMBS]
    for i, low in enumerate(ladder):
        for high in ladder[i + 1 :]:
            assert beats(high, low), (high.text(), low.text())
            assert not beats(low, high), (low.text(), high.text())


def test_bomb_beats_every_non_bomb() -> None:
    """§3.5: "`3333` > every non-bomb pattern"; §3.7 case 10 "beats `22` (a pair)"."""
    assert beats(only("3333"), only("22"))
    for bomb in ALL_BOMBS:
        for text in SAMPLE_NON_BOMBS:
            for m in moves(text):
                assert not m.is_bomb
                assert beats(only(bomb), m), (bomb, text)
                assert not beats(m, only(bomb)), (text, bomb)


# ===================================================================== §3.3 following


def test_follower_must_match_type_and_card_count() -> None:
    """§3.3: 「出張數和類型都相同但比上一組牌更大的牌」."""
    assert not beats(only("456789"), only("34567")), "longer straight"
    assert not beats(only("45678"), only("345678")), "shorter straight"
    assert not beats(only("KKK3"), only("QQQ33")), "three-with-one on three-with-pair"
    assert not beats(only("KKK33"), only("QQQ4")), "three-with-pair on three-with-one"
    assert not beats(only("KKK"), only("QQQ4")), "trio on three-with-one"
    assert not beats(only("KK"), only("Q")), "pair on single"
    assert not beats(only("KKKAAA"), only("QQQKKK34")), "trio sequence on airplane"
    assert not beats(only("99TTJJ"), only("345678")), "pair sequence on straight"
    assert not beats(only("JJJQQQ" + "KK"), only("333444555" + "678")), "airplane of 2 on airplane of 3"
    assert not beats(only("888999" + "44JJ"), only("777888" + "36")), "airplane with pairs on airplane with singles"


def test_rocket_beats_anything() -> None:
    """§3.3: 「火箭能蓋過任何牌型」."""
    rocket = only("BR")
    for text in SAMPLE_NON_BOMBS + ALL_BOMBS[:-1]:
        for m in moves(text):
            assert beats(rocket, m), text


def test_nothing_beats_the_rocket() -> None:
    """§3.3 / §3.5: the rocket is the top of the ladder."""
    rocket = only("BR")
    for text in SAMPLE_NON_BOMBS + ALL_BOMBS:
        for m in moves(text):
            assert not beats(m, rocket), text


def test_bomb_beats_anything_except_rocket_or_higher_bomb() -> None:
    """§3.3: 「炸彈能蓋過除火箭和更大的炸彈外的任何牌型」."""
    nine = only("9999")
    for text in SAMPLE_NON_BOMBS + ["3333", "8888"]:
        for m in moves(text):
            assert beats(nine, m), text
    for text in ["TTTT", "AAAA", "2222", "BR"]:
        assert not beats(nine, only(text)), text


# ===================================================================== C1 interpretations


def test_ambiguous_cards_list_every_interpretation_c1() -> None:
    """C1: "`333444555666` is a trio sequence of 4 (key 6), an airplane `333444555` with … wings `6,6,6` (key 5), or an airplane `444555666` with … wings `3,3,3` (key 6)"."""
    found = moves("333444555666")
    assert len(found) == 3
    assert {(m.kind, m.key, m.length) for m in found} == {
        ("triple-chain", k("6"), 4),
        ("airplane+singles", k("5"), 3),
        ("airplane+singles", k("6"), 3),
    }
    # One text, one reading: each airplane names its body, the wings after it; the trio sequence is the cards alone.
    assert sorted(m.text() for m in found) == ["333444555+6+6+6", "333444555666", "444555666+3+3+3"]


def test_later_comparisons_use_the_declared_interpretation_c1() -> None:
    """C1: "Later comparisons use the declared interpretation"."""
    chain = play("333444555666", "triple-chain")
    low_plane = play("333444555666", "airplane+singles", "5")
    high_plane = play("333444555666", "airplane+singles", "6")
    assert beats(high_plane, low_plane)
    assert not beats(low_plane, high_plane)
    assert not beats(chain, low_plane) and not beats(low_plane, chain)
    assert beats(play("444555666777", "triple-chain"), chain)
    assert beats(only("444555666" + "89T"), low_plane)
    assert not beats(only("444555666" + "89T"), high_plane)


# ===================================================================== C4 beating


def test_equal_keys_never_beat() -> None:
    """C4: "Equal keys never beat"; "Two bomb-class plays that are equal under the ladder … never beat each other"."""
    for text in SAMPLE_NON_BOMBS + ALL_BOMBS + ["333444555666"]:
        for m in moves(text):
            assert not beats(m, m), text
    assert not beats(only("34567"), only("34567"))
    assert not beats(only("9993"), only("9994"))
    assert not beats(only("777888" + "36"), only("777888" + "AK"))


def test_a_strictly_higher_key_is_needed_to_beat_c4() -> None:
    """C4: "the same pattern type, the same total card count … and a strictly higher key rank"."""
    assert not beats(only("34567"), only("45678"))
    assert not beats(only("888A"), only("9993"))
    assert beats(only("45678"), only("34567"))


# ===================================================================== C6 kickers


def test_single_kickers_may_be_any_card_and_share_a_rank_k2() -> None:
    """K2: "single kickers may be any card, including 2, B and R. Several single kickers may share a rank"."""
    assert only("777888" + "33").kind == "airplane+singles"
    assert only("777888" + "2R").kind == "airplane+singles"
    assert only("5555" + "22").kind == "four+two-singles"
    assert only("555R").kind == "triple+single"


def test_both_jokers_may_be_two_single_kickers_k3() -> None:
    """K3: "B and R may appear together as two single kickers, e.g. `6666+BR` or `777888+BR`" (flag on)."""
    assert only("6666BR").kind == "four+two-singles"
    assert only("777888BR").kind == "airplane+singles"


def test_rocket_kickers_flag_off_forbids_both_jokers_as_kickers_k3() -> None:
    """K3: "Engine flag `allow_rocket_as_kickers=True`. Some engines forbid it"."""
    strict = V.with_changes(rocket_kickers=False)
    assert illegal("6666BR", strict)
    assert illegal("777888BR", strict)
    assert kinds("6666B2", strict) == {"four+two-singles"}
    assert kinds("777888R3", strict) == {"airplane+singles"}


def test_pair_kickers_must_be_real_pairs_and_may_share_a_rank_k4() -> None:
    """K4: "a pair kicker must be a real pair … Two pair kickers may share a rank … e.g. `JJJJ+99+99`"."""
    assert ("four+two-pairs", k("J")) in {(m.kind, m.key) for m in moves("JJJJ9999")}
    assert illegal("JJJJ9Q9K")
    assert only("888999" + "4444").kind == "airplane+pairs"


def test_single_and_pair_kickers_never_mix_k5() -> None:
    """K5: "single kickers and pair kickers are never mixed in one play"."""
    assert illegal("333444" + "6" + "77")
    assert illegal("6666" + "8" + "99")


# ===================================================================== move values


@pytest.mark.parametrize("text, canonical", [("9993", "3999"), ("QQ66Q", "66QQQ"), ("RB", "BR"), ("2AKQJ", "")])
def test_move_text_is_low_to_high(text: str, canonical: str) -> None:
    """A move prints its cards low to high (3 … A, 2, B, R); `JQKA2` is no move at all."""
    found = moves(text)
    assert {m.text() for m in found} == ({canonical} if canonical else set())


def test_every_non_bomb_kind_has_no_tier() -> None:
    """§3.5: only bombs and the rocket sit on the ladder."""
    seen: set[str] = set()
    for text in SAMPLE_NON_BOMBS:
        for m in moves(text):
            seen.add(m.kind)
            assert m.tier == -1 and m.bomb == "" and not m.is_bomb
    assert seen == set(NON_BOMB_KINDS)
