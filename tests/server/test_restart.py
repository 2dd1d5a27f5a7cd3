"""Rooms survive a restart: the running hand is replayed from its stored events, the session's scores kept."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import delete, update

from paiju.server import create_app
from paiju.server.schema import EventRow, HandRow, RoomRow
from paiju.server.storage import Store
from tests.server.wire import hello, my_turn, play_to_end, seated_host, until


def _app(database: str) -> TestClient:
    return TestClient(create_app(database, bot_delay=0, burst=10_000))


def test_a_hand_continues_from_the_same_position_after_a_restart(database: str) -> None:
    with _app(database) as client:
        with seated_host(client, 0, variant="spec-4p1d", card_counter=True) as (room, ws):
            ws.send_json({"type": "start"})
            for _ in range(3):
                turn = my_turn(ws)
                assert turn["type"] == "view"
                ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
            turn = my_turn(ws)
            assert turn["type"] == "view"
            code = room["code"]
            events = list(client.app.state.server.rooms[code].game.events)  # type: ignore[attr-defined]
            state = client.get(f"/api/rooms/{code}").json()
    with _app(database) as client:
        again = client.get(f"/api/rooms/{code}").json()
        assert again["status"] == "playing" and again["hand_number"] == 1
        assert again["seats"][0]["connected"] is False
        assert [s["bot"] for s in again["seats"]] == [s["bot"] for s in state["seats"]]
        assert client.app.state.server.rooms[code].game.events == events  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/{code}") as ws:
            hello(ws, "host", room["token"])
            view = until(ws, "view")
            assert view["view"] == turn["view"] and view["counter"] == turn["counter"]
            ws.send_json({"type": "act", "action": view["view"]["legal"][-1]})
            first = play_to_end(ws)
    with _app(database) as client:
        between = client.get(f"/api/rooms/{code}").json()
        assert between["status"] == "between" and between["scores"] == first["totals"] == first["scores"]
        with client.websocket_connect(f"/ws/{code}") as ws:
            hello(ws, "host", room["token"])
            assert until(ws, "result")["log_id"] == first["log_id"]
            ws.send_json({"type": "start"})
            second = play_to_end(ws)
        assert second["hand_number"] == 2
        assert second["totals"] == [a + b for a, b in zip(first["scores"], second["scores"], strict=True)]
        hands: list[dict[str, Any]] = client.get(f"/api/rooms/{code}/hands", headers={"X-Paiju-Token": room["token"]}).json()
        assert [h["number"] for h in hands] == [1, 2]


def test_a_room_whose_hand_no_longer_replays_keeps_its_people_and_the_rest_load(database: str) -> None:
    with _app(database) as client:
        with seated_host(client, 0) as (broken, ws):
            ws.send_json({"type": "start"})
            my_turn(ws)
        with seated_host(client, 0) as (fine, ws):
            pass
    store = Store(database)
    with store.session() as s:
        s.execute(update(EventRow).where(EventRow.room == broken["code"]).values(data={"type": "bid", "seat": 9, "points": 1}))
    store.close()
    with _app(database) as client:
        kept = client.get(f"/api/rooms/{broken['code']}").json()
        assert kept["seats"][0]["name"] == "host" and kept["seats"][1]["bot"]
        assert kept["status"] == "playing"  # dealt again from its seed: nothing after the deal replays
        assert client.get(f"/api/rooms/{fine['code']}").json()["status"] == "waiting"
        with client.websocket_connect(f"/ws/{broken['code']}") as ws:
            hello(ws, "host", broken["token"])
            assert play_to_end(ws)["hand_number"] == 1
    with _app(database) as client:  # what was rebuilt was stored whole: it loads again
        assert client.get(f"/api/rooms/{broken['code']}").json()["status"] == "between"


def test_a_gap_in_the_stored_events_keeps_the_room_and_the_hand_up_to_the_gap(database: str) -> None:
    """Finding 3: "after a restart the room with a gap in its stored events was gone (404) with its tokens and
    scores" — restore rebuilds from what replays, keeps the room and logs what was lost."""
    with _app(database) as client:
        with seated_host(client, 0) as (room, ws):
            ws.send_json({"type": "start"})
            for _ in range(3):
                turn = my_turn(ws)
                ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
            my_turn(ws)
            events = list(client.app.state.server.rooms[room["code"]].game.events)  # type: ignore[attr-defined]
    gap = 3
    store = Store(database)
    with store.session() as s:
        s.execute(delete(EventRow).where(EventRow.room == room["code"], EventRow.seq == gap))
    store.close()
    with _app(database) as client:
        state = client.get(f"/api/rooms/{room['code']}").json()
        assert state["status"] == "playing" and state["seats"][0]["name"] == "host"
        game = client.app.state.server.rooms[room["code"]].game  # type: ignore[attr-defined]
        assert game.events[:gap] == events[:gap] and len(game.events) < len(events)
        with client.websocket_connect(f"/ws/{room['code']}") as ws:
            hello(ws, "host", room["token"])
            assert play_to_end(ws)["hand_number"] == 1


def test_a_hand_that_ended_just_before_a_stop_is_stored_at_the_restart(database: str) -> None:
    with _app(database) as client:
        with seated_host(client, 0) as (room, ws):
            ws.send_json({"type": "start"})
            result = play_to_end(ws)
    store = Store(database)
    with store.session() as s:  # as if the server stopped after the last event, before storing the hand
        s.execute(delete(HandRow))
        s.execute(update(RoomRow).values(last_hand_id=None, session_hands=[]))
    store.close()
    with _app(database) as client:
        hands = client.get(f"/api/rooms/{room['code']}/hands", headers={"X-Paiju-Token": room["token"]}).json()
        assert [h["scores"] for h in hands] == [result["scores"]]
        state = client.get(f"/api/rooms/{room['code']}").json()
        assert state["status"] == "between" and state["scores"] == result["scores"] and state["session_hands"] == 1
