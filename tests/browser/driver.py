"""Playing through the page as a person does: click cards and buttons, read what the page shows."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, ElementHandle, Page

#: How long one hand may take in the browser before a test gives up.
HAND_SECONDS = 90


def create_room(server_url: str, **settings: Any) -> dict[str, Any]:
    """A room made through the HTTP API (the lobby test makes one through the page)."""
    response = httpx.post(f"{server_url}/api/rooms", json=settings, timeout=10)
    response.raise_for_status()
    return dict(response.json())


def remember_identity(context: BrowserContext, code: str, room: dict[str, Any], name: str) -> None:
    """Give a browser context the token a room's creator holds, as the lobby would have stored it."""
    identity = json.dumps({"token": room["token"], "player_id": room["player_id"], "name": name})
    context.add_init_script(f"localStorage.setItem({json.dumps('paiju.room.' + code)}, {json.dumps(identity)});")


def record_frames(page: Page) -> list[dict[str, Any]]:
    """Every WebSocket frame the page receives, parsed, in order (the list fills as frames arrive);
    an uncaught JavaScript error or an error on the console is added as a ``pageerror`` entry."""
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.on("pageerror", lambda err: frames.append({"type": "pageerror", "message": str(err)}))
    page.on("console", lambda msg: frames.append({"type": "pageerror", "message": msg.text}) if msg.type == "error" else None)
    return frames


def _acted(page: Page, before: ElementHandle, click: str) -> None:
    """Click, then wait until the action bar is drawn anew (the server answered with a new view)."""
    page.click(click)
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=10_000)


def take_turn(page: Page) -> str:
    """Act once on the page whose turn it is, by clicking: lift the cards of a legal play one by
    one and press Play, else give a card, bid or pass. Returns what it did."""
    bar = page.query_selector(".actions")
    assert bar is not None
    if page.locator("button.act-hint").count():
        page.click("button.act-hint")
        chosen = [int(i) for i in page.locator(".hand .card.selected").evaluate_all("els => els.map(e => e.dataset.index)")]
        if chosen:
            page.click("button.act-clear")
            for index in chosen:
                page.click(f'.hand .card[data-index="{index}"]')
            assert page.locator("button.act-play").is_enabled()
            before = page.query_selector(".actions")
            assert before is not None
            page.click("button.act-play")
            if page.locator(".choices button.choice").count():
                _acted(page, before, ".choices button.choice >> nth=0")
            else:
                page.wait_for_function("el => !el.isConnected", arg=before, timeout=10_000)
            return "play"
    if page.locator("button.act-give").count():
        cards = page.locator(".hand .card")
        for i in range(cards.count()):
            cards.nth(i).click()
            if page.locator("button.act-give").is_enabled():
                _acted(page, page.query_selector(".actions"), "button.act-give")  # type: ignore[arg-type]
                return "give"
            cards.nth(i).click()
        raise AssertionError("no card of the hand can be given")
    if page.locator("button.act-bid").count():
        _acted(page, bar, "button.act-bid >> nth=-1")
        return "bid"
    _acted(page, bar, "button.act-pass")
    return "pass"


def play_to_the_end(pages: list[Page], turns: int | None = None) -> int:
    """Take every turn that falls to one of ``pages`` until each shows the settlement (or, with
    ``turns``, until that many turns were taken). Returns the number of turns taken."""
    taken = 0
    deadline = time.monotonic() + HAND_SECONDS
    while time.monotonic() < deadline:
        if turns is not None and taken >= turns:
            return taken
        if all(p.locator(".settlement").count() for p in pages):
            return taken
        for page in pages:
            if page.locator(".actions").count() and not page.locator(".settlement").count():
                take_turn(page)
                taken += 1
        time.sleep(0.05)
    raise AssertionError(f"the hand did not end within {HAND_SECONDS} s ({taken} turns taken)")


def errors(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The server's error frames and the page's JavaScript errors among ``frames``."""
    return [f for f in frames if f.get("type") in ("error", "pageerror")]
