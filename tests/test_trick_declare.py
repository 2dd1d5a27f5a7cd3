"""炒地皮 declaring (other-games.md §7.3–§7.5): the ladder, 亮主 and 反主 legality, 抄底, and the kitty-flip trump."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paiju.cards import CARDS_PER_DECK, Card, Rank, Suit, make_card, parse_cards
from paiju.trick.declare import (
    Declaration,
    declaration_problem,
    declarations,
    kitty_flip_card,
    kitty_flip_is_joker,
    kitty_trump,
    make_declaration,
    parse_declaration,
    strength_of,
)
from paiju.variants.trick_rules import TrickRules

RULES = TrickRules()
TWO, SIX = Rank.TWO.value, Rank.SIX.value


def cards(text: str) -> list[Card]:
    """Cards of the two-deck table from their text."""
    return parse_cards(text, decks=2)


def decl(text: str, seat: int = 0, level: int = TWO) -> Declaration:
    """The declaration ``seat`` types as ``text``."""
    return parse_declaration(text, seat, level)


def problem(
    text: str,
    standing: Declaration | None,
    seat: int = 0,
    level: int = TWO,
    rules: TrickRules = RULES,
    pairs_only: bool = False,
    hand: str | None = None,
) -> str | None:
    """Why ``seat`` may not show ``text`` over ``standing`` (its ``hand`` defaults to just the cards shown)."""
    shown = decl(text, seat, level)
    held = cards(hand) if hand is not None else list(shown.cards)
    return declaration_problem(shown, standing, held, level, rules, pairs_only)


# --- the ladder (§7.3) -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "strength", "trump"),
    [
        ("2c", 1, Suit.CLUBS),
        ("2h", 1, Suit.HEARTS),
        ("2d 2d", 2, Suit.DIAMONDS),
        ("2c 2c", 3, Suit.CLUBS),
        ("2h 2h", 4, Suit.HEARTS),
        ("2s 2s", 5, Suit.SPADES),
        ("B B", 6, None),
        ("R R", 7, None),
        ("5h 5h d", 8, Suit.DIAMONDS),
        ("5h 5h none", 8, None),
    ],
)
def test_ladder_strengths_and_the_trump_each_entry_makes(text: str, strength: int, trump: Suit | None) -> None:
    """§7.3 「单张 2 < 对方块 2 < 对梅花 2< 对红桃 2< 对黑桃 2< 对小王 < 对大王 < 对红桃 5」; D4: the last standing
    declaration's suit is trump, a joker pair no-trump, a ♥5 pair the declarer's choice."""
    shown = decl(text)
    assert (shown.strength, shown.trump) == (strength, trump)
    assert strength_of(shown.cards, TWO) == strength


def test_ladder_reads_the_level_rank_for_2() -> None:
    """§7.3 「假定当前打 2」: at another level the level rank declares and 2 does not."""
    assert strength_of(cards("6s 6s"), SIX) == 5
    assert strength_of(cards("2s 2s"), SIX) is None
    assert strength_of(cards("6d"), SIX) == 1


def test_only_identical_cards_make_a_pair() -> None:
    """§7.7 「两张花色和点数都相同的牌称为一对」: 2s 2h declares nothing; three cards declare nothing."""
    assert strength_of(cards("2s 2h"), TWO) is None
    assert strength_of(cards("2s 2s 2h"), TWO) is None
    assert strength_of([], TWO) is None


def test_declaration_stores_cards_by_face() -> None:
    """D8 (shown cards go back to the hand): which deck copy a hand holds does not change the declaration."""
    second_copy = make_card(Rank.TWO, Suit.CLUBS, deck=1)
    assert Declaration(0, (second_copy,), 1, Suit.CLUBS) == decl("2c")
    assert decl("2c").text() == "declare 2c"


# --- D2 / D3: who may declare what, when --------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["2d", "2d 2d", "B B", "5h 5h s"])
def test_d2_the_first_declaration_may_be_any_entry(text: str) -> None:
    """D2 / Q7.5 (c): 「The first declaration may be any ladder entry」 — singles and pairs both open."""
    assert problem(text, None) is None


def test_d2_an_overturn_must_be_a_strictly_stronger_pair() -> None:
    """D2 「按反主级别的大小次序，可以依次反主」: a 反主 is a pair strictly stronger than the standing one."""
    standing = decl("2c 2c", seat=1)
    assert problem("2h 2h", standing) is None
    reason = problem("2d 2d", standing)
    assert reason is not None and reason.startswith("D2") and "does not beat" in reason


def test_d2_an_equal_pair_does_not_overturn() -> None:
    """D2: 「strictly stronger」 — the other copy pair of the standing entry cannot be shown, and equal is not enough."""
    assert problem("B B", decl("B B", seat=1)) is not None


def test_d3_a_single_never_overturns_a_single() -> None:
    """D3 / Q7.5 (c): 「Singles of different suits are all strength 1. A single never overturns a single.」"""
    assert decl("2s").strength == decl("2d").strength == 1
    reason = problem("2s", decl("2d", seat=1), seat=2)
    assert reason is not None and reason.startswith("D2/D3")


def test_d2_a_single_never_overturns_a_pair() -> None:
    """D2 「“反主”其实就是以“对”的方式重新“叫主”」: after the first declaration only pairs are shown."""
    assert problem("2s", decl("2d 2d", seat=1), seat=2) is not None


def test_d2_partners_may_overturn_each_other() -> None:
    """D2 / Q7.5 (c): 「Partners are "other players" and may overturn each other」 (seats 0 and 2 are partners)."""
    assert problem("2s 2s", decl("2c", seat=0), seat=2) is None


@pytest.mark.parametrize("self_overturn", [False, True])
def test_d2_self_overturn_follows_its_flag(self_overturn: bool) -> None:
    """D2 / Q7.5 (c): 「A player may not overturn a declaration that currently stands as their own」
    (``self_overturn=False``); with the flag on, their stronger pair overturns it."""
    rules = TrickRules(self_overturn=self_overturn, self_reinforce=False)
    reason = problem("2s 2s", decl("2c 2c", seat=0), seat=0, rules=rules)
    assert (reason is None) == self_overturn
    if reason is not None:
        assert reason == "D2: your own 2c 2c stands; only a 5h pair overturns it"


@pytest.mark.parametrize("self_reinforce", [False, True])
def test_d2_reinforcing_the_own_single_follows_its_flag(self_reinforce: bool) -> None:
    """D2: 「They may reinforce it with a pair of the same suit as their own standing single: the strength rises and
    the suit stays」 (``self_reinforce=True``); a pair of another suit is still a self-overturn."""
    rules = TrickRules(self_reinforce=self_reinforce)
    own = decl("2c", seat=0)
    assert (problem("2c 2c", own, seat=0, rules=rules) is None) == self_reinforce
    assert problem("2s 2s", own, seat=0, rules=rules) is not None


@pytest.mark.parametrize(("self_overturn", "self_reinforce"), [(False, False), (False, True), (True, False)])
def test_d2_the_own_declaration_falls_to_a_red_five_pair(self_overturn: bool, self_reinforce: bool) -> None:
    """D2 「在拿底牌之前，如果自己有一对红桃 5 ，可以反并定主色」: the ♥5 pair overturns even its declarer's own."""
    rules = TrickRules(self_overturn=self_overturn, self_reinforce=self_reinforce)
    assert problem("5h 5h h", decl("R R", seat=3), seat=3, rules=rules) is None


