"""Issue 30, item 14: who a client is for the per-client limits. An IPv6 client owns its /64 and the loopback
addresses are one machine; a forwarded header names the client only when a trusted proxy sent it."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paiju.cli import main
from paiju.server.guard import client_key, forwarded_client
from tests.server.outside import configured_app, refused
from tests.server.wire import hello

#: A proxy's address (inside 10.0.0.0/8, the network the tests trust).
PROXY = "10.0.0.5"


@pytest.fixture
def one_room_each(tmp_path: Path) -> Iterator[FastAPI]:
    """An app over SQLite where each client may create one room (and gets no more for minutes)."""
    app = configured_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", create_rate=(1, 0.01))
    with TestClient(app):  # runs the app's lifespan once; the clients below share it
        yield app


def _create(app: FastAPI, peer: str, **headers: str) -> int:
    """The status of a room creation from ``peer`` with these headers."""
    return TestClient(app, client=(peer, 40000)).post("/api/rooms", json={}, headers=headers).status_code


def test_two_addresses_in_one_ipv6_64_share_the_limit(one_room_each: FastAPI) -> None:
    """A phone or home network picks any address of its /64: a second address there is the same client."""
    assert _create(one_room_each, "2001:db8:1:2::10") == 200
    assert _create(one_room_each, "2001:db8:1:2:abcd:ef01:2345:6789") == 429
    assert _create(one_room_each, "2001:db8:1:3::10") == 200  # the next /64 is another client
    assert _create(one_room_each, "192.0.2.1") == 200
    assert _create(one_room_each, "192.0.2.2") == 200  # IPv4: each address its own client
    assert _create(one_room_each, "::ffff:192.0.2.2") == 429  # the same IPv4 address, written as IPv6


def test_the_loopback_addresses_are_one_client_for_the_socket_cap(tmp_path: Path) -> None:
    """Four loopback addresses once opened 50 sockets: 127.0.0.0/8 and ::1 are one machine, one cap."""
    app = configured_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", max_sockets_per_client=2)
    with TestClient(app, client=("127.0.0.1", 40000)) as first, ExitStack() as stack:
        code = first.post("/api/rooms", json={}).json()["code"]
        for i, peer in enumerate(("127.0.0.1", "127.0.0.2")):
            ws = stack.enter_context(TestClient(app, client=(peer, 40000)).websocket_connect(f"/ws/{code}"))
            hello(ws, f"tab{i}")
        for peer in ("127.0.0.3", "::1"):
            assert refused(TestClient(app, client=(peer, 40000)), f"/ws/{code}") == 4429


def test_a_forwarded_header_is_ignored_without_a_trusted_proxy(one_room_each: FastAPI) -> None:
    """Without --trusted-proxy anyone could name any address in X-Forwarded-For: the peer's address counts."""
    assert _create(one_room_each, PROXY, **{"X-Forwarded-For": "203.0.113.1"}) == 200
    assert _create(one_room_each, PROXY, **{"X-Forwarded-For": "203.0.113.2"}) == 429
    assert _create(one_room_each, PROXY, Forwarded="for=203.0.113.3") == 429


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[FastAPI]:
    """One room each, behind proxies in 10.0.0.0/8 that the server trusts."""
    proxies = (ipaddress.ip_network("10.0.0.0/8"),)
    app = configured_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", create_rate=(1, 0.01), trusted_proxies=proxies)
    with TestClient(app):
        yield app


