"""What the server keeps across restarts, in SQLAlchemy 2 tables (SQLite by default, any URL works).

Rooms, their players, presets and finished hands are rows; the running hand is its log header on
the room row plus one row per engine event, appended as they happen, so a restart replays it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Integer, String, create_engine, delete, event, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

__all__ = ["HandRow", "PlayerRow", "RoomRow", "Store"]


class Base(DeclarativeBase):
    """The server's tables."""


class RoomRow(Base):
    """A room: its settings, host, session and the header of its running hand."""

    __tablename__ = "rooms"
    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(Float)
    #: Hands dealt in this room so far (the running one included).
    hand_number: Mapped[int] = mapped_column(Integer, default=0)
    #: The session: its seed and the stored ids of the hands finished in it.
    session_seed: Mapped[int] = mapped_column(Integer, default=0)
    session_hands: Mapped[list[int]] = mapped_column(JSON, default=list)
    #: The running (or last) hand's log without its events: variant, rules, seed, dealer, previous, seats.
    hand_header: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The stored id of the last finished hand while the room is between hands.
    last_hand_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PlayerRow(Base):
    """A person (or bot) in a room: its secret token, name, seat and 托管 switch."""

    __tablename__ = "players"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room: Mapped[str] = mapped_column(ForeignKey("rooms.code"), index=True)
    token: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    auto: Mapped[bool] = mapped_column(default=False)


class EventRow(Base):
    """One event of a room's running hand, in order."""

    __tablename__ = "hand_events"
    room: Mapped[str] = mapped_column(ForeignKey("rooms.code"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class HandRow(Base):
    """A finished (or imported) hand: its whole log and scores."""

    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room: Mapped[str | None] = mapped_column(String(16), index=True, nullable=True)
    number: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(String(64))
    finished_at: Mapped[float] = mapped_column(Float)
    scores: Mapped[list[int]] = mapped_column(JSON)
    log: Mapped[dict[str, Any]] = mapped_column(JSON)


class PresetRow(Base):
    """Room settings saved under a name."""

    __tablename__ = "presets"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)


@dataclass
class StoredRoom:
    """A room as loaded at start-up: its row, its players and its running hand's events."""

    room: RoomRow
    players: list[PlayerRow]
    events: list[dict[str, Any]]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers and the writer share a SQLite file; foreign keys are checked."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The server's storage: a thin layer of named operations over the tables."""

    def __init__(self, url: str) -> None:
        kwargs: dict[str, Any] = {"json_serializer": lambda v: json.dumps(v, ensure_ascii=False)}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A unit of work, committed when the block ends without an error."""
        with self._sessions.begin() as s:
            yield s

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    # ------------------------------------------------------------------ rooms and players
    def add_room(self, room: RoomRow) -> None:
        with self.session() as s:
            s.add(room)

    def save_room(self, room: RoomRow) -> None:
        with self.session() as s:
            s.merge(room)

    def save_player(self, player: PlayerRow) -> None:
        with self.session() as s:
            s.merge(player)

    def delete_player(self, player_id: str) -> None:
        with self.session() as s:
            s.execute(delete(PlayerRow).where(PlayerRow.id == player_id))

    def load_rooms(self) -> list[StoredRoom]:
        """Every room with its players and its running hand's events, for start-up."""
        with self.session() as s:
            rooms = list(s.scalars(select(RoomRow)))
            out = []
            for room in rooms:
                players = list(s.scalars(select(PlayerRow).where(PlayerRow.room == room.code)))
                events = [
                    e.data for e in s.scalars(select(EventRow).where(EventRow.room == room.code).order_by(EventRow.seq))
                ]
                out.append(StoredRoom(room, players, events))
            return out

    # ------------------------------------------------------------------ the running hand
    def start_hand(self, room: RoomRow, events: list[dict[str, Any]]) -> None:
        """A new running hand: the room's header and its first events replace the last hand's."""
        with self.session() as s:
            s.merge(room)
            s.execute(delete(EventRow).where(EventRow.room == room.code))
            s.add_all(EventRow(room=room.code, seq=i, data=e) for i, e in enumerate(events))

    def append_events(self, code: str, first: int, events: list[dict[str, Any]]) -> None:
        """Events ``first``, ``first + 1``, … of the running hand."""
        with self.session() as s:
            s.add_all(EventRow(room=code, seq=first + i, data=e) for i, e in enumerate(events))

    def finish_hand(self, room: RoomRow, number: int, log: dict[str, Any], scores: list[int]) -> int:
        """Store a finished hand and update its room in one transaction; returns the hand's id."""
        with self.session() as s:
            row = HandRow(
                room=room.code, number=number, variant=log["variant"], finished_at=time.time(), scores=scores, log=log
            )
            s.add(row)
            s.flush()
            room.last_hand_id = row.id
            room.session_hands = [*room.session_hands, row.id]
            s.merge(room)
            return row.id

    # ------------------------------------------------------------------ hands
    def add_hand(self, log: dict[str, Any], scores: list[int]) -> int:
        """Store an imported hand (no room)."""
        with self.session() as s:
            row = HandRow(room=None, number=0, variant=log["variant"], finished_at=time.time(), scores=scores, log=log)
            s.add(row)
            s.flush()
            return row.id

    def hand(self, hand_id: int) -> HandRow | None:
        with self.session() as s:
            return s.get(HandRow, hand_id)

    def room_hands(self, code: str) -> list[HandRow]:
        with self.session() as s:
            return list(s.scalars(select(HandRow).where(HandRow.room == code).order_by(HandRow.id)))

    def hand_logs(self, ids: list[int]) -> list[dict[str, Any]]:
        """The logs of the hands with these ids, in that order."""
        with self.session() as s:
            rows = {h.id: h.log for h in s.scalars(select(HandRow).where(HandRow.id.in_(ids)))}
            return [rows[i] for i in ids if i in rows]

    # ------------------------------------------------------------------ presets
    def presets(self) -> list[PresetRow]:
        with self.session() as s:
            return list(s.scalars(select(PresetRow).order_by(PresetRow.name)))

    def save_preset(self, name: str, settings: dict[str, Any]) -> None:
        with self.session() as s:
            s.merge(PresetRow(name=name, settings=settings))

    def delete_preset(self, name: str) -> bool:
        with self.session() as s:
            found = s.get(PresetRow, name)
            if found is not None:
                s.delete(found)
            return found is not None
