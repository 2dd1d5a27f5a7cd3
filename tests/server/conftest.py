"""Fixtures for the server tests: an app over a fresh database (SQLite, then PostgreSQL), bots that move at once.

PostgreSQL: ``$PAIJU_TEST_POSTGRES`` (a server URL whose user may create databases), else a throwaway cluster
started for the session from the binaries under /usr/lib/postgresql/*/bin (``make test`` installs them).
Redis: a throwaway ``redis-server`` on a loopback port, started for the session (``make test`` installs it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url, text

from paiju.server import create_app

#: The database every PostgreSQL test gets, made afresh for each test.
TEST_DATABASE = "paiju_test"


@dataclass
class Postgres:
    """A PostgreSQL server the tests may create databases on; ``data`` is set when this session started it."""

    url: str
    data: Path | None = None
    bindir: Path | None = None

    def fresh(self) -> str:
        """Drop and recreate the test database (closing any connection left to it); its URL."""
        admin = create_engine(self.url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {TEST_DATABASE} WITH (FORCE)"))
            conn.execute(text(f"CREATE DATABASE {TEST_DATABASE}"))
        admin.dispose()
        return make_url(self.url).set(database=TEST_DATABASE).render_as_string(hide_password=False)

    def restart(self) -> None:
        """Restart the cluster (only one this session started): every open connection is cut."""
        assert self.data is not None and self.bindir is not None
        db, log = str(self.data / "db"), str(self.data / "log")
        _as_postgres([str(self.bindir / "pg_ctl"), "-D", db, "-l", log, "-w", "-m", "fast", "restart"])


def _postgres_bin() -> Path | None:
    """The newest installed PostgreSQL's binaries (Debian keeps them out of PATH)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda p: [int(n) for n in p.parent.parent.name.split(".")],
    )
    return found[-1].parent if found else None


def _as_postgres(argv: list[str], check: bool = True) -> None:
    """Run a PostgreSQL tool as the ``postgres`` user when we are root (PostgreSQL refuses to run as root)."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    done = subprocess.run([*prefix, *argv], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr or done.stdout}")


def _stop_abandoned_clusters(bindir: Path) -> None:
    """Stop the throwaway clusters of test sessions that were killed before they could stop them."""
    for folder in Path(tempfile.gettempdir()).glob("paiju-pg-*"):
        try:
            os.kill(int((folder / "owner").read_text()), 0)
        except ProcessLookupError:
            _as_postgres([str(bindir / "pg_ctl"), "-D", str(folder / "db"), "-m", "immediate", "stop"], check=False)
            shutil.rmtree(folder, ignore_errors=True)
        except (OSError, ValueError):
            continue  # no owner file yet (a session starting now), or not ours to judge


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL server for the session: the one named by $PAIJU_TEST_POSTGRES, or a throwaway cluster."""
    if url := os.environ.get("PAIJU_TEST_POSTGRES"):
        yield Postgres(url)
        return
    bindir = _postgres_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl; `make test` installs it)")
    _stop_abandoned_clusters(bindir)
    data = Path(tempfile.mkdtemp(prefix="paiju-pg-"))
    (data / "owner").write_text(str(os.getpid()))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    options = f"-k {data} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    try:
        _as_postgres([str(bindir / "initdb"), "-D", str(data / "db"), "-A", "trust", "-U", "postgres", "--no-sync"])
        _as_postgres(
            [str(bindir / "pg_ctl"), "-D", str(data / "db"), "-l", str(data / "log"), "-o", options, "-w", "start"]
        )
        server = Postgres(f"postgresql+psycopg://postgres@/postgres?host={data}", data, bindir)
        server.fresh()
        yield server
    finally:
        _as_postgres([str(bindir / "pg_ctl"), "-D", str(data / "db"), "-m", "immediate", "stop"], check=False)
        shutil.rmtree(data, ignore_errors=True)


@dataclass
class RedisServer:
    """A redis-server this session started on a loopback port, without persistence: ``restart`` forgets everything."""

    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it and wait until it answers."""
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.02)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def restart(self) -> None:
        """Kill it and start it again on the same port: every key is gone."""
        self.stop()
        self.start()


def free_port() -> int:
    """A loopback TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A throwaway redis-server for the session (``make test`` installs redis-server)."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (`make test` installs it)")
    server = RedisServer(free_port(), Path(tempfile.mkdtemp(prefix="paiju-redis-")))
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: a SQLite file, then a PostgreSQL database made for this test."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'paiju.sqlite3'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.fresh()


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, bot_delay=0, burst=10_000)) as c:
        yield c
