"""Classic Dou Dizhu, one hand: auction, bottom, trick loop, end and scoring.

Rules: other-games.md §0.3 C2 (trick loop), C3 (end of hand), C7 (multipliers) and §3
(3.1 setup, 3.2 hand state machine, 3.6 scoring, 3.7 cases 13-15, Q3.1-Q3.3, Q3.10, Q3.11).
Seats: ``next(p) = (p + 1) % 3``; in an auction written A, B, C, A is the first bidder.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest
from scenario import Scenario

from paiju.bots import make_bot, play_out
from paiju.cards import card_rank, parse_cards, parse_ranks
from paiju.climbing import Bid, Deal, Game, Pass, Play, observe
from paiju.errors import IllegalMoveError
from paiju.patterns import Move, classify_ranks
from paiju.variants import Variant, get_variant

CLASSIC: Variant = get_variant("classic")

# --------------------------------------------------------------------------- helpers


def make_deal(hands: Sequence[str], bottom: str, first: int = 0) -> Deal:
    """A deal from notation; a hand shorter than 17 cards is topped up from the unused cards.

    ``first`` is the seat that receives the marker card (so it bids first).
    """
    assert len(parse_cards(bottom)) == 3, bottom
    return Scenario(CLASSIC).hands(*hands).bottom(bottom).first_bidder(first).build(seed=None)


def scripted(deal: Deal | Sequence[Deal], variant: Variant = CLASSIC) -> Game:
    """A hand dealt exactly as scripted (several deals: one per redeal)."""
    deals = [deal] if isinstance(deal, Deal) else list(deal)
    return Game(variant, seed=0, dealer=0, deals=deals)


def move_of(text: str, kind: str | None = None, variant: Variant = CLASSIC) -> Move:
    """The one move (of ``kind``, if given) made by exactly these ranks."""
    moves = classify_ranks(variant, tuple(sorted(parse_ranks(text))))
    if kind is not None:
        moves = [m for m in moves if m.kind == kind]
    assert len(moves) == 1, f"{text!r} reads as {moves}"
    return moves[0]


def bid(g: Game, *calls: int | None) -> None:
    """Run auction calls in turn order: a number bids it, ``None`` passes."""
    for call in calls:
        g.apply(Pass() if call is None else Bid(call), seat=g.to_act)


def play(g: Game, *texts: str | None) -> None:
    """Play moves in turn order: notation plays those ranks, ``None`` passes."""
    for text in texts:
        g.apply(Pass() if text is None else Play(move_of(text)), seat=g.to_act)


def snapshot(g: Game) -> dict[str, Any]:
    """Everything a refused action must leave unchanged."""
    return {
        "events": copy.deepcopy(g.events),
        "hands": [sorted(h) for h in g.hands],
        "bottom": sorted(g.state.bottom),
        "to_act": g.to_act,
        "phase": g.phase,
        "trick": g.state.play.trick,
        "high_bid": g.state.stake.bid,
        "landlord": g.landlord,
        "doublings": g.state.stake.doublings,
        "legal": list(g.legal_actions()),
        "deal_count": g.state.deal_count,
    }


def assert_refused(g: Game, action: Any, seat: int | None = None, match: str | None = None) -> str:
    """``action`` raises IllegalMoveError with a reason and changes nothing; returns the reason."""
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match=match) as err:
        g.apply(action, seat=seat)
    assert str(err.value).strip(), "the refusal must say why"
    assert snapshot(g) == before
    return str(err.value)


def ranks_of(text: str) -> list[int]:
    """Sorted rank indices of notation."""
    return sorted(parse_ranks(text))


def random_games(count: int, variant: Variant = CLASSIC) -> list[Game]:
    """Finished hands between random bots, seeded 0 … count-1."""
    games = []
    for seed in range(count):
        g = Game.new(variant, seed=seed)
        play_out(g, [make_bot("random", seed * 3 + s) for s in range(3)])
        games.append(g)
    return games


# Trick position: seat 0 is the landlord (bids 3), seat 1 holds the pairs and the bomb,
# seat 2 gets the rest (including both jokers).
L_HAND = "3 3 3 4 5 5 6 7 T T J Q K A 2 2 2"
F1_HAND = "4 4 5 5 6 6 7 8 8 8 8 9 9 9 J Q K"
TRICK_BOTTOM = "A A T"


def trick_game() -> Game:
    """Seat 0 has bid 3 and holds 20 cards; seat 0 to lead."""
    g = scripted(make_deal([L_HAND, F1_HAND, ""], TRICK_BOTTOM, first=0))
    bid(g, 3)
    return g


# --------------------------------------------------------------------------- §3.1 / §3.2 DEAL


def test_deal_gives_17_each_and_3_bottom() -> None:
    """§3.1: 54 cards, 17 to each of 3 players and 3 bottom cards face down."""
    for seed in range(50):
        g = Game.new(CLASSIC, seed=seed)
        assert [len(h) for h in g.hands] == [17, 17, 17]
        assert len(g.state.bottom) == 3
        everything = [c for h in g.hands for c in h] + list(g.state.bottom)
        assert sorted(everything) == list(range(54))
        assert g.phase == "bid"


def test_first_bidder_holds_the_marker_card() -> None:
    """§3.2 DEAL / Q3.1: 'The holder of the marker bids first.'"""
    for first in range(3):
        deal = make_deal(["", "", ""], "3 4 5", first=first)
        g = scripted(deal)
        assert g.state.first_bidder == first
        assert g.to_act == first
        assert observe(g, (first + 1) % 3).marker == deal.marker
    seen = [0, 0, 0]
    for seed in range(300):
        g = Game.new(CLASSIC, seed=seed)
        marker = g.events[0]["marker"]
        assert marker in g.hands[g.state.first_bidder]
        assert g.to_act == g.state.first_bidder
        seen[g.state.first_bidder] += 1
    # Q3.1: uniform among the 51 dealt cards, so every seat bids first about a third of the time.
    assert all(n >= 70 for n in seen), seen


def test_marker_is_never_in_the_bottom() -> None:
    """Q3.1 (iii): the marker is chosen among the 51 cards that go to players, never the bottom."""
    for seed in range(500):
        g = Game.new(CLASSIC, seed=seed)
        marker = g.events[0]["marker"]
        assert marker not in g.state.bottom
        assert any(marker in h for h in g.hands)


# --------------------------------------------------------------------------- §3.2 BID


def test_a_bid_must_be_higher() -> None:
    """§3.2 BID: 'p passes, or bids v in {1,2,3} with v > high'."""
    g = scripted(make_deal(["", "", ""], "3 4 5", first=1))
    assert g.legal_actions() == [Pass(), Bid(1), Bid(2), Bid(3)]
    bid(g, 2)
    assert g.to_act == 2
    assert g.legal_actions() == [Pass(), Bid(3)]
    assert_refused(g, Bid(1), match="higher")
    assert_refused(g, Bid(2), match="higher")
    assert_refused(g, Bid(4))
    assert_refused(g, Bid(0))
    bid(g, 3)
    assert (g.landlord, g.state.stake.bid) == (2, 3)


def test_only_bids_and_passes_during_the_auction() -> None:
    """§3.2: the BID phase comes before PLAY; cards cannot be played until the auction ends."""
    g = scripted(make_deal([L_HAND, F1_HAND, ""], TRICK_BOTTOM, first=0))
    assert_refused(g, Play(move_of("3")))
    assert all(isinstance(a, (Bid, Pass)) for a in g.legal_actions())
    bid(g, 3)
    assert_refused(g, Bid(3))
    assert all(isinstance(a, Play) for a in g.legal_actions())


def test_bid_of_three_ends_the_auction() -> None:
    """§3.2 BID: 'if v == 3: stop' (「某人叫了3分」)."""
    g = scripted(make_deal(["", "", ""], "3 4 5", first=0))
    bid(g, 3)
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 0, 3)
    g = scripted(make_deal(["", "", ""], "3 4 5", first=1))
    bid(g, 1, 3)  # A (seat 1) bids 1, B (seat 2) bids 3: nobody else may speak
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 2, 3)
    assert [e["type"] for e in g.events] == ["deal", "bid", "bid", "landlord"]


def test_two_passes_after_a_bid_end_the_auction() -> None:
    """§3.7 case 13: A:1, B:pass, C:2, A:pass, B:pass → C is landlord with contract 2."""
    g = scripted(make_deal(["", "", ""], "3 4 5", first=1))  # A = 1, B = 2, C = 0
    bid(g, 1, None, 2, None)
    assert g.phase == "bid"
    assert g.to_act == 2
    bid(g, None)
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 0, 2)
    assert g.state.deal_count == 1


def test_a_single_pass_after_a_bid_does_not_end_the_auction() -> None:
    """§3.2 BID: 'if holder is not None and consecutive_passes == 2: stop', not before."""
    g = scripted(make_deal(["", "", ""], "3 4 5", first=0))
    bid(g, 1, None)
    assert g.phase == "bid" and g.to_act == 2
    bid(g, 2, None)  # the bid resets the count: one pass again
    assert g.phase == "bid" and g.to_act == 1


def test_pass_is_not_final_literal_auction() -> None:
    """Q3.3 (i): 'A:1, B:pass, C:2, A:pass, B:3 is legal' — a pass is not final."""
    g = scripted(make_deal(["", "", ""], "3 4 5", first=0))  # A = 0, B = 1, C = 2
    bid(g, 1, None, 2, None)
    assert g.to_act == 1
    assert Bid(3) in g.legal_actions()
    bid(g, 3)
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 1, 3)
    g = scripted(make_deal(["", "", ""], "3 4 5", first=0))
    bid(g, None, None, 1)  # A and B passed, C bid: A may still raise
    assert g.phase == "bid" and g.to_act == 0
    bid(g, 2, None, None)
    assert (g.landlord, g.state.stake.bid) == (0, 2)


def test_single_round_auction_option() -> None:
    """Q3.3 option (ii) ``single_round_auction``: each player bids at most once."""
    once = CLASSIC.with_changes(single_round_auction=True)
    g = scripted(make_deal(["", "", ""], "3 4 5", first=0), once)
    bid(g, 1, None, 2)  # A:1, B:pass, C:2 — A does not get a second turn
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 2, 2)
    g = scripted(make_deal(["", "", ""], "3 4 5", first=0), once)
    bid(g, None, None, 1)  # C's bid ends it: A and B have had their turn
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 2, 1)
    g = scripted(make_deal(["", "", ""], "3 4 5", first=2), once)
    bid(g, 1, 2, None)
    assert (g.phase, g.landlord, g.state.stake.bid) == ("play", 0, 2)
    g = scripted(
        [make_deal(["", "", ""], "3 4 5", first=0), make_deal(["", "", ""], "6 7 8", first=1)], once
    )
    bid(g, None, None, None)
    assert (g.phase, g.state.deal_count, g.to_act) == ("bid", 2, 1)


def test_three_passes_redeal_with_new_marker() -> None:
    """§3.7 case 14 / Q3.11: A:pass, B:pass, C:pass → 荒牌, redeal with a new marker card."""
    first = make_deal(["", "", ""], "3 4 5", first=1)
    second = make_deal(["R B 2 2", "", ""], "6 7 8", first=2)
    g = scripted([first, second])
    bid(g, None, None)
    assert g.state.deal_count == 1 and g.phase == "bid"
    bid(g, None)
    assert g.state.deal_count == 2
    assert (g.phase, g.landlord, g.state.stake.bid) == ("bid", None, 0)
    assert [sorted(h) for h in g.hands] == [sorted(h) for h in second.hands]
    assert sorted(g.state.bottom) == sorted(second.bottom)
    assert g.state.first_bidder == 2 and g.to_act == 2
    types = [e["type"] for e in g.events]
    assert types == ["deal", "pass", "pass", "pass", "redeal", "deal"]
    assert g.events[-1]["marker"] == second.marker
    assert g.legal_actions() == [Pass(), Bid(1), Bid(2), Bid(3)]


def test_redeal_draws_a_fresh_shuffle_and_marker() -> None:
    """Q3.11: 'Use a new marker card in the redeal (Q3.1)' — the redeal is a new random deal."""
    moved = 0
    for seed in range(300):
        g = Game.new(CLASSIC, seed=seed)
        old_first, old_hands = g.state.first_bidder, [sorted(h) for h in g.hands]
        bid(g, None, None, None)
        assert g.state.deal_count == 2
        assert [sorted(h) for h in g.hands] != old_hands
        marker = g.events[-1]["marker"]
        assert marker in g.hands[g.state.first_bidder] and marker not in g.state.bottom
        assert g.to_act == g.state.first_bidder
        moved += g.state.first_bidder != old_first
    assert moved >= 150, moved  # about 2/3 of 300 if the new marker is uniform


# --------------------------------------------------------------------------- §3.2 BOTTOM


def test_landlord_takes_and_shows_the_bottom() -> None:
    """§3.1/§3.2 BOTTOM: 'The landlord takes the 3 bottom cards (20 cards); they are shown to the farmers.'"""
    deal = make_deal(["", "", ""], "B R 2", first=0)
    g = scripted(deal)
    for seat in range(3):
        assert observe(g, seat).bottom == ()
        assert observe(g, seat).to_json()["bottom"] == ""
    bid(g, 1, 2, None, None)  # seat 1 is landlord with 2
    assert g.landlord == 1
    assert [len(h) for h in g.hands] == [17, 20, 17]
    assert set(deal.bottom) <= set(g.hands[1])
    for seat in range(3):
        obs = observe(g, seat)
        assert sorted(obs.bottom) == sorted(deal.bottom)
        assert set(parse_cards(obs.to_json()["bottom"])) == set(deal.bottom)
        assert obs.cards_left == (17, 20, 17)
        assert obs.landlord == 1


# --------------------------------------------------------------------------- §3.2 PLAY / C2


def test_landlord_leads() -> None:
    """§3.1 'First lead: the landlord (「地主先出牌」)'."""
    g = scripted(make_deal(["", "", ""], "3 4 5", first=1))
    bid(g, 1, None, 2, None, None)  # case 13: seat 0 becomes landlord
    assert g.landlord == 0
    assert g.phase == "play" and g.to_act == 0
    assert g.state.is_leading()
    lead = g.legal_actions()[0]
    assert isinstance(lead, Play)
    assert_refused(g, lead, seat=1, match="turn")


def test_leader_may_not_pass() -> None:
    """C2: 'The leader must play (a pass is not allowed).'"""
    g = trick_game()
    assert Pass() not in g.legal_actions()
    assert g.legal_actions() and all(isinstance(a, Play) for a in g.legal_actions())
    assert_refused(g, Pass(), match="lead")
    play(g, "3", "4", None, None)  # seat 1 won the trick and now leads
    assert g.to_act == 1
    assert Pass() not in g.legal_actions()
    assert_refused(g, Pass(), match="lead")


def test_pass_does_not_forfeit_later_turns() -> None:
    """C2: 'A pass does not forfeit later turns in the same trick' (「這次不出并不意味著放棄下次出牌的權利」)."""
    g = trick_game()
    f2_single = min(card_rank(c) for c in g.hands[2] if card_rank(c) > 0)
    play(g, "3", None)  # landlord leads 3, seat 1 passes
    g.apply(Play(classify_ranks(CLASSIC, (f2_single,))[0]), seat=2)
    play(g, None)  # landlord passes: one pass since seat 2's play
    assert g.to_act == 1
    assert g.state.play.trick is not None and g.state.play.trick.seat == 2
    assert Pass() in g.legal_actions()
    assert Play(move_of("9")) in g.legal_actions()
    play(g, "9")
    assert g.state.play.trick is not None and g.state.play.trick.seat == 1


def test_two_passes_end_the_trick_and_last_player_leads() -> None:
    """C2/§3.2 PLAY: 'The trick ends after two consecutive passes'; 'The last player to play leads anything'."""
    g = trick_game()
    play(g, "3", "4", None)
    assert g.to_act == 0 and not g.state.is_leading()  # one pass does not end it
    play(g, None)
    assert g.to_act == 1
    assert g.state.is_leading() and g.state.play.trick is None
    legal = g.legal_actions()
    assert Pass() not in legal
    kinds = {a.move.kind for a in legal if isinstance(a, Play)}
    assert {"single", "pair", "triple", "bomb", "straight"} <= kinds
    play(g, "66")  # anything: a pair after a trick of singles
    assert g.state.play.trick is not None and g.state.play.trick.move == move_of("66")


def test_follow_needs_same_kind_and_count_higher_or_bomb() -> None:
    """§3.3 / C4: same type, same number of cards and higher, or a bomb; a rocket beats anything."""
    g = trick_game()
    play(g, "55")
    for text, why in [
        ("9", "single on a pair"),
        ("44", "lower pair"),
        ("55", "equal pair never beats"),
        ("999", "triple on a pair"),
        ("45678", "straight on a pair"),
    ]:
        reason = assert_refused(g, Play(move_of(text)), seat=1)
        assert "beat" in reason, (text, why, reason)
    for a in g.legal_actions():
        if isinstance(a, Play):
            assert (a.move.kind == "pair" and a.move.key > card_rank(parse_cards("5")[0])) or (
                a.move.is_bomb
            ), a
    assert Play(move_of("66")) in g.legal_actions()
    play(g, "8888")  # a bomb beats a pair
    assert g.to_act == 2
    assert_refused(g, Play(move_of("77")), seat=2)
    assert [a.move.kind for a in g.legal_actions() if isinstance(a, Play)] == ["joker-bomb"]
    play(g, "BR")  # the rocket beats the bomb
    assert g.state.play.trick is not None and g.state.play.trick.seat == 2

    g = trick_game()
    play(g, "34567")
    assert_refused(g, Play(move_of("456789")), seat=1)  # longer straight: different count
    assert Play(move_of("45678")) in g.legal_actions()
    g = trick_game()
    play(g, "3334")
    assert_refused(g, Play(move_of("99944")), seat=1)  # three-with-pair on three-with-one
    assert Play(move_of("9994")) in g.legal_actions()


def test_playing_cards_not_held_is_refused() -> None:
    """§3.2 PLAY: a player plays cards from their own hand; anything else is refused."""
    g = trick_game()
    play(g, "3")
    assert_refused(g, Play(move_of("2")), seat=1)  # seat 1 holds no 2
    assert_refused(g, Play(move_of("BR")), seat=1)
    nine = card_rank(parse_cards("9")[0])
    someone_elses_nine = next(c for c in g.hands[2] + g.hands[0] if card_rank(c) == nine)
    assert_refused(g, Play(move_of("9"), (someone_elses_nine,)), seat=1)
    own_nine = next(c for c in g.hands[1] if card_rank(c) == card_rank(someone_elses_nine))
    assert_refused(g, Play(move_of("9"), (own_nine, own_nine)), seat=1)
    g.apply(Play(move_of("9"), (own_nine,)), seat=1)
    assert own_nine not in g.hands[1]
    assert g.events[-1]["cards"] == [own_nine]


def test_acting_out_of_turn_is_refused() -> None:
    """§3.2 / C2: players act in turn order (next(p) = p+1); another seat's action is refused."""
    g = scripted(make_deal([L_HAND, F1_HAND, ""], TRICK_BOTTOM, first=0))
    assert_refused(g, Bid(1), seat=1, match="turn")
    assert_refused(g, Pass(), seat=2, match="turn")
    bid(g, 3)
    assert_refused(g, Play(move_of("4")), seat=1, match="turn")
    play(g, "3")
    assert_refused(g, Pass(), seat=0, match="turn")
    assert_refused(g, Play(move_of("9")), seat=2, match="turn")
    play(g, None)
    assert g.to_act == 2


