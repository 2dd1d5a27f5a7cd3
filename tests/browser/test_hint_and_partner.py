"""Hint lifts the cards the server gives for a legal play, so on a two-colour table (speculator.md §14) it lifts one
colour and Play is taken; a refusal says the engine's reason in the reader's language; and at §7's partner step a
card that names nobody but the landlord itself says so under the bar before it is confirmed."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from paiju.bots import make_bot
from paiju.climbing import Game, PhaseName, observe
from paiju.variants import get_variant
from tests.browser.driver import (
    HAND_SECONDS,
    LAPTOP,
    PHONE,
    errors,
    fill_bots_and_start,
    host_page,
    language_script,
    lobby_page,
    mount_table,
    new_page,
    take_turn,
)

pytestmark = pytest.mark.browser

#: A spec-4p3d-2c deal (and bots) where the host leads and answers with two-colour plays in its first turns.
TWO_COLOUR_SEED = 3
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def _last_view(frames: list[dict[str, Any]]) -> dict[str, Any]:
    return next(f for f in reversed(frames) if f.get("type") == "view")


def _lifted(page: Page) -> list[str]:
    return sorted(c.replace("*", "") for c in page.locator(".hand .card.selected").evaluate_all("els => els.map(e => e.dataset.card)"))


def _tap(page: Page, card: Locator) -> None:
    """Lift (or lower) one card of the fan by a press on it: a fanned card's corner may lie under its neighbour."""
    card.dispatch_event("pointerdown", {"button": 0, "isPrimary": True})
    page.evaluate("document.dispatchEvent(new PointerEvent('pointerup'))")


def _mixed_pair(page: Page) -> bool:
    """Lift two cards of one rank in both colours, of a rank with a one-colour pair too (so the lifted ranks match a
    listed pair and Play is enabled on a lead); whether there was one."""
    cards = page.locator(".hand .card").evaluate_all("els => els.map(e => [e.dataset.index, e.dataset.card[0], e.dataset.suit])")
    for rank in dict.fromkeys(r for _, r, _ in cards):
        red = [i for i, r, suit in cards if r == rank and suit in ("h", "d")]
        black = [i for i, r, suit in cards if r == rank and suit in ("s", "c")]
        if red and black and max(len(red), len(black)) >= 2:
            for i in (red[0], black[0]):
                _tap(page, page.locator(f'.hand .card[data-index="{i}"]'))
            return True
    return False


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hint_on_a_two_colour_table_lifts_a_legal_play_and_play_is_taken(
    browser: Browser, server_url: str, artifacts: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """On spec-4p3d-2c, three times over: Hint lifts exactly the cards the server listed for a legal play (one
    colour's body), Play is enabled, and the server takes it: the hand shrinks and no refusal comes back. Two copies
    of a rank in both colours, lifted and played by hand, are refused with the colour rule in the page's language."""
    monkeypatch.setattr("paiju.server.table.secret_seed", lambda: TWO_COLOUR_SEED)
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, PHONE, language_script(lang), frames=frames, variant="spec-4p3d-2c")
    fill_bots_and_start(page)
    refused = False
    plays, deadline = 0, time.monotonic() + HAND_SECONDS
    while plays < 3:
        assert time.monotonic() < deadline, f"only {plays} plays within {HAND_SECONDS} s"
        page.wait_for_selector(".actions", timeout=HAND_SECONDS * 1000)
        frame = _last_view(frames)
        if not page.locator("button.act-play").count():
            take_turn(page)
            continue
        if not refused and not page.locator("button.act-pass").count() and _mixed_pair(page):
            expect(page.locator("button.act-play")).to_be_enabled()
            page.click("button.act-play")
            toast = page.locator(".toast")
            expect(toast).to_contain_text("one colour" if lang == "en" else "同一种颜色")
            page.screenshot(path=str(artifacts / f"two-colour-refusal-{lang}-phone.png"))
            page.set_viewport_size(LAPTOP)
            page.screenshot(path=str(artifacts / f"two-colour-refusal-{lang}-laptop.png"))
            page.set_viewport_size(PHONE)
            refusal = frames.pop(next(i for i, f in enumerate(frames) if f.get("type") == "error"))
            assert refusal["reason"].startswith("rule.one_colour"), refusal
            refused = True
        page.click("button.act-hint")
        lifted = _lifted(page)
        listed = [sorted(cards.split()) for cards in frame["legal_cards"] if cards]
        assert lifted in listed, (lifted, frame["view"]["legal"][:5])
        expect(page.locator("button.act-play")).to_be_enabled()
        if plays == 0:
            page.screenshot(path=str(artifacts / f"two-colour-hint-{lang}-phone.png"))
        held = page.locator(".hand .card").count()
        bar = page.query_selector(".actions")
        assert bar is not None
        page.click("button.act-play")
        if page.locator(".choices button.choice").count():
            page.locator(".choices button.choice").first.click()
        page.wait_for_function("el => !el.isConnected", arg=bar, timeout=10_000)
        expect(page.locator(".hand .card")).to_have_count(held - len(lifted))
        plays += 1
    assert refused and errors(frames) == []
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_colour_mixed_selection_is_refused_with_the_engine_s_reason_in_the_reader_s_language(
    browser: Browser, server_url: str, lang: str
) -> None:
    """The refusal of two copies of one rank in both colours, as the server sends it, reads as the colour rule in
    the page's language, its cards and colours in words (and a 炒地皮 follow rule its suit), never the generic line."""
    page = new_page(browser)
    page.add_init_script(language_script(lang))
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    text = page.evaluate(
        """async () => {
        const { refusalText } = await import('/static/js/refusals.js');
        const params = { cards: '99', colours: 'black,red', detail: '99: a combination is one colour' };
        return [
          refusalText({ code: 'illegal_move', reason: 'rule.one_colour_as', params }),
          refusalText({ code: 'illegal_move', reason: 'rule.some_rule_of_a_newer_server', params }),
          refusalText({ code: 'illegal_move', reason: 'rule.must_lead', params: { detail: 'you lead' } }),
          refusalText({ code: 'illegal_move', reason: 'rule.follow_suit', params: { rule: 'F2', category: 'h', detail: 'F2' } }),
        ];
    }"""
    )
    one_colour, unknown, lead, follow = text
    if lang == "en":
        assert one_colour.startswith("99: a combination is all one colour") and "black, red" in one_colour
        assert lead.startswith("You lead this trick")
        assert follow == "F2: you still hold hearts: play hearts before other cards."
    else:
        assert "同一种颜色" in one_colour and "黑色、红色" in one_colour
        assert "必须出牌" in lead
        assert follow == "F2：你还有红桃，先出红桃再出别的牌。"
    assert "99: a combination is one colour" in unknown  # a rule this page has no words for: the engine's own
    for said in text:
        assert "cannot be played now" not in said and "现在不能出" not in said
    page.close()


