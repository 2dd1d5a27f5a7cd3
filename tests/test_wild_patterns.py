"""Wild cards: the speculator's 3s (speculator.md §10) and what it must play when following (§11).

One test per rule, then a brute force: every sub-multiset of a small hand, every meaning of its
wild cards, classified by a reference written from the rules (not from ``paiju.patterns``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import RANK_CHARS, parse_ranks
from paiju.climbing.follow import speculator_answers, threes_used
from paiju.patterns import Move, Wilds, beats, classify_ranks, generate_counts
from paiju.patterns.move import NO_COLOUR
from paiju.variants import Variant, get_variant

# Rank indices: 0 = '3' … 11 = 'A', 12 = '2', 13 = 'B', 14 = 'R'.
THREE = 0
ACE = 11
TWO = 12
BLACK = 13
RED = 14
NUM_RANKS = 15
#: Key of a play of the speculator's 3s alone: between A and 2 (§10).
ALONE = 11.5

CLASSIC = get_variant("classic")
#: One deck, every pattern, four+two kickers of different ranks (speculator tables: 不重复).
ONE_DECK = CLASSIC.with_changes(name="wild-one-deck", distinct_four_two_kickers=True)
#: Two decks: joker pairs, bombs of 4–8 cards with the rocket between bomb5 and bomb6, no rocket kickers.
TWO_DECK = CLASSIC.with_changes(
    name="wild-two-deck",
    players=4,
    decks=2,
    hand_size=25,
    bottom_size=8,
    joker_pairs=True,
    rocket_kickers=False,
    distinct_four_two_kickers=True,
    bomb_ladder=(("bomb4",), ("bomb5",), ("BR",), ("bomb6",), ("bomb7",), ("bomb8",), ("BBRR",)),
    doubling_bombs=frozenset({"bomb6", "BBRR"}),
)
#: 5p1d's pattern set: few kinds, straights of 4, pair chains of 2.
FEW_KINDS = CLASSIC.with_changes(
    name="wild-few-kinds",
    players=5,
    hand_size=10,
    bottom_size=4,
    patterns=frozenset({"single", "pair", "triple", "triple+single", "straight", "pair-chain", "bomb", "joker-bomb"}),
    straight_min=4,
    pair_chain_min=2,
)

#: A move as a plain tuple: (kind, key, length, face ranks, tier, bomb class, (face, stands for) pairs).
Row = tuple[str, float, int, tuple[int, ...], int, str, tuple[tuple[int, int], ...]]


def k(ch: str) -> int:
    """Rank index of a rank character."""
    return RANK_CHARS.index(ch)


def spec(text: str, bombs: bool = True) -> tuple[list[int], Wilds]:
    """The speculator's hand: natural counts of ``text`` and its 3s as wild cards."""
    counts = [0] * NUM_RANKS
    for r in parse_ranks(text):
        counts[r] += 1
    threes = counts[THREE]
    counts[THREE] = 0
    return counts, Wilds((THREE,) * threes, ALONE, bombs)


def readings(text: str, variant: Variant = ONE_DECK, bombs: bool = True) -> list[Move]:
    """Every reading of the speculator playing exactly ``text`` (its 3s wild)."""
    return classify_ranks(variant, parse_ranks(text), spec(text, bombs)[1])


def texts(moves: Sequence[Move]) -> set[str]:
    """The card strings of some moves."""
    return {m.text() for m in moves}


def lead(text: str, variant: Variant = ONE_DECK, bombs: bool = True) -> list[Move]:
    """Every move the speculator holding ``text`` can lead."""
    counts, wilds = spec(text, bombs)
    return generate_counts(variant, counts, None, wilds)


def natural(text: str, kind: str, variant: Variant = ONE_DECK) -> Move:
    """The one ``kind`` reading of natural cards (a landlord's or farmer's play)."""
    (found,) = [m for m in classify_ranks(variant, parse_ranks(text)) if m.kind == kind]
    return found


# ===================================================================== §10, one test per rule


