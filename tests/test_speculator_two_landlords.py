"""The two-landlord 投机商 tables 6p2d, 6p3d, 7p2d, 7p3d and 8p3d: speculator.md §3, §4, §7, §8, §12,
§13 and §15.

Positions are scripted: ``build`` places the cards a test names, puts the determination card in the
speculator's hand and fills the rest of the pack from a seeded shuffle; gifts, bids, the partner
choice, declarations and plays then go through ``Game.apply``.  Expected values are written from the
rules file (the §13 rows are copied from its table), not read back from the engine.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

import pytest
from helpers import assert_play_start_sizes, checked_play, part_view, replays_identically, strings_of
from hypothesis import given, settings
from hypothesis import strategies as st
from scenario import Scenario

from paiju.bots import make_bot, play_out
from paiju.cards import (
    BLACK_JOKER,
    CARDS_PER_DECK,
    Card,
    Suit,
    card_rank,
    deck_cards,
    format_cards,
    make_card,
    parse_cards,
    parse_ranks,
)
from paiju.climbing import Alone, Bid, Deal, Declare, Game, Give, Partner, Pass, Play, Result, observe
from paiju.climbing import speculator as sp
from paiju.climbing.partner import PartnerOption, alone_options, partner_options
from paiju.climbing.views import PartnerView, SpeculatorView
from paiju.errors import IllegalMoveError
from paiju.patterns import Move, beats, classify_ranks
from paiju.variants import Variant, get_variant

TABLES = ("spec-6p2d", "spec-6p3d", "spec-7p2d", "spec-7p3d", "spec-8p3d")
V6P2D, V6P3D, V7P2D, V7P3D, V8P3D = (get_variant(n) for n in TABLES)
NINE, KING, ACE = 6, 10, 11
#: §3: the marked 7c is deck 0's copy.
MARKED_7C = make_card(4, Suit.CLUBS, 0)

#: §15: final hand sizes at play start (landlord / each farmer seat / speculator), and 54·D.
FINAL_SIZES: dict[str, tuple[int, int, int, int]] = {
    "spec-6p2d": (21, 18, 15, 108),
    "spec-6p3d": (33, 28, 17, 162),
    "spec-7p2d": (18, 16, 10, 108),
    "spec-7p3d": (27, 24, 15, 162),
    "spec-8p3d": (23, 20, 19, 162),
}
#: §15: W (instant win), V (retreat) and the retreat joker count.
SPECIAL: dict[str, tuple[int, int, int]] = {
    "spec-6p2d": (8, 8, 0),
    "spec-6p3d": (11, 9, 0),
    "spec-7p2d": (8, 7, 0),
    "spec-7p3d": (11, 9, 6),
    "spec-8p3d": (11, 9, 6),
}
#: §13 rows as (big landlord, small landlord, speculator, each farmer) for a landlord-side win:
#: "two" with a small landlord, "one" for a lone landlord (6p: the "6, one landlord" row; 7p/8p: the
#: project's T = 60 and T = 84, s = T/(nF+1), farmers T/nF).
ROWS: dict[tuple[int, str, str], tuple[int, int, int, int]] = {
    (6, "two", "landlord"): (30, 15, 15, -20),
    (6, "two", "farmers"): (40, 20, -15, -15),
    (6, "one", "landlord"): (64, 0, 16, -20),
    (6, "one", "farmers"): (80, 0, -16, -16),
    (7, "two", "landlord"): (32, 16, 12, -15),
    (7, "two", "farmers"): (40, 20, -12, -12),
    (7, "one", "landlord"): (50, 0, 10, -12),
    (7, "one", "farmers"): (60, 0, -10, -10),
    (8, "two", "landlord"): (50, 25, 15, -18),
    (8, "two", "farmers"): (60, 30, -15, -15),
    (8, "one", "landlord"): (72, 0, 12, -14),
    (8, "one", "farmers"): (84, 0, -12, -12),
}
#: §8: a lone landlord's T (instant wins), and what each other non-speculator seat pays: T / (P − 2).
INSTANT: dict[int, tuple[int, int]] = {6: (80, 20), 7: (60, 12), 8: (84, 14)}


# --------------------------------------------------------------------------- helpers
def other_copy(card: Card, decks: int = 2) -> Card:
    """§3, two decks: the same rank and suit from the other deck."""
    return (card + CARDS_PER_DECK) % (CARDS_PER_DECK * decks)


def copies(text: str, decks: int) -> list[Card]:
    """Every copy of the suited card ``text`` (deck 0 first)."""
    first = parse_cards(text, decks)[0]
    return [first % CARDS_PER_DECK + d * CARDS_PER_DECK for d in range(decks)]


def opposite(seat: int, players: int) -> int:
    """§1: s + P/2 for even P, s + (P+1)/2 for odd P."""
    return (seat + (players // 2 if players % 2 == 0 else (players + 1) // 2)) % players


def build(
    v: Variant,
    spec: int,
    hands: Mapping[int, str | Sequence[Card]] | None = None,
    bottom: str = "",
    flipped: str = "",
    extra: str = "",
    seed: int = 0,
) -> Deal:
    """A full deal: the named cards where the test puts them (named in dict order, so a suited token
    takes the first copy nobody named before), the determination card in seat ``spec``, the rest
    from a seeded shuffle."""
    rules = sp.rule_of(v)
    scene = Scenario(v).seats(hands or {}).bottom(bottom).flipped(flipped).extra(extra).shuffle(seed)
    bot, flip = scene.piles["bottom"], scene.piles["flipped"]
    spec_hand = scene.fixed.setdefault(spec, [])
    free = lambda c: other_copy(c) in scene.pool or other_copy(c) in spec_hand  # noqa: E731
    if rules.determination == "marked-7c":
        det = MARKED_7C
    elif rules.determination == "flip":
        if not flip:
            flip.append(scene.draw(free))
        det = other_copy(flip[0])
    else:
        k = int(rules.determination.split(":")[1])
        while len(bot) < k - 1:
            bot.append(scene.draw())
        if len(bot) < k:
            bot.append(scene.draw(free))
        det = sp.determination_card(v, bot, flip)
    if det in scene.pool:
        scene.add(spec, det)
    assert det in spec_hand, "the determination card must be the speculator's"
    return scene.build()


def give(g: Game, bundles: Mapping[int, Sequence[Card]] | None = None, avoid: Sequence[Card] = ()) -> None:
    """Fill every gift: bundle i gets ``bundles[i]`` first; other slots the first legal card that is
    neither in ``avoid`` nor named for a bundle (any legal card once those run out)."""
    bundles = bundles or {}
    reserved = {c for cs in bundles.values() for c in cs} | set(avoid)
    while g.phase == "gift":
        bundle = len(g.state.spec.gifts) - 1
        wanted = [c for c in bundles.get(bundle, ()) if c not in g.state.spec.gifts[bundle]]
        if wanted:
            card = wanted[0]
        else:
            legal = [a.card for a in g.legal_actions() if isinstance(a, Give)]
            card = next((c for c in legal if c not in reserved), legal[0])
        g.apply(Give(card), g.to_act)


def start(
    v: Variant,
    hands: Mapping[int, str | Sequence[Card]] | None = None,
    *,
    spec: int = 0,
    bottom: str = "",
    flipped: str = "",
    extra: str = "",
    bundles: Mapping[int, Sequence[Card]] | None = None,
    seed: int = 0,
) -> Game:
    """Deal, fill the gifts (the speculator keeps every card the test named for it, unless a bundle
    names it) and let the first bidder (opposite the speculator) bid 3: the game after the reveal."""
    deal = build(v, spec, hands, bottom, flipped, extra, seed)
    g = Game(v, seed, deals=[deal])
    assert g.speculator == spec and g.phase == "gift", "the scripted deal must be an ordinary hand"
    named = (hands or {}).get(spec, ())
    give(g, bundles, deal.hands[spec][: len(named.split()) if isinstance(named, str) else len(named)])
    g.apply(Bid(3), opposite(spec, v.players))
    return g


def held(g: Game, seat: int, text: str) -> list[Card]:
    """The copies of suited card ``text`` that ``seat`` holds."""
    return [c for c in copies(text, g.variant.decks) if c in g.hands[seat]]


def play_bots(g: Game, seed: int = 0, names: Sequence[str] | None = None) -> Result:
    """Play the hand out with bots (a seeded mix of random and heuristic unless named)."""
    names = names or ["heuristic" if (seed >> s) & 1 else "random" for s in range(g.players)]
    result, _ = checked_play(g, [make_bot(n, seed * 13 + s) for s, n in enumerate(names)])
    return result


def expected_unit(g: Game, r: Result) -> int:
    """§13: bid × 2 per doubling bomb × 2 declared × 3 一打四 × 3 retreat."""
    return r.bid * 2**r.doublings * (2 if g.state.partner.declared else 1) * (3 if r.partnership == "alone" else 1) * (3 if r.retreat else 1)


def expected_scores(g: Game, r: Result) -> list[int]:
    """Every seat's score from the §13 rows above."""
    assert g.landlord is not None and g.speculator is not None and r.speculator_side is not None
    lone = r.small_landlord is None
    bl, sl, s, f = ROWS[(g.players, "one" if lone else "two", r.speculator_side)]
    sign = 1 if r.landlord_won else -1
    unit = expected_unit(g, r)
    scores = [sign * f * unit] * g.players
    scores[g.landlord] = sign * bl * unit
    if not lone:
        assert r.small_landlord is not None
        scores[r.small_landlord] = sign * sl * unit
    scores[g.speculator] = sign * s * unit
    return scores


