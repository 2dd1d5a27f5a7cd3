"""The two-colour 投机商 tables 4p3d-2c and 5p3d-2c: speculator.md §14, the §15 rows 4p3d-2c and
5p3d-2c with the gift colour option, and §17 items 13 and 31.

Red is ♥ ♦ R, black ♠ ♣ B.  Positions are scripted with ``build``/``start`` from the two-landlord tests
(the named cards where the test puts them, the marked 7c in the speculator's hand, the rest from a
seeded shuffle); pure pattern and beating checks call ``coloured_moves``/``coloured_beats`` directly.
Expected values are written from the rules file, not read back from the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations

import pytest
from helpers import assert_play_start_sizes, checked_play, replays_identically
from hypothesis import given, settings
from hypothesis import strategies as st
from test_speculator_two_landlords import MARKED_7C, build, give, start, state

from paiju.bots import make_bot
from paiju.cards import RANK_CHARS, Card, Colour, card_colour, card_rank, deck_cards, parse_cards, parse_ranks
from paiju.climbing import Bid, Game, Give, Pass, Play, Result, observe
from paiju.climbing import speculator as sp
from paiju.climbing.parse import actions_for_text
from paiju.errors import IllegalMoveError
from paiju.patterns import Move, classify_ranks
from paiju.patterns.colour import (
    PAIR_KICKER_KINDS,
    body_ranks,
    coloured_beats,
    coloured_moves,
    colours_fit,
    split_by_colour,
)
from paiju.variants import RedOverBlack, Variant, VariantError, get_variant
from paiju.variants.speculator import colour_split, colour_split_fits

V4, V5 = get_variant("spec-4p3d-2c"), get_variant("spec-5p3d-2c")
TABLES = ("spec-4p3d-2c", "spec-5p3d-2c")
BLACK, RED = int(Colour.BLACK), int(Colour.RED)
EIGHT = 5  # rank index of 8
#: §15: final hand sizes at play start (landlord / each farmer seat / speculator).
FINAL_SIZES = {"spec-4p3d-2c": (48, 42, 30), "spec-5p3d-2c": (40, 34, 20)}


# --------------------------------------------------------------------------- helpers
def hand_moves(
    v: Variant, text: str, to_beat: Move | None = None, *, speculator: bool = False, red_over_black: str = "any"
) -> list[Move]:
    """Every coloured move of the suited hand ``text`` (the speculator's 3s wild), leading or beating."""
    cards = parse_cards(text, v.decks)
    counts, wild, _ = split_by_colour(cards, sp.THREE if speculator else -1)
    black, red = (sp.speculator_wilds(v, len(w)) if w else None for w in wild)
    rules = replace(v.pattern_rules, red_over_black=RedOverBlack(red_over_black))
    return coloured_moves(rules, counts, (black, red), to_beat)


def texts(moves: Iterable[Move], kinds: Sequence[str] = ()) -> set[str]:
    return {m.text() for m in moves if not kinds or m.kind in kinds}


def mv(v: Variant, ranks: str, colour: int, kind: str = "") -> Move:
    """The reading of ``ranks`` (of ``kind`` when given) with the body's ``colour``."""
    readings = [m for m in classify_ranks(v, parse_ranks(ranks)) if not kind or m.kind == kind]
    assert len(readings) == 1, (ranks, readings)
    return readings[0]._replace(colour=colour)


def plays(g: Game) -> list[Move]:
    return [a.move for a in g.legal_actions() if isinstance(a, Play)]


def house(v: Variant, name: str, **rules: str) -> Variant:
    return v.with_changes(name=name, speculator=replace(sp.rule_of(v), **rules))


def colours_of(cards: Iterable[Card]) -> tuple[int, int]:
    """(black, red) counts."""
    cs = [card_colour(c) for c in cards]
    return cs.count(Colour.BLACK), cs.count(Colour.RED)


#: A speculator hand of 38 cards (4p3d-2c): the marked 7c is added by ``build``; 9 red cards (exactly
#: what its gifts need) and 28 black ones, its top rank 2 black.
ONLY_NINE_RED = "4h 5h 6h 8h 9h Th Jh Qh Kh"
BLACKS_28 = "4s 4c 5s 5c 6s 6c 8s 8c 9s 9c Ts Tc Js Jc Qs Qc Ks Kc As Ac 2s 2c 4s 5s 6s 8s Ts Js"


# --------------------------------------------------------------------------- §15 tables
def test_two_colour_tables_registry() -> None:
    """§15 rows 4p3d-2c and 5p3d-2c: P, D, H, B, G_L, G_F, the marked 7c; §14 red_over_black = any by
    default; §17.13 5p3d-2c's gift colours default to 5 red + 4 black and 2 red + 1 black."""
    for v, (p, h, b, gl, gf, lc, fc) in (
        (V4, (4, 38, 10, 10, 4, "5r5b", "2r2b")),
        (V5, (5, 31, 7, 9, 3, "5r4b", "2r1b")),
    ):
        rules = sp.rule_of(v)
        assert (v.players, v.decks, v.hand_size, v.bottom_size, v.flipped) == (p, 3, h, b, 0)
        assert (rules.gift_landlord, rules.gift_farmer, rules.extra_draw) == (gl, gf, 0)
        assert (rules.landlord_gift_colours, rules.farmer_gift_colours) == (lc, fc)
        assert rules.determination == "marked-7c" and v.two_colour and v.pattern_rules.red_over_black == "any"


@pytest.mark.parametrize("name", TABLES)
def test_final_hand_sizes_at_play_start(name: str) -> None:
    """§15 'final = hand sizes at play start': 4p3d-2c 48 / 42 / 30, 5p3d-2c 40 / 34 / 20; §6 the cards
    add up to 54·3."""
    v = get_variant(name)
    landlord, farmer, speculator = FINAL_SIZES[name]
    assert v.final_hand_sizes == (landlord, farmer, speculator)
    checked = 0
    for seed in range(8):
        g = Game(v, seed)
        bots = [make_bot("heuristic", s) for s in range(v.players)]
        while g.phase in ("gift", "bid"):
            g.apply(bots[g.to_act].act(observe(g, g.to_act)), g.to_act)
        if g.phase != "play":
            continue
        assert_play_start_sizes(g, landlord, farmer, speculator, 162)
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("name", TABLES)
def test_speculator_holds_the_marked_seven_of_clubs(name: str) -> None:
    """§15 'marked 7c'; §3 'exactly one of the three 7c carries a mark; the engine marks deck 0's copy':
    the other two 7c make nobody the speculator."""
    v = get_variant(name)
    others = [MARKED_7C + 54, MARKED_7C + 108]
    g = Game(v, 0, deals=[build(v, 1, {2: others}, seed=1)])
    assert g.state.deal_count == 1 and g.speculator == 1 and g.state.spec.determination == MARKED_7C
    assert set(others) <= set(g.hands[2])


# --------------------------------------------------------------------------- §15 gift colours
def fill_gifts_checking_colours(g: Game, splits: Sequence[tuple[int, int]]) -> None:
    """Give card by card, offering every colour in turn: a colour is refused (with the reason, nothing
    changed) exactly when its bundle already holds its count; ``splits`` are (red, black) per bundle."""
    while g.phase == "gift":
        bundle = len(g.state.spec.gifts) - 1
        black, red = colours_of(g.state.spec.gifts[bundle])
        want_red, want_black = splits[bundle]
        legal = {a.card for a in g.legal_actions() if isinstance(a, Give)}
        for colour, have, want in ((RED, red, want_red), (BLACK, black, want_black)):
            offered = [c for c in legal if card_colour(c) == colour]
            assert bool(offered) == (have < want), (bundle, colour, have, want)
            if have >= want:
                refused = next(
                    c for c in sorted(g.hands[g.to_act]) if card_colour(c) == colour and card_rank(c) != sp.THREE and c != MARKED_7C
                )
                before = state(g)
                name = "red" if colour == RED else "black"
                with pytest.raises(IllegalMoveError, match=f"this gift holds no more {name} cards"):
                    g.apply(Give(refused), g.to_act)
                assert state(g) == before
        g.apply(Give(min(legal)), g.to_act)
    for bundle, (want_red, want_black) in enumerate(splits):
        assert colours_of(g.state.spec.gifts[bundle]) == (want_black, want_red)


@pytest.mark.parametrize(
    ("name", "landlord", "farmer"),
    [("spec-4p3d-2c", (5, 5), (2, 2)), ("spec-5p3d-2c", (5, 4), (2, 1))],
)
def test_gift_colours_enforced_card_by_card(name: str, landlord: tuple[int, int], farmer: tuple[int, int]) -> None:
    """§15 4p3d-2c 'G_L 5 red + 5 black, G_F 2 red + 2 black'; 5p3d-2c default '5r4b' and '2r1b'
    (§17.13): a card of a colour the gift is full of is refused with the reason; at the reveal every
    gift shows its colours."""
    v = get_variant(name)
    for seed in range(3):
        g = Game(v, seed)
        fill_gifts_checking_colours(g, [landlord] + [farmer] * (v.players - 2))
        g.apply(Bid(3), g.to_act)
        assert g.landlord is not None
        assert colours_of(g.state.spec.gifts[0]) == (landlord[1], landlord[0])


@pytest.mark.parametrize(("landlord", "farmer"), [("4r5b", "1r2b"), ("5r4b", "1r2b"), ("4r5b", "2r1b")])
def test_5p3d_2c_gift_colour_options(landlord: str, farmer: str) -> None:
    """§15 '5p3d-2c gift colours: option gift_colours = 5r4b | 4r5b | free_min4 for the landlord and
    2r1b | 1r2b | free_min1 per farmer [R]'."""
    v = house(V5, "house-5p3d-2c-split", landlord_gift_colours=landlord, farmer_gift_colours=farmer)
    splits = [colour_split(landlord), colour_split(farmer)]
    assert all(s is not None for s in splits)
    (lr, lb, _), (fr, fb, _) = splits  # type: ignore[misc]
    fill_gifts_checking_colours(Game(v, 4), [(lr, lb)] + [(fr, fb)] * 3)


def test_free_min_gift_colours_allow_any_split_with_the_minimum_of_each() -> None:
    """§15 option 'free_min4' (landlord) / 'free_min1' (farmers): any split with at least 4 (1) of each
    colour: a 9-card gift takes at most 5 of a colour, a 3-card gift at most 2."""
    v = house(V5, "house-5p3d-2c-free", landlord_gift_colours="free_min4", farmer_gift_colours="free_min1")
    for seed, first in ((0, RED), (1, BLACK), (2, RED)):
        g = Game(v, seed)
        while g.phase == "gift":
            bundle = len(g.state.spec.gifts) - 1
            most = 5 if bundle == 0 else 2
            given = colours_of(g.state.spec.gifts[bundle])[first]  # colours_of is (black, red): index by colour
            legal = [a.card for a in g.legal_actions() if isinstance(a, Give)]
            same = [c for c in legal if card_colour(c) == first]
            assert bool(same) == (given < most), (bundle, given)
            g.apply(Give(same[0] if same else legal[0]), g.to_act)
        black, red = colours_of(g.state.spec.gifts[0])
        assert (red, black) == ((5, 4) if first == RED else (4, 5))
        for bundle in g.state.spec.gifts[1:]:
            black, red = colours_of(bundle)
            assert (red, black) == ((2, 1) if first == RED else (1, 2))


def test_free_split_never_uses_up_a_colour_the_later_gifts_need() -> None:
    """§15 free_min4 with farmers' fixed 2r1b: a speculator holding exactly the 10 red cards its gifts
    need (4 + 3 × 2) may not give the landlord a 5th red card (the farmers' reds would run out, and it
    could not finish its gifts); it is told why."""
    v = house(V5, "house-5p3d-2c-free4", landlord_gift_colours="free_min4")
    reds = "4h 5h 6h 8h 9h Th Jh Qh Kh Ah"
    blacks = "4s 5s 6s 8s 9s Ts Js Qs Ks As 4c 5c 6c 8c 9c Tc Jc Qc Kc 2s"
    g = Game(v, 0, deals=[build(v, 0, {0: f"{reds} {blacks}"})])
    assert g.speculator == 0 and g.phase == "gift" and g.state.deal_count == 1
    red = sorted(c for c in g.hands[0] if card_colour(c) == Colour.RED)
    assert len(red) == 10
    for c in red[:4]:
        g.apply(Give(c), 0)
    before = state(g)
    with pytest.raises(IllegalMoveError, match="the gifts still to fill need the red cards you have left"):
        g.apply(Give(red[4]), 0)
    assert state(g) == before
    while g.phase == "gift":
        legal = g.legal_actions()
        assert legal, "the speculator must always have a legal gift"
        g.apply(legal[0], 0)
    assert [colours_of(b)[1] for b in g.state.spec.gifts] == [4, 2, 2, 2]


def test_speculator_redealt_when_it_cannot_fill_the_gift_colours() -> None:
    """Project decision (like the capacity redeal of §4): a speculator that cannot give 9 red cards
    (5 + 2 + 2) is redealt; a hand that can goes on to the gifts."""
    reds_short = "3h 3h 3h 3d 3d 3d 4h 5h"  # 3s may not be given: only 2 giftable red cards
    blacks = "4s 4c 5s 5c 6s 6c 8s 8c 9s 9c Ts Tc Js Jc Qs Qc Ks Kc As Ac 2s 2c 4s 5s 6s 8s 9s Ts Js"
    short = build(V4, 0, {0: f"{reds_short} {blacks}"})
    assert sum(1 for c in short.hands[0] if card_colour(c) == Colour.RED) == 8
    fine = build(V4, 1, {1: f"{ONLY_NINE_RED} {BLACKS_28}"}, seed=1)
    g = Game(V4, 0, deals=[short, fine])
    redeal = [e for e in g.events if e["type"] == "redeal"]
    assert [e["reason"] for e in redeal] == ["the speculator cannot make its gifts"]
    assert g.state.deal_count == 2 and g.speculator == 1 and g.phase == "gift"


def test_speculator_keeps_a_top_card_of_the_colour_it_can_spare() -> None:
    """§4 'the speculator chooses which one it keeps' with the gift colours: 9 giftable red cards and a
    top rank held in both colours (2h, 2s) is enough — it keeps the 2s — so no redeal."""
    reds = "4h 5h 6h 8h 9h Th Jh Qh 2h"
    blacks = "4s 4c 5s 5c 6s 6c 8s 8c 9s 9c Ts Tc Js Jc Qs Qc Ks Kc As Ac 2s 4s 5s 6s 8s 9s Ts Js"
    g = Game(V4, 0, deals=[build(V4, 0, {0: f"{reds} {blacks}"})])
    assert g.state.deal_count == 1 and g.speculator == 0 and g.phase == "gift"
    give(g)
    assert colours_of(g.hands[0]) == (20, 0) and g.phase == "bid"


@pytest.mark.parametrize(
    ("rule", "size", "fits"),
    [
        ("5r5b", 10, True), ("5r4b", 9, True), ("4r5b", 9, True), ("2r1b", 3, True), ("1r2b", 3, True),
        ("5r5b", 9, False), ("2r2b", 3, False), ("free_min4", 9, True), ("free_min4", 8, True),
        ("free_min4", 7, False), ("free_min1", 3, True), ("free_min2", 3, False), ("red", 3, False),
    ],
)
def test_colour_split_fits_the_gift_size(rule: str, size: int, fits: bool) -> None:
    """§15: a fixed split adds up to the gift; free_minK needs room for K of each colour."""
    assert colour_split_fits(rule, size) == fits


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"landlord_gift_colours": "5r5b"}, "landlord_gift_colours '5r5b' does not fit a gift of 9 cards"),
        ({"farmer_gift_colours": "2r2b"}, "farmer_gift_colours '2r2b' does not fit a gift of 3 cards"),
        ({"landlord_gift_colours": "free_min5"}, "does not fit a gift of 9 cards"),
        ({"farmer_gift_colours": "two red"}, "does not fit"),
    ],
)
def test_gift_colour_rule_that_does_not_fit_is_a_variant_error(changes: dict[str, str], message: str) -> None:
    """§16 validation: a gift colour rule must describe the table's gift size."""
    with pytest.raises(VariantError, match=message):
        house(V5, "house-bad", **changes)


