"""One player's WebSocket: who may open one, its timeouts, and every frame checked and carried out in its room."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from paiju.server import host
from paiju.server.api import client_of
from paiju.server.connection import Connection, TokenBucket
from paiju.server.errors import RoomError, invalid_field
from paiju.server.guard import origin_allowed
from paiju.server.protocol import (
    CLIENT_MESSAGE,
    CLIENT_TYPES,
    MAX_FRAME_BYTES,
    Act,
    Auto,
    Bots,
    Hello,
    Kick,
    Ping,
    Pong,
    Settings,
    Sit,
    Stand,
    Start,
    Watch,
)
from paiju.server.relay import relay_socket
from paiju.server.room_leases import RoomElsewhere
from paiju.server.rooms import Room
from paiju.server.state import Server

__all__ = ["serve_accepted", "serve_socket"]

log = logging.getLogger("paiju.server")

#: Close codes (docs/protocol.md): no such room, a page of another site, too many sockets, silent too long, room full.
NO_ROOM, BAD_ORIGIN, TOO_MANY, SILENT, FULL = 4404, 4403, 4429, 4408, 4409


async def serve_socket(server: Server, ws: WebSocket, code: str) -> None:
    """Accept a socket (same-site pages only, a few per client address) and serve it until it closes."""
    config = server.config
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), config):
        log.info("a socket from the page %r was refused", ws.headers.get("origin"))
        await ws.close(code=BAD_ORIGIN)
        return
    client = client_of(ws)
    if server.sockets[client] >= config.max_sockets_per_client:
        await ws.close(code=TOO_MANY)
        return
    server.sockets[client] += 1
    try:
        await ws.accept()
        try:
            await serve_accepted(server, code, ws, client)
        except RoomElsewhere:  # relayed to the room's process (closed with 1013, to try again, if none serves it)
            await relay_socket(server, ws, code, client)
    finally:
        server.sockets[client] -= 1
        if server.sockets[client] <= 0:
            del server.sockets[client]


async def serve_accepted(server: Server, code: str, ws: WebSocket, client: str) -> None:
    """Serve an accepted socket (this process's own, or one relayed from another) in room ``code`` until it closes;
    ``RoomElsewhere``, before anything is sent, when another process holds the room."""
    config = server.config
    room = await server.find_room(code)
    conn = Connection(ws, TokenBucket(server.burst, server.rate), config.max_queued_frames,
                      config.max_queued_bytes, config.send_timeout)
    writer = asyncio.create_task(conn.write())
    if room is None:
        conn.send(RoomError("bad_room", f"there is no room {code[:16]}", params={"code": code[:16]}).frame())
        conn.close(NO_ROOM)
        await writer
        return
    try:
        await _read(server, room, conn, client)
    finally:
        # Shielded: a socket task cancelled at its close (or at shutdown) still finishes leaving the room.
        await asyncio.shield(_leave(room, conn))
        if conn.closed:
            await writer
        else:
            writer.cancel()


async def _leave(room: Room, conn: Connection) -> None:
    async with room.lock:
        await room.leave(conn)


async def _read(server: Server, room: Room, conn: Connection, client: str) -> None:
    """Read frames until the client leaves, is closed, or stays silent too long (no hello, or idle)."""
    config = server.config
    hello_by = time.monotonic() + config.hello_timeout  # pings do not put off the hello
    try:
        while not conn.closed:
            wait = config.idle_timeout if conn.player is not None else max(hello_by - time.monotonic(), 0.0)
            try:
                frame = await asyncio.wait_for(conn.ws.receive(), wait)
            except TimeoutError:
                idle = conn.player is not None
                what = f"no message for {wait:.0f} s (the page pings every 30 s)" if idle else f"no hello within {config.hello_timeout:.0f} s"
                conn.send(RoomError("bad_state", f"closed: {what}", reason="idle" if idle else "no_hello").frame())
                conn.close(SILENT)
                return
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                text = (frame.get("bytes") or b"").decode("utf-8", errors="replace")
            await handle_frame(server, room, conn, text, client)
    except WebSocketDisconnect:
        return


async def handle_frame(server: Server, room: Room, conn: Connection, text: str, client: str) -> None:
    """Check one frame and carry it out; anything wrong is answered with an error to this client only."""
    who = repr(conn.player.name) if conn.player is not None else "a new connection"
    try:
        if not conn.bucket.take():
            if not conn.throttled:
                conn.throttled = True
                raise RoomError("rate_limited", "too many messages: slow down", reason="too_many_frames")
            return
        conn.throttled = False
        if len(text.encode("utf-8")) > MAX_FRAME_BYTES:
            raise RoomError("too_large", f"a message may be at most {MAX_FRAME_BYTES // 1024} KiB", params={"kib": MAX_FRAME_BYTES // 1024})
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RoomError("bad_json", f"that is not JSON: {err.msg}") from err
        except RecursionError as err:
            raise RoomError("bad_json", "that JSON is nested too deeply") from err
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise RoomError("bad_message", 'a message is a JSON object with a "type"', reason="no_type")
        if data["type"] not in CLIENT_TYPES:
            raise RoomError("unknown_type", f"unknown message type {data['type'][:40]!r}")
        try:
            msg = CLIENT_MESSAGE.validate_python(data)
        except ValidationError as err:
            raise invalid_field(err.errors()) from err
        if isinstance(msg, Ping):
            conn.send(Pong())
            return
        if isinstance(msg, Hello) and not server.limits["hello"].take(client):
            raise RoomError("rate_limited", "too many joins from this address: wait a minute", reason="too_many_joins")
        async with room.lock:
            await dispatch(room, conn, msg)
    except RoomError as err:
        log.info("room %s: refused from %s: %s (%s)", room.code, who, err.code, err.message)
        conn.send(err.frame())
        if err.code == "room_full":
            conn.close(FULL)
    except Exception:  # a bug must not take the room or the server down
        log.exception("room %s: a message from %s failed", room.code, who)
        conn.send(RoomError("bad_state", "the server could not carry that out; it has been logged", reason="server_fault").frame())


async def dispatch(room: Room, conn: Connection, msg: Any) -> None:
    """Carry out one valid frame for the connection's player (the room's lock is held)."""
    if isinstance(msg, Hello):
        if conn.player is not None:
            raise RoomError("bad_message", "you have already said hello on this connection", reason="hello_twice")
        await room.hello(conn, msg.name, msg.token)
        return
    player = conn.player
    if player is None or player.id not in room.players:
        raise RoomError("bad_message", "say hello first: {\"type\": \"hello\", \"name\": …}", reason="hello_first")
    if isinstance(msg, Sit):
        await room.sit(player, msg.seat)
    elif isinstance(msg, (Stand, Watch)):
        await room.stand(player)
    elif isinstance(msg, Bots):
        await host.add_bots(room, player, msg.strength, msg.seats)
    elif isinstance(msg, Settings):
        await host.change_settings(room, player, msg)
    elif isinstance(msg, Kick):
        await host.kick(room, player, msg.player_id)
    elif isinstance(msg, Start):
        await host.start(room, player)
    elif isinstance(msg, Act):
        await room.act(player, msg)
    elif isinstance(msg, Auto):
        await room.set_auto(player, msg.on)