def walk(g: Game, seed: int) -> Iterator[Game]:
    """Yield the game before every bot action and once at the end (bots mixed random/heuristic)."""
    bots = [make_bot("heuristic" if (seed >> s) & 1 else "random", seed * 17 + s) for s in range(g.players)]
    while g.result is None:
        yield g
        seat = g.to_act
        g.apply(bots[seat].act(observe(g, seat)), seat)
    yield g


def option(g: Game, shown: Sequence[Card]) -> Partner:
    """The legal Partner action showing exactly ``shown``."""
    action = Partner(tuple(sorted(shown)))
    assert action in g.legal_actions(), (shown, g.legal_actions())
    return action


def state(g: Game) -> tuple[object, ...]:
    """Everything an illegal action must leave as it was."""
    return (
        g.phase, g.to_act, [list(h) for h in g.hands], list(g.events), copy.deepcopy((g.state.partner, g.state.stake)),
    )


def rank_cards(v: Variant, rank: int, n: int, suits: Sequence[Suit] = tuple(Suit)) -> list[Card]:
    """``n`` cards of ``rank`` (every suit of deck 0, then deck 1, …)."""
    pool = [make_card(rank, s, d) for d in range(v.decks) for s in suits]
    return pool[:n]


# --------------------------------------------------------------------------- §15 hand sizes
def _to_play(v: Variant, seed: int) -> Game:
    """A bot hand stopped at the start of play (None when it ended at once)."""
    g = Game(v, seed)
    bots = [make_bot("heuristic", s) for s in range(v.players)]
    while g.phase in ("gift", "bid", "partner", "declare"):
        g.apply(bots[g.to_act].act(observe(g, g.to_act)), g.to_act)
    return g


@pytest.mark.parametrize("name", TABLES)
def test_final_hand_sizes_at_play_start(name: str) -> None:
    """§15 'final = hand sizes at play start (landlord / each farmer seat / speculator)'; §6 'P·H + B +
    F + E = cards in play (54·D)'."""
    v = get_variant(name)
    landlord, farmer, speculator, total = FINAL_SIZES[name]
    assert v.final_hand_sizes == (landlord, farmer, speculator)
    checked = 0
    for seed in range(12):
        g = _to_play(v, seed)
        if g.phase != "play":
            continue
        assert total == 54 * v.decks
        assert_play_start_sizes(g, landlord, farmer, speculator, total)
        checked += 1
    assert checked >= 8


def test_8p3d_speculator_draws_five_after_it_is_found() -> None:
    """§2.2 '8p3d: it then draws E = 5 more cards'; §4 'after it is found, the speculator draws 5 more
    cards (E) before choosing gifts'."""
    deal = build(V8P3D, 2, extra="9s 9h Td Jc Qs")
    g = Game(V8P3D, 0, deals=[deal])
    assert g.speculator == 2 and g.phase == "gift"
    assert len(g.hands[2]) == 19 + 5 and set(deal.extra) <= set(g.hands[2])
    assert all(len(g.hands[s]) == 19 for s in range(8) if s != 2)
    assert {Give(c) for c in deal.extra} <= set(g.legal_actions())  # drawn cards may be given
    for seat in range(8):
        if seat != 2:
            assert not set(deal.extra) & set(observe(g, seat).hand)


def test_7p3d_speculator_takes_first_four_bottom_cards_face_down() -> None:
    """§4 [R] '7p3d: before choosing gifts the speculator takes the first 4 original bottom cards face
    down (nobody else sees them; they may be given away); at the reveal only the other 4 are shown and
    taken'."""
    deal = build(V7P3D, 0, bottom="8s 8h 9d Tc 5s 5h 6d 6c")
    g = Game(V7P3D, 0, deals=[deal])
    early, rest = list(deal.bottom[:4]), list(deal.bottom[4:])
    assert g.state.spec.early_bottom == early and g.state.bottom == rest
    assert len(g.hands[0]) == 22 + 4 and set(early) <= set(g.hands[0])
    for seat in range(1, 7):
        obs = observe(g, seat)
        assert not set(early) & set(obs.hand) and obs.bottom == ()
    give(g, {0: [early[0]], 1: [early[1]]})  # the early cards may be given away
    g.apply(Bid(3), opposite(0, 7))
    landlord = opposite(0, 7)
    assert early[0] in g.hands[landlord]
    reveal = next(e for e in g.events if e["type"] == "reveal")
    assert reveal["bottom"] == rest
    assert set(rest) <= set(g.hands[0])
    for seat in range(7):
        assert observe(g, seat).bottom == tuple(rest)
    assert len(g.hands[0]) == 15 and len(g.hands[landlord]) == 27


