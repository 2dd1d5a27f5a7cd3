"""The HTTP API: variants, rooms, the QR code, presets, history, replays, import and a seat's log."""

from __future__ import annotations

from fastapi.testclient import TestClient

from paiju.climbing import replay
from paiju.variants import REGISTRY
from tests.server.wire import create_room, hello, my_turn, play_to_end, seated_host, until


def test_every_variant_is_listed(client: TestClient) -> None:
    listed = client.get("/api/variants").json()
    assert [v["name"] for v in listed] == list(REGISTRY)
    spec = next(v for v in listed if v["name"] == "spec-4p1d")
    assert spec["players"] == 4 and spec["rules"]["speculator"]["gift_landlord"] == 4 and spec["summary"]


def test_a_room_is_created_with_overrides_and_shows_its_state(client: TestClient) -> None:
    made = create_room(
        client, variant="spec-4p1d", rules={"max_bid": 2, "speculator": {"pure_three_bomb": False}},
        turn_seconds=30, hands=4, card_counter=True, auto_forced=True, name="Ann",
    )
    assert made["url"].endswith(f"/r/{made['code']}") and len(made["code"]) == 8 and made["token"]
    state = client.get(f"/api/rooms/{made['code'].lower()}").json()
    assert state["variant"] == "spec-4p1d" and len(state["seats"]) == 4 and state["status"] == "waiting"
    assert state["host_id"] == made["player_id"] and state["scores"] == [0, 0, 0, 0]
    assert state["settings"]["rules"] == {"max_bid": 2, "speculator": {"pure_three_bomb": False}}
    assert state["watchers"] == [] and state["spectators"] == 0  # the host has not connected yet


def test_a_table_that_does_not_add_up_is_refused_with_the_reason(client: TestClient) -> None:
    unknown = client.post("/api/rooms", json={"variant": "nope"})
    assert unknown.status_code == 400 and "nope" in unknown.json()["detail"]["message"]
    bad_key = client.post("/api/rooms", json={"variant": "classic", "rules": {"colour": 3}})
    assert bad_key.status_code == 400 and "colour" in bad_key.json()["detail"]["message"]
    seats = client.post("/api/rooms", json={"variant": "classic", "seats": 4})
    assert seats.status_code == 400 and "don't add up" in seats.json()["detail"]["message"]
    extra = client.post("/api/rooms", json={"variant": "classic", "colour": 3})
    assert extra.status_code == 422


def test_a_table_of_a_family_this_server_does_not_know_is_refused(client: TestClient) -> None:
    answer = client.post("/api/rooms", json={"variant": "classic", "rules": {"family": "tennis"}})
    assert answer.status_code == 400
    assert answer.json()["detail"]["message"] == "unknown game family 'tennis'; known families: climbing, trick"


def test_unknown_rooms_and_hands_are_404(client: TestClient) -> None:
    assert client.get("/api/rooms/ZZZZZ").json()["detail"]["code"] == "bad_room"
    assert client.get("/api/rooms/ZZZZZ/qr.svg").status_code == 404
    assert client.get("/api/hands/999").status_code == 404
    assert client.get("/api/hands/999/views").status_code == 404
    assert client.get("/api/hands/999/final").status_code == 404


def test_the_qr_code_is_an_svg_of_the_room_link(client: TestClient) -> None:
    code = create_room(client)["code"]
    answer = client.get(f"/api/rooms/{code}/qr.svg")
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.lstrip().startswith("<?xml") and "<svg" in answer.text and "<path" in answer.text


def test_presets_are_saved_listed_replaced_and_deleted(client: TestClient) -> None:
    settings = {"variant": "spec-5p1d", "turn_seconds": 20, "hands": 6, "card_counter": True}
    saved = client.post("/api/presets", json={"name": "friday", "settings": settings})
    assert saved.status_code == 200
    mine = {"X-Paiju-Owner": saved.json()["owner"]}
    client.post("/api/presets", json={"name": "alpha", "settings": {"variant": "classic"}}, headers=mine)
    listed = client.get("/api/presets", headers=mine).json()
    assert [p["name"] for p in listed] == ["alpha", "friday"]
    assert listed[1]["settings"]["variant"] == "spec-5p1d" and listed[1]["settings"]["turn_seconds"] == 20
    client.post("/api/presets", json={"name": "friday", "settings": {"variant": "classic"}}, headers=mine)
    assert client.get("/api/presets", headers=mine).json()[1]["settings"]["variant"] == "classic"
    assert client.delete("/api/presets/friday", headers=mine).json() == {"deleted": "friday"}
    assert client.delete("/api/presets/friday", headers=mine).status_code == 404
    assert [p["name"] for p in client.get("/api/presets", headers=mine).json()] == ["alpha"]
    bad = client.post("/api/presets", json={"name": "x", "settings": {"variant": "classic", "seats": 5}}, headers=mine)
    assert bad.status_code == 400