def test_wild_three_only_beside_a_natural_card() -> None:
    """§10: "A 3 in the speculator's hand is wild only inside a combination that also holds at least
    one card that is not a 3"; there "each 3 stands for one card of rank 3…2" and the move names it."""
    assert {(m.kind, m.key, m.wilds) for m in readings("73")} == {("pair", k("7"), ((THREE, k("7")),))}
    (pair,) = readings("73")
    assert pair.ranks == (THREE, k("7")), "ranks keep the faces of the cards played"
    assert pair.text() == "73(7)"


def test_play_of_only_threes_is_not_wild() -> None:
    """§10: "A play made only of 3s is not wild": 33 is a pair of 3s, never a pair of another rank."""
    assert [(m.kind, m.key, m.wilds) for m in readings("33")] == [("pair", ALONE, ())]
    assert [(m.kind, m.key, m.wilds) for m in readings("333")] == [("triple", ALONE, ())]


def test_lone_three_ranks_between_ace_and_two() -> None:
    """§10: "A single 3 ranks between A and 2"."""
    (three,) = readings("3")
    assert (three.kind, three.key) == ("single", ALONE)
    assert beats(three, natural("A", "single"))
    assert not beats(three, natural("2", "single"))
    assert beats(natural("2", "single"), three)
    counts, wilds = spec("3K")
    assert three in generate_counts(ONE_DECK, counts, natural("A", "single"), wilds)
    assert generate_counts(ONE_DECK, counts, natural("2", "single"), wilds) == []


def test_all_three_pair_between_aces_and_twos() -> None:
    """§10 [R]: "a pair or triple of 3s between AA/AAA and 22/222"."""
    (pair,) = readings("33")
    (triple,) = readings("333")
    assert beats(pair, natural("AA", "pair")) and not beats(pair, natural("22", "pair"))
    assert beats(triple, natural("AAA", "triple")) and not beats(triple, natural("222", "triple"))
    assert beats(natural("22", "pair"), pair) and not beats(natural("AA", "pair"), pair)


def test_pure_three_bomb_option() -> None:
    """§10 [R]: "four or more 3s: option pure_three_bomb = bomb | none — as a bomb it ranks among bombs of
    its size between the A bomb and the 2 bomb"."""
    (bomb,) = readings("3333", TWO_DECK)
    assert (bomb.kind, bomb.key, bomb.bomb) == ("bomb", ALONE, "bomb4")
    assert beats(bomb, natural("AAAA", "bomb", TWO_DECK)) and not beats(bomb, natural("2222", "bomb", TWO_DECK))
    (five,) = readings("33333", TWO_DECK)
    assert five.bomb == "bomb5" and beats(five, natural("AAAAA", "bomb", TWO_DECK))
    assert beats(natural("22222", "bomb", TWO_DECK), five)
    assert readings("3333", TWO_DECK, bombs=False) == []
    assert not any(m.size == 4 and m.ranks == (THREE,) * 4 for m in lead("33335", TWO_DECK, bombs=False))


def test_wild_threes_never_in_a_bomb() -> None:
    """§10: wild 3s "are never part of a bomb: no soft bomb (natural cards + 3s), no "enhanced" bomb (a
    natural bomb lengthened by 3s)"."""
    assert not any(m.is_bomb for m in readings("7773", TWO_DECK))
    assert not any(m.is_bomb for m in readings("77773", TWO_DECK)), "7777 lengthened to a bomb of 5"
    assert not any(m.is_bomb and m.wilds for m in lead("777733", TWO_DECK))
    assert any(m.bomb == "bomb4" and not m.wilds for m in lead("777733", TWO_DECK)), "the natural bomb stays"


def test_wild_three_as_single_kicker_stands_for_itself() -> None:
    """§10: "A 3 used as a single kicker stands for itself."""
    found = {(m.kind, m.key, m.wilds) for m in readings("7773")}
    assert found == {("triple+single", k("7"), ((THREE, THREE),))}
    airplanes = {m.wilds for m in readings("77788835") if m.kind == "airplane+singles"}
    assert airplanes == {((THREE, THREE),)}


