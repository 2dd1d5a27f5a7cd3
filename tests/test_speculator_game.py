"""The speculator (投机商) tables as whole hands: speculator.md §1–§9, §12, §13 and §15.

Covers the registered one-landlord tables spec-4p1d, spec-4p2d, spec-5p2d, spec-5p3d and spec-3p1d
(spec-5p1d in the table-wide sweeps below; its own rules in test_speculator_5p1d.py).
Positions are scripted: ``make_deal`` places the cards a test names and fills the rest of the
pack from a seeded shuffle; gifts, bids and plays are then applied through ``Game.apply``.
Expected values are written from the rules file, not read back from the engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace

import pytest
from helpers import part_view
from scenario import Cards, Scenario

from paiju.bots import make_bot, play_out
from paiju.bots.base import Bot
from paiju.cards import (
    BLACK_JOKER,
    CARDS_PER_DECK,
    RED_JOKER,
    Card,
    Suit,
    card_rank,
    card_suit,
    format_cards,
    make_card,
    parse_cards,
)
from paiju.climbing import Bid, Deal, Game, Give, Pass, Play, Session, observe
from paiju.climbing import speculator as sp
from paiju.climbing.views import SpeculatorView
from paiju.errors import IllegalMoveError
from paiju.patterns import classify_ranks
from paiju.variants import Variant, get_variant

# Rank indices: 0 = '3', 2 = '5', 3 = '6', 4 = '7', 5 = '8', 6 = '9', 8 = 'J', 9 = 'Q', 10 = 'K', 11 = 'A', 12 = '2'.
THREE, FIVE, SEVEN, NINE, KING, ACE, TWO = 0, 2, 4, 6, 10, 11, 12

TABLES: tuple[str, ...] = ("spec-4p1d", "spec-4p2d", "spec-5p2d", "spec-5p3d", "spec-3p1d")
#: §15: final hand sizes at play start (landlord / each farmer seat / speculator).
FINAL_SIZES: dict[str, tuple[int, int, int]] = {
    "spec-4p1d": (17, 14, 9),
    "spec-4p2d": (33, 28, 19),
    "spec-5p2d": (26, 23, 13),
    "spec-5p3d": (40, 34, 20),
    "spec-3p1d": (18, 15, 13),
}
#: §15: gift sizes G_L and G_F.
GIFT_SIZES: dict[str, tuple[int, int]] = {
    "spec-4p1d": (4, 1),
    "spec-4p2d": (8, 3),
    "spec-5p2d": (5, 2),
    "spec-5p3d": (9, 3),
    "spec-3p1d": (4, 1),
}

V4P1D = get_variant("spec-4p1d")
V4P2D = get_variant("spec-4p2d")
V5P2D = get_variant("spec-5p2d")
V5P3D = get_variant("spec-5p3d")
V3P1D = get_variant("spec-3p1d")


# --------------------------------------------------------------------------- helpers
def seven_of_clubs(deck: int = 0) -> Card:
    """``7c`` of deck copy ``deck`` (deck 0's copy is the marked one, §3)."""
    return make_card(SEVEN, Suit.CLUBS, deck)


def other_copy(card: Card) -> Card:
    """§3, two decks: the same rank and suit from the other deck."""
    return card + CARDS_PER_DECK if card < CARDS_PER_DECK else card - CARDS_PER_DECK


def rule_determination(v: Variant, bottom: Sequence[Card]) -> Card:
    """The determination card as §3 and §15 define it (written here independently of the engine)."""
    assert v.speculator is not None
    how = v.speculator.determination
    if how in ("7c", "marked-7c"):
        return seven_of_clubs(0)
    k = int(how.split(":")[1])
    return other_copy(bottom[k - 1])


def opposite_seat(seat: int, players: int) -> int:
    """§1: s + P/2 for even P, s + (P+1)/2 for odd P."""
    step = players // 2 if players % 2 == 0 else (players + 1) // 2
    return (seat + step) % players


def make_deal(
    v: Variant,
    spec: int | None,
    hands: Mapping[int, Cards] | None = None,
    bottom: Cards = "",
    gift_order: Sequence[int] | None = None,
    seed: int = 0,
) -> Deal:
    """A full deal: the named cards where the test puts them, the determination card in seat
    ``spec`` (when given), everything else from a seeded shuffle of the rest of the pack."""
    scene = Scenario(v).seats(hands or {}).bottom(bottom).shuffle(seed)
    if gift_order is not None:
        scene.gift_order(*gift_order)
    bot = scene.piles["bottom"]
    assert v.speculator is not None
    how = v.speculator.determination
    k = int(how.split(":")[1]) if how.startswith("bottom:") else 0
    reserved = {seven_of_clubs(0)} if how in ("7c", "marked-7c") and spec is not None else set()
    pool = scene.pool
    while len(bot) < v.bottom_size:
        want_pair = spec is not None and len(bot) == k - 1
        scene.add_bottom(
            scene.draw(
                lambda c, pair=want_pair: c not in reserved
                and not (pair and (other_copy(c) not in pool or other_copy(c) in reserved))
            )
        )
        if spec is not None and len(bot) == k:
            reserved.add(other_copy(bot[-1]))
    if spec is not None:
        det = rule_determination(v, bot)
        assert det not in bot, "the scripted bottom holds the determination card"
        if det not in scene.fixed.get(spec, []):
            assert all(det not in cards for cards in scene.fixed.values()), "the determination card is in another hand"
            scene.add(spec, det)
    return scene.build()


def matching(hand: Sequence[Card], token: str, v: Variant) -> Card:
    """The lowest-id card of ``hand`` that the notation ``token`` names (rank, and suit if given)."""
    want = parse_cards(token, v.decks, v.removed_rank_indices)[0]
    suited = card_suit(want) is not None and any(ch in "shdc" for ch in token)
    for c in sorted(hand):
        if card_rank(c) == card_rank(want) and (not suited or card_suit(c) == card_suit(want)):
            return c
    raise AssertionError(f"the hand holds no {token}")


def give(g: Game, bundles: Mapping[int, str] | None = None, avoid: Sequence[int] = ()) -> None:
    """Fill every gift: bundle i gets the cards named in ``bundles[i]``; unnamed slots get the
    lowest legal card whose rank is neither in ``avoid`` nor named by a later bundle."""
    bundles = bundles or {}
    assert g.phase == "gift"
    spec = g.speculator
    assert spec is not None
    named = {i: text.split() for i, text in bundles.items()}
    while g.phase == "gift":
        bundle = len(g.state.spec.gifts) - 1
        wanted = named.get(bundle, [])
        filled = len(g.state.spec.gifts[bundle])
        if filled < len(wanted):
            card = matching(g.hands[spec], wanted[filled], g.variant)
        else:
            later = {card_rank(matching(g.hands[spec], t, g.variant)) for b, ts in named.items() if b > bundle for t in ts}
            card = next(
                a.card
                for a in g.legal_actions()
                if isinstance(a, Give) and card_rank(a.card) not in later and card_rank(a.card) not in avoid
            )
        g.apply(Give(card), spec)


def bids(g: Game, *points: int) -> None:
    """Apply bids in turn order; 0 is a pass."""
    for p in points:
        g.apply(Bid(p) if p else Pass())


def legal_play(g: Game, text: str) -> Play:
    """The one legal play whose canonical text is ``text``."""
    found = [a for a in g.legal_actions() if isinstance(a, Play) and a.move.text() == text]
    assert len(found) == 1, f"{text} is not (uniquely) legal for seat {g.to_act}: {[a.move.text() for a in g.legal_actions() if isinstance(a, Play)]}"
    return found[0]


def plays(g: Game, *steps: str) -> None:
    """Apply plays in turn order: a move's text, or ``pass``."""
    for step in steps:
        g.apply(Pass() if step == "pass" else legal_play(g, step))


def ranks_of(cards: Sequence[Card]) -> list[int]:
    """Sorted ranks of cards."""
    return sorted(card_rank(c) for c in cards)


def play_whole(g: Game, names: Sequence[str], seed: int) -> Iterator[Game]:
    """Yield the game before every action and once at the end, bots playing every seat."""
    bots: list[Bot] = [make_bot(n, seed * 11 + s) for s, n in enumerate(names)]
    while g.result is None:
        yield g
        seat = g.to_act
        g.apply(bots[seat].act(observe(g, seat)), seat)
    yield g


def bot_names(v: Variant, seed: int) -> list[str]:
    """A seeded mix of random and heuristic bots."""
    return ["heuristic" if (seed >> s) & 1 else "random" for s in range(v.players)]


# --------------------------------------------------------------------------- scripted positions
def landlord_goes_out_4p1d() -> Game:
    """4p1d: speculator 1, landlord 0 (bid 3) holding 3456789TJQKA + 2222 + R at play start."""
    deal = make_deal(
        V4P1D,
        spec=1,
        hands={
            0: "3s 4s 5s 6s 7h 8s Ks As 2s 2h 2d 2c R",
            1: "7c B 9s Ts Js Qs 5h 6h 4h 4d 5d 6d 8h",
        },
        bottom="9h 9d",
    )
    g = Game(V4P1D, 0, deals=[deal])
    give(g, {0: "9s Ts Js Qs", 1: "5h", 2: "6h"})
    bids(g, 0, 3)  # seat 3 passes, seat 0 bids 3
    return g


def speculator_goes_out_4p1d() -> Game:
    """4p1d: speculator 1 ends with 56789TJQK; landlord 0 can lead the straight 3456789TJ."""
    deal = make_deal(
        V4P1D,
        spec=1,
        hands={
            0: "3s 5d 6d 7h 8h 9h Th Jh Kd Ad Ac 2d 2c",
            1: "5s 6s 7c 8s 9s Ts Js 4s 4h 4d 4c 5h 6h",
        },
        bottom="Qs Ks",
    )
    g = Game(V4P1D, 0, deals=[deal])
    give(g, {0: "4s 4h 4d 4c", 1: "5h", 2: "6h"})
    bids(g, 0, 3)
    return g


def speculator_one_card_4p1d() -> Game:
    """4p1d: speculator 1 holds 56789TJQ + R; landlord 0 holds 3456789T + 2222 + AA + KKK."""
    deal = make_deal(
        V4P1D,
        spec=1,
        hands={
            0: "3s 7h 9h Th 2s 2h 2d 2c As Ah Ks Kh Kd",
            1: "5s 6s 7c 8s 9s Ts Js 4h 5h 6h 8h 4d 4c",
        },
        bottom="Qs R",
    )
    g = Game(V4P1D, 0, deals=[deal])
    give(g, {0: "4h 5h 6h 8h", 1: "4d", 2: "4c"})
    bids(g, 0, 3)
    return g


def must_follow_4p1d() -> Game:
    """4p1d: speculator 1 holds 3 3 6 6 7c 9 J Q K; landlord 0 holds 3s 3c 4444 55 and more."""
    deal = make_deal(
        V4P1D,
        spec=1,
        hands={
            0: "3s 3c 5s 5d 7h 8s 9h Th Kh Ah 2h 2d R",
            1: "3h 3d 6s 6h 7c 9s Js 4s 4h 4d 4c 8h 8d",
        },
        bottom="Qs Kd",
    )
    g = Game(V4P1D, 0, deals=[deal])
    give(g, {0: "4s 4h 4d 4c", 1: "8h", 2: "8d"})
    bids(g, 0, 3)
    return g


def farmer_goes_out_4p1d() -> Game:
    """4p1d: speculator 1, landlord 3 (bid 3); farmer 0 holds 3..A + B + R at play start."""
    deal = make_deal(
        V4P1D,
        spec=1,
        hands={
            0: "3s 4s 5s 6s 7h 8s 9s Ts Js Qs Ks B R",
            1: "7c 2s Ah 4h 4d 5h 5d 6h 6d 8h 8d 9h 9d",
        },
        bottom="Th Td",
    )
    g = Game(V4P1D, 0, deals=[deal])
    give(g, {0: "4h 4d 5h 5d", 1: "Ah", 2: "6h"})  # farmer seats 0, 2 get bundles 1, 2
    bids(g, 3)  # seat 3, the first bidder, bids 3
    return g


def two_low_5p2d() -> Game:
    """5p2d: speculator 1 ends with 4..A + 55; landlord 0 holds 3..K, eight 2s, five Ks and RR."""
    deal = make_deal(
        V5P2D,
        spec=1,
        hands={
            1: "4 5s 5 6 7 8 9 T J A K K K K Q 6 6 7 7 8 8",
            0: "3 4 5 6 7 8 9 T J K K 2 2 2 2 2 2 2 2 R R",
        },
        bottom="Q 5s K",
    )
    g = Game(V5P2D, 0, deals=[deal])
    assert g.speculator == 1
    give(g, {0: "K K K K Q", 1: "6 6", 2: "7 7", 3: "8 8"})
    bids(g, 0, 3)  # seat 4 passes, seat 0 bids 3
    return g


def rangpai_3p1d() -> Game:
    """3p1d: speculator 0 (7c); seat 2 bids 3 (h = 3); farmer 1 holds B, 5..A and 5 6 7 Q."""
    deal = make_deal(
        V3P1D,
        0,
        hands={
            1: "B 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 5c 6c 7h",
            0: "7c 8h 9h Th Jh Qh 8c 9c Tc Jc Qc Kc Ac 6h",
            2: "2s",
        },
        bottom="Ah 2h 2d 5h",
    )
    g = Game(V3P1D, 0, deals=[deal])
    assert (g.speculator, g.state.first_bidder) == (0, 2)
    give(g, {0: "8h 9h Th Jh", 1: "Qh"})
    bids(g, 3)
    return g


def lowest_single(g: Game) -> Play:
    """The legal single with the lowest key."""
    singles = [a for a in g.legal_actions() if isinstance(a, Play) and a.move.kind == "single"]
    return min(singles, key=lambda a: a.move.key)


# --------------------------------------------------------------------------- §1 seats
@pytest.mark.parametrize("players", [3, 4, 5])
def test_opposite_seat(players: int) -> None:
    """§1: 'The "opposite" seat of s is s + P/2 for even P, s + (P+1)/2 for odd P.'"""
    expected = {3: [2, 0, 1], 4: [2, 3, 0, 1], 5: [3, 4, 0, 1, 2]}[players]
    assert [sp.opposite(s, players) for s in range(players)] == expected
    assert [opposite_seat(s, players) for s in range(players)] == expected


@pytest.mark.parametrize("name", TABLES)
def test_first_bidder_is_opposite_the_speculator(name: str) -> None:
    """§5: 'Bidders: every seat but the speculator, starting with the seat opposite the speculator'."""
    v = get_variant(name)
    for spec in range(v.players):
        g = Game(v, spec, deals=[make_deal(v, spec, seed=spec)])
        assert g.speculator == spec
        assert g.state.first_bidder == opposite_seat(spec, v.players)
        give(g)
        assert g.phase == "bid"
        assert g.to_act == opposite_seat(spec, v.players)


def test_play_goes_to_the_next_seat() -> None:
    """§1: 'bidding and play go to the next seat (seat+1 mod P)'."""
    g = must_follow_4p1d()
    assert g.to_act == 0
    plays(g, "55")
    assert g.to_act == 1
    plays(g, "66")
    assert g.to_act == 2
    plays(g, "pass")
    assert g.to_act == 3


# --------------------------------------------------------------------------- §2 phases
def test_phase_order_gift_bid_reveal_play() -> None:
    """§2: 'Deal → Find the speculator → Check → Gifts → Bidding → Reveal → Check → Play'."""
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, spec=2, seed=5)])
    assert (g.phase, g.to_act) == ("gift", 2)
    give(g)
    assert (g.phase, g.to_act) == ("bid", 0)
    bids(g, 0, 2, 0)  # seats 0, 1, 3 (the speculator 2 is skipped)
    assert (g.phase, g.to_act, g.landlord) == ("play", 1, 1)
    kinds = [e["type"] for e in g.events]
    assert kinds == ["deal", "speculator"] + ["give"] * 6 + ["pass", "bid", "pass", "reveal"]