def test_d2_nothing_beats_a_red_five_pair() -> None:
    """§7.3 「而且别人不可以再反」: after a ♥5 pair nobody declares, not even with the other ♥5 copies."""
    standing = decl("5h 5h none", seat=1)
    reason = problem("R R", standing, seat=2)
    assert reason is not None and "nothing beats a 5h pair" in reason
    assert declarations(cards("R R B B 2s 2s"), 2, standing, TWO, RULES) == []


def test_d2_the_cards_shown_must_be_in_the_hand() -> None:
    """D2: a player declares 「根据牌情」, with level cards they hold."""
    assert problem("2s 2s", None, hand="2s 3s 4s") == "you do not hold 2s 2s"


def test_d2_a_declaration_must_match_its_cards() -> None:
    """D4: the cards decide strength and trump; a declaration claiming another is refused."""
    forged = Declaration(0, tuple(cards("2d 2d")), 5, Suit.SPADES)
    assert declaration_problem(forged, None, cards("2d 2d"), TWO, RULES) == "2d 2d is strength 2 and declares diamonds"


# --- D5 / D6: the red five and the jokers --------------------------------------------------------------------------
def test_d5_a_single_red_five_declares_nothing_below_level_five() -> None:
    """D5 / Q7.6 (c): 「Only a pair of 5♥ has red-5 powers」: a single 5h is no declaration at level 2."""
    assert strength_of(cards("5h"), TWO) is None
    with pytest.raises(ValueError, match="D5"):
        decl("5h")


