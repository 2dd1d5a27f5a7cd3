"""四人斗地主, four-player Dou Dizhu on two decks: the deal, the bottom kept unseen, the 1/2/3 auction for four, its
pattern list and bomb ladder, the trick for four and its scoring.

Rules: other-games.md §4 (4.1 setup, 4.2 hand state machine, 4.3 patterns, 4.4 comparison, 4.5 scoring, 4.6 test
cases 1-12, Q4.1-Q4.9), on top of §3.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from scenario import Scenario

from paiju.bots import make_bot, play_out
from paiju.cards import deck_cards, parse_ranks
from paiju.cli import main
from paiju.climbing import Bid, Game, Pass, PhaseName, Play, game_log, observe, replay
from paiju.climbing.events import Facts
from paiju.climbing.phases.settle import ClassicSettle
from paiju.climbing.phases.step import Finish
from paiju.climbing.state import Factor
from paiju.patterns import Move, beats, classify_ranks
from paiju.variants import Variant, get_variant

V: Variant = get_variant("four-player")


def move_of(text: str) -> Move:
    """The one move these ranks make on the four-player table."""
    moves = classify_ranks(V, tuple(sorted(parse_ranks(text))))
    assert len(moves) == 1, f"{text!r} reads as {moves}"
    return moves[0]


def legal(text: str) -> bool:
    """Whether these ranks make any pattern of the four-player table."""
    return bool(classify_ranks(V, tuple(sorted(parse_ranks(text)))))


# --------------------------------------------------------------------------- §4.1 setup


@pytest.mark.parametrize("seed", range(6))
def test_four_player_deals_twenty_five_each_and_eight_bottom_cards_from_two_decks(seed: int) -> None:
    """§4.1: 「每個玩家發25張牌，留8張底牌給地主」 from 2 decks with 2 大怪 and 2 小怪 (108 cards)."""
    game = Game.new(V, seed=seed)
    assert [len(h) for h in game.hands] == [25] * 4 and len(game.state.bottom) == 8
    everything = [c for h in game.hands for c in h] + list(game.state.bottom)
    assert Counter(everything) == Counter(deck_cards(2))


def test_the_landlord_takes_the_eight_bottom_cards_without_showing_them() -> None:
    """§4.1, Q4.7: 「四人斗地主中，地主不需要把8張底牌亮出來」 — the landlord has 33 cards and nobody else sees the bottom,
    in its view or its copy of the log."""
    game = Game.new(V, seed=4)
    game.apply(Bid(3), game.to_act)
    landlord = game.landlord
    assert landlord is not None and len(game.hands[landlord]) == 33
    bottom = set(game.state.bottom)
    for seat in [*range(4), None]:
        view = observe(game, seat)
        if seat == landlord:
            assert set(view.bottom) == bottom
            continue
        assert view.bottom == () and not bottom & set(view.hand)
        taken = next(e for e in game.typed_events if e.kind == "landlord").visible_to(seat, game.facts())
        assert isinstance(game.facts(), Facts) and taken is not None and taken.to_json()["bottom"] is None


# --------------------------------------------------------------------------- §4.2 the auction for four (Q4.1)


def test_a_bid_followed_by_three_passes_ends_the_auction() -> None:
    """§4.6 case 12: 「Auction A:1, B:pass, C:pass, D:pass → A is landlord with contract 1 (three passes after the
    bid)」 (Q4.1 (i))."""
    game = Game.new(V, seed=2)
    a = game.to_act
    game.apply(Bid(1), a)
    for _ in range(3):
        assert game.phase is PhaseName.BID
        game.apply(Pass(), game.to_act)
    assert game.phase is PhaseName.PLAY and game.landlord == a and game.state.stake.bid == 1


def test_four_passes_deal_again() -> None:
    """§4.2 step 2: 「If all 4 players pass without any bid, redeal」."""
    game = Game.new(V, seed=2)
    first = [list(h) for h in game.hands]
    for _ in range(4):
        game.apply(Pass(), game.to_act)
    assert game.phase is PhaseName.BID and [list(h) for h in game.hands] != first
    assert sum(e.kind == "redeal" for e in game.typed_events) == 1


def test_a_bid_of_three_ends_the_auction_at_once() -> None:
    """§4.2 step 2: 「The auction stops when someone bids 3」."""
    game = Game.new(V, seed=5)
    game.apply(Pass(), game.to_act)
    bidder = game.to_act
    game.apply(Bid(3), bidder)
    assert game.phase is PhaseName.PLAY and game.landlord == bidder and game.to_act == bidder


def test_a_trick_ends_after_three_passes_in_a_row() -> None:
    """Q4.9 (c): 「After 3 consecutive passes (N−1)」 the last player to play leads again."""
    game = Game.new(V, seed=7)
    game.apply(Bid(3), game.to_act)
    leader = game.to_act
    lead = next(a for a in game.legal_actions() if isinstance(a, Play) and a.move.kind == "single")
    game.apply(lead, leader)
    for _ in range(3):
        assert not game.state.is_leading()
        game.apply(Pass(), game.to_act)
    assert game.to_act == leader and game.state.is_leading()


# --------------------------------------------------------------------------- §4.3-§4.4 patterns (§4.6 cases 1-10)


@pytest.mark.parametrize(
    ("higher", "lower", "case"),
    [
        ("33333", "2222", "case 1: a 5-card bomb beats a 4-card bomb"),
        ("444444", "33333", "case 2: 444444 beats 33333"),
        ("333333", "22222", "case 2: 333333 beats 22222"),
        ("BBRR", "22222222", "case 3: the four jokers beat an 8-card bomb (Q4.5)"),
        ("BB", "22", "case 4: BB is a pair and beats 22"),
        ("RR", "BB", "case 4: RR beats BB"),
        ("2222222", "AAAAAAA", "7-card bombs: equal counts, the higher rank (2 > A)"),
        ("88888888", "BB", "any bomb beats a joker pair"),
    ],
)
def test_four_player_comparisons(higher: str, lower: str, case: str) -> None:
    """§4.3-§4.4: 「張數多的炸彈能蓋過張數少的炸彈」, same count → higher rank, `BBRR` above all, pairs RR > BB > 22."""
    assert beats(move_of(higher), move_of(lower)) and not beats(move_of(lower), move_of(higher)), case


@pytest.mark.parametrize(
    ("cards", "ok", "case"),
    [
        ("BR", False, "case 4: 一張大怪和一張小怪不能組成一對"),
        ("BBR", False, "case 5: no three-joker pattern"),
        ("7775", False, "case 6: 三張帶一張是不允許出的"),
        ("777BB", True, "case 6: a joker pair may be a trio's pair"),
        ("666689", False, "case 7: 沒有四張套路 (no four-with-two)"),
        ("6666", True, "case 7: 6666 alone is a 4-card bomb"),
        ("77788836", False, "case 8: no airplane with single wings"),
        ("77788844RR", True, "case 8: an airplane with pairs, a joker pair among its wings (Q4.4)"),
        ("77788844 44", True, "Q4.4: two wing pairs may share a rank"),
    ],
)
def test_four_player_pattern_list(cards: str, ok: bool, case: str) -> None:
    """§4.3: the §3 list without #4 three-with-one, #9 airplane with singles and #13 four-with-two."""
    assert legal(cards) is ok, case