def _partner_view() -> dict[str, Any]:
    """The landlord's view of a seeded spec-6p3d hand at its partner step, where some choices name itself."""
    for seed in range(80):
        game = Game.new(get_variant("spec-6p3d"), seed=seed)
        bots = [make_bot("heuristic", seed + s) for s in range(game.players)]
        while game.actors() and game.phase not in (PhaseName.PARTNER, PhaseName.PLAY):
            seat = min(game.actors())
            game.apply(bots[seat].act(observe(game, seat)), seat)
        if game.phase == PhaseName.PARTNER and observe(game, game.state.landlord).to_json()["parts"]["partner"]["names_self"]:
            return observe(game, game.state.landlord).to_json()
    raise AssertionError("no seeded spec-6p3d hand names the landlord itself")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_partner_step_offers_real_partners_first_and_says_when_a_card_names_nobody(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """§7 6p3d: Hint's first suggestion names a partner; lifting a card the server lists in ``names_self`` (its
    other copies are the landlord's own) says under the bar, before Name partner is pressed, that it names nobody
    and the landlord plays alone, 1 against 5; pressing it then sends that choice."""
    view = _partner_view()
    alone = view["parts"]["partner"]["names_self"]
    page, frames = lobby_page(browser, server_url, PHONE, lang)
    mount_table(page, view, NAMES)
    page.click("button.act-hint")
    expect(page.locator(".hand .card.selected").first).to_be_visible()
    expect(page.locator(".chosen-action")).to_be_visible()
    expect(page.locator(".names-self")).to_have_count(0)
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(artifacts / f"partner-hint-{lang}-{size}.png"))
    # Lift the cards of a choice that names nobody: the bar says so before anything is sent.
    page.click("button.act-clear")
    shown = alone[0].split(" ", 1)[1].split()
    for i, card in enumerate(shown):
        _tap(page, page.locator(f'.hand .card[data-card^="{card}"]').nth(i))
    warning = page.locator(".hint-text.names-self")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("1 against 5" if lang == "en" else "一个人打五家")
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(artifacts / f"partner-names-self-{lang}-{size}.png"))
    assert page.evaluate("window.sent") == []
    page.click("button.act-partner")
    assert page.evaluate("window.sent") == [{"action": alone[0]}]
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()
