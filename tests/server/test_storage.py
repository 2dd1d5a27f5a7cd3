"""The Store: one transaction per method, failures as StoreError, one server
per database, and a schema kept by Alembic migrations. Each test runs on SQLite and PostgreSQL unless it says why."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    insert,
    inspect,
    text,
)

from paiju.server.schema import Base, PlayerRow, RoomRow
from paiju.server.storage import Store, alembic_config
from paiju.server.store_errors import LockLost, StoreError

#: The tables as paiju made them before migrations existed (the first storage.py).
BEFORE = MetaData()
Table(
    "rooms",
    BEFORE,
    Column("code", String(16), primary_key=True),
    Column("settings", JSON, nullable=False),
    Column("host_id", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("hand_number", Integer, nullable=False),
    Column("session_seed", Integer, nullable=False),
    Column("session_hands", JSON, nullable=False),
    Column("hand_header", JSON, nullable=True),
    Column("last_hand_id", Integer, nullable=True),
)
Table(
    "players",
    BEFORE,
    Column("id", String(32), primary_key=True),
    Column("room", ForeignKey("rooms.code"), index=True, nullable=False),
    Column("token", String(64), index=True, nullable=False),
    Column("name", String(64), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("bot", String(32), nullable=True),
    Column("auto", Boolean, nullable=False),
)
Table(
    "hand_events",
    BEFORE,
    Column("room", ForeignKey("rooms.code"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("data", JSON, nullable=False),
)
Table(
    "hands",
    BEFORE,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("room", String(16), index=True, nullable=True),
    Column("number", Integer, nullable=False),
    Column("variant", String(64), nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("scores", JSON, nullable=False),
    Column("log", JSON, nullable=False),
)
Table("presets", BEFORE, Column("name", String(64), primary_key=True), Column("settings", JSON, nullable=False))

LOG: dict[str, Any] = {"format": "paiju-hand", "version": 1, "variant": "classic", "events": []}


def _room(code: str = "ROOM2345") -> RoomRow:
    return RoomRow(code=code, settings={"variant": "classic"}, host_id="host", created_at=time.time())


def _schema_diff(url: str, metadata: MetaData) -> list[Any]:
    """What differs between the database's tables and ``metadata`` (Alembic's autogenerate comparison)."""
    engine = create_engine(url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    return [d for d in diff if not (d[0] == "remove_table" and d[1].name == "alembic_version")]


def _killed_holder(url: str) -> None:
    """Open a Store in another process and kill it (-9) while it holds the database."""
    code = "import sys, time; from paiju.server.storage import Store; s = Store(sys.argv[1]); print('open', flush=True)"
    code += "; time.sleep(60)"
    holder = subprocess.Popen([sys.executable, "-c", code, url], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
    with pytest.raises(StoreError, match="another paiju serve"):
        Store(url)
    holder.kill()
    holder.wait()


# ---------------------------------------------------------------- locks, timeouts, read-only, transactions
def test_a_write_waits_at_most_the_busy_timeout_then_succeeds_once_the_lock_is_gone(tmp_path: Path) -> None:
    """SQLite only: another program holding the write lock (BEGIN EXCLUSIVE) costs one call about busy_timeout."""
    path = tmp_path / "paiju.sqlite3"
    store = Store(f"sqlite:///{path}", busy_timeout=0.5)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    started = time.monotonic()
    with pytest.raises(StoreError, match="locked"):
        store.add_room(_room())
    assert 0.4 < time.monotonic() - started < 3
    other.execute("ROLLBACK")
    other.close()
    store.add_room(_room())
    assert store.room_exists("ROOM2345")
    store.close()


def test_a_second_store_on_the_same_database_is_refused_until_the_first_closes(database: str) -> None:
    """Finding 20 too: a lock file beside a SQLite file, a lease stored in the database on PostgreSQL."""
    first = Store(database)
    with pytest.raises(StoreError, match="another paiju serve is using this database") as refused:
        Store(database)
    assert ("lock file" if database.startswith("sqlite") else "its lease, held by") in str(refused.value)
    first.close()
    first.close()  # twice is fine
    again = Store(database)
    again.add_room(_room())
    again.close()


def test_the_lock_of_a_killed_server_does_not_stop_the_next_one(database: str) -> None:
    """The lock ends with its process (flock / session), so a crash leaves no stale lock behind. PostgreSQL ends a
    killed client's session once its backend sees the socket close, a moment after the kill on a busy machine."""
    _killed_holder(database)
    deadline = time.monotonic() + 10
    while True:
        try:
            store = Store(database)
            break
        except StoreError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    store.close()


