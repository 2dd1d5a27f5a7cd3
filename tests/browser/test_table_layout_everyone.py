"""The table's layout for everyone in the room: the host and a spectator keep a still page over a whole hand, the
middle of the table shows its public cards clear of the phase panel, banners leave the seats uncovered, the
settlement and its one Next hand button are in sight, "Your turn" stays readable as it pulses, and long names
(of emoji too) neither are cut at half their length nor add a line."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.driver import (
    HAND_SECONDS,
    LAPTOP,
    PHONE,
    auto_on,
    errors,
    expect_settlement,
    fill_bots_and_start,
    host_page,
    join_room,
    mount_table,
    new_context,
    new_page,
    record_frames,
)
from tests.browser.test_client_modules import WILD_VIEW
from tests.browser.test_table_layout import SHIFT_RECORDER

pytestmark = pytest.mark.browser

Box = dict[str, float]


def _box(locator: Locator) -> Box:
    """The element's box on screen, read in one go (a table redrawn between finding and measuring is found again;
    one caught mid-redraw, before its first layout, is read again for up to 5 s)."""
    deadline = time.monotonic() + 5
    while True:
        box = locator.evaluate(
            "el => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }"
        )
        if (box["width"] > 0 and box["height"] > 0) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert box["width"] > 0 and box["height"] > 0, (locator, box)
    return dict(box)


def _apart(a: Box, b: Box) -> bool:
    """Whether two boxes share no area (touching edges allowed)."""
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def _within(inner: Box, outer: Box) -> bool:
    """Whether ``inner`` lies wholly inside ``outer``."""
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


def _screen(page: Page) -> Box:
    size = page.viewport_size
    assert size is not None
    return {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}


def _shift_since(page: Page, start: float) -> tuple[float, list[dict[str, Any]]]:
    """The layout shift the page recorded since ``start`` (its clock), input-led shifts left out, and the largest."""
    shifts: list[dict[str, Any]] = page.evaluate("window.__shifts")
    counted = [s for s in shifts if s["t"] >= start and not s["input"]]
    return sum(s["value"] for s in counted), sorted(counted, key=lambda s: -s["value"])[:5]


# -- Item 6: no layout shift for the host and a spectator ------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "viewport", "lang"),
    [
        pytest.param("classic", PHONE, "zh", id="classic-phone-zh"),
        pytest.param("chaodipi", PHONE, "en", id="chaodipi-phone-en"),
        pytest.param("two-player", LAPTOP, "en", id="two-player-laptop-en"),
        # The six- and four-seat hands take longest.
        pytest.param("spec-6p3d", PHONE, "zh", id="6p3d-phone-zh", marks=pytest.mark.slow),
        pytest.param("spec-4p1d", LAPTOP, "zh", id="4p1d-laptop-zh", marks=pytest.mark.slow),
    ],
)
def test_the_host_and_a_spectator_see_no_layout_shift_over_a_whole_hand(
    browser: Browser, server_url: str, artifacts: Path, variant: str, viewport: dict[str, int], lang: str
) -> None:
    """From the host's press of Start to the settlement, neither the host's page nor a spectator's moves (CLS < 0.1;
    the moves a press of the host's own causes are the host's: its page is counted from the table the press drew)."""
    script = f"localStorage.setItem('paiju.lang', '{lang}');" + SHIFT_RECORDER
    host = host_page(browser, server_url, viewport, script, variant=variant)
    host_frames = record_frames(host)
    host.click("button.fill-bots")
    expect(host.locator(".seat-row.empty")).to_have_count(0)
    spectator_context = new_context(browser, viewport=viewport)
    spectator_context.add_init_script(script)
    spectator = spectator_context.new_page()
    spectator_frames = record_frames(spectator)
    join_room(spectator, host.url, "Sam")
    expect(spectator.locator(".watcher.me")).to_be_visible()
    expect(host.locator(".watcher")).to_have_count(1)
    spectator.wait_for_timeout(500)
    starts = {"host": host.evaluate("performance.now()"), "spectator": spectator.evaluate("performance.now()")}
    host.click("button.start")
    expect(host.locator("button.act-auto")).to_be_visible()
    # The host's page is counted from the table its press drew: the metric excuses a press's moves only within 0.5 s,
    # and on a busy machine the server's answer to Start (the hand's first frame) can land later than that.
    host.wait_for_timeout(200)
    starts["host"] = host.evaluate("performance.now()")
    auto_on(host)
    pages = {"host": host, "spectator": spectator}
    for page in pages.values():
        expect(page.locator(".settlement")).to_be_visible(timeout=HAND_SECONDS * 1000)
    host.wait_for_timeout(1_500)  # what the end of the hand moves is counted too
    tag = f"layout-{variant}-{'phone' if viewport is PHONE else 'laptop'}-{lang}"
    report = []
    for who, page in pages.items():
        page.screenshot(path=str(artifacts / f"{tag}-{who}.png"))
        during, largest = _shift_since(page, starts[who])
        report.append(f"{who}: {during:.4f} " + "; ".join(f"{s['value']:.3f} {s['moved']}" for s in largest))
    (artifacts / f"{tag}-shift.txt").write_text("\n".join(report) + "\n")
    for who, page in pages.items():
        during, largest = _shift_since(page, starts[who])
        assert during < 0.1, (who, during, largest)
    assert errors(host_frames) == [] and errors(spectator_frames) == []
    spectator_context.close()
    host.context.close()


def test_a_spectators_table_keeps_its_place_before_the_hand(browser: Browser, server_url: str) -> None:
    """Before the first hand a spectator's phone already shows the table's felt at its full height, the wait for
    the host in its middle, and the seat list below it where it will stay."""
    host = host_page(browser, server_url, PHONE, variant="spec-6p3d")
    host.click("button.fill-bots")
    expect(host.locator(".seat-row.empty")).to_have_count(0)
    spectator = new_context(browser, viewport=PHONE).new_page()
    join_room(spectator, host.url, "Sam")
    expect(spectator.locator(".table .waiting-host")).to_be_visible()
    before = _box(spectator.locator(".table"))
    seats_before = _box(spectator.locator(".seats-panel"))
    host.click("button.start")
    expect(spectator.locator(".table .seat")).to_have_count(6)
    spectator.wait_for_timeout(500)
    after = _box(spectator.locator(".table"))
    assert abs(after["height"] - before["height"]) < 2, (before, after)
    assert abs(_box(spectator.locator(".seats-panel"))["y"] - seats_before["y"]) < 2
    spectator.context.close()
    host.context.close()


# -- Item 3: the middle of the table, banners, the settlement ----------------------------------------------------

#: The landlord names a partner on spec-6p3d, after the speculator's gifts (as the server sends it to seat 0).
PARTNER_VIEW: dict[str, Any] = {
    "seat": 0,
    "phase": "partner",
    "players": 6,
    "roles": ["landlord", "farmer", "farmer", "speculator", "farmer", "farmer"],
    "to_act": 0,
    "hand": "4s 4s 4h 4c 4c 4c 5s 5d 6s 6h 6d 6c 7s 7s 7h 8s 8c 9h Ts Td Js Jc Qd Ks As Ah Ad 2s 2h 2c B B B",
    "cards_left": [33, 28, 28, 17, 28, 28],
    "landlord": 0,
    "bid": 3,
    "multiplier": 1,
    "bottom": "5h 5c 7c Jc Qs 2h",
    "trick": None,
    "history": [],
    "scores": None,
    "wild_cards": "",
    "parts": {
        "speculator": {
            "seat": 3,
            "determination": "7c*",
            "flipped": "",
            "gifts": [
                {"seat": 0, "cards": "4s 4s 4h 4c 4c 5d 6s", "size": 7, "colours": ""},
                {"seat": 4, "cards": "7d Ts", "size": 2, "colours": ""},
                {"seat": 2, "cards": "9s 9c", "size": 2, "colours": ""},
                {"seat": 1, "cards": "9c Jh", "size": 2, "colours": ""},
                {"seat": 5, "cards": "Jd Kc", "size": 2, "colours": ""},
            ],
            "gift_piles": [{"size": 7, "colours": ""}] + [{"size": 2, "colours": ""}] * 4,
            "side": "farmers",
            "two_low": [],
            "wild_suits": "",
            "promoted": None,
            "retreated_hand": "",
            "out": [],
        },
        "partner": {
            "small_landlord": None, "shown": "", "refused": "", "partnership": "", "declared": False, "known": False,
            "names_self": [],
        },
    },
    "actors": [0],
    "factors": [],
    "legal": ["partner 4s 4s", "partner 4c 4c", "partner 7s 7s", "partner Jc", "partner 2h", "alone 4s 4s"],
}

#: Classic bidding, the first bidder's card shown (seat 0 to bid, two bids before it).
BID_VIEW: dict[str, Any] = {
    **PARTNER_VIEW,
    "phase": "bid",
    "players": 3,
    "roles": ["farmer", "farmer", "farmer"],
    "hand": "B 2h Ad Kh Kd Qh Qd 9c 8h 8c 7c 7d 6c 6d 5h 5c 3c",
    "cards_left": [17, 17, 17],
    "landlord": None,
    "bid": 0,
    "bottom": "",
    "parts": {},
    "marker": "4h",
    "max_bid": 3,
    "legal": ["pass", "bid 1", "bid 2", "bid 3"],
}

SIX_NAMES = ["Ann", "AI 2", "AI 3", "AI 4", "AI 5", "AI 6"]


#: A reader's ``prefers-reduced-motion``, as Playwright emulates it.
Motion = Literal["no-preference", "reduce"]


def _module_page(
    browser: Browser, server_url: str, viewport: dict[str, int], lang: str, motion: Motion = "no-preference"
) -> Page:
    """The app's page in ``lang`` at ``viewport`` (the reader's ``prefers-reduced-motion``), emptied, for a table
    drawn from a made-up view."""
    context = new_context(browser, viewport=viewport, reduced_motion=motion)
    context.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}');")
    page = context.new_page()
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    page.evaluate("document.body.replaceChildren()")
    return page


def _draw(page: Page, view: dict[str, Any], names: list[str], bids: list[dict[str, int]] | None = None) -> None:
    mount_table(page, view)
    page.evaluate(
        "([names, bids]) => { window.table.update({ ...window.table.state, names, bids }); }", [names, bids or []]
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_naming_a_partner_on_a_phone_shows_the_bottom_and_the_speculator_card_clear_of_the_phase_panel(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    page = _module_page(browser, server_url, PHONE, lang)
    _draw(page, PARTNER_VIEW, SIX_NAMES)
    page.screenshot(path=str(artifacts / f"layout-partner-centre-{lang}-phone.png"))
    centre = _box(page.locator(".centre"))
    panel = _box(page.locator(".centre .phase-panel"))
    seats = [_box(page.locator(".ring .seat").nth(i)) for i in range(5)]
    # The bottom cards and the speculator card: whole, in the part of the middle that shows, below the panel.
    for fact in range(page.locator(".centre .fact").count()):
        cards = _box(page.locator(".centre .fact").nth(fact).locator(".card-row"))
        assert _within(cards, centre), (fact, cards, centre)
        assert _apart(cards, panel), (fact, cards, panel)
        assert all(_apart(cards, seat) for seat in seats), (fact, cards)
    # Nothing of the middle's is drawn over a seat; the gift piles are below the panel, reached by scrolling it.
    assert all(_apart(centre, seat) for seat in seats), centre
    assert _box(page.locator(".centre .gifts"))["y"] >= panel["y"] + panel["height"]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("step", ["partner", "bid"])
def test_every_button_of_a_step_fits_a_phones_action_bar(
    browser: Browser, server_url: str, artifacts: Path, lang: str, step: str
) -> None:
    """The bar does not grow (the table would move), so its buttons share one line: at the partner step its four
    (name a partner, play alone, Hint, Clear) all fit a 390 px phone, none scrolled out of sight."""
    page = _module_page(browser, server_url, PHONE, lang)
    view, names = (PARTNER_VIEW, SIX_NAMES) if step == "partner" else (BID_VIEW, ["Ann", "AI 2", "AI 3"])
    _draw(page, view, names)
    page.screenshot(path=str(artifacts / f"layout-action-bar-{step}-{lang}-phone.png"))
    bar = page.locator(".action-area .actions")
    widths = bar.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert widths[0] <= widths[1], widths
    row = _box(bar)
    buttons = bar.locator("button")
    assert buttons.count() >= 4
    for i in range(buttons.count()):
        button = _box(buttons.nth(i))
        assert row["x"] <= button["x"] and button["x"] + button["width"] <= row["x"] + row["width"], (i, button, row)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_first_bidders_card_is_whole_under_the_bidding_panel_on_a_laptop(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    page = _module_page(browser, server_url, LAPTOP, lang)
    _draw(page, BID_VIEW, ["Ann", "AI 2", "AI 3"], [{"seat": 1, "points": 0}, {"seat": 2, "points": 0}])
    page.screenshot(path=str(artifacts / f"layout-bid-marker-{lang}-laptop.png"))
    marker = _box(page.locator(".centre .fact .card"))
    assert _within(marker, _box(page.locator(".centre"))), marker
    assert _apart(marker, _box(page.locator(".centre .phase-panel"))), marker
    page.context.close()


def test_a_banner_leaves_the_seats_at_the_top_of_a_phones_oval_uncovered(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    page = host_page(browser, server_url, PHONE, "localStorage.setItem('paiju.lang', 'zh');", variant="spec-6p3d")
    fill_bots_and_start(page)
    auto_on(page)
    # The banners and the seats read in one go, in the page, the moment a banner shows: a banner fades in a few
    # seconds, and a busy machine may take longer than that between two calls from here.
    boxes, seats = page.wait_for_function(
        """() => {
        const boxes = (sel) => [...document.querySelectorAll(sel)].map((el) => {
            const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; });
        const banners = boxes('.banner').filter((b) => b.width > 0 && b.height > 0);
        return banners.length ? [banners, boxes('.ring .seat')] : null;
        }""",
        timeout=HAND_SECONDS * 1000,
    ).json_value()
    page.screenshot(path=str(artifacts / "layout-banner-6p-zh-phone.png"))
    assert boxes and len(seats) == 5, (boxes, seats)
    for seat in seats:
        assert all(_apart(b, seat) for b in boxes), (seat, boxes)
    page.context.close()


@pytest.mark.parametrize(
    ("variant", "viewport", "lang"),
    [
        pytest.param("chaodipi", PHONE, "zh", id="chaodipi-phone-zh"),
        pytest.param("classic", LAPTOP, "en", id="classic-laptop-en"),
        pytest.param("spec-6p3d", LAPTOP, "zh", id="6p3d-laptop-zh", marks=pytest.mark.slow),
        pytest.param("spec-6p3d", PHONE, "en", id="6p3d-phone-en", marks=pytest.mark.slow),
    ],
)
def test_the_settlement_and_its_one_next_hand_button_are_in_sight_at_the_end(
    browser: Browser, server_url: str, artifacts: Path, variant: str, viewport: dict[str, int], lang: str
) -> None:
    page = host_page(browser, server_url, viewport, f"localStorage.setItem('paiju.lang', '{lang}');", variant=variant)
    fill_bots_and_start(page)
    auto_on(page)
    expect_settlement(page, page.locator(".seat-row").count(), scored=False)
    page.wait_for_timeout(500)
    page.screenshot(
        path=str(artifacts / f"layout-settlement-{variant}-{'phone' if viewport is PHONE else 'laptop'}-{lang}.png")
    )
    # One Next hand, on screen and pressable, the heading on screen too.
    label = {"en": "Next hand", "zh": "下一局"}[lang]
    buttons = page.get_by_role("button", name=label, exact=True)
    expect(buttons).to_have_count(1)
    _expect_pressable(buttons, page)
    assert _within(_box(page.locator(".settlement h2")), _screen(page))
    # However long the settlement grows (a long 炒地皮 outcome, eight seats), Next hand stays in sight.
    page.evaluate(
        """() => { const rows = document.querySelector('.settlement .settlement-lines tbody');
        for (let i = 0; i < 16; i++) rows.append(rows.firstElementChild.cloneNode(true)); }"""
    )
    _expect_pressable(buttons, page)
    page.context.close()


def _expect_pressable(button: Locator, page: Page) -> None:
    """The button is wholly on screen and nothing covers or clips it: each corner is the button where a finger presses."""
    box = _box(button)
    assert _within(box, _screen(page)), box
    for x, y in ((0.1, 0.15), (0.9, 0.15), (0.1, 0.85), (0.9, 0.85)):
        point = (box["x"] + x * box["width"], box["y"] + y * box["height"])
        assert button.evaluate("(el, [x, y]) => el.contains(document.elementFromPoint(x, y))", point), (point, box)


# -- Item 3: "Your turn" and long names ----------------------------------------------------------------------------

#: The contrast ratio of two sRGB colours (WCAG 2.x).
CONTRAST = """
(el) => {
  const rgba = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  // The bar's background: the first opaque one up the tree.
  let bg = null;
  for (let e = el; e && !bg; e = e.parentElement) { const c = rgba(getComputedStyle(e).backgroundColor); if (c[3] === 1) bg = c; }
  let alpha = 1;
  for (let e = el; e; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
  const text = rgba(getComputedStyle(el).color);
  const a = alpha * text[3];
  const seen = [0, 1, 2].map((i) => text[i] * a + bg[i] * (1 - a));
  const [hi, lo] = [lum(seen), lum(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_your_turn_keeps_aa_contrast_in_every_frame_of_its_pulse(browser: Browser, server_url: str, lang: str) -> None:
    page = _module_page(browser, server_url, PHONE, lang)
    _draw(page, BID_VIEW, ["Ann", "AI 2", "AI 3"])
    turn = page.locator(".your-turn")
    expect(turn).to_have_text({"en": "Your turn", "zh": "轮到你了"}[lang])
    duration = turn.evaluate("el => el.getAnimations().map((a) => a.effect.getTiming().duration)")
    assert duration, "Your turn pulses"
    ratios = []
    for step in range(11):
        ratios.append(
            turn.evaluate(
                f"(el) => {{ for (const a of el.getAnimations()) {{ a.pause(); a.currentTime = {step / 10} * a.effect.getTiming().duration; }}"
                f" return ({CONTRAST})(el); }}"
            )
        )
    assert min(ratios) >= 4.5, ratios
    page.context.close()


#: The names of whatever runs for ever on the page (a pulse, a spinning ring) and the elements it runs on.
ENDLESS = """() => document.getAnimations()
  .filter((a) => a.effect.getComputedTiming().iterations === Infinity)
  .map((a) => `${a.animationName} on ${a.effect.target.className}`)"""


def test_a_reader_who_asks_for_less_motion_sees_nothing_pulse_or_spin(browser: Browser, server_url: str) -> None:
    """``prefers-reduced-motion: reduce``: “Your turn”, the ring of a seat thinking without a clock, the cards-left
    flag and an urgent timer stand still (their colours still say it); without the wish they move."""
    endless: dict[Motion, list[str]] = {}
    motions: tuple[Motion, ...] = ("no-preference", "reduce")
    for motion in motions:
        page = _module_page(browser, server_url, PHONE, "en", motion)
        _draw(page, BID_VIEW, ["Ann", "AI 2", "AI 3"])
        expect(page.locator(".your-turn")).to_have_text("Your turn")
        endless[motion] = page.evaluate(ENDLESS)
        page.context.close()
    assert any(name.startswith("turn-glow") for name in endless["no-preference"]), endless
    assert endless["reduce"] == [], endless


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_long_name_is_cut_short_and_the_bids_keep_their_lines(
    browser: Browser, server_url: str, artifacts: Path, viewport: dict[str, int]
) -> None:
    page = _module_page(browser, server_url, viewport, "en")
    bids = [{"seat": 1, "points": 0}, {"seat": 2, "points": 1}]
    _draw(page, BID_VIEW, ["Ann", "AI 2", "AI 3"], bids)
    short = _box(page.locator(".phase-panel .bids"))
    long_name = "Bartholomew-Alexander von Kleist"  # 32 characters, the longest a name may be
    page.evaluate("(names) => { window.table.update({ ...window.table.state, names }); }", ["Ann", long_name, "AI 3"])
    page.screenshot(path=str(artifacts / f"layout-long-name-bids-{'phone' if viewport is PHONE else 'laptop'}.png"))
    assert _box(page.locator(".phase-panel .bids"))["height"] == short["height"]
    name = page.locator('.phase-panel .bids li[data-seat="1"] .bid-name')
    expect(name).to_have_text(long_name)
    assert name.evaluate("el => el.scrollWidth > el.clientWidth"), "the long name is ellipsized"
    expect(page.locator('.phase-panel .bids li[data-seat="1"]')).to_contain_text("No bid")
    page.context.close()


EMOJI = "😀🎉🐉🀄🃏" * 8  # 40 emoji, two UTF-16 units each


def test_a_name_of_emoji_keeps_as_many_characters_as_the_server_takes(browser: Browser, server_url: str) -> None:
    """The join form counts a name in characters (code points) as the server does: 40 emoji are cut to 32, not 16,
    and the room greets the 32."""
    host = host_page(browser, server_url, PHONE, variant="classic")
    guest = new_context(browser, viewport=PHONE).new_page()
    guest.goto(host.url)
    field = guest.locator('.join input[name="name"]')
    field.fill(EMOJI)
    kept = field.evaluate("el => [...el.value].length")
    assert kept == 32, kept
    guest.click(".join button[type=submit]")
    expect(guest.locator(".watcher.me")).to_contain_text(EMOJI[:32])
    expect(host.locator(".watcher")).to_contain_text(EMOJI[:32])
    guest.context.close()
    host.context.close()


def test_a_spectators_foot_seat_keeps_a_long_hand_on_one_line_inside_the_table(browser: Browser, server_url: str) -> None:
    """At the settlement a spectator sees the foot seat's cards left (or a 明牌 hand all along): twenty of them lie
    on one line beside the seat's name (under it on a phone), overlapped to fit, never wrapping below the table."""
    left = "3s 3h 4d 5c 5s 6h 7d 8c 9s Th Jd Qc Ks Ah 2d 2c 2s B R 4s"
    view = {
        **WILD_VIEW, "seat": None, "phase": "over", "to_act": None, "hand": "", "legal": [], "wild_cards": "",
        "cards_left": [20, 3, 0], "hands": [left, "4h 4c 6s", ""],
    }  # fmt: skip
    for viewport in (PHONE, LAPTOP):
        page = new_page(browser, viewport=viewport)
        page.goto(server_url)
        page.wait_for_selector(".create-room")
        mount_table(page, view)
        boxes = page.evaluate(
            """() => {
            const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            const cards = [...document.querySelectorAll('#made-up .mine .shown-hand .card')];
            return { table: box(document.querySelector('#made-up .table')), cards: cards.map(box) };
        }"""
        )
        cards, table = boxes["cards"], boxes["table"]
        assert len(cards) == 20
        assert len({round(c[1]) for c in cards}) == 1, viewport  # one line
        assert cards[-1][2] <= table[2] and cards[0][3] <= table[3], (viewport, cards[-1], table)
        assert all(b[0] - a[0] >= 8 for a, b in zip(cards, cards[1:], strict=False)), viewport  # each rank's corner shows
        page.close()
