"""The family-neutral kernel: the HandEngine protocol, the log's family, sessions and the registry."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from paiju.bots import make_bot, play_out
from paiju.climbing import Bid, Game, Hand, Pass, game_log, observe
from paiju.climbing import LogError as ClimbingLogError
from paiju.climbing import Session as ClimbingSession
from paiju.climbing.session import next_hand
from paiju.climbing.state import PlayRecord
from paiju.engine import (
    FAMILY_KEY,
    HandEngine,
    HandResult,
    LogError,
    Session,
    family,
    family_header,
    log_family,
    log_variant,
    new_session,
    open_hand,
    parse_action,
    replay,
)
from paiju.policy import table_policy
from paiju.trick.actions import Pass as TrickPass
from paiju.variants import Variant, VariantError, get_variant
from paiju.variants.files import load_variant_toml

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
    twin.apply(Bid(CLASSIC.climbing.max_bid), seat)
    assert json.dumps(game.events) == before and game.to_act == seat
    assert game.legal_actions(seat) != twin.legal_actions(seat)
    game.apply(Pass(), seat)
    assert game.events[-1] != twin.events[-1]
    play_out(twin, [make_bot("heuristic", s) for s in range(3)])
    assert twin.is_over and not game.is_over


def test_play_turns_become_events_in_their_place_whenever_the_events_are_read() -> None:
    """A turn of the play is only recorded; its event is made when the events are read. Reading after every turn, at
    the end only, or on a clone taken mid-play gives the same events, in the same order as the other events."""
    watched, unwatched = Hand(CLASSIC, 21), Hand(CLASSIC, 21)
    rng, twin = random.Random(2), None
    while not watched.is_over:
        i = rng.randrange(len(watched.legal_actions()))
        watched.apply(watched.legal_actions()[i])
        unwatched.apply(unwatched.legal_actions()[i])
        assert watched.events  # read every turn
        if twin is None and len(unwatched.state.play.plays) == 5:
            assert unwatched.state.play.logged == 0
            twin = unwatched.clone()
    assert any(isinstance(e, PlayRecord) for e in unwatched.state.event_log)  # held until read, the end logged after
    assert twin is not None and unwatched.events == watched.events
    assert not any(isinstance(e, PlayRecord) for e in unwatched.state.event_log)
    assert twin.events == watched.events[: len(twin.events)]
    kinds = [e["type"] for e in watched.events]
    assert kinds.count("play") + kinds.count("pass") >= len(watched.state.play.plays) and kinds[-1] == "end"


def _all_pass(game: HandEngine) -> list[list[int]]:
    """Every seat passes (the auction's 荒牌; 炒地皮's declaring in a match's first hand, §7.4) until the hand is
    dealt again; the new deal's hands."""
    redealt = len([e for e in game.events if e["type"] == "redeal"]) + 1
    while len([e for e in game.events if e["type"] == "redeal"]) < redealt:
        seat = min(game.actors())
        game.apply(next(a for a in game.legal_actions(seat) if isinstance(a, (Pass, TrickPass))), seat)
    return [list(h) for h in game.hands]


@pytest.mark.parametrize("table", ["classic", "chaodipi"])
def test_clones_redeal_as_the_original_would_each_on_its_own(table: str) -> None:
    """A clone shares its original's RNG until one of them draws (a redeal): then each draws the deal the hand alone
    would have, in any order, and one clone's draws do not move the other's (both families)."""
    variant = get_variant(table)
    alone = _all_pass(open_hand(variant, 23))
    game = open_hand(variant, 23)
    first, second = game.clone(), game.clone()
    assert _all_pass(second) == alone
    assert _all_pass(game) == alone
    assert _all_pass(first) == alone
    again = second.clone()
    assert _all_pass(second) == _all_pass(again) != alone


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
    log = {**game_log(Hand(CLASSIC, 1)), **family_header("tennis")}
    with pytest.raises(ValueError, match="unknown game family 'tennis'; known families: climbing, trick"):
        replay(log)


def test_open_hand_passes_the_familys_options() -> None:
    """``open_hand`` deals the same hand as the family's constructor, options included."""
    opened = open_hand(CLASSIC, 9, dealer=1)
    assert isinstance(opened, Hand) and opened.state.dealer == 1
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
    assert session.game.state.dealer == 3 % CLASSIC.players
    assert isinstance(ClimbingSession(CLASSIC), Session)


def test_the_kernel_imports_no_family() -> None:
    """Importing ``paiju.engine`` loads no family; the registry imports one when it is asked for."""
    code = "import sys, paiju.engine; assert not any(m.startswith('paiju.climbing') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_table_names_its_family_as_an_added_key() -> None:
    """Every table is played by the climbing family unless it says otherwise; its JSON (``paiju variants --json``)
    ends with the ``family`` key, after the keys it always had."""
    table = CLASSIC.to_json()
    assert CLASSIC.family == "climbing" and list(table)[-1] == "family" and table["family"] == "climbing"
    assert Variant.from_json({k: v for k, v in table.items() if k != "family"}) == CLASSIC
    assert load_variant_toml('inherits = "classic"\nname = "mine"\n').family == "climbing"
    assert load_variant_toml('name = "mine"\nfamily = "tennis"\n').family == "tennis"


def test_a_table_of_an_unknown_family_is_refused_when_played() -> None:
    """A table may name any family, but dealing it names the families this paiju knows; a malformed name is
    refused when the table is read."""
    elsewhere = CLASSIC.with_changes(family="tennis")
    with pytest.raises(ValueError, match="unknown game family 'tennis'; known families: climbing, trick"):
        open_hand(elsewhere, 1)
    with pytest.raises(ValueError, match="unknown game family 'tennis'"):
        new_session(elsewhere)
    with pytest.raises(VariantError, match="family 'Not a name' must be a family's name"):
        CLASSIC.with_changes(family="Not a name")


def test_a_log_keeps_the_family_in_its_header_not_in_its_rules() -> None:
    """A log's rules hold no family key (saved logs keep their bytes); reading them back puts the table
    under the family the header names."""
    log = game_log(_finished())
    assert "family" not in log["rules"]
    assert log_variant(log) == CLASSIC
    assert log_variant({**log, **family_header("tennis")}).family == "tennis"


def test_the_climbing_family_gives_the_apps_what_they_read() -> None:
    """Sessions, views and settlement of a climbing hand come through its family record; its tally, frame fields,
    own bot and bounds through its table policy."""
    climbing, policy = family("climbing"), table_policy("climbing")
    session = new_session(CLASSIC, 2)
    assert isinstance(session, ClimbingSession)
    game = session.game
    assert climbing.observe(game, 0).to_json() == game.view(0)
    assert policy.frame_fields(game) == {"bids": [], "multiplier": 1, "redeals": []}
    play_out(game, [make_bot(policy.bot, s) for s in range(3)])
    tally = policy.tally(game)
    assert sorted(tally.roles) == ["farmer", "farmer", "landlord"] and tally.counts["instant_wins"] == 0
    words = climbing.settle(game, ["a", "b", "c"])
    assert [line.score for line in words.lines] == list(game.result.scores)
    assert policy.most_actions(CLASSIC, 0) > 0
    assert ClimbingLogError is LogError
