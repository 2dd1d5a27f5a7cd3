"""Sockets relayed through Redis to the process that serves their room, so that any process accepts any socket.

A socket that reaches a process which does not hold its room's lease is accepted there and relayed: its frames
are published on the room's channel ``paiju:room:<code>:in`` (an ``open``, then each ``text``, then ``gone``), and
the owner serves it like one of its own (``RelayedSocket`` stands in for the WebSocket), publishing what it sends
on the socket's channel ``paiju:conn:<id>``. When nobody serves the room any more (its owner died or gave it up),
the entry process closes the socket with 1013, the browser reconnects, and the room is taken where it lands.
A request for the room's state over HTTP is relayed the same way (``relay_state.relayed_state``): a ``state`` on the
room's channel, the owner's ``RoomState`` back on the asker's channel.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, cast

from starlette.websockets import WebSocket

from paiju.server.relay_state import room_channel, socket_channel
from paiju.server.room_leases import ELSEWHERE, RoomElsewhere, RoomLeases

if TYPE_CHECKING:
    from paiju.server.state import Server

__all__ = ["RelayedSocket", "relay_socket", "serve_relayed"]

log = logging.getLogger("paiju.server")

#: How the owner serves one accepted socket: ``serve(server, code, ws, client)``.
Serve = Callable[["Server", str, WebSocket, str], Awaitable[None]]



class RelayedSocket:
    """The owner's end of a socket accepted by another process: what a ``Connection`` and its reader use of a
    WebSocket (``receive``, ``send_text``, ``close``), over Redis."""

    def __init__(self, leases: RoomLeases, conn_id: str) -> None:
        self.leases = leases
        self.channel = socket_channel(conn_id)
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        await self.leases.redis.publish(self.channel, json.dumps({"text": text}, ensure_ascii=False))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.leases.redis.publish(self.channel, json.dumps({"close": code}))


async def serve_relayed(server: Server, leases: RoomLeases, serve: Serve) -> None:
    """Serve the sockets other processes relay for the rooms this one holds, for as long as the server runs (a
    lost connection to Redis is opened again; the sockets relayed meanwhile were closed to reconnect)."""
    from redis.exceptions import RedisError

    while True:
        try:
            await _listen(server, leases, serve)
        except RedisError as err:
            log.warning("relayed sockets: Redis is unreachable (tried again in %g s): %s", leases.ttl / 3, err)
        await asyncio.sleep(leases.ttl / 3)


async def _listen(server: Server, leases: RoomLeases, serve: Serve) -> None:
    """Serve relayed sockets until the connection to Redis is lost."""
    from redis.exceptions import RedisError

    sockets: dict[str, RelayedSocket] = {}
    tasks: set[asyncio.Task[None]] = set()
    pubsub = leases.redis.pubsub()
    try:
        await pubsub.psubscribe(room_channel("*"))
        async for message in pubsub.listen():
            if message["type"] != "pmessage":
                continue
            try:
                await _dispatch(server, leases, serve, message, sockets, tasks)
            except RedisError:
                raise
            except Exception:  # one bad message (or one room's failure) stops no other socket's relaying
                log.exception("relayed sockets: a message on %s could not be handled", message["channel"])
    finally:
        for task in tasks:
            task.cancel()
        with suppress(Exception):
            await pubsub.aclose()


async def _dispatch(
    server: Server, leases: RoomLeases, serve: Serve, message: dict[str, Any], sockets: dict[str, RelayedSocket],
    tasks: set[asyncio.Task[None]],
) -> None:
    """Handle one message on a room's channel: a request for the room's state, a socket opened, a frame, a close."""
    code = message["channel"].decode().split(":")[2]
    data = json.loads(message["data"])
    conn_id = str(data["conn"])
    if "state" in data:
        if code in leases.held:
            room = server.rooms.get(code)
            answer = {"close": ELSEWHERE} if room is None else {"text": room.state().model_dump_json()}
            await leases.redis.publish(socket_channel(conn_id), json.dumps(answer, ensure_ascii=False))
    elif "open" in data:
        if code not in leases.held:
            return  # another process's room: every process hears every room's channel
        if code not in server.rooms:  # held, but not loaded (or being given up): the client retries
            await leases.redis.publish(socket_channel(conn_id), json.dumps({"close": ELSEWHERE}))
            return
        relayed = sockets[conn_id] = RelayedSocket(leases, conn_id)
        task = asyncio.create_task(_serve_one(serve, server, code, relayed, str(data["open"]), sockets, conn_id))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    elif conn_id in sockets:
        frame = {"type": "websocket.disconnect"} if "gone" in data else {"type": "websocket.receive", "text": data["text"]}
        sockets[conn_id].inbox.put_nowait(frame)


async def _serve_one(
    serve: Serve, server: Server, code: str, relayed: RelayedSocket, client: str, sockets: dict[str, RelayedSocket],
    conn_id: str,
) -> None:
    """Serve one relayed socket like a socket of this process."""
    try:
        await serve(server, code, cast(WebSocket, relayed), client)
    except RoomElsewhere:  # this process gave the room up meanwhile
        await relayed.close(ELSEWHERE)
    finally:
        sockets.pop(conn_id, None)


async def relay_socket(server: Server, ws: WebSocket, code: str, client: str) -> None:
    """Relay an accepted socket to the process that holds room ``code``; closed with 1013 when nobody serves it."""
    from redis.exceptions import RedisError

    leases = server.leases
    assert leases is not None
    conn_id = secrets.token_hex(8)
    pubsub = leases.redis.pubsub()
    try:
        await pubsub.subscribe(socket_channel(conn_id))
        holder = await leases.redis.get(leases.key(code))
        listeners = await leases.redis.publish(room_channel(code), json.dumps({"conn": conn_id, "open": client}))
    except RedisError as err:
        log.warning("a socket of room %s cannot be relayed: %s", code, err)
        holder, listeners = None, 0

    async def down() -> None:
        async for message in pubsub.listen():
            if message["type"] != "message":
                continue
            data = json.loads(message["data"])
            if "close" in data:
                await ws.close(code=int(data["close"]))
                return
            await ws.send_text(data["text"])

    async def up() -> None:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode("utf-8", errors="replace")
            await leases.redis.publish(room_channel(code), json.dumps({"conn": conn_id, "text": text}))

    async def watch() -> None:
        """Until the room's lease changes hands or runs out (its owner died or gave it up)."""
        while await leases.redis.get(leases.key(code)) == holder:
            await asyncio.sleep(leases.ttl / 3)
        await ws.close(code=ELSEWHERE)

    if not listeners or holder is None:
        await ws.close(code=ELSEWHERE)
    else:
        tasks = [asyncio.create_task(t()) for t in (down, up, watch)]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            with suppress(Exception):
                await leases.redis.publish(room_channel(code), json.dumps({"conn": conn_id, "gone": True}))
    with suppress(Exception):
        await pubsub.aclose()