def test_d5_at_level_five_a_single_red_five_declares_hearts() -> None:
    """Q7.7 (c): 「A single `5h` declares hearts」 when L = 5, as an ordinary level card."""
    single = decl("5h", level=Rank.FIVE)
    assert (single.strength, single.trump) == (1, Suit.HEARTS)


def test_d5_at_level_five_a_red_five_pair_is_strength_eight() -> None:
    """D5 / Q7.7 (c): 「When L = 5, a pair of ♥5 is strength 8, not 4」, so it overturns 5s 5s."""
    assert strength_of(cards("5h 5h"), Rank.FIVE) == 8
    assert strength_of(cards("5s 5s"), Rank.FIVE) == 5
    assert problem("5h 5h c", decl("5s 5s", seat=1, level=Rank.FIVE), level=Rank.FIVE) is None


def test_d6_a_black_and_a_red_joker_are_no_declaration() -> None:
    """D6 / Q7.8 (c): 「Only identical joker pairs. `BR` is not a declaration.」"""
    assert strength_of(cards("B R"), TWO) is None
    with pytest.raises(ValueError, match=r"^BR is not a declaration: show two identical jokers \(D6\)$"):
        decl("B R")
    assert all(d.cards != tuple(cards("B R")) for d in declarations(cards("B R"), 0, None, TWO, RULES))


def test_d9_a_red_five_pair_is_marked_for_red5_side() -> None:
    """D9: 「A 红5对 declaration (in D2 or §7.5) is recorded as `red5_side`」 — the engine reads ``red_five``."""
    assert decl("5h 5h s").red_five
    assert not decl("R R").red_five


# --- §7.15 cases ----------------------------------------------------------------------------------------------------
def test_case_7_declaring_at_level_two() -> None:
    """§7.15 case 7: after 2c, 2d 2d overturns; after 2h 2h, 2c 2c is illegal; 2s 2s < B B < R R < 5h 5h; B R is
    not a declaration."""
    assert problem("2d 2d", decl("2c", seat=0), seat=1) is None
    assert problem("2c 2c", decl("2h 2h", seat=0), seat=1) is not None
    chain = ["2s 2s", "B B", "R R", "5h 5h s"]
    for seat, (weaker, stronger) in enumerate(zip(chain, chain[1:], strict=False)):
        assert problem(stronger, decl(weaker, seat=seat), seat=seat + 1) is None
        assert decl(weaker).strength < decl(stronger).strength
    assert strength_of(cards("B R"), TWO) is None


def test_case_24_the_declarer_reinforces_but_does_not_overturn_itself() -> None:
    """§7.15 case 24: A declares 2c and B, C, D pass; A may show 2c 2c (strength 3, clubs stay) but not 2s 2s. C could
    have overturned with 2s 2s in its turn."""
    a, c = 0, 2
    standing = decl("2c", seat=a)
    hand = "2c 2c 2s 2s 9h"
    assert [d.text() for d in declarations(cards(hand), a, standing, TWO, RULES)] == ["declare 2c 2c"]
    reinforced = decl("2c 2c", seat=a)
    assert (reinforced.strength, reinforced.trump) == (3, Suit.CLUBS)
    assert problem("2s 2s", standing, seat=a, hand=hand) is not None
    assert problem("2s 2s", standing, seat=c, hand=hand) is None


# --- §7.5 抄底 ------------------------------------------------------------------------------------------------------
def test_cd2_each_stronger_pair_retakes_the_kitty_until_a_red_five_pair() -> None:
    """CD2: 「目前打草花 6」; 6s 6s re-takes (spades), B B re-takes (no-trump), 5h 5h re-takes and names the trump;
    「Nobody can go further.」"""
    standing = decl("6c", seat=0, level=SIX)
    for seat, text in [(1, "6s 6s"), (2, "B B"), (3, "5h 5h d")]:
        assert problem(text, standing, seat=seat, level=SIX, pairs_only=True) is None
        standing = decl(text, seat=seat, level=SIX)
    assert (standing.strength, standing.trump) == (8, Suit.DIAMONDS)
    everything = cards("R R 6s 6s 6h 6h 5h 5h")
    assert declarations(everything, 0, standing, SIX, RULES, pairs_only=True) == []