def test_a_trusted_proxy_s_forwarded_header_names_the_client(behind_proxy: FastAPI) -> None:
    """The client is the rightmost hop that is not a trusted proxy; what the client wrote left of it is not read."""
    assert _create(behind_proxy, PROXY, **{"X-Forwarded-For": "203.0.113.1"}) == 200
    assert _create(behind_proxy, PROXY, **{"X-Forwarded-For": "203.0.113.2"}) == 200  # another client
    spoofed = {"X-Forwarded-For": "198.51.100.7, 203.0.113.1"}  # the client wrote 198.51.100.7 itself
    assert _create(behind_proxy, PROXY, **spoofed) == 429
    chained = {"X-Forwarded-For": "203.0.113.2, 10.1.2.3"}  # through a second trusted proxy
    assert _create(behind_proxy, PROXY, **chained) == 429
    assert _create(behind_proxy, PROXY, Forwarded='for="[2001:db8:5::1]:4711";proto=https') == 200
    assert _create(behind_proxy, PROXY, Forwarded="for=192.0.2.9, for=\"[2001:db8:5::2]\"") == 429  # same /64
    assert _create(behind_proxy, "192.0.2.50", **{"X-Forwarded-For": "203.0.113.9"}) == 200
    assert _create(behind_proxy, "192.0.2.50", **{"X-Forwarded-For": "203.0.113.10"}) == 429  # not a proxy


@pytest.mark.parametrize(
    "peer, headers, client",
    [
        (PROXY, [], PROXY),  # a trusted proxy that names nobody is the client
        (PROXY, [(b"x-forwarded-for", b"unknown")], PROXY),
        (PROXY, [(b"x-forwarded-for", b"10.0.0.1, 10.0.0.2")], "10.0.0.1"),  # every hop trusted: the first
        (PROXY, [(b"x-forwarded-for", b"198.51.100.7"), (b"x-forwarded-for", b"203.0.113.1")], "203.0.113.1"),
        (PROXY, [(b"forwarded", b'for="203.0.113.4:8080";by=10.0.0.5')], "203.0.113.4"),
        ("203.0.113.5", [(b"x-forwarded-for", b"198.51.100.7")], "203.0.113.5"),
    ],
)
def test_the_forwarded_client_is_the_rightmost_untrusted_hop(
    peer: str, headers: list[tuple[bytes, bytes]], client: str
) -> None:
    assert forwarded_client(peer, headers, (ipaddress.ip_network("10.0.0.0/8"),)) == client


@pytest.mark.parametrize(
    "host, key",
    [
        ("192.0.2.1", "192.0.2.1"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.1", "192.0.2.1"),
        ("127.0.0.9", "loopback"),
        ("::1", "loopback"),
        ("testclient", "testclient"),
    ],
)
def test_a_client_is_an_ipv4_address_an_ipv6_64_or_the_loopback(host: str, key: str) -> None:
    assert client_key(host) == key


def test_serve_reads_trusted_proxies_from_the_flag_or_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--trusted-proxy (repeatable) wins over $PAIJU_TRUSTED_PROXIES; neither: no proxy is trusted; uvicorn's own
    reading of forwarded headers is off (it would trust 127.0.0.1 by default)."""
    ran: dict[str, Any] = {}
    monkeypatch.setenv("PAIJU_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PAIJU_TRUSTED_PROXIES", raising=False)
    monkeypatch.setattr("paiju.server.launch.create_app", lambda url, **kw: ran.update(kw) or "app")
    monkeypatch.setattr("paiju.server.launch.uvicorn.run", lambda app, **kw: ran.update(uvicorn=kw))
    assert main(["serve"]) == 0
    assert ran["config"].trusted_proxies == () and ran["uvicorn"]["proxy_headers"] is False
    monkeypatch.setenv("PAIJU_TRUSTED_PROXIES", "127.0.0.1, fd00::/8")
    assert main(["serve"]) == 0
    assert ran["config"].trusted_proxies == (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("fd00::/8"))
    assert main(["serve", "--trusted-proxy", "10.1.2.3/8", "--trusted-proxy", "::1"]) == 0
    assert ran["config"].trusted_proxies == (ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("::1/128"))
    capsys.readouterr()
    assert main(["serve", "--trusted-proxy", "proxy.example"]) == 2
    err = capsys.readouterr().err
    assert "'proxy.example' is not an IP address or network" in err and err.count("\n") == 1
