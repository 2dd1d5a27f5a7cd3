"""Helpers that speak the protocol from the test side: create rooms, join, read frames by type."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

#: Frames a helper reads while looking for one type before it gives up (a hand sends a few hundred).
MOST_FRAMES = 5000


def create_room(client: TestClient, **body: Any) -> dict[str, Any]:
    """POST /api/rooms; returns {code, token, player_id, url}."""
    answer = client.post("/api/rooms", json={"name": "host", **body})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def until(ws: WebSocketTestSession, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read frames until one of type ``kind``; every frame read is appended to ``seen``."""
    for _ in range(MOST_FRAMES):
        frame = ws.receive_json()
        if seen is not None:
            seen.append(frame)
        if frame["type"] == kind:
            return dict(frame)
    raise AssertionError(f"no {kind} frame")


def hello(ws: WebSocketTestSession, name: str, token: str | None = None) -> dict[str, Any]:
    """Say hello; returns the welcome frame (after reading the room frame that follows it)."""
    ws.send_json({"type": "hello", "name": name, **({"token": token} if token else {})})
    welcome = until(ws, "welcome")
    until(ws, "room")
    return welcome


def error(
    ws: WebSocketTestSession, frame: dict[str, Any] | str, seen: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """Send ``frame`` (a dict, or raw text) and return the error it gets; the frames read before it (and it) are
    appended to ``seen``."""
    if isinstance(frame, str):
        ws.send_text(frame)
    else:
        ws.send_json(frame)
    return until(ws, "error", seen)


def my_turn(ws: WebSocketTestSession, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read until this seat has something to do (a view with legal actions the server will not play
    for it) or the hand ends (result)."""
    for _ in range(MOST_FRAMES):
        frame = ws.receive_json()
        if seen is not None:
            seen.append(frame)
        if frame["type"] == "result" or (frame["type"] == "view" and frame["view"]["legal"] and not frame["auto_play"]):
            return dict(frame)
    raise AssertionError("the seat never got a turn")


@contextmanager
def seated_host(client: TestClient, seat: int = 0, **settings: Any) -> Iterator[tuple[dict[str, Any], WebSocketTestSession]]:
    """A new room whose host is connected, sits at ``seat`` and has filled the rest with heuristic bots;
    yields the room (code, token, player_id) and the host's socket."""
    room = create_room(client, **settings)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "sit", "seat": seat})
        until(ws, "room")
        ws.send_json({"type": "bots", "strength": "heuristic"})
        until(ws, "room")
        yield room, ws


def play_to_end(ws: WebSocketTestSession, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Play this seat's turns with its last legal action (the highest bid, a play rather than a pass)
    until the hand ends; returns the result frame (after reading the room frame that follows it)."""
    while True:
        frame = my_turn(ws, seen)
        if frame["type"] == "result":
            until(ws, "room", seen)
            return frame
        ws.send_json({"type": "act", "action": frame["view"]["legal"][-1]})


def room_where(ws: WebSocketTestSession, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Read until a room frame for which ``check`` holds (earlier room frames may predate a change)."""
    for _ in range(MOST_FRAMES):
        frame = until(ws, "room")
        if check(frame):
            return frame
    raise AssertionError("no such room frame")


@contextmanager
def two_people_and_a_bot(
    client: TestClient, bot: str, bot_seats: tuple[int, ...] = (2,), **settings: Any
) -> Iterator[tuple[WebSocketTestSession, WebSocketTestSession]]:
    """A room made with ``settings``: the host at seat 0, a second person at seat 1, a ``bot`` in ``bot_seats``."""
    room = create_room(client, **settings)
    with ExitStack() as stack:
        host = stack.enter_context(client.websocket_connect(f"/ws/{room['code']}"))
        guest = stack.enter_context(client.websocket_connect(f"/ws/{room['code']}"))
        hello(host, "host", room["token"])
        hello(guest, "guest")
        for ws, seat in ((host, 0), (guest, 1)):
            ws.send_json({"type": "sit", "seat": seat})
        host.send_json({"type": "bots", "strength": bot, "seats": list(bot_seats)})
        room_where(host, lambda r: all(s["name"] for s in r["seats"]))
        yield host, guest
