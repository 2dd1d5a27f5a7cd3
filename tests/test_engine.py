"""The family-neutral kernel: the HandEngine protocol, the log's family, sessions and the registry."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from paiju.bots import make_bot, play_out
from paiju.climbing import Bid, Game, Hand, Pass, game_log, observe
from paiju.climbing import Session as ClimbingSession
from paiju.climbing.session import next_hand
from paiju.engine import (
    FAMILY_KEY,
    HandEngine,
    HandResult,
    Session,
    family_header,
    log_family,
    open_hand,
    parse_action,
    replay,
)
from paiju.variants import Variant, get_variant

CLASSIC = get_variant("classic")


def _finished(variant: Variant = CLASSIC, seed: int = 7) -> Hand:
    game = Hand(variant, seed)
    play_out(game, [make_bot("random", seed * 3 + s) for s in range(variant.players)])
    return game


def test_a_climbing_hand_is_a_hand_engine() -> None:
    """Hands opened by the registry, a session or a replay all satisfy the protocol."""
    opened = open_hand(CLASSIC, 3)
    engine: HandEngine = Hand(CLASSIC, 3)  # the static check: mypy accepts a Hand as a HandEngine
    assert isinstance(opened, HandEngine) and isinstance(engine, HandEngine)
    assert isinstance(ClimbingSession(CLASSIC, 1).game, HandEngine)
    assert isinstance(replay(game_log(_finished())), HandEngine)
    assert Game is Hand


def test_actors_is_the_seat_to_act_and_empty_once_over() -> None:
    """One seat acts at a time in a climbing hand; nobody once it is settled."""
    game = Hand(CLASSIC, 5)
    assert game.actors() == frozenset({game.to_act})
    others = [s for s in range(CLASSIC.players) if s != game.to_act]
    assert all(game.legal_actions(s) == [] for s in others)
    assert game.legal_actions(game.to_act) == game.legal_actions()
    done = _finished()
    assert done.is_over and done.actors() == frozenset() and done.legal_actions(0) == []


def test_a_clone_diverges_independently() -> None:
    """Acting on a clone leaves the original as it was, and the clone shares only the variant."""
    game = Hand(CLASSIC, 11)
    before = json.dumps(game.events)
    twin = game.clone()
    assert twin.variant is game.variant and twin.events == game.events and twin is not game
    seat = twin.to_act
    twin.apply(Bid(CLASSIC.max_bid), seat)
    assert json.dumps(game.events) == before and game.to_act == seat
    assert game.legal_actions(seat) != twin.legal_actions(seat)
    game.apply(Pass(), seat)
    assert game.events[-1] != twin.events[-1]
    play_out(twin, [make_bot("heuristic", s) for s in range(3)])
    assert twin.is_over and not game.is_over


def test_view_is_the_seats_observation_as_json() -> None:
    """``view(seat)`` is the observation's JSON, for every seat, and it serialises."""
    game = Hand(CLASSIC, 2)
    for seat in range(CLASSIC.players):
        assert game.view(seat) == observe(game, seat).to_json()
        json.dumps(game.view(seat))


def test_climbing_logs_name_no_family_and_replay_by_family() -> None:
    """A climbing log has no ``family`` key (its bytes are as before); the kernel's replay reads it."""
    game = _finished()
    log = game_log(game)
    assert FAMILY_KEY not in log and log_family(log) == "climbing"
    assert family_header("climbing") == {} and family_header("trick") == {"family": "trick"}
    again = replay(json.loads(json.dumps(log)))
    assert again.events == game.events and again.result == game.result


def test_an_unknown_family_is_refused() -> None:
    """A log of a family this paiju does not know is refused with the known names."""
    log = {**game_log(Hand(CLASSIC, 1)), **family_header("trick")}
    with pytest.raises(ValueError, match="unknown game family 'trick'; known families: climbing"):
        replay(log)


def test_open_hand_passes_the_familys_options() -> None:
    """``open_hand`` deals the same hand as the family's constructor, options included."""
    opened = open_hand(CLASSIC, 9, dealer=1)
    assert isinstance(opened, Hand) and opened.dealer == 1
    assert opened.events == Hand(CLASSIC, 9, dealer=1).events


def test_parse_action_reads_a_players_text_by_family() -> None:
    """The registry parses text into the family's actions for the seat to act."""
    game = open_hand(CLASSIC, 4)
    assert parse_action(game, "p") == [Pass()]
    assert parse_action(game, "3") == [Bid(3)]


def test_the_session_deals_through_the_familys_hook() -> None:
    """The kernel's session asks the hook for each hand, passing the results so far; totals add up."""
    calls: list[tuple[int, int]] = []

    def deal(variant: Variant, seed: int, index: int, results: list[HandResult]) -> Hand:
        calls.append((index, len(results)))
        return next_hand(variant, seed, index, results)

    session = Session(CLASSIC, deal, seed=4)
    for _ in range(3):
        play_out(session.game, [make_bot("random", s) for s in range(3)])
        session.next_hand()
    assert calls == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert session.totals == [sum(r.scores[s] for r in session.results) for s in range(3)]
    assert session.game.dealer == 3 % CLASSIC.players
    assert isinstance(ClimbingSession(CLASSIC), Session)


def test_the_kernel_imports_no_family() -> None:
    """Importing ``paiju.engine`` loads no family; the registry imports one when it is asked for."""
    code = "import sys, paiju.engine; assert not any(m.startswith('paiju.climbing') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)
