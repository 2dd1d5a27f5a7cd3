"""Idle rooms where several processes share the database (``--redis-url``): a process expires only the rooms it holds
or nobody holds, never a room another process serves (people may be connected there and nowhere else)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from paiju.server import create_app
from paiju.server.config import ServerConfig
from paiju.server.room_leases import RoomLeases
from paiju.server.schema import RoomRow

from .conftest import RedisServer
from .wire import create_room, hello


@pytest.fixture
def two(tmp_path: Path, redis_server: RedisServer) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two servers on one SQLite file and the session's Redis, rooms expiring after an hour idle."""
    database = f"sqlite:///{tmp_path / 'paiju.sqlite3'}"
    config = ServerConfig(room_ttl=3600)
    with TestClient(create_app(database, bot_delay=0, burst=10_000, config=config, redis_url=redis_server.url)) as a:
        with TestClient(create_app(database, bot_delay=0, burst=10_000, config=config, redis_url=redis_server.url)) as b:
            yield a, b, database


def _idle(database: str, code: str) -> None:
    """Make room ``code`` look idle since long ago."""
    engine = create_engine(database)
    with engine.begin() as conn:
        conn.execute(update(RoomRow).where(RoomRow.code == code).values(last_active=0.0))
    engine.dispose()


def _expire(client: TestClient) -> int:
    server = client.app.state.server  # type: ignore[attr-defined]
    assert client.portal is not None
    return int(client.portal.call(server.expire))


def test_a_room_another_process_serves_is_not_expired_here(two: tuple[TestClient, TestClient, str], redis_server: RedisServer) -> None:
    a, b, database = two
    room = create_room(a)
    with a.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])  # the host is connected to the process that holds the room
        _idle(database, room["code"])
        assert _expire(b) == 0
        assert a.get(f"/api/rooms/{room['code']}").status_code == 200
        assert _expire(a) == 0  # its owner keeps it too: someone is connected
    assert _expire(a) == 1 and a.get(f"/api/rooms/{room['code']}").status_code == 404


def test_an_idle_room_nobody_holds_is_expired_by_any_process(two: tuple[TestClient, TestClient, str], redis_server: RedisServer) -> None:
    a, b, database = two
    code = create_room(a)["code"]
    leases: RoomLeases = a.app.state.server.leases  # type: ignore[attr-defined]
    assert a.portal is not None
    a.portal.call(leases.release, code)  # as when its process died and its lease ran out
    client = redis.Redis.from_url(redis_server.url)
    assert client.get(RoomLeases.key(code)) is None
    client.close()
    _idle(database, code)
    assert _expire(b) == 1 and b.get(f"/api/rooms/{code}").status_code == 404
