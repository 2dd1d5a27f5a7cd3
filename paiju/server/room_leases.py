"""Rooms owned through Redis leases, so that several ``paiju serve`` processes share one database.

A room is served by the process that holds its lease ``paiju:room:<code>``: a Redis key naming the owner, set only
if absent, that runs out ``ttl`` seconds after its last renewal. The lease says who may take a room; the database
fences it (``Store.load_room`` raises the room's epoch, and every write checks it), so an owner that was paused or
cut off past its lease cannot write once another took the room. A process that loses a room's lease (or finds its
writes fenced) gives the room up: its timers stop and its sockets are closed to reconnect, and the next process
they reach takes the room and rebuilds it from the event log.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from paiju.server.db_lock import owner_name

if TYPE_CHECKING:
    from paiju.server.room_host import RoomHost
    from paiju.server.rooms import Room
    from paiju.server.storage import Store

__all__ = ["ELSEWHERE", "ROOM_LEASE_TTL", "RoomElsewhere", "RoomLeases", "keep_leases"]


log = logging.getLogger("paiju.server")

#: Seconds a room's lease lasts unless renewed (renewed every third of that).
ROOM_LEASE_TTL = 5.0

#: The close code of a socket whose room another process serves, or this one gave up: the client reconnects.
ELSEWHERE = 1013


class LeasedServer(Protocol):
    """What the leases read of the server that holds them: its rooms in memory and its store (``state.Server``)."""

    @property
    def rooms(self) -> dict[str, Room]: ...

    @property
    def store(self) -> Store: ...


class RoomElsewhere(Exception):
    """Another process holds the room's lease (or Redis cannot be reached to take it): try again later."""


#: Renew a lease this process holds; take it again if Redis lost it (restarted) and nobody else took it meanwhile.
_RENEW = """
local owner = redis.call('get', KEYS[1])
if owner == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not owner then return redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0 end
return 0
"""
#: Let a lease go, if it is still this process's.
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class RoomLeases:
    """This process's room leases on the Redis server at ``url``."""

    def __init__(self, url: str, ttl: float = ROOM_LEASE_TTL) -> None:
        try:  # the redis extra: only a server given --redis-url needs it
            from redis.asyncio import Redis
        except ImportError as err:
            raise ValueError("--redis-url needs the redis package: pip install 'paiju[redis]'") from err

        self.redis: Redis = Redis.from_url(url, socket_timeout=ttl / 3, socket_connect_timeout=ttl / 3)
        self.ttl = ttl
        self.owner = owner_name()
        #: The rooms this process holds.
        self.held: set[str] = set()
        #: The turn deadline last stored for each room held (``events:deadline``).
        self._deadlines: dict[str, str] = {}

    @staticmethod
    def key(code: str) -> str:
        return f"paiju:room:{code}"

    async def store_deadlines(self, server: LeasedServer) -> None:
        """Keep in Redis the turn deadline of each room held (with its hand's event count), where it changed."""
        for code in set(self._deadlines) - self.held:
            del self._deadlines[code]
        for code in sorted(self.held & set(server.rooms)):
            table = server.rooms[code].table
            game = table.game
            value = "" if game is None or table.deadline is None else f"{len(game.events)}:{table.deadline!r}"
            if self._deadlines.get(code) != value:
                if value:
                    await self.redis.set(f"{self.key(code)}:deadline", value, px=int(self.ttl * 1000 * 12))
                else:
                    await self.redis.delete(f"{self.key(code)}:deadline")
                self._deadlines[code] = value

    async def resume_timer(self, room: RoomHost) -> None:
        """After ``room``'s table was rebuilt here, run its turn timer out at the deadline the room's last process stored
        for the same point of the hand (none stored, or another point: the timer starts afresh)."""
        from redis.exceptions import RedisError

        code, table = room.code, room.table
        game = table.game
        if game is None or table.deadline is None:
            return
        try:
            stored: Any = await self.redis.get(f"{self.key(code)}:deadline")
        except RedisError as err:
            log.warning("room %s: its turn deadline could not be read (the timer starts afresh): %s", code, err)
            return
        events, _, deadline = (stored or b"").decode().partition(":")
        if events == str(len(game.events)) and deadline:
            await room.apply(table.keep_deadline(float(deadline)))

    async def may_serve(self, code: str) -> bool:
        """Whether this process holds room ``code`` now, taking its lease if nobody holds it; False when Redis
        cannot be reached."""
        from redis.exceptions import RedisError

        try:
            return await self.take(code)
        except RedisError as err:
            log.warning("room %s's lease cannot be taken: %s", code, err)
            return False

    async def take(self, code: str) -> bool:
        """Take room ``code`` if no other process holds it; whether this process holds it now."""
        if code in self.held:
            return True
        taken = await self.redis.set(self.key(code), self.owner, nx=True, px=int(self.ttl * 1000))
        if not taken:
            holder: Any = await self.redis.get(self.key(code))
            taken = holder is not None and holder.decode() == self.owner
        if taken:
            self.held.add(code)
        return bool(taken)

    async def renew(self) -> list[str]:
        """Renew every lease held; the rooms whose lease another process holds now (no longer held)."""
        lost = []
        for code in sorted(self.held):
            if not await self.redis.eval(_RENEW, 1, self.key(code), self.owner, int(self.ttl * 1000)):
                lost.append(code)
                self.held.discard(code)
        return lost

    async def release(self, code: str) -> None:
        """Let room ``code`` go now (another process may take it at once)."""
        self.held.discard(code)
        await self.redis.eval(_RELEASE, 1, self.key(code), self.owner)

    async def close(self) -> None:
        """Let every room go and close the connection (Redis unreachable: the leases run out by themselves)."""
        from redis.exceptions import RedisError

        for code in sorted(self.held):
            try:
                await self.release(code)
            except RedisError as err:
                log.warning("room %s's lease could not be let go (it runs out by itself): %s", code, err)
        await self.redis.aclose()


def give_up(server: LeasedServer, code: str) -> None:
    """Stop serving room ``code``: its timers stop, its sockets close to reconnect (to whichever process takes it)."""
    room = server.rooms.pop(code, None)
    server.store.forget(code)
    if room is None:
        return
    log.warning("room %s is served by another process now: given up", code)
    room.given_up = True
    room.close()
    for conn in list(room.connections):
        conn.close(ELSEWHERE)


async def keep_leases(server: LeasedServer, leases: RoomLeases) -> None:
    """Renew the rooms' leases every third of their time to live, for as long as the server runs, and give up the
    rooms whose lease another process took or whose writes the database refused."""
    from redis.exceptions import RedisError

    absent: set[str] = set()  # leases held without their room in memory at the last renewal
    while True:
        await asyncio.sleep(leases.ttl / 3)
        lost = set(server.store.fenced)
        try:
            # A room still absent a renewal later was not there (or is gone): a room being made or loaded is not.
            for code in absent & (leases.held - set(server.rooms)):
                await leases.release(code)
            absent = leases.held - set(server.rooms)
            lost.update(await leases.renew())
            await leases.store_deadlines(server)
        except RedisError as err:
            log.warning("the rooms' leases could not be renewed (tried again in %g s): %s", leases.ttl / 3, err)
        for code in sorted(lost):
            leases.held.discard(code)
            give_up(server, code)