def test_gift_colours_need_a_two_colour_table() -> None:
    """§15: gift colours exist only on the two-colour tables."""
    v = get_variant("spec-5p3d")
    with pytest.raises(VariantError, match="needs a two-colour table"):
        house(v, "house-5p3d-coloured", landlord_gift_colours="5r4b")


# --------------------------------------------------------------------------- §14 patterns
def test_patterns_are_4p2d_list_plus_triple_single() -> None:
    """§14 'Patterns: 4p2d's list plus triple+1 [R]' (§17.31)."""
    four = get_variant("spec-4p2d").pattern_rules.patterns
    for v in (V4, V5):
        assert set(v.pattern_rules.patterns) == set(four) | {"triple+single"}
        assert v.pattern_rules.joker_pairs


def test_combination_is_one_colour() -> None:
    """§14 'A combination's colour is its body's colour; every card in it has that colour': a red and a
    black 7 are no pair, and a straight takes one colour."""
    assert texts(hand_moves(V4, "7h 7s"), ("pair",)) == set()
    assert texts(hand_moves(V4, "7h 7d 7s"), ("pair", "triple")) == {"77 red"}
    straight = "5h 6h 7h 8h 9h Ts"
    assert texts(hand_moves(V4, straight), ("straight",)) == {"56789 red"}
    assert texts(hand_moves(V4, "5h 6h 7h 8s 9s"), ("straight",)) == set()
    chain = "5h 5d 6h 6d 7h 7s"
    assert texts(hand_moves(V4, chain), ("pair-chain",)) == set()
    assert texts(hand_moves(V4, "5h 5d 6h 6d 7h 7d"), ("pair-chain",)) == {"556677 red"}