def test_a_write_of_a_room_whose_epoch_a_new_owner_raised_is_refused_and_stores_nothing(database: str) -> None:
    """The fencing token: another server's claim raises the room's epoch; this one's next write of the room (its
    moves, its row, a player) is refused in its own transaction, and a new claim takes the room back."""
    store = Store(database)
    room = _room()
    store.add_room(room)
    store.append_events(room.code, 0, [{"deal": 1}])
    other = create_engine(database)
    with other.begin() as conn:
        conn.execute(text("UPDATE rooms SET epoch = epoch + 1 WHERE code = :code"), {"code": room.code})
    other.dispose()
    for write in (
        lambda: store.append_events(room.code, 1, [{"move": 1}]),
        lambda: store.save_room(room),
        lambda: store.save_player(PlayerRow(id="p1", room=room.code, token="t", name="late")),
    ):
        with pytest.raises(LockLost, match=f"another paiju serve took over room {room.code}"):
            write()
    stored = store.load_room(room.code)  # claimed again: epoch 3
    assert stored is not None and stored.events == [{"deal": 1}] and stored.players == []
    assert stored.room.epoch == 3
    store.append_events(room.code, 1, [{"move": 1}])
    store.close()


def test_a_write_of_a_room_this_server_gave_up_is_refused_until_it_claims_the_room_again(database: str) -> None:
    """A move read before the room was given up, stored after: refused, though no other server raised the epoch
    yet; the room is not marked for giving up again, and a later claim (or an idle room's deletion) may write."""
    store = Store(database)
    room = _room()
    store.add_room(room)
    store.forget(room.code)
    for write in (
        lambda: store.append_events(room.code, 0, [{"move": 1}]),
        lambda: store.save_room(room),
        lambda: store.save_player(PlayerRow(id="p1", room=room.code, token="t", name="late", auto=True)),
    ):
        with pytest.raises(LockLost, match=f"gave room {room.code} up"):
            write()
    assert store.fenced == set()
    stored = store.load_room(room.code)
    assert stored is not None and stored.events == [] and stored.players == []
    store.append_events(room.code, 0, [{"move": 1}])
    store.forget(room.code)
    store.delete_room(room.code)
    assert not store.room_exists(room.code)
    store.close()


def test_a_read_only_database_is_refused_at_start_with_a_clear_message(database: str) -> None:
    """SQLite opened read-only (mode=ro, which holds even for root); PostgreSQL with read-only transactions."""
    Store(database).close()
    if database.startswith("sqlite"):
        read_only = database.replace("sqlite:///", "sqlite:///file:") + "?mode=ro&uri=true"
    else:
        admin = create_engine(database, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text("ALTER DATABASE paiju_test SET default_transaction_read_only = on"))
        admin.dispose()
        read_only = database
    with pytest.raises(StoreError, match="cannot write to the database"):
        Store(read_only)


def test_a_failed_method_changes_nothing_in_the_database_nor_in_the_room_row(database: str) -> None:
    store = Store(database)
    room = _room()
    store.add_room(room)
    with pytest.raises(StoreError):
        store.finish_hand(room, 1, {**LOG, "variant": "v" * 65}, [1, -1])
    assert room.last_hand_id is None and room.session_hands == []
    assert store.room_hands(room.code) == []
    stored = store.load_room(room.code)
    assert stored is not None and stored.room.last_hand_id is None
    store.close()


# ---------------------------------------------------------------- one corrupt row
def test_a_corrupt_json_row_fails_only_its_room(tmp_path: Path) -> None:
    """SQLite only: PostgreSQL checks JSON on input, so a corrupt value cannot be stored there."""
    path = tmp_path / "paiju.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.add_room(_room("BROKEN23"))
    store.add_room(_room("FINE2345"))
    store.close()
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE rooms SET settings = '{not json' WHERE code = 'BROKEN23'")
    store = Store(f"sqlite:///{path}")
    with pytest.raises(StoreError, match="cannot read room BROKEN23: a stored value does not decode"):
        store.load_room("BROKEN23")
    fine = store.load_room("FINE2345")
    assert fine is not None and fine.room.settings == {"variant": "classic"}
    store.close()


