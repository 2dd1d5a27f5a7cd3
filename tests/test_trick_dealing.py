"""炒地皮 declaring while the cards are dealt (other-games.md §7.3, Q7.3 reading (ii), ``declaration_window =
during_deal``): the cards come a round at a time, every seat may declare or overturn with the cards it holds so
far, the next round comes once every seat has let this one go by, and D2–D7 still decide what stands.  Each rule is
driven through ``paiju.trick.hand.TrickHand`` from scripted deals; the views and each seat's copy of the log are
checked for leaks, and bot-played hands for replay and card conservation."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from helpers import leaks, named_cards

from paiju.bots import make_bot
from paiju.cards import BLACK_JOKER, CARDS_PER_DECK, Card, Rank, Suit, card_rank, deck_cards, format_card, parse_cards
from paiju.errors import IllegalMoveError
from paiju.trick.actions import Declare, Pass
from paiju.trick.declare import kitty_trump, make_declaration
from paiju.trick.events import DealEvent, DealtEvent, DeclareEvent, FlipEvent, PassEvent, PlayEvent, RedealEvent
from paiju.trick.hand import TrickHand
from paiju.trick.levels import MatchState, SideLevel, side_of
from paiju.trick.log import game_log, replay
from paiju.trick.observation import observe
from paiju.trick.order import is_red_five
from paiju.trick.state import Phase
from paiju.variants import get_variant
from paiju.variants.trick_rules import DeclarationWindow

CHAODIPI = get_variant("chaodipi")
assert CHAODIPI.trick is not None
LIVE = CHAODIPI.with_changes(
    trick=dataclasses.replace(CHAODIPI.trick, declaration_window=DeclarationWindow.DURING_DEAL)
)
ROUNDS = 25
KITTY = 8
TWO = Rank.TWO
#: Keys of a logged event whose values hold cards (ints, ``None`` when hidden).
CARD_KEYS = ("cards", "hands", "kitty", "attempted", "forced")


# --------------------------------------------------------------------------- builders
def _risky(card: Card) -> bool:
    """A card that declares something in a fresh match (level 2): a 2, a joker, a 5♥."""
    return card_rank(card) in (TWO, BLACK_JOKER, BLACK_JOKER + 1) or is_red_five(card)


def scripted(first: int, placed: Mapping[int, Mapping[int, str]] | None = None, paced: bool = True) -> DealEvent:
    """A deal from ``first`` with ``placed[seat][round]`` (1-based) the card that seat receives in that round; the
    rest is filled round by round with cards that declare nothing at level 2 while they last, the cards that would
    declare going to the kitty first and then to the last rounds."""
    used: set[Card] = set()
    hands: list[list[Card | None]] = [[None] * ROUNDS for _ in range(4)]
    for seat, rounds in (placed or {}).items():
        for number, text in rounds.items():
            (card,) = parse_cards(text, decks=2)
            copy_ = next(c for c in (card % CARDS_PER_DECK, card % CARDS_PER_DECK + CARDS_PER_DECK) if c not in used)
            used.add(copy_)
            hands[seat][number - 1] = copy_
    rest = [c for c in deck_cards(2) if c not in used]
    pool = [c for c in rest if not _risky(c)] + [c for c in rest if _risky(c)]
    kitty = pool[-KITTY:]
    pool = pool[:-KITTY]
    for number in range(ROUNDS):
        for seat in range(4):
            if hands[seat][number] is None:
                hands[seat][number] = pool.pop(0)
    assert not pool
    return DealEvent(first, tuple(tuple(c for c in h if c is not None) for h in hands), tuple(kitty), paced)


def live_hand(
    first: int, placed: Mapping[int, Mapping[int, str]] | None = None, dealer: int | None = None
) -> TrickHand:
    """A paced hand dealt as scripted: a match's first hand (``dealer`` None), else a later hand at level 2."""
    match = MatchState() if dealer is None else MatchState(sides=(SideLevel(TWO), SideLevel(TWO)), dealer=dealer)
    return TrickHand(LIVE, 0, match, [scripted(first if dealer is None else dealer, placed)])


