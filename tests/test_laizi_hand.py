"""癞子斗地主's hand (other-games.md §1.2, §1.6): 明牌开始 before each deal, one round of 叫分, 抢地主 with the
temporary landlord's grab-back, the bottom, the wild rank, the landlord's 明牌, and the factors they add."""

from __future__ import annotations

import json
import math
import re

import pytest

from paiju.bots import make_bot, play_out
from paiju.cards import card_rank, format_cards
from paiju.climbing import Bid, Game, Grab, Open, Pass, PhaseName, observe
from paiju.climbing.log import game_log, replay
from paiju.climbing.phases.settle import ClassicSettle
from paiju.climbing.phases.step import Finish
from paiju.climbing.settlement import settlement
from paiju.climbing.state import Factor
from paiju.errors import IllegalMoveError
from paiju.variants import Variant, get_variant


@pytest.fixture(scope="module")
def laizi() -> Variant:
    return get_variant("laizi")


def _dealt(variant: Variant, seed: int, opening: tuple[int, ...] = ()) -> Game:
    """A hand past 明牌开始: the seats in ``opening`` open, the others pass."""
    game = Game.new(variant, seed=seed)
    for seat in range(variant.players):
        game.apply(Open() if seat in opening else Pass(), seat)
    return game


def _bid(game: Game, bids: dict[int, int]) -> None:
    """The auction: each seat in turn bids what ``bids`` says (0 or absent: 不叫) until it ends."""
    while game.phase is PhaseName.BID:
        seat = game.to_act
        points = bids.get(seat, 0)
        game.apply(Bid(points) if points else Pass(), seat)


def test_open_start_is_chosen_by_every_seat_at_once_before_any_card_is_dealt(laizi: Variant) -> None:
    """§1.2 step 1: 「明牌开始：在还没发牌时，就选择明牌并保持开始游戏，游戏倍数*4」; the choices are simultaneous (Q1.4)."""
    game = Game.new(laizi, seed=1)
    assert game.phase is PhaseName.OPEN_START
    assert game.actors() == frozenset({0, 1, 2})
    for seat in range(3):
        view = game.view(seat)
        assert view["hand"] == "" and view["cards_left"] == [0, 0, 0]
        assert view["legal"] == ["open", "pass"]
    game.apply(Pass(), 2)
    assert game.actors() == frozenset({0, 1})
    with pytest.raises(IllegalMoveError):
        game.apply(Open(), 2)  # a seat chooses once


def test_open_hands_are_public_in_every_view_and_other_hands_in_none(laizi: Variant) -> None:
    """§1.2 step 1: 「That player's cards are face up to everyone for the whole hand」; the others stay hidden."""
    game = _dealt(laizi, seed=2, opening=(1,))
    shown = format_cards(sorted(game.hands[1]))
    for seat in [0, 1, 2, None]:
        view = observe(game, seat).to_json()
        assert view["parts"]["open"]["open_hands"] == [{"seat": 1, "cards": shown}]
        others = [s for s in (0, 2) if s != seat]
        text = json.dumps(view)
        for other in others:
            # No other hand can be read from the view: none of its cards' notation appears as a hand anywhere.
            assert format_cards(sorted(game.hands[other])) not in text


def test_the_auction_is_one_round_and_a_bid_of_three_ends_it_at_once(laizi: Variant) -> None:
    """§1.2 step 3: 「有人叫3分则直接获得“临时地主”…身份且叫分结束」; each seat speaks at most once."""
    game = _dealt(laizi, seed=3)
    first = game.to_act
    game.apply(Bid(3), first)
    assert game.phase is not PhaseName.BID
    assert game.state.auction.history == [(first, 3)]


def test_nobody_bidding_deals_again_from_the_open_start_with_fresh_choices(laizi: Variant) -> None:
    """§1.2 step 3.4: 「一轮之后如果没有玩家叫分，则重新发牌」; the redeal returns to PRE_DEAL (Q1.18)."""
    game = _dealt(laizi, seed=4, opening=(0,))
    _bid(game, {})
    assert game.phase is PhaseName.OPEN_START
    assert game.actors() == frozenset({0, 1, 2})
    assert game.view(1)["parts"]["open"]["open_hands"] == [] and game.state.deal_count == 1
    assert [e.to_json()["reason"] for e in game.typed_events if e.kind == "redeal"] == ["nobody bid"]


