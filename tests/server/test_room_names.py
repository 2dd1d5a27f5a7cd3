"""Issue 30, item 15: a room's title comes from its table, never from free text in its rules; a display name is
one person's in a room (case and width aside), so nobody can pass for the host or a seated player."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paiju.server import create_app
from paiju.server.bounds import CUSTOM_TITLE
from paiju.server.schema import RoomRow
from paiju.server.storage import Store
from paiju.variants import get_variant
from tests.server.wire import create_room, error, hello, until

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    """A server over SQLite (what is checked here does not depend on the database)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'paiju.sqlite3'}", bot_delay=0, burst=10_000)) as c:
        yield c


@pytest.mark.parametrize("rules", [{"title": "<b>FREE</b>"}, {"name": "free", "title": "FREE"}, {"description": "x"}])
def test_a_room_s_title_cannot_be_set_through_its_rules(app_client: TestClient, rules: dict[str, str]) -> None:
    """Rooms, settings and presets alike refuse a title (or name, or description) in the rules, naming the keys."""
    made = app_client.post("/api/rooms", json={"variant": "classic", "rules": rules, "name": "Ann"})
    assert made.status_code == 400, made.text
    detail = made.json()["detail"]
    assert detail["reason"] == "named_by_table" and set(detail["params"]["keys"].split(",")) == set(rules)
    preset = app_client.post("/api/presets", json={"name": "p", "settings": {"variant": "classic", "rules": rules}})
    assert preset.status_code == 400 and preset.json()["detail"]["reason"] == "named_by_table"
    room = create_room(app_client)
    with app_client.websocket_connect(f"/ws/{room['code']}") as ws:
        hello(ws, "host", room["token"])
        refused = error(ws, {"type": "settings", "rules": rules})
        assert refused["reason"] == "named_by_table"
    assert app_client.get(f"/api/rooms/{room['code']}").json()["title"] == get_variant("classic").title


def test_a_room_s_title_is_its_table_s_and_says_when_its_rules_are_changed(app_client: TestClient) -> None:
    classic = get_variant("classic").title
    plain = create_room(app_client, variant="classic", rules={"max_bid": 3})  # the table's own value: no change
    assert app_client.get(f"/api/rooms/{plain['code']}").json()["title"] == classic
    custom = create_room(app_client, variant="classic", rules={"max_bid": 2})
    assert app_client.get(f"/api/rooms/{custom['code']}").json()["title"] == classic + CUSTOM_TITLE


def test_a_newcomer_cannot_take_a_name_someone_in_the_room_goes_by(app_client: TestClient) -> None:
    """The host's exact name, its case or full-width twin, a seated player's name or a bot's is refused in both
    languages' words (``name_taken``); another name joins, and a person keeps its own name on returning."""
    room = create_room(app_client, name="Ann")
    code = room["code"]
    with app_client.websocket_connect(f"/ws/{code}") as ws:
        for taken in ("Ann", "ann", "ＡＮＮ", " Ann  ", "ａｉ 2"):  # the last: a bot's name, though no bot sits yet
            ws.send_json({"type": "hello", "name": taken})
            refused = until(ws, "error")
            assert (refused["code"], refused["reason"], refused["message"]) == (
                "bad_message", "name_taken", "that name is taken in this room"
            ), taken
        bo = hello(ws, "Bo")
        ws.send_json({"type": "sit", "seat": 1})  # seated, Bo stays in the room when its socket closes
        until(ws, "room")
    with app_client.websocket_connect(f"/ws/{code}") as host:
        hello(host, "Ann", room["token"])  # the host returns under its own name
        host.send_json({"type": "bots", "seats": [2]})
        until(host, "room")
        with app_client.websocket_connect(f"/ws/{code}") as other:
            assert error(other, {"type": "hello", "name": "ai 3"})["reason"] == "name_taken"  # the bot's name
            renamed = error(other, {"type": "hello", "name": "ANN", "token": bo["token"]})
            assert renamed["reason"] == "name_taken"  # a returning person cannot rename itself to a taken name
    names = [p.name for p in app_client.app.state.server.rooms[code].players.values()]  # type: ignore[attr-defined]
    assert sorted(names) == ["AI 3", "Ann", "Bo"]


def test_every_refusal_reason_has_words_in_both_languages() -> None:
    """The client words each ``reason`` the server refuses with (``refusal.<reason>`` in English and 中文)."""
    reasons: set[str] = set()
    for path in (ROOT / "paiju" / "server").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        reasons |= set(re.findall(r'reason="(\w+)"', text))
        reasons |= set(re.findall(r'TableError\(\s*f?"[^"]*",\s*"(\w+)"', text))
    assert {"name_taken", "named_by_table", "seat_change_in_hand"} <= reasons
    words = (ROOT / "paiju" / "web" / "js" / "i18n_refusals.js").read_text(encoding="utf-8")
    for reason in sorted(reasons):
        assert words.count(f"'refusal.{reason}':") == 2, reason


def test_a_room_stored_with_a_title_in_its_rules_still_loads_titled_by_its_table(tmp_path: Path) -> None:
    """A room made before titles were refused opens again after an upgrade, its table keeping its other rules."""
    url = f"sqlite:///{tmp_path / 'paiju.sqlite3'}"
    store = Store(url)
    settings = {"variant": "classic", "rules": {"title": "<b>FREE</b>", "max_bid": 2}}
    store.add_room(RoomRow(code="OLDROOM2", settings=settings, host_id="h", created_at=0.0))
    store.close()
    with TestClient(create_app(url, bot_delay=0)) as c:
        state = c.get("/api/rooms/OLDROOM2").json()
    assert state["title"] == get_variant("classic").title + CUSTOM_TITLE and state["settings"]["rules"] == {"max_bid": 2}