# ---------------------------------------------------------------- long names
def test_a_table_name_over_64_characters_is_a_store_error(database: str) -> None:
    store = Store(database)
    with pytest.raises(StoreError, match="hands.variant holds at most 64 characters"):
        store.add_hand({**LOG, "variant": "x" * 65}, [0, 0, 0])
    with pytest.raises(StoreError, match="presets.name"):
        store.save_preset("owner", "n" * 200, {})
    assert store.add_hand({**LOG, "variant": "x" * 64}, [0, 0, 0]).variant == "x" * 64
    store.close()


# ---------------------------------------------------------------- migrations
def test_a_database_made_before_migrations_is_upgraded_and_keeps_its_data(database: str) -> None:
    engine = create_engine(database)
    BEFORE.create_all(engine)
    t = BEFORE.tables
    with engine.begin() as conn:
        conn.execute(
            insert(t["rooms"]).values(
                code="OLD23456",
                settings={"variant": "classic"},
                host_id="h",
                created_at=1000.0,
                hand_number=1,
                session_seed=7,
                session_hands=[1],
                hand_header=None,
                last_hand_id=1,
            )
        )
        conn.execute(insert(t["players"]).values(id="p", room="OLD23456", token="tok", name="Ann", auto=False))
        conn.execute(insert(t["hand_events"]).values(room="OLD23456", seq=0, data={"type": "deal"}))
        conn.execute(
            insert(t["hands"]).values(
                id=1, room="OLD23456", number=1, variant="classic", finished_at=1.0, scores=[2, -1, -1], log=LOG
            )
        )
        conn.execute(insert(t["presets"]).values(name="mine", settings={"variant": "classic"}))
    engine.dispose()

    store = Store(database)
    stored = store.load_room("OLD23456")
    assert stored is not None
    assert stored.room.last_active == 1000.0 and stored.room.session_hands == [1] and stored.room.last_hand_id == 1
    assert [p.name for p in stored.players] == ["Ann"] and stored.events == [{"type": "deal"}]
    hand = store.hand_by_id(1)
    assert hand is not None and hand.scores == [2, -1, -1] and len(hand.public_id) == 22
    assert store.hand(hand.public_id) is not None
    assert [(p.owner, p.name) for p in store.presets("")] == [("", "mine")]
    store.save_preset("someone", "mine", {"variant": "classic"})  # the key is (owner, name) now
    assert store.preset_count("") == 1 and store.preset_count("someone") == 1
    assert store.idle_rooms(2000.0) == ["OLD23456"]
    store.close()
    assert _schema_diff(database, Base.metadata) == []


