"""The table as a person sees it: seats round an oval in play order, the hand as a fan of SVG cards, the
action bar on a phone's screen, no layout shift during a hand, and play from the keyboard."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    HAND_SECONDS,
    LAPTOP,
    PHONE,
    PHONE_LANDSCAPE,
    auto_on,
    errors,
    fill_bots_and_start,
    host_page,
    mount_table,
    new_context,
    new_page,
    record_frames,
    take_turn,
)

pytestmark = pytest.mark.browser


#: Layout shifts as the page records them (buffered, so those before the script ran count too).
SHIFT_RECORDER = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const moved = (e.sources || []).map((s) => s.node ? `${s.node.nodeName}.${s.node.className || ''}` : '?').join(' ');
    window.__shifts.push({ t: e.startTime, value: e.value, input: e.hadRecentInput, moved });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def _room_page(browser: Browser, server_url: str, variant: str, viewport: dict[str, int], lang: str = "en") -> Page:
    """The host's page of a ``variant`` room in ``lang``, the other seats filled with bots and a hand dealt; layout
    shifts are recorded from the start."""
    page = host_page(
        browser,
        server_url,
        viewport,
        f"localStorage.setItem('paiju.lang', '{lang}');" + SHIFT_RECORDER,
        variant=variant,
    )
    fill_bots_and_start(page)
    return page


def _act(page: Page) -> None:
    """Take one turn: plays, gifts, bids and passes as the driver does; any other verb by its first button."""
    verbs = page.locator(
        ".actions button:not(.act-play):not(.act-pass):not(.act-hint):not(.act-clear):not(.act-give):not(.act-bid)"
    )
    if not page.locator("button.act-hint, button.act-give, button.act-bid, button.act-pass").count() and verbs.count():
        before = page.query_selector(".actions")
        verbs.first.click()
        page.wait_for_function("el => !el.isConnected", arg=before, timeout=10_000)
        return
    take_turn(page)


def _to_a_play_to_beat(page: Page) -> None:
    """Act until it is this seat's turn to beat a play on the table."""
    deadline = time.monotonic() + HAND_SECONDS
    while time.monotonic() < deadline:
        if page.locator(".settlement").count():
            raise AssertionError("the hand ended before this seat had a play to beat")
        if page.locator(".actions").count():
            if page.locator("button.act-play").count() and page.locator(".trick.has-cards").count():
                return
            _act(page)
        time.sleep(0.05)
    raise AssertionError("no play to beat came to this seat")


