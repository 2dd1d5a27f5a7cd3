"""`paiju serve`: the data folder it creates, the URL it prints, the app it hands to uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from paiju.cli import main
from paiju.server import data_dir


def test_serve_creates_the_data_folder_and_prints_the_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: dict[str, Any] = {}
    monkeypatch.setattr("paiju.server.launch.uvicorn.run", lambda app, **kw: ran.update(app=app, **kw))
    monkeypatch.setenv("PAIJU_DATA", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    assert main(["serve", "--port", "8123", "--host", "0.0.0.0"]) == 0
    out = capsys.readouterr().out
    assert f"data folder: {tmp_path / 'data'} (created)" in out
    assert "open http://127.0.0.1:8123/" in out and (tmp_path / "data").is_dir()
    assert isinstance(ran["app"], FastAPI) and ran["host"] == "0.0.0.0" and ran["port"] == 8123
    assert main(["serve", "--database-url", f"sqlite:///{tmp_path / 'other.db'}"]) == 0
    assert f"database: sqlite:///{tmp_path / 'other.db'}" in capsys.readouterr().out


def test_serve_refuses_a_negative_bot_delay(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--bot-delay", "-1"]) == 2
    assert "--bot-delay" in capsys.readouterr().err
