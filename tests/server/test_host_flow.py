"""The host's room before a hand: bots take names read alike in 中文 and English, leave again when the host
removes them, and a seated host may move to a free seat; refusals carry a reason and params a client words; a
room path with a slash is still the client's page."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.wire import create_room, error, hello, room_where, until


def test_bots_are_named_by_seat_and_the_host_removes_one_and_takes_its_seat(client: TestClient) -> None:
    room = create_room(client, variant="spec-4p1d")
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "sit", "seat": 0})
        until(ws, "room")
        ws.send_json({"type": "bots", "strength": "heuristic"})
        seats = room_where(ws, lambda r: all(s["player_id"] for s in r["seats"]))["seats"]
        assert [s["name"] for s in seats] == ["host", "AI 2", "AI 3", "AI 4"]
        ws.send_json({"type": "kick", "player_id": seats[3]["player_id"]})
        seats = room_where(ws, lambda r: r["seats"][3]["player_id"] is None)["seats"]
        assert seats[3]["bot"] is None
        ws.send_json({"type": "sit", "seat": 3})
        seats = room_where(ws, lambda r: r["seats"][3]["name"] == "host")["seats"]
        assert seats[0]["player_id"] is None
        refused = error(ws, {"type": "start"})
        assert (refused["code"], refused["reason"], refused["params"]) == ("bad_state", "seats_empty", {"seats": "1"})


def test_a_guest_is_refused_the_hosts_actions_with_a_reason_to_word(client: TestClient) -> None:
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "Bo")
        refused = error(ws, {"type": "bots", "strength": "heuristic"})
        assert (refused["code"], refused["reason"], refused["params"]) == ("not_host", "not_host", {"what": "add_bots"})
        assert refused["message"] == "only the room's host can add bots"


def test_a_path_under_r_with_a_slash_is_the_clients_page_not_a_json_refusal(client: TestClient) -> None:
    answer = client.get("/r/AB/CD")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
