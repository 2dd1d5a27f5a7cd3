"""Every WebSocket message, every error code, host-only checks and reclaiming a seat by token."""

from __future__ import annotations

import json
import logging
import re
import time
from collections import defaultdict
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from paiju.bots import make_bot
from paiju.climbing import Session, action_text, observe
from paiju.server import create_app
from paiju.variants import Variant, get_variant
from tests.server.wire import create_room, error, hello, my_turn, play_to_end, room_where, seated_host, until


def _state(client: TestClient, code: str) -> dict[str, Any]:
    return dict(client.get(f"/api/rooms/{code}").json())


def test_hello_makes_a_player_and_ping_is_answered(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        ws.send_json({"type": "hello", "name": "Bo"})
        welcome = until(ws, "welcome")
        assert welcome["host"] is False and welcome["token"] != room["token"] and welcome["player_id"]
        state = until(ws, "room")
        assert state["spectators"] == 1 and {w["name"] for w in state["watchers"]} == {"Bo"}  # the host is not connected
        ws.send_json({"type": "ping"})
        assert until(ws, "pong") == {"type": "pong"}


def test_an_unknown_room_is_refused_and_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/NOPE1") as ws:
        assert ws.receive_json()["code"] == "bad_room"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_a_frame_before_hello_and_an_unknown_token_are_refused(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        assert error(ws, {"type": "sit", "seat": 0})["code"] == "bad_message"
        assert error(ws, {"type": "hello", "name": "x", "token": "forged"})["code"] == "bad_token"
        hello(ws, "x")
        assert error(ws, {"type": "hello", "name": "x"})["code"] == "bad_message"


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "sit"}), "bad_message"),
        (json.dumps({"type": "sit", "seat": 0, "extra": 1}), "bad_message"),
        (json.dumps({"type": "act"}), "bad_message"),
        (json.dumps({"type": "bots", "strength": "godlike"}), "bad_message"),
        (json.dumps({"type": "hello", "name": "x" * 100}), "bad_message"),
        (json.dumps({"type": "ping", "pad": "x" * 17000}), "too_large"),
    ],
)
def test_bad_frames_get_an_error_and_change_nothing(
    client: TestClient, frame: str, code: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="paiju.server")
    with seated_host(client, 0) as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        before = _state(client, room["code"])
        got = error(ws, frame)
        assert got["code"] == code and got["message"]
        assert _state(client, room["code"]) == before
        assert f"refused from 'host': {code}" in caplog.text
        ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
        assert play_to_end(ws)["type"] == "result"


def test_a_flood_is_rate_limited_and_the_connection_recovers(database: str) -> None:
    with TestClient(create_app(database, bot_delay=0, burst=5, rate=1000 / 3600)) as client:
        room = create_room(client)
        with client.websocket_connect(f"/ws/{room['code']}") as ws:
            hello(ws, "host", room["token"])
            for _ in range(30):
                ws.send_json({"type": "ping"})
            answers = [ws.receive_json() for _ in range(5)]
            assert [a["type"] for a in answers] == ["pong"] * 4 + ["error"]
            assert answers[-1]["code"] == "rate_limited"
    with TestClient(create_app(database, bot_delay=0, burst=2, rate=50)) as client:
        with client.websocket_connect(f"/ws/{room['code']}") as ws:
            hello(ws, "host", room["token"])
            for _ in range(10):
                ws.send_json({"type": "ping"})
            assert until(ws, "error")["code"] == "rate_limited"
            time.sleep(0.1)
            ws.send_json({"type": "ping"})
            assert until(ws, "pong")


