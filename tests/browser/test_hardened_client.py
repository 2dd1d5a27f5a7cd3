"""The client against the hardened server (issue 9): tokens in headers, members-only hands, the
cheap end-of-hand cards, presets per owner, pings, close codes, a cut legal list and the CSP."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.driver import (
    create_room,
    errors,
    expect_last_cards_shown,
    hand_ids,
    join_room,
    new_context,
    new_page,
    play_a_hand_on_auto,
    record_frames,
    remember_identity,
    sit,
    watch_csp,
    watch_urls,
)

pytestmark = pytest.mark.browser


def _room_page(browser: Browser, server_url: str, **settings: Any) -> tuple[Any, Page, dict[str, Any]]:
    """A room made through the API and its host's page, open on the room."""
    room = create_room(server_url, name="Ann", **settings)
    context = new_context(browser)
    remember_identity(context, room["code"], room, "Ann")
    page = context.new_page()
    page.goto(f"{server_url}/r/{room['code']}")
    return context, page, room


def test_no_content_security_policy_violation_and_no_token_in_any_url(browser: Browser, server_url: str, tmp_path: Path) -> None:
    """The lobby, a room with a hand played to the end, the history page and a replay, under the server's CSP."""
    context = new_context(browser)
    violations = watch_csp(context)
    urls = watch_urls(context)
    page = context.new_page()
    frames = record_frames(page)
    response = page.goto(server_url)
    assert response is not None and "script-src 'self'" in response.headers["content-security-policy"]
    # The lobby: a preset saved, a room created through the form.
    page.fill('input[name="preset"]', "quick")
    page.click("button.save-preset")
    expect(page.locator('.presets li[data-preset="quick"]')).to_be_visible()
    page.fill('.create-room input[name="name"]', "Ann")
    page.click(".create-room button[type=submit]")
    page.wait_for_url("**/r/*")
    expect(page.locator("img.qr")).to_be_visible()
    # A hand to the end: the settlement and every seat's last cards.
    play_a_hand_on_auto(page)
    expect_last_cards_shown(page)
    page.click("button.copy-game")
    expect(page.locator(".toast").first).to_be_visible()
    # The history page and a replay of the hand, every seat's cards at the end.
    page.click("a.history-link")
    expect(page.locator(".history tbody tr")).to_have_count(1)
    page.click("a.replay-link")
    expect(page.locator(".step-count")).to_contain_text("Step 1 of")
    page.select_option("select.replay-seat", "all")
    expect(page.locator(".table .shown-hand")).to_have_count(3)  # the deal: every seat's cards
    page.click("button.last")
    expect(page.locator(".table .shown-hand")).to_have_count(2)  # the end: the one who went out has none
    page.click("button.lang-switch")
    expect(page.locator(".step-count")).to_contain_text("步")
    assert violations == [], violations
    assert errors(frames) == []
    # No token ever travels in a URL (they land in access logs).
    assert urls and not [u for u in urls if "token" in u.lower()], urls
    # The listener does see a violation: an inline style attribute is refused.
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color: red\">x</p>')")
    deadline = time.monotonic() + 5
    while not violations and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert violations and any("style" in json.dumps(v) for v in violations), violations
    context.close()


def test_exporting_a_hand_from_the_history_page_downloads_that_hand(browser: Browser, server_url: str, tmp_path: Path) -> None:
    context, page, room = _room_page(browser, server_url, variant="classic")
    frames = record_frames(page)
    play_a_hand_on_auto(page)
    page.click("a.history-link")
    expect(page.locator(".history tbody tr")).to_have_count(1)
    with page.expect_download() as saved:
        page.click("button.export-hand")
    download = saved.value
    assert download.suggested_filename == "paiju-hand-1.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    (hand_id,) = hand_ids(server_url, room["code"], room["token"])
    stored = httpx.get(f"{server_url}/api/hands/{hand_id}", headers={"X-Paiju-Token": room["token"]}, timeout=10).json()
    assert json.loads(path.read_text()) == stored
    assert stored["format"] == "paiju-hand" and stored["seats"][0] == "Ann"
    assert errors(frames) == []
    context.close()


