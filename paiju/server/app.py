"""The FastAPI application: the shared server state (rooms loaded on first use, limits, expiry), middleware and pages."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.websockets import WebSocket

from paiju.climbing import LogError
from paiju.server.api import hands_api, http_error, presets_api, rooms_api
from paiju.server.bounds import TableError
from paiju.server.config import ServerConfig
from paiju.server.guard import BodyLimit, ClientLimits, SecurityHeaders
from paiju.server.rooms import Room, RoomError
from paiju.server.socket import serve_socket
from paiju.server.storage import Store, StoreError

__all__ = ["WEB_DIR", "Server", "create_app"]

log = logging.getLogger("paiju.server")

#: The browser client's static files.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: Room codes: upper case, without the look-alikes 0/O, 1/I/L; eight of them make about 2^40 codes.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: Replays (step views, final hands) kept computed.
CACHED_REPLAYS = 64


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
            raise http_error(503, "bad_state", "the server could not reach its database; try again") from err

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
            raise http_error(404, "bad_room", f"there is no room {code[:16]}")
        return room

    async def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and not await self.store_call(self.store.room_exists, code):
                return code

    def limit(self, kind: str, client: str) -> None:
        if not self.limits[kind].take(client):
            raise http_error(429, "rate_limited", "too many requests from this address: wait a minute")

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
    rooms_api(app, server)
    hands_api(app, server)
    presets_api(app, server)

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
            raise http_error(404, "bad_state", "the browser client is not installed (paiju/web/index.html is missing)")
        return FileResponse(page)

    for path in ("/", "/r/{code}", "/r/{code}/history", "/r/{code}/replay/{hand_id}", "/replay/{hand_id}"):
        app.add_api_route(path, index, methods=["GET"], include_in_schema=False)
