"""What the server keeps across restarts, in SQLAlchemy 2 tables (SQLite by default, any sync URL works).

Rooms, their players, presets and finished hands are rows; the running hand is its log header on
the room row plus one row per engine event, appended as they happen, so a restart replays it.
One server owns a database (a lock file, or a PostgreSQL advisory lock); Alembic keeps its schema.

PostgreSQL's advisory lock lives as long as the session that took it, and a database restart ends that
session: so every write runs on the lock's own session, after a statement that shows the session is still
alive. A write that finds it gone takes the lock again, and goes on if nobody else holds it; if another server
does, this one stops writing for good (``LockLost``) and says why.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.util import CommandError
from filelock import FileLock, Timeout
from sqlalchemy import (
    Connection,
    create_engine,
    delete,
    event,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool, QueuePool

from paiju.server.schema import EventRow, HandRow, PlayerRow, PresetRow, RoomRow

__all__ = ["LockLost", "Store", "StoreError", "StoredRoom", "alembic_config"]

log = logging.getLogger("paiju.server")

#: The Alembic scripts (env.py and versions/), shipped inside the package.
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The revision that is the schema of the databases made before migrations existed.
FIRST_REVISION = "0001"
#: The key of the PostgreSQL advisory lock that one server holds on its database ("paiju" in ASCII).
ADVISORY_KEY = 0x7061696A75
#: Drivers to name when an async one is given.
_SYNC_DRIVERS = {"postgresql": "postgresql+psycopg", "sqlite": "sqlite", "mysql": "mysql+pymysql"}


class StoreError(Exception):
    """A database failure, said in one line a person can act on (the driver's error is chained)."""


class LockLost(StoreError):
    """This server no longer owns its database: its lock went with a cut connection and another server holds it
    now. Nothing more is written until the server is restarted (its rooms in memory may be behind the database)."""


@dataclass
class StoredRoom:
    """A room as loaded on first use: its row, its players and its running hand's events."""

    room: RoomRow
    players: list[PlayerRow]
    events: list[dict[str, Any]]


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers and the writer share the file; foreign keys are checked; SQLAlchemy, not the driver, begins."""
    dbapi_connection.isolation_level = None  # the driver's own BEGIN skips DDL and reads: see _sqlite_begin
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    """Every transaction is a real one; a writing one takes the write lock first, waiting up to the busy timeout."""
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("paiju_write") else "BEGIN")


def _check_lengths(session: Session, _context: Any, _instances: Any) -> None:
    """A string longer than its column is refused on every database (SQLite would keep it, PostgreSQL fails)."""
    for row in (*session.new, *session.dirty):
        for key, column in inspect(row).mapper.columns.items():
            value, limit = getattr(row, key), getattr(column.type, "length", None)
            if isinstance(value, str) and limit is not None and len(value) > limit:
                raise StoreError(
                    f"{column.table.name}.{column.name} holds at most {limit} characters, not {len(value)}"
                )


def _sqlite_file(url: URL) -> Path | None:
    """The database file of a SQLite URL (``file:`` URIs included); None for an in-memory database."""
    name = url.database or ""
    if url.query.get("uri") in ("true", "1"):
        name = name.removeprefix("file:").split("?")[0]
    return None if name in ("", ":memory:") or url.query.get("mode") == "memory" else Path(name)


def _reason(err: BaseException) -> str:
    """The driver's own message, on one line (SQLAlchemy's adds the statement, its parameters and a link)."""
    cause = err.orig if isinstance(err, DBAPIError) else err
    return " ".join(str(cause).split()) or type(cause).__name__


def alembic_config(connection: Connection) -> Config:
    """An Alembic configuration that runs paiju's migrations over ``connection``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