def test_wild_threes_complete_pairs_triples_sequences_kicker_pairs_and_the_four() -> None:
    """§10: "Wild 3s may complete a pair, a triple, a sequence, a kicker pair, or the four of a four+two"."""

    def kinds(text: str) -> set[tuple[str, str]]:
        return {(m.kind, m.text()) for m in readings(text)}

    assert ("pair", "93(9)") in kinds("93")
    assert ("triple", "93(9)3(9)") in kinds("933")
    assert ("straight", "453(6)78") in kinds("34578")
    assert ("pair-chain", "5563(6)77") in kinds("355677")
    assert ("triple-chain", "555663(6)") in kinds("355566")
    assert ("triple+pair", "77793(9)") in kinds("37779")
    assert ("four+two-singles", "67773(7)K") in kinds("3677K7")
    assert ("four+two-pairs", "557773(7)KK") in kinds("355777KK")


def test_a_three_at_either_end_of_a_straight_is_the_players_choice() -> None:
    """§10: "a 3 at either end of a straight is the player's choice"."""
    straights = {m.text() for m in readings("34567") if m.kind == "straight"}
    assert straights == {"3(3)4567", "45673(8)"}


def test_wild_three_never_stands_for_a_joker() -> None:
    """§10: each 3 stands for "one card of rank 3…2 (never a joker)"."""
    assert readings("3B", TWO_DECK) == []
    assert readings("3BB", TWO_DECK) == []
    assert not any(stands >= BLACK for m in lead("777BB3", TWO_DECK) for _, stands in m.wilds), "777 B 3(B)"


def test_kicker_never_has_a_body_rank_by_meaning() -> None:
    """§9 / C6 K1: "a kicker never has its body's rank", judged on what the 3s stand for."""
    assert readings("77773") == [], "not 777 + 7 3(7)"
    assert {(m.kind, m.text()) for m in readings("7733")} == {("triple+single", "3(3)773(7)")}
    assert {m.text() for m in readings("777K3") if m.kind == "triple+pair"} == {"777K3(K)"}


def test_four_two_kickers_differ_in_rank_by_meaning() -> None:
    """§9 / [R] 16: "four+two's two kickers have different ranks (seed: 不重复)", wild kickers included."""
    assert not any(m.kind == "four+two-singles" for m in readings("777733"))
    assert any(m.kind == "four+two-singles" for m in readings("77773K"))
    assert not any(m.kind == "four+two-pairs" for m in readings("77779993"))
    assert any(m.kind == "four+two-pairs" for m in readings("777799K3"))
    king = Wilds((k("K"),), None, False)
    assert not any(m.kind == "four+two-singles" for m in classify_ranks(ONE_DECK, parse_ranks("7777KK"), king))
    assert any(m.kind == "four+two-singles" for m in classify_ranks(ONE_DECK, parse_ranks("7777KA"), king))


def test_rocket_as_two_single_kickers_only_where_the_table_allows() -> None:
    """C6 K3: "B and R may appear together as two single kickers" only with the table's flag."""
    assert any(m.kind == "airplane+singles" for m in readings("773888BR", ONE_DECK))
    assert not any(m.kind == "airplane+singles" for m in readings("773888BR", TWO_DECK))


def test_different_meanings_are_different_moves_listed_once() -> None:
    """C1: a move is cards plus an interpretation; each interpretation is listed once."""
    moves = lead("345678")
    assert len(moves) == len(set(moves))
    assert {"45678", "3(4)5678", "3(3)45678"} <= texts([m for m in moves if m.kind == "straight"])


def test_move_text_is_canonical() -> None:
    """A move prints low to high by what each card plays as; a wild 3 as ``3(rank)``."""
    assert {m.text() for m in readings("39TJQ") if m.kind == "straight"} == {"3(8)9TJQ", "9TJQ3(K)"}
    assert natural("9TJQK", "straight").text() == "9TJQK"