def card(text: str) -> Card:
    """One card by name (the first deck copy)."""
    (found,) = parse_cards(text, decks=2)
    return found


def declare(hand: TrickHand, seat: int, text: str, named: Suit | None = None) -> Declare:
    """The declaration ``seat`` makes showing ``text`` at the hand's level."""
    return Declare(make_declaration(seat, parse_cards(text, decks=2), hand.state.level, named))


def pass_round(hand: TrickHand, seats: Iterable[int] | None = None) -> None:
    """Every seat still to answer (or ``seats``) lets the round go by."""
    for seat in sorted(hand.actors()) if seats is None else seats:
        hand.apply(Pass(), seat)


def pass_to_round(hand: TrickHand, number: int) -> None:
    """Let rounds go by until ``number`` cards each are dealt."""
    while hand.state.dealing.rounds_dealt < number:
        pass_round(hand)
    assert hand.state.dealing.rounds_dealt == number and hand.state.paced


def cards_of(deal: DealEvent) -> list[tuple[Card, ...]]:
    """Every seat's whole hand in a (whole) deal."""
    return [h or () for h in deal.hands]


def phase_of(hand: TrickHand) -> Phase:
    """The hand's phase (read through a call, so a type checker does not pin it after an assert)."""
    return hand.phase


def trump_of(hand: TrickHand) -> Suit | None:
    """The trump as it stands (read through a call, like ``phase_of``)."""
    return hand.state.call.trump


def dealt_events(hand: TrickHand) -> list[DealtEvent]:
    """The rounds dealt so far, as logged."""
    return [e for e in hand.typed_events if isinstance(e, DealtEvent)]


def snapshot(hand: TrickHand) -> tuple[Any, ...]:
    """What a refused action must leave as it was."""
    s = hand.state
    return (
        list(hand.events), copy.deepcopy(s.hands), copy.deepcopy(s.dealing.undealt), set(s.dealing.answered),
        s.dealing.rounds_dealt, s.call.standing, s.call.trump, s.phase, s.dealing.declared_in_round, hand.actors(),
    )  # fmt: skip


def refused(hand: TrickHand, action: Declare | Pass, seat: int) -> str:
    """The reason ``action`` by ``seat`` is refused; the hand is checked unchanged."""
    before = snapshot(hand)
    with pytest.raises(IllegalMoveError) as err:
        hand.apply(action, seat)
    assert snapshot(hand) == before
    return str(err.value)


