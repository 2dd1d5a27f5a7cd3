"""What a server may be asked to do and by whom: hosts, origins, public URL and every limit, in one record."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

__all__ = ["Rate", "ServerConfig"]


@dataclass(frozen=True)
class Rate:
    """A token bucket: ``burst`` at once, refilled at ``per_minute``."""

    burst: float
    per_minute: float


@dataclass(frozen=True)
class ServerConfig:
    """The server's deployment settings; the defaults suit tests and embedding, ``paiju serve`` narrows hosts."""

    #: Host names the server answers to (``*``: any). A request for another host gets 400.
    allowed_hosts: tuple[str, ...] = ("*",)
    #: Extra page origins whose WebSockets are accepted besides the server's own (``https://example.org``).
    allowed_origins: tuple[str, ...] = ()
    #: The address people open (``https://cards.example.org``); room links and QR codes are built from it.
    public_url: str | None = None
    #: Reverse proxies (addresses or networks) whose ``X-Forwarded-For`` / ``Forwarded`` name the client; from
    #: anyone else those headers are ignored.
    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    #: Serve ``/docs``, ``/redoc`` and ``/openapi.json``.
    api_docs: bool = False
    #: Seconds a room may stay idle before it is deleted (0: never).
    room_ttl: float = 30 * 24 * 3600
    #: People (players, bots and spectators) in one room.
    max_people: int = 32
    #: Open WebSockets from one client (an IPv4 address, an IPv6 /64, this machine's loopback).
    max_sockets_per_client: int = 20
    #: Seconds a new WebSocket has to say hello, and seconds a socket may stay silent before it is closed.
    hello_timeout: float = 10.0
    idle_timeout: float = 600.0
    #: Per client (as for sockets): rooms created, hands imported, presets saved, hellos said.
    create_rate: Rate = Rate(5, 10)
    import_rate: Rate = Rate(5, 10)
    preset_rate: Rate = Rate(10, 20)
    hello_rate: Rate = Rate(20, 60)
    #: Largest HTTP request body, in bytes.
    max_body: int = 1024 * 1024
    #: Frames and bytes queued for one socket before it is closed as too slow (1013).
    max_queued_frames: int = 512
    max_queued_bytes: int = 8 * 1024 * 1024
    #: Seconds one send may take before the socket is closed.
    send_timeout: float = 10.0
    #: Seconds one engine or bot computation may take before a quick fallback is used.
    think_budget: float = 5.0
    #: Worker processes the rooms' search bots (``normal``, ``hard``) think in, at most: a room's search never holds
    #: another room's pong or turn timer, and more rooms than workers wait their turn (``thinking.BotPool``).
    bot_workers: int = 2
    #: A checkpoint ``paiju learn`` wrote that rooms may seat as the bot ``model:PATH`` (``paiju serve --model``);
    #: no other ``model`` bot is seated (a room names no file of the server's).
    model: str | None = None
    #: Seconds each round of a paced deal lasts (炒地皮 with declaring while the cards are dealt): one pace for
    #: every round, so when the next card comes tells nobody what anyone holds.
    deal_pace: float = 1.0
