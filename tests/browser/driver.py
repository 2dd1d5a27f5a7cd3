"""Playing through the page as a person does: click cards and buttons, read what the page shows."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, ElementHandle, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

#: The two screens every page is looked at on: a laptop and a phone (portrait, and on its side).
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}

#: How long one hand may take in the browser before a test gives up.
HAND_SECONDS = 90
#: Where a card of the fanned hand is pressed: its corner, the part the next card leaves showing.
CARD_CORNER = {"x": 6, "y": 14}


#: What a page the tests open asks for unless the test says otherwise: less motion. An endless pulse ("Your turn", the
#: ring of a seat thinking) repaints every frame, about a fifth of a core for each open page, and only the tests of
#: motion look at it.
REDUCED_MOTION: dict[str, Any] = {"reduced_motion": "reduce"}


def new_context(browser: Browser, **options: Any) -> BrowserContext:
    """A browser context with Playwright's ``options``, asking for reduced motion unless they say otherwise."""
    return browser.new_context(**{**REDUCED_MOTION, **options})


def new_page(browser: Browser, **options: Any) -> Page:
    """A page in a context of its own, opened as ``new_context`` opens one."""
    return browser.new_page(**{**REDUCED_MOTION, **options})


def create_room(server_url: str, **settings: Any) -> dict[str, Any]:
    """A room made through the HTTP API (the lobby test makes one through the page)."""
    response = httpx.post(f"{server_url}/api/rooms", json=settings, timeout=10)
    response.raise_for_status()
    return dict(response.json())


def remember_identity(context: BrowserContext, code: str, room: dict[str, Any], name: str) -> None:
    """Give a browser context the token a room's creator holds, as the lobby would have stored it."""
    identity = json.dumps({"token": room["token"], "player_id": room["player_id"], "name": name})
    context.add_init_script(f"localStorage.setItem({json.dumps('paiju.room.' + code)}, {json.dumps(identity)});")


def language_script(lang: str) -> str:
    """The init script that opens the page in ``lang`` (``zh``: 中文; English is the page's default)."""
    return "localStorage.setItem('paiju.lang', 'zh')" if lang == "zh" else ""


def host_page(
    browser: Browser,
    server_url: str,
    viewport: dict[str, int] | None = None,
    init_script: str = "",
    *,
    seat: int = 0,
    frames: list[dict[str, Any]] | None = None,
    **settings: Any,
) -> Page:
    """A room made through the API with ``settings``, opened by its host (``Ann``) at ``viewport`` (Playwright's
    default when ``None``) and seated at ``seat``; ``init_script`` runs in every page of the host's context first
    (a language, a recorder); ``frames``, when given, receives every frame from the first one on."""
    room = create_room(server_url, name="Ann", **settings)
    context = new_context(browser, viewport=viewport) if viewport is not None else new_context(browser)
    remember_identity(context, room["code"], room, "Ann")
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    if frames is not None:
        record_frames(page, frames)
    page.goto(f"{server_url}/r/{room['code']}")
    sit(page, seat)
    return page


def shots(page: Page, path: Path) -> None:
    """The page at phone size, then at laptop size (``-phone.png``, ``-laptop.png`` after ``path``'s name); the page
    is left at phone size."""
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(path.with_name(path.name + "-phone.png")))
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=str(path.with_name(path.name + "-laptop.png")))
    page.set_viewport_size(PHONE)


def scroll_to(page: Page, selector: str) -> None:
    """Scroll the first element matching ``selector`` to the middle of the view, in one step in the page: a live
    table redraws on every frame, and a locator's scroll could hold an element no longer in the page."""
    expect(page.locator(selector).first).to_be_attached()
    page.evaluate("s => document.querySelector(s).scrollIntoView({block: 'center'})", selector)