def test_triple_single_kicker_matches_the_body() -> None:
    """§14 'A triple+1's single must match the body'."""
    assert texts(hand_moves(V4, "7h 7h 7d 9s"), ("triple+single",)) == set()
    assert texts(hand_moves(V4, "7h 7h 7d 9s 9d"), ("triple+single",)) == {"7779 red"}
    assert texts(hand_moves(V4, "7h 7h 7d B"), ("triple+single",)) == set()
    assert texts(hand_moves(V4, "7h 7h 7d R"), ("triple+single",)) == {"777R red"}
    assert not colours_fit(mv(V4, "7779", RED), parse_cards("7h 7h 7d 9s", 3))


def test_triple_pair_pair_may_be_other_colour_but_is_one_colour() -> None:
    """§14 'except the pair of a triple+pair, which may be the other colour but is itself one colour'."""
    assert texts(hand_moves(V4, "7h 7h 7d 9s 9c"), ("triple+pair",)) == {"77799 red"}
    assert texts(hand_moves(V4, "7h 7h 7d 9s 9h"), ("triple+pair",)) == set()
    assert texts(hand_moves(V4, "7h 7s 7d 9s 9c"), ("triple+pair",)) == set()
    assert texts(hand_moves(V4, "7h 7h 7d B B"), ("triple+pair",)) == {"777BB red"}
    move = mv(V4, "77799", RED)
    assert colours_fit(move, parse_cards("7h 7h 7d 9s 9c", 3))
    assert colours_fit(move, parse_cards("7h 7h 7d 9h 9d", 3))
    assert not colours_fit(move, parse_cards("7h 7h 7d 9h 9c", 3))
    assert not colours_fit(move, parse_cards("7h 7s 7d 9h 9d", 3))


