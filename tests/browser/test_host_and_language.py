"""The host's way from the lobby to the second hand, the lobby on a phone, and every page in 中文.

A room made in the lobby seats its host; bots fill the other seats and can be removed again; the host
changes seats, deals, and deals the next hand from the one button shown; everyone else is told the host
deals. Create and the room buttons send once however often they are pressed. Refusals are worded by the
client in the reader's language, and the Chinese pages hold no English word outside an allow-list.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.browser.driver import (
    LAPTOP,
    PHONE,
    auto_on,
    create_room,
    errors,
    expect_settlement,
    join_room,
    new_context,
    new_page,
    record_frames,
    remember_identity,
)

pytestmark = pytest.mark.browser


#: English words a Chinese page may show: the players' names (Ann, Bo) and the bots' (AI 2), the brand,
#: the language switch, and the technical names a player types or reads as they are.
ALLOWED_WORDS = {"paiju", "English", "JSON", "KiB", "Ann", "Bo", "AI"}

#: The visible text and placeholders of a page outside the places that are not words: the share link, the room
#: code, and form values typed by players.
VISIBLE_TEXT = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('.share-link, .room-code, script, style, option')) continue;
    if (!el.checkVisibility()) continue;
    const text = node.textContent.trim();
    if (text) parts.push(text);
  }
  for (const el of document.querySelectorAll('[placeholder]')) if (el.checkVisibility()) parts.push(el.placeholder);
  return parts;
}"""


def _english_words(page: Page, code: str = "") -> list[str]:
    """The English words shown on a Chinese page that are not on the allow-list (card ranks are single letters;
    the room ``code``, where a title names it, is not a word)."""
    found = []
    for text in page.evaluate(VISIBLE_TEXT):
        for word in re.findall(r"[A-Za-z]{2,}", text.replace(code, "") if code else text):
            if word not in ALLOWED_WORDS:
                found.append(f"{word!r} in {text[:80]!r}")
    return found


