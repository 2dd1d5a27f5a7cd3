"""Helpers for the tests that attack the server from the outside (limits, HTTP access and inputs, origins and
headers, clues to hidden cards, client addresses); this module holds no tests.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from paiju.climbing import Game
from paiju.server import create_app
from paiju.server.config import Rate, ServerConfig

#: Room codes: 8 characters of this alphabet.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def configured_app(database: str, **fields: Any) -> FastAPI:
    """The app with ``ServerConfig(**fields)`` (a ``*_rate`` field given as ``(burst, per_minute)``)."""
    values: dict[str, Any] = {k: Rate(*v) if k.endswith("_rate") else v for k, v in fields.items()}
    return create_app(database, bot_delay=0, burst=10_000, config=ServerConfig(**values))


def token_header(token: str) -> dict[str, str]:
    """The header that carries a player's token."""
    return {"X-Paiju-Token": token}


def member_get(client: TestClient, path: str, token: str) -> Any:
    """GET ``path`` as a member, the way an attacker holding a token would try it: the token in the header and in
    the query (where the server once read it; it now ignores it)."""
    return client.get(path, headers=token_header(token), params={"token": token})


def live_game(client: TestClient, code: str) -> Game:
    """The running hand in the server's memory: ground truth, never sent to anyone."""
    room = client.app.state.server.rooms[code]  # type: ignore[attr-defined]
    game = room.game
    assert game is not None, f"room {code} has no hand"
    return game  # type: ignore[no-any-return]


def first_deal(game: Game) -> list[list[int]]:
    """The hands of a game's first deal event (what its seed decides)."""
    deal = next(e for e in game.events if e["type"] == "deal")
    return [list(h) for h in deal["hands"]]


def integers(payload: Any) -> set[int]:
    """Every integer an attacker can read in a JSON payload: numbers, integral floats, digit runs in strings
    and in keys."""
    found: set[int] = set()
    if isinstance(payload, bool) or payload is None:
        return found
    if isinstance(payload, int):
        found.add(payload)
    elif isinstance(payload, float):
        if payload.is_integer():
            found.add(int(payload))
    elif isinstance(payload, str):
        found |= {int(m) for m in re.findall(r"-?\d+", payload)}
    elif isinstance(payload, dict):
        for key, value in payload.items():
            found |= integers(str(key)) | integers(value)
    elif isinstance(payload, list):
        for value in payload:
            found |= integers(value)
    return found


def until_frame(ws: WebSocketTestSession, check: Callable[[dict[str, Any]], bool], most: int = 5000) -> dict[str, Any]:
    """Read frames until one for which ``check`` holds."""
    for _ in range(most):
        frame = ws.receive_json()
        if check(frame):
            return dict(frame)
    raise AssertionError("no such frame")


def close_code(ws: WebSocketTestSession) -> int | None:
    """Read until the server closes the socket (its close code) or answers a ping (``None``: still open;
    pair it with ``watchdog``)."""
    for _ in range(5000):
        message = ws.receive()
        if message["type"] == "websocket.close":
            return int(message.get("code", 1000))
        if json.loads(message.get("text") or "{}").get("type") == "pong":
            return None
    raise AssertionError("neither a close nor a pong")


@contextmanager
def watchdog(ws: WebSocketTestSession, after: float) -> Iterator[None]:
    """Send a ping on ``ws`` after ``after`` seconds unless the block is done: a test that waits for the
    server to close an idle socket then reads a pong instead of hanging when the server never does."""

    def ping() -> None:
        try:
            ws.send_json({"type": "ping"})
        except Exception:  # the socket is gone: the close already came
            pass

    timer = threading.Timer(after, ping)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def refused(client: TestClient, path: str, headers: dict[str, str] | None = None) -> int | None:
    """Open a WebSocket; the close code or HTTP status that refused it, or ``None`` if it was accepted and
    answers a ping."""
    try:
        connect = client.websocket_connect(path, headers=headers) if headers else client.websocket_connect(path)
        with connect as ws:
            ws.send_json({"type": "ping"})
            message = ws.receive()
            if message["type"] == "websocket.close":
                return int(message.get("code", 1000))
            assert json.loads(message["text"])["type"] in ("pong", "error"), message
            return None
    except WebSocketDisconnect as err:
        return int(getattr(err, "status_code", None) or err.code)
