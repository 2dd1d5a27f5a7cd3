"""The 炒地皮 hand engine's phases before play (other-games.md §7.1–§7.5, Q7.3, Q7.4, Q7.9, Q7.10, Q7.27): the
deal, declaring (亮主 / 反主), nobody declaring and re-taking the kitty (抄底), each driven through
``paiju.trick.hand.TrickHand`` from scripted deals.  Burying, the 扛旗 deal and the tricks are in test_trick_hand_play."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

import pytest

from paiju.cards import CARDS_PER_DECK, Card, Rank, Suit, deck_cards, format_cards, parse_cards
from paiju.errors import IllegalMoveError
from paiju.trick.actions import Action, Bury, Declare, Pass
from paiju.trick.declare import Declaration, parse_declaration
from paiju.trick.events import BuryEvent, DealEvent, FlipEvent
from paiju.trick.hand import TrickHand
from paiju.trick.levels import MatchState, SideLevel
from paiju.trick.log import game_log, replay
from paiju.trick.parse import actions_for_text
from paiju.trick.state import Phase, deal_cards
from paiju.variants import Variant, get_variant
from paiju.variants.trick_rules import ChaodiAfterFlip

CHAODIPI = get_variant("chaodipi")
KITTY = 8


# --------------------------------------------------------------------------- the builder
def deal(first: int, hands: Mapping[int, str] | None = None, kitty: str = "", kangqi: bool = False) -> DealEvent:
    """A scripted deal from ``first``: each seat's ``hands`` text and the ``kitty`` (in order) as given, each named
    card taking a copy not yet dealt, and the rest filled from the unused cards, lowest first: kitty, then seats 0–3."""
    used: set[Card] = set()

    def take(text: str) -> list[Card]:
        chosen = []
        for card in parse_cards(text, decks=2) if text.strip() else []:
            copy = next(c for c in (card % CARDS_PER_DECK, card % CARDS_PER_DECK + CARDS_PER_DECK) if c not in used)
            used.add(copy)
            chosen.append(copy)
        return chosen

    named = [take((hands or {}).get(seat, "")) for seat in range(4)]
    pile = take(kitty)
    rest = [c for c in deck_cards(2) if c not in used]
    size = 27 if kangqi else 25
    for cards, wanted in [(pile, 0 if kangqi else KITTY), *((h, size) for h in named)]:
        missing = wanted - len(cards)
        assert missing >= 0, f"{format_cards(cards)}: more than {wanted} cards"
        cards.extend(rest[:missing])
        del rest[:missing]
    assert not rest
    return DealEvent(first, tuple(tuple(h) for h in named), tuple(pile))


def first_hand(first: int, hands: Mapping[int, str] | None = None, kitty: str = "") -> TrickHand:
    """A match's first hand, its seed chosen so that ``first`` receives the first card, dealt as scripted."""
    seed = next(s for s in range(100) if TrickHand(CHAODIPI, s).state.first == first)
    return TrickHand(CHAODIPI, seed, deals=[deal(first, hands, kitty)])


def later_hand(
    dealer: int, hands: Mapping[int, str] | None = None, kitty: str = "", variant: Variant = CHAODIPI
) -> TrickHand:
    """A later hand of a match, both sides at level 2 and ``dealer`` the 庄家 (dealt the first card)."""
    match = MatchState(sides=(SideLevel(Rank.TWO), SideLevel(Rank.TWO)), dealer=dealer)
    return TrickHand(variant, 0, match, [deal(dealer, hands, kitty)])


def act(hand: TrickHand, *texts: str) -> None:
    """The seat to act types each text in turn (refused text raises)."""
    for text in texts:
        hand.apply(actions_for_text(hand, text, None)[0], hand.state.to_act)


def taken(hand: TrickHand) -> tuple[Card, ...]:
    """The kitty the holder just took: the last burial, else the deal's kitty (both in the events)."""
    for event in reversed(hand.typed_events):
        if isinstance(event, BuryEvent) and event.cards is not None:
            return event.cards
        if isinstance(event, DealEvent) and event.kitty is not None:
            return event.kitty
    raise AssertionError("no kitty was dealt")


def bury_taken(hand: TrickHand) -> tuple[Card, ...]:
    """The holder buries the very cards it took; returns them."""
    cards = taken(hand)
    hand.apply(Bury(cards), hand.state.to_act)
    return cards


def typed_declaration(hand: TrickHand, text: str) -> Declare:
    """The declaration the seat to act types as ``text``, before the rules check whether it may show it."""
    return Declare(parse_declaration(text, hand.state.to_act, hand.state.level))


