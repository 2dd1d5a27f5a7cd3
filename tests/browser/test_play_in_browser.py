"""Whole hands in Chromium against the real server: the lobby, bots, reloads, spectators, two players."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from paiju.variants import REGISTRY
from tests.browser.conftest import LiveServer
from tests.browser.driver import (
    auto_on,
    errors,
    expect_last_cards_shown,
    host_page,
    join_room,
    new_context,
    new_page,
    play_to_the_end,
    record_frames,
    take_turn,
)
from tests.browser.driver import expect_settlement as _expect_settlement
from tests.browser.driver import fill_bots_and_start as _fill_bots_and_start
from tests.browser.driver import sit as _sit

pytestmark = pytest.mark.browser


def test_lobby_room_bots_and_a_hand_played_by_clicking(browser: Browser, server_url: str, artifacts: Path) -> None:
    page = new_page(browser, viewport={"width": 1280, "height": 900})
    frames = record_frames(page)
    page.goto(server_url)
    # A preset keeps the room's settings; using it later fills the form again.
    page.click('input[name="variant"][value="spec-4p1d"]')
    page.click(".create-room details.room-options summary")  # the room options are folded below Create
    page.fill('input[name="hands"]', "4")
    page.fill('input[name="preset"]', "friday")
    page.click("button.save-preset")
    expect(page.locator('.presets li[data-preset="friday"]')).to_be_visible()
    page.click('input[name="variant"][value="classic"]')
    page.fill('input[name="hands"]', "0")
    page.click('.presets li[data-preset="friday"] button.use-preset')
    expect(page.locator('input[name="variant"][value="spec-4p1d"]')).to_be_checked()
    expect(page.locator('input[name="hands"]')).to_have_value("4")
    page.click('input[name="variant"][value="classic"]')
    page.fill('input[name="turn_seconds"]', "0")
    page.check('input[name="card_counter"]')
    page.fill('.create-room input[name="name"]', "Ann")
    page.click(".create-room button[type=submit]")
    page.wait_for_url("**/r/*")
    expect(page.locator(".room-code strong")).to_have_text(page.url.rsplit("/", 1)[1])
    expect(page.locator("img.qr")).to_be_visible()
    _sit(page, 0)
    _fill_bots_and_start(page)
    expect(page.locator(".hand .card")).to_have_count(17)
    expect(page.locator(".counter")).to_be_visible()
    page.wait_for_selector(".actions")
    expect(page.locator("body.my-turn")).to_have_count(1)
    play_to_the_end([page], turns=3)
    page.screenshot(path=str(artifacts / "table.png"), full_page=True)
    play_to_the_end([page])
    _expect_settlement(page, 3)
    # Once the hand is over, the other seats' last cards are shown.
    expect_last_cards_shown(page)
    page.screenshot(path=str(artifacts / "settlement.png"), full_page=True)
    assert errors(frames) == []
    # The finished hand is in the room's history and replays step by step.
    page.click("a.history-link")
    page.click("a.replay-link")
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]{8}/replay/[A-Za-z0-9_-]{16,}$"))  # a room's hand: read with its token
    expect(page.locator(".step-count")).to_contain_text("Step 1 of")
    page.click("button.autoplay")
    expect(page.locator(".step-count")).to_contain_text("Step 3 of")
    page.click("button.autoplay")
    expect(page.locator("button.autoplay")).to_have_attribute("aria-pressed", "false")
    page.select_option("select.replay-seat", "all")
    page.click("button.last")
    expect(page.locator(".table .seat")).to_have_count(3)
    expect(page.locator(".table .shown-hand")).to_have_count(2)  # the one who went out holds nothing
    page.click("button.first")
    expect(page.locator(".table .shown-hand")).to_have_count(3)
    # Export the hand, import it again: a new stored hand that replays the same way.
    with page.expect_download() as saved:
        page.click("button.export")
    assert saved.value.suggested_filename == "paiju-hand-1.json"
    exported = artifacts / "exported-hand.json"
    saved.value.save_as(exported)
    first = page.url
    page.set_input_files("input.import-file", str(exported))
    page.wait_for_url(lambda url: url != first and "/replay/" in url)
    expect(page.locator(".step-count")).to_be_visible()
    assert json.loads(exported.read_text())["format"] == "paiju-hand"
    assert errors(frames) == []
    page.close()


def test_reload_mid_hand_keeps_the_seat_and_the_hand(browser: Browser, server_url: str) -> None:
    page = host_page(browser, server_url, seat=1, variant="classic")
    _fill_bots_and_start(page)
    play_to_the_end([page], turns=4)
    page.wait_for_selector(".hand .card")
    hand = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    expect(page.locator('.seat-row.me[data-seat="1"]')).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(len(hand))
    assert page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    frames = record_frames(page)
    play_to_the_end([page])
    _expect_settlement(page, 3)
    assert errors(frames) == []
    page.context.close()


def test_a_spectator_sees_only_public_cards(browser: Browser, server_url: str, artifacts: Path) -> None:
    host = host_page(browser, server_url, variant="spec-4p1d")
    _fill_bots_and_start(host)

    phone = new_context(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    watcher = phone.new_page()
    frames = record_frames(watcher)
    join_room(watcher, host.url, "Bo")
    expect(watcher.locator(".spectating")).to_be_visible()
    play_to_the_end([host], turns=3)
    watcher.screenshot(path=str(artifacts / "table-phone-spectator.png"), full_page=True)
    expect(watcher.locator(".hand")).to_have_count(0)
    expect(watcher.locator(".actions")).to_have_count(0)
    play_to_the_end([host])
    expect(watcher.locator(".settlement")).to_be_visible()
    views = [f for f in frames if f["type"] == "view"]
    assert views, "the spectator received no view"
    for frame in views:
        view: dict[str, Any] = frame["view"]
        assert frame["seat"] is None and view["seat"] is None
        assert view["hand"] == "" and view["legal"] == [] and "hands" not in view
        assert all(g["seat"] >= 0 for g in view["parts"]["speculator"]["gifts"]), "a gift shown before the reveal"
    host.context.close()
    phone.close()


def test_two_people_and_bots_play_a_speculator_hand(browser: Browser, server_url: str, artifacts: Path) -> None:
    ann = host_page(browser, server_url, variant="spec-4p1d", turn_seconds=60)

    bo_context = new_context(browser)
    bo = bo_context.new_page()
    bo_frames = record_frames(bo)
    join_room(bo, ann.url, "Bo")
    _sit(bo, 2)
    expect(bo.locator(".host-panel")).to_be_hidden()
    _fill_bots_and_start(ann)
    expect(bo.locator(".hand .card").first).to_be_visible()
    # Each player sees its own hand, the other's only as a count.
    expect(ann.locator('.seat[data-seat="2"] .seat-name')).to_have_text("Bo")
    expect(bo.locator('.seat[data-seat="0"] .seat-name')).to_have_text("Ann")
    play_to_the_end([ann, bo])
    for page in (ann, bo):
        _expect_settlement(page, 4)
        expect(page.locator(".role-speculator").first).to_be_visible()
    ann.screenshot(path=str(artifacts / "speculator-settlement.png"), full_page=True)
    assert errors(bo_frames) == []
    for frame in bo_frames:
        if frame["type"] == "view":
            assert frame["seat"] == 2
    ann.context.close()
    bo_context.close()


def test_wrong_moves_are_refused_with_a_reason(browser: Browser, server_url: str) -> None:
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, frames=frames, variant="classic")
    _fill_bots_and_start(page)
    while not page.locator(".act-hint").count():
        page.wait_for_selector(".actions")
        take_turn(page)
    # Lifting cards that make no legal play (two ranks, not the rocket) leaves Play disabled and says why.
    cards = page.locator(".hand .card")
    ranks = cards.evaluate_all("els => els.map(e => e.dataset.card[0])")
    lone = next(i for i in range(len(ranks) - 1) if ranks[i] != ranks[i + 1] and {ranks[i], ranks[i + 1]} != {"B", "R"})
    cards.nth(lone).click()
    cards.nth(lone + 1).click()
    expect(page.locator("button.act-play")).to_be_disabled()
    expect(page.locator(".hint-text")).to_be_visible()
    assert errors(frames) == []
    page.context.close()


def test_the_turn_timer_runs_out_and_auto_play_finishes_the_hand(browser: Browser, server_url: str) -> None:
    page = host_page(browser, server_url, variant="classic", turn_seconds=3)
    _fill_bots_and_start(page)
    # Nobody acts for Ann: her countdown shows and runs out twice in a row (the first makes her smallest move), and
    # 托管 plays her seat from then on.
    page.wait_for_selector(".actions")
    expect(page.locator(".action-area .timer")).to_have_text(re.compile(r"^[0-3]s$"))
    expect(page.locator('.seat-row[data-seat="0"] .badge', has_text="auto-play")).to_be_visible(timeout=20_000)
    expect(page.locator("button.act-auto")).to_have_attribute("aria-pressed", "true")
    _expect_settlement(page, 3)
    page.context.close()


def test_language_switch_copy_this_game_and_auto_play_on_request(browser: Browser, server_url: str) -> None:
    page = host_page(browser, server_url, variant="classic")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    _fill_bots_and_start(page)
    page.wait_for_selector(".actions")
    page.click("button.copy-game")
    expect(page.locator(".toast")).to_be_visible()
    log = json.loads(page.evaluate("navigator.clipboard.readText()"))
    assert log["format"] == "paiju-hand" and log["variant"] == "classic" and log["seats"][0] == "Ann"
    page.click("button.lang-switch")
    expect(page.locator(".room-status")).to_contain_text("对局中")
    expect(page.locator("button.lang-switch")).to_have_text("English")
    page.reload()
    expect(page.locator(".room-status")).to_contain_text("对局中")
    auto_on(page)
    _expect_settlement(page, 3)
    expect(page.locator(".settlement h2")).to_contain_text("结算")
    page.click("button.lang-switch")
    expect(page.locator(".settlement h2")).to_contain_text("Settlement")
    page.context.close()


def test_the_host_changes_settings_and_removes_a_watcher(browser: Browser, server_url: str) -> None:
    host_frames: list[dict[str, Any]] = []
    host = host_page(browser, server_url, frames=host_frames, variant="classic")

    guest_context = new_context(browser)
    guest = guest_context.new_page()
    join_room(guest, host.url, "Bo")
    expect(guest.locator(".room-side .muted", has_text="You are watching")).to_be_visible()
    expect(guest.locator(".host-panel")).to_be_hidden()

    host.click(".room-settings summary")
    host.click(".room-settings details.room-options summary")
    host.check('.room-settings input[name="card_counter"]')
    host.fill('.room-settings input[name="hands"]', "1")
    host.click("button.apply-settings")
    host.click(".watchers button.kick")
    expect(guest.locator(".join")).to_be_visible()
    expect(guest.locator(".toast-error")).to_contain_text("removed")
    _fill_bots_and_start(host)
    expect(host.locator(".counter")).to_be_visible()
    play_to_the_end([host])
    _expect_settlement(host, 3)
    expect(host.locator(".session-over")).to_be_visible()
    assert errors(host_frames) == []
    host.context.close()
    guest_context.close()


def test_the_page_reconnects_after_a_server_restart_and_the_hand_goes_on(browser: Browser, live_server: LiveServer) -> None:
    page = host_page(browser, live_server.url, seat=2, variant="classic")
    _fill_bots_and_start(page)
    play_to_the_end([page], turns=3)
    page.wait_for_selector(".hand .card")
    hand = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    live_server.stop()
    expect(page.locator(".connection.retrying")).to_be_visible()
    live_server.start()
    expect(page.locator(".connection.open")).to_be_visible(timeout=15_000)
    expect(page.locator('.seat-row.me[data-seat="2"]')).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(len(hand))
    assert page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    frames = record_frames(page)
    play_to_the_end([page])
    _expect_settlement(page, 3)
    assert errors(frames) == []
    page.context.close()


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_every_table_is_drawn_through_a_whole_hand(browser: Browser, server_url: str, variant: str) -> None:
    """A seat on 托管 and bots play a hand of each table; the page draws every view without an error."""
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, frames=frames, variant=variant, card_counter=True)
    _fill_bots_and_start(page)
    if REGISTRY[variant].climbing.open_start:  # 癞子: 明牌开始 comes before the deal
        expect(page.locator(".phase-panel-open_start")).to_be_visible()
        expect(page.locator(".hand .card")).to_have_count(0)
        page.click("button.act-pass")
    expect(page.locator(".hand .card").first).to_be_visible()
    auto_on(page)
    players = len(page.locator(".seat-row").all())
    _expect_settlement(page, players, scored=REGISTRY[variant].family == "climbing")
    assert errors(frames) == []
    assert any(f["type"] == "view" and f["view"]["legal"] for f in frames), "seat 0 never had a turn to draw"
    page.context.close()
