"""The log's version 2 writes the seed as a string (a 128-bit JSON number is rounded by JavaScript); logs of
version 1 (the seed a number, a play's text without its body named) still load and replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paiju.bots import make_bot, play_out
from paiju.cards import format_ranks
from paiju.climbing import Game, Play, game_log
from paiju.climbing.parse import actions_for_text
from paiju.engine import game_log as any_game_log
from paiju.engine import replay
from paiju.engine.log import LOG_VERSION, LogError, load_log
from paiju.variants import get_variant
from tests.test_one_text_one_reading import _two_player

#: Logs that paiju wrote as version 1 (the seed a JSON number), kept as written.
OLD_LOGS = Path(__file__).resolve().parent / "logs_v1"
SEED = 2**127 + 2**64 + 12345


def test_a_log_writes_its_128_bit_seed_as_a_string_that_javascript_reads_exactly() -> None:
    """A 128-bit seed read as a JavaScript number (a double) loses its low digits; as a string it is kept, and the
    log replays to the same hand."""
    game = Game(get_variant("classic"), SEED)
    play_out(game, [make_bot("random", s, "climbing") for s in range(3)])
    text = json.dumps(game_log(game))
    as_javascript = json.loads(text, parse_int=float)  # every JSON number a double, as JSON.parse makes it
    assert as_javascript["version"] == LOG_VERSION == 2 and as_javascript["seed"] == str(SEED)
    assert int(float(SEED)) != SEED  # what a number would have become
    again = replay(json.loads(text))
    assert again.seed == SEED and again.events == game.events


@pytest.mark.parametrize("name", ["classic", "chaodipi"])
def test_a_version_1_log_still_loads_and_replays_and_is_written_again_as_version_2(name: str) -> None:
    """Version 1 logs as paiju wrote them (both families): they load, replay, and write out as version 2."""
    old = load_log(OLD_LOGS / f"{name}.json")
    assert old["version"] == 1 and isinstance(old["seed"], int)
    hand = replay(old)
    new = any_game_log(hand)
    assert new["version"] == 2 and new["seed"] == str(old["seed"]) and new["events"] == old["events"]
    assert replay(json.loads(json.dumps(new))).events == hand.events


def test_a_version_1_play_written_without_its_body_named_still_replays() -> None:
    """Version 1 wrote `55558888` for the four 8s with two pairs of 5, which version 2 writes `8888+55+55`."""
    game = _two_player("55558888", "")
    (play,) = actions_for_text(game, "8888+55+55")
    game.apply(play)
    log = json.loads(json.dumps(game_log(game)))
    (event,) = [e for e in log["events"] if e["type"] == "play"]
    assert isinstance(play, Play) and event["text"] == "8888+55+55"
    old = {**log, "version": 1, "seed": int(log["seed"])}
    event["text"] = format_ranks(play.move.ranks)
    assert event["text"] == "55558888" and replay(old).events == game.events
    with pytest.raises(LogError, match="does not replay"):
        replay({**old, "version": 2, "seed": log["seed"]})  # version 2 names the body


@pytest.mark.parametrize("seed", [12345, "12e3", "-5", "0x10", " 7"])
def test_a_seed_of_the_wrong_kind_for_its_version_is_refused(seed: object) -> None:
    """Version 2 reads digits in a string, version 1 a whole JSON number; anything else is a bad log."""
    log = json.loads(json.dumps(game_log(Game(get_variant("classic"), 1))))
    with pytest.raises(LogError, match="seed"):
        replay({**log, "seed": seed})
    with pytest.raises(LogError, match="seed"):
        replay({**log, "version": 1, "seed": str(seed)})
