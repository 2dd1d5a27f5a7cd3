"""What the server keeps across restarts, in SQLAlchemy 2 tables (SQLite by default, any sync URL works).

Rooms, their players, presets and finished hands are rows; the running hand is its log header on
the room row plus one row per engine event, appended as they happen, so a restart replays it.
One server owns a database (``db_lock.py``: a lock file, or a lease stored in the database), and each room it
loads is fenced: the room's epoch is raised when it is claimed and every write of the room checks it in the same
transaction, so a server that lost the room cannot write to it; Alembic keeps its schema.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

from alembic import command
from alembic.runtime.migration import MigrationContext
from alembic.util import CommandError
from sqlalchemy import (
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
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import QueuePool

from paiju.server.db_lock import LEASE_TTL, DatabaseLock, sqlite_file
from paiju.server.schema import EventRow, HandRow, PlayerRow, PresetRow, RoomRow
from paiju.server.sql_setup import alembic_config, check_lengths, migration_lock, sqlite_begin, sqlite_connect
from paiju.server.store_errors import LockLost, StoreError, driver_message

__all__ = ["Store", "StoredRoom", "alembic_config"]

#: The revision that is the schema of the databases made before migrations existed.
FIRST_REVISION = "0001"
#: Drivers to name when an async one is given.
_SYNC_DRIVERS = {"postgresql": "postgresql+psycopg", "sqlite": "sqlite", "mysql": "mysql+pymysql"}


@dataclass
class StoredRoom:
    """A room as loaded on first use: its row, its players and its running hand's events."""

    room: RoomRow
    players: list[PlayerRow]
    events: list[dict[str, Any]]