# --------------------------------------------------------------------------- §3 determination
@pytest.mark.parametrize("spec", [0, 1, 2, 3])
def test_speculator_is_the_holder_of_7c(spec: int) -> None:
    """§3: 'The speculator is whoever holds the determination card after the deal'; §15 4p1d: '7c'."""
    deal = make_deal(V4P1D, None, hands={spec: "7c"}, bottom="3s 4s", seed=spec)
    g = Game(V4P1D, 0, deals=[deal])
    assert g.speculator == spec
    assert g.state.spec.determination == seven_of_clubs()
    for seat in range(4):
        assert part_view(g, seat, SpeculatorView).seat == spec
        assert part_view(g, seat, SpeculatorView).determination == seven_of_clubs()


def test_3p1d_first_speculator_is_the_holder_of_7c() -> None:
    """§15 3p1d: determination card '7c first hand, then the previous winner'."""
    for spec in range(3):
        deal = make_deal(V3P1D, None, hands={spec: "7c"}, bottom="5s 6s 8s 9s", seed=spec)
        g = Game(V3P1D, 0, deals=[deal], previous=None)
        assert g.speculator == spec


def test_marked_seven_of_clubs_is_deck_zero_copy() -> None:
    """§3: 'the marked 7c (three decks: exactly one of the three 7c carries a mark; the engine marks deck 0's copy, and every view shows the mark)'."""
    for marked_seat, others in ((3, (0, 2)), (0, (4, 1)), (4, (3, 2))):
        hands = {marked_seat: [seven_of_clubs(0)], others[0]: [seven_of_clubs(1)], others[1]: [seven_of_clubs(2)]}
        g = Game(V5P3D, 0, deals=[make_deal(V5P3D, None, hands=hands, seed=marked_seat)])
        assert g.speculator == marked_seat
        assert g.state.deal_count == 1
        for seat in range(5):
            assert part_view(g, seat, SpeculatorView).determination == seven_of_clubs(0)