def test_a_member_replays_a_room_hand_and_an_outsider_cannot(browser: Browser, server_url: str, tmp_path: Path) -> None:
    context, page, room = _room_page(browser, server_url, variant="classic")
    frames = record_frames(page)
    play_a_hand_on_auto(page)
    (hand_id,) = hand_ids(server_url, room["code"], room["token"])
    assert isinstance(hand_id, str) and len(hand_id) >= 16
    page.click("a.history-link")
    page.click("a.replay-link")
    page.wait_for_url(f"**/r/{room['code']}/replay/{hand_id}")
    expect(page.locator(".replay-controls h1")).to_contain_text(f"hand 1 of room {room['code']}")
    expect(page.locator(".step-count")).to_contain_text("Step 1 of")
    page.click("button.next")
    expect(page.locator(".step-count")).to_contain_text("Step 2 of")
    page.select_option("select.replay-seat", "0")
    expect(page.locator(".table .hand .card").first).to_be_visible()
    with page.expect_download() as saved:
        page.click("button.export")
    assert saved.value.suggested_filename == "paiju-hand-1.json"
    exported = tmp_path / "hand.json"
    saved.value.save_as(exported)
    assert errors(frames) == []

    # Someone with no token of the room: the API refuses, the pages say the hands are for members.
    assert httpx.get(f"{server_url}/api/hands/{hand_id}", timeout=10).status_code == 403
    assert httpx.get(f"{server_url}/api/hands/{hand_id}/views", timeout=10).status_code == 403
    stranger_context = new_context(browser)
    stranger = stranger_context.new_page()
    stranger.goto(f"{server_url}/r/{room['code']}/replay/{hand_id}")
    expect(stranger.locator(".members-only")).to_be_visible()
    stranger.goto(f"{server_url}/r/{room['code']}/history")
    expect(stranger.locator(".members-only")).to_be_visible()
    expect(stranger.locator("a.replay-link")).to_have_count(0)
    # An imported hand belongs to no room: anyone with its id replays it at /replay/ID.
    first = stranger.url
    stranger.set_input_files("input.import-file", str(exported))
    stranger.wait_for_url(lambda url: url != first and "/replay/" in url and "/r/" not in url)
    expect(stranger.locator(".replay-controls h1")).to_contain_text("imported")
    expect(stranger.locator(".step-count")).to_contain_text("Step 1 of")
    stranger_context.close()
    context.close()


def test_presets_are_listed_only_for_their_owner(browser: Browser, server_url: str) -> None:
    ann_context = new_context(browser)
    ann = ann_context.new_page()
    ann.goto(server_url)
    ann.click(".create-room details.room-options summary")
    ann.fill('input[name="hands"]', "6")
    ann.fill('input[name="preset"]', "friday")
    ann.click("button.save-preset")
    expect(ann.locator('.presets li[data-preset="friday"]')).to_be_visible()
    owner = ann.evaluate("localStorage.getItem('paiju.presets.owner')")
    assert owner and len(owner) >= 16
    ann.reload()
    expect(ann.locator('.presets li[data-preset="friday"]')).to_be_visible()

    bo_context = new_context(browser)
    bo = bo_context.new_page()
    bo.goto(server_url)
    expect(bo.locator(".presets li.muted")).to_be_visible()
    expect(bo.locator(".presets li[data-preset]")).to_have_count(0)
    bo.fill('input[name="preset"]', "friday")
    bo.click("button.save-preset")
    expect(bo.locator('.presets li[data-preset="friday"]')).to_be_visible()
    assert bo.evaluate("localStorage.getItem('paiju.presets.owner')") != owner
    # Bo's "friday" is his own: deleting it leaves Ann's.
    bo.click('.presets li[data-preset="friday"] button.delete-preset')
    expect(bo.locator(".presets li[data-preset]")).to_have_count(0)
    ann.reload()
    expect(ann.locator('.presets li[data-preset="friday"]')).to_be_visible()
    ann.click('.presets li[data-preset="friday"] button.use-preset')
    expect(ann.locator('input[name="hands"]')).to_have_value("6")
    listed = httpx.get(f"{server_url}/api/presets", headers={"X-Paiju-Owner": owner}, timeout=10).json()
    assert [p["name"] for p in listed] == ["friday"]
    assert httpx.get(f"{server_url}/api/presets", timeout=10).json() == []
    ann_context.close()
    bo_context.close()


