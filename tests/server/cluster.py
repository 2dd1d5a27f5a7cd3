"""Helpers for the tests of several server processes on one database and one Redis: start, kill, pause them, and
play over real sockets; this module holds no tests."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from .conftest import free_port

#: One server process: the app over the database, its rooms leased through Redis, uvicorn on a loopback port.
_SERVE = """
import sys, uvicorn
from paiju.server import create_app
database, redis, lease, port = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
app = create_app(database, bot_delay=0, burst=10_000, redis_url=redis, room_lease=lease)
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


@dataclass
class ServerProcess:
    """A ``paiju`` server in a process of its own."""

    database: str
    redis: str
    lease: float
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start it and wait until it answers HTTP."""
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SERVE, self.database, self.redis, str(self.lease), str(self.port)],
            stderr=subprocess.DEVNULL if not os.environ.get("PAIJU_TEST_SERVER_LOGS") else None,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{self.url}/api/presets", timeout=1)
                return self
            except httpx.HTTPError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("the server process did not start") from None
                time.sleep(0.05)

    def signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        os.kill(self.process.pid, sig)

    def stop(self) -> None:
        """Stop it for good (a paused one too)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
        if self.process is not None:
            self.process.wait()
        self.process = None


class Player:
    """One person's socket to one server process, reading frames by type."""

    def __init__(self, server: ServerProcess, code: str, name: str, token: str | None = None) -> None:
        self.code, self.name, self.token = code, name, token
        self.ws = self._open(server)

    def _open(self, server: ServerProcess) -> ClientConnection:
        """A socket that has said hello (the room's process may be another: closed with 1013, tried again)."""
        deadline = time.monotonic() + 20
        while True:
            ws = connect(f"ws://127.0.0.1:{server.port}/ws/{self.code}", origin=server.url, open_timeout=5, close_timeout=0.5).__enter__()
            try:
                ws.send(json.dumps({"type": "hello", "name": self.name, **({"token": self.token} if self.token else {})}))
                welcome = self.until("welcome", ws)
                self.token = welcome["token"]
                return ws
            except ConnectionClosed:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def reconnect(self, server: ServerProcess) -> None:
        """Close this socket and open one to ``server`` (as a browser does after a drop)."""
        self.ws.close()
        self.ws = self._open(server)

    def send(self, frame: dict[str, Any]) -> None:
        self.ws.send(json.dumps(frame))

    def until(self, kind: str, ws: ClientConnection | None = None) -> dict[str, Any]:
        """Frames until one of type ``kind`` (within 10 s)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            frame = json.loads((ws or self.ws).recv(timeout=10))
            if frame["type"] == kind:
                return dict(frame)
        raise AssertionError(f"no {kind} frame")

    def close(self) -> None:
        self.ws.close()