def test_actions_follow_turn_order() -> None:
    """C5/§3.1: play is counterclockwise, next(p) = (p + 1) mod 3, in the auction and in tricks."""
    g = scripted(make_deal([L_HAND, F1_HAND, ""], TRICK_BOTTOM, first=2))
    order = []
    for call in (None, None, 1, None):
        order.append(g.to_act)
        bid(g, call)
    assert order == [2, 0, 1, 2]
    g = trick_game()
    order = []
    for text in ("3", "4", None, "5"):
        order.append(g.to_act)
        play(g, text)
    assert order == [0, 1, 2, 0]


# --------------------------------------------------------------------------- C3 / §3.2 END


# Case 15 position: seat 0 wins alone with K, R, 3333, 456789TJQKA, 222; seat 1 holds an A.
CASE15_L = "K R 3 3 3 3 4 5 6 7 8 9 T J Q K A"
CASE15_F1 = "A 4 4 4 5 5 5 6 6 6 7 7 7 8 8 8 9"
CASE15_BOTTOM = "2 2 2"


def case15_game(variant: Variant = CLASSIC) -> Game:
    """Contract 2 for seat 0, played out to the landlord's win with one bomb."""
    g = scripted(make_deal([CASE15_L, CASE15_F1, ""], CASE15_BOTTOM, first=0), variant)
    bid(g, 2, None, None)
    play(g, "K", "A", None, "R", None, None, "3333", None, None, "456789TJQKA", None, None, "222")
    return g


