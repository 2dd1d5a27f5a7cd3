"""What a room's table reads of its room: the stored row and settings, the server's configuration and who holds each
seat. The table writes nothing itself: its moves return what its host is to store and send (``effects.py``)."""

from __future__ import annotations

from typing import Protocol

from paiju.server.config import ServerConfig
from paiju.server.protocol import RoomSettings
from paiju.server.schema import PlayerRow, RoomRow
from paiju.variants import Variant

__all__ = ["TableRoom"]


class TableRoom(Protocol):
    """What a table reads of its room: the stored row and settings, the server's configuration (the deal's pace), and
    who holds each seat."""

    row: RoomRow
    config: ServerConfig
    settings: RoomSettings
    variant: Variant
    players: dict[str, PlayerRow]

    @property
    def code(self) -> str: ...
    def seat_holder(self, seat: int) -> PlayerRow | None: ...
    def names(self) -> list[str]: ...
    def hand_names(self) -> list[str]: ...
