"""The FastAPI application: pages, the HTTP API and the WebSocket of every player (docs/protocol.md)."""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import segno
from fastapi import Body, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.websockets import WebSocket

from paiju.climbing import LogError, game_log, replay
from paiju.server.config import ServerConfig
from paiju.server.guard import BodyLimit, ClientLimits, SecurityHeaders
from paiju.server.history import final_hands, step_views
from paiju.server.protocol import (
    CreateRoom,
    FinalHands,
    HandSummary,
    Imported,
    Preset,
    RoomCreated,
    RoomSettings,
    RoomState,
    SavedPreset,
    clean_name,
)
from paiju.server.rooms import Room, RoomError
from paiju.server.socket import serve_socket
from paiju.server.storage import HandRow, Store, StoreError
from paiju.server.tables import TableError, build_variant
from paiju.variants import REGISTRY

__all__ = ["WEB_DIR", "Server", "create_app"]

log = logging.getLogger("paiju.server")

#: The browser client's static files.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: Room codes: upper case, without the look-alikes 0/O, 1/I/L; eight of them make about 2^40 codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: Events an imported hand may have (a real hand has a few hundred).
MAX_IMPORT_EVENTS = 2000
#: Presets one owner may keep.
MAX_PRESETS = 50
#: Replays (step views, final hands) kept computed.
CACHED_REPLAYS = 64


def _http(status: int, code: str, message: str) -> HTTPException:
    return HTTPException(status, detail={"code": code, "message": message})


class Server:
    """What the app shares between requests: the store, the rooms in memory (loaded on first use), limits."""

    def __init__(self, store: Store, bot_delay: float, burst: int, rate: float, config: ServerConfig) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.burst = burst
        self.rate = rate
        self.config = config
        self.rooms: dict[str, Room] = {}
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
        except StoreError as err:
            log.error("a database operation failed: %s", err)
            raise _http(503, "bad_state", "the server could not reach its database; try again") from err

    async def find_room(self, code: str) -> Room | None:
        """The room with this code, loaded from the store on first use; ``None`` if there is none (or it is
        stored but cannot be rebuilt: that is logged, and the other rooms are untouched)."""
        code = code.upper()
        if code in self.rooms:
            return self.rooms[code]
        if len(code) > 16 or not code.isalnum():
            return None
        async with self._loading:
            if code in self.rooms:
                return self.rooms[code]
            try:
                stored = await asyncio.to_thread(self.store.load_room, code)
                if stored is None:
                    return None
                room = Room(stored.room, stored.players, self.store, self.bot_delay, self.config)
                await room.restore(stored.events)
            except (StoreError, LogError, RoomError, TableError, ValueError, KeyError, TypeError) as err:
                log.error("room %s could not be loaded: %s", code, err)
                return None
            self.rooms[code] = room
            return room

    async def room(self, code: str) -> Room:
        room = await self.find_room(code)
        if room is None:
            raise _http(404, "bad_room", f"there is no room {code[:16]}")
        return room

    async def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not await self.store_call(self.store.room_exists, code):
                return code

    def limit(self, kind: str, client: str) -> None:
        if not self.limits[kind].take(client):
            raise _http(429, "rate_limited", "too many requests from this address: wait a minute")

    async def expire(self) -> int:
        """Delete the rooms idle longer than the configured time (none while someone is connected)."""
        if self.config.room_ttl <= 0:
            return 0
        codes = await self.store_call(self.store.idle_rooms, time.time() - self.config.room_ttl)
        gone = 0
        for code in codes:
            room = self.rooms.get(code)
            if room is not None and room.connections:
                continue
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


def client_of(request: Request | WebSocket) -> str:
    """The client's address, the key of its rate limits."""
    return request.client.host if request.client is not None else "unknown"


def create_app(
    database_url: str, bot_delay: float = 0.6, burst: int = 40, rate: float = 20.0, *, config: ServerConfig | None = None
) -> FastAPI:
    """The server over the database at ``database_url``; bots wait ``bot_delay`` seconds before a move.

    ``burst`` and ``rate`` size each connection's token bucket (frames at once, frames per second);
    ``config`` holds the hosts, origins, public URL and limits (``ServerConfig``'s defaults otherwise).
    """
    config = config or ServerConfig()
    server = Server(Store(database_url), bot_delay, burst, rate, config)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep(server))
        yield
        sweeper.cancel()
        for room in server.rooms.values():
            room.close()
        server.store.close()

    docs = config.api_docs
    app = FastAPI(
        title="paiju", lifespan=lifespan, docs_url="/docs" if docs else None, redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.server = server
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(config.allowed_hosts))
    app.add_middleware(BodyLimit, limit=config.max_body)
    app.add_middleware(SecurityHeaders)
    _errors(app)
    app.mount("/static", StaticFiles(directory=WEB_DIR, check_dir=False), name="static")
    _pages(app)
    _rooms_api(app, server)
    _hands_api(app, server)
    _presets_api(app, server)

    @app.websocket("/ws/{code}")
    async def socket(ws: WebSocket, code: str) -> None:
        await serve_socket(server, ws, code)

    return app


