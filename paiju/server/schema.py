"""The server's tables as SQLAlchemy 2 models: rooms, players, the running hand's events, hands and presets."""

from __future__ import annotations

import secrets
import time
from typing import Any, TypeVar

from sqlalchemy import JSON, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "EventRow", "HandRow", "LeaseRow", "PlayerRow", "PresetRow", "RoomRow", "copy_row"]


class Base(DeclarativeBase):
    """The server's tables."""


class RoomRow(Base):
    """A room: its settings, host, session and the header of its running hand."""

    __tablename__ = "rooms"
    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_id: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(Float)
    #: When the room last changed (time.time()); rooms idle too long are deleted.
    last_active: Mapped[float] = mapped_column(Float, default=time.time)
    #: Hands dealt in this room so far (the running one included).
    hand_number: Mapped[int] = mapped_column(Integer, default=0)
    #: The internal ids of the hands finished in this room's session.
    session_hands: Mapped[list[int]] = mapped_column(JSON, default=list)
    #: The running (or last) hand's log without its events: variant, rules, seed, dealer, previous, seats.
    hand_header: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The internal id of the last finished hand while the room is between hands.
    last_hand_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: This session's escapes (``seat``, ``name``, ``points``): people who left a match before it ended (§7.14).
    escapes: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    #: The fencing token of the server that owns the room now: raised by each new owner, and every write of the
    #: room's rows checks it in its own transaction, so an owner that lost the room cannot write (``storage.py``).
    epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


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
    """A finished (or imported) hand: its whole log and scores; people know it by its unguessable public id."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("public_id", name="uq_hands_public_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    public_id: Mapped[str] = mapped_column(String(32), default=lambda: secrets.token_urlsafe(16))
    room: Mapped[str | None] = mapped_column(String(16), index=True, nullable=True)
    number: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str] = mapped_column(String(64))
    finished_at: Mapped[float] = mapped_column(Float)
    scores: Mapped[list[int]] = mapped_column(JSON)
    log: Mapped[dict[str, Any]] = mapped_column(JSON)


class PresetRow(Base):
    """Room settings saved under a name by the owner key that made them."""

    __tablename__ = "presets"
    owner: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)


class LeaseRow(Base):
    """A lease: ``owner`` holds ``name`` until ``expires_at`` (the database's clock) unless it renews it; each
    new owner raises ``epoch``."""

    __tablename__ = "leases"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    owner: Mapped[str] = mapped_column(String(128))
    epoch: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float)


RowT = TypeVar("RowT", bound=Base)


def copy_row(row: RowT, **changes: Any) -> RowT:
    """A detached copy of a row with ``changes``: stored first, and taken in memory only once stored."""
    values = {c.key: getattr(row, c.key) for c in type(row).__table__.columns}
    return type(row)(**{**values, **changes})
