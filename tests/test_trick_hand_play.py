"""The 炒地皮 hand engine's burying and play (other-games.md §7.2 BURY and PLAY, §7.8 failed throws with Q7.16,
§7.10 T4–T5, §7.13 G2): the 扛旗 hand's deal, the kitty buried and hidden, who leads, follows refused with the
rule's reason, failed throws and their penalty, points, 抠底 and the result; typed input; replaying a log."""

from __future__ import annotations

import dataclasses

import pytest
from test_trick_hand import CHAODIPI, KITTY, act, bury_taken, first_hand, later_hand, refused, taken

from paiju.bots import make_bot
from paiju.cards import Card, InvalidCardsError, Rank, Suit, deck_cards, format_cards, parse_cards
from paiju.engine.log import LogError
from paiju.errors import IllegalMoveError
from paiju.trick.actions import Bury, Declare, Pass, Play
from paiju.trick.declare import Declaration
from paiju.trick.events import BuryEvent, KittyEvent, PlayEvent, ThrowFailedEvent, TrickEvent, event_from_json
from paiju.trick.hand import TrickHand
from paiju.trick.levels import MatchState, SideLevel
from paiju.trick.log import game_log, replay
from paiju.trick.observation import observe
from paiju.trick.order import Trumps, trick_text
from paiju.trick.parse import actions_for_text
from paiju.trick.state import Phase
from paiju.trick.tricks import points

#: Seat 0 wins the first trick with `Ad` (the other `Ad` lies in the kitty, whose `2s` makes spades trump when
#: nobody declares) and then leads clubs; seat 1 holds an `Ac`.
TRICK_HANDS = {0: "Ad Kc Kc Qc", 1: "4d Ac", 2: "5d", 3: "3d"}
TRICK_KITTY = "2s Ad 3h 3h 4h 4h 6h 6h"
#: The first trick, from the 庄家's lead, for a 庄家 at seat 2 (seat 0 on the 庄家方) or at seat 3 (an attacker).
FIRST_TRICK = {2: ("5d", "3d", "Ad", "4d"), 3: ("3d", "Ad", "4d", "5d")}


def held(hand: TrickHand, seat: int, card: str) -> tuple[Card, ...]:
    """Every copy of ``card`` that ``seat`` holds."""
    return tuple(c for c in hand.hands[seat] if format_cards([c]) == card)


def to_play(hand: TrickHand) -> TrickHand:
    """Nobody declares (the kitty decides the trump), the 庄家 buries what it took and nobody 抄底s."""
    act(hand, "pass", "pass", "pass", "pass")
    bury_taken(hand)
    act(hand, "pass", "pass", "pass")
    assert hand.phase is Phase.PLAY
    return hand


def trick_hand(dealer: int, penalty: int = 0) -> TrickHand:
    """The scripted hand above in play, with ``penalty`` points per card of a failed throw."""
    variant = CHAODIPI
    if penalty:
        assert variant.trick is not None
        variant = variant.with_changes(trick=dataclasses.replace(variant.trick, throw_fail_penalty_per_card=penalty))
    return to_play(later_hand(dealer, TRICK_HANDS, TRICK_KITTY, variant))


# --------------------------------------------------------------------------- the 扛旗 hand (§7.13 G2)
@pytest.mark.parametrize("dealer", [1, 2])
def test_kangqi_hand_deals_27_each_no_kitty_and_the_dealer_leads_at_once(dealer: int) -> None:
    """G2 「不留底牌，全部抓光」: 27 cards each, no kitty, no declaration and no 抄底; play starts with the 庄家."""
    sides = [SideLevel(Rank.FOUR), SideLevel(Rank.FOUR)]
    sides[dealer % 2] = SideLevel(Rank.ACE, kangqi=True)
    hand = TrickHand(CHAODIPI, 5, MatchState(sides=(sides[0], sides[1]), dealer=dealer))
    assert [len(h) for h in hand.hands] == [27, 27, 27, 27] and hand.state.kitty == []
    assert hand.typed_events[0].first == dealer and [e.to_json()["type"] for e in hand.typed_events] == ["deal"]
    assert hand.phase is Phase.PLAY and hand.actors() == {dealer}
    assert "you cannot declare now" in refused(
        hand, Declare(Declaration(dealer, tuple(parse_cards("B B", decks=2)), 6, None)), dealer
    )
    assert "you cannot pass now" in refused(hand, Pass(), dealer)


