"""A room's host with no server, no socket and no database: a table and its host driven alone, their writes kept by a
recording store (which can be told to refuse them, as a database that went away does)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from paiju.server.bounds import build_variant
from paiju.server.config import ServerConfig
from paiju.server.protocol import RoomSettings, RoomState
from paiju.server.room_host import RoomHost
from paiju.server.rooms import new_player
from paiju.server.schema import PlayerRow, RoomRow
from paiju.server.store_errors import StoreError
from paiju.server.table import Table
from paiju.server.thinking import BotPool


@dataclass
class StoredHand:
    public_id: str


@dataclass
class RecordingStore:
    """Takes a host's writes and keeps them, in order; the writes named in ``refuse`` fail as a lost database does."""

    writes: list[tuple[str, Any]] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)

    def _write(self, what: str, detail: Any) -> None:
        if what in self.refuse:
            raise StoreError(f"{what}: the database went away")
        self.writes.append((what, detail))

    def start_hand(self, room: RoomRow, events: list[Any]) -> None:
        self._write("start_hand", (room.hand_number, len(events)))

    def append_events(self, code: str, first: int, events: list[Any]) -> None:
        self._write("append_events", (first, len(events)))

    def finish_hand(self, room: RoomRow, number: int, log: dict[str, Any], scores: list[int]) -> StoredHand:
        self._write("finish_hand", number)
        room.last_hand_id, room.session_hands = number, [*room.session_hands, number]
        return StoredHand(public_id=f"hand-{number}")

    def save_player(self, player: PlayerRow) -> None:
        self._write("save_player", (player.seat, player.auto))

    def forget(self, code: str) -> None:
        """The room was given up (its writes are refused by the host itself, before they reach a store)."""
        self.writes.append(("forget", code))


class LoneRoom(RoomHost):
    """A room of ``variant`` with a person (or a ``bot``) in every seat and no connection, hosting its table."""

    def __init__(self, variant: str = "classic", turn_seconds: int = 0, bot: str | None = None, pace: float = 1.0) -> None:
        self.settings = RoomSettings(variant=variant, turn_seconds=turn_seconds)
        self.variant = build_variant(self.settings)
        now = time.time()
        row = RoomRow(
            code="TEST", settings=self.settings.model_dump(), host_id="", created_at=now, last_active=now,
            hand_number=0, session_hands=[], hand_header=None, last_hand_id=None, escapes=[],
        )  # fmt: skip
        self.recorded = RecordingStore()
        super().__init__(row, self.recorded, 0.0, ServerConfig(deal_pace=pace), BotPool(1))  # type: ignore[arg-type]
        people = [new_player("TEST", f"p{s}", seat=s, bot=bot) for s in range(self.variant.players)]
        self.players: dict[str, PlayerRow] = {p.id: p for p in people}
        self.table = Table(self)

    def seat_holder(self, seat: int) -> PlayerRow | None:
        return next((p for p in self.players.values() if p.seat == seat), None)

    def names(self) -> list[str]:
        return [f"p{s}" for s in range(self.variant.players)]

    def hand_names(self) -> list[str]:
        return self.names()

    def state(self) -> RoomState:
        raise AssertionError("a room with no connection builds no room frame")