def _inside(page: Page, selector: str) -> None:
    """The element is wholly on screen, without scrolling."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    assert box["x"] >= -1 and box["y"] >= -1, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1, (
        selector,
        box,
        size,
    )


@pytest.mark.parametrize(
    ("variant", "seats", "viewport", "name"),
    [
        ("spec-6p3d", 6, PHONE, "table-6p-phone"),
        ("classic", 3, PHONE, "table-classic-phone"),
        ("spec-6p3d", 6, LAPTOP, "table-6p-laptop"),
        ("spec-4p1d", 4, PHONE_LANDSCAPE, "table-4p-phone-landscape"),
    ],
)
def test_the_table_is_an_oval_with_the_play_to_beat_hand_and_bar_on_screen(
    browser: Browser, server_url: str, artifacts: Path, variant: str, seats: int, viewport: dict[str, int], name: str
) -> None:
    page = _room_page(browser, server_url, variant, viewport)
    frames = record_frames(page)
    _to_a_play_to_beat(page)
    page.wait_for_timeout(2_800)  # the banners of the deal fade first
    page.screenshot(path=str(artifacts / f"{name}.png"))
    # Every seat once; yours at the foot, the next (下家) on the right, the one before (上家) on the left.
    expect(page.locator(".table .seat")).to_have_count(seats)
    centre = page.locator(".ring").bounding_box()
    right = page.locator('.ring .seat[data-seat="1"]').bounding_box()
    left = page.locator(f'.ring .seat[data-seat="{seats - 1}"]').bounding_box()
    assert centre and right and left
    middle = centre["x"] + centre["width"] / 2
    assert right["x"] > middle > left["x"] + left["width"]
    # Seats go round counter-clockwise: from the right, up over the top, down to the left.
    tops = [page.locator(f'.ring .seat[data-seat="{s}"]').bounding_box()["x"] for s in range(1, seats)]  # type: ignore[index]
    assert tops == sorted(tops, reverse=True)
    # The phase is explained in the middle, and the play to beat, the hand and Play are on screen together.
    expect(page.locator(".ring .centre .phase-panel")).to_be_visible()
    if viewport is not PHONE_LANDSCAPE:
        for selector in (".trick.has-cards", ".hand"):
            _inside(page, selector)
    # The bar: Pass where the rules let this seat pass.
    for selector in ("button.act-play", "button.act-hint", "button.act-clear", "button.act-pass"):
        if page.locator(selector).count() or selector != "button.act-pass":
            _inside(page, selector)
    # Play stands out from the felt, far from green: filled amber once the lifted cards make a play, an amber
    # outline until then.
    play = page.locator("button.act-play")
    for state, lift, style in (
        ("outline", "button.act-clear", "borderTopColor"),
        ("filled", "button.act-hint", "backgroundColor"),
    ):
        if page.locator(lift).is_enabled():
            page.click(lift)
        expect(play).to_be_enabled() if state == "filled" else expect(play).to_be_disabled()
        colour = play.evaluate(f"el => getComputedStyle(el).{style}")
        red, green, _blue = (int(c) for c in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3])
        assert red > 200 and green > 150, (state, colour)
    # The hand is a fan sorted high to low from the left.
    order = "3456789TJQKA2BR"
    ranks = [order.index(c[0]) for c in page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")]
    assert ranks == sorted(ranks, reverse=True)
    assert errors(frames) == []
    page.context.close()


def test_no_layout_shift_during_a_whole_bot_hand_on_a_phone(browser: Browser, server_url: str, artifacts: Path) -> None:
    page = _room_page(browser, server_url, "spec-6p3d", PHONE)
    frames = record_frames(page)
    expect(page.locator("button.act-auto")).to_be_visible()
    start = page.evaluate("performance.now()")
    auto_on(page)
    expect(page.locator(".settlement")).to_be_visible(timeout=HAND_SECONDS * 1000)
    page.wait_for_timeout(1_500)  # what the end of the hand moves is counted too
    page.screenshot(path=str(artifacts / "table-6p-phone-settlement.png"))
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    during = sum(s["value"] for s in shifts if s["t"] >= start and not s["input"])
    largest = sorted((s for s in shifts if s["t"] >= start and not s["input"]), key=lambda s: -s["value"])[:5]
    (artifacts / "table-layout-shift.txt").write_text(
        f"cumulative layout shift during a spec-6p3d bot hand at 390x844: {during:.4f}\n"
        + "".join(f"  {s['value']:.4f} at {s['t'] - start:.0f} ms: {s['moved']}\n" for s in largest)
    )
    print(f"layout shift during the hand: {during:.4f}")
    assert during < 0.1, [s for s in shifts if s["value"] > 0.01]
    assert errors(frames) == []
    page.context.close()


#: A view to play from the keyboard: pairs of 3s and 10s, or pass.
KEYS_VIEW: dict[str, Any] = {
    "seat": 0,
    "phase": "play",
    "players": 3,
    "roles": ["landlord", "farmer", "farmer"],
    "to_act": 0,
    "hand": "3s 3h 4d Ts Th 7h R",
    "cards_left": [7, 2, 1],
    "landlord": 0,
    "bid": 2,
    "multiplier": 1,
    "bottom": "",
    "trick": {"seat": 2, "cards": "99"},
    "history": [],
    "scores": None,
    "wild_cards": "7h",
    "parts": {},
    "legal": ["pass", "TT", "T7(T)"],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_keyboard_play_labels_and_card_faces(browser: Browser, server_url: str, artifacts: Path, lang: str) -> None:
    context = new_context(browser, viewport=PHONE)
    context.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}');")
    page = context.new_page()
    frames = record_frames(page)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    mount_table(page, KEYS_VIEW)
    table = page.locator("#made-up")
    # Cards are named for screen readers; the fan runs high to low.
    label = {"en": "7 of hearts, wild", "zh": "红桃7（百搭）"}[lang]
    expect(table.locator('.hand .card[data-card="7h"]')).to_have_attribute("aria-label", label)
    expect(table.locator('.hand .card[data-card="R"]')).to_have_attribute(
        "aria-label", {"en": "big joker", "zh": "大王"}[lang]
    )
    cards = table.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards == ["R", "Ts", "Th", "7h", "4d", "3s", "3h"]
    # 报单 / 报双 and “1 card”.
    expect(table.locator('.seat[data-seat="2"] .flag-left')).to_have_text({"en": "Last card!", "zh": "报单"}[lang])
    expect(table.locator('.seat[data-seat="1"] .flag-left')).to_have_text({"en": "Two left!", "zh": "报双"}[lang])
    expect(table.locator('.seat[data-seat="2"] .cards-left')).to_have_attribute(
        "aria-label", {"en": "1 card", "zh": "1 张"}[lang]
    )
    # The wild card wears a badge and is not raised; the other cards' tops line up with it.
    wild = table.locator('.hand .card[data-card="7h"]')
    expect(wild.locator(".wild-badge")).to_be_visible()
    # Its word reads whole down the card's edge, turned sideways (wild) or its characters stacked upright (百搭): never
    # a sliver (vertical writing in a font without vertical metrics drew 百搭 4.8 px high).
    badge = wild.locator(".wild-badge")
    size = float(badge.evaluate("b => parseFloat(getComputedStyle(b).fontSize)"))
    box = badge.bounding_box()
    assert box and box["height"] >= 2 * size and box["width"] <= 1.5 * size, (box, size)
    assert wild.bounding_box()["y"] == table.locator('.hand .card[data-card="4d"]').bounding_box()["y"]  # type: ignore[index]
    # “10” fits in the corner the fan leaves showing.
    ten = table.locator('.hand .card[data-card="Ts"]')
    rank = ten.locator(".corner-rank").bounding_box()
    nxt = table.locator('.hand .card[data-card="Th"]').bounding_box()
    assert rank and nxt and rank["x"] + rank["width"] <= nxt["x"] + 0.5, (rank, nxt)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.screenshot(path=str(artifacts / f"table-keyboard-{lang}-phone.png"))
    # Typing lifts the cards: 10 twice, then Enter plays them.
    page.keyboard.type("1010")
    expect(table.locator(".hand .card.selected")).to_have_count(2)
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"cards": "Ts Th"}]
    # T and a wild 7 read as a pair of tens; Backspace takes back the last rank; P passes.
    page.keyboard.type("T3")
    expect(table.locator(".hand .card.selected")).to_have_count(2)
    page.keyboard.press("Backspace")
    expect(table.locator(".hand .card.selected")).to_have_count(1)
    page.keyboard.press("Escape")
    page.keyboard.type("5")
    expect(table.locator(".hint-text.typed")).to_be_visible()
    page.keyboard.press("p")
    assert page.evaluate("window.sent")[-1] == {"action": "pass"}
    # Cards that come into the hand (the bottom, a gift) are marked a moment, then plain again.
    page.evaluate(
        """(view) => window.table.update({ view: { ...view, hand: view.hand + ' 5c 3d' }, names: ['Ann', 'Bo', 'Cy'],
        deadline: null, counter: null, seatInfo: null, auto: false })""",
        KEYS_VIEW,
    )
    fresh = table.locator(".hand .card.fresh").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(fresh) == ["3d", "5c"]
    expect(table.locator(".hand .card.fresh")).to_have_count(0, timeout=6_000)
    assert [f for f in frames if f["type"] == "pageerror"] == []
    context.close()


def test_drag_across_the_fan_lifts_every_card_passed(browser: Browser, server_url: str) -> None:
    page = new_page(browser, viewport=PHONE)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    mount_table(page, KEYS_VIEW)
    page.locator("#made-up .hand").scroll_into_view_if_needed()
    first = page.locator('#made-up .hand .card[data-card="Ts"]').bounding_box()
    last = page.locator('#made-up .hand .card[data-card="4d"]').bounding_box()
    assert first and last
    page.mouse.move(first["x"] + 5, first["y"] + 20)
    page.mouse.down()
    page.mouse.move(last["x"] + 5, last["y"] + 20, steps=8)
    page.mouse.up()
    lifted = page.locator("#made-up .hand .card.selected").evaluate_all("els => els.map(e => e.dataset.card)")
    assert lifted == ["Ts", "Th", "7h", "4d"]
    page.close()


#: Whether the last card of the fan ends inside the seat's own part of the table.
FAN_FITS = """() => {
  const mine = document.querySelector('#made-up .mine');
  const right = Math.max(...[...mine.querySelectorAll('.hand .card')].map((card) => card.getBoundingClientRect().right));
  return right <= mine.getBoundingClientRect().right + 1;
}"""


def test_a_table_that_narrows_with_no_window_resize_lays_its_fan_out_again(browser: Browser, server_url: str) -> None:
    """The fan is measured once per width of the table, not at every draw: a table that narrows while the window
    keeps its size (a scroll bar that comes, a panel beside it) still gets its fan laid out again, in the width left."""
    page = new_page(browser, viewport=LAPTOP)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    hand = "3s 3h 4d Ts Th 7h R 5s 5h 6d 6c 8s 8h 9d 9c Js Qh Kd Ac 2s"
    mount_table(page, {**KEYS_VIEW, "hand": hand, "cards_left": [20, 2, 1]})
    expect(page.locator("#made-up .hand .card")).to_have_count(20)
    assert page.evaluate(FAN_FITS)
    page.evaluate("document.getElementById('made-up').style.width = '320px'")
    page.wait_for_function(FAN_FITS, timeout=5_000)
    expect(page.locator("#made-up .hand .card")).to_have_count(20)
    page.close()


def test_a_resized_window_draws_the_table_once_for_its_new_width(browser: Browser, server_url: str) -> None:
    """A resized window lays the table out again at once; the table's own width observer, which sees the same new
    width at the next paint, draws nothing more (a second drawing would take the cards from under a click)."""
    page = new_page(browser, viewport=LAPTOP)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    mount_table(page, KEYS_VIEW)
    cards = page.locator("#made-up .hand .card")
    for viewport in (PHONE, LAPTOP):
        count = cards.count()
        cards.evaluate_all("(els) => els.forEach((el) => { el.dataset.before = '1'; })")
        page.set_viewport_size(viewport)
        expect(page.locator("#made-up .hand .card[data-before]")).to_have_count(0)  # drawn for the new width
        cards.evaluate_all("(els) => els.forEach((el) => { el.dataset.after = '1'; })")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        expect(page.locator("#made-up .hand .card[data-after]")).to_have_count(count)  # and not drawn again
        assert page.evaluate(FAN_FITS)
    page.close()


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_seat_has_its_own_place_round_the_oval_on_a_phone(
    browser: Browser, server_url: str, artifacts: Path, players: int
) -> None:
    page = new_page(browser, viewport=PHONE)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    others = list(range(1, players))
    view = {
        **KEYS_VIEW,
        "players": players,
        "roles": ["landlord"] + ["farmer"] * len(others),
        "cards_left": [7] + [20] * len(others),
        "actors": [0, players // 2],
        "history": [{"seat": s, "cards": "pass" if s % 2 else "334455"} for s in others],
        "trick": {"seat": players - 1, "cards": "334455"},
    }
    page.evaluate("document.body.replaceChildren()")
    mount_table(page, view)
    boxes = [page.locator(f'#made-up .ring .seat[data-seat="{s}"]').bounding_box() for s in others]
    ring = page.locator("#made-up .ring").bounding_box()
    assert ring and all(boxes)
    for i, a in enumerate(boxes):
        assert a and a["x"] >= ring["x"] and a["x"] + a["width"] <= ring["x"] + ring["width"] + 0.5, (players, i, a)
        assert a["y"] >= ring["y"] - 0.5, (players, i, a)
        for b in boxes[i + 1 :]:
            assert b is not None
            apart = (
                a["x"] + a["width"] <= b["x"]
                or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"]
                or b["y"] + b["height"] <= a["y"]
            )
            assert apart, (players, a, b)
    # Both seats to act wear a timer ring.
    expect(page.locator("#made-up .seat.to-act .timer-ring")).to_have_count(2)
    if players == 8:
        page.screenshot(path=str(artifacts / "table-8p-phone.png"))
    page.close()


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "table-two-player-phone"), (LAPTOP, "table-two-player-laptop")])
def test_two_seats_face_each_other_across_the_oval(
    browser: Browser, server_url: str, artifacts: Path, viewport: dict[str, int], name: str
) -> None:
    """二人斗地主: the opponent sits at the top centre of the oval, facing you; the play to beat, the hand and
    Play stay on screen."""
    page = _room_page(browser, server_url, "two-player", viewport)
    frames = record_frames(page)
    _to_a_play_to_beat(page)
    page.wait_for_timeout(2_800)  # the banners of the deal fade first
    page.screenshot(path=str(artifacts / f"{name}.png"))
    expect(page.locator(".table .seat")).to_have_count(2)
    ring = page.locator(".ring").bounding_box()
    other = page.locator('.ring .seat[data-seat="1"]').bounding_box()
    assert ring and other
    assert abs(other["x"] + other["width"] / 2 - (ring["x"] + ring["width"] / 2)) < ring["width"] * 0.05, (ring, other)
    assert other["y"] + other["height"] / 2 < ring["y"] + ring["height"] / 3, (ring, other)
    for selector in (".trick.has-cards", ".hand", "button.act-play"):
        _inside(page, selector)
    assert errors(frames) == []
    page.context.close()