# --------------------------------------------------------------------------- §3 determination
def test_6p2d_speculator_holds_other_copy_of_flipped_card_and_landlord_takes_it() -> None:
    """§15 6p2d 'other copy of the flipped card'; 'the landlord also takes the flipped card (17 + 3 + 1)'."""
    flip = parse_cards("Jd", 2)[0]
    g = Game(V6P2D, 0, deals=[build(V6P2D, 4, {4: [other_copy(flip)]}, flipped="Jd")])
    assert g.speculator == 4 and g.state.spec.determination == other_copy(flip)
    give(g)
    g.apply(Bid(3), opposite(4, 6))
    assert g.landlord == 1 and flip in g.hands[1] and len(g.hands[1]) == 21
    assert flip not in g.hands[4]


def test_7p2d_speculator_holds_other_copy_of_last_bottom_card() -> None:
    """§15 7p2d [R] 'other copy of the 3rd (last) bottom card'."""
    bottom = parse_cards("4s 9h Qc", 2)
    deal = build(V7P2D, 5, {5: [other_copy(bottom[2])]}, bottom="4s 9h Qc")
    g = Game(V7P2D, 0, deals=[deal])
    assert g.speculator == 5 and g.state.spec.determination == other_copy(bottom[2])


@pytest.mark.parametrize(("shown", "marked"), [("Ad", "Kd"), ("Kd", "Ad"), ("Qd", "Qd")])
def test_7p2d_diamond_ace_king_swap_option(shown: str, marked: str) -> None:
    """§15 7p2d option 'diamond_AK = same | swap' (§17.7 '若是方块A或K,则为对应的另一张': swap ♦A ↔ ♦K);
    the copy is the other deck's, as for every two-deck determination card."""
    rules = sp.rule_of(V7P2D)
    swap = V7P2D.with_changes(name="house-7p2d-swap", speculator=replace(rules, diamond_ak="swap"))
    bottom = parse_cards(f"4s 9h {shown}", 2)
    target = other_copy(parse_cards(marked, 2)[0])
    same_target = other_copy(bottom[2])
    hands: dict[int, str | Sequence[Card]] = {3: [target]}
    if same_target != target:
        hands[6] = [same_target]
    g = Game(swap, 0, deals=[build(swap, 3, hands, bottom=f"4s 9h {shown}")])
    assert g.speculator == 3 and g.state.spec.determination == target
    if same_target != target:  # the default reads the same card's other copy
        assert Game(V7P2D, 0, deals=[build(V7P2D, 6, hands, bottom=f"4s 9h {shown}")]).speculator == 6


# --------------------------------------------------------------------------- §7 partner options
def _opts(v: Variant, hand: str, bottom: str = "", flipped: str = "", refused: Sequence[Card] = ()) -> list[PartnerOption]:
    taken: set[Card] = set()
    cards = parse_cards(hand, v.decks, (), taken)
    taken |= set(cards)
    bot = parse_cards(bottom, v.decks, (), taken) if bottom else []
    taken |= set(bot)
    flip = parse_cards(flipped, v.decks, (), taken) if flipped else []
    return partner_options(sp.rule_of(v), cards + flip, v.decks, bot, flip, refused)


def _shown(options: list[PartnerOption]) -> set[str]:
    return {format_cards(o.shown) for o in options}


def test_6p2d_partner_card_of_flipped_rank_whose_other_copy_landlord_lacks() -> None:
    """§7 6p2d 'shows a card of the flipped card's rank whose other copy it does not hold'."""
    options = _opts(V6P2D, "9s 9h 9h Ts 3d", flipped="9c")
    assert _shown(options) == {"9s"}
    (o,) = options
    assert o.partner == other_copy(o.shown[0])


def test_6p2d_flipped_card_itself_names_nobody() -> None:
    """§7 6p2d: the flipped card's other copy is the determination card (the speculator's, §3), so
    showing the flipped card names no partner; with no other card of its rank the nearest rank counts."""
    assert _shown(_opts(V6P2D, "8s 8s Js 3d", flipped="9c")) == {"Js"}


def test_6p2d_nearest_rank_when_no_card_of_flipped_rank() -> None:
    """§7 6p2d 'if it has none, it uses the nearest rank where it has one'."""
    assert _shown(_opts(V6P2D, "Ts 6h 6h 3d", flipped="9c")) == {"Ts"}
    assert _shown(_opts(V6P2D, "9h 9h Qd 6c", flipped="9c")) == {"Qd", "6c"}  # 9h is a same-suit pair


def test_6p2d_nearest_rank_tie_offers_both_ranks() -> None:
    """§7 6p2d [R] 'choosing between two equally near ranks' (§17.19 the landlord chooses)."""
    assert _shown(_opts(V6P2D, "8s Th 3d 3d", flipped="9c")) == {"8s", "Th"}


@pytest.mark.parametrize("v", [V6P3D, V7P3D, V8P3D], ids=lambda v: v.name)
def test_three_deck_partner_is_same_suit_pair_or_copy_of_a_bottom_card(v: Variant) -> None:
    """§7 6p3d/7p3d/8p3d 'either a same-suit pair (two copies of one card) or one card identical to an
    original bottom card; the holder of the remaining copy is the small landlord'."""
    options = _opts(v, "5h 5h Kc 9s Jd", bottom="Kc 4d 4d 7h 8h 9d")
    assert _shown(options) == {"5h 5h", "Kc"}
    by = {len(o.shown): o for o in options}
    five = copies("5h", 3)
    assert by[2].shown == tuple(five[:2]) and by[2].partner == five[2]
    kc = copies("Kc", 3)
    assert by[1].shown == (kc[0],) and by[1].partner == kc[2]  # the copy in neither hand nor bottom


def test_bottom_card_with_two_copies_in_the_bottom_names_nobody() -> None:
    """§7: 'one card identical to an original bottom card; the holder of the remaining copy': with the
    other two copies in the bottom no copy remains."""
    assert _shown(_opts(V6P3D, "Kc 9s Jd", bottom="Kc Kc 4d 7h 8h 9d")) == set()


def test_6p3d_landlord_may_name_itself() -> None:
    """§7 6p3d [R] 'If that is the landlord itself, it plays alone in secret'."""
    options = _opts(V6P3D, "5h 5h 5h 9s", bottom="Kc 4d 4d 7h 8h 9d")
    assert _shown(options) == {"5h 5h"}
    assert options[0].partner == copies("5h", 3)[2]


@pytest.mark.parametrize("v", [V7P3D, V8P3D], ids=lambda v: v.name)
def test_7p3d_8p3d_landlord_may_not_name_itself(v: Variant) -> None:
    """§7 '7p3d, 8p3d: as 6p3d, but the small landlord may not be the landlord itself'."""
    assert _shown(_opts(v, "5h 5h 5h Kc Kc 9s", bottom="Kc 4d 4d 7h 8h 9d")) == set()


def test_7p2d_partner_is_one_card_whose_other_copy_landlord_lacks() -> None:
    """§7 '7p2d: the landlord shows one card whose other copy it does not hold'."""
    assert _shown(_opts(V7P2D, "5h 5h Kc 9s B B R")) == {"Kc", "9s", "R"}


