"""The FastAPI application: pages, the HTTP API and the WebSocket of every player (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import segno
from fastapi import Body, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from paiju.climbing import LogError, replay
from paiju.server.connection import Connection, TokenBucket
from paiju.server.history import step_views
from paiju.server.protocol import (
    CLIENT_MESSAGE,
    CLIENT_TYPES,
    MAX_FRAME_BYTES,
    Act,
    Auto,
    Bots,
    CreateRoom,
    ErrorMessage,
    HandSummary,
    Hello,
    Imported,
    Kick,
    Ping,
    Pong,
    Preset,
    RoomCreated,
    RoomSettings,
    RoomState,
    Settings,
    Sit,
    Stand,
    Start,
    Watch,
)
from paiju.server.rooms import Room, RoomError, build_variant
from paiju.server.storage import PlayerRow, Store
from paiju.variants import REGISTRY

__all__ = ["WEB_DIR", "create_app"]

log = logging.getLogger("paiju.server")

#: The browser client's static files.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: Room codes: short, upper case, without the look-alikes 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5


class Server:
    """What the app shares between requests: the store and the rooms in memory."""

    def __init__(self, store: Store, bot_delay: float, burst: int, rate: float) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.burst = burst
        self.rate = rate
        self.rooms: dict[str, Room] = {}

    def load(self) -> None:
        """Bring back every stored room; a room whose log does not replay is left out and logged."""
        for stored in self.store.load_rooms():
            try:
                room = Room(stored.room, stored.players, self.store, self.bot_delay)
                room.restore(stored.events)
            except (LogError, RoomError, ValueError, KeyError) as err:
                log.error("room %s could not be restored: %s", stored.room.code, err)
                continue
            self.rooms[room.code] = room
        log.info("%d room(s) restored", len(self.rooms))

    def room(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None:
            raise _http(404, "bad_room", f"there is no room {code}")
        return room

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code


def _http(status: int, code: str, message: str) -> HTTPException:
    return HTTPException(status, detail={"code": code, "message": message})


def create_app(database_url: str, bot_delay: float = 0.6, burst: int = 40, rate: float = 20.0) -> FastAPI:
    """The server over the database at ``database_url``; bots wait ``bot_delay`` seconds before a move.

    ``burst`` and ``rate`` size each connection's token bucket (frames at once, frames per second).
    """
    server = Server(Store(database_url), bot_delay, burst, rate)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        server.load()
        yield
        for room in server.rooms.values():
            room.close()
        server.store.close()

    app = FastAPI(title="paiju", lifespan=lifespan)
    app.state.server = server
    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")
    _pages(app)
    _api(app, server)
    _socket(app, server)
    return app


def _pages(app: FastAPI) -> None:
    """Every page is the client's index.html; its JavaScript reads the path."""

    def index() -> FileResponse:
        page = WEB_DIR / "index.html"
        if not page.is_file():
            raise _http(404, "bad_state", "the browser client is not installed (paiju/web/index.html is missing)")
        return FileResponse(page)

    for path in ("/", "/r/{code}", "/r/{code}/history", "/replay/{hand_id}"):
        app.add_api_route(path, index, methods=["GET"], include_in_schema=False)


def _api(app: FastAPI, server: Server) -> None:
    """The JSON API. Handlers that touch rooms are ``async`` so they run on the event loop with the
    rooms' own code; those that only read the store or replay logs run in the thread pool."""

    @app.get("/api/variants")
    def variants() -> list[dict[str, Any]]:
        return [
            {"name": v.name, "title": v.title, "players": v.players, "summary": v.description, "rules": v.to_json()}
            for v in REGISTRY.values()
        ]

    @app.post("/api/rooms")
    async def create_room(body: CreateRoom, request: Request) -> RoomCreated:
        code = server.new_code()
        settings = body.model_dump(exclude={"name"})
        try:
            room, host = Room.create(code, RoomSettings.model_validate(settings), body.name, server.store, server.bot_delay)
        except RoomError as err:
            raise _http(400, err.code, err.message) from err
        server.rooms[code] = room
        log.info("room %s created (%s) by %s", code, room.variant.name, host.name)
        return RoomCreated(code=code, token=host.token, player_id=host.id, url=_room_url(request, code))

    @app.get("/api/rooms/{code}")
    async def room_state(code: str) -> RoomState:
        return server.room(code).state()

    @app.get("/api/rooms/{code}/qr.svg")
    async def room_qr(code: str, request: Request) -> Response:
        room = server.room(code)
        out = io.BytesIO()
        segno.make(_room_url(request, room.code), error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), media_type="image/svg+xml")

    @app.get("/api/rooms/{code}/hands")
    async def room_hands(code: str) -> list[HandSummary]:
        room = server.room(code)
        return [
            HandSummary(
                hand_id=h.id, number=h.number, variant=h.variant, finished_at=h.finished_at, scores=h.scores,
                room=room.code, seats=list(h.log.get("seats", [])),
            )
            for h in server.store.room_hands(room.code)
        ]

    @app.get("/api/rooms/{code}/log")
    async def room_log(code: str, token: str) -> dict[str, Any]:
        room = server.room(code)
        player = next((p for p in room.players.values() if p.token == token and p.bot is None), None)
        if player is None:
            raise _http(403, "bad_token", "this room does not know that token")
        try:
            return room.seat_log(player)
        except RoomError as err:
            raise _http(404, err.code, err.message) from err

    def stored_log(hand_id: int) -> dict[str, Any]:
        row = server.store.hand(hand_id)
        if row is None:
            raise _http(404, "bad_message", f"there is no hand {hand_id}")
        return row.log

    @app.get("/api/hands/{hand_id}")
    def hand(hand_id: int) -> dict[str, Any]:
        return stored_log(hand_id)

    @app.get("/api/hands/{hand_id}/views")
    def hand_views(hand_id: int, seat: str | None = None) -> list[dict[str, Any]]:
        everything = seat == "all"
        if seat is not None and not everything and not seat.isdigit():
            raise _http(400, "bad_message", "seat is a seat number or all")
        try:
            return step_views(stored_log(hand_id), int(seat) if seat and not everything else None, everything)
        except LogError as err:
            raise _http(400, "bad_message", str(err)) from err

    @app.post("/api/hands/import")
    def import_hand(log_body: dict[str, Any] = Body(...)) -> Imported:
        try:
            game = replay(log_body)
        except LogError as err:
            raise _http(400, "bad_message", str(err)) from err
        scores = list(game.result.scores) if game.result is not None else []
        return Imported(hand_id=server.store.add_hand(log_body, scores))

    @app.get("/api/presets")
    def presets() -> list[Preset]:
        return [Preset.model_validate({"name": p.name, "settings": p.settings}) for p in server.store.presets()]

    @app.post("/api/presets")
    def save_preset(body: Preset) -> Preset:
        try:
            build_variant(body.settings)
        except RoomError as err:
            raise _http(400, err.code, err.message) from err
        server.store.save_preset(body.name, body.settings.model_dump())
        return body

    @app.delete("/api/presets/{name}")
    def delete_preset(name: str) -> dict[str, str]:
        if not server.store.delete_preset(name):
            raise _http(404, "bad_message", f"there is no preset {name!r}")
        return {"deleted": name}