def test_determination_by_other_copy_of_third_bottom_card() -> None:
    """§3: 'the determination card is its other copy (a joker: the other copy of that joker)'; §15 4p2d: '3rd bottom card'."""
    nine_h = make_card(NINE, Suit.HEARTS, 0)
    first, second = make_card(FIVE, Suit.SPADES, 0), make_card(8, Suit.DIAMONDS, 1)
    black = make_card(BLACK_JOKER)
    cases: list[tuple[Card, int]] = [(nine_h, 2), (other_copy(nine_h), 3), (black, 0), (other_copy(black), 1)]
    for third, holder in cases:
        # The other copies of the 1st and 2nd bottom cards are decoys in other seats.
        hands = {holder: [other_copy(third)], (holder + 1) % 4: [other_copy(first)], (holder + 2) % 4: [other_copy(second)]}
        deal = make_deal(V4P2D, None, hands=hands, bottom=[first, second, third], seed=holder)
        g = Game(V4P2D, 0, deals=[deal])
        assert g.state.deal_count == 1
        assert g.state.spec.determination == other_copy(third)
        assert g.speculator == holder
        assert all(part_view(g, s, SpeculatorView).determination == other_copy(third) for s in range(4))


def test_determination_by_other_copy_of_second_bottom_card_5p2d() -> None:
    """§15 5p2d: determination card 'other copy of the 2nd bottom card'."""
    first, second, third = make_card(8, Suit.CLUBS, 1), make_card(KING, Suit.DIAMONDS, 1), make_card(ACE, Suit.HEARTS, 0)
    for holder in range(5):
        hands = {holder: [other_copy(second)], (holder + 1) % 5: [other_copy(first)], (holder + 2) % 5: [other_copy(third)]}
        g = Game(V5P2D, 0, deals=[make_deal(V5P2D, None, hands=hands, bottom=[first, second, third], seed=holder)])
        assert g.state.spec.determination == other_copy(second)
        assert g.speculator == holder


def test_redeal_when_determination_card_in_bottom() -> None:
    """§3: 'If the determination card lies in the bottom, the hand is redealt.'"""
    # 4p1d: 7c in the bottom.
    first = make_deal(V4P1D, None, bottom="7c 3s", seed=1)
    second = make_deal(V4P1D, 2, seed=2)
    g = Game(V4P1D, 0, deals=[first, second])
    assert g.state.deal_count == 2 and g.speculator == 2
    assert g.events[1] == {"type": "redeal", "reason": "the determination card is in the bottom"}
    assert [tuple(h) for h in g.hands] == list(second.hands)
    # 4p2d: the 3rd bottom card and its other copy both in the bottom.
    nine = make_card(NINE, Suit.HEARTS, 0)
    first = make_deal(V4P2D, None, bottom=[make_card(FIVE, Suit.SPADES, 0), other_copy(nine), nine], seed=3)
    second = make_deal(V4P2D, 1, seed=4)
    g = Game(V4P2D, 0, deals=[first, second])
    assert g.state.deal_count == 2 and g.speculator == 1
    # 5p3d: the marked 7c in the bottom; the unmarked copies in hands do not count.
    first = make_deal(
        V5P3D, None, hands={0: [seven_of_clubs(1)], 1: [seven_of_clubs(2)]}, bottom=[seven_of_clubs(0)], seed=5
    )
    second = make_deal(V5P3D, 3, seed=6)
    g = Game(V5P3D, 0, deals=[first, second])
    assert g.state.deal_count == 2 and g.speculator == 3


def _with_selection(v: Variant, selection: str) -> Variant:
    """``v`` with the §3 option ``speculator_selection`` set."""
    assert v.speculator is not None
    name = f"{v.name}-{selection.replace('_', '-')}"
    return v.with_changes(name=name, speculator=replace(v.speculator, selection=selection))


def test_previous_selection_option() -> None:
    """§3: option `speculator_selection = card | previous | previous_if_in_bottom`; the seat opposite the speculator bids first."""
    prev = _with_selection(V4P1D, "previous")
    in_bottom = _with_selection(V4P1D, "previous_if_in_bottom")
    card_holder_0 = make_deal(V4P1D, 0, seed=7)
    card_in_bottom = make_deal(V4P1D, None, bottom="7c 3h", seed=8)
    spare = make_deal(V4P1D, 1, seed=9)
    # previous: the previous first-out player, wherever the card lies.
    g = Game(prev, 0, deals=[card_holder_0], previous=2)
    assert (g.speculator, g.state.first_bidder, g.state.deal_count) == (2, 0, 1)
    g = Game(prev, 0, deals=[card_in_bottom, spare], previous=3)
    assert (g.speculator, g.state.first_bidder, g.state.deal_count) == (3, 1, 1)
    # previous with nobody out last hand: the card decides.
    g = Game(prev, 0, deals=[card_holder_0], previous=None)
    assert g.speculator == 0
    # previous_if_in_bottom: the card decides while it is in a hand ...
    g = Game(in_bottom, 0, deals=[card_holder_0], previous=2)
    assert (g.speculator, g.state.first_bidder) == (0, 2)
    # ... and the previous first-out player replaces the redeal.
    g = Game(in_bottom, 0, deals=[card_in_bottom, spare], previous=2)
    assert (g.speculator, g.state.first_bidder, g.state.deal_count) == (2, 0, 1)
    g = Game(in_bottom, 0, deals=[card_in_bottom, spare], previous=None)
    assert (g.speculator, g.state.deal_count) == (1, 2)
    # card (the default): the previous hand does not matter.
    g = Game(V4P1D, 0, deals=[card_holder_0], previous=2)
    assert g.speculator == 0
    g = Game(V4P1D, 0, deals=[card_in_bottom, spare], previous=2)
    assert (g.speculator, g.state.deal_count) == (1, 2)