def test_known_speculator_copies_are_not_offered() -> None:
    """§7 'if the partner card is held by the speculator, the speculator reveals it and the landlord
    chooses again': a copy already revealed, or lying in the speculator's public bottom, is not offered."""
    kc = copies("Kc", 2)
    assert _shown(_opts(V7P2D, "Kc 9s", refused=[kc[1]])) == {"9s"}
    assert _shown(_opts(V6P2D, "9s 9d", flipped="9c", refused=[copies("9s", 2)[1]])) == {"9d"}


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(TABLES), seed=st.integers(0, 2**32))
def test_partner_options_always_name_another_open_copy(name: str, seed: int) -> None:
    """§7 on random landlord hands: every option shows cards the landlord holds and names a copy of the
    same card held neither by it (6p3d may name itself) nor in the public bottom; a single shown card on
    6p3d/7p3d/8p3d is a bottom card's copy; on 7p2d every card held once whose other copy is out there
    is offered."""
    v = get_variant(name)
    rules = sp.rule_of(v)
    pack = deck_cards(v.decks)
    random.Random(seed).shuffle(pack)
    size = v.final_hand_sizes[0]
    hand, bottom = pack[:size], pack[size : size + v.bottom_size - rules.early_bottom]
    flipped = [c for c in hand if card_rank(c) < BLACK_JOKER][:1] if v.flipped else []
    options = partner_options(rules, hand, v.decks, bottom, flipped)
    faces = [c % CARDS_PER_DECK for c in hand]
    for o in options:
        assert set(o.shown) <= set(hand) and o.partner not in bottom
        assert all(c % CARDS_PER_DECK == o.partner % CARDS_PER_DECK for c in o.shown)
        assert rules.partner_self or o.partner not in hand
        if rules.partner == "pair-or-bottom" and len(o.shown) == 1:
            assert o.shown[0] % CARDS_PER_DECK in [c % CARDS_PER_DECK for c in bottom]
        if rules.partner in ("single", "flip-rank"):
            assert len(o.shown) == 1 and faces.count(o.shown[0] % CARDS_PER_DECK) == 1
    if rules.partner == "single":
        want = {c for c in hand if faces.count(c % CARDS_PER_DECK) == 1 and other_copy(c) not in bottom}
        assert {o.shown[0] for o in options} == want


def test_alone_options_are_every_same_suit_pair() -> None:
    """§7 一打四 [R] 'the landlord may show any same-suit pair it holds (any rank)'."""
    cards = parse_cards("3s 3s 5h 5d 2c 2c B B", 2)
    assert alone_options(cards) == [tuple(cards[0:2]), tuple(cards[4:6]), tuple(cards[6:8])]


# --------------------------------------------------------------------------- §7 in the game
def named_6p2d(seed: int = 0) -> Game:
    """6p2d: speculator 0, landlord 3 shows 9♠ (flipped 9♣); seat 1 holds the other 9♠."""
    nine_s = copies("9s", 2)
    hands: dict[int, str | Sequence[Card]] = {
        3: [nine_s[0], *parse_cards("3s 3s 4h 4h 5d 5d 6c 6c 8h 8h Th Th Jd Jd Qc Qc", 2, (), {nine_s[0]})],
        1: [nine_s[1]],
        0: parse_cards("Kh Kh Ks 4d", 2),
    }
    g = start(V6P2D, hands, flipped="9c", bundles={0: parse_cards("Kh Kh Ks", 2)}, seed=seed)
    assert g.phase == "partner" and g.to_act == 3
    return g


def test_landlord_names_partner_then_small_landlord_is_holder_of_other_copy() -> None:
    """§7 'the landlord shows cards to name its partner: the holder of the other/remaining copy'."""
    g = named_6p2d()
    nine_s = copies("9s", 2)
    assert g.legal_actions()[0] == Partner((nine_s[0],))
    assert [a for a in g.legal_actions() if isinstance(a, Partner)] == [Partner((nine_s[0],))]
    g.apply(Partner((nine_s[0],)), 3)
    assert g.state.small_landlord == 1 and g.state.partner.card == nine_s[1] and g.state.partner.partnership == "named"
    assert g.state.landlord_side() == (3, 1) and g.phase == "declare"
    for seat in range(6):
        assert part_view(g, seat, PartnerView).shown == (nine_s[0],)


def test_declaration_round_every_farmer_seat_in_order_from_landlord_left() -> None:
    """§7 [R] 'Declaration step (right after the partner is fixed, before the first lead)': every seat
    but the landlord and the speculator answers once, from the landlord's left, so nobody learns who
    could have declared; only the small landlord has Declare."""
    g = named_6p2d()
    g.apply(Partner((copies("9s", 2)[0],)), 3)
    order = []
    while g.phase == "declare":
        seat = g.to_act
        order.append(seat)
        assert g.legal_actions() == ([Pass(), Declare()] if seat == 1 else [Pass()])
        g.apply(Pass(), seat)
    assert order == [4, 5, 1, 2]
    assert g.phase == "play" and g.to_act == 3 and not g.state.partner.declared and not g.state.partner_known


def test_only_the_small_landlord_may_declare() -> None:
    """§7 'the small landlord may declare itself (亮明身份)': another seat's Declare is refused."""
    g = named_6p2d()
    g.apply(Partner((copies("9s", 2)[0],)), 3)
    before = state(g)
    with pytest.raises(IllegalMoveError, match="only the small landlord"):
        g.apply(Declare(), 4)
    assert state(g) == before


def test_declaring_doubles_and_makes_the_small_landlord_known() -> None:
    """§7 'declare itself (亮明身份, settlement ×2)'; §13 '×2 small landlord declared'."""
    g = named_6p2d()
    g.apply(Partner((copies("9s", 2)[0],)), 3)
    g.apply(Pass(), 4)
    g.apply(Pass(), 5)
    assert part_view(g, 3, PartnerView).small_landlord is None
    g.apply(Declare(), 1)
    assert g.state.partner.declared and g.state.partner_known and g.state.stake.multiplier == 2
    for seat in range(6):
        obs = observe(g, seat)
        partner = part_view(g, seat, PartnerView)
        assert partner.small_landlord == 1 and partner.declared and obs.role(1) == "small_landlord"
    g.apply(Pass(), 2)
    r = play_bots(g, 1)
    assert r.stake == r.bid * 2 * 2**r.doublings and list(r.scores) == expected_scores(g, r)


def test_declaring_is_illegal_in_play() -> None:
    """§7 [R] 'this is its only chance': once play starts Declare is no action."""
    g = named_6p2d()
    g.apply(Partner((copies("9s", 2)[0],)), 3)
    for seat in (4, 5, 1, 2):
        g.apply(Pass(), seat)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Play)), 3)
    while g.to_act != 1:
        g.apply(g.legal_actions()[0 if g.to_act != 0 else -1], g.to_act)
    assert Declare() not in g.legal_actions()
    before = state(g)
    with pytest.raises(IllegalMoveError):
        g.apply(Declare(), 1)
    assert state(g) == before and not g.state.partner.declared


