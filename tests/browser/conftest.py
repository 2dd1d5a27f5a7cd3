"""Browser tests: the real server on a loopback port, and Debian's headless Chromium driven by Playwright.

Without /usr/bin/chromium-headless-shell the tests are skipped on a developer's machine; under ``CI=true``
they fail instead, so a CI image without Chromium cannot pass them silently.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import expect

from paiju.server import create_app
from paiju.server.config import ServerConfig

# A shared two-core machine may take seconds to serve a page or a socket; wait longer than the default 5 s.
expect.set_options(timeout=15_000)

CHROMIUM = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Screenshots and other artifacts of the browser tests.
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="session", autouse=True)
def _need_chromium() -> None:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (make test installs it with apt)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The real server (uvicorn, bots moving at once) on a loopback port, in a thread; it can be
    stopped and started again on the same port and database, as after a restart."""

    def __init__(self, database: str, config: ServerConfig | None = None) -> None:
        self.database = database
        self.config = config
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        app = create_app(self.database, bot_delay=0, config=self.config)
        self._server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 15
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
        self._server = None


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(f"sqlite:///{tmp_path / 'paiju.sqlite3'}")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def server_url(live_server: LiveServer) -> str:
    return live_server.url


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start a server with a ``ServerConfig`` of the test's own (tight limits); stopped after the test."""
    started: list[LiveServer] = []

    def make(**config: Any) -> LiveServer:
        server = LiveServer(f"sqlite:///{tmp_path / f'paiju-{len(started)}.sqlite3'}", ServerConfig(**config))
        server.start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole run; each test opens its own contexts."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