def test_previous_selection_in_a_session() -> None:
    """§3 `previous`: 'the speculator of each hand after the first is whichever of the previous hand's landlord(s) and farmers went out first'."""
    v = _with_selection(V4P1D, "previous")
    session = Session(v, seed=3)
    for i in range(8):
        g = session.game
        result = play_out(g, [make_bot("heuristic", i * 4 + s) for s in range(4)])
        winner = result.winner
        assert not g.hands[winner] and winner != g.speculator
        session.next_hand()
        assert session.game.speculator == winner
        assert session.game.state.first_bidder == opposite_seat(winner, 4)


# --------------------------------------------------------------------------- §4 gifts
@pytest.mark.parametrize("name", TABLES)
def test_gift_sizes_per_table(name: str) -> None:
    """§4: 'the speculator secretly picks the landlord's gift (G_L cards) and one gift per farmer seat (G_F cards each)'; §15 gives G_L / G_F per table."""
    v = get_variant(name)
    g = Game(v, 0, deals=[make_deal(v, 1, seed=11)])
    give(g)
    g_l, g_f = GIFT_SIZES[name]
    assert [len(b) for b in g.state.spec.gifts] == [g_l] + [g_f] * (v.players - 2)
    assert g.phase == "bid"


def test_gift_may_not_contain_a_three() -> None:
    """§4: 'A gift may not contain: any `3`'."""
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, hands={1: "3h 3d 3s R 9s 8s"}, seed=12)])
    threes = [c for c in g.hands[1] if card_rank(c) == THREE]
    assert len(threes) == 3
    while g.phase == "gift":
        legal = g.legal_actions()
        assert not [a for a in legal if isinstance(a, Give) and card_rank(a.card) == THREE]
        hand, gifts = list(g.hands[1]), [list(b) for b in g.state.spec.gifts]
        with pytest.raises(IllegalMoveError, match="3"):
            g.apply(Give(threes[0]))
        assert g.hands[1] == hand and g.state.spec.gifts == gifts
        g.apply(legal[0])
    assert all(card_rank(c) != THREE for b in g.state.spec.gifts for c in b)
    assert set(threes) <= set(g.hands[1])


@pytest.mark.parametrize("name", TABLES)
def test_gift_may_not_contain_the_determination_card(name: str) -> None:
    """§4: 'A gift may not contain: ... the determination card'."""
    v = get_variant(name)
    assert v.speculator is not None
    how = v.speculator.determination
    bottom: list[Card] = []
    if how.startswith("bottom:"):
        k = int(how.split(":")[1])
        bottom = [make_card(FIVE, Suit.SPADES, 1), make_card(8, Suit.SPADES, 1)][: k - 1] + [make_card(NINE, Suit.HEARTS, 1)]
    g = Game(v, 0, deals=[make_deal(v, 0, hands={0: "R"}, bottom=bottom, seed=13)])
    det = g.state.spec.determination
    assert det is not None and det in g.hands[0] and card_rank(det) != THREE
    while g.phase == "gift":
        assert Give(det) not in g.legal_actions()
        hand = list(g.hands[0])
        with pytest.raises(IllegalMoveError, match="determination"):
            g.apply(Give(det))
        assert g.hands[0] == hand
        g.apply(g.legal_actions()[0])
    assert det in g.hands[0]


def test_speculator_keeps_one_card_of_its_highest_rank() -> None:
    """§4: 'the protected card: one card of the speculator's highest rank among its non-3 cards, by the order 4 < … < A < 2 < B < R'."""
    # A single red joker is the highest rank: never giftable.
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, hands={1: "R B 2s"}, seed=14)])
    red = make_card(RED_JOKER)
    while g.phase == "gift":
        assert Give(red) not in g.legal_actions()
        g.apply(g.legal_actions()[0])
    assert red in g.hands[1]
    # Three 2s on top (no jokers): two may go, one stays.
    hand = "7c 2s 2h 2d 3s 3h 9s 9h 8s 6s 6h 5s 5h"
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, hands={1: hand}, bottom="4s 4h", seed=15)])
    give(g, {0: "2 2 9 9"})
    left = [c for c in g.hands[1] if card_rank(c) == TWO]
    assert len(left) == 1
    # The 3s are not a rank here: with K as the highest non-3, the K is kept.
    hand = "7c 3s 3h 3d 3c Ks 9s 8s 6s 6h 5s 5d 5c"
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, hands={1: hand}, bottom="4s 4h", seed=16)])
    king = make_card(KING, Suit.SPADES)
    while g.phase == "gift":
        assert Give(king) not in g.legal_actions()
        g.apply(g.legal_actions()[0])
    assert king in g.hands[1]
    # Three decks: three red jokers, two may be given.
    g = Game(V5P3D, 0, deals=[make_deal(V5P3D, 2, hands={2: "R R R"}, seed=17)])
    give(g, {0: "R R"})
    assert sum(card_rank(c) == RED_JOKER for c in g.hands[2]) == 1
    assert not [a for a in g.legal_actions() if isinstance(a, Give) and card_rank(a.card) == RED_JOKER]


def test_speculator_chooses_which_top_copy_it_keeps() -> None:
    """§4: 'if several cards share that rank, the speculator chooses which one it keeps'."""
    hand = "7c As Ah 9s 9h 8s 8h 6s 6h 5s 5h 5d 5c"
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, hands={1: hand}, bottom="4s 4h", seed=18)])
    ace_s, ace_h = make_card(ACE, Suit.SPADES), make_card(ACE, Suit.HEARTS)
    legal = g.legal_actions()
    assert Give(ace_s) in legal, "the speculator may give As and keep Ah"
    assert Give(ace_h) in legal, "the speculator may give Ah and keep As"


# --------------------------------------------------------------------------- §5 bidding
@pytest.mark.parametrize("name", TABLES)
def test_speculator_does_not_bid(name: str) -> None:
    """§5: 'Bidders: every seat but the speculator'; §1: the speculator 'never bids'."""
    v = get_variant(name)
    for spec in range(v.players):
        g = Game(v, 0, deals=[make_deal(v, spec, seed=20 + spec)])
        give(g)
        bidders: list[int] = []
        while g.phase == "bid" and g.state.deal_count == 1:
            bidders.append(g.to_act)
            assert g.to_act != spec
            with pytest.raises(IllegalMoveError):
                g.apply(Bid(g.state.stake.bid + 1), seat=spec)
            g.apply(Pass())
        expected = [(opposite_seat(spec, v.players) + i) % v.players for i in range(v.players)]
        assert bidders == [s for s in expected if s != spec]


def test_one_bidding_round() -> None:
    """§5: 'a bid of 3 ends bidding; otherwise bidding ends when every bidder has had one turn. The highest bidder is the landlord.'"""
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, seed=30)])
    give(g)
    assert g.to_act == 3
    bids(g, 1, 0, 2)  # seats 3, 0, 2
    assert (g.phase, g.landlord, g.state.stake.bid, g.to_act) == ("play", 2, 2, 2)
    # 5 players, speculator 0: bidders 3, 4, 1, 2, once each.
    g = Game(V5P2D, 0, deals=[make_deal(V5P2D, 0, seed=31)])
    give(g)
    order = []
    for p in (1, 0, 0, 0):
        order.append(g.to_act)
        bids(g, p)
    assert order == [3, 4, 1, 2]
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 3, 1)