def test_cd1_a_retake_needs_a_pair_stronger_than_the_current_strength() -> None:
    """§7.5 「亮出比当前级别高的牌」: a PAIR entry with strength > current; a single never re-takes."""
    standing = decl("6h 6h", seat=1, level=SIX)
    assert problem("6d 6d", standing, seat=2, level=SIX, pairs_only=True) is not None
    assert (
        problem("6s", standing, seat=2, level=SIX, pairs_only=True)
        == "§7.5: to re-take the kitty (抄底) show a pair, not a single"
    )
    assert problem("6s 6s", standing, seat=2, level=SIX, pairs_only=True) is None


def test_cd1_a_previous_holder_may_retake() -> None:
    """CD1 / Q7.27 (c): 「A previous holder may re-take the kitty after someone else has taken it」."""
    holder_now = decl("6s 6s", seat=1, level=SIX)
    assert problem("B B", holder_now, seat=0, level=SIX, pairs_only=True) is None


def test_kitty_decided_trump_counts_as_strength_one_for_chaodi() -> None:
    """§7.4: 「any pair entry beats a kitty-determined trump」 (current strength 1, ``standing=None``)."""
    assert problem("6d 6d", None, level=SIX, pairs_only=True) is None
    assert problem("6d", None, level=SIX, pairs_only=True) is not None


# --- §7.4 the kitty flip --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kitty", "level", "trump"),
    [
        ("Ac 3d 2h Kd 2s 4c 7c 9d", TWO, Suit.HEARTS),  # the first level card, not the highest card
        ("Ac 3d 6h Kd 5s 4c 7c 9d", TWO, Suit.CLUBS),  # no level card: the highest 点数, A
        ("5h 4c 3d 7s 3c 4d 6c 3s", TWO, Suit.SPADES),  # 5♥ counts as a 5, below the 7
        ("5h 4c 3d 3s 3c 4d 4s 3h", TWO, Suit.HEARTS),  # … and as a 5, above the 4s
        ("Ad 3d Ac Kd 3s 4c 7c As", TWO, Suit.DIAMONDS),  # a tie goes to the first of the highest
        ("As 3d B Kd 3s 4c 7c 9d", TWO, None),  # a joker above A: no-trump
        ("B 3d R Kd 3s 4c 7c 9d", TWO, None),  # R above B
        ("Kd 3d 5h Ad 3s 4c 7c 5s", Rank.FIVE, Suit.HEARTS),  # at L = 5 the 5♥ is the first level card
    ],
)
def test_kitty_flip_trump(kitty: str, level: int, trump: Suit | None) -> None:
    """§7.4 / Q7.9 (c): 「若 “底牌” 中有级牌，则第一张级牌为主。若无，则将点数最大的那张牌的花色为主」, by the 点数 order
    R > B > A > K … > 2 with 5♥ a 5; a joker gives no-trump; ties go to the first card in order."""
    assert kitty_trump(cards(kitty), level) == trump


def test_kitty_flip_reports_a_joker_for_not_after_joker() -> None:
    """Q7.9 (c): ``chaodi_after_kitty_flip="not_after_joker"`` — 『如为王,则为无主,但是本副牌无法炒底』."""
    with_joker = cards("As 3d R Kd 3s 4c 7c 9d")
    assert kitty_flip_is_joker(with_joker, TWO)
    assert kitty_flip_card(with_joker, TWO) == with_joker[2]
    assert not kitty_flip_is_joker(cards("R 2d 3s 4s 5s 6s 7s 8s"), TWO)  # a level card comes before the joker
    with pytest.raises(ValueError):
        kitty_trump([], TWO)