def test_hand_ends_when_a_player_goes_out() -> None:
    """C3: 'The hand ends the moment a player plays their last card. That player's side wins.'"""
    g = scripted(make_deal([CASE15_L, CASE15_F1, ""], CASE15_BOTTOM, first=0))
    bid(g, 2, None, None)
    play(g, "K", "A", None, "R", None, None, "3333", None, None, "456789TJQKA", None, None)
    assert g.phase == "play" and g.result is None and len(g.hands[0]) == 3
    play(g, "222")
    assert g.phase == "over"
    assert g.hands[0] == []
    assert [len(h) for h in g.hands[1:]] == [16, 17]
    assert g.result is not None and g.result.winner == 0 and g.result.landlord_won
    assert g.legal_actions() == []
    assert g.events[-1]["type"] == "end"
    assert_refused(g, Pass(), match="over")
    assert_refused(g, Play(move_of("4")), match="over")
    assert_refused(g, Pass(), seat=1)


# --------------------------------------------------------------------------- §3.6 SCORE / C7


def test_score_doubles_per_bomb_or_rocket_played() -> None:
    """§3.6: stake = contract × 2**k, k = bombs + rockets played; case 15 and the 24/48 doc example."""
    g = scripted(make_deal([CASE15_L, CASE15_F1, ""], CASE15_BOTTOM, first=0))
    bid(g, 2, None, None)
    play(g, "K", "A", None, "R", None, None)
    assert g.state.stake.doublings == 0 and observe(g, 1).multiplier == 1
    play(g, "3333")
    assert g.state.stake.doublings == 1 and observe(g, 1).multiplier == 2
    play(g, None, None, "456789TJQKA", None, None, "222")
    r = g.result
    assert r is not None
    assert (r.bid, r.doublings, r.stake) == (2, 1, 4)
    assert r.scores == (8, -4, -4)  # §3.7 case 15: each farmer pays 4, the landlord gets +8

    # Doc example: contract 3, 2 bombs + 1 rocket → 24 per farmer, 48 in total.
    doc = make_deal(["3 3 3 3 4 4 4 4 B R 5 6 7 8 9 T J", "2 2", ""], "Q K A", first=0)
    g = scripted(doc)
    bid(g, 3)
    play(g, "3333", None, None, "4444", None, None, "BR", None, None)
    assert g.state.stake.doublings == 3 and g.state.stake.multiplier == 8
    play(g, "56789TJQKA")
    r = g.result
    assert r is not None
    assert (r.bid, r.doublings, r.stake) == (3, 3, 24)
    assert r.scores == (48, -24, -24)