def test_five_of_a_rank_is_only_a_bomb_never_a_triple_with_a_pair() -> None:
    """§4.6 case 9, Q4.8: 「`77777` → a 5-card bomb, never `777+77` (K1)」."""
    move = move_of("77777")
    assert move.kind == "bomb" and move.bomb == "bomb5"


def test_identical_pairs_do_not_beat_each_other() -> None:
    """§4.6 case 10: 「`Kd Kh` vs `Kc Ks` → equal, so the second does not beat the first」 (C4)."""
    assert not beats(move_of("KK"), move_of("KK"))


# --------------------------------------------------------------------------- §4.5 scoring


def test_only_the_rocket_and_bombs_of_six_or_more_double() -> None:
    """§4.5: 「只有火箭和6張或6張以上的炸彈才能讓分數翻番，4張或5張的炸彈不影響分數」."""
    assert V.pattern_rules.doubling_bombs == {"bomb6", "bomb7", "bomb8", "BBRR"}


@pytest.mark.parametrize(
    ("factors", "landlord_won", "expected"),
    [
        ((Factor.BOMB,), True, (12, -4, -4, -4)),  # §4.6 case 11: contract 2, a 6-card bomb doubles, a 5-card one not
        ((), False, (-6, 2, 2, 2)),
        ((Factor.BOMB, Factor.BOMB), False, (-24, 8, 8, 8)),
    ],
)
def test_the_landlord_settles_the_stake_with_each_of_three_farmers(
    factors: tuple[Factor, ...], landlord_won: bool, expected: tuple[int, ...]
) -> None:
    """§4.5, Q4.6: 「stake = contract × 2**k」; 「if the landlord goes out first, each of the 3 farmers pays `stake` to
    the landlord (landlord +3·stake); otherwise the landlord pays `stake` to each farmer」."""
    game = Game.new(V, seed=1)
    game.apply(Bid(2), game.to_act)
    for _ in range(3):
        game.apply(Pass(), game.to_act)
    state = game.state
    state.landlord, state.stake.factors = 0, list(factors)
    state.play.played_by = [5, 5, 5, 5]
    result = ClassicSettle().result(state, Finish(0 if landlord_won else 1))
    assert result.scores == expected


def test_a_played_five_card_bomb_does_not_double_and_a_six_card_bomb_does() -> None:
    """§4.6 case 11, through play: 「a 5-card bomb and a 6-card bomb are played; the landlord wins → k = 1」."""
    game = Scenario(V).hands("3 33333 444444").first_bidder(0).deal(seed=None)
    game.apply(Bid(2), 0)
    for _ in range(3):
        game.apply(Pass(), game.to_act)
    game.apply(Play(move_of("33333")), 0)
    for _ in range(3):
        game.apply(Pass(), game.to_act)
    game.apply(Play(move_of("444444")), 0)
    assert game.state.stake.factors.count(Factor.BOMB) == 1


# --------------------------------------------------------------------------- everywhere the registry reaches


def test_four_player_hands_replay_and_bots_play_them_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    """Bots finish four-player hands, a finished hand replays from its log, and `paiju simulate` plays the table."""
    for seed in range(6):
        game = Game.new(V, seed=seed)
        result = play_out(game, [make_bot("heuristic", seed * 4 + s) for s in range(4)])
        assert sum(result.scores) == 0 and replay(game_log(game)).events == game.events
    assert main(["simulate", "--variant", "four-player", "--games", "30", "--bots", "heuristic", "--json"]) == 0
    roles = json.loads(capsys.readouterr().out)["roles"]
    assert roles["landlord"]["hands"] == 30 and roles["farmer"]["hands"] == 90
