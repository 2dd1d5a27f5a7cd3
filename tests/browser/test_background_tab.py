"""A table page whose paints are held back, as a browser holds a tab's in the background: its table is drawn when
paints come again, from the latest view, but its title says at once that it is this seat's turn (● before the
table's name), since the title is all a person sees of a tab in the background."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.driver import LAPTOP, errors, fill_bots_and_start, host_page

pytestmark = pytest.mark.browser

#: Paints held back: ``requestAnimationFrame`` keeps its callbacks until the test runs them (the tab shown again).
HOLD_PAINTS = """
window.heldPaints = [];
window.requestAnimationFrame = (callback) => window.heldPaints.push(callback);
window.cancelAnimationFrame = () => {};
"""
#: Run every held paint, as a browser does when the tab is shown again.
SHOW_THE_TAB = "() => { for (const paint of window.heldPaints.splice(0)) paint(performance.now()); }"


def test_a_page_whose_paints_are_held_shows_its_turn_in_the_title_and_draws_the_table_when_shown(
    browser: Browser, server_url: str
) -> None:
    """With no paint from the deal on, neither the hand's views nor the room's frames draw the table: the title
    still turns to ● at once when the host's turn comes, and the table is drawn, with the host's bids, once the
    paints run."""
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, LAPTOP, HOLD_PAINTS, frames=frames, variant="classic")
    fill_bots_and_start(page, drawn=False)
    # The bots bid at once; when the host's turn comes, its title says so with no paint.
    expect(page).to_have_title(re.compile(r"^● .* · paiju$"))
    views = [f for f in frames if f.get("type") == "view"]
    assert views and views[-1]["view"]["legal"], "the title showed a turn the latest view does not give"
    assert page.locator(".table").count() == 0, "the table was drawn with no paint"
    page.evaluate(SHOW_THE_TAB)
    # Shown again: the table is drawn from the latest view, with the host's bids to choose from.
    expect(page.locator(".actions button").first).to_be_visible()
    assert errors(frames) == []
    page.context.close()