def test_a_redeal_picks_a_new_random_first_bidder(laizi: Variant) -> None:
    """Q1.5: 「A new random player, consistent with 从随机一人开始」: over many deals every seat bids first."""
    firsts = set()
    for seed in range(30):
        game = _dealt(laizi, seed=seed)
        firsts.add(game.to_act)
    assert firsts == {0, 1, 2}


def _to_grab(laizi: Variant, bids: dict[int, int], seed: int = 5) -> Game:
    """A hand whose auction went as ``bids`` (by seat, in the order the seats speak)."""
    game = _dealt(laizi, seed=seed)
    _bid(game, bids)
    return game


def test_a_seat_that_passed_in_the_auction_cannot_grab(laizi: Variant) -> None:
    """§1.2 step 4.1: 「凡是有过“不叫分”操作的玩家无法进行“抢地主”的操作」."""
    game = _dealt(laizi, seed=5)
    first = game.to_act
    second, third = (first + 1) % 3, (first + 2) % 3
    _bid(game, {first: 0, second: 1, third: 2})
    assert game.phase is PhaseName.GRAB
    # The temporary landlord is the third seat; the second bid 1 and may grab; the first passed and may not.
    assert game.actors() == frozenset({second})
    assert game.state.opened is not None and first not in game.state.opened.grab_queue


def _every_seat_bid(laizi: Variant, seed: int) -> tuple[Game, int]:
    """A hand whose auction went 1, 2, 3 (nobody passed, so every other seat may grab); its temporary landlord."""
    game = _dealt(laizi, seed=seed)
    first = game.to_act
    _bid(game, {first: 1, (first + 1) % 3: 2, (first + 2) % 3: 3})
    return game, (first + 2) % 3


def test_the_temporary_landlord_grabs_back_only_after_someone_grabbed(laizi: Variant) -> None:
    """Q1.2 (ii): 「T gets one final decision to grab back」, offered only if someone else grabbed."""
    game, caller = _every_seat_bid(laizi, seed=6)
    # A bid of 3 ended nothing early here (it was the last seat); both others bid, so both may grab.
    assert game.phase is PhaseName.GRAB
    assert game.to_act == (caller + 1) % 3
    game.apply(Pass(), (caller + 1) % 3)
    game.apply(Pass(), (caller + 2) % 3)
    assert game.phase is not PhaseName.GRAB and game.landlord == caller  # nobody grabbed: no grab-back


def test_three_grabs_make_the_stake_eight_times_and_the_last_to_grab_is_landlord(laizi: Variant) -> None:
    """§1.2 step 4: 「如3人均抢地主则游戏倍数*8」; 「每“抢地主”一次，游戏倍数*2」; the last 抢 is landlord."""
    game, caller = _every_seat_bid(laizi, seed=7)
    game.apply(Grab(), (caller + 1) % 3)
    game.apply(Grab(), (caller + 2) % 3)
    assert game.to_act == caller  # the grab-back
    game.apply(Grab(), caller)
    assert game.landlord == caller
    assert game.state.stake.factors.count(Factor.GRAB) == 3
    assert game.state.stake.multiplier == 8


def test_one_grab_makes_the_grabber_landlord_unless_grabbed_back(laizi: Variant) -> None:
    """§1.2 step 4.4: 「The landlord is the last player who chose 抢」."""
    game, caller = _every_seat_bid(laizi, seed=8)
    grabber = (caller + 1) % 3
    game.apply(Grab(), grabber)
    game.apply(Pass(), (caller + 2) % 3)
    game.apply(Pass(), caller)
    assert game.landlord == grabber
    assert len(game.hands[grabber]) == 20  # it took the bottom


def test_the_wild_rank_is_drawn_once_the_bottom_is_taken_and_is_wild_in_every_hand(laizi: Variant) -> None:
    """§1.2 step 6: 「癞子牌是由系统随机确定的非王的一张牌，则点数大小相同的4张均为癞子牌」 (a marker only, Q1.6)."""
    game = _to_grab(laizi, {}, seed=9)
    while game.phase is PhaseName.OPEN_START or game.phase is PhaseName.BID:
        seat = min(game.actors())
        game.apply(Bid(3) if game.phase is PhaseName.BID else Pass(), seat)
    while game.phase is PhaseName.GRAB:
        game.apply(Pass())
    assert game.state.deal.wild is not None
    rank = card_rank(game.state.deal.wild)
    assert rank < 13  # never a joker
    for seat in range(3):
        assert game.state.wild_cards[seat] == frozenset(c for c in game.hands[seat] if card_rank(c) == rank)
        assert game.view(seat)["parts"]["open"]["wild_rank"] is not None
    assert sum(len(w) for w in game.state.wild_cards.values()) == 4  # all four cards, wherever they lie
    assert any(e.kind == "wild" for e in game.typed_events)


