"""A replay's steps carry the auction, the redeals and, on the last step, the result; the result frame
carries the facts a client words in its own language."""

from __future__ import annotations

import math

import pytest

from paiju.bots import make_bot, play_out
from paiju.climbing import Game, Pass, PhaseName
from paiju.climbing.log import game_log
from paiju.climbing.observation import observe
from paiju.policy import policy_of
from paiju.server.frames import result_message, view_message
from paiju.server.history import card_counter, step_views
from paiju.variants import get_variant

NAMES = ["Ann", "Bo", "Cy"]


def _hand_with_a_redeal() -> Game:
    """A classic hand where every seat passes on the first deal, then bots play it out."""
    game = Game.new(get_variant("classic"), seed=5)
    while game.state.phase is PhaseName.BID and not any(e.kind == "redeal" for e in game.typed_events):
        game.apply(Pass(), min(game.actors()))
    play_out(game, [make_bot("heuristic", s) for s in range(game.players)])
    return game


def test_the_step_after_the_last_pass_names_the_redeal_and_the_bids_start_again() -> None:
    steps = step_views(game_log(_hand_with_a_redeal(), NAMES), None, False)
    redealt = [i for i, step in enumerate(steps) if step["redeals"]]
    assert redealt and redealt[0] == 3  # the third pass of the first deal
    for i in redealt:
        assert steps[i]["redeals"] == ["nobody bid"]
        assert steps[i]["event"]["type"] == "pass"
        assert [b["points"] for b in steps[i - 1]["bids"]] == [0, 0]
        assert steps[i]["bids"] == []
    assert all(b["points"] == 0 for step in steps[: redealt[-1]] for b in step["bids"])
    later_bids = [step["bids"] for step in steps[i + 1 :] if step["bids"]]
    assert later_bids and any(b["points"] > 0 for b in later_bids[-1])


def test_only_the_last_step_holds_the_result_and_it_matches_the_result_frame() -> None:
    game = _hand_with_a_redeal()
    steps = step_views(game_log(game, NAMES), 1, False)
    assert [("result" in step) for step in steps].count(True) == 1 and "result" in steps[-1]
    frame = result_message(game, NAMES, [0, 0, 0], None, 1)
    assert frame is not None
    shown = steps[-1]["result"]
    assert shown["scores"] == frame.scores == list(game.result.scores)
    sent = [{"factor": str(f), "times": f.times} for f in game.result.factors]
    assert shown["factors"] == [f.model_dump() for f in frame.factors] == sent
    assert shown["bid"] == frame.bid == game.result.bid > 0
    assert shown["winner"] == frame.winner == game.result.winner
    assert shown["landlord_won"] is frame.landlord_won is game.result.landlord_won
    assert [line["name"] for line in shown["lines"]] == NAMES


def test_an_unfinished_hand_has_no_result_step() -> None:
    game = Game.new(get_variant("classic"), seed=5)
    game.apply(Pass(), min(game.actors()))
    steps = step_views(game_log(game, NAMES), 0, False)
    assert len(steps) == 2 and not any("result" in step for step in steps)


def test_the_result_frame_names_the_speculator_side_and_its_cards_left() -> None:
    game = Game.new(get_variant("spec-4p1d"), seed=11)
    result = play_out(game, [make_bot("heuristic", s) for s in range(game.players)])
    frame = result_message(game, ["a", "b", "c", "d"], [0] * 4, None, 1)
    assert frame is not None
    assert frame.speculator_side == result.speculator_side in ("landlord", "farmers")
    assert frame.speculator_left == len(game.hands[game.speculator])
    assert frame.stake == result.stake and frame.instant is result.instant


def _view_frames(game: Game) -> list[dict[str, object]]:
    """The view frame of every seat and a spectator, as the server sends them now."""
    fields = policy_of(game).frame_fields(game)
    return [
        view_message(game, seat, fields, deadline=None, counter=False, hand_number=1).model_dump()
        for seat in [*range(game.players), None]
    ]


@pytest.mark.parametrize(
    ("variant", "seed", "reason"),
    [
        ("spec-4p1d", 4, "the determination card is in the bottom"),
        ("spec-4p3d-2c", 69, "the speculator cannot make its gifts"),
    ],
)
def test_a_new_deal_before_the_first_view_is_named_in_every_view_frame(variant: str, seed: int, reason: str) -> None:
    """A redeal that happens before anyone acts (speculator.md §3, §14) reaches every seat's first frame, the same
    for all, so the table can say why the cards were dealt again."""
    game = Game.new(get_variant(variant), seed=seed)
    frames = _view_frames(game)
    assert {tuple(f["redeals"]) for f in frames} == {(reason,)}


def test_nobody_bidding_adds_its_redeal_to_the_frames_that_follow() -> None:
    game = Game.new(get_variant("classic"), seed=5)
    assert _view_frames(game)[0]["redeals"] == []
    while not any(e.kind == "redeal" for e in game.typed_events):
        game.apply(Pass(), min(game.actors()))
    assert {tuple(f["redeals"]) for f in _view_frames(game)} == {("nobody bid",)}


def test_frames_send_each_factor_with_its_size_and_the_seat_its_card_counter() -> None:
    """Factors reach the client with their ``times`` (it keeps no table of sizes): the sizes sent multiply to the
    view's multiplier and, with the bid, to the result's stake; a seated frame carries the server's counter."""
    seed = next(s for s in range(1, 60) if _bombed(s))
    game = Game.new(get_variant("classic"), seed=seed)
    bots = [make_bot("heuristic", s) for s in range(game.players)]
    fields = policy_of(game).frame_fields
    while not game.is_over:
        frame = view_message(game, 0, fields(game), deadline=None, counter=True, hand_number=1)
        sent = frame.view["factors"]
        assert [(f["factor"], f["times"]) for f in sent] == [(str(f), f.times) for f in game.state.stake.factors]
        assert math.prod(f["times"] for f in sent) == frame.view["multiplier"]
        assert frame.counter is not None and frame.counter == card_counter(game.variant, frame.view)
        seat = min(game.actors())
        game.apply(bots[seat].act(observe(game, seat)), seat)
    result = result_message(game, NAMES, [0, 0, 0], None, 1)
    assert result is not None and any(f.factor == "bomb" for f in result.factors)
    assert result.bid * math.prod(f.times for f in result.factors) == result.stake


def _bombed(seed: int) -> bool:
    """Whether heuristic bots play a bomb in the classic hand of ``seed``."""
    game = Game.new(get_variant("classic"), seed=seed)
    play_out(game, [make_bot("heuristic", s) for s in range(game.players)])
    return game.result is not None and game.result.doublings > 0
