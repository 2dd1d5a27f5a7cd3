"""What the app shares between requests: the store, the rooms in memory (loaded on first use), the limits."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, OrderedDict
from typing import Any

from fastapi import HTTPException

from paiju.engine import LogError
from paiju.server.bounds import TableError
from paiju.server.config import ServerConfig
from paiju.server.errors import RoomError, http_error
from paiju.server.guard import ClientLimits
from paiju.server.protocol import RoomState
from paiju.server.relay_state import relayed_state
from paiju.server.restore import restore
from paiju.server.room_leases import RoomElsewhere, RoomLeases
from paiju.server.rooms import Room
from paiju.server.storage import Store
from paiju.server.store_errors import LockLost, StoreError
from paiju.server.thinking import BotPool

__all__ = ["Server"]

log = logging.getLogger("paiju.server")

#: Room codes: upper case, without the look-alikes 0/O, 1/I/L; eight of them make about 2^40 codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: Replays (step views, final hands) kept computed.
CACHED_REPLAYS = 64


def _elsewhere() -> HTTPException:
    """The answer about a room another process holds, when it cannot be served here."""
    return http_error(503, "bad_state", "another process of this server has this room: try again", reason="room_elsewhere")


def _no_room(code: str) -> HTTPException:
    """The answer about a room code nobody has."""
    return http_error(404, "bad_room", f"there is no room {code[:16]}", params={"code": code[:16]})


class Server:
    """What the app shares between requests: the store, the rooms in memory (loaded on first use), limits."""

    def __init__(self, store: Store, bot_delay: float, burst: int, rate: float, config: ServerConfig) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.burst = burst
        self.rate = rate
        self.config = config
        #: Where the rooms' search bots think (``thinking``): workers start with the first search, stop with the app.
        self.pool = BotPool(config.bot_workers)
        self.rooms: dict[str, Room] = {}
        #: The rooms' leases when several processes share the database (``--redis-url``): a room is served by the
        #: process that holds its lease. None: this process serves every room.
        self.leases: RoomLeases | None = None
        self.limits = {
            kind: ClientLimits(r)
            for kind, r in (("create", config.create_rate), ("import", config.import_rate),
                            ("preset", config.preset_rate), ("hello", config.hello_rate))
        }
        self.sockets: Counter[str] = Counter()
        self._loading = asyncio.Lock()
        self._replays: OrderedDict[tuple[str, str], Any] = OrderedDict()

    async def store_call(self, op: Any, *args: Any) -> Any:
        """A store operation in a worker thread; a database failure answers 503."""
        try:
            return await asyncio.to_thread(op, *args)
        except LockLost as err:
            raise http_error(503, "bad_state", str(err), reason="database_taken") from err
        except StoreError as err:
            log.error("a database operation failed: %s", err)
            raise http_error(503, "bad_state", "the server could not reach its database; try again", reason="no_database") from err

    async def find_room(self, code: str) -> Room | None:
        """The room with this code, loaded from the store on first use; ``None`` if there is none (or it is
        stored but cannot be rebuilt: that is logged, and the other rooms are untouched). ``RoomElsewhere`` when
        another process holds the room's lease."""
        code = code.upper()
        if code in self.rooms:
            return self.rooms[code]
        if len(code) > 16 or not code.isalnum():
            return None
        async with self._loading:
            if code in self.rooms:
                return self.rooms[code]
            if self.leases is not None and not await self.leases.may_serve(code):
                raise RoomElsewhere(f"room {code} is served by another process")
            try:
                stored = await asyncio.to_thread(self.store.load_room, code)
                if stored is None:
                    return None
                room = Room(stored.room, stored.players, self.store, self.bot_delay, self.config, self.pool)
                await restore(room, stored.events)
                if self.leases is not None:
                    await self.leases.resume_timer(room)
            except (StoreError, LogError, RoomError, TableError, ValueError, KeyError, TypeError) as err:
                log.error("room %s could not be loaded: %s", code, err)
                return None
            self.rooms[code] = room
            return room

    async def room(self, code: str) -> Room:
        try:
            room = await self.find_room(code)
        except RoomElsewhere as err:
            raise _elsewhere() from err
        if room is None:
            raise _no_room(code)
        return room

    async def room_state(self, code: str) -> RoomState:
        """Room ``code``'s public state: this process's, or that of the process holding the room, asked through
        Redis (``relay_state.relayed_state``), so that any process answers it."""
        try:
            room = await self.find_room(code)
        except RoomElsewhere as err:
            assert self.leases is not None  # only a process on leases has rooms elsewhere
            state = await relayed_state(self.leases, code.upper())
            if state is None:
                raise _elsewhere() from err
            return state
        if room is None:
            raise _no_room(code)
        return room.state()

    async def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not await self.store_call(self.store.room_exists, code):
                if self.leases is not None and not await self.leases.may_serve(code):  # nobody else has a new code
                    raise http_error(503, "bad_state", "the server cannot reach Redis; try again", reason="room_elsewhere")
                return code

    def limit(self, kind: str, client: str) -> None:
        if not self.limits[kind].take(client):
            raise http_error(429, "rate_limited", "too many requests from this address: wait a minute", reason="too_many_requests")

    async def expire(self) -> int:
        """Delete the rooms idle longer than the configured time (none while someone is connected). Where processes
        share the database, a process expires only the rooms it holds or nobody holds (taking the lease first): a room
        another process serves may have people connected there. A lease left without its room is let go at the next
        renewals (``keep_leases``)."""
        if self.config.room_ttl <= 0:
            return 0
        codes = await self.store_call(self.store.idle_rooms, time.time() - self.config.room_ttl)
        gone = 0
        for code in codes:
            room = self.rooms.get(code)
            if room is not None and room.connections:
                continue
            if self.leases is not None and not await self.leases.may_serve(code):
                continue  # another process serves it, and expires it when idle there
            await self.store_call(self.store.delete_room, code)
            if room is not None:
                room.close()
                del self.rooms[code]
            gone += 1
        if gone:
            log.info("%d idle room(s) expired", gone)
        return gone

    def cached(self, key: tuple[str, str], compute: Any) -> Any:
        """A replay result, computed once per hand and reading (a few are kept)."""
        if key in self._replays:
            self._replays.move_to_end(key)
            return self._replays[key]
        value = compute()
        self._replays[key] = value
        while len(self._replays) > CACHED_REPLAYS:
            self._replays.popitem(last=False)
        return value
