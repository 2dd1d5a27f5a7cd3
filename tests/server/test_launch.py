"""``paiju serve``: the database URL (flag, environment, password hidden), refusals
as one line with status 2, and the flags that become the server's ServerConfig."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from paiju.cli import main
from paiju.server.config import ServerConfig
from paiju.server.protocol import MAX_FRAME_BYTES
from paiju.server.storage import Store


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """What ``paiju serve`` hands to create_app and uvicorn (neither runs)."""
    ran: dict[str, Any] = {}
    monkeypatch.setenv("PAIJU_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PAIJU_DATABASE_URL", raising=False)
    monkeypatch.setattr("paiju.server.launch.create_app", lambda url, **kw: ran.update(url=url, **kw) or "app")
    monkeypatch.setattr("paiju.server.launch.uvicorn.run", lambda app, **kw: ran.update(uvicorn=kw))
    return ran


def test_serve_prints_the_database_url_with_its_password_hidden(
    launched: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql+psycopg://ann:s3cret@db.example/paiju"
    assert main(["serve", "--database-url", url]) == 0
    out = capsys.readouterr().out
    assert "database: postgresql+psycopg://ann:***@db.example/paiju" in out and "s3cret" not in out
    assert launched["url"] == url


def test_serve_leases_its_rooms_through_the_redis_of_the_flag_else_the_environment_with_its_password_hidden(
    launched: dict[str, Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("PAIJU_REDIS_URL", raising=False)
    assert main(["serve"]) == 0 and launched["redis_url"] is None  # alone on its database
    monkeypatch.setenv("PAIJU_REDIS_URL", "redis://:env-secret@cache.example:6379/0")
    assert main(["serve"]) == 0 and launched["redis_url"] == "redis://:env-secret@cache.example:6379/0"
    assert main(["serve", "--redis-url", "redis://cache.example/1"]) == 0
    assert launched["redis_url"] == "redis://cache.example/1"
    out = capsys.readouterr().out
    assert "rooms leased through Redis: redis://:***@cache.example:6379/0" in out and "env-secret" not in out


def test_serve_reads_the_database_url_from_the_environment_and_the_flag_wins(
    launched: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PAIJU_DATABASE_URL", "sqlite:///from-env.sqlite3")
    assert main(["serve"]) == 0
    assert launched["url"] == "sqlite:///from-env.sqlite3" and not (tmp_path / "data").exists()
    assert main(["serve", "--database-url", "sqlite:///from-flag.sqlite3"]) == 0
    assert launched["url"] == "sqlite:///from-flag.sqlite3"


@pytest.mark.parametrize(
    "url, reason",
    [
        (
            "postgresql+asyncpg://ann:s3cret@db.example/paiju",
            "postgresql+asyncpg is an async driver; use postgresql+psycopg",
        ),
        ("sqlite+aiosqlite:///x.sqlite3", "sqlite+aiosqlite is an async driver; use sqlite"),
    ],
)
def test_serve_refuses_an_async_driver_in_one_line_with_status_2(
    url: str, reason: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("paiju.server.launch.uvicorn.run", lambda app, **kw: pytest.fail("uvicorn started"))
    assert main(["serve", "--database-url", url]) == 2
    assert capsys.readouterr().err == f"paiju: {reason}\n"


def test_serve_refuses_a_database_another_server_holds_in_one_line_with_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("paiju.server.launch.uvicorn.run", lambda app, **kw: pytest.fail("uvicorn started"))
    url = f"sqlite:///{tmp_path / 'paiju.sqlite3'}"
    holder = Store(url)
    assert main(["serve", "--database-url", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paiju: another paiju serve is using this database (lock file ") and err.count("\n") == 1
    holder.close()


def test_serve_turns_its_flags_into_the_server_config(
    launched: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["serve", "--public-url", "https://Cards.example.org/", "--allowed-host", "a.example"]
    args += ["--allowed-host", "b.example", "--allowed-origin", "https://x.example:8443", "--api-docs"]
    assert main([*args, "--room-ttl", "2"]) == 0
    config: ServerConfig = launched["config"]
    assert config.public_url == "https://cards.example.org"
    assert config.allowed_hosts == ("a.example", "b.example", "cards.example.org")
    assert config.allowed_origins == ("https://x.example:8443",) and config.api_docs
    assert config.room_ttl == 2 * 24 * 3600
    assert launched["uvicorn"]["server_header"] is False and launched["uvicorn"]["ws_max_size"] == 4 * MAX_FRAME_BYTES
    assert "open https://cards.example.org/ in a browser" in capsys.readouterr().out
    assert main(["serve", "--room-ttl", "0"]) == 0 and launched["config"].room_ttl == 0
    assert not launched["config"].api_docs and launched["config"].public_url is None


def test_serve_answers_to_this_machine_s_names_and_addresses_by_default(launched: dict[str, Any]) -> None:
    assert main(["serve", "--host", "192.0.2.7", "--public-url", "http://cards.example.org:8000"]) == 0
    hosts = launched["config"].allowed_hosts
    assert {"localhost", "127.0.0.1", "::1", "[::1]", socket.gethostname(), "192.0.2.7", "cards.example.org"} <= set(
        hosts
    )
    assert "*" not in hosts
    assert main(["serve", "--host", "0.0.0.0"]) == 0
    assert "0.0.0.0" not in launched["config"].allowed_hosts


@pytest.mark.parametrize(
    "flags, reason",
    [
        (["--room-ttl", "-1"], "--room-ttl must be 0 (never) or more days"),
        (["--public-url", "cards.example.org"], "'cards.example.org' is not an http(s)://host[:port] address"),
        (["--allowed-origin", "https://x.example/page"], "'https://x.example/page' is not an http(s)://host[:port]"),
        (["--public-url", "https://x.example:port"], "Port could not be cast to integer value"),
    ],
)
def test_serve_refuses_bad_flags_in_one_line_with_status_2(
    flags: list[str], reason: str, launched: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *flags]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"paiju: {reason}") and err.count("\n") == 1 and "url" not in launched
