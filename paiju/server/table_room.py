"""What a room's table needs of its room: the stored row and settings, who holds each seat, storing, and sending what
the table's moves return (``effects.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from paiju.server.config import ServerConfig
from paiju.server.effects import Effect
from paiju.server.protocol import RoomSettings
from paiju.server.schema import PlayerRow, RoomRow
from paiju.server.storage import Store
from paiju.server.thinking import BotPool
from paiju.variants import Variant

__all__ = ["TableRoom"]

T = TypeVar("T")


class TableRoom(Protocol):
    """What a table needs of its room: the stored row and settings, who holds each seat, storing, and applying the
    effects of the moves the table makes on its own (a timer's, a bot's)."""

    row: RoomRow
    store: Store
    config: ServerConfig
    bot_delay: float
    settings: RoomSettings
    variant: Variant
    lock: asyncio.Lock
    players: dict[str, PlayerRow]
    #: The server's worker processes where search bots think.
    pool: BotPool

    @property
    def code(self) -> str: ...
    def seat_holder(self, seat: int) -> PlayerRow | None: ...
    def names(self) -> list[str]: ...
    def hand_names(self) -> list[str]: ...
    async def store_op(self, op: Callable[..., T], *args: Any) -> T: ...
    async def save_player(self, player: PlayerRow, **changes: Any) -> None: ...
    async def set_auto(self, player: PlayerRow, on: bool) -> None: ...
    async def apply(self, effects: list[Effect]) -> None: ...