def test_bombs_kept_in_hand_do_not_double() -> None:
    """C7: 'Only bombs or rockets actually played count towards multipliers. Bombs kept in hand do not.'"""
    deal = make_deal(
        ["3 4 5 6 7 8 9 T J Q K A 3 4 5 6 7", "2 2 2 2 B R J J J Q Q Q K K K A A", ""],
        "8 9 T",
        first=0,
    )
    g = scripted(deal)
    bid(g, 1, None, None)
    play(g, "3456789TJQKA", None, None)
    assert g.state.stake.multiplier == 1
    play(g, "345678 9T")
    r = g.result
    assert r is not None and r.landlord_won
    assert (r.doublings, r.stake, r.scores) == (0, 1, (2, -1, -1))
    assert sorted(card_rank(c) for c in g.hands[1]).count(card_rank(parse_cards("2")[0])) == 4


def test_four_with_two_is_not_a_bomb_for_doubling() -> None:
    """§3.6/C7: only a bomb (four alone) or a rocket doubles; four-with-two (13a) is another pattern."""
    deal = make_deal(["3 3 3 3 2 2 5 6 7 8 9 T J Q K A 4", "", ""], "4 4 2", first=0)
    g = scripted(deal)
    bid(g, 1, None, None)
    g.apply(Play(move_of("333322", kind="four+two-singles")), seat=0)
    assert g.state.stake.doublings == 0
    play(g, None, None, "56789TJQKA", None, None, "4442")
    r = g.result
    assert r is not None and r.landlord_won
    assert (r.doublings, r.stake, r.scores) == (0, 1, (2, -1, -1))