def test_kangqi_hand_trumps_are_only_red_five_and_the_jokers() -> None:
    """G2 / §7.6 「只有红五、大王、小王、是主」: 5♥, R and B are the only trumps; aces and 2s are side cards."""
    match = MatchState(sides=(SideLevel(Rank.ACE, kangqi=True), SideLevel(Rank.NINE)), dealer=0)
    trumps = TrickHand(CHAODIPI, 1, match).state.trumps
    trump = {c for c in deck_cards(2) if trumps.is_trump(c)}
    assert sorted(trump) == sorted(parse_cards("5h 5h R R B B", decks=2))


# --------------------------------------------------------------------------- burying (§7.2 BURY)
def test_holder_takes_the_kitty_and_must_bury_exactly_eight_cards_it_holds() -> None:
    """§7.2 BURY 「庄家取走底牌，而替换成…同样张数的牌作为新的底牌重新扣下」: 8 cards of the holder's hand."""
    hand = first_hand(0, {0: "2c", 1: "Ah"}, kitty="Kd Kd Td 5d 3h 4h 6h 7h")
    act(hand, "2c", "pass", "pass", "pass", "pass")
    assert len(hand.hands[0]) == 25 + KITTY and all(c in hand.hands[0] for c in taken(hand))
    mine = tuple(hand.hands[0][:8])
    assert refused(hand, Bury(mine[:7]), 0) == "bury exactly 8 cards, not 7"
    not_mine = (parse_cards("Ah", decks=2)[0], *mine[1:])
    assert refused(hand, Bury(not_mine), 0) == "you do not hold Ah"
    assert all(len(a.cards) == KITTY for a in hand.legal_actions(0) if isinstance(a, Bury))
    hand.apply(Bury(mine), 0)
    assert len(hand.hands[0]) == 25 and not set(mine) & set(hand.hands[0])
    assert hand.typed_events[-1] == BuryEvent(0, mine) and hand.phase is Phase.CHAODI


def test_only_the_holder_sees_the_buried_cards() -> None:
    """§7.2 BURY: the cards are buried 「face down」; every seat sees that 8 lie there, only the holder which."""
    hand = first_hand(0, {0: "2c"})
    act(hand, "2c", "pass", "pass", "pass", "pass")
    assert all(observe(hand, s).to_json()["kitty_size"] == KITTY for s in range(4))
    buried = bury_taken(hand)
    for seat in (None, 0, 1, 2, 3):
        view = observe(hand, seat).to_json()
        assert view["kitty"] == (format_cards(buried) if seat == 0 else None)
        assert view["kitty_size"] == KITTY
        assert hand.typed_events[-1].visible_to(seat, None).cards == (buried if seat == 0 else None)


# --------------------------------------------------------------------------- leading and following (§7.2, §7.8)
@pytest.mark.parametrize("dealer", [2, 3])
def test_dealer_leads_the_first_trick_and_the_winner_leads_the_next(dealer: int) -> None:
    """§7.2 PLAY 「庄家具有…第一轮的首先出牌权」 and 「以后每轮牌都由前轮获胜方首先出牌」."""
    hand = trick_hand(dealer)
    assert hand.actors() == {dealer} and hand.state.call.trump == Suit.SPADES
    act(hand, *FIRST_TRICK[dealer])
    assert hand.typed_events[-1] == TrickEvent(0, 5)
    assert hand.actors() == {0} and all(len(h) == 24 for h in hand.hands)