class Store:
    """The server's storage: named operations over the tables, each one transaction, failures as StoreError."""

    def __init__(self, url: str, *, busy_timeout: float = 2.0) -> None:
        try:
            parsed = make_url(url)
            dialect = parsed.get_dialect()
        except SQLAlchemyError as err:
            raise StoreError(f"not a database URL paiju can use ({_reason(err)})") from err
        if dialect.is_async:
            backend = parsed.get_backend_name()
            raise StoreError(
                f"{parsed.drivername} is an async driver; use {_SYNC_DRIVERS.get(backend, 'a synchronous driver')}"
            )
        self.busy_timeout = busy_timeout
        self.shown = parsed.render_as_string(hide_password=True)
        self._file_lock: FileLock | None = None
        #: PostgreSQL: the engine (no pool) of the session that holds the advisory lock, and that session.
        self._locker: Engine | None = None
        self._lock_connection: Connection | None = None
        #: Why this server writes nothing more (another server took its database), once it is so.
        self.lost: str | None = None
        try:
            self.engine: Engine = self._engine(parsed)
        except ImportError as err:
            raise StoreError(f"the database driver for {parsed.drivername} is not installed ({err})") from err
        # SQLite: one writer at a time (see _transaction); PostgreSQL: every write runs on the lock's one session.
        self._one_writer = threading.Lock() if parsed.get_backend_name() in ("sqlite", "postgresql") else None
        self._writes = sessionmaker(self.engine.execution_options(paiju_write=True), expire_on_commit=False)
        self._reads = sessionmaker(self.engine, expire_on_commit=False)
        event.listen(self._writes, "before_flush", _check_lengths)
        try:
            self._lock(parsed)
            self._migrate()
            self._probe()
        except BaseException:
            self.close()
            raise

    def _engine(self, url: URL) -> Engine:
        """The connection pool: SQLite waits ``busy_timeout`` for a lock, and stale connections are replaced."""
        kwargs: dict[str, Any] = {
            "json_serializer": lambda v: json.dumps(v, ensure_ascii=False),
            "pool_pre_ping": True,
        }
        if url.get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": self.busy_timeout}
            if _sqlite_file(url) is None:  # one connection, so every thread sees the same in-memory database
                kwargs.update(poolclass=QueuePool, pool_size=1, max_overflow=0)
        engine = create_engine(url, **kwargs)
        if url.get_backend_name() == "sqlite":
            event.listen(engine, "connect", _sqlite_connect)
            event.listen(engine, "begin", _sqlite_begin)
        return engine

    def _lock(self, url: URL) -> None:
        """Make this the only server on the database: a lock file beside a SQLite file, else an advisory lock."""
        if url.get_backend_name() == "sqlite":
            path = _sqlite_file(url)
            if path is None:
                return
            lock = FileLock(f"{path}.lock", thread_local=False)
            try:
                lock.acquire(blocking=False)
            except Timeout as err:
                raise StoreError(f"another paiju serve is using this database (lock file {lock.lock_file})") from err
            except OSError as err:
                raise StoreError(f"cannot write to the database folder {path.parent}: {err.strerror}") from err
            self._file_lock = lock
        elif url.get_backend_name() == "postgresql":
            self._locker = create_engine(url, poolclass=NullPool)
            try:
                self._lock_connection = self._take_lock()
            except SQLAlchemyError as err:
                raise StoreError(f"cannot open the database {self.shown}: {_reason(err)}") from err
            if self._lock_connection is None:
                raise StoreError(f"another paiju serve is using this database (advisory lock {ADVISORY_KEY})")

    def _take_lock(self) -> Connection | None:
        """A new session that holds the advisory lock; None when another session holds it."""
        assert self._locker is not None
        conn = self._locker.connect()
        try:
            held = conn.scalar(select(func.pg_try_advisory_lock(ADVISORY_KEY)))
            conn.commit()  # the lock is the session's, not the transaction's; no transaction is left open
        except BaseException:
            conn.close()
            raise
        if not held:
            conn.close()
            return None
        return conn

    @staticmethod
    def _answers(conn: Connection) -> bool:
        """Whether ``conn``'s session is alive (a statement it runs begins the transaction a write joins); a dead
        one is invalidated and closed, never reconnected (a new session would not hold the lock)."""
        if conn.invalidated or conn.closed:
            return False
        try:
            conn.exec_driver_sql("SELECT 1")
            return True
        except DBAPIError:
            with suppress(SQLAlchemyError):
                conn.invalidate()
                conn.close()
            return False

    def _holder(self) -> Connection:
        """The lock's session, shown alive and in a transaction: a write on it is a write of the lock's holder.
        A session that died (the database restarted) is replaced by one that takes the lock again; if another
        server took it meanwhile, ``LockLost``, now and for every later write."""
        if self.lost is not None:
            raise LockLost(self.lost)
        conn = self._lock_connection
        if conn is not None and self._answers(conn):
            return conn
        self._lock_connection = None
        log.warning("the session holding the database lock is gone (did the database restart?): taking the lock again")
        conn = self._take_lock()
        if conn is None:
            self.lost = (
                "another paiju serve took over this database while this one's connection to it was cut: "
                "this server saves nothing more until it is restarted"
            )
            log.error("%s", self.lost)
            raise LockLost(self.lost)
        log.warning("the database lock is held again; nobody else held it meanwhile")
        self._lock_connection = conn
        if not self._answers(conn):
            raise StoreError(f"the database {self.shown} cut the connection that holds its lock")
        return conn

    @contextmanager
    def _held(self) -> Iterator[Session]:
        """A writing session on the lock's own connection (PostgreSQL), committed when the block ends."""
        conn = self._holder()
        session = self._writes(bind=conn)
        try:
            yield session
            session.commit()  # joined to the connection's transaction: flushes; the connection commits it
            conn.commit()
        except BaseException:
            with suppress(SQLAlchemyError):
                conn.rollback()
            raise
        finally:
            session.close()

    def _migrate(self) -> None:
        """Bring the schema to the newest revision; a database made before migrations is taken as revision 0001."""
        try:
            with self.engine.execution_options(paiju_write=True).connect() as conn:
                if conn.dialect.name == "sqlite":  # batch mode copies tables; their children must not stop it
                    conn.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
                try:
                    config = alembic_config(conn)
                    with conn.begin():
                        unversioned = MigrationContext.configure(conn).get_current_revision() is None
                        if unversioned and inspect(conn).has_table("rooms"):
                            command.stamp(config, FIRST_REVISION)
                    command.upgrade(config, "head")
                finally:
                    if conn.dialect.name == "sqlite":
                        conn.connection.driver_connection.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]
        except (SQLAlchemyError, CommandError) as err:  # CommandError: a revision this paiju does not know
            raise StoreError(self._explain(err, f"cannot bring the database {self.shown} up to date")) from err

    def _probe(self) -> None:
        """Fail now, not at the first move, when the database cannot be written (a write that is rolled back)."""
        try:
            with self.engine.execution_options(paiju_write=True).connect() as conn:
                conn.execute(text("UPDATE alembic_version SET version_num = version_num"))
                conn.rollback()
        except SQLAlchemyError as err:
            raise StoreError(f"cannot write to the database {self.shown}: {_reason(err)}") from err

    def _explain(self, err: BaseException, doing: str) -> str:
        """One line for a failure: a lock held too long and a read-only database are named as such."""
        reason = _reason(err)
        if isinstance(err, ValueError):
            return f"{doing}: a stored value does not decode ({reason})"
        if "locked" in reason:
            return f"the database is locked (another program held it over {self.busy_timeout:g} s): {reason}"
        if "readonly" in reason or "read-only" in reason:
            return f"cannot write to the database {self.shown}: {reason}"
        return f"{doing}: {reason}"

    @contextmanager
    def _transaction(self, sessions: sessionmaker[Session], doing: str) -> Iterator[Session]:
        """One transaction, committed when the block ends without an error; any failure is a StoreError."""
        # SQLite has one writer at a time and wakes a waiting one only by polling with sleeps: the threads
        # of this process take turns on a lock of their own instead, and only another program is polled.
        # PostgreSQL's writes all run on the one session that holds the lock, one thread at a time.
        writing = sessions is self._writes
        turn = self._one_writer if writing and self._one_writer is not None else nullcontext()
        try:
            with turn, (self._held() if writing and self._locker is not None else sessions.begin()) as s:
                yield s
        except (SQLAlchemyError, ValueError) as err:  # ValueError: a stored JSON value that does not decode
            raise StoreError(self._explain(err, doing)) from err

    def session(self) -> AbstractContextManager[Session]:
        """A writing unit of work for callers that need raw rows (tests, repairs)."""
        return self._transaction(self._writes, "the database write failed")

    def close(self) -> None:
        """Release the lock and the connection pool; safe to call twice."""
        if self._lock_connection is not None:
            try:  # unlocked first: the lock would end with the session, but only once its backend has gone
                if not self._lock_connection.invalidated:  # (an invalidated one would reconnect to unlock)
                    self._lock_connection.scalar(select(func.pg_advisory_unlock(ADVISORY_KEY)))
                self._lock_connection.close()
            except SQLAlchemyError:
                pass  # the server went away, and the lock with it
            self._lock_connection = None
        if self._locker is not None:
            self._locker.dispose()
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None
        self.engine.dispose()

    # ------------------------------------------------------------------ rooms and players
    def add_room(self, room: RoomRow) -> None:
        """A new room, active now."""
        with self._transaction(self._writes, f"cannot store room {room.code}") as s:
            s.add(room)
            room.last_active = time.time()

    def save_room(self, room: RoomRow) -> None:
        """The room row as it is now (settings, hand number, header…)."""
        with self._transaction(self._writes, f"cannot store room {room.code}") as s:
            stored = s.merge(room)
            stored.last_active = time.time()
        room.last_active = stored.last_active

    def delete_room(self, code: str) -> None:
        """The room, its players, its running hand's events and its finished hands."""
        with self._transaction(self._writes, f"cannot delete room {code}") as s:
            s.execute(delete(EventRow).where(EventRow.room == code))
            s.execute(delete(PlayerRow).where(PlayerRow.room == code))
            s.execute(delete(HandRow).where(HandRow.room == code))
            s.execute(delete(RoomRow).where(RoomRow.code == code))

    def room_exists(self, code: str) -> bool:
        """Whether a room has this code."""
        with self._transaction(self._reads, f"cannot read room {code}") as s:
            return s.scalar(select(func.count()).where(RoomRow.code == code)) == 1

    def load_room(self, code: str) -> StoredRoom | None:
        """The room with its players and its running hand's events; StoreError when one of its rows is unreadable."""
        with self._transaction(self._reads, f"cannot read room {code}") as s:
            room = s.get(RoomRow, code)
            if room is None:
                return None
            players = list(s.scalars(select(PlayerRow).where(PlayerRow.room == code).order_by(PlayerRow.id)))
            events = [e.data for e in s.scalars(select(EventRow).where(EventRow.room == code).order_by(EventRow.seq))]
            return StoredRoom(room, players, events)

    def idle_rooms(self, before: float) -> list[str]:
        """The codes of the rooms last active before ``before`` (a time.time() value)."""
        with self._transaction(self._reads, "cannot list idle rooms") as s:
            return list(s.scalars(select(RoomRow.code).where(RoomRow.last_active < before).order_by(RoomRow.code)))

    def save_player(self, player: PlayerRow) -> None:
        """The player row as it is now; its room becomes active."""
        with self._transaction(self._writes, f"cannot store a player of room {player.room}") as s:
            s.merge(player)
            self._touch(s, player.room)

    def delete_player(self, player_id: str) -> None:
        """Remove a player; its room becomes active."""
        with self._transaction(self._writes, "cannot delete a player") as s:
            code = s.scalar(select(PlayerRow.room).where(PlayerRow.id == player_id))
            s.execute(delete(PlayerRow).where(PlayerRow.id == player_id))
            if code is not None:
                self._touch(s, code)

    @staticmethod
    def _touch(s: Session, code: str) -> None:
        """The room ``code`` changed now."""
        s.execute(update(RoomRow).where(RoomRow.code == code).values(last_active=time.time()))

    # ------------------------------------------------------------------ the running hand
    def start_hand(self, room: RoomRow, events: list[dict[str, Any]]) -> None:
        """A new running hand: the room's header and its first events replace the last hand's."""
        with self._transaction(self._writes, f"cannot start a hand in room {room.code}") as s:
            stored = s.merge(room)
            stored.last_active = time.time()
            s.execute(delete(EventRow).where(EventRow.room == room.code))
            s.add_all(EventRow(room=room.code, seq=i, data=e) for i, e in enumerate(events))
        room.last_active = stored.last_active

    def append_events(self, code: str, first: int, events: list[dict[str, Any]]) -> None:
        """Events ``first``, ``first + 1``, … of the running hand."""
        with self._transaction(self._writes, f"cannot store the moves of room {code}") as s:
            s.add_all(EventRow(room=code, seq=first + i, data=e) for i, e in enumerate(events))
            self._touch(s, code)

    def finish_hand(self, room: RoomRow, number: int, log: dict[str, Any], scores: list[int]) -> HandRow:
        """Store a finished hand and update its room in one transaction; ``room`` changes only if it is stored."""
        with self._transaction(self._writes, f"cannot store the hand of room {room.code}") as s:
            row = HandRow(
                room=room.code, number=number, variant=log["variant"], finished_at=time.time(), scores=scores, log=log
            )
            s.add(row)
            s.flush()
            stored = s.merge(room)
            stored.last_hand_id, stored.session_hands = row.id, [*room.session_hands, row.id]
            stored.last_active = time.time()
        room.last_hand_id, room.session_hands, room.last_active = row.id, stored.session_hands, stored.last_active
        return row

    # ------------------------------------------------------------------ hands
    def add_hand(self, log: dict[str, Any], scores: list[int]) -> HandRow:
        """Store an imported hand (no room)."""
        with self._transaction(self._writes, "cannot store the hand") as s:
            row = HandRow(room=None, number=0, variant=log["variant"], finished_at=time.time(), scores=scores, log=log)
            s.add(row)
        return row

    def hand(self, public_id: str) -> HandRow | None:
        """The hand people know by ``public_id``."""
        with self._transaction(self._reads, "cannot read the hand") as s:
            return s.scalar(select(HandRow).where(HandRow.public_id == public_id))

    def hand_by_id(self, hand_id: int) -> HandRow | None:
        """The hand with this internal id (as rooms keep them)."""
        with self._transaction(self._reads, "cannot read the hand") as s:
            return s.get(HandRow, hand_id)

    def room_hands(self, code: str) -> list[HandRow]:
        """The finished hands of a room, oldest first."""
        with self._transaction(self._reads, f"cannot read the hands of room {code}") as s:
            return list(s.scalars(select(HandRow).where(HandRow.room == code).order_by(HandRow.id)))

    def hand_logs(self, ids: list[int]) -> list[dict[str, Any]]:
        """The logs of the hands with these internal ids, in that order."""
        with self._transaction(self._reads, "cannot read the hands") as s:
            rows = {h.id: h.log for h in s.scalars(select(HandRow).where(HandRow.id.in_(ids)))}
            return [rows[i] for i in ids if i in rows]

    # ------------------------------------------------------------------ presets
    def presets(self, owner: str) -> list[PresetRow]:
        """The owner's presets by name."""
        with self._transaction(self._reads, "cannot read the presets") as s:
            return list(s.scalars(select(PresetRow).where(PresetRow.owner == owner).order_by(PresetRow.name)))

    def preset_count(self, owner: str) -> int:
        """How many presets the owner has."""
        with self._transaction(self._reads, "cannot read the presets") as s:
            return s.scalar(select(func.count()).where(PresetRow.owner == owner)) or 0

    def save_preset(self, owner: str, name: str, settings: dict[str, Any]) -> None:
        """Add the owner's preset, or replace the one with that name."""
        with self._transaction(self._writes, "cannot store the preset") as s:
            s.merge(PresetRow(owner=owner, name=name, settings=settings))

    def delete_preset(self, owner: str, name: str) -> bool:
        """Delete the owner's preset; whether there was one."""
        with self._transaction(self._writes, "cannot delete the preset") as s:
            found = s.get(PresetRow, (owner, name))
            if found is not None:
                s.delete(found)
            return found is not None