# Farmers' win: seat 0 bids 3 and leads a 3; seat 1 bombs with 2222, runs 3…A and goes out with 4.
FARMER_WIN_F1 = "2 2 2 2 3 4 5 6 7 8 9 T J Q K A 4"


def farmers_win_game(variant: Variant = CLASSIC) -> Game:
    """Seat 0 is landlord on 3, seat 1 goes out after a bomb; seat 0 played one card."""
    g = scripted(make_deal(["3", FARMER_WIN_F1, ""], "5 6 7", first=0), variant)
    bid(g, 3)
    play(g, "3", "2222", None, None, "3456789TJQKA", None, None, "4")
    return g


def test_farmers_win_together() -> None:
    """§3.2 END/§3.6: a farmer going out wins for both farmers; 'the landlord pays stake to each farmer'."""
    g = farmers_win_game()
    r = g.result
    assert r is not None
    assert (r.winner, r.landlord_won) == (1, False)
    assert len(g.hands[2]) == 17  # seat 2 never played, and still wins
    assert (r.bid, r.doublings, r.stake) == (3, 1, 6)
    assert r.scores == (-12, 6, 6)
    assert r.scores[1] == r.scores[2]


def test_landlord_wins_alone() -> None:
    """§3.6: 'If the landlord goes out first, each farmer pays stake to the landlord, who gains 2 × stake.'"""
    r = case15_game().result
    assert r is not None
    assert (r.winner, r.landlord_won) == (0, True)
    assert r.scores[0] == 2 * r.stake and r.scores[1] == r.scores[2] == -r.stake