def test_sit_stand_watch_and_seat_taken(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as host, client.websocket_connect(f"/ws/{room['code']}") as guest:
        hello(host, "host", room["token"])
        hello(guest, "guest")
        until(host, "room")
        host.send_json({"type": "sit", "seat": 1})
        assert until(host, "room")["seats"][1]["name"] == "host"
        assert error(guest, {"type": "sit", "seat": 1})["code"] == "seat_taken"
        assert error(guest, {"type": "sit", "seat": 3})["code"] == "bad_message"
        guest.send_json({"type": "sit", "seat": 2})
        seats = until(guest, "room")["seats"]
        assert seats[2]["name"] == "guest" and seats[2]["connected"]
        guest.send_json({"type": "stand"})
        assert until(guest, "room")["seats"][2]["name"] is None
        host.send_json({"type": "watch"})
        room_where(host, lambda r: r["seats"][1]["name"] is None)
        state = _state(client, room["code"])
        assert all(s["name"] is None for s in state["seats"]) and state["spectators"] == 2


def test_only_the_host_fills_seats_changes_settings_removes_players_and_starts(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        guest = hello(ws, "guest")
        for frame in (
            {"type": "bots", "strength": "random"},
            {"type": "settings", "turn_seconds": 5},
            {"type": "kick", "player_id": room["player_id"]},
            {"type": "start"},
        ):
            got = error(ws, frame)
            assert got["code"] == "not_host" and "host" in got["message"]
        assert _state(client, room["code"])["settings"]["turn_seconds"] == 0
        assert guest["player_id"] in {w["player_id"] for w in _state(client, room["code"])["watchers"]}


def test_bots_fill_empty_seats_but_not_a_person_s(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "sit", "seat": 0})
        until(ws, "room")
        assert error(ws, {"type": "bots", "strength": "random", "seats": [0]})["code"] == "seat_taken"
        ws.send_json({"type": "bots", "strength": "random", "seats": [2]})
        seats = until(ws, "room")["seats"]
        assert [s["bot"] for s in seats] == [None, None, "random"]
        ws.send_json({"type": "bots", "strength": "heuristic"})
        seats = until(ws, "room")["seats"]
        assert [s["bot"] for s in seats] == [None, "heuristic", "random"]
        ws.send_json({"type": "bots", "strength": "heuristic", "seats": [2]})
        assert [s["bot"] for s in until(ws, "room")["seats"]] == [None, "heuristic", "heuristic"]


def test_settings_change_between_hands_and_a_new_table_starts_a_new_session(client: TestClient) -> None:
    with seated_host(client, 0) as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        assert error(ws, {"type": "settings", "turn_seconds": 9})["code"] == "bad_state"
        ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
        play_to_end(ws)
        ws.send_json({"type": "settings", "turn_seconds": 9, "card_counter": True})
        state = until(ws, "room")
        assert state["settings"]["turn_seconds"] == 9 and state["status"] == "between" and any(state["scores"])
        assert error(ws, {"type": "settings", "rules": {"max_bid": 0}})["code"] == "bad_message"
        ws.send_json({"type": "settings", "variant": "spec-4p1d"})
        state = until(ws, "room")
        assert state["variant"] == "spec-4p1d" and len(state["seats"]) == 4 and state["status"] == "waiting"
        assert state["scores"] == [0, 0, 0, 0] and state["seats"][3]["name"] is None
        assert state["settings"]["card_counter"] is True


def test_start_needs_every_seat_filled_and_no_hand_running(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        got = error(ws, {"type": "start"})
        assert got["code"] == "bad_state" and "empty" in got["message"]
        ws.send_json({"type": "bots", "strength": "heuristic", "seats": [1, 2]})
        ws.send_json({"type": "sit", "seat": 0})
        ws.send_json({"type": "start"})
        until(ws, "view")
        assert error(ws, {"type": "start"})["code"] == "bad_state"


def test_acting_out_of_turn_illegally_or_unseated_is_refused(client: TestClient) -> None:
    room = create_room(client)
    code = room["code"]
    with (
        client.websocket_connect(f"/ws/{code}") as host,
        client.websocket_connect(f"/ws/{code}") as guest,
        client.websocket_connect(f"/ws/{code}") as watcher,
    ):
        hello(host, "host", room["token"])
        hello(guest, "guest")
        hello(watcher, "watcher")
        host.send_json({"type": "sit", "seat": 0})
        guest.send_json({"type": "sit", "seat": 1})
        host.send_json({"type": "bots", "strength": "heuristic", "seats": [2]})
        host.send_json({"type": "start"})
        views = {0: until(host, "view"), 1: until(guest, "view")}
        while not any(v["view"]["legal"] for v in views.values()):  # a bot bids first: wait for a person's turn
            views = {0: until(host, "view"), 1: until(guest, "view")}
        seat = 0 if views[0]["view"]["legal"] else 1
        mover, idle = (host, guest) if seat == 0 else (guest, host)
        game = client.app.state.server.rooms[code].game  # type: ignore[attr-defined]
        events = len(game.events)
        assert error(watcher, {"type": "act", "action": "pass"})["code"] == "not_seated"
        got = error(idle, {"type": "act", "action": "pass"})
        assert got["code"] == "not_your_turn" and "turn" in got["message"]
        assert error(mover, {"type": "act", "action": "bid 9"})["code"] == "illegal_move"
        assert error(mover, {"type": "act", "cards": "xyz"})["code"] == "illegal_move"
        assert error(mover, {"type": "act", "cards": "33333"})["code"] == "illegal_move"
        assert len(game.events) == events
        mover.send_json({"type": "act", "action": "pass"})
        before = len(views[seat]["bids"])
        frame = until(idle, "view")
        # Views queued before the pass may come first; a bot's bid of 3 right after it may end the auction.
        while len(frame["bids"]) <= before and frame["view"]["phase"] == "bid":
            frame = until(idle, "view")
        assert game.events[events] == {"type": "pass", "seat": seat}
        if frame["view"]["phase"] == "bid":
            assert frame["bids"][before] == {"seat": seat, "points": 0}


def test_cards_typed_as_in_the_terminal_are_played(client: TestClient) -> None:
    """A bid typed as its number, a pass as p, a lead typed as one suited card."""
    with seated_host(client, 0) as (_, ws):
        for _ in range(5):
            ws.send_json({"type": "start"})
            while (turn := my_turn(ws))["type"] == "view":
                view = turn["view"]
                if view["phase"] == "bid":
                    ws.send_json({"type": "act", "cards": view["legal"][-1].removeprefix("bid ")})
                elif view["trick"] is None:
                    card = view["hand"].split()[0]
                    ws.send_json({"type": "act", "cards": card})
                    assert until(ws, "view")["view"]["history"][-1] == {"seat": 0, "cards": card}
                    return
                else:
                    ws.send_json({"type": "act", "cards": "p" if "pass" in view["legal"] else view["legal"][-1]})
        raise AssertionError("seat 0 never led a trick in five hands")


def _wild_choice(view: dict[str, Any]) -> list[str] | None:
    """Legal plays with the same cards read differently (wild 3s), if this view has any."""
    readings: dict[str, list[str]] = defaultdict(list)
    for text in view["legal"]:
        readings["".join(sorted(re.sub(r"\(.\)", "", text)))].append(text)
    return next((group for group in readings.values() if len(group) > 1), None)


def _seed_with_a_choice(variant: Variant) -> tuple[int, int]:
    """A session seed whose first hand, played by heuristic bots seeded as the server seeds them,
    gives the speculator a choice of readings; returns (seed, the speculator's seat)."""
    for seed in range(100):
        game = Session(variant, seed).game
        bots = [make_bot("heuristic", game.seed * 31 + s) for s in range(variant.players)]
        while not game.is_over:
            seat = game.to_act
            view = observe(game, seat).to_json()
            if seat == game.speculator and game.phase == "play" and _wild_choice(view):
                return seed, seat
            game.apply(bots[seat].act(observe(game, seat)), seat)
    raise AssertionError("no seed gives the speculator a choice")


def test_ambiguous_cards_list_their_readings_and_a_reading_plays_the_exact_cards(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = get_variant("spec-4p1d")
    seed, seat = _seed_with_a_choice(variant)
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: Session(variant, seed).game.seed)
    with seated_host(client, seat, variant="spec-4p1d") as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        game = client.app.state.server.rooms[room["code"]].game  # type: ignore[attr-defined]
        me = make_bot("heuristic", game.seed * 31 + seat)
        while turn["type"] == "view":
            view = turn["view"]
            group = _wild_choice(view) if view["phase"] == "play" else None
            if group is None:
                ws.send_json({"type": "act", "action": action_text(me.act(observe(game, seat)))})
                turn = my_turn(ws)
                continue
            typed = re.sub(r"\(.\)", "", group[1])
            got = error(ws, {"type": "act", "cards": typed})
            assert got["code"] == "ambiguous" and sorted(got["options"]) == sorted(group)
            hand = view["hand"].split()
            cards: list[str] = []
            for rank in typed:
                cards.append(next(c for c in hand if c[0] == rank and c not in cards))
            ws.send_json({"type": "act", "action": group[1], "cards": " ".join(cards)})
            played = until(ws, "view")["view"]["history"][-1]
            assert played["seat"] == seat and sorted(played["cards"].split()) == sorted(cards)
            return
        raise AssertionError("the speculator was never offered a choice of readings")


def test_auto_plays_a_seat_and_can_be_turned_off(client: TestClient) -> None:
    with seated_host(client, 0) as (_, ws):
        ws.send_json({"type": "start"})
        my_turn(ws)
        ws.send_json({"type": "auto", "on": True})
        room_where(ws, lambda r: r["seats"][0]["auto"])
        result = until(ws, "result")
        assert result["lines"][0]["name"] == "host"
        ws.send_json({"type": "auto", "on": False})
        assert not room_where(ws, lambda r: not r["seats"][0]["auto"])["seats"][0]["auto"]


def test_auto_needs_a_seat(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        assert error(ws, {"type": "auto", "on": True})["code"] == "not_seated"


def test_a_player_reclaims_its_seat_and_view_by_token_after_disconnecting(client: TestClient) -> None:
    with seated_host(client, 1) as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
    state = _state(client, room["code"])
    assert state["seats"][1]["name"] == "host" and state["seats"][1]["connected"] is False
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        ws.send_json({"type": "hello", "name": "host again", "token": room["token"]})
        welcome = until(ws, "welcome")
        assert welcome["player_id"] == room["player_id"] and welcome["host"] is True
        assert until(ws, "room")["seats"][1] == {
            "seat": 1, "name": "host again", "player_id": room["player_id"], "bot": None, "connected": True, "auto": False
        }
        view = until(ws, "view")
        assert view["seat"] == 1 and view["view"] == turn["view"]
        ws.send_json({"type": "act", "action": view["view"]["legal"][-1]})
        assert play_to_end(ws)["type"] == "result"


def test_the_host_removes_a_player_whose_token_then_stops_working(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as host, client.websocket_connect(f"/ws/{room['code']}") as guest:
        hello(host, "host", room["token"])
        welcome = hello(guest, "guest")
        guest.send_json({"type": "sit", "seat": 2})
        until(guest, "room")
        assert error(host, {"type": "kick", "player_id": "nobody"})["code"] == "bad_message"
        assert error(host, {"type": "kick", "player_id": room["player_id"]})["code"] == "bad_message"
        host.send_json({"type": "kick", "player_id": welcome["player_id"]})
        got = until(guest, "error")
        assert got["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(10):
                guest.receive_json()
    state = _state(client, room["code"])
    assert state["seats"][2]["name"] is None and all(w["name"] != "guest" for w in state["watchers"])
    with client.websocket_connect(f"/ws/{room['code']}") as again:
        assert error(again, {"type": "hello", "name": "guest", "token": welcome["token"]})["code"] == "bad_token"


def test_a_failure_in_one_room_leaves_the_others_playing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        name = "random"

        def act(self, _obs: object) -> object:
            raise RuntimeError("this bot is broken")

    real = make_bot
    monkeypatch.setattr(
        "paiju.server.table.make_bot",
        lambda name, seed=0, family="climbing": Broken() if name == "random" else real(name, seed, family),
    )
    broken, working = create_room(client), create_room(client)
    with client.websocket_connect(f"/ws/{broken['code']}") as a, client.websocket_connect(f"/ws/{working['code']}") as b:
        hello(a, "host", broken["token"])
        hello(b, "host", working["token"])
        a.send_json({"type": "bots", "strength": "random"})
        b.send_json({"type": "bots", "strength": "heuristic"})
        a.send_json({"type": "start"})
        b.send_json({"type": "start"})
        assert until(b, "result")["log_id"] is not None
        a.send_json({"type": "ping"})
        assert until(a, "pong") == {"type": "pong"}
        assert _state(client, broken["code"])["status"] == "playing"


def test_a_session_ends_after_its_hands_and_the_next_start_begins_a_new_one(client: TestClient) -> None:
    with seated_host(client, 0, hands=1) as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        got = error(ws, {"type": "stand"})
        assert got["code"] == "bad_state" and "托管" in got["message"]
        ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
        first = play_to_end(ws)
        state = _state(client, room["code"])
        assert state["session_over"] and state["session_hands"] == 1 and state["scores"] == first["scores"]
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        state = _state(client, room["code"])
        assert state["hand_number"] == 2 and state["session_hands"] == 0 and state["scores"] == [0, 0, 0]
        assert not state["session_over"] and state["status"] == "playing"