def test_airplane_pairs_each_pair_one_colour_of_its_own() -> None:
    """§14 '(and of an airplane+pairs [R])' (§17.31 'airplane+pairs' pairs may cross colours like 三带二')."""
    body = "7h 7h 7d 8h 8d 8d"
    assert texts(hand_moves(V4, f"{body} 4s 4c 5h 5h"), ("airplane+pairs",)) == {"4455777888 red"}
    assert texts(hand_moves(V4, f"{body} 4s 4h 5h 5h"), ("airplane+pairs",)) == set()
    # Two kicker pairs of one rank: each pair one colour, the two may differ.
    same_rank = f"{body} 9s 9c 9h 9d"
    assert texts(hand_moves(V4, same_rank), ("airplane+pairs",)) == {"7778889999 red"}
    assert colours_fit(mv(V4, "7778889999", RED), parse_cards(same_rank, 3))
    assert not colours_fit(mv(V4, "7778889999", RED), parse_cards(f"{body} 9s 9c 9c 9h", 3))


def test_joker_pairs_and_three_joker_rockets_are_one_colour() -> None:
    """§14 '`BB`/`RR` are pairs, `BBB`/`RRR` the rocket (3王); mixed-colour joker sets are not
    combinations'."""
    moves = hand_moves(V4, "B B B R R R")
    assert texts(moves) == {"B black", "R red", "BB black", "RR red", "BBB black", "RRR red"}
    assert {m.text(): m.is_bomb for m in moves if len(m.ranks) == 3} == {"BBB black": True, "RRR red": True}
    assert texts(hand_moves(V4, "B R")) == {"B black", "R red"}
    assert texts(hand_moves(V4, "B B R")) == {"B black", "R red", "BB black"}


def test_bombs_are_one_colour_of_four_to_six_cards() -> None:
    """§14 'Bombs are one colour (so 4–6 cards)': twelve 7s make red and black bombs of 4, 5 and 6."""
    moves = hand_moves(V4, "7h 7h 7h 7d 7d 7d 7s 7s 7s 7c 7c 7c")
    bombs = {(m.colour, m.size) for m in moves if m.is_bomb}
    assert bombs == {(c, n) for c in (BLACK, RED) for n in (4, 5, 6)}
    assert not any(m.is_bomb for m in hand_moves(V4, "7h 7h 7d 7s 7s 7c"))  # 3 + 3: no bomb


LADDER = ["3333", "2222", "33333", "22222", "BBB", "RRR", "333333", "222222"]