def log_cards(value: Any) -> Counter[Card]:
    """The cards a logged event (or a list of them) names: the ints under its card-bearing keys."""
    found: Counter[Card] = Counter()
    if isinstance(value, list):
        for item in value:
            found += log_cards(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in CARD_KEYS:
                found += Counter(_ints(item))
    return found


def _ints(value: Any) -> Iterable[int]:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _ints(item)


def seat_log(hand: TrickHand, seat: int | None) -> list[dict[str, Any]]:
    """The seat's copy of the events so far (the one redaction point, ``visible_to``)."""
    shown = (event.visible_to(seat, None) for event in hand.typed_events)
    return [event.to_json() for event in shown if event is not None]


# --------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_during_deal_cards_come_one_round_at_a_time_to_every_seat(seed: int) -> None:
    """Q7.3 (ii) 「Declaring during the deal (common in 升级)」; §7.2 deals one card at a time clockwise from the
    first seat: after the deal opens every seat holds its first card, each round gives every seat its next one
    (round r: the pack's cards 4(r−1) … 4r−1, the first seat's first), and every seat acts at once."""
    hand = TrickHand(LIVE, seed)
    rng = random.Random(seed)
    first = rng.randrange(4)
    pack = deck_cards(2)
    rng.shuffle(pack)
    deal = hand.typed_events[0]
    assert isinstance(deal, DealEvent) and deal.paced and deal.first == first == hand.state.first
    assert deal.kitty == tuple(pack[4 * ROUNDS :])
    for number in range(1, ROUNDS + 1):
        assert phase_of(hand) is Phase.DECLARE and hand.state.paced
        assert hand.actors() == frozenset(range(4))
        for k in range(4):
            assert hand.hands[(first + k) % 4][number - 1] == pack[4 * (number - 1) + k]
        assert hand.hands == [list(cards_of(deal)[s][:number]) for s in range(4)]
        last = hand.typed_events[-1]
        assert last == DealtEvent(number, tuple(cards_of(deal)[s][number - 1] for s in range(4)))
        view = observe(hand, (first + 1) % 4).to_json()
        assert view["parts"]["dealing"] == {"round": number, "rounds": ROUNDS, "live": True}
        assert view["cards_left"] == [number] * 4 and view["actors"] == [0, 1, 2, 3]
        if number < ROUNDS:
            pass_round(hand)
    assert [e.number for e in dealt_events(hand)] == list(range(1, ROUNDS + 1))


def test_during_deal_any_seat_may_declare_with_the_cards_it_holds_so_far() -> None:
    """Q7.3 (ii) 「Declaring during the deal」 with D2 「The first declaration may be any ladder entry」: a seat may
    show a level card only once it has been dealt to it; before that the declaration is refused, state unchanged."""
    hand = live_hand(2, {1: {3: "2s"}})
    early = declare(hand, 1, "2s")
    for number in (1, 2):
        pass_to_round(hand, number)
        assert hand.legal_actions(1) == [Pass()]
        assert "you do not hold 2s" in refused(hand, early, 1)
    pass_to_round(hand, 3)
    assert early in hand.legal_actions(1)
    assert all(hand.legal_actions(s) == [Pass()] for s in (0, 2, 3))
    hand.apply(early, 1)
    assert hand.typed_events[-1] == DeclareEvent(1, (card("2s"),), 1, Suit.SPADES)
    assert hand.state.call.standing is not None and hand.state.call.standing.seat == 1
    assert trump_of(hand) == Suit.SPADES and hand.state.dealer == 1
    view = observe(hand, 0).to_json()
    assert view["trump"] == "s" and view["declaration"] == {"seat": 1, "cards": "2s", "strength": 1}
    # a declaration is not the seat's pass: it still acts in this round, and the round waits for it
    assert hand.actors() == frozenset(range(4))
    pass_round(hand, [0, 2, 3])
    assert hand.state.dealing.rounds_dealt == 3 and hand.actors() == frozenset({1})
    hand.apply(Pass(), 1)
    assert hand.state.dealing.rounds_dealt == 4


def test_during_deal_a_pair_overturns_and_a_single_never_does() -> None:
    """D2 「A later declaration (反主) must be a **pair** entry strictly stronger than the current one」 and D3 「A
    single never overturns a single」 still hold while the cards are dealt; D4 the last standing declaration's suit."""
    hand = live_hand(0, {0: {1: "2h", 6: "2h"}, 2: {2: "2d", 3: "2c", 4: "2c"}, 1: {5: "2s", 6: "2s"}, 3: {5: "2d"}})
    hand.apply(declare(hand, 0, "2h"), 0)
    pass_to_round(hand, 2)
    assert "D2/D3" in refused(hand, declare(hand, 2, "2d"), 2)
    assert all(not isinstance(a, Declare) for a in hand.legal_actions(2))
    pass_to_round(hand, 4)
    assert declare(hand, 2, "2c 2c") in hand.legal_actions(2)
    hand.apply(declare(hand, 2, "2c 2c"), 2)
    assert trump_of(hand) == Suit.CLUBS and hand.state.call.strength == 3 and hand.state.dealer == 2
    pass_to_round(hand, 5)
    assert "D2/D3" in refused(hand, declare(hand, 3, "2d"), 3)
    pass_to_round(hand, 6)
    # ♥2 pair (4) beats ♣2 pair (3); then the ♠2 pair (5) beats it; the ♥ pair may not come back (equal or weaker)
    hand.apply(declare(hand, 0, "2h 2h"), 0)
    assert trump_of(hand) == Suit.HEARTS and hand.state.dealer == 0
    hand.apply(declare(hand, 1, "2s 2s"), 1)
    assert trump_of(hand) == Suit.SPADES and hand.state.call.strength == 5 and hand.state.dealer == 1
    assert "does not beat" in refused(hand, declare(hand, 0, "2h 2h"), 0)
    assert [(e.seat, e.strength) for e in hand.typed_events if isinstance(e, DeclareEvent)] == [
        (0, 1), (2, 3), (0, 4), (1, 5),
    ]  # fmt: skip


def test_during_deal_next_round_only_when_every_seat_let_it_go_by() -> None:
    """Q7.3 (ii) 「Declaring during the deal」: the next card comes once every seat has let the round go by; a seat
    that already has is refused 「wait for the next card」, pass or declaration, and nothing changes."""
    hand = live_hand(1, {3: {1: "2c"}})
    for order in ([2, 0, 3], [3, 1, 0]):
        number = hand.state.dealing.rounds_dealt
        pass_round(hand, order)
        assert hand.state.dealing.rounds_dealt == number and [len(h) for h in hand.hands] == [number] * 4
        (waiting,) = set(range(4)) - set(order)
        assert hand.actors() == frozenset({waiting})
        assert hand.legal_actions(order[0]) == []
        reason = refused(hand, Pass(), order[0])
        assert reason == f"seat {order[0]} has let this round of the deal go by: wait for the next card"
        if order[-1] == 3 and number == 1:
            assert "wait for the next card" in refused(hand, declare(hand, 3, "2c"), 3)
        assert isinstance(hand.typed_events[-1], PassEvent)
        hand.apply(Pass(), waiting)
        assert hand.state.dealing.rounds_dealt == number + 1 and hand.actors() == frozenset(range(4))
        assert isinstance(hand.typed_events[-1], DealtEvent)
        assert observe(hand, waiting).to_json()["parts"]["dealing"]["round"] == number + 1


# --------------------------------------------------------------------------- the end of declaring
def test_during_deal_a_declaration_in_the_last_round_opens_one_more_round() -> None:
    """Q7.3 (ii): declaring closes only after a round in which nobody declared, once every card is out; the last
    word on a declaration in the last round is a round without cards.  Then D7 「第一局的庄家由亮主方担任，如果有人
    “反主”，则由“反主”的玩家坐庄」 and D4 「最后亮出的级牌花色即为主花色」."""
    hand = live_hand(0, {3: {25: "2s"}, 1: {10: "2d", 11: "2d"}})
    pass_to_round(hand, ROUNDS)
    hand.apply(declare(hand, 3, "2s"), 3)
    pass_round(hand)
    # one more round, with no cards: everyone acts again
    assert phase_of(hand) is Phase.DECLARE and hand.state.paced and hand.actors() == frozenset(range(4))
    assert len(dealt_events(hand)) == ROUNDS and [len(h) for h in hand.hands] == [ROUNDS] * 4
    assert observe(hand, 2).to_json()["parts"]["dealing"] == {"round": ROUNDS, "rounds": ROUNDS, "live": True}
    hand.apply(declare(hand, 1, "2d 2d"), 1)
    pass_round(hand)
    assert phase_of(hand) is Phase.DECLARE and hand.actors() == frozenset(range(4))  # and another after that overturn
    pass_round(hand)
    assert phase_of(hand) is Phase.BURY and not hand.state.paced
    assert hand.state.dealer == 1 and hand.state.call.holder == 1 and hand.actors() == frozenset({1})
    assert trump_of(hand) == Suit.DIAMONDS
    assert len(hand.hands[1]) == ROUNDS + KITTY and observe(hand, 1).to_json()["parts"]["dealing"]["live"] is False
    assert len(dealt_events(hand)) == ROUNDS


def test_during_deal_declaring_closes_after_the_last_round_when_nobody_declared_in_it() -> None:
    """Q7.3 (ii): a round with no declaration, once every card is out, closes declaring: the declarer of round 10
    is the 庄家 (D7) with its trump (D4) and takes the kitty to bury (§7.2)."""
    hand = live_hand(2, {0: {10: "2h"}})
    pass_to_round(hand, 10)
    hand.apply(declare(hand, 0, "2h"), 0)
    pass_to_round(hand, ROUNDS)
    assert phase_of(hand) is Phase.DECLARE
    pass_round(hand)
    assert phase_of(hand) is Phase.BURY and hand.state.dealer == 0 and hand.state.call.holder == 0
    assert trump_of(hand) == Suit.HEARTS and hand.actors() == frozenset({0})
    assert [len(h) for h in hand.hands] == [ROUNDS + KITTY, ROUNDS, ROUNDS, ROUNDS]


def test_during_deal_red_five_pair_deals_the_rest_and_closes() -> None:
    """§7.3 strength 8: 「可以指定任意花色的牌为主牌或者打无主」 and 「而且别人不可以再反」; D2 「The window closes … at
    once after a ♥5 pair」: the rest of the cards are dealt at once, the declarer names the trump, D9 red5_side."""
    hand = live_hand(3, {2: {2: "5h", 3: "5h"}, 0: {1: "2s", 4: "R", 5: "R"}})
    hand.apply(declare(hand, 0, "2s"), 0)
    pass_to_round(hand, 3)
    assert phase_of(hand) is Phase.DECLARE
    hand.apply(declare(hand, 2, "5h 5h", Suit.CLUBS), 2)
    assert phase_of(hand) is Phase.BURY and not hand.state.paced
    assert [e.number for e in dealt_events(hand)] == list(range(1, ROUNDS + 1))
    assert [len(h) for h in hand.hands] == [ROUNDS, ROUNDS, ROUNDS + KITTY, ROUNDS]
    deal = hand.typed_events[0]
    assert isinstance(deal, DealEvent)
    for seat in (0, 1, 3):
        assert hand.hands[seat] == list(cards_of(deal)[seat])
    assert trump_of(hand) == Suit.CLUBS and hand.state.dealer == 2 and hand.state.call.red5_side == side_of(2)
    assert hand.actors() == frozenset({2}) and observe(hand, 0).to_json()["parts"]["dealing"]["live"] is False


@pytest.mark.parametrize("seed", [0, 5])
def test_during_deal_nobody_declares_first_hand_redeals_paced(seed: int) -> None:
    """§7.4 「First hand of a match: redeal. The first card goes to the same random player.」 The new deal is paced
    too: round 1 is dealt and declaring opens again."""
    hand = TrickHand(LIVE, seed)
    first = hand.state.first
    pass_to_round(hand, ROUNDS)
    pass_round(hand)
    events = hand.typed_events
    redeal = next(i for i, e in enumerate(events) if isinstance(e, RedealEvent))
    again = events[redeal + 1]
    assert isinstance(again, DealEvent) and again.paced and again.first == first
    assert events[redeal + 2] == DealtEvent(1, tuple(cards_of(again)[s][0] for s in range(4)))
    assert len(events) == redeal + 3
    assert phase_of(hand) is Phase.DECLARE and hand.state.paced and hand.actors() == frozenset(range(4))
    assert hand.hands == [[cards_of(again)[s][0]] for s in range(4)]
    assert observe(hand, 0).to_json()["parts"]["dealing"] == {"round": 1, "rounds": ROUNDS, "live": True}


def test_during_deal_nobody_declares_later_hand_flips_the_kitty() -> None:
    """§7.4 「Later hands (doc): turn up the kitty in dealing order」 (「若 “底牌” 中有级牌，则第一张级牌为主」); D7 the
    庄家 stays, and takes the kitty."""
    hand = live_hand(3, dealer=3)
    kitty = hand.state.kitty[:]
    pass_to_round(hand, ROUNDS)
    pass_round(hand)
    flip = hand.typed_events[-1]
    assert flip == FlipEvent(tuple(kitty), kitty_trump(kitty, TWO))
    assert phase_of(hand) is Phase.BURY and hand.state.dealer == 3 and hand.state.call.holder == 3
    assert not any(isinstance(e, RedealEvent) for e in hand.typed_events)


def test_during_deal_later_hand_declaration_changes_the_trump_not_the_dealer() -> None:
    """D7 「Later hands: declarations and 抄底 change the trump and the kitty holder, **not** the 庄家」: a declaration
    during a later hand's deal makes the trump; the 庄家 takes the kitty."""
    hand = live_hand(1, {2: {4: "2d"}}, dealer=1)
    pass_to_round(hand, 4)
    hand.apply(declare(hand, 2, "2d"), 2)
    pass_to_round(hand, ROUNDS)
    pass_round(hand)
    assert phase_of(hand) is Phase.BURY and trump_of(hand) == Suit.DIAMONDS
    assert hand.state.dealer == 1 and hand.state.call.holder == 1


# --------------------------------------------------------------------------- what a seat may see
@pytest.mark.parametrize("seed", [0, 7])
def test_during_deal_a_seat_sees_only_its_own_cards_dealt_so_far(seed: int) -> None:
    """Q7.3 (ii): the cards are dealt a round at a time, so at round r a seat knows its own first r cards and nothing
    more: its view and its copy of the log name exactly those, never another seat's card or one still to come; a
    spectator sees no card at all."""
    hand = TrickHand(LIVE, seed)
    deal = hand.typed_events[0]
    assert isinstance(deal, DealEvent)
    for number in range(1, ROUNDS + 1):
        for seat in range(4):
            own = Counter(cards_of(deal)[seat][:number])
            view = observe(hand, seat).to_json()
            log = seat_log(hand, seat)
            assert log_cards(log) == own, (number, seat)
            assert named_cards(view["hand"]) == Counter(format_card(c) for c in own)
            assert not leaks(view, set(own)), (number, seat)
            named: Counter[str] = Counter()
            for text in (view["hand"], *view["legal"]):
                named |= named_cards(text)
            assert set(named) <= {format_card(c) for c in own}
            assert not any(named_cards(json.dumps(e)) for e in log)  # the log writes cards as numbers only
        assert log_cards(seat_log(hand, None)) == Counter()
        assert not leaks(observe(hand, None).to_json(), set())
        if number < ROUNDS:
            pass_round(hand)


def test_during_deal_declared_cards_are_shown_to_all_but_nothing_else() -> None:
    """D2 a declaration shows its cards (亮主): every seat may then know them, and still nothing else of the
    declarer's hand."""
    hand = live_hand(0, {1: {2: "2s", 3: "2s"}})
    pass_to_round(hand, 3)
    hand.apply(declare(hand, 1, "2s 2s"), 1)
    deal = hand.typed_events[0]
    assert isinstance(deal, DealEvent)
    for seat in (0, 2, 3):
        own = Counter(cards_of(deal)[seat][:3])
        seen = log_cards(seat_log(hand, seat))
        shown = Counter(c % CARDS_PER_DECK for c in (seen - own).elements())
        assert shown == Counter({card("2s"): 2})  # the two 2♠ shown (stored by face, D8), and nothing else
        assert not leaks(observe(hand, seat).to_json(), set(own) | {card("2s"), card("2s") + CARDS_PER_DECK})


# --------------------------------------------------------------------------- logs and replays
def play_out(hand: TrickHand, kind: str, seed: int, most: int = 3000) -> int:
    """Play ``hand`` to its end with ``kind`` bots, the lowest seat acting first; the number of actions."""
    bots = [make_bot(kind, seed * 31 + s, "trick") for s in range(4)]
    for count in range(most):
        if hand.is_over:
            return count
        actors = hand.actors()
        assert actors, f"nobody acts in {hand.phase}"
        seat = min(actors)
        hand.apply(bots[seat].act(observe(hand, seat)), seat)  # refuses (raises) any illegal action
        if hand.state.paced:
            s = hand.state
            assert sum(map(len, s.hands)) + sum(map(len, s.dealing.undealt)) + len(s.kitty) == 108
    raise AssertionError(f"seed {seed}: the hand did not end in {most} actions")


def later_match(seed: int) -> MatchState:
    """A first hand or a later hand, by seed."""
    if seed % 2 == 0:
        return MatchState()
    return MatchState(sides=(SideLevel(seed % 12), SideLevel((seed // 3) % 12)), dealer=seed % 4)


@pytest.mark.parametrize("kind", ["rule", "random"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_during_deal_hands_replay_from_their_log(kind: str, seed: int) -> None:
    """The log holds the deals (paced), the declarations and passes: through JSON it replays to the identical events
    and result, and a replay stopped during the deal agrees with the hand at that point."""
    hand = TrickHand(LIVE, seed, later_match(seed))
    play_out(hand, kind, seed)
    log = json.loads(json.dumps(game_log(hand)))
    assert log["rules"]["trick"]["declaration_window"] == "during_deal"
    deals = [e for e in log["events"] if e["type"] == "deal"]
    assert deals and all(e["paced"] is True for e in deals)
    again = replay(log)
    assert again.events == hand.events and again.result == hand.result
    stop = next(i for i, e in enumerate(log["events"]) if e["type"] == "dealt" and e["number"] == 14) + 1
    partial = replay(log, stop=stop)
    assert partial.events == hand.events[:stop]
    assert partial.state.dealing.rounds_dealt == 14 and partial.state.paced
    assert observe(partial, 0).to_json()["parts"]["dealing"] == {"round": 14, "rounds": ROUNDS, "live": True}


def test_after_deal_log_is_unchanged_no_paced_key_no_dealt_events() -> None:
    """Q7.3 (c) 「Turn-based (D2)」 is the default: its deal is logged as before, without a ``paced`` key, and no
    round-by-round events."""
    assert CHAODIPI.trick is not None and CHAODIPI.trick.declaration_window is DeclarationWindow.AFTER_DEAL
    for seed in range(3):
        hand = TrickHand(CHAODIPI, seed)
        play_out(hand, "rule", seed)
        log = game_log(hand)
        text = json.dumps(log)
        assert '"paced"' not in text and '"dealt"' not in text
        for event in log["events"]:
            if event["type"] == "deal":
                assert list(event) == ["type", "first", "hands", "kitty"]
        assert observe(hand, 0).to_json()["parts"] == {}  # a table dealt at once has no paced deal
        assert replay(json.loads(text)).events == hand.events


@pytest.mark.parametrize("kind", ["random", "rule"])
def test_during_deal_bot_hands_end_with_every_card_conserved(kind: str) -> None:
    """§7.1 「两副牌」: 108 cards, 100 dealt and 8 in the kitty; a hand dealt round by round, declared on by bots (the
    rule bot waits for half the deal), ends with every card played or in the kitty."""
    pack = Counter(deck_cards(2))
    for seed in range(100):
        hand = TrickHand(LIVE, seed, later_match(seed))
        play_out(hand, kind, seed)
        assert hand.result is not None and sum(hand.result.scores) == 0
        played = Counter(c for e in hand.typed_events if isinstance(e, PlayEvent) for c in e.cards)
        assert sum(played.values()) == 100 and len(hand.state.kitty) == KITTY
        assert played + Counter(hand.state.kitty) == pack
        if kind == "rule":
            first_declare = next((i for i, e in enumerate(hand.typed_events) if isinstance(e, DeclareEvent)), None)
            if first_declare is not None:
                rounds = [e.number for e in hand.typed_events[:first_declare] if isinstance(e, DealtEvent)]
                assert 2 * rounds[-1] >= ROUNDS  # never on less than half the deal


# --------------------------------------------------------------------------- 扛旗
def test_during_deal_kangqi_hand_shows_each_seat_its_own_whole_hand() -> None:
    """§7.13 / G2: a 扛旗 hand has no declaring and deals every card at once, so the deal is not paced: each seat's
    copy of the log shows it its own 27 cards (as under the after-deal window)."""
    match = MatchState(sides=(SideLevel(11, kangqi=True), SideLevel(5)), dealer=0)
    hand = TrickHand(LIVE, 3, match)
    assert phase_of(hand) is Phase.PLAY and observe(hand, 0).to_json()["parts"] == {}
    for seat in range(4):
        assert log_cards(seat_log(hand, seat)) == Counter(hand.hands[seat]), seat
