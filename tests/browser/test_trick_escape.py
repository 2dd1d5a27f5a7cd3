"""炒地皮's match in the room (other-games.md §7.14): the seat list says where the match stands and what standing up
costs while it runs; the Stand up button names the cost before it is pressed; once pressed, the seat list and the
settlement say who left and what it cost (Q7.29: −15, the others gain nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import (
    PHONE,
    auto_on,
    errors,
    expect_settlement,
    fill_bots_and_start,
    host_page,
    language_script,
    record_frames,
    shots,
)

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"standing": "Match, hand 1: You & AI 3 at", "rule": "Standing up before the match ends costs you 15 points",
           "stand": "Stand up (−15: leaves the match)", "escaped": "Ann left the match before it ended: −15."},
    "zh": {"standing": "本轮第 1 局：你和AI 3打", "rule": "本轮结束前离座扣 15 分，其他玩家不加分。",
           "stand": "站起（扣 15 分：离开本轮）", "escaped": "Ann在本轮结束前离开：−15。"},
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_room_says_what_leaving_a_match_costs_before_and_after(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    words = WORDS[lang]
    page = host_page(browser, server_url, PHONE, language_script(lang), variant="chaodipi")
    frames = record_frames(page)
    fill_bots_and_start(page)
    auto_on(page)
    expect_settlement(page, 4, scored=False)  # a hand whose attackers take exactly 80 scores 0 (§7.11)
    expect(page.locator(".match-standing")).to_contain_text(words["standing"])
    expect(page.locator(".match-escape")).to_contain_text(words["rule"])
    stand = page.locator("button.stand")
    expect(stand).to_have_text(words["stand"])
    before = int(page.locator('.seat-row[data-seat="0"] .score').inner_text())
    shots(page, artifacts / f"trick-escape-before-{lang}")
    stand.click()
    expect(page.locator(".match-part .escapes li")).to_have_text([words["escaped"]])
    expect(page.locator(".settlement .escapes li")).to_have_text([words["escaped"]])
    expect(page.locator('.seat-row[data-seat="0"] .score')).to_have_text(str(before - 15))
    shots(page, artifacts / f"trick-escape-after-{lang}")
    assert errors(frames) == []
    page.context.close()