def test_ladder_bomb4_bomb5_rocket_bomb6() -> None:
    """§14 'Ladder: bomb4 < bomb5 < rocket < bomb6', whatever the colours (a higher class beats a lower
    one both ways round); every bomb beats every non-bomb."""
    def bomb(text: str, colour: int) -> Move:
        return mv(V4, text, colour)

    for i, low in enumerate(LADDER):
        for high in LADDER[i + 1 :]:
            if len(low) == len(high):
                continue
            for cl in (BLACK, RED):
                for ch in (BLACK, RED):
                    if low in ("BBB", "RRR"):
                        cl = BLACK if low == "BBB" else RED
                    if high in ("BBB", "RRR"):
                        ch = BLACK if high == "BBB" else RED
                    a, b = bomb(high, ch), bomb(low, cl)
                    assert coloured_beats(a, b, True) and not coloured_beats(b, a, True), (a.text(), b.text())
    for single in (mv(V4, "2", RED), mv(V4, "R", RED), mv(V4, "AA", RED), mv(V4, "34567", RED)):
        assert coloured_beats(bomb("3333", BLACK), single, True)
        assert not coloured_beats(single, bomb("3333", BLACK), True)


def test_rrr_beats_bbb_but_bbb_does_not_beat_rrr() -> None:
    """§14 rockets of one class compare like same-size bombs: red over black; black over red only at
    the same rank, and B is lower than R."""
    bbb, rrr = mv(V4, "BBB", BLACK), mv(V4, "RRR", RED)
    for bound in (True, False):
        for option in ("any", "equal_or_higher"):
            assert coloured_beats(rrr, bbb, bound, option)
            assert not coloured_beats(bbb, rrr, bound, option)


# --------------------------------------------------------------------------- §14 beating
BEATS = [
    # (answer, its colour, the play, its colour, beats?)  for a colour-bound player, option any
    ("99", BLACK, "88", BLACK, True),  # (i) same colour, higher rank
    ("77", BLACK, "88", BLACK, False),
    ("88", BLACK, "88", BLACK, False),
    ("99", RED, "88", RED, True),
    ("33", RED, "22", BLACK, True),  # (ii) red over black at any rank
    ("88", RED, "88", BLACK, True),
    ("88", BLACK, "88", RED, True),  # (iii) black over red at the same rank
    ("99", BLACK, "88", RED, False),  # nothing else crosses colours
    ("22", BLACK, "33", RED, False),
    ("77", BLACK, "88", RED, False),
    ("888", BLACK, "88", BLACK, False),  # same pattern and size only
    ("345678", RED, "34567", BLACK, False),
    ("34567", RED, "45678", BLACK, True),
    ("45678", BLACK, "45678", RED, True),
    ("56789", BLACK, "45678", RED, False),
]


@pytest.mark.parametrize(("a", "ca", "b", "cb", "expected"), BEATS)
def test_colour_bound_beating(a: str, ca: int, b: str, cb: int, expected: bool) -> None:
    """§14 'Beating, same pattern and size, for a player that still holds both colours: (i) same colour,
    higher rank; (ii) red over black: a red combination beats any black one; (iii) black over red only
    at the same rank. Nothing else crosses colours.'"""
    assert coloured_beats(mv(V4, a, ca), mv(V4, b, cb), True) == expected


def test_red_beats_black_at_any_rank() -> None:
    """§14 (ii) default 'red_over_black = any': the lowest red pair beats the highest black one."""
    assert not coloured_beats(mv(V4, "44", RED), mv(V4, "RR", RED), True)
    assert coloured_beats(mv(V4, "44", RED), mv(V4, "BB", BLACK), True)
    assert coloured_beats(mv(V4, "4", RED), mv(V4, "2", BLACK), True)
    moves = hand_moves(V4, "4h 4d 4s 4c", mv(V4, "22", BLACK))
    assert texts(moves) == {"44 red"}


@pytest.mark.parametrize(("a", "b", "expected"), [("77", "88", False), ("88", "88", True), ("99", "88", True)])
def test_red_over_black_equal_or_higher_option(a: str, b: str, expected: bool) -> None:
    """§14 option 'red_over_black = any | equal_or_higher [R]': red beats black only at an equal or
    higher rank; black over red (iii) is unchanged."""
    assert coloured_beats(mv(V4, a, RED), mv(V4, b, BLACK), True, "equal_or_higher") == expected
    assert coloured_beats(mv(V4, a, RED), mv(V4, b, BLACK), True, "any")
    assert coloured_beats(mv(V4, "88", BLACK), mv(V4, "88", RED), True, "equal_or_higher")


def test_black_beats_red_only_at_the_same_rank_kickers_ignored() -> None:
    """§14 (iii) 'black over red only at the same rank, kickers ignored (牌型点数均一致时黑牌可反压红牌)'."""
    assert coloured_beats(mv(V4, "8884", BLACK), mv(V4, "888K", RED), True)
    assert coloured_beats(mv(V4, "88844", BLACK), mv(V4, "888KK", RED), True)
    assert coloured_beats(mv(V4, "4455777888", BLACK), mv(V4, "777888KKAA", RED), True)
    assert not coloured_beats(mv(V4, "9994", BLACK), mv(V4, "888K", RED), True)
    assert not coloured_beats(mv(V4, "7774", BLACK), mv(V4, "888K", RED), True)


def test_same_size_bombs_compare_by_colour() -> None:
    """§14 'Same-size bombs compare the same way': red over black, black over red at the same rank, the
    same colour by rank; an equal bomb never beats."""
    r7, b9, b7 = mv(V4, "7777", RED), mv(V4, "9999", BLACK), mv(V4, "7777", BLACK)
    assert coloured_beats(r7, b9, True) and not coloured_beats(b9, r7, True)
    assert coloured_beats(b7, r7, True) and coloured_beats(r7, b7, True)
    assert coloured_beats(b9, b7, True) and not coloured_beats(b7, b9, True)
    assert not coloured_beats(b7, b7, True) and not coloured_beats(r7, r7, True)
    assert not coloured_beats(mv(V4, "7777", RED), b9, True, "equal_or_higher")


