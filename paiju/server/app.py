"""The FastAPI application: the middleware, the pages, the API and sockets over one shared ``Server``, room expiry."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.websockets import WebSocket

from paiju.server.api import hands_api, presets_api, rooms_api
from paiju.server.config import ServerConfig
from paiju.server.errors import http_error, invalid_field
from paiju.server.guard import BodyLimit, ProxyHeaders, SecurityHeaders
from paiju.server.relay import serve_relayed
from paiju.server.room_leases import ROOM_LEASE_TTL, RoomLeases, keep_leases
from paiju.server.socket import serve_accepted, serve_socket
from paiju.server.state import Server
from paiju.server.storage import Store

__all__ = ["WEB_DIR", "create_app"]

log = logging.getLogger("paiju.server")

#: The browser client's static files.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
def create_app(
    database_url: str, bot_delay: float = 0.6, burst: int = 40, rate: float = 20.0, *, config: ServerConfig | None = None,
    redis_url: str | None = None, room_lease: float = ROOM_LEASE_TTL,
) -> FastAPI:
    """The server over the database at ``database_url``; bots wait ``bot_delay`` seconds before a move.

    ``burst`` and ``rate`` size each connection's token bucket (frames at once, frames per second);
    ``config`` holds the hosts, origins, public URL and limits (``ServerConfig``'s defaults otherwise).
    With ``redis_url`` several processes share the database, each serving the rooms whose Redis lease (of
    ``room_lease`` seconds) it holds; without, this one holds the whole database.
    """
    config = config or ServerConfig()
    server = Server(Store(database_url, shared=redis_url is not None), bot_delay, burst, rate, config)
    if redis_url is not None:
        server.leases = RoomLeases(redis_url, room_lease)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep(server))
        keepers = [] if server.leases is None else [
            asyncio.create_task(keep_leases(server, server.leases)),
            asyncio.create_task(serve_relayed(server, server.leases, serve_accepted)),
        ]
        yield
        sweeper.cancel()
        for keeper in keepers:
            keeper.cancel()
        for room in server.rooms.values():
            room.close()
        if server.leases is not None:
            await server.leases.close()
        await asyncio.to_thread(server.pool.close)
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
    if config.trusted_proxies:  # the outermost: every check below sees the client the proxy named
        app.add_middleware(ProxyHeaders, proxies=config.trusted_proxies)
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
        detail = err.detail if isinstance(err.detail, dict) else {
            "code": "bad_message", "message": str(err.detail), "reason": "http_status", "params": {"status": err.status_code},
        }
        return JSONResponse({"detail": detail}, status_code=err.status_code, headers=err.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        refusal = invalid_field(err.errors())
        detail = {"code": refusal.code, "message": refusal.message, "reason": refusal.reason, "params": refusal.params}
        return JSONResponse({"detail": detail}, status_code=422)


def _pages(app: FastAPI) -> None:
    """Every page is the client's index.html; its JavaScript reads the path."""

    def index() -> FileResponse:
        page = WEB_DIR / "index.html"
        if not page.is_file():
            raise http_error(404, "bad_state", "the browser client is not installed (paiju/web/index.html is missing)")
        return FileResponse(page)

    # The last: any other path under /r/ (a code typed with a slash) is a page that says there is no such room.
    pages = ("/", "/r/{code}", "/r/{code}/history", "/r/{code}/replay/{hand_id}", "/replay/{hand_id}", "/r/{code}/{rest:path}")
    for path in pages:
        app.add_api_route(path, index, methods=["GET"], include_in_schema=False)
