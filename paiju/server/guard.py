"""What stands between the network and the app: who the client is (behind trusted proxies), body limits, security
headers, per-client rate limits, origins."""

from __future__ import annotations

import ipaddress
import json
from collections import OrderedDict
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from paiju.server.config import Rate, ServerConfig
from paiju.server.connection import TokenBucket

__all__ = ["BodyLimit", "ClientLimits", "Network", "ProxyHeaders", "SecurityHeaders", "client_key", "forwarded_client", "origin_allowed"]

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
#: An IPv6 client is its /64: one home or phone network gets a /64 (or more) and picks addresses in it at will.
IPV6_CLIENT_PREFIX = 64

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def _address(text: str) -> Address | None:
    """``text`` as an IP address (an IPv4-mapped IPv6 address as its IPv4 one, a zone dropped); None if it is none."""
    try:
        address = ipaddress.ip_address(text.strip().split("%")[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_key(host: str) -> str:
    """What the per-client limits count ``host`` as: an IPv4 address as itself, an IPv6 one by its /64, every
    loopback address (127.0.0.0/8, ::1) as one machine; anything that is not an address as written."""
    address = _address(host)
    if address is None:
        return host
    if address.is_loopback:
        return "loopback"
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, IPV6_CLIENT_PREFIX), strict=False))
    return str(address)


def _trusted(address: Address | None, proxies: Iterable[Network]) -> bool:
    return address is not None and any(address in network for network in proxies)


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    """Every value of header ``name`` (lower case), joined by commas as HTTP reads repeated headers; None if absent."""
    values = [value.decode("latin-1") for key, value in headers if key.lower() == name]
    return ",".join(values) if values else None


def _forwarded_for(headers: Iterable[tuple[bytes, bytes]]) -> list[str]:
    """The hops a request passed, nearest last: ``X-Forwarded-For`` when a proxy wrote one, else the ``for=`` of
    RFC 7239's ``Forwarded`` (``"[2001:db8::1]:4711"`` read as ``2001:db8::1``)."""
    xff = _header(headers, b"x-forwarded-for")
    if xff is not None:
        return [hop.strip() for hop in xff.split(",")]
    hops = []
    for element in (_header(headers, b"forwarded") or "").split(","):
        for pair in element.split(";"):
            key, _, value = pair.strip().partition("=")
            if key.lower() == "for":
                value = value.strip().strip('"')
                if value.startswith("["):
                    value = value[1:].partition("]")[0]
                elif value.count(":") == 1:
                    value = value.partition(":")[0]
                hops.append(value)
    return hops


def forwarded_client(peer: str, headers: Iterable[tuple[bytes, bytes]], proxies: tuple[Network, ...]) -> str:
    """The client's address: ``peer`` unless it is a trusted proxy; then the rightmost hop of the forwarded header
    that is not a trusted proxy (hops left of it are whatever the client wrote), the leftmost when every hop is
    trusted, and the proxy itself when the hop it names is not an address (``unknown``) or there is no header."""
    if not _trusted(_address(peer), proxies):
        return peer
    hops = _forwarded_for(headers)
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            return peer
        if not _trusted(address, proxies):
            return str(address)
    return str(_address(hops[0])) if hops else peer


class ProxyHeaders:
    """ASGI middleware: a request or socket that a trusted proxy passed on gets the client's address (and scheme,
    from ``X-Forwarded-Proto``) as the proxy names them; from anyone else those headers are ignored."""

    def __init__(self, app: ASGIApp, proxies: tuple[Network, ...]) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if scope["type"] in ("http", "websocket") and peer and _trusted(_address(peer[0]), self.proxies):
            headers = scope["headers"]
            scope = {**scope, "client": (forwarded_client(peer[0], headers, self.proxies), 0)}
            proto = (_header(headers, b"x-forwarded-proto") or "").split(",")[-1].strip().lower()
            if proto in ("http", "https"):
                secure = proto == "https"
                scope["scheme"] = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto
        await self.app(scope, receive, send)


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