def test_bid_of_three_ends_bidding() -> None:
    """§5: 'Each may bid 1, 2 or 3 points, higher than the current bid, or pass; a bid of 3 ends bidding'."""
    g = Game(V5P3D, 0, deals=[make_deal(V5P3D, 2, seed=32)])
    give(g)
    assert g.to_act == 0
    assert set(g.legal_actions()) == {Pass(), Bid(1), Bid(2), Bid(3)}
    bids(g, 2)
    for low in (1, 2):
        with pytest.raises(IllegalMoveError):
            g.apply(Bid(low))
    assert set(g.legal_actions()) == {Pass(), Bid(3)}
    bids(g, 3)
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 1, 3)


def test_nobody_bids_redeals() -> None:
    """§5: 'Nobody bids: redeal.'"""
    second = make_deal(V4P1D, 3, seed=34)
    g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, seed=33), second])
    give(g)
    bids(g, 0, 0, 0)
    assert g.state.deal_count == 2
    assert {"type": "redeal", "reason": "nobody bid"} in g.events
    assert (g.phase, g.speculator, g.to_act, g.landlord, g.state.stake.bid) == ("gift", 3, 3, None, 0)
    assert [tuple(h) for h in g.hands] == list(second.hands)
    assert g.state.spec.gifts == [[]]


# --------------------------------------------------------------------------- §2.6 reveal
def test_reveal_shows_every_gift_and_destination_to_all() -> None:
    """§2.6: 'every player sees which gift went where; the speculator takes the original bottom ... (均亮明)'."""
    for order in ((0, 1, 2), (2, 0, 1), (1, 2, 0)):
        deal = make_deal(V5P2D, 1, gift_order=order, seed=40)
        g = Game(V5P2D, 0, deals=[deal])
        give(g)
        gifts = [list(b) for b in g.state.spec.gifts]
        start = [list(h) for h in g.hands]
        assert g.to_act == 4
        bids(g, 0, 2, 0, 0)  # seats 4, 0, 2, 3: seat 0 is the landlord
        assert g.landlord == 0
        farmers = [2, 3, 4]
        expected = {0: gifts[0]} | {seat: gifts[1 + order[i]] for i, seat in enumerate(farmers)}
        for seat, cards in expected.items():
            assert sorted(g.hands[seat]) == sorted(start[seat] + cards)
        assert sorted(g.hands[1]) == sorted(start[1] + list(deal.bottom))
        public = {(seat, tuple(sorted(cards))) for seat, cards in expected.items()}
        for seat in range(5):
            obs, spec = observe(g, seat), part_view(g, seat, SpeculatorView)
            assert {(s, tuple(sorted(c))) for s, c in spec.gifts} == public
            assert sorted(obs.bottom) == sorted(deal.bottom)
            assert obs.landlord == 0 and spec.seat == 1
            # Every card of every gift and of the bottom stays visible to this seat, in any hand.
            assert len(obs.to_json()["parts"]["speculator"]["gifts"]) == 4
        reveal = next(e for e in g.events if e["type"] == "reveal")
        assert {(e["seat"], tuple(sorted(e["cards"]))) for e in reveal["gifts"]} == public


def test_farmer_gift_destinations_are_random() -> None:
    """§2.6: 'the farmer gifts go to the farmer seats at random'."""
    orders = {Game.new(V5P2D, seed).state.deal.gift_order for seed in range(200)}
    assert orders == {(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)}


# --------------------------------------------------------------------------- §6 / §15 hand sizes
@pytest.mark.parametrize("name", TABLES)
def test_final_hand_sizes_match_section_15(name: str) -> None:
    """§15: 'final = hand sizes at play start (landlord / each farmer seat / speculator)'; §6: 'Check: P·H + B + F + E = cards in play (54·D; 3p1d 46).'"""
    v = get_variant(name)
    landlord_size, farmer_size, spec_size = FINAL_SIZES[name]
    assert v.final_hand_sizes == FINAL_SIZES[name]
    assert v.players * v.hand_size + v.bottom_size == (46 if name == "spec-3p1d" else 54 * v.decks)
    seen = 0
    for seed in range(12):
        spec = seed % v.players
        g = Game(v, seed, deals=[make_deal(v, spec, seed=seed)])
        give(g)
        bids(g, 3)
        assert g.phase == "play"
        seen += 1
        for seat in range(v.players):
            want = landlord_size if seat == g.landlord else spec_size if seat == spec else farmer_size
            assert len(g.hands[seat]) == want, (seed, seat)
            assert observe(g, (seat + 1) % v.players).cards_left[seat] == want
    # The same through shuffled deals, bot gifts and bot bids.
    for seed in range(30):
        g = Game.new(v, seed)
        for now in play_whole(g, bot_names(v, seed), seed):
            if now.phase == "play" or now.is_over:
                break
        if g.phase != "play":
            continue
        seen += 1
        assert g.landlord is not None and g.speculator is not None
        sizes = [len(h) for h in g.hands]
        assert sizes[g.landlord] == landlord_size
        assert sizes[g.speculator] == spec_size
        assert all(n == farmer_size for s, n in enumerate(sizes) if s not in (g.landlord, g.speculator))
    assert seen > 30


# --------------------------------------------------------------------------- §9 play
def test_landlord_leads() -> None:
    """§9: 'The landlord leads.'"""
    for script, landlord in (((3,), 3), ((0, 3), 0), ((0, 0, 1), 2)):
        g = Game(V4P1D, 0, deals=[make_deal(V4P1D, 1, seed=50)])
        give(g)
        bids(g, *script)
        assert g.landlord == landlord
        assert g.phase == "play" and g.to_act == landlord and g.state.is_leading()
        assert Pass() not in g.legal_actions()


def test_speculator_going_out_does_not_end_the_hand() -> None:
    """§12: 'The speculator going out does not end the hand; it stops playing.'"""
    g = speculator_goes_out_4p1d()
    assert [len(h) for h in g.hands] == [17, 9, 14, 14]
    plays(g, "3456789TJ")
    assert g.to_act == 1
    plays(g, "56789TJQK")
    assert g.hands[1] == []
    assert g.phase == "play" and g.result is None
    assert g.state.play.out == {1}
    assert {"type": "out", "seat": 1} in g.events
    assert part_view(g, 2, SpeculatorView).out == (1,)


def test_next_active_seat_leads_after_speculator_went_out() -> None:
    """§9: 'the last player to play leads; if it has gone out (only the speculator can), the next active seat leads'."""
    g = speculator_goes_out_4p1d()
    plays(g, "3456789TJ", "56789TJQK", "pass", "pass")
    assert g.to_act == 0 and not g.state.is_leading()
    plays(g, "pass")
    assert g.to_act == 2 and g.state.is_leading()
    assert Pass() not in g.legal_actions()
    g.apply(lowest_single(g))
    turns = []
    for _ in range(2):
        turns.append(g.to_act)
        g.apply(Pass())
    assert turns == [3, 0]  # the speculator, out, is skipped
    assert g.to_act == 2 and g.state.is_leading()
    # A trick taken by seat 3: seat 0 passes, then seat 2 (not the speculator) is next; after seat 2's
    # pass seat 3 leads.
    g.apply(lowest_single(g))
    assert g.to_act == 3
    g.apply(max((a for a in g.legal_actions() if isinstance(a, Play) and a.move.kind == "single"), key=lambda a: a.move.key))
    assert g.to_act == 0
    g.apply(Pass())
    assert g.to_act == 2 and not g.state.is_leading()
    g.apply(Pass())
    assert g.to_act == 3 and g.state.is_leading()


