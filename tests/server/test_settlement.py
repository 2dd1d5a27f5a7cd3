"""The settlement in words that the terminal prints and the server sends."""

from __future__ import annotations

import pytest

from paiju.bots import make_bot, play_out
from paiju.climbing import Game
from paiju.climbing.settlement import settlement
from paiju.climbing.state import Factor
from paiju.variants import get_variant


@pytest.mark.parametrize("variant", ["classic", "spec-4p1d", "spec-5p1d"])
def test_one_line_per_seat_with_its_score_and_the_winner_first(variant: str) -> None:
    game = Game.new(get_variant(variant), seed=11)
    result = play_out(game, [make_bot("heuristic", s) for s in range(game.players)])
    names = [f"n{s}" for s in range(game.players)]
    done = settlement(game, names)
    assert done.summary[0].startswith(names[result.winner])
    assert [line.score for line in done.lines] == list(result.scores)
    for line in done.lines:
        assert line.text.startswith(f"{line.role}: ")
        # Every table words a seat's part alike: what it receives or pays (a speculator table adds its share).
        assert line.text.startswith(f"{line.role}: {'receives' if line.score >= 0 else 'pays'} {abs(line.score)}")
        if game.speculator is None:
            assert line.share is None
        else:
            assert line.share is not None and line.share * result.stake == line.score


def test_an_unfinished_hand_has_no_settlement() -> None:
    with pytest.raises(ValueError, match="not over"):
        settlement(Game.new(get_variant("classic"), seed=1), ["a", "b", "c"])


def test_the_unit_in_words_takes_each_multiplier_size_from_the_factor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A multiplier's size is written once, in ``Factor.times``: the settlement's unit reads it from there rather
    than from words of its own (a 癞子 hand with two grabs and 明牌开始, sizes changed after the hand)."""
    game = Game.new(get_variant("laizi"), seed=0)
    result = play_out(game, [make_bot("random", s) for s in range(game.players)])
    assert [str(f) for f in result.factors] == ["grab", "grab", "open_start"]
    sizes = {Factor.BOMB: 7, Factor.GRAB: 3, Factor.OPEN_START: 5}
    monkeypatch.setattr(Factor, "times", property(lambda f: sizes.get(f, 2)))
    unit = settlement(game, ["a", "b", "c"]).summary[1]
    assert unit.startswith(f"bid {result.bid} × 7^0 bombs × 9 抢地主 × 5 明牌开始 = ")