# ===================================================================== §11, one test per rule


def test_speculator_must_follow_without_threes() -> None:
    """§11: "it must play an answer from N with the fewest 3s, counting every 3 in a combination of 2+
    cards" (seed: 组合牌型时能不用3即不用3)."""
    counts, wilds = spec("3779")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, natural("55", "pair"))
    assert texts(allowed) == {"77"} and not may_pass


def test_speculator_plays_the_fewest_threes_when_all_answers_need_them() -> None:
    """§11: fewest 3s, counting "every 3 in a combination of 2+ cards (wild, pure-3 or kicker)"."""
    counts, wilds = spec("339")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, natural("55", "pair"))
    assert texts(allowed) == {"93(9)"} and not may_pass
    assert threes_used(readings("33")[0], wilds.faces) == 2


def test_single_three_is_not_restricted() -> None:
    """§11: "Singles are not restricted by the count: a single 3 is an ordinary single"."""
    counts, wilds = spec("37")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, natural("5", "single"))
    assert texts(allowed) == {"3", "7"} and not may_pass


def test_free_to_bomb_or_pass_only_when_nothing_else_answers() -> None:
    """§11: "If N is empty it may play a beating bomb or pass. Otherwise it must play an answer from N"."""
    counts, wilds = spec("38888")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, natural("KK", "pair"))
    assert texts(allowed) == {"8888"} and may_pass
    counts, wilds = spec("38888AA")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, natural("KK", "pair"))
    assert texts(allowed) == {"AA"} and not may_pass


def test_bomb_cards_exempt_option() -> None:
    """§11 [R] 21: "N includes answers that break up a bomb in its hand (option
    speculator_bomb_cards_exempt = false | true)"."""
    counts, wilds = spec("22225")
    ace = natural("A", "single")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, ace)
    assert texts(allowed) == {"2"} and not may_pass
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, ace, bomb_cards_exempt=True)
    assert texts(allowed) == {"2", "2222"} and may_pass
    counts, wilds = spec("2222K3333")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, natural("Q", "single"), bomb_cards_exempt=True)
    assert texts(allowed) == {"K"} and not may_pass, "a lone 3 breaks the bomb of 3s"
    counts, wilds = spec("5BR")
    allowed, may_pass = speculator_answers(ONE_DECK, counts, wilds, ace, bomb_cards_exempt=True)
    assert texts(allowed) == {"B", "R", "BR"} and may_pass, "a joker breaks the rocket"


def test_must_follow_bomb_same_size_first() -> None:
    """§11: "If any of its bombs beats it, it must play one, chosen from the first non-empty group: (a)
    beating bombs with the same number of cards; (b) beating bombs with more cards; (c) any other
    beating bomb"."""
    counts, wilds = spec("777788888BR3333", bombs=True)
    allowed, may_pass = speculator_answers(TWO_DECK, counts, wilds, natural("5555", "bomb", TWO_DECK))
    assert texts(allowed) == {"7777", "8888", "3333"} and not may_pass
    allowed, _ = speculator_answers(TWO_DECK, counts, wilds, natural("2222", "bomb", TWO_DECK))
    assert texts(allowed) == {"88888"}
    allowed, _ = speculator_answers(TWO_DECK, counts, wilds, natural("99999", "bomb", TWO_DECK))
    assert texts(allowed) == {"BR"}
    allowed, may_pass = speculator_answers(TWO_DECK, counts, wilds, natural("999999", "bomb", TWO_DECK))
    assert allowed == [] and may_pass


# ===================================================================== reference rules


def _tiers(v: Variant) -> dict[str, int]:
    return {cls: i for i, tier in enumerate(v.pattern_rules.bomb_ladder) for cls in tier}