def test_speculator_must_follow_without_threes_in_game() -> None:
    """§11 能跟必跟: 'it must play an answer from N with the fewest 3s'; 'The engine enforces this by offering only the allowed moves.'"""
    g = must_follow_4p1d()
    assert ranks_of(g.hands[1]) == [THREE, THREE, 3, 3, SEVEN, NINE, 8, 9, KING]  # 3 3 6 6 7 9 J Q K
    plays(g, "55")
    assert g.to_act == 1
    legal = g.legal_actions()
    assert Pass() not in legal
    assert [a.move.text() for a in legal if isinstance(a, Play)] == ["66"]
    hand = list(g.hands[1])
    with pytest.raises(IllegalMoveError):
        g.apply(Pass())
    wilds = g.holding(1).wilds
    wild_pair = [m for m in classify_ranks(V4P1D, (THREE, SEVEN), wilds) if m.kind == "pair"]
    assert wild_pair  # 3 + 7 is a pair of 7s for the speculator ...
    with pytest.raises(IllegalMoveError):
        g.apply(Play(wild_pair[0]))  # ... but it uses a 3 where 66 uses none
    assert g.hands[1] == hand
    plays(g, "66")
    assert ranks_of(g.hands[1]) == [THREE, THREE, SEVEN, NINE, 8, 9, KING]


def test_speculator_may_pass_when_it_cannot_follow() -> None:
    """§11: 'If N is empty it may play a beating bomb or pass.'"""
    g = landlord_goes_out_4p1d()
    plays(g, "3456789TJQKA")
    assert g.to_act == 1
    assert g.legal_actions() == [Pass()]


def test_landlord_threes_are_ordinary() -> None:
    """§10: 'The landlord's and farmers' 3s are ordinary: the lowest rank.'"""
    g = must_follow_4p1d()
    assert g.holding(0).wilds is None and g.holding(2).wilds is None and g.holding(3).wilds is None
    leads = [a.move for a in g.legal_actions() if isinstance(a, Play)]
    assert all(not m.wilds for m in leads)
    for m in leads:  # no pair, triple or bomb made of a 3 and another rank
        if m.kind in ("pair", "triple", "bomb"):
            assert len(set(m.ranks)) == 1, m
    singles = sorted((m for m in leads if m.kind == "single"), key=lambda m: m.key)
    assert singles[0].ranks == (THREE,) and singles[0].key == 0
    plays(g, "55", "66", "pass", "pass")
    answers = [a.move for a in g.legal_actions() if isinstance(a, Play)]
    assert answers and all(THREE not in m.ranks for m in answers)
    # The landlord's single 3 ranks lowest; the speculator's lone 3 ranks above an A.
    g = must_follow_4p1d()
    plays(g, "3")
    spec_singles = {a.move.text(): a.move.key for a in g.legal_actions() if isinstance(a, Play) and a.move.kind == "single"}
    assert spec_singles["3"] > ACE > spec_singles["K"] > 0


# --------------------------------------------------------------------------- §12 end and sides
def test_hand_ends_when_a_non_speculator_goes_out() -> None:
    """§12: 'The hand ends the moment the landlord, the small landlord or a farmer plays its last card; that player's side wins.'"""
    g = landlord_goes_out_4p1d()
    assert [len(h) for h in g.hands] == [17, 9, 14, 14]
    plays(g, "3456789TJQKA", "pass", "pass", "pass", "2222", "pass", "pass", "pass")
    assert g.result is None and g.to_act == 0
    plays(g, "R")
    assert g.phase == "over" and g.result is not None
    r = g.result
    assert (r.winner, r.landlord_won, r.bid, r.doublings) == (0, True, 3, 1)
    assert r.speculator_side == "farmers"  # 9 cards left
    with pytest.raises(IllegalMoveError):
        g.apply(Pass())
    assert g.legal_actions() == []


def test_farmer_going_out_wins_for_the_farmers() -> None:
    """§12: 'that player's side wins (landlord + small landlord against the farmers)'."""
    g = farmer_goes_out_4p1d()
    assert g.landlord == 3 and [len(h) for h in g.hands] == [14, 9, 14, 17]
    plays(g, "5", "R")
    assert g.legal_actions() == [Pass()]  # the speculator cannot beat R
    plays(g, "pass", "pass", "pass")
    plays(g, "3456789TJQKA", "pass", "pass", "pass", "B")
    r = g.result
    assert r is not None and r.winner == 0 and not r.landlord_won
    assert r.speculator_side == "farmers"
    # L 6 vs (S 2 : F 2 : F 2), unit = bid 3, the farmers win.
    assert r.scores == (6, 6, 6, -18)


def test_speculator_sides_with_landlord_at_one_card() -> None:
    """§12: 'At the end the speculator is on the landlord's side if it has 0 or 1 card left, else on the farmers' side.'"""
    g = speculator_one_card_4p1d()
    assert [len(h) for h in g.hands] == [17, 9, 14, 14]
    plays(g, "3456789T")
    assert [a.move.text() for a in g.legal_actions() if isinstance(a, Play)] == ["56789TJQ"]
    plays(g, "56789TJQ", "pass", "pass", "2222", "pass", "pass", "pass")
    assert ranks_of(g.hands[1]) == [RED_JOKER]
    plays(g, "AA", "pass", "pass", "pass", "KKK")
    r = g.result
    assert r is not None and r.winner == 0 and r.landlord_won
    assert r.speculator_side == "landlord"
    # (L 4 : S 2) vs (F 3 : F 3), unit = bid 3 × 2 (one bomb).
    assert r.scores == (24, 12, -18, -18)
    rules = V4P1D.speculator
    assert rules is not None
    for n, side in ((0, "landlord"), (1, "landlord"), (2, "farmers"), (3, "farmers")):
        assert sp.side_of_speculator([make_card(KING, s) for s in range(n)], rules) == side


@pytest.mark.parametrize(
    ("name", "cards", "side"),
    [
        ("spec-4p2d", "4s 4h", "landlord"),
        ("spec-4p2d", "5s 5h", "farmers"),
        ("spec-4p2d", "4s 5h", "farmers"),
        ("spec-5p2d", "4s 4h", "landlord"),
        ("spec-5p2d", "5s 5h", "landlord"),
        ("spec-5p2d", "4s 5h", "farmers"),
        ("spec-5p3d", "4s 4h", "landlord"),
        ("spec-5p3d", "5d 5c", "landlord"),
        ("spec-5p3d", "6s 6h", "farmers"),
        ("spec-5p3d", "3s 3h", "farmers"),
        ("spec-5p3d", "4s 4h 4d", "farmers"),
        ("spec-4p1d", "4s 4h", "farmers"),
        ("spec-3p1d", "5s 5h", "farmers"),
    ],
)
def test_two_low_cards_count_as_one(name: str, cards: str, side: str) -> None:
    """§12: 'two low cards count as one ... when they are `44`, or `55` where listed' (§15: 4p2d `44`; 5p2d, 5p3d `44` or `55`)."""
    v = get_variant(name)
    assert v.speculator is not None
    hand = parse_cards(cards, v.decks, v.removed_rank_indices)
    assert sp.side_of_speculator(hand, v.speculator) == side


def test_two_low_cards_in_a_played_hand_5p2d() -> None:
    """§12 + §15 5p2d 'Two low cards: `44` or `55`': a speculator left with 5 5 is on the landlord's side."""
    g = two_low_5p2d()
    assert [len(h) for h in g.hands] == [26, 13, 23, 23, 23]
    plays(g, "3456789TJQK")
    assert [a.move.text() for a in g.legal_actions() if isinstance(a, Play)] == ["456789TJQKA"]
    plays(g, "456789TJQKA", "pass", "pass", "pass", "22222222")
    assert ranks_of(g.hands[1]) == [FIVE, FIVE]
    assert g.legal_actions() == [Pass()]
    plays(g, "pass", "pass", "pass", "pass", "KKKKK", "pass", "pass", "pass", "pass", "RR")
    r = g.result
    assert r is not None and r.winner == 0 and r.landlord_won
    assert r.speculator_side == "landlord"
    # bomb8 and the RR rocket double, a bomb of 5 does not: unit = 3 × 4; (L 9 : S 3) vs (F 4 ×3).
    assert r.doublings == 2
    assert r.scores == (108, 36, -48, -48, -48)