def test_playing_the_partner_card_makes_the_small_landlord_known() -> None:
    """§7 [R] 'Until it declares or plays the partner card, the small landlord's identity is hidden'."""
    g = named_6p2d()
    nine_s = copies("9s", 2)
    g.apply(Partner((nine_s[0],)), 3)
    for seat in (4, 5, 1, 2):
        g.apply(Pass(), seat)
    lead = next(a for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == "3")
    g.apply(lead, 3)
    g.apply(Pass(), 4)
    g.apply(Pass(), 5)
    spec_single = min(
        (a for a in g.legal_actions() if isinstance(a, Play) and a.move.kind == "single"), key=lambda a: a.move.key
    )
    assert spec_single.move.key < NINE
    g.apply(spec_single, 0)
    assert part_view(g, 2, PartnerView).small_landlord is None and not g.state.partner_known
    single_nine = next(a for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == "9")
    g.apply(Play(single_nine.move, (nine_s[1],)), 1)
    assert g.state.partner_known and {"type": "partner_known", "seat": 1} in g.events
    assert all(part_view(g, s, PartnerView).small_landlord == 1 for s in range(6))
    assert g.state.stake.multiplier == 1  # becoming known changes nothing else


def refused_7p2d() -> tuple[Game, list[Card]]:
    """7p2d: speculator 0 keeps the other Q♥; landlord 4 holds Q♥ and 9♠; seat 2 the other 9♠."""
    qh, ns = copies("Qh", 2), copies("9s", 2)
    g = start(V7P2D, {0: [qh[1], *parse_cards("4d", 2)], 4: [qh[0], ns[0]], 2: [ns[1]]})
    assert g.phase == "partner" and g.to_act == 4
    return g, [qh[0], qh[1], ns[0], ns[1]]


def test_partner_card_held_by_speculator_is_refused_and_landlord_chooses_again() -> None:
    """§7 'if the partner card is held by the speculator, the speculator reveals it and the landlord
    chooses again'."""
    g, (q0, q1, n0, n1) = refused_7p2d()
    g.apply(option(g, [q0]), 4)
    assert g.state.partner.refused == [q1] and g.phase == "partner" and g.to_act == 4
    assert {"type": "partner_refused", "seat": 0, "card": q1} in g.events
    assert g.state.small_landlord is None and Partner((q0,)) not in g.legal_actions()
    for seat in range(7):
        assert part_view(g, seat, PartnerView).refused == (q1,)
    g.apply(option(g, [n0]), 4)
    assert g.state.small_landlord == 2 and g.state.partner.card == n1 and g.phase == "declare"


def test_7p2d_no_legal_partner_card_plays_alone_with_lone_values() -> None:
    """§7 [R] 'If no legal card remains, the landlord plays alone (one-landlord values, §13)': a 7p2d
    landlord holding both copies of every card it has; settled at the lone stake T = 60."""
    pairs = "3s 3s 4h 4h 5d 5d 6c 6c 8h 8h Th Th Jd Jd"
    qc = copies("Qc", 2)
    kd = copies("Kd", 2)
    g = start(V7P2D, {4: [*parse_cards(pairs, 2), qc[0]], 0: [qc[1], *kd]}, bundles={0: [qc[1], *kd]})
    assert g.state.partner.partnership == "none" and g.state.small_landlord is None and g.phase == "play"
    assert g.to_act == 4 and len(g.hands[4]) == 18
    assert {"type": "no_partner", "reason": "none"} in g.events
    r = play_bots(g, 2)
    assert r.partnership == "none" and list(r.scores) == expected_scores(g, r) and sum(r.scores) == 0


def test_6p2d_pass_plays_alone_when_no_partner_card_is_left() -> None:
    """§7: with only same-suit pairs (and the flipped card) the 6p2d landlord may still play 一打四, so
    Pass is offered beside it; Pass plays alone without ×3 (one-landlord row, T = 80)."""
    pairs = parse_cards("3s 3s 4h 4h 5d 5d 6c 6c 8h 8h Th Th Jd Jd Qs Qs", 2)
    ac = copies("Ac", 2)
    kd = copies("Kd", 2)
    g = start(V6P2D, {3: [*pairs, ac[0]], 0: [ac[1], *kd]}, flipped="9c", bundles={0: [ac[1], *kd]})
    assert g.phase == "partner"
    actions = g.legal_actions()
    assert Pass() in actions and not any(isinstance(a, Partner) for a in actions)
    assert all(isinstance(a, Alone) for a in actions if a != Pass())
    g.apply(Pass(), 3)
    assert g.state.partner.partnership == "none" and g.phase == "play" and g.state.stake.multiplier == 1
    r = play_bots(g, 3)
    assert list(r.scores) == expected_scores(g, r) and sum(r.scores) == 0


@pytest.mark.parametrize("v", [V6P2D, V6P3D], ids=lambda v: v.name)
def test_one_against_all_triples_with_no_small_landlord_and_no_declaration(v: Variant) -> None:
    """§7 [R] '一打四 (6p2d, 6p3d): … show any same-suit pair it holds (any rank) and announce
    one-against-all: no small landlord, settlement ×3'; §17.18."""
    threes = copies("3d", v.decks)[:2]
    g = start(v, {3: threes}, flipped="9c" if v.flipped else "")
    assert Alone(tuple(threes)) in g.legal_actions()
    g.apply(Alone(tuple(threes)), 3)
    assert g.state.partner.partnership == "alone" and g.state.small_landlord is None and g.phase == "play" and g.to_act == 3
    assert g.state.stake.multiplier == 3 and not any(e["type"] == "declare" for e in g.events)
    assert all(part_view(g, s, PartnerView).shown == tuple(threes) for s in range(6))
    r = play_bots(g, 4)
    assert r.partnership == "alone" and r.small_landlord is None
    assert r.stake == r.bid * 3 * 2**r.doublings and list(r.scores) == expected_scores(g, r)


@pytest.mark.parametrize("v", [V7P2D, V7P3D, V8P3D], ids=lambda v: v.name)
def test_one_against_all_not_offered_on_seven_and_eight_player_tables(v: Variant) -> None:
    """§7 '一打四 (6p2d, 6p3d)' only: other tables offer no Alone and refuse it."""
    pair = copies("3d", v.decks)[:2]
    g = start(v, {opposite(0, v.players): pair})
    assert g.phase == "partner" and not any(isinstance(a, Alone) for a in g.legal_actions())
    before = state(g)
    with pytest.raises(IllegalMoveError, match="一打四"):
        g.apply(Alone(tuple(pair)), g.to_act)
    assert state(g) == before


def self_6p3d() -> Game:
    """6p3d: landlord 3 holds all three 5♥ and names them (speculator 0)."""
    fives = copies("5h", 3)
    g = start(V6P3D, {3: fives})
    assert g.phase == "partner"
    g.apply(option(g, fives[:2]), 3)
    return g


