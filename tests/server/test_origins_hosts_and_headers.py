"""Deployment hardening: WebSocket origins, trusted hosts, security headers, API docs off,
no server banner, and the `paiju serve` flags that set them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from paiju.cli import main
from tests.server.outside import configured_app, refused
from tests.server.wire import create_room

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def test_websocket_origin_is_checked(database: str) -> None:
    """Deployment hardening: "WebSocket Origin checked against the server's own origin plus --allowed-origin;
    a socket from another site's page is refused"."""
    with TestClient(configured_app(database, allowed_origins=("https://friends.example",))) as c:
        code = create_room(c)["code"]
        assert refused(c, f"/ws/{code}", {"origin": "https://evil.example"}) in (403, 4403)
        assert refused(c, f"/ws/{code}", {"origin": "http://testserver.evil.example"}) in (403, 4403)
        assert refused(c, f"/ws/{code}", {"origin": "http://testserver"}) is None
        assert refused(c, f"/ws/{code}", {"origin": "https://friends.example"}) is None
        assert refused(c, f"/ws/{code}") is None  # no Origin: not a browser page


def test_trusted_host(database: str) -> None:
    """Deployment hardening: "TrustedHostMiddleware with --allowed-host"."""
    with TestClient(configured_app(database, allowed_hosts=("cards.example.org",))) as c:
        assert c.get("/api/variants", headers={"host": "evil.example"}).status_code == 400
        assert c.get("/api/variants", headers={"host": "cards.example.org"}).status_code == 200


def test_security_headers(client: TestClient) -> None:
    """Deployment hardening: "Security headers on every response: a Content-Security-Policy ..., nosniff,
    frame-ancestors 'none', Referrer-Policy, Cache-Control: no-store on anything with a token"."""
    room = create_room(client)
    for path in ("/", "/static/index.html", "/api/variants", f"/api/rooms/{room['code']}", "/api/rooms/NOPE2345"):
        headers = client.get(path).headers
        assert headers.get("content-security-policy") == CSP, path
        assert headers.get("x-content-type-options") == "nosniff", path
        assert headers.get("x-frame-options") == "DENY", path
        assert headers.get("referrer-policy") == "no-referrer", path
        if path.startswith("/api/"):
            assert "no-store" in headers.get("cache-control", ""), path
    created = client.post("/api/rooms", json={"name": "host"})  # carries a token
    assert "no-store" in created.headers.get("cache-control", "")


def test_the_page_satisfies_its_policy(client: TestClient) -> None:
    """Deployment hardening: "a Content-Security-Policy that the client satisfies (script-src 'self', no inline
    scripts)" — the page's scripts all come from files of the site."""
    page = client.get("/")
    assert page.headers.get("content-security-policy") == CSP
    html = page.text.lower()
    assert "<script" in html
    for chunk in html.split("<script")[1:]:
        tag, _, rest = chunk.partition(">")
        assert "src=" in tag and rest.split("</script")[0].strip() == "", f"an inline script: <script{tag}>"
        assert "http:" not in tag and "https:" not in tag
    assert " onclick=" not in html and " onload=" not in html and "javascript:" not in html


def test_api_docs_are_off_by_default(client: TestClient) -> None:
    """Deployment hardening: "/docs, /redoc and /openapi.json off by default (--api-docs turns them on)"."""
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert client.get(path).status_code == 404, path


def test_api_docs_can_be_turned_on(tmp_path: Path) -> None:
    """Deployment hardening: "--api-docs turns them on" (ServerConfig.api_docs)."""
    app = configured_app(f"sqlite:///{tmp_path / 'docs.sqlite3'}", api_docs=True)
    with TestClient(app) as c:
        assert c.get("/openapi.json").status_code == 200
    off = configured_app(f"sqlite:///{tmp_path / 'off.sqlite3'}", api_docs=False)
    with TestClient(off) as c:
        assert c.get("/openapi.json").status_code == 404


def test_paiju_serve_flags_and_no_banner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deployment hardening: "--allowed-origin (repeatable) ... --allowed-host ... --api-docs; no server
    banner"."""
    ran: dict[str, Any] = {}
    monkeypatch.setattr("paiju.server.launch.uvicorn.run", lambda app, **kw: ran.update(app=app, **kw))
    monkeypatch.setenv("PAIJU_DATA", str(tmp_path / "data"))
    args = [
        "serve",
        "--allowed-host",
        "cards.example.org",
        "--allowed-origin",
        "https://a.example",
        "--allowed-origin",
        "https://b.example",
        "--api-docs",
    ]
    try:
        assert main(args) == 0
    except SystemExit as err:
        pytest.fail(f"paiju serve refused the flags (exit {err.code})")
    assert ran.get("server_header") is False, "uvicorn still sends its server banner"
    app = ran["app"]
    assert isinstance(app, FastAPI)
    with TestClient(app, base_url="http://cards.example.org") as c:
        assert c.get("/api/variants", headers={"host": "evil.example"}).status_code == 400
        assert c.get("/openapi.json").status_code == 200
        code = c.post("/api/rooms", json={"name": "host"}).json()["code"]
        host = {"host": "cards.example.org"}  # the TestClient opens sockets on ws://testserver otherwise
        for origin in ("https://a.example", "https://b.example", "http://cards.example.org"):
            assert refused(c, f"/ws/{code}", {**host, "origin": origin}) is None, origin
        assert refused(c, f"/ws/{code}", {**host, "origin": "https://c.example"}) in (403, 4403)