@pytest.mark.parametrize(("dealer", "captured"), [(2, 0), (3, 5)])
def test_points_go_to_the_attackers_only(dealer: int, captured: int) -> None:
    """T4 「Only the 抓分方's (attackers') points count, as `s`」: the `5d` seat 0 wins counts only when seat 0
    attacks."""
    hand = trick_hand(dealer)
    act(hand, *FIRST_TRICK[dealer])
    assert hand.state.captured == captured and observe(hand, 1).to_json()["points"] == captured


def test_follow_breaking_f2_is_refused_with_its_reason() -> None:
    """F2 「如果用户有红桃必须先出红桃」: holding diamonds, seat 0 may not answer `3d` with a club; nothing changes."""
    hand = trick_hand(3)
    act(hand, "3d")
    kc = Play(held(hand, 0, "Kc")[:1])
    assert refused(hand, kc, 0) == "F2: you still hold diamonds — play diamonds before other cards"
    assert refused(hand, Play(tuple(parse_cards("Ac", decks=2))), 0).startswith("you do not hold Ac")
    assert refused(hand, Play(kc.cards), 1) == "it is seat 0's turn, not seat 1's"


@pytest.mark.parametrize("dealer", [2, 3])
def test_failed_throw_leads_the_smallest_beatable_unit(dealer: int) -> None:
    """§7.8 / Q7.16 (c): 「the leader must instead lead only the beatable unit with the fewest cards」: `Kc Kc Qc`
    against seat 1's `Ac` is shown (a `throw_failed` event) and `Qc` is led; `Kc Kc` go back to the hand."""
    hand = trick_hand(dealer)
    act(hand, *FIRST_TRICK[dealer])
    act(hand, "Kc Kc Qc")
    failed, played = hand.typed_events[-2:]
    assert isinstance(failed, ThrowFailedEvent) and isinstance(played, PlayEvent)
    assert (format_cards(failed.attempted), format_cards(failed.forced), failed.penalty) == ("Qc Kc Kc", "Qc", 0)
    assert played == PlayEvent(0, failed.forced) and hand.state.play.penalty == 0
    assert len(held(hand, 0, "Kc")) == 2
    assert hand.actors() == {1}


@pytest.mark.parametrize(("dealer", "penalty"), [(2, 30), (3, -30)])
def test_failed_throw_penalty_counts_against_the_throwers_side(dealer: int, penalty: int) -> None:
    """Q7.16 (c) with `throw_fail_penalty_per_card=10`: 「+10n to s if the thrower is on the 庄家方; −10n from s
    … if the thrower is an attacker」 (n = 3 cards attempted)."""
    hand = trick_hand(dealer, penalty=10)
    act(hand, *FIRST_TRICK[dealer])
    act(hand, "Kc Kc Qc")
    assert hand.typed_events[-2].to_json()["penalty"] == 30
    assert hand.state.play.penalty == penalty and observe(hand, 2).to_json()["penalty"] == penalty


# --------------------------------------------------------------------------- whole hands: points, 抠底, result
SPADES_AT_TWO = Trumps(Rank.TWO, Suit.SPADES)
#: Every trump but the kitty's `2s`, with the side aces, kings and `Qh`s, for seats 1 and 3; seats 0 and 2 get the
#: rest (side cards up to Q, hearts up to J): seats 1 and 3 win every trick.
STRONG_KITTY = "2s Kd Td 5d 3h 3d 3c 4c"


def strong_hands() -> dict[int, str]:
    """Seats 1 and 3's cards: all trumps but one `2s` and the high side cards."""
    trumps = [c for c in deck_cards(2) if SPADES_AT_TWO.is_trump(c)]
    trumps.remove(parse_cards("2s", decks=2)[0])
    return {
        1: "Ah Ah Kh Kh Qh Qh Ad Ad Kd " + format_cards(trumps[:16]),
        3: "Ac Ac Kc Kc " + format_cards(trumps[16:]),
    }