def test_game_offers_only_coloured_answers() -> None:
    """§14 in play: after the landlord's black 88, a colour-bound farmer is offered higher black pairs,
    any red pair, the black 88 is no answer to itself; lower black pairs are not offered."""
    g = start(V4, {2: "8s 8c Ks", 3: "7h 7d 9s 9c 6s 6c 4h 4d"})
    assert g.phase == "play" and g.to_act == 2
    g.apply(next(a for a in actions_for_text(g, "8s8c")), 2)
    assert g.holding(3).colour_bound()
    pairs = [m for m in plays(g) if m.kind == "pair"]
    hand = g.hands[3]
    for colour in (BLACK, RED):
        for r in range(15):
            n = sum(1 for c in hand if card_rank(c) == r and card_colour(c) == colour)
            offered = any(m.key == r and m.colour == colour for m in pairs)
            assert offered == (n >= 2 and (colour == RED or r > EIGHT)), (colour, r)
    assert Pass() in g.legal_actions()


# --------------------------------------------------------------------------- §14 no longer colour-bound
def test_player_with_one_colour_left_beats_by_higher_rank_alone() -> None:
    """§14 'A player with no cards of one colour left is no longer colour-bound: it may beat any
    combination of the same pattern by higher rank alone; (ii) and (iii) still apply to it'."""
    red88, black88 = mv(V4, "88", RED), mv(V4, "88", BLACK)
    blacks = "7s 7c 8s 8c 9s 9c"
    assert texts(hand_moves(V4, blacks, red88)) == {"88 black", "99 black"}  # higher rank, and (iii)
    assert texts(hand_moves(V4, blacks + " 4h", red88)) == {"88 black"}  # still bound
    reds = "7h 7d 8h 8d 9h 9d"
    assert texts(hand_moves(V4, reds, black88)) == {"77 red", "88 red", "99 red"}  # (ii)
    assert texts(hand_moves(V4, reds, red88)) == {"99 red"}
    assert not coloured_beats(mv(V4, "99", BLACK), red88, True)
    assert coloured_beats(mv(V4, "99", BLACK), red88, False)
    assert not coloured_beats(mv(V4, "77", BLACK), red88, False)
    assert coloured_beats(mv(V4, "77", RED), black88, False, "any")
    assert not coloured_beats(mv(V4, "77", RED), black88, False, "equal_or_higher")


def all_black_speculator() -> Game:
    """4p3d-2c: the speculator (seat 0) gives its only 9 red cards away and takes a black bottom, so it
    plays with black cards alone; the landlord (seat 2) holds 8h 8h."""
    bottom = "7s 7s Qs Qc Ks Kc As Ac 9s 9c"
    g = start(V4, {0: f"{ONLY_NINE_RED} {BLACKS_28}", 2: "8h 8h"}, bottom=bottom)
    assert g.phase == "play" and g.speculator == 0 and g.landlord == 2
    assert colours_of(g.hands[0]) == (30, 0)
    return g


def test_speculator_with_one_colour_left_must_follow_by_rank_alone() -> None:
    """§14 not colour-bound + §11 must-follow: on the landlord's red 88 the all-black speculator must
    answer with any black pair above 8 (rank alone) or the black 88 (iii), never a lower pair, and may
    not pass."""
    g = all_black_speculator()
    g.apply(next(a for a in actions_for_text(g, "8h8h")), 2)
    g.apply(Pass(), 3)
    assert g.to_act == 0 and not g.holding(0).colour_bound()
    counts = [sum(1 for c in g.hands[0] if card_rank(c) == r) for r in range(15)]
    expected = {r for r in range(15) if counts[r] >= 2 and r >= EIGHT}
    assert expected
    assert {m.key for m in plays(g) if m.kind == "pair"} == expected
    assert all(m.colour == BLACK for m in plays(g))
    assert Pass() not in g.legal_actions()
    low = next(r for r in range(EIGHT) if counts[r] >= 2)
    before = state(g)
    with pytest.raises(IllegalMoveError, match="does not beat 88 red"):
        g.apply(Play(mv(V4, RANK_CHARS[low] * 2, BLACK)), 0)
    assert state(g) == before


# --------------------------------------------------------------------------- §14 the speculator's 3s
def test_speculator_wild_threes_keep_their_colour() -> None:
    """§14 'A speculator's 3 keeps its own colour and is wild only in combinations of that colour':
    3h completes red 9s, never black ones; a single 3 stands for itself (§10)."""
    moves = hand_moves(V4, "3h 9h 9s", speculator=True)
    assert texts(moves, ("pair",)) == {"93(9) red"}
    assert texts(moves, ("single",)) == {"3 red", "9 red", "9 black"}
    black = hand_moves(V4, "3s 9h 9h", speculator=True)
    assert texts(black, ("pair", "triple")) == {"99 red"}
    assert texts(hand_moves(V4, "3s 3c 9s", speculator=True), ("triple",)) == {"93(9)3(9) black"}


