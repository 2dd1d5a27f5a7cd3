"""炒地皮 in the lobby: the rule editor offers the table's [trick] options in words (and not the climbing rules it
does not play by), a host's choice makes the room's table, and a value out of bounds is refused in the reader's
language."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import LAPTOP, PHONE, new_context

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("lang", "size", "room_word", "round_word", "refusal"),
    [
        ("zh", "phone", "房间类型", "誓死扛旗（一轮房间）：过扛旗 +6，一轮结束", "扛旗局抓分方上台所需分数：“500”必须是 5 到 200 分，以 5 分为单位"),
        ("en", "laptop", "room", "to the flag: passing the flag hand +6 ends the room’s round",
         "flag hand: points the attackers need: “500” must be points from 5 to 200, in steps of 5"),
    ],
)
def test_a_host_sets_chaodipis_trick_rules_in_words_and_a_bad_value_is_refused_in_words(
    browser: Browser, server_url: str, artifacts: Path, lang: str, size: str, room_word: str, round_word: str, refusal: str
) -> None:
    context = new_context(browser, viewport=PHONE if size == "phone" else LAPTOP)
    context.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}')")
    page = context.new_page()
    page.goto(server_url)
    page.click('input[name="variant"][value="chaodipi"]')
    page.locator("details.rules summary").click()
    # The trick options, each with its name and its values in words; none of the climbing rules.
    room = page.locator('select[data-rule="trick.match_room"]')
    expect(room.locator("xpath=..")).to_contain_text(room_word)
    expect(room.locator("option")).to_have_text([
        {"zh": "且战且退（单局房间）：过扛旗 +3，继续打", "en": "one hand at a time: passing the flag hand +3, the match goes on"}[lang],
        round_word,
    ])
    for rule in ("declaration_window", "chaodi_after_kitty_flip", "trump_510k_follow"):
        expect(page.locator(f'select[data-rule="trick.{rule}"]')).to_have_count(1)
    for rule in ("self_overturn", "self_reinforce", "trump_tractor_by_trump_order", "pass_a_on_any_win"):
        expect(page.locator(f'input[type="checkbox"][data-rule="trick.{rule}"]')).to_have_count(1)
    for rule in ("throw_fail_penalty_per_card", "kangqi_advance_base", "kangqi_threshold", "kangqi_attempts"):
        expect(page.locator(f'input[type="number"][data-rule="trick.{rule}"]')).to_have_count(1)
    expect(page.locator('[data-rule="patterns"], [data-rule="bomb_ladder"], [data-rule="max_bid"]')).to_have_count(0)
    room.select_option("round")
    page.fill('input[data-rule="trick.kangqi_threshold"]', "500")
    page.screenshot(path=str(artifacts / f"lobby-trick-rules-{size}-{lang}.png"), full_page=True)
    page.fill('.create-room input[name="name"]', "Ann")
    page.click("button.create")
    expect(page.get_by_text(refusal)).to_be_visible()
    # Within bounds, the room is made with the host's rules.
    page.fill('input[data-rule="trick.kangqi_threshold"]', "120")
    page.click("button.create")
    page.wait_for_url("**/r/*")
    code = page.url.rsplit("/", 1)[1]
    rules = page.evaluate(f"async () => (await (await fetch('/api/rooms/{code}')).json()).settings.rules")
    assert rules == {"trick": {"match_room": "round", "kangqi_threshold": 120}}
    context.close()