def _room_url(request: Request, code: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/r/{code}"


def _socket(app: FastAPI, server: Server) -> None:
    @app.websocket("/ws/{code}")
    async def socket(ws: WebSocket, code: str) -> None:
        await ws.accept()
        conn = Connection(ws, TokenBucket(server.burst, server.rate))
        writer = asyncio.create_task(conn.write())
        room = server.rooms.get(code.upper())
        if room is None:
            conn.send(ErrorMessage(code="bad_room", message=f"there is no room {code}"))
            conn.close(4404)
            await writer
            return
        try:
            while not conn.closed:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    text = (frame.get("bytes") or b"").decode("utf-8", errors="replace")
                handle_frame(room, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            room.leave(conn)
            if conn.closed:
                await writer
            else:
                writer.cancel()


def handle_frame(room: Room, conn: Connection, text: str) -> None:
    """Check one frame and carry it out; anything wrong is answered with an error to this client only."""
    who = conn.player.name if conn.player is not None else "a new connection"
    try:
        if not conn.bucket.take():
            if not conn.throttled:
                conn.throttled = True
                raise RoomError("rate_limited", "too many messages: slow down")
            return
        conn.throttled = False
        if len(text.encode("utf-8")) > MAX_FRAME_BYTES:
            raise RoomError("too_large", f"a message may be at most {MAX_FRAME_BYTES // 1024} KiB")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RoomError("bad_json", f"that is not JSON: {err.msg}") from err
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise RoomError("bad_message", 'a message is a JSON object with a "type"')
        if data["type"] not in CLIENT_TYPES:
            raise RoomError("unknown_type", f"unknown message type {data['type'][:40]!r}")
        try:
            msg = CLIENT_MESSAGE.validate_python(data)
        except ValidationError as err:
            raise RoomError("bad_message", _validation_text(err)) from err
        dispatch(room, conn, msg)
    except RoomError as err:
        log.info("room %s: refused from %s: %s (%s)", room.code, who, err.code, err.message)
        conn.send(err.frame())
    except Exception:  # a bug must not take the room or the server down
        log.exception("room %s: a message from %s failed", room.code, who)
        conn.send(ErrorMessage(code="bad_state", message="the server could not carry that out; it has been logged"))


def dispatch(room: Room, conn: Connection, msg: Any) -> None:
    """Carry out one valid frame for the connection's player."""
    if isinstance(msg, Hello):
        if conn.player is not None:
            raise RoomError("bad_message", "you have already said hello on this connection")
        room.hello(conn, msg.name, msg.token)
        return
    if isinstance(msg, Ping):
        conn.send(Pong())
        return
    player: PlayerRow | None = conn.player
    if player is None:
        raise RoomError("bad_message", "say hello first: {\"type\": \"hello\", \"name\": …}")
    if isinstance(msg, Sit):
        room.sit(player, msg.seat)
    elif isinstance(msg, (Stand, Watch)):
        room.stand(player)
    elif isinstance(msg, Bots):
        room.add_bots(player, msg.strength, msg.seats)
    elif isinstance(msg, Settings):
        room.change_settings(player, msg)
    elif isinstance(msg, Kick):
        room.kick(player, msg.player_id)
    elif isinstance(msg, Start):
        room.start(player)
    elif isinstance(msg, Act):
        room.act(player, msg)
    elif isinstance(msg, Auto):
        room.set_auto(player, msg.on)


def _validation_text(err: ValidationError) -> str:
    """The first problem pydantic found, as one line."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"][1:]) or "message"
    return f"{where}: {first['msg']}"