def test_servers_started_at_once_on_a_fresh_shared_database_each_bring_it_up_to_date(database: str) -> None:
    """Three processes sharing a fresh database (``--redis-url``) start at the same instant: their migrations take
    turns, and each starts (at once, PostgreSQL's DDL of each waited on the others' without end)."""
    barrier = threading.Barrier(3)
    started: list[str] = []

    def start() -> None:
        barrier.wait()
        try:
            Store(database, shared=True).close()
            started.append("started")
        except StoreError as err:
            started.append(str(err))

    threads = [threading.Thread(target=start, daemon=True) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert started == ["started"] * 3
    store = Store(database, shared=True)
    assert store.room_exists("NONE") is False
    store.close()


def test_revision_0001_is_the_schema_made_before_migrations(database: str) -> None:
    engine = create_engine(database)
    with engine.connect() as conn:
        command.upgrade(alembic_config(conn), "0001")
        conn.commit()
    engine.dispose()
    assert _schema_diff(database, BEFORE) == []


def test_the_migrations_build_the_tables_of_the_models(database: str) -> None:
    Store(database).close()
    assert _schema_diff(database, Base.metadata) == []
    engine = create_engine(database)
    assert inspect(engine).get_unique_constraints("hands")[0]["column_names"] == ["public_id"]
    assert inspect(engine).get_pk_constraint("presets")["constrained_columns"] == ["owner", "name"]
    engine.dispose()


# ---------------------------------------------------------------- the API the server codes against
def test_store_rooms_hands_and_presets_round_trip(database: str) -> None:
    store = Store(database)
    room = _room()
    store.add_room(room)
    store.save_player(PlayerRow(id="p1", room=room.code, token="t1", name="Ann", seat=0))
    store.start_hand(room, [{"type": "deal"}])
    store.append_events(room.code, 1, [{"type": "bid"}, {"type": "pass"}])
    first = store.finish_hand(room, 1, LOG, [2, -1, -1])
    second = store.finish_hand(room, 2, LOG, [-2, 1, 1])
    assert room.last_hand_id == second.id and room.session_hands == [first.id, second.id]
    assert first.public_id != second.public_id and len(first.public_id) == 22
    found = store.hand(second.public_id)
    assert found is not None and found.id == second.id and store.hand("nope") is None
    assert [h.id for h in store.room_hands(room.code)] == [first.id, second.id]
    assert store.hand_logs([second.id, first.id]) == [LOG, LOG]
    imported = store.add_hand(LOG, [0, 0, 0])
    assert imported.room is None and store.hand_by_id(imported.id) is not None
    stored = store.load_room(room.code)
    assert stored is not None and stored.events == [{"type": "deal"}, {"type": "bid"}, {"type": "pass"}]
    assert stored.room.session_hands == [first.id, second.id] and [p.token for p in stored.players] == ["t1"]
    assert store.load_room("NOSUCH23") is None and not store.room_exists("NOSUCH23")

    assert store.idle_rooms(time.time() - 60) == [] and store.idle_rooms(time.time() + 1) == [room.code]
    store.delete_room(room.code)
    assert not store.room_exists(room.code) and store.room_hands(room.code) == []
    assert store.hand_by_id(first.id) is None and store.hand_by_id(imported.id) is not None

    store.save_preset("a", "fast", {"x": 1})
    store.save_preset("a", "fast", {"x": 2})
    store.save_preset("b", "fast", {"x": 3})
    assert [(p.name, p.settings) for p in store.presets("a")] == [("fast", {"x": 2})]
    assert store.preset_count("a") == 1 and store.presets("c") == []
    assert store.delete_preset("a", "fast") and not store.delete_preset("a", "fast")
    assert [p.settings for p in store.presets("b")] == [{"x": 3}]
    store.close()


def test_every_room_write_marks_the_room_active(database: str) -> None:
    store = Store(database)
    room = _room()
    store.add_room(room)
    writes: list[Callable[[], object]] = [
        lambda: store.save_room(room),
        lambda: store.save_player(PlayerRow(id="p1", room=room.code, token="t", name="Ann")),
        lambda: store.start_hand(room, [{"type": "deal"}]),
        lambda: store.append_events(room.code, 1, [{"type": "bid"}]),
        lambda: store.finish_hand(room, 1, LOG, [0, 0, 0]),
        lambda: store.delete_player("p1"),
    ]
    for write in writes:
        mark = time.time()
        time.sleep(0.01)
        assert store.idle_rooms(mark) == [room.code]
        write()
        assert store.idle_rooms(mark) == []
    store.close()


@pytest.mark.parametrize(
    "url, driver",
    [("postgresql+asyncpg://u:p@localhost/paiju", "postgresql+psycopg"), ("sqlite+aiosqlite://", "sqlite")],
)
def test_an_async_driver_url_is_refused_with_the_driver_to_use(url: str, driver: str) -> None:
    with pytest.raises(StoreError, match=re.escape(f"is an async driver; use {driver}")):
        Store(url)


def test_an_in_memory_database_is_shared_by_every_thread_and_needs_no_lock() -> None:
    store, other = Store("sqlite://"), Store("sqlite://")
    worker = threading.Thread(target=store.add_room, args=(_room(),))
    worker.start()
    worker.join()
    assert store.room_exists("ROOM2345") and not other.room_exists("ROOM2345")
    store.close()
    other.close()


def test_a_database_from_a_newer_paiju_is_refused_with_a_store_error(database: str) -> None:
    Store(database).close()
    engine = create_engine(database)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(StoreError, match="cannot bring the database .* up to date: .*9999"):
        Store(database)
