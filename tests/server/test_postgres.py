"""What only a real PostgreSQL shows: stale pooled connections after a restart, the lease that keeps a second
server off the database (a restart included), and the room epochs that refuse a stale owner's writes."""

from __future__ import annotations

import time
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text, update
from starlette.testclient import WebSocketTestSession

from paiju.climbing import action_text
from paiju.server import create_app
from paiju.server.db_lock import DATABASE_LEASE
from paiju.server.schema import EventRow, LeaseRow, RoomRow
from paiju.server.storage import Store
from paiju.server.store_errors import LockLost, StoreError

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


def _lease(url: str) -> tuple[str, int, float, float]:
    """The database lease's owner, epoch and expiry, and the database's clock now."""
    engine = create_engine(url)
    with engine.connect() as conn:
        row = conn.execute(
            select(LeaseRow.owner, LeaseRow.epoch, LeaseRow.expires_at).where(LeaseRow.name == DATABASE_LEASE)
        ).one()
        now = float(conn.scalar(text("SELECT extract(epoch from clock_timestamp())")))
    engine.dispose()
    return row.owner, row.epoch, row.expires_at, now


def test_the_database_lease_is_renewed_for_the_store_s_life_and_ends_when_it_closes(postgres_url: str) -> None:
    """The lease row names the store and keeps running a time to live ahead; a second store is refused while it
    does, and takes the lease (a new epoch) once the first has closed."""
    store = Store(postgres_url, lease_ttl=0.9)
    owner, epoch, first_expiry, now = _lease(postgres_url)
    assert owner == store.lock.owner and epoch == store.lock.epoch == 1 and first_expiry > now
    time.sleep(0.5)
    assert _lease(postgres_url)[2] > first_expiry  # renewed in the background
    with pytest.raises(StoreError, match="another paiju serve is using this database"):
        Store(postgres_url)
    store.close()
    assert _lease(postgres_url)[2] < time.time()  # let go at once
    again = Store(postgres_url)
    assert _lease(postgres_url)[:2] == (again.lock.owner, 2)
    again.close()


def test_a_store_whose_lease_another_server_took_writes_nothing_more(postgres_url: str) -> None:
    """A renewal that finds the lease in other hands (this server was paused past it) stops every write."""
    store = Store(postgres_url, lease_ttl=0.6)
    engine = create_engine(postgres_url)
    with engine.begin() as conn:
        conn.execute(update(LeaseRow).values(owner="elsewhere:1:00000000", epoch=LeaseRow.epoch + 1))
    engine.dispose()
    deadline = time.monotonic() + 3
    while store.lock.lost is None and time.monotonic() < deadline:
        time.sleep(0.05)
    with pytest.raises(LockLost, match="another paiju serve took over this database"):
        store.add_room(RoomRow(code="LATE2345", settings={}, host_id="h", created_at=0.0))
    store.close()


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


@dataclass
class Hand:
    """A room of three people on sockets of one server, its hand dealt and nobody's move made yet."""

    code: str
    seats: list[WebSocketTestSession]
    tokens: list[str]
    to_act: int
    action: str
    dealt: list[dict[str, Any]]


def _dealt_hand(client: TestClient, stack: ExitStack, url: str) -> Hand:
    """Three people sit (no bot or timer: nothing moves unless a test socket acts) and the host deals."""
    room = create_room(client)
    code = room["code"]
    seats, tokens = [], []
    for seat in range(3):
        ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        tokens.append(hello(ws, f"p{seat}" if seat else "host", room["token"] if seat == 0 else None)["token"])
        ws.send_json({"type": "sit", "seat": seat})
        seats.append(ws)
    room_where(seats[0], lambda f: all(s["name"] for s in f["seats"]))
    seats[0].send_json({"type": "start"})
    until(seats[0], "view")
    game = client.app.state.server.rooms[code].game  # type: ignore[attr-defined]
    return Hand(code, seats, tokens, game.to_act, action_text(game.legal_actions()[0]), _stored_events(url, code))


def test_a_restarted_postgresql_lets_no_second_server_in_and_the_first_plays_on(
    postgres: Postgres, postgres_url: str
) -> None:
    """Issue 34: a PostgreSQL restart cut the connection that held the old advisory lock, so a second server could
    start on the database and take its rooms. The lease is a row, not a session: it outlives the restart, the
    second server is refused, and the first stores the next move as if nothing happened."""
    if postgres.data is None:
        pytest.skip("$PAIJU_TEST_POSTGRES names a server this session cannot restart")
    with TestClient(create_app(postgres_url, bot_delay=0, burst=10_000)) as first, ExitStack() as stack:
        hand = _dealt_hand(first, stack, postgres_url)
        postgres.restart()
        with pytest.raises(StoreError, match="another paiju serve is using this database"):
            create_app(postgres_url, bot_delay=0)
        assert _refusal(hand.seats[hand.to_act], hand.action) is None
        played = first.app.state.server.rooms[hand.code].game  # type: ignore[attr-defined]
        assert _stored_events(postgres_url, hand.code) == list(played.events) and len(played.events) > len(hand.dealt)


def test_a_server_paused_past_its_lease_finds_its_room_taken_and_its_moves_refused(postgres_url: str) -> None:
    """The first server's lease ran out while it was stopped (here: the row is made to run out), a second server
    took the database and the room: the first's next move of that room is refused by the room's epoch, in the
    write's own transaction, with a reason a player reads (``database_taken``); the second plays the hand on, and
    every stored event is the second's, none split between them."""
    with TestClient(create_app(postgres_url, bot_delay=0, burst=10_000)) as first, ExitStack() as stack:
        hand = _dealt_hand(first, stack, postgres_url)
        engine = create_engine(postgres_url)
        with engine.begin() as conn:
            conn.execute(update(LeaseRow).values(expires_at=0.0))
        engine.dispose()
        with TestClient(create_app(postgres_url, bot_delay=0, burst=10_000)) as second:
            with second.websocket_connect(f"/ws/{hand.code}") as there:  # the second loads the room: its epoch
                hello(there, "host" if hand.to_act == 0 else f"p{hand.to_act}", hand.tokens[hand.to_act])
                refused = _refusal(hand.seats[hand.to_act], hand.action)
                assert refused is not None and (refused["code"], refused["reason"]) == ("bad_state", "database_taken")
                assert f"another paiju serve took over room {hand.code}" in refused["message"]
                assert len(first.app.state.server.rooms[hand.code].game.events) == len(hand.dealt)  # type: ignore[attr-defined]

                there.send_json({"type": "act", "action": hand.action})
                played = second.app.state.server.rooms[hand.code].game  # type: ignore[attr-defined]
                for _ in range(50):  # the views after the move are sent once it is stored
                    until(there, "view")
                    if len(_stored_events(postgres_url, hand.code)) > len(hand.dealt):
                        break
            stored = _stored_events(postgres_url, hand.code)
            assert stored == list(played.events) and len(played.events) > len(hand.dealt)
            assert stored[: len(hand.dealt)] == hand.dealt
            again = _refusal(hand.seats[hand.to_act], hand.action)
            assert again is not None and again["reason"] == "database_taken"
