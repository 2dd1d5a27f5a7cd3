"""A 癞子 room in the browser (other-games.md §1.2): 明牌开始 before the deal, the open hand shown, the wild rank
named during play, and the open factor among the settlement's chips — screenshots at phone and laptop size."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    HAND_SECONDS,
    PHONE,
    auto_on,
    errors,
    expect_settlement,
    fill_bots_and_start,
    host_page,
    record_frames,
    shots,
    take_turn,
)

pytestmark = pytest.mark.browser


def _until_play(page: Page) -> None:
    """Take this seat's turns (bids, grabs, the landlord's 明牌: the driver's choices) until the play starts."""
    deadline = time.monotonic() + HAND_SECONDS
    while time.monotonic() < deadline and not page.locator(".phase-panel-play").count():
        if page.locator(".actions").count():
            take_turn(page)
        time.sleep(0.05)
    expect(page.locator(".phase-panel-play")).to_be_visible()


def test_a_laizi_hand_opens_before_the_deal_names_the_wild_rank_and_counts_the_open_factor(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    page = host_page(browser, server_url, PHONE, variant="laizi")
    frames = record_frames(page)
    fill_bots_and_start(page)
    # 明牌开始: no card is dealt yet; the panel says what opening does and its ×4.
    panel = page.locator(".phase-panel-open_start")
    expect(panel).to_contain_text("×4")
    expect(page.locator(".hand .card")).to_have_count(0)
    expect(page.locator("button.act-open")).to_have_text("Open")
    shots(page, artifacts / "phase-laizi-open-start")
    page.click("button.act-open")
    expect(page.locator(".hand .card").first).to_be_visible()
    _until_play(page)
    # During play the wild rank is named, and your own wild cards wear the badge.
    # 癞子's sentence (other-games.md W1, W2): a wild card stands for any card but a joker beside others, itself alone.
    wild = page.locator(".phase-panel-play .wild-rank")
    expect(wild).to_contain_text("is wild")
    expect(wild).to_contain_text("any card but a joker")
    shots(page, artifacts / "phase-laizi-play")
    auto_on(page)
    expect_settlement(page, 3)
    expect(page.locator('.settlement .chip[data-factor="open_start"]')).to_have_count(1)
    shots(page, artifacts / "phase-laizi-settlement")
    assert errors(frames) == []
    page.context.close()
