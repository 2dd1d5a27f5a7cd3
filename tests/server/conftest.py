"""Fixtures for the server tests: an app over a fresh SQLite file, bots that move at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paiju.server import create_app


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'paiju.sqlite3'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, bot_delay=0, burst=10_000)) as c:
        yield c