def test_6p3d_self_partner_plays_alone_in_secret() -> None:
    """§7 6p3d [R] 'If that is the landlord itself, it plays alone in secret: no multiplier, one-landlord
    rows' (§17.17): the others see an ordinary named partner."""
    g = self_6p3d()
    assert g.state.partner.partnership == "self" and g.state.small_landlord is None and g.state.landlord_side() == (3,)
    assert g.phase == "declare" and g.state.stake.multiplier == 1
    while g.phase == "declare":
        assert g.legal_actions() == [Pass()]  # nobody can declare, and everyone is asked
        g.apply(Pass(), g.to_act)
    for seat in range(6):
        obs, partner = observe(g, seat), part_view(g, seat, PartnerView)
        assert partner.partnership == ("self" if seat == 3 else "named") and partner.small_landlord is None
        assert ('"self"' in json.dumps(obs.to_json())) == (seat == 3)
    r = play_bots(g, 5)
    assert r.partnership == "self" and r.small_landlord is None
    assert list(r.scores) == expected_scores(g, r) and sum(r.scores) == 0


@pytest.mark.parametrize(
    ("v", "action", "message"),
    [
        (V7P2D, "not held", "show one card whose other copy you don't hold"),
        (V7P2D, "declare", "name your partner first"),
        (V7P2D, "pass", "you still have a card"),
        (V6P3D, "single not in bottom", "same-suit pair, or one copy of a bottom card"),
        (V6P3D, "alone not a pair", "一打四 needs a same-suit pair"),
    ],
    ids=lambda x: x if isinstance(x, str) else getattr(x, "name", ""),
)
def test_illegal_partner_choice_raises_and_changes_nothing(v: Variant, action: str, message: str) -> None:
    """§7: only the shown cards the table allows name a partner; anything else is refused with a reason
    and the hand is unchanged."""
    landlord = opposite(0, v.players)
    g = start(v, {landlord: parse_cards("9s 9h", v.decks)})
    assert g.phase == "partner"
    lonely = next(c for c in g.hands[landlord] if not any(isinstance(a, Partner) and c in a.cards for a in g.legal_actions()))
    attempt = {
        "not held": Partner((next(c for c in g.hands[1] if c not in g.hands[landlord]),)),
        "declare": Declare(),
        "pass": Pass(),
        "single not in bottom": Partner((lonely,)),
        "alone not a pair": Alone(tuple(parse_cards("9s 9h", v.decks))),
    }[action]
    before = state(g)
    with pytest.raises(IllegalMoveError, match=message):
        g.apply(attempt, landlord)
    assert state(g) == before


# --------------------------------------------------------------------------- §7 leak test
def words_of(view: object) -> tuple[set[str], set[str]]:
    """The string values and the object keys anywhere in a view's JSON (what its text would spell, read without
    writing it: the sweeps check every seat's view before every action)."""
    keys: list[str] = []
    return set(strings_of(view, keys)), set(keys)


def assert_small_landlord_hidden(g: Game) -> None:
    """§7 [R] 'Until it declares or plays the partner card, the small landlord's identity is hidden from
    every other seat, the landlord included' — and every seat sees it once it is known."""
    small = g.state.small_landlord
    known = g.state.partner_known or g.is_over
    for seat in [*range(g.players), None]:
        obs = observe(g, seat)
        partner = obs.part(PartnerView)
        assert partner is not None
        data = obs.to_json()
        shown = small is not None and (known or seat == small)
        alone = g.state.partner.partnership == "self" and not g.is_over
        values, keys = words_of(data) if alone or not shown else (set(), set())  # read only where a check does
        if shown:
            assert partner.small_landlord == small and data["roles"][small] == "small_landlord"
        else:
            assert partner.small_landlord is None and data["parts"]["partner"]["small_landlord"] is None
            # The word appears only as the field's name, never as a role nor in any other string.
            assert "small_landlord" not in data["roles"] and not any("small_landlord" in text for text in values)
            assert all(key == "small_landlord" or "small_landlord" not in key for key in keys)
            if small is not None:
                assert obs.role(small) == "farmer"
        if alone:
            assert partner.partnership == ("self" if seat == g.landlord else "named")
            assert ("self" in values or "self" in keys) == (seat == g.landlord)
        if g.phase == "declare" and seat == g.to_act and seat != small:
            assert data["legal"] == ["pass"]


def leak_sweep(v: Variant, seeds: range) -> dict[str, int]:
    """Play bot hands of ``v``, checking every seat's view before every action; count what was seen."""
    seen = {"hidden": 0, "declared": 0, "played": 0, "self": 0}
    for seed in seeds:
        for g in walk(Game(v, seed), seed):
            assert_small_landlord_hidden(g)
            if g.state.small_landlord is not None and not g.state.partner_known and g.phase == "play":
                seen["hidden"] += 1
        seen["declared"] += g.state.partner.declared
        seen["played"] += g.state.partner_known and not g.state.partner.declared
        seen["self"] += g.state.partner.partnership == "self"
    return seen


@pytest.mark.parametrize("name", TABLES)
def test_small_landlord_hidden_until_declared_or_partner_card_played(name: str) -> None:
    """§7 [R] hidden small landlord (§17.14), 10 bot hands per table (the full 100 run under ``slow``)."""
    seen = leak_sweep(get_variant(name), range(10))
    assert seen["hidden"] > 0


def test_self_partner_is_hidden_from_every_seat_but_the_landlord() -> None:
    """§7 6p3d [R] 'it plays alone in secret', at every step of a played hand."""
    g = self_6p3d()
    for step in walk(g, 6):
        assert_small_landlord_hidden(step)


# --------------------------------------------------------------------------- §13 settlement
@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("side", ["landlord", "farmers"])
@pytest.mark.parametrize("how", ["two", "one"])
@pytest.mark.parametrize("landlord_won", [True, False])
def test_settlement_rows_match_section_13(name: str, side: str, how: str, landlord_won: bool) -> None:
    """§13 rows '6, one landlord', '6, two landlords', '7, two landlords', '8, two landlords' [R], per
    unit; e.g. 6p two landlords, speculator with the landlord: BL 30, SL 15, S 15, each F −20."""
    v = get_variant(name)
    rules = sp.rule_of(v)
    landlords = (2,) if how == "one" else (2, 5)
    stake = rules.stake if how == "two" else rules.stake_alone
    for unit in (1, 3, 24):
        scores = sp.speculator_scores(v.players, landlords, 0, landlord_won, side, unit, stake)
        bl, sl, s, f = ROWS[(v.players, how, side)]
        sign = 1 if landlord_won else -1
        want = [sign * f * unit] * v.players
        want[2], want[0] = sign * bl * unit, sign * s * unit
        if how == "two":
            want[5] = sign * sl * unit
        assert scores == want and sum(scores) == 0


