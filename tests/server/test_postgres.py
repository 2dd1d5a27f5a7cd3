"""What only a real PostgreSQL shows: stale pooled connections after a restart, and
the advisory lock that keeps a second server off the database."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select, text
from starlette.testclient import WebSocketTestSession

from paiju.climbing import action_text
from paiju.server import create_app
from paiju.server.db_lock import ADVISORY_KEY
from paiju.server.schema import EventRow, RoomRow
from paiju.server.storage import Store
from paiju.server.store_errors import StoreError

from .conftest import Postgres
from .wire import create_room, hello, room_where, until


@pytest.fixture
def postgres_url(postgres: Postgres) -> str:
    return postgres.fresh()


def test_a_restarted_postgresql_does_not_fail_the_first_call_after_it(
    postgres: Postgres, postgres_url: str
) -> None:
    """pool_pre_ping: the pooled connections died with the old server; the next call gets a new one."""
    if postgres.data is None:
        pytest.skip("$PAIJU_TEST_POSTGRES names a server this session cannot restart")
    store = Store(postgres_url)
    store.add_room(RoomRow(code="BEFORE23", settings={}, host_id="h", created_at=0.0))
    postgres.restart()
    assert store.room_exists("BEFORE23")
    store.add_room(RoomRow(code="AFTER234", settings={}, host_id="h", created_at=0.0))
    assert store.room_exists("AFTER234") and store.lock.lost is None  # nobody else held the lock: it was taken again
    with pytest.raises(StoreError, match="another paiju serve"):
        Store(postgres_url)
    store.close()  # its advisory lock went with the old server: closing must not fail either


def test_the_advisory_lock_is_held_on_its_own_connection_for_the_store_s_life(postgres_url: str) -> None:
    """Another session cannot take the lock while the Store is open, and can once it is closed."""
    probe = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    store = Store(postgres_url)
    with probe.connect() as conn:
        assert conn.scalar(select(func.pg_try_advisory_lock(ADVISORY_KEY))) is False
        held = conn.scalar(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"))
        assert held == 1
    with pytest.raises(StoreError, match="another paiju serve"):
        Store(postgres_url)
    store.close()
    with probe.connect() as conn:
        assert conn.scalar(select(func.pg_try_advisory_lock(ADVISORY_KEY))) is True
        conn.scalar(select(func.pg_advisory_unlock(ADVISORY_KEY)))
    probe.dispose()


def test_a_postgresql_store_error_names_the_database_without_its_password(postgres_url: str) -> None:
    """A refused connection is a StoreError whose one line shows the URL with its password masked."""
    wrong = postgres_url.replace("postgres@", "postgres:secret@").replace("/paiju_test", "/no_such_database")
    with pytest.raises(StoreError) as refused:
        Store(wrong)
    assert "secret" not in str(refused.value) and "no_such_database" in str(refused.value)
    assert "\n" not in str(refused.value)


def _stored_events(url: str, code: str) -> list[dict[str, Any]]:
    """The running hand's events of room ``code`` as the database holds them."""
    engine = create_engine(url)
    with engine.connect() as conn:
        events = [row.data for row in conn.execute(select(EventRow).where(EventRow.room == code).order_by(EventRow.seq))]
    engine.dispose()
    return events


def _refusal(ws: WebSocketTestSession, action: str) -> dict[str, Any] | None:
    """Play ``action``, then ping: the error the move got before the pong, or None (the move was taken)."""
    ws.send_json({"type": "act", "action": action})
    ws.send_json({"type": "ping"})
    refused = None
    while (frame := ws.receive_json())["type"] != "pong":
        refused = frame if frame["type"] == "error" else refused
    return refused


def test_a_server_whose_lock_another_server_took_after_a_restart_stops_writing(
    postgres: Postgres, postgres_url: str
) -> None:
    """Issue 30, item 16: a PostgreSQL restart cuts the session that held the lock, and a second server starts
    on the database. The first finds at its next write that it cannot take the lock again: it refuses the move
    with a reason a player reads (``database_taken``) and writes nothing more, while the second plays the hand
    on; every stored event is the second's, none is split between them."""
    if postgres.data is None:
        pytest.skip("$PAIJU_TEST_POSTGRES names a server this session cannot restart")
    with TestClient(create_app(postgres_url, bot_delay=0, burst=10_000)) as first, ExitStack() as stack:
        room = create_room(first)
        code = room["code"]
        seats, tokens = [], []
        for seat in range(3):  # three people and no bot or timer: nothing moves unless a test socket acts
            ws = stack.enter_context(first.websocket_connect(f"/ws/{code}"))
            tokens.append(hello(ws, f"p{seat}" if seat else "host", room["token"] if seat == 0 else None)["token"])
            ws.send_json({"type": "sit", "seat": seat})
            seats.append(ws)
        room_where(seats[0], lambda f: all(s["name"] for s in f["seats"]))
        seats[0].send_json({"type": "start"})
        until(seats[0], "view")
        game = first.app.state.server.rooms[code].game  # type: ignore[attr-defined]
        to_act, action = game.to_act, action_text(game.legal_actions()[0])
        dealt = _stored_events(postgres_url, code)

        postgres.restart()
        with TestClient(create_app(postgres_url, bot_delay=0, burst=10_000)) as second:
            refused = _refusal(seats[to_act], action)
            assert refused is not None and (refused["code"], refused["reason"]) == ("bad_state", "database_taken")
            assert "another paiju serve took over this database" in refused["message"]
            made = first.post("/api/rooms", json={})
            assert made.status_code == 503 and made.json()["detail"]["reason"] == "database_taken"
            assert len(first.app.state.server.rooms[code].game.events) == len(dealt)  # type: ignore[attr-defined]

            with second.websocket_connect(f"/ws/{code}") as there:
                hello(there, "host" if to_act == 0 else f"p{to_act}", tokens[to_act])
                there.send_json({"type": "act", "action": action})
                played = second.app.state.server.rooms[code].game  # type: ignore[attr-defined]
                for _ in range(50):  # the views after the move are sent once it is stored
                    until(there, "view")
                    if len(_stored_events(postgres_url, code)) > len(dealt):
                        break
            assert _stored_events(postgres_url, code) == list(played.events) and len(played.events) > len(dealt)
            assert _stored_events(postgres_url, code)[: len(dealt)] == dealt
            assert first.app.state.server.store.lock.lost is not None  # type: ignore[attr-defined]
            again = _refusal(seats[to_act], action)
            assert again is not None and again["reason"] == "database_taken"