async def _sweep(server: Server) -> None:
    """Expire idle rooms now and then, for as long as the server runs."""
    every = min(max(server.config.room_ttl / 4, 1.0), 3600.0)
    while True:
        try:
            await server.expire()
        except HTTPException:
            pass  # the database is unreachable now; logged, tried again later
        await asyncio.sleep(every)


def _errors(app: FastAPI) -> None:
    """Every refusal is ``{"detail": {"code", "message"}}``, validation errors included."""

    @app.exception_handler(StarletteHTTPException)
    async def refused(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        detail = err.detail if isinstance(err.detail, dict) else {"code": "bad_message", "message": str(err.detail)}
        return JSONResponse({"detail": detail}, status_code=err.status_code, headers=err.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "request"
        return JSONResponse({"detail": {"code": "bad_message", "message": f"{where}: {first.get('msg')}"}}, status_code=422)


def _pages(app: FastAPI) -> None:
    """Every page is the client's index.html; its JavaScript reads the path."""

    def index() -> FileResponse:
        page = WEB_DIR / "index.html"
        if not page.is_file():
            raise _http(404, "bad_state", "the browser client is not installed (paiju/web/index.html is missing)")
        return FileResponse(page)

    for path in ("/", "/r/{code}", "/r/{code}/history", "/r/{code}/replay/{hand_id}", "/replay/{hand_id}"):
        app.add_api_route(path, index, methods=["GET"], include_in_schema=False)


def _room_url(server: Server, request: Request, code: str) -> str:
    """The link friends open: from the configured public URL, else from the (allowed) host asked for."""
    base = server.config.public_url or str(request.base_url)
    return f"{base.rstrip('/')}/r/{code}"


async def _member(server: Server, code: str, token: str | None) -> tuple[Room, Any]:
    room = await server.room(code)
    player = room.member(token)
    if player is None:
        raise _http(403, "bad_token", "send the X-Paiju-Token header of a person in this room")
    return room, player


def _rooms_api(app: FastAPI, server: Server) -> None:
    """Rooms: create, public state, QR code, the member-only history and seat log."""

    @app.get("/api/variants")
    def variants() -> list[dict[str, Any]]:
        return [
            {"name": v.name, "title": v.title, "players": v.players, "summary": v.description, "rules": v.to_json()}
            for v in REGISTRY.values()
        ]

    @app.post("/api/rooms")
    async def create_room(body: CreateRoom, request: Request) -> RoomCreated:
        server.limit("create", client_of(request))
        settings = RoomSettings.model_validate(body.model_dump(exclude={"name"}))
        try:
            await asyncio.to_thread(build_variant, settings)
        except TableError as err:
            raise _http(400, "bad_message", str(err)) from err
        code = await server.new_code()
        try:
            room, host = await Room.create(code, settings, body.name, server.store, server.bot_delay, server.config)
        except RoomError as err:
            raise _http(503, err.code, err.message) from err
        server.rooms[code] = room
        log.info("room %s created (%s) by %r", code, room.variant.name, host.name)
        return RoomCreated(code=code, token=host.token, player_id=host.id, url=_room_url(server, request, code))

    @app.get("/api/rooms/{code}")
    async def room_state(code: str) -> RoomState:
        return (await server.room(code)).state()

    @app.get("/api/rooms/{code}/qr.svg")
    async def room_qr(code: str, request: Request) -> Response:
        room = await server.room(code)
        out = io.BytesIO()
        segno.make(_room_url(server, request, room.code), error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), media_type="image/svg+xml")

    @app.get("/api/rooms/{code}/hands")
    async def room_hands(code: str, x_paiju_token: str | None = Header(None)) -> list[HandSummary]:
        room, _player = await _member(server, code, x_paiju_token)
        rows: list[HandRow] = await server.store_call(server.store.room_hands, room.code)
        return [
            HandSummary(hand_id=h.public_id, number=h.number, variant=h.variant, finished_at=h.finished_at,
                        scores=h.scores, room=room.code, seats=list(h.log.get("seats", [])))
            for h in rows
        ]

    @app.get("/api/rooms/{code}/log")
    async def room_log(code: str, x_paiju_token: str | None = Header(None)) -> dict[str, Any]:
        room, player = await _member(server, code, x_paiju_token)
        try:
            return room.seat_log(player)
        except RoomError as err:
            raise _http(404, err.code, err.message) from err


def _hands_api(app: FastAPI, server: Server) -> None:
    """Finished hands: readable by their room's members (an imported hand by whoever has its id)."""

    async def readable(hand_id: str, token: str | None) -> HandRow:
        row: HandRow | None = None
        if 0 < len(hand_id) <= 64:
            row = await server.store_call(server.store.hand, hand_id)
        if row is None:
            raise _http(404, "bad_message", "there is no such hand")
        if row.room is not None:
            await _member(server, row.room, token)
        return row

    @app.get("/api/hands/{hand_id}")
    async def hand(hand_id: str, x_paiju_token: str | None = Header(None)) -> dict[str, Any]:
        return (await readable(hand_id, x_paiju_token)).log

    @app.get("/api/hands/{hand_id}/views")
    async def hand_views(hand_id: str, seat: str | None = None, x_paiju_token: str | None = Header(None)) -> list[dict[str, Any]]:
        everything = seat == "all"
        if seat is not None and not everything and not (seat.isdigit() and len(seat) < 3):
            raise _http(400, "bad_message", "seat is a seat number or all")
        row = await readable(hand_id, x_paiju_token)
        who = int(seat) if seat and not everything else None
        try:
            return await asyncio.to_thread(
                server.cached, (row.public_id, str(seat)), lambda: step_views(row.log, who, everything)
            )
        except LogError as err:
            raise _http(400, "bad_message", str(err)) from err

    @app.get("/api/hands/{hand_id}/final")
    async def hand_final(hand_id: str, x_paiju_token: str | None = Header(None)) -> FinalHands:
        row = await readable(hand_id, x_paiju_token)
        try:
            hands = await asyncio.to_thread(server.cached, (row.public_id, "final"), lambda: final_hands(row.log))
        except LogError as err:
            raise _http(400, "bad_message", str(err)) from err
        return FinalHands(hand_id=row.public_id, seats=list(row.log.get("seats", [])), hands=hands, scores=row.scores)

    @app.post("/api/hands/import")
    async def import_hand(request: Request, log_body: dict[str, Any] = Body(...)) -> Imported:
        server.limit("import", client_of(request))
        events = log_body.get("events")
        if isinstance(events, list) and len(events) > MAX_IMPORT_EVENTS:
            raise _http(400, "bad_message", f"a hand has at most {MAX_IMPORT_EVENTS} events")
        try:
            game = await asyncio.to_thread(replay, log_body)
            named = log_body.get("seats")
            seats = [clean_name(str(n)) for n in named] if isinstance(named, list) else []
        except (LogError, ValueError, RecursionError) as err:
            raise _http(400, "bad_message", str(err)) from err
        if len(game.variant.name) > 64:
            raise _http(400, "bad_message", "a table name may be at most 64 characters")
        if len(seats) != game.players:
            seats = [f"seat {i}" for i in range(game.players)]
        stored = game_log(game, seats)  # as replayed: fields paiju does not write are dropped
        scores = list(game.result.scores) if game.result is not None else []
        row: HandRow = await server.store_call(server.store.add_hand, stored, scores)
        return Imported(hand_id=row.public_id)


def _presets_api(app: FastAPI, server: Server) -> None:
    """Presets belong to an owner key (``X-Paiju-Owner``), which the first save hands out."""

    @app.get("/api/presets")
    async def presets(x_paiju_owner: str | None = Header(None)) -> list[Preset]:
        if not x_paiju_owner or len(x_paiju_owner) > 64:
            return []
        rows = await server.store_call(server.store.presets, x_paiju_owner)
        return [Preset.model_validate({"name": p.name, "settings": p.settings}) for p in rows]

    @app.post("/api/presets")
    async def save_preset(body: Preset, request: Request, x_paiju_owner: str | None = Header(None)) -> SavedPreset:
        server.limit("preset", client_of(request))
        owner = x_paiju_owner if x_paiju_owner and len(x_paiju_owner) <= 64 else secrets.token_urlsafe(24)
        try:
            await asyncio.to_thread(build_variant, body.settings)
        except TableError as err:
            raise _http(400, "bad_message", str(err)) from err
        names = {p.name for p in await server.store_call(server.store.presets, owner)}
        if body.name not in names and len(names) >= MAX_PRESETS:
            raise _http(400, "bad_message", f"you may keep at most {MAX_PRESETS} presets: delete one first")
        await server.store_call(server.store.save_preset, owner, body.name, body.settings.model_dump())
        return SavedPreset(name=body.name, settings=body.settings, owner=owner)

    @app.delete("/api/presets/{name}")
    async def delete_preset(name: str, x_paiju_owner: str | None = Header(None)) -> dict[str, str]:
        if not x_paiju_owner or not await server.store_call(server.store.delete_preset, x_paiju_owner, name):
            raise _http(404, "bad_message", f"you have no preset {name[:64]!r}")
        return {"deleted": name}