#: The server's idle timeout in the ping test.
IDLE_SECONDS = 6.0


def test_the_page_pings_so_an_idle_socket_stays_open(browser: Browser, make_server: Callable[..., LiveServer]) -> None:
    """With a 6 s idle timeout, the page's clock run 30 s ahead every second keeps its socket open for longer than
    that. (6 s, not less: on a loaded machine a 30 s jump of the page's clock, with its timers, takes a second or two
    of real time, and the ping it ends with must still come within the server's timeout.)"""
    server = make_server(idle_timeout=IDLE_SECONDS)
    room = create_room(server.url, variant="classic", name="Ann")
    context = new_context(browser)
    remember_identity(context, room["code"], room, "Ann")
    page = context.new_page()
    sockets: list[Any] = []
    sent: list[str] = []
    received: list[str] = []
    closed: list[Any] = []

    def on_socket(ws: Any) -> None:
        sockets.append(ws)
        ws.on("framesent", lambda payload: sent.append(payload))
        ws.on("framereceived", lambda payload: received.append(payload))
        ws.on("close", lambda ws: closed.append(ws))

    page.on("websocket", on_socket)
    page.clock.install()
    page.goto(f"{server.url}/r/{room['code']}")
    expect(page.locator(".connection.open")).to_be_visible()
    expect(page.locator(".seat-row")).to_have_count(3)
    started = time.monotonic()
    while time.monotonic() < started + IDLE_SECONDS + 2:
        page.clock.fast_forward(30_000)
        page.wait_for_timeout(1_000)
    assert len(sockets) == 1 and not closed, "the socket was closed"
    pings = [json.loads(f) for f in sent if json.loads(f) == {"type": "ping"}]
    assert len(pings) >= 6, sent
    assert sum(json.loads(f).get("type") == "pong" for f in received) >= 6
    expect(page.locator(".connection.open")).to_be_visible()

    # A page whose clock runs at its own pace (another context: a clock is the context's) sends no ping
    # within the timeout: the server closes its socket (4408).
    quiet_context = new_context(browser)
    remember_identity(quiet_context, room["code"], room, "Ann")
    quiet = quiet_context.new_page()
    quiet_sockets: list[Any] = []
    quiet.on("websocket", lambda ws: quiet_sockets.append(ws))
    quiet.goto(f"{server.url}/r/{room['code']}")
    deadline = time.monotonic() + IDLE_SECONDS + 15
    while not (quiet_sockets and quiet_sockets[0].is_closed()) and time.monotonic() < deadline:
        page.clock.fast_forward(30_000)  # meanwhile the first page goes on pinging
        quiet.wait_for_timeout(1_000)
    assert quiet_sockets and quiet_sockets[0].is_closed()
    assert len(sockets) == 1 and not closed
    quiet_context.close()
    context.close()


def test_a_full_room_stops_and_says_why(browser: Browser, make_server: Callable[..., LiveServer]) -> None:
    server = make_server(max_people=1)
    room = create_room(server.url, variant="classic", name="Ann")
    context = new_context(browser)
    page = context.new_page()
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    join_room(page, f"{server.url}/r/{room['code']}", "Bo")
    expect(page.locator(".join .notice")).to_contain_text("1 people")
    expect(page.locator(".toast-error")).to_contain_text("cannot take more")
    page.wait_for_timeout(3_000)
    assert len(sockets) == 1, "the page tried the full room again"
    expect(page.locator(".join form")).to_be_visible()
    context.close()


