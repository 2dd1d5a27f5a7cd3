"""A 斗帝主 room in the browser (other-games.md §6.1–§6.2): the emperor sees the bottom in its hand, lit, puts back
the cards it does not want by lifting them, and every other seat sees only how many it kept — screenshots at phone
and laptop size, in English and 中文."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    CARD_CORNER,
    HAND_SECONDS,
    PHONE,
    auto_on,
    errors,
    expect_settlement,
    fill_bots_and_start,
    host_page,
    language_script,
    play_to_the_end,
    shots,
)

pytestmark = pytest.mark.browser

#: Hands dealt at most before the host gets to bid 3 and so becomes the emperor.
MOST_HANDS = 8


def _become_emperor(page: Page) -> None:
    """Deal hands until the host may bid: it bids 3 and is the emperor; a hand where a bot bid 3 first is played
    out and the next one dealt."""
    for _ in range(MOST_HANDS):
        deadline = time.monotonic() + HAND_SECONDS
        while time.monotonic() < deadline:
            if page.locator("button.act-bid").count():
                page.click("button.act-bid >> nth=-1")
                expect(page.locator(".phase-panel-choose")).to_be_visible()
                return
            if page.locator(".phase-panel-play, .phase-panel-choose").count():
                break
            time.sleep(0.05)
        play_to_the_end([page])
        page.click("button.next-hand")
    raise AssertionError(f"the host never bid in {MOST_HANDS} hands")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_emperor_keeps_what_it_lifts_not_and_the_others_see_only_how_many(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    script = language_script(lang)
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, PHONE, script, frames=frames, variant="dou-dizhu-emperor")
    fill_bots_and_start(page)
    _become_emperor(page)
    # The six bottom cards are in the hand, lit; every other card is dimmed: only bottom cards go back.
    lit = page.locator(".hand .card.fresh")
    expect(lit).to_have_count(6)
    expect(page.locator(".hand .card")).to_have_count(40)
    expect(page.locator("button.act-pass")).to_have_text("Keep all" if lang == "en" else "全留")
    shots(page, artifacts / f"phase-emperor-choose-{lang}")
    page.locator(".hand .card.dim").first.click(position=CARD_CORNER)
    expect(page.locator(".dim-reason")).to_contain_text("bottom" if lang == "en" else "底牌")
    indexes = lit.evaluate_all("els => els.slice(0, 2).map(e => e.dataset.index)")
    for index in indexes:
        page.click(f'.hand .card[data-index="{index}"]', position=CARD_CORNER)
    put_back = page.locator("button.act-return")
    expect(put_back).to_be_enabled()
    put_back.click()
    expect(page.locator(".phase-panel-play")).to_be_visible()
    expect(page.locator(".hand .card")).to_have_count(38)
    views = [f["view"] for f in frames if f["type"] == "view"]
    assert views[-1]["cards_left"][views[-1]["seat"]] == 38
    shots(page, artifacts / f"phase-emperor-play-{lang}")
    auto_on(page)
    expect_settlement(page, 3)
    assert errors(frames) == []
    page.context.close()