def _to_open(laizi: Variant, seed: int, opening: tuple[int, ...] = ()) -> Game:
    """A hand at the landlord's 明牌 (or past it when someone opened before the deal)."""
    game = _dealt(laizi, seed=seed, opening=opening)
    game.apply(Bid(3), game.to_act)
    while game.phase is PhaseName.GRAB:
        game.apply(Pass())
    return game


def test_the_landlord_may_open_its_hand_after_the_bottom_for_twice_the_stake(laizi: Variant) -> None:
    """§1.2 step 7: 「在收完三张底牌后可以选择明牌并开始游戏，游戏倍数*2」; only the landlord (Q1.4 (i))."""
    game = _to_open(laizi, seed=10)
    assert game.phase is PhaseName.OPEN and game.actors() == frozenset({game.landlord})
    landlord = game.landlord
    assert landlord is not None
    game.apply(Open(), landlord)
    assert game.phase is PhaseName.PLAY
    assert Factor.OPEN in game.state.stake.factors
    other = (landlord + 1) % 3
    assert game.view(other)["parts"]["open"]["open_hands"] == [{"seat": landlord, "cards": format_cards(sorted(game.hands[landlord]))}]


def test_open_factors_do_not_stack_the_largest_counts(laizi: Variant) -> None:
    """§1.2 step 7: 「若同时有多名玩家选择“明牌”则按照最大的明牌倍数计算，不叠加」: ×4 once, however many opened."""
    game = _to_open(laizi, seed=11, opening=(0, 2))
    assert game.phase is PhaseName.PLAY  # no landlord 明牌 to ask: ×4 settles it
    factors = game.state.stake.factors
    assert factors.count(Factor.OPEN_START) == 1 and Factor.OPEN not in factors


def test_an_open_start_seat_that_passes_in_the_auction_stays_open(laizi: Variant) -> None:
    """§1.2 step 1: a 明牌开始 seat's cards are face up 「for the whole hand」, whatever it bids."""
    game = _to_open(laizi, seed=12, opening=(1,))
    assert any(o["seat"] == 1 for o in game.view(0)["parts"]["open"]["open_hands"])


@pytest.mark.parametrize(
    ("factors", "landlord_won", "expected"),
    [
        # §1.6's worked example: bid 2, one grab, the landlord's 明牌, a soft bomb and the rocket, the landlord wins.
        ((Factor.GRAB, Factor.OPEN, Factor.BOMB, Factor.BOMB), True, (64, -32, -32)),
        ((), True, (4, -2, -2)),
        ((), False, (-4, 2, 2)),
        ((Factor.OPEN_START,), False, (-16, 8, 8)),
        ((Factor.GRAB, Factor.GRAB, Factor.GRAB), True, (32, -16, -16)),
    ],
)
def test_the_score_is_two_for_the_landlord_and_one_for_each_farmer_times_every_factor(
    laizi: Variant, factors: tuple[Factor, ...], landlord_won: bool, expected: tuple[int, int, int]
) -> None:
    """§1.6: 「地主得分=2×胜负参数×基数×底分×明牌×抢地主分×倍数」, each farmer the same without the ×2 (Q1.14)."""
    game = _to_open(laizi, seed=13)
    game.apply(Pass())
    state = game.state
    state.landlord = 0
    state.stake.bid = 2
    state.stake.factors = list(factors)
    state.play.played_by = [3, 3, 3]  # no spring
    result = ClassicSettle().result(state, Finish(0 if landlord_won else 1))
    assert result.scores == expected


def test_a_laizi_hand_replays_from_its_log(laizi: Variant) -> None:
    """The log records 明牌, 抢地主 and the wild card: a replay rebuilds the identical hand."""
    game = _to_open(laizi, seed=14, opening=(2,))
    again = replay(game_log(game))
    assert again.events == game.events
    assert again.state.wild_cards == game.state.wild_cards