class Store:
    """The server's storage: named operations over the tables, each one transaction, failures as StoreError.

    ``lease_ttl`` is the time to live of the database's lease (not SQLite's). A ``shared`` database is held by no
    server: several share it, each room fenced by its epoch (their rooms' leases are in Redis).
    """

    def __init__(
        self, url: str, *, busy_timeout: float = 2.0, lease_ttl: float = LEASE_TTL,
        shared: bool = False,
    ) -> None:
        try:
            parsed = make_url(url)
            dialect = parsed.get_dialect()
        except SQLAlchemyError as err:
            raise StoreError(f"not a database URL paiju can use ({driver_message(err)})") from err
        if dialect.is_async:
            backend = parsed.get_backend_name()
            raise StoreError(
                f"{parsed.drivername} is an async driver; use {_SYNC_DRIVERS.get(backend, 'a synchronous driver')}"
            )
        self.busy_timeout = busy_timeout
        self.shown = parsed.render_as_string(hide_password=True)
        self.lock = DatabaseLock(self.shown, lease_ttl)
        #: The epoch of each room this server has claimed (``claim_room``): its writes of the room check it.
        self._epochs: dict[str, int] = {}
        #: The rooms whose writes were refused since their epoch was raised by another server (to be given up).
        self.fenced: set[str] = set()
        #: The rooms this server gave up (``forget``): a write of one still in flight is refused until a claim.
        self._given_up: set[str] = set()
        try:
            self.engine: Engine = self._engine(parsed)
        except ImportError as err:
            raise StoreError(f"the database driver for {parsed.drivername} is not installed ({err})") from err
        # SQLite: one writer at a time (see _transaction).
        self._one_writer = threading.Lock() if parsed.get_backend_name() == "sqlite" else None
        self._writes = sessionmaker(self.engine.execution_options(paiju_write=True), expire_on_commit=False)
        self._reads = sessionmaker(self.engine, expire_on_commit=False)
        event.listen(self._writes, "before_flush", check_lengths)
        try:
            if not shared:
                if parsed.get_backend_name() != "sqlite" and not self._has_leases():
                    self._migrate()  # the lease lives in a table of the newest schema
                self.lock.acquire(parsed, self.engine)
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
            if sqlite_file(url) is None:  # one connection, so every thread sees the same in-memory database
                kwargs.update(poolclass=QueuePool, pool_size=1, max_overflow=0)
        engine = create_engine(url, **kwargs)
        if url.get_backend_name() == "sqlite":
            event.listen(engine, "connect", sqlite_connect)
            event.listen(engine, "begin", sqlite_begin)
        return engine

    def _has_leases(self) -> bool:
        """Whether the database has the leases table yet."""
        try:
            with self.engine.connect() as conn:
                return inspect(conn).has_table("leases")
        except SQLAlchemyError as err:
            raise StoreError(f"cannot open the database {self.shown}: {driver_message(err)}") from err

    def _migrate(self) -> None:
        """Bring the schema to the newest revision; a database made before migrations is taken as revision 0001."""
        try:
            with self.engine.execution_options(paiju_write=True).connect() as conn, migration_lock(conn, sqlite_file(conn.engine.url)):
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
            raise StoreError(f"cannot write to the database {self.shown}: {driver_message(err)}") from err

    def _explain(self, err: BaseException, doing: str) -> str:
        """One line for a failure: a lock held too long and a read-only database are named as such."""
        reason = driver_message(err)
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
        writing = sessions is self._writes
        turn = self._one_writer if writing and self._one_writer is not None else nullcontext()
        if writing:
            self.lock.check()
        try:
            with turn, sessions.begin() as s:
                yield s
        except (SQLAlchemyError, ValueError) as err:  # ValueError: a stored JSON value that does not decode
            raise StoreError(self._explain(err, doing)) from err

    def session(self) -> AbstractContextManager[Session]:
        """A writing unit of work for callers that need raw rows (tests, repairs)."""
        return self._transaction(self._writes, "the database write failed")

    def close(self) -> None:
        """Release the lock and the connection pool; safe to call twice."""
        self.lock.release()
        self.engine.dispose()

    # ------------------------------------------------------------------ rooms and players
    def _fence(self, s: Session, code: str) -> int | None:
        """Refuse a write of room ``code`` (``LockLost``) unless its epoch is still the one this server claimed:
        checked in the write's own transaction, whose row lock keeps a new owner's claim out until it commits."""
        if code in self._given_up:
            raise LockLost(f"this server gave room {code} up to another paiju serve: it saves nothing more of it")
        epoch = self._epochs.get(code)
        if epoch is None:
            return None  # a room this server never loaded: only idle rooms are deleted so
        held = s.execute(update(RoomRow).where(RoomRow.code == code, RoomRow.epoch == epoch).values(epoch=epoch))
        if held.rowcount != 1:  # type: ignore[attr-defined]
            self.fenced.add(code)
            raise LockLost(
                f"another paiju serve took over room {code} while this one was cut off from the database: "
                "this server saves nothing more of that room"
            )
        return epoch

    def _merged(self, s: Session, room: RoomRow) -> RoomRow:
        """``room`` merged into ``s`` once fenced, with the epoch the database holds (only a claim changes it)."""
        epoch = self._fence(s, room.code)
        if epoch is None:
            epoch = s.scalar(select(RoomRow.epoch).where(RoomRow.code == room.code)) or 0
        stored = s.merge(room)
        stored.epoch = epoch
        return stored

    def forget(self, code: str) -> None:
        """This server gave room ``code`` up: a later ``load_room`` claims it afresh."""
        self._epochs.pop(code, None)
        self.fenced.discard(code)
        self._given_up.add(code)

    def add_room(self, room: RoomRow) -> None:
        """A new room, active now, claimed by this server."""
        with self._transaction(self._writes, f"cannot store room {room.code}") as s:
            room.epoch = 1
            s.add(room)
            room.last_active = time.time()
        self._epochs[room.code] = room.epoch
        self._given_up.discard(room.code)

    def save_room(self, room: RoomRow) -> None:
        """The room row as it is now (settings, hand number, header…)."""
        with self._transaction(self._writes, f"cannot store room {room.code}") as s:
            stored = self._merged(s, room)
            stored.last_active = time.time()
        room.last_active = stored.last_active

    def delete_room(self, code: str) -> None:
        """The room, its players, its running hand's events and its finished hands."""
        self._given_up.discard(code)  # an idle room is deleted by whichever server may serve it (its lease is free)
        with self._transaction(self._writes, f"cannot delete room {code}") as s:
            self._fence(s, code)
            s.execute(delete(EventRow).where(EventRow.room == code))
            s.execute(delete(PlayerRow).where(PlayerRow.room == code))
            s.execute(delete(HandRow).where(HandRow.room == code))
            s.execute(delete(RoomRow).where(RoomRow.code == code))
        self._epochs.pop(code, None)

    def room_exists(self, code: str) -> bool:
        """Whether a room has this code."""
        with self._transaction(self._reads, f"cannot read room {code}") as s:
            return s.scalar(select(func.count()).where(RoomRow.code == code)) == 1

    def load_room(self, code: str, epoch: int | None = None) -> StoredRoom | None:
        """Make this server the room's owner and load it with its players and its running hand's events.

        The room's epoch is raised (to ``epoch``, a lease's fencing token, when given; ``LockLost`` if the room
        already has that one or a later one): the last owner's writes are refused from now on. StoreError when one
        of its rows is unreadable.
        """
        with self._transaction(self._writes, f"cannot read room {code}") as s:
            raised = RoomRow.epoch + 1 if epoch is None else epoch
            claimed = s.execute(
                update(RoomRow).where(RoomRow.code == code, RoomRow.epoch < raised).values(epoch=raised)
            ).rowcount  # type: ignore[attr-defined]
            room = s.get(RoomRow, code)
            if room is None:
                return None
            if claimed != 1:
                raise LockLost(f"room {code} has a newer owner than this server's lease (epoch {room.epoch})")
            players = list(s.scalars(select(PlayerRow).where(PlayerRow.room == code).order_by(PlayerRow.id)))
            events = [e.data for e in s.scalars(select(EventRow).where(EventRow.room == code).order_by(EventRow.seq))]
        self._epochs[code] = room.epoch
        self._given_up.discard(code)
        return StoredRoom(room, players, events)

    def idle_rooms(self, before: float) -> list[str]:
        """The codes of the rooms last active before ``before`` (a time.time() value)."""
        with self._transaction(self._reads, "cannot list idle rooms") as s:
            return list(s.scalars(select(RoomRow.code).where(RoomRow.last_active < before).order_by(RoomRow.code)))

    def save_player(self, player: PlayerRow) -> None:
        """The player row as it is now; its room becomes active."""
        with self._transaction(self._writes, f"cannot store a player of room {player.room}") as s:
            self._fence(s, player.room)
            s.merge(player)
            self._touch(s, player.room)

    def delete_player(self, player_id: str) -> None:
        """Remove a player; its room becomes active."""
        with self._transaction(self._writes, "cannot delete a player") as s:
            code = s.scalar(select(PlayerRow.room).where(PlayerRow.id == player_id))
            if code is not None:
                self._fence(s, code)
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
            stored = self._merged(s, room)
            stored.last_active = time.time()
            s.execute(delete(EventRow).where(EventRow.room == room.code))
            s.add_all(EventRow(room=room.code, seq=i, data=e) for i, e in enumerate(events))
        room.last_active = stored.last_active

    def append_events(self, code: str, first: int, events: list[dict[str, Any]]) -> None:
        """Events ``first``, ``first + 1``, … of the running hand."""
        with self._transaction(self._writes, f"cannot store the moves of room {code}") as s:
            self._fence(s, code)
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
            stored = self._merged(s, room)
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
