"""A failing database or a client that stops reading: nothing half-done, no frozen rooms, bounded memory."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from paiju.server.connection import Connection, TokenBucket
from tests.server.wire import create_room, hello, my_turn, seated_host, until

T = TypeVar("T")


@contextmanager
def locked(database: str) -> Iterator[None]:
    """Another process's exclusive lock on the SQLite file, as long as the block runs."""
    if not database.startswith("sqlite:///"):
        pytest.skip("the held-lock tests lock a SQLite file")
    other = sqlite3.connect(database.removeprefix("sqlite:///"), timeout=10, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def _game(client: TestClient, code: str) -> Any:
    return client.app.state.server.rooms[code].game  # type: ignore[attr-defined]


def test_a_move_the_database_refuses_changes_nothing(client: TestClient, database: str) -> None:
    """Finding 3: "a move was answered bad_state but stayed applied in memory" — now it is rolled back."""
    with seated_host(client, 0) as (room, ws):
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        before = list(_game(client, room["code"]).events)
        with locked(database):
            ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
            got = until(ws, "error")
            assert got["code"] == "bad_state" and "try again" in got["message"]
            assert _game(client, room["code"]).events == before
            assert _game(client, room["code"]).legal_actions()  # the same seat still acts
        ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
        assert until(ws, "view")["view"]["history"] or _game(client, room["code"]).events != before


def test_a_bots_only_room_plays_on_once_the_database_is_back(
    client: TestClient, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 3: "a bots-only room stopped for good" — automatic moves that could not be stored are retried."""
    monkeypatch.setattr("paiju.server.table.RETRY_SECONDS", 0.2, raising=False)
    room = create_room(client)
    with client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        ws.send_json({"type": "bots", "strength": "random"})
        until(ws, "room")
        with locked(database):
            ws.send_json({"type": "start"})
            assert until(ws, "error")["code"] == "bad_state"  # the deal itself could not be stored
            assert client.get(f"/api/rooms/{room['code']}").json()["status"] == "waiting"
        ws.send_json({"type": "start"})
        until(ws, "view")
        with locked(database):
            time.sleep(2.5)  # bots try to move and are refused meanwhile
        assert until(ws, "result")["hand_number"] == 1


def test_database_waits_do_not_stop_other_rooms(client: TestClient, database: str) -> None:
    """Finding 3: "every room froze (writes run on the event loop)" — another room answers while one waits."""
    with seated_host(client, 0) as (room, ws), client.websocket_connect(f"/ws/{create_room(client)['code']}") as other:
        hello(other, "guest")
        ws.send_json({"type": "start"})
        turn = my_turn(ws)
        with locked(database):
            ws.send_json({"type": "act", "action": turn["view"]["legal"][-1]})
            time.sleep(0.2)
            other.send_json({"type": "ping"})
            until(other, "pong")
            answered = time.monotonic()
            until(ws, "error")
            refused = time.monotonic()
        assert refused - answered > 0.5  # the pong came while the write was still waiting on the lock


def in_own_loop(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine in a thread of its own (the browser tests keep an event loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


class StalledSocket:
    """A client that never reads: every send waits forever."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def test_a_client_that_never_reads_is_closed_with_bounded_memory() -> None:
    """Finding 4: "a client that never reads grows memory without bound" — the queue is bounded, then closed."""

    async def run() -> tuple[Connection, StalledSocket]:
        ws = StalledSocket()
        conn = Connection(ws, TokenBucket(10, 10), max_frames=100, max_bytes=64 * 1024, send_timeout=60)  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.write())
        for i in range(10_000):
            conn.send({"type": "view", "pad": "x" * 1000, "i": i})
            assert conn.queued_bytes <= 64 * 1024 and len(conn.queue) <= 100
        await asyncio.sleep(0)
        writer.cancel()
        return conn, ws

    conn, _ws = in_own_loop(run())
    assert conn.closed and conn.close_code == 1013 and not conn.queue  # 1013: try again later


def test_a_send_that_stalls_closes_the_socket() -> None:
    """Finding 4: a send timeout — a socket whose client stopped reading is closed (1013) after it."""

    async def run() -> StalledSocket:
        ws = StalledSocket()
        conn = Connection(ws, TokenBucket(10, 10), send_timeout=0.05)  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.write())
        conn.send({"type": "room"})
        await asyncio.wait_for(writer, 2)
        return ws

    assert in_own_loop(run()).closed_with == 1013