@pytest.mark.parametrize(("name", "stake"), [("spec-7p2d", 60), ("spec-7p3d", 60), ("spec-8p3d", 84)])
def test_lone_landlord_on_seven_and_eight_player_tables_uses_section_13_rule(name: str, stake: int) -> None:
    """§13 'On 7p/8p a lone landlord uses the two-landlord row with BL+SL merged' does not sum to zero
    once the would-be small landlord is a farmer (7p: 48 + 12 − 5 × 15 ≠ 0).  The project's decision:
    settle by the §13 rule itself, T = 60 on 7p and T = 84 on 8p (90/7 is not whole), s = T/(nF+1),
    each farmer T/nF."""
    v = get_variant(name)
    assert sp.rule_of(v).stake_alone == stake
    farmers = v.players - 2
    assert stake % (farmers + 1) == 0 and stake % farmers == 0
    merged = ROWS[(v.players, "two", "landlord")]
    assert merged[0] + merged[1] + merged[2] + farmers * merged[3] != 0  # the literal reading
    s = stake // (farmers + 1)
    with_l = sp.speculator_scores(v.players, (2,), 0, True, "landlord", 1, stake)
    assert with_l[2] == stake - s and with_l[0] == s and with_l.count(-(stake // farmers)) == farmers
    with_f = sp.speculator_scores(v.players, (2,), 0, True, "farmers", 1, stake)
    assert with_f[2] == stake and with_f[0] == -s and with_f.count(-s) == farmers + 1


@pytest.mark.parametrize("name", TABLES)
def test_settlement_sums_to_zero_for_every_outcome_and_multiplier(name: str) -> None:
    """§13 'Each player's score = its ratio × unit': zero-sum for landlord side won/lost × speculator
    side × partnership named/self/alone/none × declared or not × retreat, with doubling bombs."""
    v = get_variant(name)
    rules = sp.rule_of(v)
    for partnership in ("named", "self", "alone", "none"):
        landlords = (3, 1) if partnership == "named" else (3,)
        stake = rules.stake if partnership == "named" else rules.stake_alone
        for declared in (False, True) if partnership == "named" else (False,):
            for retreat in (False, True):
                for bombs in range(3):
                    unit = 2 * 2**bombs * (2 if declared else 1) * (3 if partnership == "alone" else 1) * (3 if retreat else 1)
                    for won in (True, False):
                        for side in ("landlord", "farmers"):
                            scores = sp.speculator_scores(v.players, landlords, 0, won, side, unit, stake)
                            assert sum(scores) == 0 and all(x % unit == 0 for x in scores)
                            assert (scores[3] > 0) == won


@pytest.mark.parametrize("name", TABLES)
def test_played_hands_settle_by_the_rows_and_multipliers(name: str) -> None:
    """§13 'Unit = bid × multipliers: ×2 per doubling bomb …, ×2 small landlord declared, ×3 一打四, ×3
    speculator retreat', on 15 bot hands per table."""
    v = get_variant(name)
    for seed in range(15):
        g = Game(v, seed)
        r = play_bots(g, seed)
        if r.instant:
            continue
        assert r.stake == expected_unit(g, r) == r.bid * g.state.stake.multiplier
        assert list(r.scores) == expected_scores(g, r) and sum(r.scores) == 0


# --------------------------------------------------------------------------- §8 instant wins, retreat
@pytest.mark.parametrize("name", TABLES)
def test_instant_win_before_bidding_with_w_of_a_rank(name: str) -> None:
    """§8 'A non-speculator holding W or more cards of one rank … wins at once … before bidding it wins
    as landlord (alone)': takes T (lone stake), every other seat pays T/(P−2), the speculator scores 0,
    unit 3 (§17.11)."""
    v = get_variant(name)
    w = SPECIAL[name][0]
    g = Game(v, 0, deals=[build(v, 0, {2: rank_cards(v, NINE, w)})])
    assert g.is_over and g.result is not None and g.result.instant and g.result.winner == 2
    take, pay = INSTANT[v.players]
    want = [-pay * 3] * v.players
    want[2], want[0] = take * 3, 0
    assert list(g.result.scores) == want and sum(want) == 0
    assert {"type": "instant_win", "seat": 2} in g.events


@pytest.mark.parametrize("name", TABLES)
def test_w_minus_one_of_a_rank_is_no_instant_win(name: str) -> None:
    """§8 'W or more cards of one rank'; jokers are not a rank here."""
    v = get_variant(name)
    jokers = [c for c in deck_cards(v.decks) if card_rank(c) >= BLACK_JOKER]
    nines = rank_cards(v, NINE, 4 * v.decks)
    w = SPECIAL[name][0]
    g = Game(v, 0, deals=[build(v, 0, {2: nines[: w - 1] + jokers[:1], 1: nines[w - 1 :]})])
    assert not g.is_over and g.phase == "gift"


@pytest.mark.parametrize("name", TABLES)
def test_instant_win_after_reveal_landlord_alone_at_lone_stake(name: str) -> None:
    """§8 'checked after the deal and after the reveal … after the reveal its side wins': the landlord's
    gift completes W; the landlord alone takes T (the lone stake) and each farmer pays T/nF."""
    v = get_variant(name)
    w = SPECIAL[name][0]
    nines = rank_cards(v, NINE, w)
    landlord = opposite(0, v.players)
    g = start(v, {landlord: nines[:-1], 0: nines[-1:]}, bundles={0: nines[-1:]})
    assert g.is_over and g.result is not None and g.result.instant and g.result.winner == landlord
    take, pay = INSTANT[v.players]
    want = [-pay * 3] * v.players
    want[landlord], want[0] = take * 3, 0
    assert list(g.result.scores) == want


@pytest.mark.parametrize("name", TABLES)
def test_speculator_retreat_with_v_of_a_rank(name: str) -> None:
    """§8 'Retreat: if the speculator holds V or more cards of one rank … it plays no further part: it
    still gives its gifts … its hand is shown; settlement uses the row that puts the speculator on the
    winning side, ×3'."""
    v = get_variant(name)
    retreat = SPECIAL[name][1]
    g = start(v, {0: rank_cards(v, NINE, retreat)}, bundles={}, seed=1)
    assert g.state.spec.retreated and any(e["type"] == "retreat" for e in g.events)
    _retreat_plays_out(g)


@pytest.mark.parametrize("name", TABLES)
def test_speculator_with_v_minus_one_does_not_retreat(name: str) -> None:
    """§8 'V or more cards of one rank'."""
    v = get_variant(name)
    nines = rank_cards(v, NINE, 4 * v.decks)
    keep = SPECIAL[name][1] - 1
    g = Game(v, 1, deals=[build(v, 0, {0: nines[:keep], 1: nines[keep:]}, seed=1)])
    assert g.phase == "gift" and not g.state.spec.retreated


@pytest.mark.parametrize("name", ["spec-7p3d", "spec-8p3d"])
def test_speculator_retreat_with_all_six_jokers(name: str) -> None:
    """§15 '7p3d, 8p3d: V = 9 or all 6 jokers'."""
    v = get_variant(name)
    jokers = [c for c in deck_cards(3) if card_rank(c) >= BLACK_JOKER]
    g = start(v, {0: jokers}, seed=2)
    assert g.state.spec.retreated
    _retreat_plays_out(g)
    five = Game(v, 2, deals=[build(v, 0, {0: jokers[:5], 1: jokers[5:]}, seed=2)])
    assert five.phase == "gift" and not five.state.spec.retreated


def _retreat_plays_out(g: Game) -> None:
    assert g.speculator == 0 and 0 in g.state.play.out
    for seat in range(g.players):
        assert part_view(g, seat, SpeculatorView).retreated_hand == tuple(sorted(g.hands[0]))
    r = play_bots(g, 7)
    assert r.retreat and r.speculator_side == ("landlord" if r.landlord_won else "farmers")
    assert all(e.get("seat") != 0 for e in g.events if e["type"] == "play")
    assert r.stake == expected_unit(g, r) and r.stake % 3 == 0
    assert list(r.scores) == expected_scores(g, r) and sum(r.scores) == 0
    assert g.landlord is not None
    assert r.scores[0] > 0 and (r.scores[g.landlord] > 0) == r.landlord_won


# --------------------------------------------------------------------------- §15 ladders and patterns
def bomb(v: Variant, cards: str) -> Move:
    """The one bomb reading of ``cards``."""
    readings = [m for m in classify_ranks(v, parse_ranks(cards)) if m.is_bomb]
    assert len(readings) == 1, (v.name, cards, readings)
    return readings[0]


def climbs(v: Variant, ladder: list[str]) -> None:
    """Each bomb of ``ladder`` beats every one before it and none after it."""
    moves = [bomb(v, cards) for cards in ladder]
    for i, low in enumerate(moves):
        for high in moves[i + 1 :]:
            assert beats(high, low) and not beats(low, high), (v.name, high.text(), low.text())


def kinds(v: Variant, cards: str) -> set[str]:
    return {m.kind for m in classify_ranks(v, parse_ranks(cards))}


def test_6p2d_ladder() -> None:
    """§15 6p2d 'bomb4 < BB < RR < bomb5 < BR < bomb6 < bomb7 < 4 jokers'; BB and RR are bombs."""
    climbs(V6P2D, ["3333", "2222", "BB", "RR", "33333", "22222", "BR", "333333", "3333333", "2222222", "BBRR"])
    assert all(m.is_bomb for m in classify_ranks(V6P2D, parse_ranks("BB")))
    assert "pair" not in kinds(V6P2D, "RR")


@pytest.mark.parametrize("v", [V6P3D, V7P3D, V8P3D], ids=lambda v: v.name)
def test_three_deck_two_landlord_ladder(v: Variant) -> None:
    """§15 6p3d 'bomb4 < bomb5 < BR < bomb6 < BBB < RRR < bomb7 < BBRR < bomb8 < bomb9 < bomb10'
    (7p3d, 8p3d 'Ladder as 6p3d'); BB, RR are pairs."""
    climbs(
        v,
        ["3333", "22222", "BR", "333333", "BBB", "RRR", "3333333", "BBRR", "33333333", "333333333", "3333333333"],
    )
    assert kinds(v, "BB") == {"pair"} and kinds(v, "RR") == {"pair"}


@pytest.mark.parametrize("v", [V6P3D, V7P3D, V8P3D], ids=lambda v: v.name)
def test_five_or_six_jokers_play_as_four_jokers(v: Variant) -> None:
    """§15 6p3d 'any 5 or 6 jokers play as BBRR': equal, so none beats another."""
    sets = [bomb(v, s) for s in ("BBRR", "BBBRR", "BBRRR", "BBBRRR")]
    for a in sets:
        assert beats(a, bomb(v, "2222222")) and beats(bomb(v, "33333333"), a)
        for b in sets:
            assert not beats(a, b)


def test_7p2d_ladder_and_no_bomb_of_five() -> None:
    """§15 7p2d 'bomb of exactly 4 < rocket (BB < RR < BR); five or more of a kind are not a bomb (split
    them)'."""
    climbs(V7P2D, ["3333", "2222", "BB", "RR", "BR"])
    for n in (5, 6, 7, 8):
        assert not any(m.is_bomb for m in classify_ranks(V7P2D, [NINE] * n))
    assert bomb(V7P2D, "9999").is_bomb


@pytest.mark.parametrize("v", [V7P3D, V8P3D], ids=lambda v: v.name)
def test_four_plus_two_with_two_different_kickers(v: Variant) -> None:
    """§15 '7p3d, 8p3d: 4p2d's patterns plus four+two'; §9 'the two of different ranks (不重复)'."""
    assert "four+two-singles" in kinds(v, "999945")
    assert "four+two-pairs" in kinds(v, "99994455")
    assert not kinds(v, "999944") & {"four+two-singles", "four+two-pairs"}
    assert not kinds(v, "99994444") & {"four+two-singles", "four+two-pairs"}
    assert not kinds(V6P3D, "999945")


def test_7p2d_pair_chain_of_two_pairs() -> None:
    """§15 7p2d 'pair chain (Lp 2)'; 6p2d keeps 3."""
    assert "pair-chain" in kinds(V7P2D, "3344")
    assert "pair-chain" not in kinds(V6P2D, "3344") and "pair-chain" in kinds(V6P2D, "334455")


@pytest.mark.parametrize("v", [V6P2D, V7P2D], ids=lambda v: v.name)
def test_airplanes_with_singles_and_with_pairs(v: Variant) -> None:
    """§15 6p2d/7p2d 'airplane+singles and airplane+pairs [R]' (§17.26)."""
    assert "airplane+singles" in kinds(v, "33344456")
    assert "airplane+pairs" in kinds(v, "3334445566")
    assert "triple+single" in kinds(v, "3335") and "triple+pair" in kinds(v, "33355")


@pytest.mark.parametrize(
    ("name", "cards", "side"),
    [
        ("spec-6p2d", "44", "landlord"), ("spec-6p2d", "55", "landlord"), ("spec-6p2d", "45", "farmers"),
        ("spec-6p3d", "44", "landlord"), ("spec-6p3d", "55", "landlord"), ("spec-6p3d", "45", "farmers"),
        ("spec-7p2d", "44", "landlord"), ("spec-7p2d", "45", "landlord"), ("spec-7p2d", "55", "farmers"),
        ("spec-7p3d", "55", "landlord"), ("spec-8p3d", "44", "landlord"), ("spec-8p3d", "66", "farmers"),
    ],
)
def test_two_low_cards_count_as_one(name: str, cards: str, side: str) -> None:
    """§12 'Tables marked "two low cards count as one" also treat its last two cards as one card' — 6p
    44/55, 7p2d 44 or 4+5, 7p3d/8p3d 44/55."""
    v = get_variant(name)
    assert sp.side_of_speculator(parse_cards(cards, v.decks), sp.rule_of(v)) == side


# --------------------------------------------------------------------------- replays
def _replay_cases() -> Iterator[tuple[str, Game]]:
    g, (q0, _, n0, _) = refused_7p2d()
    g.apply(option(g, [q0]), 4)
    g.apply(option(g, [n0]), 4)
    yield "refused", g
    g = named_6p2d()
    g.apply(Partner((copies("9s", 2)[0],)), 3)
    g.apply(Pass(), 4)
    g.apply(Pass(), 5)
    g.apply(Declare(), 1)
    yield "declared", g
    threes = copies("3d", 3)[:2]
    g = start(V6P3D, {3: threes})
    g.apply(Alone(tuple(threes)), 3)
    yield "alone", g
    yield "self", self_6p3d()


@pytest.mark.parametrize("case", ["refused", "declared", "alone", "self"])
def test_scripted_two_landlord_hands_replay(case: str) -> None:
    """Refused partners, declarations, 一打四 and a self-named landlord replay from the log."""
    g = dict(_replay_cases())[case]
    play_out(g, [make_bot("random", s) for s in range(g.players)])
    replays_identically(g)
