"""``paiju serve``: the data folder, the database URL, the hosts and origins it answers, and uvicorn."""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from urllib.parse import urlsplit

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from paiju.server.app import create_app
from paiju.server.config import ServerConfig
from paiju.server.protocol import MAX_FRAME_BYTES

__all__ = [
    "DATABASE_URL_ENV", "REDIS_URL_ENV", "TRUSTED_PROXIES_ENV", "data_dir", "default_hosts", "serve", "server_config",
    "site_origin", "trusted_proxies",
]

#: The environment variable that gives the database URL when ``--database-url`` does not (keeps passwords off ``ps``).
DATABASE_URL_ENV = "PAIJU_DATABASE_URL"
#: The environment variable that gives the Redis URL when ``--redis-url`` does not.
REDIS_URL_ENV = "PAIJU_REDIS_URL"
#: The environment variable that names the trusted proxies (comma- or space-separated) when no ``--trusted-proxy`` does.
TRUSTED_PROXIES_ENV = "PAIJU_TRUSTED_PROXIES"


def data_dir() -> Path:
    """Where the server keeps its database: ``$PAIJU_DATA``, else ``~/.local/share/paiju``."""
    return Path(os.environ.get("PAIJU_DATA") or Path.home() / ".local" / "share" / "paiju")


def site_origin(url: str) -> str:
    """``scheme://host[:port]`` of an http(s) address given without a path; ValueError for anything else."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/") or parts.query:
        raise ValueError(f"{url!r} is not an http(s)://host[:port] address")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + ("" if parts.port is None else f":{parts.port}")  # .port checks the number


def _machine_addresses() -> Iterable[str]:
    """This machine's addresses: what its name resolves to, and the ones it would send from on each network."""
    for name in {socket.gethostname(), socket.getfqdn()}:
        try:
            yield from (str(info[4][0]) for info in socket.getaddrinfo(name, None))
        except OSError:
            continue
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:  # connecting a UDP socket sends nothing; it only picks the outgoing address
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                yield str(s.getsockname()[0])
        except OSError:
            continue


def trusted_proxies(flags: Sequence[str] | None) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """The proxies ``--trusted-proxy`` names, else ``$PAIJU_TRUSTED_PROXIES``: each an address or a network
    (``127.0.0.1``, ``10.0.0.0/8``, ``fd00::/8``); ValueError for one that is neither."""
    given = flags if flags else os.environ.get(TRUSTED_PROXIES_ENV, "").replace(",", " ").split()
    networks = []
    for text in given:
        try:
            networks.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy {text!r} is not an IP address or network (such as 10.0.0.0/8)") from None
    return tuple(networks)


def default_hosts(host: str) -> tuple[str, ...]:
    """The host names a server listening on ``host`` answers to when no ``--allowed-host`` is given."""
    names = ["localhost", "127.0.0.1", "::1", socket.gethostname(), socket.getfqdn(), *_machine_addresses()]
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    return tuple(dict.fromkeys(n.split("%")[0] for n in names if n))


def _host_forms(names: Iterable[str]) -> Iterator[str]:
    """Each name, and an IPv6 address also as a ``Host`` header writes it (in brackets, as Starlette compares it)."""
    for name in names:
        yield name
        if ":" in name and not name.startswith("["):
            yield f"[{name}]"


def server_config(
    host: str,
    *,
    public_url: str | None = None,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
    api_docs: bool = False,
    room_ttl_days: float = 30.0,
    deal_pace: float = 1.0,
    proxies: Sequence[str] | None = None,
    bot_workers: int = 2,
    model: str | None = None,
) -> ServerConfig:
    """What ``paiju serve``'s flags allow: the machine's own names unless hosts are given, plus the public URL's host.

    ValueError for a public URL or origin that is not ``http(s)://host[:port]``, a negative time to live, a deal
    pace that is not a positive number of seconds, a trusted proxy that is not an address or network, or fewer than
    one bot worker, or a ``--model`` that is no checkpoint a model bot plays.
    """
    if room_ttl_days < 0:
        raise ValueError("--room-ttl must be 0 (never) or more days")
    if not deal_pace > 0:
        raise ValueError("--deal-pace must be more than 0 seconds")
    if bot_workers < 1:
        raise ValueError("--bot-workers must be 1 or more")
    public = site_origin(public_url) if public_url else None
    hosts = list(allowed_hosts or default_hosts(host))
    if public is not None:
        hosts.append(str(urlsplit(public).hostname))
    return ServerConfig(
        allowed_hosts=tuple(dict.fromkeys(_host_forms(hosts))),
        allowed_origins=tuple(site_origin(o) for o in allowed_origins or ()),
        public_url=public,
        api_docs=api_docs,
        room_ttl=room_ttl_days * 24 * 3600,
        deal_pace=deal_pace,
        trusted_proxies=trusted_proxies(proxies),
        bot_workers=bot_workers,
        model=_model(model),
    )


def _model(path: str | None) -> str | None:
    """``--model``'s checkpoint, read now and served as the bot ``model`` (a file that is none is refused at start:
    ``ValueError``)."""
    if path is None:
        return None
    from paiju.bots.model import serve_model

    serve_model(path)
    return path


def serve(
    host: str,
    port: int,
    database_url: str | None,
    folder: Path | None,
    bot_delay: float,
    config: ServerConfig | None = None,
    redis_url: str | None = None,
) -> None:
    """Run the server until interrupted, printing the data folder, the database (password hidden) and the URL to open.

    The database is ``database_url``, else ``$PAIJU_DATABASE_URL``, else SQLite in the data folder; a database the
    server cannot use raises ``StoreError`` before uvicorn starts. With ``redis_url`` (else ``$PAIJU_REDIS_URL``)
    several servers share the database, each serving the rooms it leases through Redis.
    """
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = config or server_config(host)
    database_url = database_url or os.environ.get(DATABASE_URL_ENV) or None
    if database_url is None:
        folder = folder or data_dir()
        created = not folder.exists()
        folder.mkdir(parents=True, exist_ok=True)
        print(f"data folder: {folder}{' (created)' if created else ''}")
        database_url = f"sqlite:///{folder / 'paiju.sqlite3'}"
    try:
        shown = make_url(database_url).render_as_string(hide_password=True)
    except ArgumentError:
        shown = "(not a URL)"  # the Store says why; the text itself may hold a password
    print(f"database: {shown}")
    redis_url = redis_url or os.environ.get(REDIS_URL_ENV) or None
    if redis_url is not None:
        try:
            shown = make_url(redis_url).render_as_string(hide_password=True)
        except ArgumentError:
            shown = "(not a URL)"
        print(f"rooms leased through Redis: {shown} (other servers may share the database)")
    app = create_app(database_url, bot_delay=bot_delay, config=config, redis_url=redis_url)
    print(f"answers to: {', '.join(config.allowed_hosts)}")
    where = config.public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    print(f"open {where}/ in a browser (Ctrl-C stops the server)", flush=True)
    if config.trusted_proxies:
        print(f"client addresses from the forwarded headers of: {', '.join(map(str, config.trusted_proxies))}")
    # Frames a little over the protocol's limit still reach the app, which answers too_large;
    # far larger ones are cut off by uvicorn before they are read into memory. The app, not uvicorn, reads
    # forwarded headers (ProxyHeaders), and only from the trusted proxies.
    uvicorn.run(
        app, host=host, port=port, ws_max_size=4 * MAX_FRAME_BYTES, log_level="info", server_header=False,
        proxy_headers=False,
    )