# --------------------------------------------------------------------------- §13 settlement
@pytest.mark.parametrize("unit", [1, 3, 12])
def test_settlement_rows_match_section_13(unit: int) -> None:
    """§13 table: 4 '(L 4 : S 2) vs (F 3 : F 3) | L 6 vs (S 2 : F 2 : F 2)'; 5 '(L 9 : S 3) vs (F 4 ×3) | L 12 vs (S 3 : F 3 ×3)'."""
    rows = {
        4: {"landlord": (4, 2, -3), "farmers": (6, -2, -2)},
        5: {"landlord": (9, 3, -4), "farmers": (12, -3, -3)},
    }
    for name in ("spec-4p1d", "spec-4p2d", "spec-5p1d", "spec-5p2d", "spec-5p3d"):
        v = get_variant(name)
        rules = v.speculator
        assert rules is not None
        p = v.players
        for landlord in range(p):
            for spec in range(p):
                if spec == landlord:
                    continue
                for side, (lv, sv, fv) in rows[p].items():
                    for won in (True, False):
                        sign = 1 if won else -1
                        want = [sign * fv * unit] * p
                        want[landlord] = sign * lv * unit
                        want[spec] = sign * sv * unit
                        got = sp.speculator_scores(p, (landlord,), spec, won, side, unit, rules.stake)
                        assert list(got) == want, (name, landlord, spec, side, won)


def test_settlement_in_a_played_hand_uses_bid_times_doublings() -> None:
    """§13: 'Unit = bid × multipliers: ×2 per doubling bomb played (one deck: every bomb and joker bomb)'."""
    g = landlord_goes_out_4p1d()
    plays(g, "3456789TJQKA", "pass", "pass", "pass", "2222", "pass", "pass", "pass", "R")
    r = g.result
    assert r is not None
    # Speculator with the farmers (9 cards): L 6 vs (S 2 : F 2 : F 2); unit = 3 × 2.
    assert r.scores == (36, -12, -12, -12)
    assert r.stake == 6


def test_settlement_sums_to_zero_for_every_table_and_outcome() -> None:
    """§13: 'choose a side stake T and s = T/(nF+1)': each side's values share out one stake, so what the winners take the losers pay."""
    for name in (*TABLES, "spec-5p1d"):
        v = get_variant(name)
        rules = v.speculator
        assert rules is not None
        p = v.players
        for landlord in range(p):
            for spec in range(p):
                if spec == landlord:
                    continue
                for won in (True, False):
                    for side in ("landlord", "farmers"):
                        for unit in (1, 2, 6, 24):
                            if rules.rangpai:
                                for bid in (1, 2, 3):
                                    assert sum(sp.rangpai_scores(p, landlord, spec, won, side, bid, bid, unit)) == 0
                            else:
                                assert sum(sp.speculator_scores(p, (landlord,), spec, won, side, unit, rules.stake)) == 0
                if p > 3:
                    for winner in range(p):
                        if winner != spec:
                            assert sum(sp.instant_win_scores(p, winner, spec, None, 3, rules.stake)) == 0
                            assert sum(sp.instant_win_scores(p, winner, spec, landlord, 2, rules.stake)) == 0


def test_doubling_bombs_one_deck_vs_multi_deck() -> None:
    """§13: '×2 per doubling bomb played (one deck: every bomb and joker bomb; two and three decks: bombs of 6+ cards and every joker bomb)'."""
    assert V4P1D.pattern_rules.doubling_bombs == {"bomb4", "BR"}
    assert V3P1D.pattern_rules.doubling_bombs == {"bomb4", "BR"}
    assert V4P2D.pattern_rules.doubling_bombs == {"bomb6", "bomb7", "bomb8", "BBRR"}
    assert V5P2D.pattern_rules.doubling_bombs == {"BB", "RR", "BR", "bomb6", "bomb7", "BBRR", "bomb8"}
    assert V5P3D.pattern_rules.doubling_bombs == {"BR", "bomb6", "BBB", "RRR", "bomb7", "bomb8", "bomb9", "bomb10", "BBBRRR", "bomb11"}
    # In play, 4p2d: a bomb of 4 does not double; a bomb of 6 and the four jokers do.
    landlord = "5 5 5 5 6 6 6 6 6 6 B B R R"
    spec_hand = "7 7 8 8 8 9 9 9 T T T J J J Q Q Q K K K A A A 2 2"
    taken: set[Card] = set()
    spec_cards = parse_cards(spec_hand, 2, (), taken)
    taken |= set(spec_cards)
    landlord_cards = parse_cards(landlord, 2, (), taken)
    taken |= set(landlord_cards)
    bottom = parse_cards("4s 4h 7s 4d 5 5 6 2", 2, (), taken)
    assert other_copy(bottom[2]) in spec_cards
    g = Game(V4P2D, 0, deals=[make_deal(V4P2D, 1, hands={1: spec_cards, 0: landlord_cards}, bottom=bottom, seed=62)])
    assert g.speculator == 1
    give(g, avoid=(TWO,))
    bids(g, 0, 1, 0)  # seats 3, 0, 2
    assert g.landlord == 0
    for move, doublings in (("5555", 0), ("666666", 1), ("BBRR", 2)):
        plays(g, move)
        assert g.state.stake.doublings == doublings and g.state.stake.multiplier == 2**doublings
        plays(g, "pass", "pass", "pass")
    # One deck: a bomb of 4 doubles.
    g = landlord_goes_out_4p1d()
    plays(g, "3456789TJQKA", "pass", "pass", "pass", "2222")
    assert g.state.stake.doublings == 1