def ref_alone(v: Variant, faces: Sequence[int], alone_key: float | None, alone_bombs: bool) -> set[Row]:
    """§10: wild cards played alone are not wild: a group of their face, or a bomb of four or more."""
    if len(set(faces)) != 1:
        return set()
    face, n = faces[0], len(faces)
    key = face if alone_key is None else alone_key
    cards = (face,) * n
    if n <= 3:
        kind = ("single", "pair", "triple")[n - 1]
        return {(kind, key, 1, cards, -1, "", ())} if kind in v.pattern_rules.patterns else set()
    tiers = _tiers(v)
    if alone_bombs and f"bomb{n}" in tiers:
        return {("bomb", key, 1, cards, tiers[f"bomb{n}"], f"bomb{n}", ())}
    return set()


def ref_readings(v: Variant, naturals: Sequence[int], wild: Sequence[tuple[int, int]]) -> set[Row]:
    """Every reading of natural cards plus wild cards (face, stands for), from §9, §10 and C6 K1–K5."""
    cards = tuple(sorted([*naturals, *(f for f, _ in wild)]))
    pairs = tuple(sorted(wild))
    meaning = Counter([*naturals, *(s for _, s in wild)])
    n = len(cards)
    present = sorted(meaning)
    p = v.pattern_rules.patterns
    tiers = _tiers(v)
    pair_top = RED if v.pattern_rules.joker_pairs else TWO
    out: set[Row] = set()

    def add(kind: str, key: int, length: int = 1, bomb: str = "") -> None:
        out.add((kind, key, length, cards, tiers[bomb] if bomb else -1, bomb, pairs))

    def as_singles(rest: Counter[int]) -> bool:
        """Single kickers: a wild one stands for itself (§10); B and R together only with K3."""
        if not v.pattern_rules.rocket_kickers and rest[BLACK] and rest[RED]:
            return False
        return all(f == s for f, s in wild if rest[s])

    def as_pairs(rest: Counter[int], count: int) -> bool:
        """``count`` real pairs (K4): even counts of ranks that pair."""
        return sum(rest.values()) == 2 * count and all(c % 2 == 0 and r <= pair_top for r, c in rest.items())

    if len(present) == 1:
        (r,) = present
        if n == 1 and "single" in p:
            add("single", r)
        if n == 2 and "pair" in p and r <= pair_top:
            add("pair", r)
        if n == 3 and "triple" in p and r <= TWO:
            add("triple", r)
        if n >= 4 and not wild and r <= TWO and f"bomb{n}" in tiers:
            add("bomb", r, bomb=f"bomb{n}")
    if not wild and set(present) <= {BLACK, RED}:
        name = "B" * meaning[BLACK] + "R" * meaning[RED]
        if name in tiers:
            add("joker-bomb", RED if meaning[RED] else BLACK, bomb=name)
    consecutive = present == list(range(present[0], present[-1] + 1)) and present[-1] <= ACE
    for kind, width, least in (
        ("straight", 1, v.pattern_rules.straight_min),
        ("pair-chain", 2, v.pattern_rules.pair_chain_min),
        ("triple-chain", 3, v.pattern_rules.triple_chain_min),
    ):
        if kind in p and consecutive and len(present) >= least and all(meaning[r] == width for r in present):
            add(kind, present[-1], len(present))
    for body in range(TWO + 1):
        if meaning[body] not in (3, 4):
            continue  # no body of a triple or a quad here
        rest = Counter({r: c for r, c in meaning.items() if r != body})
        if meaning[body] == 3:
            if n == 4 and "triple+single" in p and as_singles(rest):
                add("triple+single", body)
            if n == 5 and "triple+pair" in p and len(rest) == 1 and as_pairs(rest, 1):
                add("triple+pair", body)
        if meaning[body] == 4:
            distinct = not v.pattern_rules.distinct_four_two_kickers or len(rest) == 2
            if n == 6 and "four+two-singles" in p and distinct and as_singles(rest):
                add("four+two-singles", body)
            if n == 8 and "four+two-pairs" in p and distinct and as_pairs(rest, 2):
                add("four+two-pairs", body)
    for links in range(v.pattern_rules.airplane_min, ACE + 2):
        if n not in (4 * links, 5 * links):
            continue  # no airplane of this many links has this many cards
        for top in range(links - 1, ACE + 1):
            trios = range(top - links + 1, top + 1)
            if any(meaning[r] != 3 for r in trios):
                continue
            rest = Counter({r: c for r, c in meaning.items() if r not in trios})
            if n == 4 * links and "airplane+singles" in p and as_singles(rest):
                add("airplane+singles", top, links)
            if n == 5 * links and "airplane+pairs" in p and as_pairs(rest, links):
                add("airplane+pairs", top, links)
    return out