def test_speculator_wild_three_in_a_triple_pair_body_with_an_other_colour_pair() -> None:
    """§14 a triple+pair's pair may be the other colour, and the speculator's wild 3 belongs to the body:
    3h 9h 9h + 5s 5s is a red 999+55; the 3h may not complete a black pair."""
    moves = hand_moves(V4, "3h 9h 9h 5s 5s", speculator=True)
    assert texts(moves, ("triple+pair",)) == {"55993(9) red"}
    assert texts(hand_moves(V4, "3h 9h 9h 9d 5s", speculator=True), ("triple+pair",)) == set()
    move = next(m for m in moves if m.kind == "triple+pair")
    assert colours_fit(move, parse_cards("3h 9h 9h 5s 5s", 3))
    assert not colours_fit(move, parse_cards("3s 9h 9h 5s 5s", 3))


def speculator_following(spec_cards: str, lead: str, landlord_cards: str) -> Game:
    """4p3d-2c: the landlord (seat 2) leads ``lead``, seat 3 passes: the speculator (seat 0) to follow."""
    g = start(V4, {0: spec_cards, 2: landlord_cards})
    g.apply(next(a for a in actions_for_text(g, lead)), 2)
    g.apply(Pass(), 3)
    assert g.to_act == 0 and g.speculator == 0
    return g


def test_speculator_must_follow_with_a_coloured_answer_and_fewest_threes() -> None:
    """§11 '能跟必跟' with §14 colours: on a black 88 the speculator holding 5h 5d must answer (red beats
    black at any rank); among its answers only those with the fewest 3s are offered."""
    g = speculator_following("5h 5d 3h 9h", "8s8c", "8s 8c")
    assert Pass() not in g.legal_actions()
    offered = plays(g)
    assert mv(V4, "55", RED) in offered
    assert all(sp.THREE not in m.ranks and not m.is_bomb for m in offered)
    assert all(coloured_beats(m, mv(V4, "88", BLACK), True) for m in offered)


# --------------------------------------------------------------------------- typed input
def test_typed_suits_pick_the_matching_colour() -> None:
    """Typed cards with suits (§14 a combination is one colour): `7h7d` is the red pair, `7s7c` the black."""
    g = start(V4, {2: "7h 7d 7s 7s"})
    red = actions_for_text(g, "7h7d")
    assert [a.move.text() for a in red if isinstance(a, Play)] == ["77 red"]
    black = actions_for_text(g, "7s 7s")
    assert [a.move.text() for a in black if isinstance(a, Play)] == ["77 black"]


def test_typed_ranks_held_in_both_colours_ask() -> None:
    """`77` from a seat holding red and black 7s is ambiguous: both colour readings are offered."""
    g = start(V4, {2: "7h 7d 7s 7s"})
    options = actions_for_text(g, "77")
    assert {a.move.text() for a in options if isinstance(a, Play)} == {"77 red", "77 black"}


def test_typed_mixed_colours_are_refused_and_change_nothing() -> None:
    """§14 'every card in it has that colour': 7h 7s is no pair; naming those cards for the red pair is
    refused with the colour and nothing changes."""
    g = start(V4, {2: "7h 7d 7s 7s"})
    before = state(g)
    with pytest.raises(IllegalMoveError):
        actions_for_text(g, "7h7s")
    sevens = [c for c in g.hands[2] if card_rank(c) == 4]
    mixed = (min(c for c in sevens if card_colour(c) == Colour.BLACK), min(c for c in sevens if card_colour(c) == Colour.RED))
    with pytest.raises(IllegalMoveError, match="those cards are not all red"):
        g.apply(Play(mv(V4, "77", RED), mixed), 2)
    assert state(g) == before


def test_typed_answer_of_the_wrong_colour_gives_the_section_14_reason() -> None:
    """§14: a black pair below the landlord's black 88, typed with or without suits by a colour-bound
    farmer holding no red 6s, is refused with the colour rule, and nothing changes."""
    g = start(V4, {1: "6h 6h 6h 6d 6d 6d", 2: "8s 8c", 3: "6s 6c"})
    g.apply(next(a for a in actions_for_text(g, "8s8c")), 2)
    assert g.to_act == 3 and g.holding(3).colour_bound()
    before = state(g)
    for text in ("6s6c", "66"):
        with pytest.raises(IllegalMoveError, match="66 black does not beat 88 black .*red beats black, black beats red only at the same rank"):
            actions_for_text(g, text)
    with pytest.raises(IllegalMoveError, match="does not beat 88 black .*red beats black"):
        g.apply(Play(mv(V4, "66", BLACK)), 3)
    assert state(g) == before


def test_played_answer_of_the_wrong_colour_is_refused_by_apply() -> None:
    """§14: a seat holding 66 in both colours may answer a black 88 with the red 66 (red beats black),
    not the black one; the refusal names the rule and changes nothing."""
    g = start(V4, {2: "8s 8c", 3: "6s 6c 6h 6d"})
    g.apply(next(a for a in actions_for_text(g, "8s8c")), 2)
    before = state(g)
    with pytest.raises(IllegalMoveError, match="66 black does not beat 88 black .*black beats red only at the same rank"):
        g.apply(Play(mv(V4, "66", BLACK)), 3)
    assert state(g) == before
    assert [a.move.text() for a in actions_for_text(g, "6h6d") if isinstance(a, Play)] == ["66 red"]
    g.apply(Play(mv(V4, "66", RED)), 3)
    assert g.state.play.plays[-1].move == mv(V4, "66", RED) and all(card_colour(c) == Colour.RED for c in g.state.play.plays[-1].cards)


# --------------------------------------------------------------------------- replays
@pytest.mark.parametrize("name", TABLES)
def test_bot_hands_replay_identically(name: str) -> None:
    """Every two-colour hand replays identically from its log, the play events' colours included."""
    v = get_variant(name)
    for seed in range(4):
        g = Game(v, seed)
        names = ["heuristic" if (seed >> s) & 1 else "random" for s in range(v.players)]
        checked_play(g, [make_bot(n, seed * 7 + s) for s, n in enumerate(names)])
        assert all(e["colour"] in (BLACK, RED) for e in g.events if e["type"] == "play")
        replays_identically(g)