# --------------------------------------------------------------------------- §8 instant wins (5p3d)
def test_instant_win_before_bidding_5p3d() -> None:
    """§8: 'A win before bidding ... takes T, and each other seat pays T/(P−2). Unit = bid (3 before bidding)'; §15 5p3d 'W = 12'."""
    nines = " ".join(["9"] * 12)
    for winner, spec in ((0, 1), (4, 2), (2, 0)):
        g = Game(V5P3D, 0, deals=[make_deal(V5P3D, spec, hands={winner: nines}, seed=70 + winner)])
        assert g.speculator == spec
        assert g.phase == "over" and g.result is not None
        r = g.result
        assert r.instant and r.winner == winner and r.landlord_won and r.bid == 3
        want = [-(12 // 3) * 3] * 5
        want[winner] = 12 * 3
        want[spec] = 0
        assert list(r.scores) == want
        assert {"type": "instant_win", "seat": winner} in g.events
        assert g.legal_actions() == []
    # Eleven of a rank is not enough.
    g = Game(V5P3D, 0, deals=[make_deal(V5P3D, 1, hands={0: " ".join(["9"] * 11), 1: "9"}, seed=74)])
    assert g.phase == "gift" and g.result is None


def _after_reveal_instant(gift_bundle: int, bid_script: Sequence[int]) -> Game:
    """5p3d: seat 2 holds eleven 9s, the speculator (1) the twelfth and gives it in ``gift_bundle``;
    farmer gifts go by ``gift_order`` (1, 0, 2)."""
    deal = make_deal(V5P3D, 1, hands={2: " ".join(["9"] * 11), 1: "9 R"}, gift_order=(1, 0, 2), seed=75)
    g = Game(V5P3D, 0, deals=[deal])
    assert g.phase == "gift"
    give(g, {gift_bundle: "9"}, avoid=(NINE,))
    assert g.to_act == 4
    bids(g, *bid_script)
    return g


def test_instant_win_after_reveal() -> None:
    """§8: 'checked after the deal and after the reveal: ... after the reveal its side wins ... the landlord side takes T ... and each farmer T/nF'."""
    # Bidders 4, 0, 2, 3; seat 0 bids 2.  Farmer seats 2, 3, 4 get bundles 1 + (1, 0, 2) = 2, 1, 3.
    g = _after_reveal_instant(2, (0, 2, 0, 0))
    assert g.landlord == 0
    r = g.result
    assert r is not None and r.instant and r.winner == 2 and not r.landlord_won
    assert r.scores == (-24, 0, 8, 8, 8)
    # Seat 2 becomes the landlord (bid 1) and the landlord gift completes its twelve 9s.
    g = _after_reveal_instant(0, (0, 0, 1, 0))
    assert g.landlord == 2
    r = g.result
    assert r is not None and r.instant and r.winner == 2 and r.landlord_won
    assert r.scores == (-4, 0, 12, -4, -4)


def test_speculator_scores_zero_in_instant_win() -> None:
    """§8: 'In an instant win the speculator takes no part (投机商不参与计算): it scores 0.'"""
    g = Game(V5P3D, 0, deals=[make_deal(V5P3D, 3, hands={1: " ".join(["K"] * 12)}, seed=76)])
    assert g.result is not None and g.result.instant and g.result.scores[3] == 0
    # Landlord 4 (bid 3): farmer seats 0, 2, 3 get bundles 2, 1, 3.
    for bundle, script in ((2, (0, 2, 0, 0)), (0, (0, 0, 1, 0)), (1, (3,))):
        g = _after_reveal_instant(bundle, script)
        assert g.result is not None and g.result.instant and g.result.winner == 2
        assert g.result.scores[1] == 0
    g = _after_reveal_instant(3, (3,))  # bundle 3 goes to seat 3: nobody holds twelve
    assert g.result is None and g.phase == "play"


# --------------------------------------------------------------------------- §15 3p1d
def test_3p1d_farmer_wins_at_handicap() -> None:
    """§12: 'A 3p1d farmer also wins when it holds h or fewer cards (让牌)'; §15 3p1d: '`bid`: h = the winning bid'."""
    g = rangpai_3p1d()
    assert g.landlord == 2 and g.state.handicap() == 3
    assert [len(h) for h in g.hands] == [13, 15, 18]
    plays(g, "2")
    assert g.legal_actions() == [Pass()]  # the speculator has nothing above a 2
    plays(g, "pass", "B", "pass", "pass")
    assert g.to_act == 1 and g.state.is_leading()
    plays(g, "56789TJQKA")
    assert len(g.hands[1]) == 4 and g.result is None
    plays(g, "pass", "pass")
    assert g.to_act == 1
    g.apply(lowest_single(g))
    r = g.result
    assert r is not None and r.winner == 1 and not r.landlord_won and len(g.hands[1]) == 3


def test_3p1d_rangpai_settlement() -> None:
    """§15 3p1d: 'Unit = (bid + h) × 2^bombs ...; the speculator takes or pays `bid × 2^bombs / 2` out of its ally's share; ... ×2'."""
    g = rangpai_3p1d()
    plays(g, "2", "pass", "B", "pass", "pass", "56789TJQKA", "pass", "pass")
    g.apply(lowest_single(g))
    r = g.result
    assert r is not None and r.speculator_side == "farmers"
    # Bid 3, h 3, no bomb, ×2: landlord −2·(3+3) = −12; speculator +3; the farmer +12 − 3 = 9.
    assert r.scores == (3, 9, -12)
    for bid in (1, 2, 3):
        for bombs in (0, 1, 2):
            m = 2**bombs
            for won in (True, False):
                for side in ("landlord", "farmers"):
                    sign = 1 if won else -1
                    whole, part = 2 * (bid + bid) * m, bid * m
                    spec_score = part if (side == "landlord") == won else -part
                    landlord_score = sign * whole - (spec_score if side == "landlord" else 0)
                    farmer_score = -sign * whole - (spec_score if side == "farmers" else 0)
                    got = sp.rangpai_scores(3, 2, 0, won, side, bid, bid, m)
                    assert list(got) == [spec_score, farmer_score, landlord_score], (bid, bombs, won, side)


def test_3p1d_next_speculator_is_the_winner() -> None:
    """§15 3p1d: 'The next speculator is this hand's winner (the player who won, a 让牌 winner included).'"""
    session = Session(V3P1D, seed=5)
    handicap_wins = 0
    for i in range(40):
        g = session.game
        r = play_out(g, [make_bot("heuristic" if (i + s) % 2 else "random", i * 3 + s) for s in range(3)])
        if g.hands[r.winner]:
            handicap_wins += 1
            assert len(g.hands[r.winner]) <= g.state.stake.bid and r.winner not in (g.landlord, g.speculator)
        session.next_hand()
        assert session.game.speculator == r.winner
        assert session.game.state.first_bidder == opposite_seat(r.winner, 3)
    assert handicap_wins > 0


# --------------------------------------------------------------------------- sessions and views
@pytest.mark.parametrize("name", (*TABLES, "spec-5p1d"))
def test_scores_accumulate_over_a_session(name: str) -> None:
    """§13: 'Scores accumulate over a session.'"""
    v = get_variant(name)
    session = Session(v, seed=9)
    running = [0] * v.players
    for i in range(6):
        r = play_out(session.game, [make_bot(n, i * 5 + s) for s, n in enumerate(bot_names(v, i))])
        running = [a + b for a, b in zip(running, r.scores, strict=True)]
        session.next_hand()
        assert session.totals == running
    assert len(session.results) == 6
    assert sum(session.totals) == 0


@pytest.mark.parametrize("name", (*TABLES, "spec-5p1d"))
def test_observations_never_leak_gifts_before_the_reveal(name: str) -> None:
    """§2: the speculator 'secretly picks' the gifts, 'turned face up' only at the reveal; no seat sees another hand."""
    v = get_variant(name)
    for seed in range(6):
        g = Game.new(v, 300 + seed)
        revealed = False
        for now in play_whole(g, bot_names(v, seed), seed):
            revealed = revealed or any(e["type"] == "reveal" for e in now.events)
            public = {c for r in now.state.play.plays for c in r.cards}
            if now.state.spec.determination is not None:
                public.add(now.state.spec.determination)
            if revealed:
                public |= {c for b in now.state.spec.gifts for c in b} | set(now.state.bottom)
            for seat in range(v.players):
                obs, spec = observe(now, seat), part_view(now, seat, SpeculatorView)
                own = set(now.hands[seat])
                assert sorted(obs.hand) == sorted(own)
                assert obs.cards_left == tuple(len(h) for h in now.hands)
                if seat != now.to_act or now.is_over:
                    assert obs.legal == ()
                seen = set(obs.bottom) | {c for _, cs in spec.gifts for c in cs} | {c for r in obs.history for c in r.cards}
                if spec.determination is not None:
                    seen.add(spec.determination)
                if seat == now.speculator and not revealed:
                    own |= {c for b in now.state.spec.gifts for c in b}
                assert seen <= public | own, (seed, seat, now.phase)
                data = obs.to_json()
                assert data["hand"] == format_cards(now.hands[seat], marked=sp.marked_card(now.variant))
                if revealed:
                    assert [list(c) for _, c in spec.gifts] == [list(b) for b in now.state.spec.gifts]
                    assert all(dest >= 0 for dest, _ in spec.gifts)
                    continue
                assert obs.bottom == () and data["bottom"] == ""
                if seat == now.speculator:
                    assert [list(c) for _, c in spec.gifts] == [list(b) for b in now.state.spec.gifts]
                    assert all(dest == -1 for dest, _ in spec.gifts)
                else:
                    assert spec.gifts == () and data["parts"]["speculator"]["gifts"] == []