def played_out(dealer: int) -> TrickHand:
    """The strong deal with 庄家 ``dealer``, played to the end: every lead a single, every follow the first legal."""
    hand = to_play(later_hand(dealer, strong_hands(), STRONG_KITTY))
    while hand.actors():
        (seat,) = hand.actors()
        legal = hand.legal_actions(seat)
        hand.apply(min(legal, key=lambda a: len(a.cards) if isinstance(a, Play) else 0), seat)
    return hand


def test_attackers_winning_the_last_trick_capture_the_kitty() -> None:
    """T5 抠底 「若最后一回合牌是单张牌抠底的，则为“单抠”，“底牌”中的分乘 2 计入总分」: the attackers win every
    trick, the last led as a single: s = 175 in tricks + 25 × 2; the scores sum to zero."""
    hand = played_out(0)
    tricks = [e for e in hand.typed_events if isinstance(e, TrickEvent)]
    assert len(tricks) == 25 and all(t.winner % 2 == 1 for t in tricks)
    kitty = hand.typed_events[-1]
    assert isinstance(kitty, KittyEvent) and format_cards(kitty.cards) == format_cards(parse_cards(STRONG_KITTY))
    assert (kitty.multiplier, kitty.bonus) == (2, 50)
    assert hand.result is not None and hand.phase is Phase.OVER and hand.actors() == frozenset()
    assert (hand.state.captured, hand.result.points, sum(hand.result.scores)) == (175, 225, 0)
    assert hand.result.scores[1] > 0 and observe(hand, 2).to_json()["kitty"] == trick_text(kitty.cards)
    assert refused(hand, Pass(), 0) == "the hand is over" and hand.legal_actions(0) == []


def test_dealer_side_winning_the_last_trick_leaves_the_kitty_to_nobody() -> None:
    """T4 / T5: 「If the 庄家方 wins the last trick, the kitty points count for nobody」, and the points the 庄家方
    wins count for nobody either: s = 0 (大光) though the tricks held 175 points."""
    hand = played_out(1)
    tricks = [e for e in hand.typed_events if isinstance(e, TrickEvent)]
    assert all(t.winner % 2 == 1 for t in tricks) and sum(t.points for t in tricks) == 175
    kitty = hand.typed_events[-1]
    assert isinstance(kitty, KittyEvent) and kitty.bonus == 0
    assert hand.result is not None and (hand.result.points, sum(hand.result.scores)) == (0, 0)
    assert hand.result.scores[1] > 0 and points(kitty.cards) == 25


# --------------------------------------------------------------------------- typed input (paiju.trick.parse)
def test_typed_pass_declarations_and_red_five_pair() -> None:
    """Typed text: `pass`, `declare 2s 2s` (D2) and `5h 5h none` (a ♥5 pair names the trump, §7.3)."""
    hand = first_hand(0, {0: "2s 2s", 1: "5h 5h"})
    assert actions_for_text(hand, "pass", None) == [Pass()]
    (pair,) = actions_for_text(hand, "declare 2s 2s", None)
    assert isinstance(pair, Declare) and (pair.declaration.strength, pair.declaration.trump) == (5, Suit.SPADES)
    hand.apply(pair, 0)
    (red,) = actions_for_text(hand, "5h 5h none", 1)
    assert isinstance(red, Declare) and (red.declaration.strength, red.declaration.trump) == (8, None)


def test_typed_bury_and_play() -> None:
    """Typed text: `bury` and eight cards held (§7.2 BURY), then cards to play."""
    hand = later_hand(3, TRICK_HANDS, TRICK_KITTY)
    act(hand, "pass", "pass", "pass", "pass")
    (bury,) = actions_for_text(hand, "bury " + TRICK_KITTY, None)
    assert isinstance(bury, Bury) and format_cards(bury.cards) == format_cards(parse_cards(TRICK_KITTY, decks=2))
    hand.apply(bury, 3)
    act(hand, "pass", "pass", "pass")
    assert actions_for_text(hand, "3d", 3) == [Play(held(hand, 3, "3d")[:1])]


