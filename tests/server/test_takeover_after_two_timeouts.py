"""The default timeouts (``grace``, as the big apps do): a timed-out turn makes the seat's smallest move and leaves it
off 托管; the second timeout in a row puts it on 托管, and the person's next ``act`` takes it off; ``takeover`` keeps
托管 at the first timeout (test_timer), 癞子's ``minimal`` at the third (test_takeover_after_three_timeouts)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from paiju.cards import card_rank, parse_cards
from paiju.server import create_app
from paiju.server.lateness import Lateness
from paiju.variants import Timeouts
from tests.server.wire import my_turn, room_where, seated_host, until

#: The turn's time: long enough that the test answers the turns before the one it lets run out, on a loaded machine.
TURN_SECONDS = 2
#: The seed of the deal and of every bot where the host takes the bottom (it bids the most) and its timeouts in play
#: come long before the hand can end.
LONG_HAND_SEED = 1


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every deal and bot seeded: on other deals a bot may win the hand before the host's turns run out."""
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: LONG_HAND_SEED)
    monkeypatch.setattr("paiju.server.table.secrets.randbits", lambda bits: LONG_HAND_SEED)


def _act_until_play(ws: WebSocketTestSession) -> dict[str, Any]:
    """Decide the host's turns before play (bid the most, else pass) until its first turn in play."""
    while True:
        frame = my_turn(ws)
        assert frame["type"] == "view", "the hand ended before the host's first turn in play"
        view = frame["view"]
        if view["phase"] == "play":
            return frame
        ws.send_json({"type": "act", "action": view["legal"][-1] if view["phase"] == "bid" else "pass"})


def _time_out(ws: WebSocketTestSession, frame: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Let the host's turn in ``frame`` run out: the move the server made for it and every frame read until then."""
    seen: list[dict[str, Any]] = []
    done = len(frame["view"]["history"])
    while True:
        view = until(ws, "view", seen)["view"]
        mine = [r for r in view["history"][done:] if r["seat"] == 0]
        if mine:
            return dict(mine[0]), seen


def _smallest(frame: dict[str, Any], move: dict[str, Any]) -> bool:
    """Whether ``move`` is the smallest move of the host's turn in ``frame``: the lowest single as leader, else a pass."""
    view = frame["view"]
    if view["trick"] is not None:
        return bool(move["cards"] == "pass" or len(parse_cards(view["hand"])) == 1)
    played = parse_cards(move["cards"])
    return len(played) == 1 and card_rank(played[0]) == min(card_rank(c) for c in parse_cards(view["hand"]))


def test_a_first_timeout_makes_the_smallest_move_and_leaves_the_seat_off_takeover(
    client: TestClient, seeded: None
) -> None:
    """One missed turn does not lose the hand: the seat's smallest move is made, the seat is not on 托管, and its next
    turn is its own; a move of its own counts afresh, so a later single timeout again leaves it off 托管."""
    with seated_host(client, 0, turn_seconds=TURN_SECONDS) as (_, ws):
        ws.send_json({"type": "start"})
        frame = _act_until_play(ws)
        for own_move_between in (True, False):
            move, seen = _time_out(ws, frame)
            assert _smallest(frame, move), move
            assert not any(f["type"] == "room" and f["seats"][0]["auto"] for f in seen), "托管 at the first timeout"
            frame = my_turn(ws, seen)
            assert frame["type"] == "view", "the hand ended before the host's next turn"
            assert not any(f["type"] == "room" and f["seats"][0]["auto"] for f in seen), "托管 at the first timeout"
            if own_move_between:
                ws.send_json({"type": "act", "action": frame["view"]["legal"][-1]})
                frame = my_turn(ws)
                assert frame["type"] == "view", "the hand ended before the host's next turn"


def test_a_second_timeout_in_a_row_puts_the_seat_on_takeover_and_its_next_act_takes_it_off(
    client: TestClient, seeded: None
) -> None:
    """托管 only at the second timeout in a row (the first makes the smallest move); the person's next action, here an
    ``act`` frame sent while the bot plays its seat, takes it off 托管."""
    with seated_host(client, 0, turn_seconds=TURN_SECONDS) as (_, ws):
        ws.send_json({"type": "start"})
        frame = _act_until_play(ws)
        move, _ = _time_out(ws, frame)
        assert _smallest(frame, move), move
        frame = my_turn(ws)
        assert frame["type"] == "view", "the hand ended before the host's second turn"
        assert room_where(ws, lambda r: r["seats"][0]["auto"])["seats"][0]["auto"]
        ws.send_json({"type": "act", "action": "pass"})  # its turn or not: the person is back
        assert not room_where(ws, lambda r: not r["seats"][0]["auto"])["seats"][0]["auto"]


@pytest.mark.parametrize(("timeouts", "takes_over_at"), [(Timeouts.TAKEOVER, 1), (Timeouts.GRACE, 2), (Timeouts.MINIMAL, 3)])
def test_timeouts_in_a_row_put_a_seat_on_takeover_at_the_tables_count(timeouts: Timeouts, takes_over_at: int) -> None:
    """Each table's count of timeouts in a row before 托管, a move of the seat's own counting afresh; until then the
    seat is late (played once with its smallest move)."""
    lateness = Lateness()
    for _ in range(2):
        for miss in range(1, takes_over_at):
            assert not lateness.timed_out(0, timeouts, in_auction=False), f"托管 at timeout {miss}"
            assert 0 in lateness.late
            lateness.moved(0, by_itself=False)  # the server made its smallest move
        lateness.moved(0, by_itself=True)  # then the person moved: the count starts again
    for _ in range(1, takes_over_at):
        lateness.timed_out(0, timeouts, in_auction=False)
    assert lateness.timed_out(0, timeouts, in_auction=False)


#: The server's pause before any automatic move in the test below, long beside the time a bot takes to decide.
BOT_DELAY = 0.5


def test_a_timed_out_move_waits_bot_delay_like_any_automatic_move(tmp_path: Path) -> None:
    """Hidden information: the seat's move after its deadline comes no sooner than ``bot_delay``, as every automatic
    move does, so the time its bot took (longer for a seat with choices: a small landlord, a speculator, a hidden
    landlord) is covered and shows nothing. Made at once, a lone forced answer came sooner than a real choice."""
    app = create_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", bot_delay=BOT_DELAY)
    with TestClient(app) as client, seated_host(client, 0, turn_seconds=1) as (_, ws):
        ws.send_json({"type": "start"})
        frame = my_turn(ws)
        assert frame["type"] == "view"
        deadline = frame["deadline"]
        while 0 in until(ws, "view")["view"]["actors"]:
            pass  # the seat's move is the first frame that no longer waits on it
        assert time.time() - deadline >= BOT_DELAY * 0.9