def test_scripted_coloured_hand_replays() -> None:
    """A hand with a red-over-black answer and an all-black speculator replays from the log."""
    g = all_black_speculator()
    g.apply(next(a for a in actions_for_text(g, "8h8h")), 2)
    checked_play(g, [make_bot("random", s) for s in range(4)])
    replays_identically(g)


# --------------------------------------------------------------------------- property: coloured_moves
def one_colour_ok(move: Move, cards: Sequence[Card], colour: int) -> bool:
    """§14 written out: every card of the body in ``colour``; a triple+pair's or airplane's kicker
    cards of a rank split into whole pairs of one colour each."""
    if move.kind not in PAIR_KICKER_KINDS:
        return all(card_colour(c) == colour for c in cards)
    rest = list(cards)
    for r in body_ranks(move):
        card = next((c for c in rest if card_rank(c) == r and card_colour(c) == colour), None)
        if card is None:
            return False
        rest.remove(card)
    return all(sum(1 for c in rest if card_rank(c) == r and card_colour(c) == k) % 2 == 0 for r in range(15) for k in (0, 1))


SMALL_POOL = [c for c in deck_cards(3) if card_rank(c) in (4, 5, 6, 13, 14)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SMALL_POOL), min_size=1, max_size=8, unique=True))
def test_coloured_moves_are_exactly_the_one_colour_readings(hand: list[Card]) -> None:
    """§14 on random hands of 7s, 8s, 9s and jokers: a reading is offered in a colour exactly when some
    of the hand's cards make it with every card of the body in that colour (kicker pairs one colour)."""
    counts, _, _ = split_by_colour(hand)
    offered = set(coloured_moves(V4, counts, (None, None), None))
    found: set[Move] = set()
    for n in range(1, len(hand) + 1):
        for subset in combinations(hand, n):
            ranks = sorted(card_rank(c) for c in subset)
            for reading in classify_ranks(V4, ranks):
                for colour in (BLACK, RED):
                    if one_colour_ok(reading, subset, colour):
                        found.add(reading._replace(colour=colour))
                        assert colours_fit(reading._replace(colour=colour), subset)
    assert offered == found


# --------------------------------------------------------------------------- bot sweeps
@dataclass
class ColourAudit:
    """Per-step §14 check for ``checked_play``: records each play's colour-bound state and the trick it
    answered, then checks the cards the engine took."""

    red_over_black: str
    pending: list[tuple[int, Move, bool, Move | None]] = field(default_factory=list)
    crossings: int = 0

    def __call__(self, g: Game, seat: int, action: object) -> None:
        if isinstance(action, Play):
            bound = len({card_colour(c) for c in g.hands[seat]}) == 2
            to_beat = None if g.state.is_leading() or g.state.play.trick is None else g.state.play.trick.move
            self.pending.append((seat, action.move, bound, to_beat))

    def verify(self, g: Game) -> None:
        played = [p for p in g.state.play.plays if p.move is not None]
        assert len(played) == len(self.pending)
        for record, (seat, move, bound, to_beat) in zip(played, self.pending, strict=True):
            assert record.seat == seat and record.move == move and move.colour in (BLACK, RED)
            assert sorted(card_rank(c) for c in record.cards) == sorted(move.ranks)
            assert colours_fit(move, record.cards), (move.text(), record.cards)
            if move.wilds:
                assert all(card_colour(c) == move.colour for c in record.cards if card_rank(c) == sp.THREE)
            if bound:
                assert one_colour_ok(move, record.cards, move.colour) or move.wilds, (move.text(), record.cards)
            if to_beat is not None:
                assert coloured_beats(move, to_beat, bound, self.red_over_black), (move.text(), to_beat.text(), bound)
                self.crossings += move.colour != to_beat.colour
        self.pending.clear()


def sweep(name: str, seeds: range) -> dict[str, int]:
    """Bot hands (heuristic and random seats mixed) through ``checked_play`` with the §14 audit."""
    v = get_variant(name)
    seen = {"hands": 0, "crossings": 0, "speculator_out": 0}
    for seed in seeds:
        g = Game(v, seed)
        names = ["heuristic" if (seed >> s) & 1 else "random" for s in range(v.players)]
        audit = ColourAudit(v.pattern_rules.red_over_black)
        result: Result
        result, _ = checked_play(g, [make_bot(n, seed * 19 + s) for s, n in enumerate(names)], audit)
        audit.verify(g)
        assert sum(result.scores) == 0, seed
        seen["hands"] += 1
        seen["crossings"] += audit.crossings
        seen["speculator_out"] += bool(g.state.play.out)
    return seen


@pytest.mark.parametrize("name", TABLES)
def test_bot_hands_obey_section_14(name: str) -> None:
    """§14 at every play of 20 bot hands: one colour (kicker pairs aside), every answer beats by colour
    for its colour-bound state, zero-sum scores (the 1,000-hand sweep runs under ``slow``)."""
    seen = sweep(name, range(20))
    assert seen["crossings"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", TABLES)
def test_thousand_bot_hands_obey_section_14(name: str) -> None:
    """1,000 seeded hands per table, heuristic and random seats mixed: every action legal, no exception,
    zero-sum scores, and §14 at every play (colours_fit on the cards taken, coloured_beats for the
    player's colour-bound state at that moment)."""
    seen = sweep(name, range(1000))
    assert seen["hands"] == 1000 and seen["crossings"] > 100
