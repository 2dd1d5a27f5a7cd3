"""Issue 30, item 15 in the browser: a newcomer who types a name someone in the room goes by is told, in the page's
language, that it is taken, and joins under another."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import create_room, join_room, language_script, new_context, shots

pytestmark = pytest.mark.browser

TAKEN = {"en": "That name is taken in this room: choose another.", "zh": "这个名字在本房间已有人用了，请换一个。"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_newcomer_who_types_the_host_s_name_is_told_it_is_taken(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    room = create_room(server_url, name="Ann")
    context = new_context(browser)
    context.add_init_script(language_script(lang))
    page = context.new_page()
    join_room(page, f"{server_url}/r/{room['code']}", "ＡＮＮ")  # the host's name in full-width capitals
    expect(page.locator(".join .notice.error")).to_have_text(TAKEN[lang])
    shots(page, artifacts / f"name-taken-{lang}")
    page.fill('.join input[name="name"]', "Bo")
    page.click(".join button[type=submit]")
    expect(page.locator(".join")).to_be_hidden()
    expect(page.locator(".seats-panel")).to_contain_text("Bo")
    context.close()