def meanings(faces: Sequence[int]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every multiset of (face, stands for) for these wild cards: each stands for a rank 3…2."""
    groups = sorted(Counter(faces).items())
    for choice in product(*(combinations_with_replacement(range(TWO + 1), n) for _, n in groups)):
        yield tuple((face, s) for (face, _), stands in zip(groups, choice, strict=True) for s in stands)


def ref_moves(v: Variant, counts: Sequence[int], wilds: Wilds) -> set[Row]:
    """Every move of a hand: every part of its natural cards and wild cards, every meaning of the wilds."""
    faces = sorted(Counter(wilds.faces).items())
    out: set[Row] = set()
    for take in product(*(range(c + 1) for c in counts)):
        naturals = [r for r, c in enumerate(take) for _ in range(c)]
        for chosen in product(*(range(n + 1) for _, n in faces)):
            used = [face for (face, _), c in zip(faces, chosen, strict=True) for _ in range(c)]
            if not naturals:
                if used:
                    out |= ref_alone(v, used, wilds.alone_key, wilds.alone_bombs)
                continue
            for wild in meanings(used):
                out |= ref_readings(v, naturals, wild)
    return out


@pytest.mark.parametrize(
    "naturals, wild, expected",
    [
        ([k("7")], [(THREE, k("7"))], {("pair", k("7"))}),
        ([k("7")] * 3, [(THREE, THREE)], {("triple+single", k("7"))}),
        ([k("7")] * 3, [(THREE, k("9"))], set()),
        ([k("7")] * 3, [(THREE, k("7"))], set()),
        ([k("4"), k("5"), k("6"), k("7")], [(THREE, k("8"))], {("straight", k("8"))}),
        ([k("7")] * 3 + [k("9")], [(THREE, k("9"))], {("triple+pair", k("7"))}),
        ([k("7")] * 4, [(THREE, THREE), (THREE, THREE)], set()),
        ([k("7")] * 4, [(THREE, THREE), (THREE, k("9"))], set()),
    ],
)
def test_reference_classifier_reads_the_rules(
    naturals: list[int], wild: list[tuple[int, int]], expected: set[tuple[str, int]]
) -> None:
    """§10: the reference classifier itself reads the rulebook's wild-card examples right."""
    assert {(row[0], row[1]) for row in ref_readings(ONE_DECK, naturals, wild)} == expected


# ===================================================================== brute force


@dataclass(frozen=True)
class Case:
    """A table, a hand's natural cards and its wild cards."""

    variant: Variant
    counts: tuple[int, ...]
    wilds: Wilds


@st.composite
def cases(draw: st.DrawFn, max_natural: int = 7, max_wilds: int = 3) -> Case:
    """A speculator's hand on a one- or two-deck table (its 3s wild, none natural), or a hand holding
    wild cards of other faces beside natural cards of those ranks (5p1d's wild cards)."""
    table = draw(st.sampled_from(["one-deck", "two-deck", "faces"]))
    if table == "faces":
        variant = draw(st.sampled_from([ONE_DECK, FEW_KINDS]))
        faces = tuple(sorted(draw(st.lists(st.integers(0, TWO), min_size=1, max_size=2))))
        wilds = Wilds(faces, None, False)
    else:
        variant = ONE_DECK if table == "one-deck" else TWO_DECK
        faces = (THREE,) * (max_wilds - draw(st.integers(0, max_wilds)))
        wilds = Wilds(faces, ALONE, draw(st.booleans()))
    decks = variant.decks
    copies = [4 * decks - faces.count(r) for r in range(TWO + 1)] + [decks, decks]
    if table != "faces":
        copies[THREE] = 0
    low = draw(st.integers(0, NUM_RANKS - 1))
    window = range(low, min(NUM_RANKS, low + draw(st.integers(1, 6))))
    counts = [0] * NUM_RANKS
    for _ in range(draw(st.integers(max_natural // 2, max_natural))):
        room = [r for r in window if counts[r] < copies[r]]
        if not room:
            break
        counts[draw(st.sampled_from(room))] += 1
    return Case(variant, tuple(counts), wilds)


def _check_brute_force(case: Case) -> None:
    found = generate_counts(case.variant, case.counts, None, case.wilds)
    assert len(found) == len(set(found)), "a move is listed twice"
    assert all(m.colour == NO_COLOUR for m in found), "one-colour tables give moves no colour"
    got = {tuple(m)[:7] for m in found}  # the reference rows leave out the colour
    expected = ref_moves(case.variant, case.counts, case.wilds)
    assert got == expected, {"missing": expected - got, "extra": got - expected}


def _played_wilds(case: Case, move: Move) -> list[Wilds]:
    """The wild cards a player could name for ``move``: the speculator passes its hand's 3s; with
    other faces a play without wilds may be natural cards or wild cards alone."""
    if case.wilds.alone_key is not None:
        return [case.wilds]
    named = [replace(case.wilds, faces=tuple(f for f, _ in move.wilds))]
    if not move.wilds and len(set(move.ranks)) == 1 and move.ranks[0] <= TWO:
        named.append(replace(case.wilds, faces=move.ranks))
    return named


def _check_round_trip_and_answers(case: Case, other: Case, data: st.DataObject) -> None:
    leads = generate_counts(case.variant, case.counts, None, case.wilds)
    for m in leads[:: max(1, len(leads) // 25)]:
        assert any(m in classify_ranks(case.variant, m.ranks, w) for w in _played_wilds(case, m)), m
    pool = leads + generate_counts(case.variant, other.counts, None, other.wilds)
    if not pool:
        return
    to_beat = data.draw(st.sampled_from(pool))
    answers = generate_counts(case.variant, case.counts, to_beat, case.wilds)
    assert all(beats(a, to_beat) for a in answers), to_beat
    assert len(answers) == len(set(answers))
    assert set(answers) == {m for m in leads if beats(m, to_beat)}, to_beat


@settings(deadline=None, max_examples=60)
@given(cases())
def test_generate_with_wilds_matches_brute_force(case: Case) -> None:
    """§10: generation lists exactly the readings of every part of the hand, every meaning of its 3s."""
    _check_brute_force(case)


@settings(deadline=None, max_examples=60)
@given(cases(max_natural=12, max_wilds=4), st.data())
def test_wild_moves_classify_back_and_answers_beat(case: Case, data: st.DataObject) -> None:
    """C1, C4: every generated move classifies back to itself; the answers to a play are exactly the
    moves that beat it, and every one of them beats it."""
    other = data.draw(cases(max_natural=12, max_wilds=4).filter(lambda c: c.variant is case.variant))
    _check_round_trip_and_answers(case, other, data)


@pytest.mark.slow
@settings(deadline=None, max_examples=120)
@given(cases(max_natural=8, max_wilds=4))
def test_generate_with_wilds_matches_brute_force_large(case: Case) -> None:
    """§10 (large sweep, up to 8 natural cards and 4 wild 3s)."""
    _check_brute_force(case)


@pytest.mark.slow
@settings(deadline=None, max_examples=400)
@given(cases(max_natural=16, max_wilds=4), st.data())
def test_wild_moves_classify_back_and_answers_beat_large(case: Case, data: st.DataObject) -> None:
    """C1, C4 (large sweep): round trip and answers on hands of up to 20 cards."""
    other = data.draw(cases(max_natural=16, max_wilds=4).filter(lambda c: c.variant is case.variant))
    _check_round_trip_and_answers(case, other, data)