def _lobby_room(page: Page, name: str, variant: str = "classic") -> str:
    """Create a room from the lobby as ``name``; the page lands in it, its host seated. Returns the code."""
    page.click(f'input[name="variant"][value="{variant}"]')
    page.fill('.create-room input[name="name"]', name)
    page.click("button.create")
    page.wait_for_url("**/r/*")
    expect(page.locator(".seat-row.me")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def test_create_and_the_name_are_on_a_phones_first_screen_and_a_double_click_makes_one_room(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    context = new_context(browser, viewport=PHONE)
    page = context.new_page()
    frames = record_frames(page)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and r.url.endswith("/api/rooms") else None)
    page.goto(server_url)
    for part in (".variant-choice.chosen", '.create-room input[name="name"]', "button.create"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (part, box)
    # The options and rules are folded below Create.
    expect(page.locator('input[name="turn_seconds"]')).to_be_hidden()
    expect(page.locator('input[data-rule="decks"]')).to_be_hidden()
    # Every table is a card with its name in the reader's language (English here), players and decks.
    card = page.locator('.variant-choice[data-variant="spec-6p3d"]')
    expect(card.locator(".variant-name")).to_have_text("Speculator, 6 players, 3 decks, two landlords")
    expect(card.locator(".variant-meta")).to_have_text("6 players · 3 decks")
    page.screenshot(path=str(artifacts / "lobby-phone.png"))
    page.click('input[name="variant"][value="spec-6p3d"]')
    page.fill('.create-room input[name="name"]', "Ann")
    page.dblclick("button.create")
    page.wait_for_url("**/r/*")
    # The host sits at once: the first seat is its own, the five others wait for bots.
    expect(page.locator('.seat-row.me[data-seat="0"]')).to_be_visible()
    expect(page.locator(".seat-row.empty")).to_have_count(5)
    expect(page.locator(".host-steps li.done")).to_have_count(1)
    page.screenshot(path=str(artifacts / "room-phone-host.png"), full_page=True)
    assert len(posts) == 1, posts
    assert errors(frames) == []
    context.close()


def test_the_host_fills_removes_bots_moves_deals_and_deals_again_while_a_guest_waits_for_the_host(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    host_context = new_context(browser, viewport=PHONE)
    host = host_context.new_page()
    host_frames = record_frames(host)
    host.goto(server_url)
    code = _lobby_room(host, "Ann")
    sent: list[str] = []
    host.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    host.reload()  # the socket is watched from here on
    expect(host.locator('.seat-row.me[data-seat="0"]')).to_be_visible()

    guest_context = new_context(browser, viewport=PHONE)
    guest = guest_context.new_page()
    guest_frames = record_frames(guest)
    join_room(guest, f"{server_url}/r/{code}", "Bo")
    expect(guest.locator(".waiting-host")).to_be_visible()
    expect(guest.locator(".host-panel")).to_be_hidden()

    # Bots fill the two other seats; one is removed again, and the host moves to the seat it freed.
    host.click("button.fill-bots")
    expect(host.locator(".seat-row.empty")).to_have_count(0)
    expect(host.locator("button.start")).to_be_enabled()
    host.click('.seat-row[data-seat="2"] button.kick-bot')
    expect(host.locator('.seat-row.empty[data-seat="2"]')).to_be_visible()
    expect(host.locator("button.start")).to_be_disabled()
    host.click('.seat-row[data-seat="2"] button.sit')
    expect(host.locator('.seat-row.me[data-seat="2"]')).to_be_visible()
    expect(host.locator('.seat-row.empty[data-seat="0"]')).to_be_visible()
    host.click("button.fill-bots")
    expect(host.locator(".seat-row.empty")).to_have_count(0)

    # A double click on Start deals one hand.
    host.dblclick("button.start")
    expect(host.locator("button.act-auto")).to_be_visible()
    assert sum('"type":"start"' in s.replace(" ", "") for s in sent) == 1
    auto_on(host)
    expect_settlement(host, 3)
    # Between hands: "Next hand" once, for the host; the guest waits for the host.
    expect(host.locator("button.next-hand")).to_have_count(1)
    expect(host.locator("button.start")).to_have_count(0)
    expect(guest.locator(".waiting-host")).to_be_visible()
    expect(guest.locator("button.next-hand")).to_have_count(0)
    host.screenshot(path=str(artifacts / "room-phone-between-hands.png"), full_page=True)
    guest.screenshot(path=str(artifacts / "room-phone-waiting-for-host.png"), full_page=True)
    host.click("button.next-hand")
    expect(host.locator(".room-status")).to_contain_text("Hand 2")
    expect(guest.locator(".room-status")).to_contain_text("Hand 2")
    assert errors(host_frames) == [] and errors(guest_frames) == []
    host_context.close()
    guest_context.close()


def test_a_host_still_standing_keeps_a_seat_free_when_bots_fill_the_room(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    """A room made without the lobby has its host watching: bots leave one seat for it."""
    room = create_room(server_url, variant="spec-4p1d", name="Ann")
    context = new_context(browser, viewport=LAPTOP)
    remember_identity(context, room["code"], room, "Ann")
    page = context.new_page()
    page.goto(f"{server_url}/r/{room['code']}")
    expect(page.locator(".host-steps li").first).to_contain_text("Take a seat")
    page.click("button.fill-bots")
    expect(page.locator(".seat-row.empty")).to_have_count(1)
    expect(page.locator("button.fill-bots")).to_be_disabled()
    page.screenshot(path=str(artifacts / "room-laptop-host-standing.png"))
    page.click(".seat-row.empty button.sit")
    expect(page.locator(".seat-row.me")).to_have_count(1)
    expect(page.locator("button.start")).to_be_enabled()
    context.close()


def test_the_host_s_buttons_wait_until_the_server_welcomes_the_page(browser: Browser, server_url: str) -> None:
    """The page draws its host's steps from the room it loaded, before its socket is answered; a press then would be
    lost, so the buttons stay disabled until the server's welcome (here a socket that never answers)."""
    room = create_room(server_url, variant="spec-4p1d", name="Ann")
    context = new_context(browser, viewport=LAPTOP)
    remember_identity(context, room["code"], room, "Ann")
    page = context.new_page()
    unanswered: list[WebSocketRoute] = []

    def hold(socket: WebSocketRoute) -> None:
        unanswered.append(socket)  # neither answered nor passed on to the server

    page.route_web_socket(re.compile(r"/ws/"), hold)
    page.goto(f"{server_url}/r/{room['code']}")
    expect(page.locator(".host-steps li").first).to_contain_text("Take a seat")
    assert unanswered, "the page opened its socket"
    expect(page.locator("button.fill-bots")).to_be_disabled()
    expect(page.locator(".seat-row button.sit").first).to_be_disabled()
    context.close()


def test_a_code_with_a_slash_is_refused_in_the_lobby_in_the_readers_language(browser: Browser, server_url: str) -> None:
    page = new_page(browser)
    page.goto(server_url)
    page.click("button.lang-switch")
    page.fill('input[name="code"]', "AB/CD")
    page.click(".join-room button[type=submit]")
    expect(page.locator(".toast-error")).to_contain_text("房间号由字母和数字组成")
    assert page.url.rstrip("/") == server_url
    # Typed into the address bar, it is a page that says there is no such room, not the server's JSON.
    page.goto(f"{server_url}/r/AB/CD")
    expect(page.locator(".panel.error")).to_have_text("没有房间 AB/CD。")
    expect(page.locator("body")).not_to_contain_text('"detail"')
    page.close()


def _refusal(page: Page, body: dict[str, Any]) -> str:
    """The words the lobby's API call shows for a room the server refuses."""
    return str(
        page.evaluate(
            """async (body) => {
          const { api } = await import('/static/js/api.js');
          try { await api('/api/rooms', { method: 'POST', body }); return 'created'; } catch (err) { return err.message; }
        }""",
            body,
        )
    )


def test_refusals_are_worded_in_the_readers_language_never_as_the_validators_text(
    browser: Browser, server_url: str
) -> None:
    page = new_page(browser)
    page.goto(server_url)
    page.click("button.lang-switch")
    expect(page.locator("button.lang-switch")).to_have_text("English")
    assert _refusal(page, {"name": "Ann", "turn_seconds": -5}) == "出牌时限（秒，0 = 不限）：这个值不允许。"
    assert _refusal(page, {"name": "   "}) == "名字需要 1 到 32 个可见字符。"
    too_large = _refusal(page, {"name": "Ann", "rules": {"decks": 3, "hand_size": 53}})
    assert re.fullmatch(r"每人会有 \d+ 张牌；3 副牌的房间一手最多 \d+ 张。", too_large), too_large
    # The lobby's own form says it the same way.
    page.click(".create-room details.rules summary")
    page.fill('input[data-rule="decks"]', "3")
    page.fill('input[data-rule="hand_size"]', "53")
    page.fill('.create-room input[name="name"]', "Ann")
    page.click("button.create")
    expect(page.locator(".toast-error").last).to_contain_text(too_large)
    # Rules that make no table are worded from the problem's code, not the engine's English.
    no_table = _refusal(page, {"name": "Ann", "seats": 4})
    assert no_table == "这些规则组不成牌局：牌数对不上：发牌需要 71 张，但 1 副牌共 54 张", no_table
    colours = _refusal(page, {"name": "Ann", "variant": "spec-4p3d-2c", "rules": {"speculator": {"landlord_gift_colours": "5r3b"}}})
    assert colours == "这些规则组不成牌局：送地主的颜色：红 5 张、黑 3 张与 10 张的送牌对不上", colours
    page.fill('input[data-rule="hand_size"]', "17")
    page.fill('input[data-rule="decks"]', "1")
    page.click(".create-room details.room-options summary")
    page.fill('input[name="seats"]', "4")
    page.click("button.create")
    expect(page.locator(".toast-error").last).to_have_text(no_table)
    page.close()


#: Rule values shown as the engine writes them (`5r4b`, `flip-rank`, `44`): any on a Chinese page, and those that are
#: not plain words on an English one (where `single` or `bomb` is the word itself).
RAW_VALUES = """() => {
  const zh = document.documentElement.lang === 'zh-CN';
  const raw = (value, text) => value && text.trim() === value && (zh || /[^a-z]/.test(value));
  const found = [];
  for (const option of document.querySelectorAll('.create-room option')) {
    if (raw(option.value, option.textContent)) found.push(option.value);
  }
  for (const box of document.querySelectorAll('.create-room .field.list input[type=checkbox]')) {
    if (raw(box.value, box.parentElement.textContent)) found.push(box.value);
  }
  return found;
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_tables_rule_values_are_shown_in_words(browser: Browser, server_url: str, lang: str) -> None:
    page = new_page(browser)
    frames = record_frames(page)
    page.goto(server_url)
    if lang == "zh":
        page.click("button.lang-switch")
        expect(page.locator("button.lang-switch")).to_have_text("English")
    page.click(".create-room details.rules summary")
    names = page.eval_on_selector_all('input[name="variant"]', "inputs => inputs.map((i) => i.value)")
    assert "spec-4p3d-2c" in names
    for name in names:
        page.click(f'input[name="variant"][value="{name}"]')
        expect(page.locator(f'.variant-choice.chosen[data-variant="{name}"]')).to_be_visible()
        assert page.evaluate(RAW_VALUES) == [], name
        assert not re.search(r"\d+r\d+b|free_min", page.locator(".create-room").inner_text()), name
    # A gift's colours are chosen in words, and its size decides the splits offered; the value sent stays the rule.
    page.click('input[name="variant"][value="spec-4p3d-2c"]')
    colours = page.locator('select[data-rule="speculator.landlord_gift_colours"]')
    expect(colours.locator("option:checked")).to_have_text("红 5 张、黑 5 张" if lang == "zh" else "5 red + 5 black")
    page.fill('input[data-rule="speculator.gift_landlord"]', "9")
    colours.select_option("5r4b")
    assert colours.input_value() == "5r4b"
    assert errors(frames) == []
    page.close()


def test_no_english_word_on_the_chinese_lobby_room_table_and_settlement(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    context = new_context(browser, viewport=PHONE)
    page = context.new_page()
    frames = record_frames(page)
    page.goto(server_url)
    page.click("button.lang-switch")
    expect(page.locator("button.lang-switch")).to_have_text("English")
    page.screenshot(path=str(artifacts / "lobby-phone-zh.png"))
    page.click('input[name="variant"][value="spec-6p3d"]')  # the speculator's and two landlords' rules too
    page.click(".create-room details.room-options summary")
    page.click(".create-room details.rules summary")
    assert (words := _english_words(page)) == [], "\n".join(words)
    page.click(".create-room details.rules summary")
    code = _lobby_room(page, "Ann", "spec-4p1d")
    assert (words := _english_words(page)) == [], "\n".join(words)
    page.click("button.fill-bots")
    page.click("button.start")
    expect(page.locator(".hand .card").first).to_be_visible()
    page.screenshot(path=str(artifacts / "room-phone-zh-table.png"), full_page=True)
    assert (words := _english_words(page)) == [], "\n".join(words)
    auto_on(page)
    expect(page.locator(".settlement")).to_be_visible(timeout=90_000)
    page.screenshot(path=str(artifacts / "room-phone-zh-settlement.png"), full_page=True)
    assert (words := _english_words(page)) == [], "\n".join(words)
    # The room's history lists the hand, its date written the Chinese way (no AM / PM).
    page.goto(page.url.rstrip("/") + "/history")
    expect(page.locator(".history tbody tr")).to_have_count(1)
    expect(page.locator(".history td.finished")).to_have_text(re.compile(r"^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$"))
    page.screenshot(path=str(artifacts / "history-phone-zh.png"), full_page=True)
    assert (words := _english_words(page, code)) == [], "\n".join(words)
    # Switched to English, the same page redraws its date the English way.
    page.click("button.lang-switch")
    expect(page.locator(".history td.finished")).to_have_text(re.compile(r"^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$"))
    assert errors(frames) == []
    context.close()


def test_the_lobby_at_laptop_size(browser: Browser, server_url: str, artifacts: Path) -> None:
    page = new_page(browser, viewport=LAPTOP)
    page.goto(server_url)
    box = page.locator("button.create").bounding_box()
    assert box is not None and box["y"] + box["height"] <= LAPTOP["height"]
    page.screenshot(path=str(artifacts / "lobby-laptop.png"))
    page.close()
