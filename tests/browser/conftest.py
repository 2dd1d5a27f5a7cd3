"""Browser tests: the real server on a loopback port, and Debian's Chromium driven by Playwright.

Without /usr/bin/chromium the tests are skipped on a developer's machine; under ``CI=true``
they fail instead, so a CI image without Chromium cannot pass them silently.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from paiju.server import create_app

CHROMIUM = Path("/usr/bin/chromium")
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test here ``browser``."""
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
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


@pytest.fixture
def server_url(tmp_path: Path) -> Iterator[str]:
    """A real server (uvicorn, bots moving at once) over a fresh SQLite file, in a thread."""
    port = _free_port()
    app = create_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", bot_delay=0)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole run; each test opens its own contexts."""
    if not CHROMIUM.exists():
        pytest.skip("no chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
