"""The host's seat menu offers the bot levels in the reader's language, and the room shows each bot seat's level."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from paiju.server.thinking import BotPool
from tests.browser.driver import LAPTOP, host_page, language_script, shots

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

#: The menu's labels and a hard bot's badge, in each language.
WORDS = {
    "en": (["Easy", "Normal", "Hard", "Random"], "bot · Hard"),
    "zh": (["简单", "普通", "困难", "随机"], "机器人 · 困难"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_seat_menu_offers_the_levels_and_the_seats_show_them(
    browser: Browser, server_url: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(BotPool, "warm", lambda self: None)  # no hand is dealt: no worker need start
    labels, badge = WORDS[lang]
    page = host_page(browser, server_url, LAPTOP, language_script(lang))
    menu = page.locator(".host-setup select[name=strength]")
    expect(menu.locator("option")).to_have_text(labels)
    expect(menu).to_have_value("easy")  # the rule of thumb, as before levels
    menu.select_option("hard")
    ARTIFACTS.mkdir(exist_ok=True)
    shots(page, ARTIFACTS / f"bot-levels-menu-{lang}")
    page.click("button.fill-bots")
    expect(page.locator(".seat-row.empty")).to_have_count(0)
    expect(page.locator(".seat-row .bot-level")).to_have_text([badge, badge])
    shots(page, ARTIFACTS / f"bot-levels-seats-{lang}")
