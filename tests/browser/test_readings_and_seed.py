"""In the browser: two readings of the same lifted cards are offered as two choices, each by its own text (the body
named first, `8888+55+55`), and the chosen one is sent; a replay shows the hand's 128-bit seed exactly, read from
the log's string."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from paiju.bots import make_bot, play_out
from paiju.climbing import Game, game_log
from paiju.variants import get_variant
from tests.browser.driver import LAPTOP, PHONE, language_script, mount_table, new_context, shots

pytestmark = pytest.mark.browser

#: A two-player view: the landlord leads holding four 5s and four 8s, which read two ways.
VIEW: dict[str, Any] = {
    "seat": 0, "phase": "play", "players": 2, "roles": ["landlord", "farmer"], "to_act": 0,
    "hand": "3s 5s 5h 5d 5c 8s 8h 8d 8c", "cards_left": [9, 20], "landlord": 0, "bid": 1, "multiplier": 1,
    "bottom": "", "trick": None, "history": [], "scores": None, "wild_cards": "", "parts": {},
    "legal": ["3", "5", "8", "55", "88", "5555+88+88", "8888+55+55", "5555", "8888"],
}
SEED = 2**127 + 2**64 + 12345


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_readings_of_the_lifted_cards_are_two_choices_and_the_chosen_one_is_sent(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    context = new_context(browser)
    context.add_init_script(language_script(lang))
    page = context.new_page()
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    mount_table(page, VIEW)
    table = page.locator("#made-up")
    for card in ("5s", "5h", "5d", "5c", "8s", "8h", "8d", "8c"):
        table.locator(f'.hand .card[data-card="{card}"]').click()
    table.locator("button.act-play").click()
    choices = table.locator(".choices button.choice")
    expect(choices).to_have_count(2)
    assert [choices.nth(i).get_attribute("data-action") for i in range(2)] == ["5555+88+88", "8888+55+55"]
    labels = choices.all_inner_texts()
    assert len(set(labels)) == 2, labels
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        # A resize redraws the table: the choices drawn before it are marked, and gone once the redraw is done.
        choices.evaluate_all("(els) => els.forEach((el) => { el.dataset.beforeResize = '1'; })")
        page.set_viewport_size(viewport)
        expect(table.locator(".choices button.choice[data-before-resize]")).to_have_count(0)
        expect(choices).to_have_count(2)
        choices.first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"readings-choices-{lang}-{size}.png"))
    table.locator('.choices button.choice[data-action="8888+55+55"]').click()
    assert page.evaluate("window.sent") == [{"action": "8888+55+55", "cards": "5s 5h 5d 5c 8s 8h 8d 8c"}]
    context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_replay_shows_the_hands_128_bit_seed_exactly(browser: Browser, server_url: str, artifacts: Path, lang: str) -> None:
    game = Game(get_variant("classic"), SEED)
    play_out(game, [make_bot("random", s, "climbing") for s in range(3)])
    imported = httpx.post(f"{server_url}/api/hands/import", json=game_log(game, ["Ann", "Bo", "Cy"]), timeout=10).json()
    stored = httpx.get(f"{server_url}/api/hands/{imported['hand_id']}", timeout=10).text
    assert json.loads(stored)["seed"] == str(SEED)
    context = new_context(browser)
    context.add_init_script(language_script(lang))
    page = context.new_page()
    page.goto(f"{server_url}/replay/{imported['hand_id']}")
    expect(page.locator(".replay-seed")).to_contain_text(str(SEED))
    shots(page, artifacts / f"replay-seed-{lang}")
    context.close()