def spring_game(variant: Variant = CLASSIC) -> Game:
    """The doc-example hand: the landlord goes out and the farmers never play a card (春天)."""
    doc = make_deal(["3 3 3 3 4 4 4 4 B R 5 6 7 8 9 T J", "2 2", ""], "Q K A", first=0)
    g = scripted(doc, variant)
    bid(g, 3)
    play(g, "3333", None, None, "4444", None, None, "BR", None, None, "56789TJQKA")
    return g


def test_no_spring_by_default() -> None:
    """Q3.10: 'No spring by default (flag spring=False)' — 春天/反春天 hands score as usual."""
    assert CLASSIC.climbing.spring is False
    r = spring_game().result
    assert r is not None and r.spring is False
    assert (r.stake, r.scores) == (24, (48, -24, -24))
    r = farmers_win_game().result  # 反春天 shape: the landlord played one card only
    assert r is not None and r.spring is False
    assert (r.stake, r.scores) == (6, (-12, 6, 6))


def test_spring_option_doubles() -> None:
    """Q3.10 option ``spring``: 'the common online ×2 for 春天/反春天'."""
    spring = CLASSIC.with_changes(spring=True)
    r = spring_game(spring).result
    assert r is not None and r.spring is True
    assert (r.stake, r.scores) == (48, (96, -48, -48))
    r = farmers_win_game(spring).result  # 反春天: the landlord only made the first lead
    assert r is not None and r.spring is True
    assert (r.stake, r.scores) == (12, (-24, 12, 12))
    r = case15_game(spring).result  # a farmer played an A: no spring
    assert r is not None and r.spring is False
    assert (r.stake, r.scores) == (4, (8, -4, -4))