def test_bad_decisions_are_refused_with_a_reason_and_change_nothing(laizi: Variant) -> None:
    """Bad input: 明牌 once the cards are dealt (only 明牌开始 was open), a grab out of turn or by a seat that
    passed — each refused with one line, the hand unchanged."""
    game = _dealt(laizi, seed=5)
    before = game.events[:]
    with pytest.raises(IllegalMoveError, match="bid"):
        game.apply(Open(), game.to_act)
    first = game.to_act
    _bid(game, {first: 0, (first + 1) % 3: 1, (first + 2) % 3: 2})
    assert game.phase is PhaseName.GRAB
    with pytest.raises(IllegalMoveError, match="turn"):
        game.apply(Grab(), first)  # it passed in the auction: it is never asked
    assert game.events[: len(before)] == before and game.phase is PhaseName.GRAB


@pytest.mark.parametrize("table", ["laizi", "two-player"])
def test_a_random_first_bidder_shows_no_card_of_its_hand(table: str) -> None:
    """§1.1 「从随机一人开始」 and Q2.2: the first bidder is random, so the card that chose it is no face-up card
    (as classic's is, Q3.1): only its holder sees which card it was, in its view and its copy of the log."""
    variant = get_variant(table)
    game = Game.new(variant, seed=15)
    while not any(game.hands):
        game.apply(Pass(), min(game.actors()))
    holder = game.to_act
    marker = game.state.deal.marker
    assert marker in game.hands[holder]
    deal = next(e for e in game.typed_events if e.kind == "deal")
    for seat in [*range(variant.players), None]:
        seen = deal.visible_to(seat, game.facts())
        assert seen is not None
        known = marker if seat == holder else None
        assert seen.to_json()["marker"] == known and observe(game, seat).marker == known


def test_the_settlement_words_every_factor_and_they_multiply_to_the_stake(laizi: Variant) -> None:
    """§1.6: the settlement's unit names the bid, the bombs, every grab (抢地主分 = 2^g) and the open factor, and
    their product is the stake each farmer pays or receives."""
    game, caller = _every_seat_bid(laizi, seed=7)
    game.apply(Grab(), (caller + 1) % 3)
    game.apply(Grab(), (caller + 2) % 3)
    game.apply(Pass(), caller)
    game.apply(Open(), game.landlord)
    play_out(game, [make_bot("heuristic", s) for s in range(3)])
    assert game.result is not None
    unit = next(line for line in settlement(game, ["Ann", "Bo", "Cy"]).summary if line.startswith("bid "))
    assert "× 4 抢地主" in unit and "× 2 明牌" in unit
    numbers = [int(n) for n in re.findall(r"(?:bid|×) (\d+)(?!\^)", unit)]
    bombs = int(re.search(r"2\^(\d+) bombs", unit).group(1))  # type: ignore[union-attr]
    assert math.prod(numbers) * 2**bombs == game.result.stake == int(unit.rsplit("= ", 1)[1].split(",")[0])


@pytest.mark.parametrize("by_class", [False, True])
def test_bomb_multiplier_by_class_makes_hard_pure_and_rocket_four_times(laizi: Variant, by_class: bool) -> None:
    """Q1.15 (c): 「Every bomb or rocket played is ×2. Offer the class-based variant as flag
    `bomb_multiplier_by_class`」 — soft ×2, hard ×4, pure ×4, rocket ×4 (the QQ 癞子场 reading)."""
    table = laizi.with_changes(bomb_multiplier_by_class=by_class)
    seen: set[tuple[str, Factor]] = set()
    for seed in range(60):
        game = Game.new(table, seed=seed)
        play_out(game, [make_bot("heuristic", seed * 3 + s) for s in range(3)])
        bombs = [r.move.bomb for r in game.state.play.plays if r.move is not None and r.move.bomb]
        factors = [f for f in game.state.stake.factors if f in (Factor.BOMB, Factor.BIG_BOMB)]
        assert len(bombs) == len(factors)
        for bomb, factor in zip(bombs, factors, strict=True):
            big = by_class and not bomb.startswith("soft")
            assert factor is (Factor.BIG_BOMB if big else Factor.BOMB)
            seen.add((bomb[:4], factor))
        assert game.result is not None and game.result.stake == game.state.stake.unit
        big = factors.count(Factor.BIG_BOMB)
        unit = next(line for line in settlement(game, ["Ann", "Bo", "Cy"]).summary if line.startswith("bid "))
        assert (f"× 4^{big} hard bombs and rockets" in unit) == bool(big)
    classes = {bomb for bomb, _ in seen}
    assert {"soft", "bomb"} <= classes  # both kinds were played in these hands
    assert any(f is Factor.BIG_BOMB for _, f in seen) == by_class