def record_frames(page: Page, frames: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every WebSocket frame the page receives, parsed, in order (``frames``, or a new list, fills as frames
    arrive); an uncaught JavaScript error or an error on the console is added as a ``pageerror`` entry."""
    frames = [] if frames is None else frames

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    page.on("pageerror", lambda err: frames.append({"type": "pageerror", "message": str(err)}))
    page.on(
        "console",
        lambda msg: frames.append({"type": "pageerror", "message": msg.text}) if msg.type == "error" else None,
    )
    return frames


def lobby_page(
    browser: Browser, server_url: str, viewport: dict[str, int], lang: str, **options: Any
) -> tuple[Page, list[dict[str, Any]]]:
    """A new page of the lobby in ``lang`` at ``viewport`` (and Playwright's ``options``), and the frames it will
    receive."""
    page = new_page(browser, viewport=viewport, **options)
    page.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}');")
    frames = record_frames(page)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    return page, frames


#: The names a mounted table gives its seats, in seat order.
SEAT_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def mount_table(page: Page, view: dict[str, Any], names: Sequence[str] = SEAT_NAMES, **fields: Any) -> None:
    """Draw ``view`` as its seat's table in a ``#made-up`` element in place of the page's main part (after its body
    where it has none), with the other fields a frame brings beside it (``counter``, ``legalTotal``, ``deadline``,
    ``bids``: none unless given); the frames its action bar sends go to ``window.sent``."""
    page.evaluate(
        """async ([view, names, fields]) => {
        const { TableView } = await import('/static/js/table.js');
        const root = document.createElement('div');
        root.id = 'made-up';
        const main = document.querySelector('main');
        if (main) main.replaceChildren(root); else document.body.append(root);
        window.sent = [];
        window.table = new TableView(root, { onAct: (f) => window.sent.push(f), onAuto: () => {} });
        window.table.update({ view, names, deadline: null, counter: null, seatInfo: null, auto: false, ...fields });
    }""",
        [view, list(names[: view["players"]]), fields],
    )


def _acted(page: Page, before: ElementHandle, click: str) -> None:
    """Click, then wait until the action bar is drawn anew (the server answered with a new view)."""
    page.click(click)
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=10_000)


def take_turn(page: Page) -> str:
    """Act once on the page whose turn it is, by clicking: lift the cards Hint suggests one by one and press
    the button they enable (Play, Give, Name partner…), else give a card, bid or pass. Returns the class of
    the button pressed, without its ``act-`` (``play``, ``give``, ``partner``, ``bid``, ``pass``…)."""
    bar = page.query_selector(".actions")
    assert bar is not None
    if page.locator("button.act-hint").count():
        page.click("button.act-hint")
        chosen = [
            int(i) for i in page.locator(".hand .card.selected").evaluate_all("els => els.map(e => e.dataset.index)")
        ]
        if chosen:
            page.click("button.act-clear")
            for index in chosen:
                page.click(f'.hand .card[data-index="{index}"]', position=CARD_CORNER)
            primary = page.locator(".actions button.primary:enabled").first
            verb = str(primary.get_attribute("class")).split("act-", 1)[1].split()[0]
            before = page.query_selector(".actions")
            assert before is not None
            primary.click()
            if page.locator(".choices button.choice").count():
                _acted(page, before, ".choices button.choice >> nth=0")
            else:
                page.wait_for_function("el => !el.isConnected", arg=before, timeout=10_000)
            return verb
    if page.locator("button.act-give").count():
        cards = page.locator(".hand .card")
        for i in range(cards.count()):
            cards.nth(i).click(position=CARD_CORNER)
            if page.locator("button.act-give").is_enabled():
                _acted(page, page.query_selector(".actions"), "button.act-give")  # type: ignore[arg-type]
                return "give"
            cards.nth(i).click(position=CARD_CORNER)
        raise AssertionError("no card of the hand can be given")
    if page.locator("button.act-bid").count():
        _acted(page, bar, "button.act-bid >> nth=-1")
        return "bid"
    _acted(page, bar, "button.act-pass")
    return "pass"


def play_to_the_end(pages: list[Page], turns: int | None = None) -> int:
    """Take every turn that falls to one of ``pages`` until each shows the settlement (or, with
    ``turns``, until that many turns were taken). Returns the number of turns taken."""
    taken = 0
    deadline = time.monotonic() + HAND_SECONDS
    while time.monotonic() < deadline:
        if turns is not None and taken >= turns:
            return taken
        if all(p.locator(".settlement").count() for p in pages):
            return taken
        for page in pages:
            if page.locator(".actions").count() and not page.locator(".settlement").count():
                take_turn(page)
                taken += 1
        time.sleep(0.05)
    raise AssertionError(f"the hand did not end within {HAND_SECONDS} s ({taken} turns taken)")


def errors(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The server's error frames and the page's JavaScript errors among ``frames``."""
    return [f for f in frames if f.get("type") in ("error", "pageerror")]


def join_room(page: Page, room_url: str, name: str) -> None:
    """Open a room's page and join it as ``name`` (a person without a saved identity for the room)."""
    page.goto(room_url)
    page.fill('.join input[name="name"]', name)
    page.click(".join button[type=submit]")


def sit(page: Page, seat: int) -> None:
    """Take a seat once the seat list is drawn. The list is redrawn on every room frame, and on a loaded machine a
    frame can land between the press and the release of a click, so a click that did not seat is repeated, as a
    person would; a host that came from the lobby is seated on arrival, and its button goes away."""
    mine = page.locator(f'.seat-row.me[data-seat="{seat}"]')
    button = page.locator(f'.seat-row[data-seat="{seat}"] button.sit')
    for _ in range(3):
        expect(mine.or_(button).first).to_be_visible()
        if mine.is_visible():
            return
        try:
            button.click(timeout=5_000)
        except PlaywrightTimeoutError:
            continue
        try:
            expect(mine).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            continue
    expect(mine).to_be_visible()


def fill_bots_and_start(page: Page, drawn: bool = True) -> None:
    """As the host: fill the empty seats with bots and deal, and (``drawn``: the page paints) see the table."""
    page.click("button.fill-bots")
    expect(page.locator(".seat-row.empty")).to_have_count(0)
    page.click("button.start")
    if drawn:
        expect(page.locator(".table")).to_be_visible()


def expect_settlement(page: Page, players: int, scored: bool = True) -> None:
    """Wait for the settlement: one line per seat, and (``scored``) someone scored; a 炒地皮 hand whose attackers
    take exactly 80 moves no level, and every seat scores 0 (§7.11)."""
    settlement = page.locator(".settlement")
    expect(settlement).to_be_visible(timeout=HAND_SECONDS * 1000)  # a whole hand of bots may still be playing
    expect(settlement.locator("tbody tr")).to_have_count(players)
    scores = [int(s) for s in settlement.locator("tbody td.score:nth-child(3)").all_inner_texts()]
    assert len(scores) == players and (any(scores) or not scored), scores


def auto_on(page: Page) -> None:
    """Switch 托管 on, and see the page say so (or the hand already settled, played out from the click on). A click
    that a re-render took the button from under, on a loaded machine, is made again."""
    switch = page.locator("button.act-auto")
    done = page.locator('button.act-auto[aria-pressed="true"], .settlement').filter(visible=True).first
    for _ in range(3):
        if done.is_visible():
            return
        try:
            switch.click(timeout=5_000)
            expect(done).to_be_visible(timeout=5_000)
            return
        except (AssertionError, PlaywrightTimeoutError):
            continue
    expect(done).to_be_visible()


def play_a_hand_on_auto(page: Page, seat: int = 0) -> None:
    """As the host on the room page: sit, fill the other seats with bots, deal, turn 托管 on and wait
    for the settlement (the quickest whole hand)."""
    sit(page, seat)
    fill_bots_and_start(page)
    expect(page.locator("button.act-auto")).to_be_visible()
    auto_on(page)
    expect_settlement(page, len(page.locator(".seat-row").all()))


#: Added to every page of a context: each Content-Security-Policy violation is reported to the test.
_CSP_LISTENER = """
document.addEventListener('securitypolicyviolation', (e) => window.paijuCspViolation({
  directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: e.sourceFile, line: e.lineNumber,
  page: location.pathname,
}));
"""


def watch_csp(context: BrowserContext) -> list[dict[str, Any]]:
    """Every Content-Security-Policy violation on any page of ``context`` (the list fills as they happen),
    from the pages' ``securitypolicyviolation`` events and from console messages that name the policy."""
    violations: list[dict[str, Any]] = []
    context.expose_function("paijuCspViolation", lambda violation: violations.append(violation))
    context.add_init_script(_CSP_LISTENER)

    def on_console(msg: Any) -> None:
        if "Content Security Policy" in msg.text:
            violations.append({"console": msg.text})

    context.on("console", on_console)
    return violations


def watch_urls(context: BrowserContext) -> list[str]:
    """Every URL a page of ``context`` requests (pages, API calls, sockets), in order."""
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    return urls


def hand_ids(server_url: str, code: str, token: str) -> list[str]:
    """The room's finished hands, read as a member (the token in the header)."""
    response = httpx.get(f"{server_url}/api/rooms/{code}/hands", headers={"X-Paiju-Token": token}, timeout=10)
    response.raise_for_status()
    return [h["hand_id"] for h in response.json()]


def expect_last_cards_shown(page: Page) -> None:
    """At the end of a hand every other seat still holding cards shows them (from ``/final``); a seat that went out shows none."""
    seats = page.locator(".ring .seat")
    expect(seats.locator(".shown-hand").first).to_be_visible()
    for i in range(seats.count()):
        seat = seats.nth(i)
        left = seat.locator(".cards-left").get_attribute("data-count")
        expect(seat.locator(".shown-hand .card")).to_have_count(int(left or 0))
