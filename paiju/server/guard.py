"""What stands between the network and the app: body limits, security headers, per-client rate limits, origins."""

from __future__ import annotations

import json
from collections import OrderedDict
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from paiju.server.config import Rate, ServerConfig
from paiju.server.connection import TokenBucket

__all__ = ["BodyLimit", "ClientLimits", "SecurityHeaders", "origin_allowed"]

#: The policy the browser client satisfies: its own scripts, styles and images only, no framing.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
#: Client addresses whose buckets one limiter remembers; the oldest are forgotten first.
MAX_CLIENTS = 4096


class _TooLarge(Exception):
    """A request body grew past the limit while it was read."""


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413 before it is read into memory."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, tracked)
        except _TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        kib = self.limit // 1024
        body = json.dumps({"detail": {"code": "too_large", "message": f"a request may be at most {kib} KiB"}}).encode()
        await send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """ASGI middleware: the security headers on every response, and ``no-store`` on the API (tokens travel there)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"server"]
                headers.extend(HEADERS)
                if api:
                    headers = [(k, v) for k, v in headers if k.lower() != b"cache-control"]
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class ClientLimits:
    """One token bucket per client address for one kind of request (rooms made, imports, presets, hellos)."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, client: str) -> bool:
        """Spend one of ``client``'s tokens; ``False`` when it has none left."""
        bucket = self.buckets.pop(client, None) or TokenBucket(self.rate.burst, self.rate.per_minute / 60)
        self.buckets[client] = bucket
        while len(self.buckets) > MAX_CLIENTS:
            self.buckets.popitem(last=False)
        return bucket.take()


def origin_allowed(origin: str | None, host: str | None, config: ServerConfig) -> bool:
    """Whether a WebSocket from a page at ``origin`` may connect: the server's own pages (same host), the
    public URL's and those allowed by flag. A client that sends no Origin (not a browser) is let in."""
    if origin is None:
        return True
    if origin in config.allowed_origins:
        return True
    netloc = urlsplit(origin).netloc.lower()
    if config.public_url and netloc == urlsplit(config.public_url).netloc.lower():
        return True
    return bool(host) and netloc == (host or "").lower()
