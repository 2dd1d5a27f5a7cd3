"""A 五人斗地主 room in the browser (other-games.md §5.2): the marked card and its landlord, the sealed identity step
where every seat answers at once, the hidden landlord seen as a farmer by everyone else, 加倍, and the settlement —
screenshots at phone and laptop size, in English and 中文."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
    shots,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_identity_step_doubles_and_the_hidden_landlord_in_the_browser(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    script = language_script(lang)
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, PHONE, script, frames=frames, variant="five-player")
    fill_bots_and_start(page)
    # The sealed step: the marked card is shown, every seat acts at once, and the host's choice is explained.
    panel = page.locator(".phase-panel-identity")
    expect(panel).to_be_visible()
    expect(panel.locator(".marker .card")).to_have_count(1)
    expect(page.locator(".table .seat.to-act")).to_have_count(5)
    view = next(f["view"] for f in reversed(frames) if f["type"] == "view" and f["view"]["phase"] == "identity")
    mine = view["roles"][0]
    landlords = page.locator(".table .seat .role-landlord")
    expect(landlords).to_have_count(1)  # the hidden landlord, if any, looks like a farmer to the others
    shots(page, artifacts / f"phase-five-identity-{lang}")
    if "reveal" in view["legal"]:
        assert mine in ("landlord", "hidden_landlord")
        page.click("button.act-reveal")
    else:
        expect(page.locator("button.act-pass")).to_have_text("Continue" if lang == "en" else "继续")
        page.click("button.act-pass")
    # 加倍: the host doubles when asked; the badge then shows at its seat.
    expect(page.locator(".phase-panel-double, .phase-panel-play").first).to_be_visible()
    page.locator("button.act-double").wait_for(timeout=30_000)
    shots(page, artifacts / f"phase-five-double-{lang}")
    page.click("button.act-double")
    expect(page.locator('.table .seat[data-seat="0"] .badge.doubled')).to_be_visible()
    auto_on(page)
    expect_settlement(page, 5)
    shots(page, artifacts / f"phase-five-settlement-{lang}")
    assert errors(frames) == []
    page.context.close()