def test_refused_sockets_stop_retrying_and_offer_a_reconnect_button(browser: Browser, make_server: Callable[..., LiveServer]) -> None:
    """Past the sockets one address may hold (4429) the page backs off, gives up after minutes, and can try again."""
    server = make_server(max_sockets_per_client=1)
    room = create_room(server.url, variant="classic", name="Ann")
    first_context = new_context(browser)
    remember_identity(first_context, room["code"], room, "Ann")
    first = first_context.new_page()
    first.goto(f"{server.url}/r/{room['code']}")
    expect(first.locator(".connection.open")).to_be_visible()

    context = new_context(browser)
    remember_identity(context, room["code"], room, "Ann")
    page = context.new_page()
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.clock.install()
    page.goto(f"{server.url}/r/{room['code']}")
    expect(page.locator(".connection.retrying")).to_be_visible()
    for _ in range(25):  # minutes of back-off, on the page's clock
        if page.locator("button.reconnect").count():
            break
        page.clock.fast_forward(15_000)
        page.wait_for_timeout(500)
    expect(page.locator(".connection.gave_up")).to_be_visible()
    tries = len(sockets)
    assert 3 <= tries <= 25, tries
    page.clock.fast_forward(120_000)
    page.wait_for_timeout(1_000)
    assert len(sockets) == tries, "the page kept retrying after it gave up"
    # The other page leaves; Reconnect now gets in.
    first_context.close()
    page.click("button.reconnect")
    expect(page.locator(".connection.open")).to_be_visible()
    context.close()


def test_a_spectator_who_reloads_joins_again_by_itself(browser: Browser, server_url: str) -> None:
    host_context, host, room = _room_page(browser, server_url, variant="classic")
    sit(host, 0)  # the host is seated: the one spectator is Bo
    watcher_context = new_context(browser)
    watcher = watcher_context.new_page()
    frames = record_frames(watcher)
    join_room(watcher, f"{server_url}/r/{room['code']}", "Bo")
    expect(watcher.locator(".room-side .muted", has_text="You are watching")).to_be_visible()
    expect(host.locator(".room-side .muted", has_text="Spectators: 1")).to_be_visible()
    expect(host.locator(".watchers .watcher")).to_have_text([re.compile("^Bo")])
    expect(watcher.locator(".watchers .watcher.me .badge")).to_have_text("you")
    old = json.loads(watcher.evaluate(f"localStorage.getItem('paiju.room.{room['code']}')"))
    # The spectator's page goes away: it leaves the room (and its token with it).
    watcher.close()
    expect(host.locator(".room-side .muted", has_text="Spectators: 0")).to_be_visible()
    expect(host.locator(".watchers")).to_have_count(0)
    # It comes back with the old token: refused, and the page joins again as Bo by itself.
    again = watcher_context.new_page()
    again_frames = record_frames(again)
    again.goto(f"{server_url}/r/{room['code']}")
    expect(again.locator(".room-side .muted", has_text="You are watching")).to_be_visible()
    expect(again.locator(".join")).to_be_hidden()
    expect(host.locator(".watchers .watcher")).to_have_text([re.compile("^Bo")])
    new = json.loads(again.evaluate(f"localStorage.getItem('paiju.room.{room['code']}')"))
    assert new["token"] != old["token"] and new["name"] == "Bo"
    assert [f["code"] for f in again_frames if f["type"] == "error"] == ["bad_token"]
    assert [f for f in again_frames if f["type"] == "pageerror"] == []
    assert errors(frames) == []
    host_context.close()
    watcher_context.close()


def test_the_lobby_shows_why_a_table_is_too_large(browser: Browser, server_url: str) -> None:
    page = new_page(browser)
    page.goto(server_url)
    page.click(".create-room details.rules summary")
    page.fill('input[data-rule="decks"]', "3")
    page.fill('input[data-rule="hand_size"]', "53")
    page.fill('.create-room input[name="name"]', "Ann")
    page.click(".create-room button[type=submit]")
    expect(page.locator(".toast-error")).to_contain_text(re.compile(r"would hold \d+ cards"))
    assert "/r/" not in page.url
    page.close()