# --- parsing --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text", ["declare 2c", "declare 2s 2s", "declare 5h 5h s", "declare 5h 5h none", "declare B B"]
)
def test_declaration_text_reads_back(text: str) -> None:
    """A declaration is typed as it is shown: ``text()`` parses back to the same declaration, with or without
    ``declare``."""
    shown = decl(text)
    assert shown.text() == text
    assert decl(text.removeprefix("declare ")) == shown


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("B R", "BR is not a declaration: show two identical jokers (D6)"),
        ("5h 5h", "a 5h pair names a trump: add s, h, d, c or none"),
        ("2s 2s s", "only a 5h pair names the trump: 2s 2s declares spades"),
        ("2s 2h", "2s 2h is not a pair: show two identical cards (§7.7)"),
        ("3s", "3s is not a declaration: declare with the level rank 2, a joker pair or a 5h pair"),
        ("R", "a single R is not a declaration: jokers declare no-trump as a pair (B B or R R)"),
        ("2 2", "'2 2': give each card's suit, e.g. 2s 2s (B and R for the jokers)"),
        ("2s 2s 2s", "2s 2s 2s is not a declaration: show one level card or a pair"),
        ("declare", "show one level card or a pair, e.g. declare 2s 2s"),
        ("2x", "is not a card"),
    ],
)
def test_parse_errors_give_a_players_reason(text: str, reason: str) -> None:
    """Bad text is refused with one line saying what to type instead (D5, D6, §7.7)."""
    with pytest.raises(ValueError) as raised:
        decl(text)
    assert reason in str(raised.value) and "\n" not in str(raised.value)


def test_make_declaration_names_a_trump_only_for_a_red_five_pair() -> None:
    """D4: 「A ♥5 pair means the declarer's choice」; other entries make their own trump."""
    assert make_declaration(1, cards("5h 5h"), TWO, Suit.CLUBS).trump == Suit.CLUBS
    with pytest.raises(ValueError, match="only a 5h pair names the trump"):
        make_declaration(1, cards("R R"), TWO, Suit.CLUBS)


# --- property: declarations() lists exactly what declaration_problem accepts ------------------------------------------

_NAMEABLE: list[Suit | None] = [*Suit, None]


@st.composite
def _situations(draw: st.DrawFn) -> tuple[list[Card], int, Declaration | None, int, TrickRules, bool]:
    level = draw(st.sampled_from([r for r in Rank if r.value <= Rank.TWO]).map(int))
    pool = sorted({make_card(level, s) for s in Suit} | set(cards("5h B R")) | set(cards("3d 9s Kh")))
    counts = draw(st.lists(st.integers(0, 2), min_size=len(pool), max_size=len(pool)))
    hand = [f + CARDS_PER_DECK * copy for f, n in zip(pool, counts, strict=True) for copy in range(n)]
    entries = [[f] for f in pool] + [[f, f] for f in pool]
    possible = [e for e in entries if strength_of(e, level) is not None]
    shown = draw(st.none() | st.sampled_from(possible))
    standing = None
    if shown is not None:
        named = draw(st.sampled_from(_NAMEABLE)) if strength_of(shown, level) == 8 else None
        standing = make_declaration(draw(st.integers(0, 3)), shown, level, named)
    rules = TrickRules(self_overturn=draw(st.booleans()), self_reinforce=draw(st.booleans()))
    return hand, draw(st.integers(0, 3)), standing, level, rules, draw(st.booleans())


@settings(deadline=None)
@given(_situations())
def test_declarations_lists_exactly_the_accepted_ones(
    situation: tuple[list[Card], int, Declaration | None, int, TrickRules, bool],
) -> None:
    """D2 / §7.5: each listed declaration is accepted and stronger than the standing one (a kitty-decided trump
    counting as 1 in 抄底); every one- or two-card showing from the hand that is accepted is listed, once."""
    hand, seat, standing, level, rules, pairs_only = situation
    listed = declarations(hand, seat, standing, level, rules, pairs_only)
    assert len(set(listed)) == len(listed)
    floor = standing.strength if standing is not None else 1 if pairs_only else 0
    for d in listed:
        assert declaration_problem(d, standing, hand, level, rules, pairs_only) is None
        assert d.seat == seat and d.strength > floor
    showings = {(a,) for a in hand} | {(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :]}
    for shown in showings:
        strength = strength_of(shown, level)
        if strength is None:
            continue
        named = _NAMEABLE if strength == 8 else [None]
        for candidate in {make_declaration(seat, shown, level, trump) for trump in named}:
            if declaration_problem(candidate, standing, hand, level, rules, pairs_only) is None:
                assert candidate in listed
