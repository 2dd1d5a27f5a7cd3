"""Replays in one pass, presets with owners, tokens out of
URLs, clean names, no 500s, hands only for their room, links that a Host header cannot forge."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from paiju.climbing import Game, replay
from paiju.server import create_app
from tests.server.outside import CODE_ALPHABET, configured_app, member_get, token_header
from tests.server.wire import create_room, hello, until


def _finished_hand(client: TestClient, variant: str = "classic") -> tuple[dict[str, Any], Any]:
    """A room whose first hand random bots played (its host watching); returns the room and the hand id."""
    room = create_room(client, variant=variant)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "bots", "strength": "random"})
        until(ws, "room")
        ws.send_json({"type": "start"})
        result = until(ws, "result")
    return room, result["log_id"]


# ---------------------------------------------------------------------- replays
@pytest.fixture
def games_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every Game the code builds (each replay from the start builds one)."""
    made: list[int] = []
    init = Game.__init__

    def counting(self: Game, *args: Any, **kwargs: Any) -> None:
        made.append(1)
        init(self, *args, **kwargs)

    monkeypatch.setattr(Game, "__init__", counting)
    yield made


def test_replay_views_take_one_pass(client: TestClient, games_made: list[int]) -> None:
    """Finding 8: "/api/hands/{id}/views replays from the start for every step (O(events²))" — one pass,
    then cached."""
    room, hand_id = _finished_hand(client)
    games_made.clear()
    first = member_get(client, f"/api/hands/{hand_id}/views", room["token"])
    assert first.status_code == 200, first.text
    steps = len(first.json())
    assert steps > 20, "too short a hand to tell one pass from many"
    assert len(games_made) <= 6, f"{len(games_made)} replays for {steps} steps"
    games_made.clear()
    again = member_get(client, f"/api/hands/{hand_id}/views", room["token"])
    assert again.json() == first.json() and len(games_made) <= 1, f"{len(games_made)} replays for a cached hand"


def test_the_final_hands_come_from_a_cheap_endpoint(client: TestClient) -> None:
    """Finding 8: "a cheap end-of-hand endpoint for the final hands" — GET /api/hands/{id}/final."""
    room, hand_id = _finished_hand(client)
    log = member_get(client, f"/api/hands/{hand_id}", room["token"]).json()
    final = member_get(client, f"/api/hands/{hand_id}/final", room["token"])
    assert final.status_code == 200, final.status_code
    body = final.json()
    game = replay(log)
    assert body["hand_id"] == hand_id and body["seats"] == log["seats"]
    assert game.result is not None and body["scores"] == list(game.result.scores)
    assert len(body["hands"]) == 3
    for seat, cards in enumerate(body["hands"]):
        assert len(cards.split()) == len(game.hands[seat]), (seat, cards)


# ---------------------------------------------------------------------- presets
def test_presets_belong_to_whoever_made_them(client: TestClient) -> None:
    """Finding 9: "Presets are global: anyone can overwrite or delete anyone's" — a stranger can neither
    list, overwrite nor delete another's preset."""
    saved = client.post("/api/presets", json={"name": "friday", "settings": {"variant": "spec-5p1d"}})
    assert saved.status_code == 200, saved.text
    owner = saved.json().get("owner")
    mine = {"X-Paiju-Owner": owner} if owner else {}
    assert client.get("/api/presets").json() == [], "a stranger lists someone's presets"
    stranger = client.post("/api/presets", json={"name": "friday", "settings": {"variant": "classic"}})
    assert stranger.status_code == 200 and stranger.json().get("owner") not in (None, owner)
    assert client.delete("/api/presets/friday", headers={"X-Paiju-Owner": "guess"}).status_code == 404
    listed = client.get("/api/presets", headers=mine).json()
    assert [(p["name"], p["settings"]["variant"]) for p in listed] == [("friday", "spec-5p1d")]
    assert client.delete("/api/presets/friday", headers=mine).status_code == 200
    assert client.get("/api/presets", headers=mine).json() == []


# ---------------------------------------------------------------------- tokens
def test_a_token_in_the_url_is_not_read(client: TestClient) -> None:
    """Finding 13: "Tokens travel in URLs and land in the access log" — ?token= opens nothing."""
    room, hand_id = _finished_hand(client)
    code, token = room["code"], room["token"]
    for path in (f"/api/rooms/{code}/log", f"/api/rooms/{code}/hands", f"/api/hands/{hand_id}"):
        answer = client.get(path, params={"token": token})
        assert answer.status_code == 403, f"{path}?token=… answered {answer.status_code}"


def test_the_token_goes_in_a_header(client: TestClient) -> None:
    """Finding 13: "send them in a header" — X-Paiju-Token opens a seat's log."""
    room, _ = _finished_hand(client)
    answer = client.get(f"/api/rooms/{room['code']}/log", headers=token_header(room["token"]))
    assert answer.status_code == 200, answer.status_code
    assert replay(answer.json()).is_over
    assert (
        client.get(f"/api/rooms/{room['code']}/log", headers=token_header("nope")).json()["detail"]["code"]
        == "bad_token"
    )