def test_scores_sum_to_zero() -> None:
    """§3.6: farmers pay or receive the stake each and the landlord the opposite 2 × stake: zero-sum."""
    games = random_games(200) + [case15_game(), farmers_win_game(), spring_game()]
    for g in games:
        r = g.result
        assert r is not None and g.landlord is not None
        assert sum(r.scores) == 0
        farmers = [s for s in range(3) if s != g.landlord]
        # "Both farmers always win or lose the same amount."
        assert r.scores[farmers[0]] == r.scores[farmers[1]]
        sign = 1 if r.landlord_won else -1
        assert r.scores[g.landlord] == 2 * sign * r.stake


def test_stake_is_contract_times_two_per_bomb_played() -> None:
    """§3.6/C7: stake = contract × 2**k, k = bombs plus rockets played (counted from the plays)."""
    bombs_seen = 0
    for g in random_games(200):
        r = g.result
        assert r is not None
        k = sum(1 for e in g.events if e["type"] == "play" and e["kind"] in ("bomb", "joker-bomb"))
        bombs_seen += k
        assert r.doublings == k
        assert r.bid == g.state.stake.bid
        assert r.stake == g.state.stake.bid * 2**k
    assert bombs_seen > 0


def test_winner_has_no_cards_left() -> None:
    """C3/§3.2 END: the side of the player who goes out first wins; the hand stops right there."""
    for g in random_games(100):
        r = g.result
        assert r is not None and g.landlord is not None
        assert g.hands[r.winner] == []
        assert all(h for s, h in enumerate(g.hands) if s != r.winner)
        assert r.landlord_won == (r.winner == g.landlord)
        assert g.events[-1]["type"] == "end"
        last_play = [e for e in g.events if e["type"] == "play"][-1]
        assert last_play["seat"] == r.winner