def _finished_hand(client: TestClient) -> tuple[str, str, str]:
    """A room whose first hand the bots played to the end; returns (code, host token, hand id)."""
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "bots", "strength": "random"})
        ws.send_json({"type": "start"})
        result = until(ws, "result")
    return room["code"], room["token"], result["log_id"]


def test_history_lists_finished_hands_and_serves_their_logs(client: TestClient) -> None:
    code, token, hand_id = _finished_hand(client)
    client.headers["X-Paiju-Token"] = token
    hands = client.get(f"/api/rooms/{code}/hands").json()
    assert [h["hand_id"] for h in hands] == [hand_id] and hands[0]["number"] == 1
    log = client.get(f"/api/hands/{hand_id}").json()
    assert log["format"] == "paiju-hand" and log["seats"] == hands[0]["seats"]
    game = replay(log)
    assert game.result is not None and list(game.result.scores) == hands[0]["scores"]


def test_replay_views_step_through_a_hand_from_a_seat_or_with_every_card(client: TestClient) -> None:
    _, token, hand_id = _finished_hand(client)
    client.headers["X-Paiju-Token"] = token
    seat1 = client.get(f"/api/hands/{hand_id}/views", params={"seat": 1}).json()
    actions = [e for e in client.get(f"/api/hands/{hand_id}").json()["events"] if e["type"] in ("bid", "pass", "play")]
    assert len(seat1) == len(actions) + 1 and seat1[0]["event"] is None
    assert all(step["view"]["seat"] == 1 and step["view"]["hand"] for step in seat1[:-1])
    assert seat1[-1]["view"]["phase"] == "over"
    everything = client.get(f"/api/hands/{hand_id}/views", params={"seat": "all"}).json()
    assert len(everything[0]["view"]["hands"]) == 3 and all(everything[0]["view"]["hands"])
    public = client.get(f"/api/hands/{hand_id}/views").json()
    assert public[0]["view"]["seat"] is None and public[0]["view"]["hand"] == ""
    assert client.get(f"/api/hands/{hand_id}/views", params={"seat": "x"}).status_code == 400
    assert client.get(f"/api/hands/{hand_id}/views", params={"seat": 7}).status_code == 400


def test_a_hand_is_exported_and_imported_and_a_bad_log_is_refused(client: TestClient) -> None:
    _, token, hand_id = _finished_hand(client)
    log = client.get(f"/api/hands/{hand_id}", headers={"X-Paiju-Token": token}).json()
    imported = client.post("/api/hands/import", json=log).json()["hand_id"]
    assert imported != hand_id and client.get(f"/api/hands/{imported}").json() == log
    log["events"][-2]["seat"] = (log["events"][-2]["seat"] + 1) % 3
    refused = client.post("/api/hands/import", json=log)
    assert refused.status_code == 400 and "turn" in refused.json()["detail"]["message"]
    assert client.post("/api/hands/import", json={"hello": 1}).status_code == 400


def test_a_seat_log_hides_other_hands_until_the_hand_ends(client: TestClient) -> None:
    with seated_host(client, 0) as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        mine = client.get(f"/api/rooms/{room['code']}/log", headers={"X-Paiju-Token": room["token"]}).json()
        assert mine["redacted"] is True
        deal = mine["events"][0]
        assert deal["hands"][0] and deal["hands"][1] is None and deal["hands"][2] is None and deal["bottom"] is None
        assert client.get(f"/api/rooms/{room['code']}/log", headers={"X-Paiju-Token": "nope"}).status_code == 403
        ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
        play_to_end(ws)
    full = client.get(f"/api/rooms/{room['code']}/log", headers={"X-Paiju-Token": room["token"]}).json()
    assert "redacted" not in full and all(full["events"][0]["hands"]) and replay(full).is_over


def test_pages_are_the_client_and_its_static_files(client: TestClient) -> None:
    for path in ("/", "/r/ABCDE", "/r/ABCDE/history", "/r/ABCDE/replay/x3", "/replay/3"):
        page = client.get(path)
        assert page.status_code == 200 and "<html" in page.text.lower(), path
    assert client.get("/static/index.html").text == client.get("/").text
