"""炒地皮 declaring while the cards are dealt (``chaodipi-live``, other-games.md Q7.3 reading (ii)) in the browser:
the cards come one round at a time at the server's pace, everyone may declare at once, and nobody passes — the
page shows no Pass button, says which card of the 25 is being dealt, and offers Declare (or Overturn) buttons only
when the host holds a declaration. The host declares as soon as it can, and the table shows the trump; screenshots
at phone and laptop size in English and 中文."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import LiveServer
from tests.browser.driver import HAND_SECONDS, PHONE, errors, fill_bots_and_start, host_page, language_script, shots
from tests.browser.test_host_and_language import _english_words

pytestmark = pytest.mark.browser

#: Seconds between two rounds of the deal: long enough for the page to click, short enough for a quick test.
DEAL_PACE = 0.5
#: The deal: the host's first card is a 5 (a declaration of strength 1), and no other seat holds a 5 before round 14,
#: so the host's Declare button shows at once and stays until it is clicked.
LIVE_SEED = 171
#: The words of the dealing line (the round and the number of rounds), by language.
ROUND_WORDS = {"en": r"Dealing card (\d+) of 25", "zh": r"发牌中 (\d+)/25"}
#: How the declaration fact names the host once it declared, by language.
DECLARED_WORDS = {"en": "Ann declared", "zh": "Ann亮主"}

#: What the page draws now: whether the dealing bar shows, the round it names, and whether a Pass button shows.
READ_THE_BAR = """() => ({
  dealing: Boolean(document.querySelector('.dealing-bar')),
  round: document.querySelector('.dealing-bar .deal-round')?.textContent ?? '',
  pass: Boolean(document.querySelector('button.act-pass')),
})"""


def _last_view(frames: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The latest view the page received, or None."""
    views = [f for f in frames if f.get("type") == "view"]
    return views[-1]["view"] if views else None


def _wait(page: Page, condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Wait until ``condition()`` holds, failing after ``seconds`` with ``what`` (waiting in the page, so that
    Playwright hands the test the frames meanwhile: a plain sleep would hold them back)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(50)


def _auto(page: Page, on: bool) -> None:
    """Turn 托管 on or off with its switch. The switch then shows its new state, unless the server, playing the seat
    from the click on, has already finished the hand (the settlement shows, without the switch)."""
    switch = page.locator("button.act-auto")
    expect(switch).to_be_visible()
    if ("on" in (switch.get_attribute("class") or "").split()) != on:
        switch.click()
        expect(page.locator(f'button.act-auto[aria-pressed="{str(on).lower()}"], .settlement').first).to_be_visible()


def _dealing(view: dict[str, Any]) -> bool:
    """Whether the view's cards are still being dealt a round at a time."""
    return bool(view["parts"].get("dealing", {}).get("live"))


def _watch_the_deal(page: Page, frames: list[dict[str, Any]], artifacts: Path, lang: str) -> bool:
    """Follow the deal to its end: no Pass button, the round named; the host declares as soon as a Declare button
    shows (the deal's screenshots taken with it) and the table names it and the trump (the declaration's
    screenshots). Returns whether the host declared."""
    _wait(page, lambda: bool((v := _last_view(frames)) and _dealing(v)), 30, "the deal did not start")
    rounds_seen: set[int] = set()
    declared = False
    while (view := _last_view(frames)) is not None and _dealing(view):
        # Read at once in the page (the page may draw a frame before the test hears of it).
        drawn = page.evaluate(READ_THE_BAR)
        if drawn["dealing"]:
            assert not drawn["pass"], "a Pass button while the cards are dealt"
            if match := re.search(ROUND_WORDS[lang], drawn["round"]):
                rounds_seen.add(int(match.group(1)))
        declare = page.locator("button.act-declare")
        if declare.count() and not declared:
            expect(page.locator(".trick-status .phase-name")).to_contain_text("card " if lang == "en" else "发牌 ")
            expect(page.locator(".dealing-bar .deal-line")).to_be_visible()
            if lang == "zh":
                words = _english_words(page)
                assert words == [], "\n".join(words)
            shots(page, artifacts / f"phase-chaodipi-live-deal-{lang}")
            action = declare.first.get_attribute("data-action")
            declare.first.click()
            _wait(
                page,
                lambda: any(
                    f.get("type") == "view" and (f["view"].get("declaration") or {}).get("seat") == 0 for f in frames
                )
                or bool(errors(frames)),
                10,
                f"the server did not take {action}",
            )
            assert errors(frames) == []
            declared = True
            expect(page.locator(".tfact-declaration")).to_contain_text(DECLARED_WORDS[lang])
            expect(page.locator(".tfact-trump .suit, .tfact-trump .trump-none")).to_be_visible()
            expect(page.locator(".toast")).to_have_count(0, timeout=8_000)
            shots(page, artifacts / f"phase-chaodipi-live-declared-{lang}")
        page.wait_for_timeout(50)
    assert len(rounds_seen) >= 5 and max(rounds_seen) <= 25, rounds_seen
    return declared


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_host_declares_while_the_cards_are_dealt(
    browser: Browser,
    make_server: Callable[..., LiveServer],
    artifacts: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
) -> None:
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: LIVE_SEED)
    server = make_server(deal_pace=DEAL_PACE)
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server.url, PHONE, language_script(lang), frames=frames, variant="chaodipi-live")
    fill_bots_and_start(page)
    expect(page.locator(".trick-table")).to_be_visible()
    declared = _watch_the_deal(page, frames, artifacts, lang)
    assert declared, "the host held a 5 from the first round and did not declare"
    # After the deal (and a last quiet round) the hand goes on as on 炒地皮: burying, 抄底 or play.
    _wait(page, lambda: (_last_view(frames) or {}).get("phase") != "declare", 30, "declaring did not end")
    expect(page.locator(".dealing-bar")).to_have_count(0)
    _auto(page, True)
    expect(page.locator(".settlement")).to_be_visible(timeout=HAND_SECONDS * 1000)
    assert errors(frames) == []
    page.context.close()