# ---------------------------------------------------------------------- names
def _name_in_room(client: TestClient, name: str) -> tuple[dict[str, Any], str]:
    """Join a new room as ``name``; the first frame after the hello and the name the room frame shows."""
    code = create_room(client)["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_json({"type": "hello", "name": name})
        first = ws.receive_json()
        if first["type"] != "welcome":
            return first, ""
        state = until(ws, "room")
    shown = next(w["name"] for w in state["watchers"] if w["player_id"] == first["player_id"])
    return first, shown


def test_names_are_normalised(client: TestClient) -> None:
    """Finding 14: "spoof other names (control and look-alike characters): normalise names (NFKC, no control
    characters)"."""
    _, shown = _name_in_room(client, "\uff2d\uff41\uff4c\uff4c\uff4f\uff52\uff59\u202e\u0007  \u200bx ")
    assert shown == "Mallory x", repr(shown)
    first, _ = _name_in_room(client, "\u200b\u200d\u202e")
    assert first["type"] == "error" and first["code"] == "bad_message", first


def test_a_name_cannot_forge_a_log_line(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Finding 14: "Display names can forge log lines (newlines) ... log them quoted"."""
    caplog.set_level(logging.INFO, logger="paiju.server")
    forged = "eve\nroom ABCDE: bob joined (new)"
    made = client.post("/api/rooms", json={"name": "\u202emallory\r\nINFO forged"})
    assert made.status_code == 200
    _, shown = _name_in_room(client, forged)
    assert "\n" not in shown and "\r" not in shown
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("paiju")]
    assert any("eve" in line for line in lines), "the join was not logged"
    assert all("\n" not in line and "\r" not in line for line in lines), [l for l in lines if "\n" in l]
    assert any("'mallory" in line or "'\\u202emallory" in line for line in lines), "names are logged quoted"


# ---------------------------------------------------------------------- bad inputs
@pytest.fixture
def no_raise(database: str) -> Iterator[TestClient]:
    """A client that sees a 500 as a response instead of the server's exception."""
    with TestClient(create_app(database, bot_delay=0, burst=10_000), raise_server_exceptions=False) as c:
        yield c


def test_bad_inputs_get_a_4xx_with_a_reason(no_raise: TestClient) -> None:
    """Finding 15: "A few inputs give 500s or tracebacks: every handler answers bad input with a 4xx and a
    reason" — {"detail": {"code", "message"}}, validation errors included."""
    code = create_room(no_raise)["code"]
    tries: list[tuple[str, str, dict[str, Any]]] = [
        ("get", "/api/hands/99999999999999999999999", {}),
        ("get", "/api/hands/99999999999999999999999/views", {}),
        ("post", "/api/rooms", {"json": {"seats": "many"}}),
        ("post", "/api/rooms", {"content": b"{not json", "headers": {"content-type": "application/json"}}),
        ("post", "/api/hands/import", {"json": [1, 2]}),
        ("post", "/api/presets", {"json": {"name": "x"}}),
        ("get", f"/api/rooms/{code}/log", {"headers": token_header("x" * 5000)}),
    ]
    for method, path, kwargs in tries:
        answer = getattr(no_raise, method)(path, **kwargs)
        assert 400 <= answer.status_code < 500, f"{method} {path}: {answer.status_code}"
        detail = answer.json().get("detail")
        assert isinstance(detail, dict) and detail.get("code") and detail.get("message"), f"{method} {path}: {detail}"


# ---------------------------------------------------------------------- hand ids and room codes
def test_hand_ids_are_unguessable(client: TestClient) -> None:
    """Finding 16: "Finished hands are readable by sequential id without any room code" — ids are long random
    strings; small numbers find nothing."""
    room, hand_id = _finished_hand(client)
    assert isinstance(hand_id, str) and len(hand_id) >= 22 and not hand_id.isdigit(), hand_id
    for guess in range(1, 6):
        assert client.get(f"/api/hands/{guess}", headers=token_header(room["token"])).status_code in (403, 404)


def test_a_hand_is_served_only_to_its_room(client: TestClient) -> None:
    """Finding 16: "serve a hand only to the room's members" — no token, or another room's: 403 bad_token."""
    room, hand_id = _finished_hand(client)
    other = create_room(client)
    paths = [
        f"/api/hands/{hand_id}",
        f"/api/hands/{hand_id}/views",
        f"/api/hands/{hand_id}/views?seat=all",
        f"/api/rooms/{room['code']}/hands",
    ]
    for path in paths:
        for headers in ({}, token_header(other["token"])):
            answer = client.get(path, headers=headers)
            assert answer.status_code == 403, f"{path} with {headers or 'no token'}: {answer.status_code}"
            assert answer.json()["detail"]["code"] == "bad_token"
        assert client.get(path, headers=token_header(room["token"])).status_code == 200, path


def test_room_codes_cannot_be_guessed(client: TestClient) -> None:
    """Finding 16: "room codes can be guessed" — 8 characters of the code alphabet."""
    codes = [create_room(client)["code"] for _ in range(3)]
    for code in codes:
        assert len(code) == 8 and set(code) <= set(CODE_ALPHABET), code


# ---------------------------------------------------------------------- room links
def test_room_links_come_from_the_public_url(database: str) -> None:
    """Finding 17: "The Host header is copied into the room link: build links from a configured public URL"."""
    with TestClient(configured_app(database, public_url="https://cards.example.org")) as c:
        made = c.post("/api/rooms", json={"name": "host"}, headers={"host": "evil.example"})
        assert made.status_code == 200, made.text
        assert made.json()["url"] == f"https://cards.example.org/r/{made.json()['code']}"


def test_a_host_that_is_not_allowed_gets_no_link(database: str) -> None:
    """Finding 17: "else the request only when the host is allowed" — another Host gets 400, no link."""
    with TestClient(configured_app(database, allowed_hosts=("cards.example.org",))) as c:
        evil = c.post("/api/rooms", json={"name": "host"}, headers={"host": "evil.example"})
        assert evil.status_code == 400, evil.text
        good = c.post("/api/rooms", json={"name": "host"}, headers={"host": "cards.example.org"})
        assert good.status_code == 200 and good.json()["url"].startswith("http://cards.example.org/r/")
        code = good.json()["code"]
        assert c.get(f"/api/rooms/{code}/qr.svg", headers={"host": "evil.example"}).status_code == 400