def refused(hand: TrickHand, action: Action, seat: int) -> str:
    """The reason ``action`` is refused, checking that the refusal changed nothing."""
    before = game_log(hand)
    with pytest.raises(IllegalMoveError) as err:
        hand.apply(action, seat)
    assert game_log(hand) == before
    assert hand.explain(action, seat) == str(err.value)
    return str(err.value)


def to_act_sequence(hand: TrickHand, passes: int) -> list[int]:
    """The seats asked while ``passes`` seats pass in turn."""
    asked = []
    for _ in range(passes):
        asked.append(hand.state.to_act)
        act(hand, "pass")
    return asked


# --------------------------------------------------------------------------- dealing (§7.1, §7.2)
def test_deal_is_one_card_at_a_time_clockwise_with_the_kitty_kept_in_order() -> None:
    """§7.1 「每方得牌 25 张，剩余的 8 张牌为底牌」, dealt 「one card at a time clockwise」; §7.2 DEAL: the kitty is
    「kept in order」."""
    pack = deck_cards(2)
    random.Random(7).shuffle(pack)
    dealt = deal_cards(CHAODIPI, random.Random(7), 2, kangqi=False)
    assert dealt.first == 2
    assert [len(h or ()) for h in dealt.hands] == [25, 25, 25, 25]
    for i, card in enumerate(pack[:100]):
        assert (dealt.hands[(2 + i) % 4] or ())[i // 4] == card
    assert dealt.kitty == tuple(pack[100:])


def test_first_hand_first_card_goes_to_a_seat_drawn_from_the_seed() -> None:
    """§7.1 「第一局随机决定先给谁发牌」: the seed decides the first seat, who also declares first (D2)."""
    firsts = set()
    for seed in range(20):
        hand = TrickHand(CHAODIPI, seed)
        (first,) = [e.first for e in hand.typed_events if isinstance(e, DealEvent)]
        assert hand.actors() == {first} and hand.phase is Phase.DECLARE
        assert TrickHand(CHAODIPI, seed).events == hand.events
        cards = [c for h in hand.typed_events[0].hands for c in h or ()] + list(hand.state.kitty)
        assert sorted(cards) == deck_cards(2) and len(hand.state.kitty) == KITTY
        firsts.add(first)
    assert firsts == {0, 1, 2, 3}


def test_scripted_deal_first_seat_declares_first() -> None:
    """D2: declaring starts 「with the player who received the first card」, which a scripted deal names."""
    seed = next(s for s in range(100) if TrickHand(CHAODIPI, s).state.first == 3)
    hand = TrickHand(CHAODIPI, seed, deals=[deal(0)])
    assert hand.actors() == {0}


@pytest.mark.parametrize("dealer", range(4))
def test_later_hand_deals_the_first_card_to_the_dealer(dealer: int) -> None:
    """§7.1 「以后每次先给庄家发牌」: in a later hand the 庄家 receives the first card and declares first."""
    for seed in range(3):
        hand = TrickHand(CHAODIPI, seed, MatchState(dealer=dealer))
        dealt = hand.typed_events[0]
        assert isinstance(dealt, DealEvent) and dealt.first == dealer
        assert hand.actors() == {dealer} and hand.state.dealer == dealer


def test_later_hand_level_is_the_dealer_sides_level() -> None:
    """§7.1 「当前庄家的级别就是级牌」: with seats 1 and 3 at 6 and seat 1 the 庄家, a `6c` declares and a `2c` does not."""
    match = MatchState(sides=(SideLevel(Rank.TWO), SideLevel(Rank.SIX)), dealer=1)
    hand = TrickHand(CHAODIPI, 0, match, [deal(1, {1: "6c 2c"})])
    assert typed_declaration(hand, "6c").declaration.trump == Suit.CLUBS
    with pytest.raises(ValueError, match="declare with the level rank 6"):
        typed_declaration(hand, "2c")


# --------------------------------------------------------------------------- declaring (§7.3 D2, D3, D6, Q7.3)
def test_declaring_starts_with_the_first_seat_and_goes_clockwise() -> None:
    """D2 / Q7.3 (c): 「start with the player who received the first card and go clockwise」."""
    hand = first_hand(3)
    assert "it is seat 3's turn" in refused(hand, Pass(), 0)
    assert to_act_sequence(hand, 3) == [3, 0, 1]
    assert hand.phase is Phase.DECLARE and hand.actors() == {2}


def test_declaring_closes_after_four_passes_in_a_row() -> None:
    """D2: 「The window closes after 4 consecutive passes」; the declarer then takes the kitty (§7.2 BURY)."""
    hand = first_hand(1, {1: "2c"})
    act(hand, "2c")
    assert to_act_sequence(hand, 3) == [2, 3, 0]
    assert hand.phase is Phase.DECLARE and hand.actors() == {1}
    act(hand, "pass")
    assert hand.phase is Phase.BURY and hand.actors() == {1} and len(hand.hands[1]) == 25 + KITTY


def test_case_24_declarer_may_reinforce_its_single_after_three_passes() -> None:
    """§7.15 case 24: A declares `2c`, B, C and D pass; A may now show `2c 2c` (strength 3, clubs stay) but not
    `2s 2s` (D2 「may not overturn a declaration that currently stands as their own」)."""
    hand = first_hand(0, {0: "2c 2c 2s 2s"})
    act(hand, "2c", "pass", "pass", "pass")
    reason = refused(hand, typed_declaration(hand, "2s 2s"), 0)
    assert reason.startswith("D2: your own 2c stands")
    act(hand, "2c 2c")
    assert (hand.state.call.strength, hand.state.call.trump, hand.phase, hand.actors()) == (3, Suit.CLUBS, Phase.DECLARE, {1})


def test_case_24_partner_may_overturn_in_its_turn() -> None:
    """§7.15 case 24: 「C could have overturned with `2s 2s` in its turn」 — partners are "other players" (Q7.5)."""
    hand = first_hand(0, {0: "2c", 2: "2s 2s"})
    act(hand, "2c", "pass", "2s 2s")
    assert (hand.state.call.strength, hand.state.call.trump, hand.state.dealer) == (5, Suit.SPADES, 2)


def test_red_five_pair_closes_declaring_at_once() -> None:
    """D2: the window closes 「at once after a ♥5 pair」 (「而且别人不可以再反」); D9 records its side."""
    hand = first_hand(0, {0: "2c", 1: "5h 5h"})
    act(hand, "2c", "5h 5h d")
    assert hand.phase is Phase.BURY and hand.actors() == {1}
    assert (hand.state.call.trump, hand.state.call.strength, hand.state.call.red5_side, hand.state.dealer) == (Suit.DIAMONDS, 8, 1, 1)
    bury_taken(hand)
    assert hand.phase is Phase.PLAY and hand.actors() == {1}  # nothing beats it, so nobody is asked to 抄底


@pytest.mark.parametrize(
    ("opening", "overturn", "reason"),
    [
        ("2d", "2c", "D2/D3: a declaration stands, and only a stronger pair overturns it"),
        ("2h 2h", "2c 2c", "D2: 2c 2c (strength 3) does not beat the standing 2h 2h (strength 4)"),
        ("2d", "2s 2s", "you do not hold 2s 2s"),
    ],
)
def test_refused_declaration_gives_the_reason_and_changes_nothing(opening: str, overturn: str, reason: str) -> None:
    """D3 「A single never overturns a single」, D2 「strictly stronger」, and only cards one holds: a refusal
    leaves the log as it was."""
    hand = first_hand(0, {0: "2d 2h 2h", 1: "2c 2c"})
    act(hand, opening)
    assert refused(hand, typed_declaration(hand, overturn), 1).startswith(reason)


def test_black_and_red_joker_is_no_declaration() -> None:
    """D6 / Q7.8 (c): 「`BR` is not a declaration」, refused with the reason and nothing changed."""
    hand = first_hand(0, {0: "B R"})
    joker_pair = Declare(Declaration(0, tuple(parse_cards("B R", decks=2)), 6, None))
    assert refused(hand, joker_pair, 0) == "BR is not a declaration: show two identical jokers (D6)"


# --------------------------------------------------------------------------- the 庄家 (D7, Q7.4)
def test_first_hand_last_declarer_is_the_dealer_also_after_chaodi() -> None:
    """D7 「第一局的庄家由亮主方担任，如果有人“反主”，则由“反主”的玩家坐庄」, and the last 抄底 player (§7.5)."""
    hand = first_hand(0, {0: "2c", 1: "2s 2s", 2: "B B"})
    act(hand, "2c", "2s 2s", "pass", "pass", "pass", "pass")
    assert (hand.state.dealer, hand.state.call.holder, hand.actors()) == (1, 1, {1})
    bury_taken(hand)
    act(hand, "B B")
    assert (hand.state.dealer, hand.state.call.trump, hand.actors(), hand.phase) == (2, None, {2}, Phase.BURY)
    bury_taken(hand)
    act(hand, "pass", "pass", "pass")
    assert hand.phase is Phase.PLAY and hand.actors() == {2} and hand.state.dealer == 2


def test_later_hand_chaodi_changes_trump_and_holder_not_dealer() -> None:
    """D7 / Q7.4 (c): in later hands 「declarations and 抄底 change the trump and the kitty holder, **not** the
    庄家」; the 庄家 still leads (CD3: the final holder may be an attacker)."""
    hand = later_hand(0, {0: "2s", 1: "B B"})
    act(hand, "2s", "pass", "pass", "pass", "pass")
    bury_taken(hand)
    act(hand, "B B")
    assert (hand.state.call.holder, hand.state.call.trump, hand.state.dealer, hand.actors()) == (1, None, 0, {1})
    bury_taken(hand)
    act(hand, "pass", "pass", "pass")
    assert hand.phase is Phase.PLAY and hand.actors() == {0} and hand.state.attackers(1)


def test_later_hand_declaration_changes_the_trump_and_the_dealer_takes_the_kitty() -> None:
    """D7 / Q7.4 (c): in later hands 「declarations and 抄底 change the trump and the kitty holder, **not** the 庄家」:
    a declaration changes the trump; the kitty holder changes by 抄底 (§7.5), and before it the 庄家 takes and buries
    the kitty (§7.2 step 5, 「庄家具有扣底牌和第一轮的首先出牌权」)."""
    hand = later_hand(0, {1: "2s", 2: "2d 2d"})
    act(hand, "pass", "2s", "2d 2d", "pass", "pass", "pass", "pass")
    assert hand.state.dealer == 0 and hand.state.call.trump == Suit.DIAMONDS
    assert hand.phase is Phase.BURY and hand.actors() == {0}


# --------------------------------------------------------------------------- nobody declares (§7.4, Q7.9)
def test_first_hand_nobody_declares_redeals_to_the_same_first_seat() -> None:
    """§7.4 / Q7.9 (c): first hand, nobody declares → 「redeal. The first card goes to the same random player」."""
    seed = next(s for s in range(100) if TrickHand(CHAODIPI, s).state.first == 3)
    again = deal(3, {3: "2c"}, kitty="Ah Ah Ad Ad Ac Ac As As")
    hand = TrickHand(CHAODIPI, seed, deals=[deal(3), again])
    act(hand, "pass", "pass", "pass", "pass")
    assert [e["type"] for e in hand.events] == ["deal", "pass", "pass", "pass", "pass", "redeal", "deal"]
    assert hand.typed_events[-1] == again and hand.phase is Phase.DECLARE and hand.actors() == {3}
    assert hand.state.dealer is None and hand.hands == [list(h or ()) for h in again.hands]
    assert replay(game_log(hand)).events == hand.events


def test_later_hand_nobody_declares_turns_up_the_kitty() -> None:
    """§7.4 「若“底牌”中有级牌，则第一张级牌为主」: the kitty is turned up in order (a `flip` event), its first level
    card (`2c`) decides the trump, and the 庄家 takes the kitty."""
    hand = later_hand(1, kitty="Ah 3d 2c 2h Kd 4s 6d R")
    act(hand, "pass", "pass", "pass", "pass")
    flip = hand.typed_events[-1]
    assert flip == FlipEvent(taken(hand), Suit.CLUBS)
    assert hand.phase is Phase.BURY and hand.actors() == {1} and hand.state.dealer == 1


def test_chaodi_still_opens_after_the_kitty_flip_at_strength_one() -> None:
    """§7.4 「After this, 抄底 is still allowed (any pair entry beats a kitty-determined trump)」; a single does not
    (§7.5 「show a PAIR ladder entry」)."""
    hand = later_hand(1, {2: "2d 2d 2h"}, kitty="Ah 3d 2c 2h Kd 4s 6d R")
    act(hand, "pass", "pass", "pass", "pass")
    bury_taken(hand)
    assert hand.phase is Phase.CHAODI and hand.actors() == {2}
    assert refused(hand, typed_declaration(hand, "2h"), 2).startswith("§7.5: to re-take the kitty")
    act(hand, "2d 2d")
    assert (hand.state.call.trump, hand.state.call.holder, hand.phase, hand.state.dealer) == (Suit.DIAMONDS, 2, Phase.BURY, 1)


@pytest.mark.parametrize(("rule", "asked"), [(ChaodiAfterFlip.ALWAYS, True), (ChaodiAfterFlip.NOT_AFTER_JOKER, False)])
def test_joker_flip_closes_chaodi_only_under_not_after_joker(rule: ChaodiAfterFlip, asked: bool) -> None:
    """§7.4 / Q7.9 (c): a joker flip means no-trump; flag `chaodi_after_kitty_flip="not_after_joker"` then
    forbids 抄底 (cnenc.net 『如为王,则为无主,但是本副牌无法炒底』), `"always"` keeps it open."""
    assert CHAODIPI.trick is not None
    variant = CHAODIPI.with_changes(trick=dataclasses.replace(CHAODIPI.trick, chaodi_after_kitty_flip=rule))
    hand = later_hand(0, kitty="Ah 3d B Kd 4s 6d R 7c", variant=variant)
    act(hand, "pass", "pass", "pass", "pass")
    assert hand.typed_events[-1] == FlipEvent(taken(hand), None)
    bury_taken(hand)
    assert hand.phase is (Phase.CHAODI if asked else Phase.PLAY)
    assert hand.actors() == ({1} if asked else {0})


# --------------------------------------------------------------------------- re-taking the kitty (§7.5, Q7.10, Q7.27)
def test_chaodi_is_asked_from_the_seat_after_the_holder_and_never_the_holder() -> None:
    """§7.5 「按出牌顺序依次询问其他玩家」 from next(holder); CD1 / Q7.27 (c): 「The holder is never asked」."""
    hand = first_hand(2, {2: "2c", 0: "2d 2d"})
    act(hand, "2c", "pass", "pass", "pass", "pass")
    bury_taken(hand)
    assert to_act_sequence(hand, 1) == [3]
    act(hand, "2d 2d")
    bury_taken(hand)
    assert to_act_sequence(hand, 2) == [1, 2]
    assert hand.phase is Phase.CHAODI and hand.actors() == {3}


def test_three_declines_in_a_row_end_chaodi() -> None:
    """§7.5 / Q7.10 (c): the loop 「ends after 3 consecutive declines by non-holders」; then the 庄家 leads."""
    hand = first_hand(2, {2: "2c"})
    act(hand, "2c", "pass", "pass", "pass", "pass")
    bury_taken(hand)
    assert to_act_sequence(hand, 2) == [3, 0] and hand.phase is Phase.CHAODI
    act(hand, "pass")
    assert hand.phase is Phase.PLAY and hand.actors() == {2}


def test_stronger_pair_takes_the_kitty_and_the_new_holder_buries() -> None:
    """§7.5: 「show a PAIR ladder entry with strength > current」; 「p takes the 8 kitty cards and buries 8 cards」;
    a weaker or equal pair is refused."""
    hand = first_hand(0, {0: "2h 2h", 1: "2c 2c", 2: "2s 2s"})
    act(hand, "2h 2h", "pass", "pass", "pass", "pass")
    buried = bury_taken(hand)
    reason = refused(hand, typed_declaration(hand, "2c 2c"), 1)
    assert reason == "§7.5: 2c 2c (strength 3) must beat the current strength 4"
    act(hand, "pass")
    legal = [a.declaration for a in hand.legal_actions(2) if isinstance(a, Declare)]
    assert legal and all(d.is_pair and d.strength > 4 for d in legal)
    act(hand, "2s 2s")
    assert (hand.state.call.holder, hand.state.call.trump, hand.phase, hand.actors()) == (2, Suit.SPADES, Phase.BURY, {2})
    assert len(hand.hands[2]) == 25 + KITTY and set(buried) <= set(hand.hands[2])


def test_a_previous_holder_may_retake_the_kitty() -> None:
    """CD1 / Q7.10 (c): 「A previous holder may re-take the kitty after someone else has taken it」."""
    hand = first_hand(0, {0: "2c R R", 1: "2d 2d"})
    act(hand, "2c", "pass", "pass", "pass", "pass")
    bury_taken(hand)
    act(hand, "2d 2d")
    bury_taken(hand)
    act(hand, "pass", "pass", "R R")
    assert (hand.state.call.holder, hand.state.dealer, hand.state.call.strength, hand.phase) == (0, 0, 7, Phase.BURY)


def test_red_five_pair_ends_chaodi_and_records_its_side() -> None:
    """§7.5 「while declines < 3 and current != 8」: a ♥5 pair re-takes, names the trump and ends 抄底; D9 records
    `red5_side`."""
    hand = later_hand(0, {0: "2c", 3: "5h 5h"})
    act(hand, "2c", "pass", "pass", "pass", "pass")
    bury_taken(hand)
    act(hand, "pass", "pass", "5h 5h none")
    assert (hand.state.call.red5_side, hand.state.call.trump, hand.state.call.holder) == (1, None, 3)
    bury_taken(hand)
    assert hand.phase is Phase.PLAY and hand.actors() == {0} and hand.state.dealer == 0

