"""A table page whose paints are held back, as a browser holds a tab's in the background: its table is drawn when
paints come again, from the latest view, but its title says at once that it is this seat's turn (● before the
table's name), since the title is all a person sees of a tab in the background."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.browser.driver import LAPTOP, errors, fill_bots_and_start, host_page

pytestmark = pytest.mark.browser

#: Paints held back: ``requestAnimationFrame`` keeps its callbacks until the test runs them (the tab shown again).
HOLD_PAINTS = """
window.heldPaints = [];
window.requestAnimationFrame = (callback) => window.heldPaints.push(callback);
window.cancelAnimationFrame = () => {};
"""
#: A classic deal whose first bidder is seat 2, a bot: the host's turn comes after the room frame that says the hand
#: is on (a host bidding first would have its turn drawn by that frame, in passing).
SEED = 0
#: Run every held paint, as a browser does when the tab is shown again.
SHOW_THE_TAB = "() => { for (const paint of window.heldPaints.splice(0)) paint(performance.now()); }"


def test_a_page_whose_paints_are_held_shows_its_turn_in_the_title_and_draws_the_table_when_shown(
    browser: Browser, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the host's turn on, the page hears the hand's views alone (the room frames are held back, so that none
    redraws the table in passing): the title still turns to ● at once, and the table is drawn, with the host's bids,
    once the paints run."""
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: SEED)
    turn = {"come": False}

    def views_alone(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "view" and frame["view"]["legal"]:
                turn["come"] = True
            if not (frame.get("type") == "room" and turn["come"]):
                socket.send(message)

        server.on_message(from_server)

    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, LAPTOP, HOLD_PAINTS, frames=frames, socket_route=views_alone, variant="classic")
    fill_bots_and_start(page)
    # The bots bid at once; when the host's turn comes, its title says so with no paint.
    expect(page).to_have_title(re.compile(r"^● .* · paiju$"))
    views = [f for f in frames if f.get("type") == "view"]
    assert views and views[-1]["view"]["legal"], "the title showed a turn the latest view does not give"
    assert page.locator(".actions button").count() == 0, "the turn was drawn with no paint"
    page.evaluate(SHOW_THE_TAB)
    # Shown again: the table is drawn from the latest view, with the host's bids to choose from.
    expect(page.locator(".actions button").first).to_be_visible()
    assert errors(frames) == []
    page.context.close()