@pytest.mark.parametrize(
    ("phase_text", "text", "error", "reason"),
    [
        ("declare", "2", IllegalMoveError, "'2': give each card's suit"),
        ("declare", "2s 3s", IllegalMoveError, "3s 2s is not a pair"),
        ("declare", "B R", IllegalMoveError, "BR is not a declaration"),
        ("play", "A", InvalidCardsError, "'A': name each card with its suit"),
        ("play", "Ad", IllegalMoveError, "you do not hold Ad"),
    ],
)
def test_typed_input_refusals_give_a_one_line_reason(
    phase_text: str, text: str, error: type[Exception], reason: str
) -> None:
    """Typed text that names a card without its suit, a card not held, or no declaration is refused in one line."""
    hand = later_hand(3, TRICK_HANDS, TRICK_KITTY)
    if phase_text == "play":
        to_play(hand)
    before = game_log(hand)
    with pytest.raises(error) as err:
        actions_for_text(hand, text, None)
    assert str(err.value).startswith(reason) and "\n" not in str(err.value)
    assert game_log(hand) == before


# --------------------------------------------------------------------------- replay (paiju.trick.log)
KANGQI_MATCH = MatchState(sides=(SideLevel(Rank.ACE, kangqi=True), SideLevel(Rank.SIX)), dealer=2)


def bot_hand(bot: str, seed: int, match: MatchState | None = None) -> TrickHand:
    """A hand played to the end by four bots."""
    hand = TrickHand(CHAODIPI, seed, match)
    bots = [make_bot(bot, seat, "trick") for seat in range(4)]
    while hand.actors():
        (seat,) = hand.actors()
        hand.apply(bots[seat].act(observe(hand, seat)), seat)
    return hand


@pytest.mark.parametrize(
    ("bot", "seed", "match"), [("rule", 3, None), ("random", 4, None), ("random", 5, KANGQI_MATCH)]
)
def test_a_bot_hand_replays_from_its_log(bot: str, seed: int, match: MatchState | None) -> None:
    """The log holds the deals and every action: replaying it gives the same events and result."""
    hand = bot_hand(bot, seed, match)
    again = replay(game_log(hand))
    assert again.events == hand.events and again.result == hand.result and again.is_over
    assert (match is not None) == ("kitty" not in {e["type"] for e in hand.events})  # G2: no 抠底 in 扛旗


def test_a_failed_throw_replays_from_its_log() -> None:
    """The log records a failed throw as attempted (`throw_failed`) then the forced play; replaying it under the
    logged table (a 10-point penalty) rebuilds the same events and penalty."""
    hand = trick_hand(3, penalty=10)
    act(hand, *FIRST_TRICK[3], "Kc Kc Qc")
    again = replay(game_log(hand))
    assert again.events == hand.events and again.state.play.penalty == hand.state.play.penalty == -30


def test_a_tampered_log_is_refused() -> None:
    """Replay checks each action by the rules: a play of cards the seat does not hold is refused (LogError)."""
    log = game_log(bot_hand("rule", 3))
    plays = [i for i, e in enumerate(log["events"]) if e["type"] == "play"]
    first, second = log["events"][plays[0]], log["events"][plays[1]]
    second["cards"] = list(first["cards"])
    with pytest.raises(LogError, match="does not replay"):
        replay(log)


def test_a_logged_event_the_rules_do_not_write_is_refused() -> None:
    """Every logged event must be one the replayed hand writes: an extra trick or kitty no seat acted for, logged
    after the hand's end, is refused (LogError), not skipped."""
    log = game_log(bot_hand("rule", 3))
    extra = next(e for e in log["events"] if e["type"] == "trick")
    log["events"].append(dict(extra))
    with pytest.raises(LogError, match="no seat acts for it"):
        replay(log)


def test_a_log_entry_reads_back_as_the_event_the_hand_wrote() -> None:
    """Replay reads each logged event as its typed event (which knows the action it records): reading a whole hand's
    log gives back the very events the hand wrote, hidden burials and failed throws included."""
    hand = bot_hand("rule", 3)
    assert [event_from_json(e) for e in game_log(hand)["events"]] == hand.typed_events
