"""Every phase explained in words from real views, the notices between frames, the settlement in both
languages on a phone at 8 seats, and replays with their bids, redeals, result and final hands."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from paiju.bots import make_bot
from paiju.climbing import Game, Pass, PhaseName, observe
from paiju.climbing.log import game_log
from paiju.climbing.report import frame_fields
from paiju.climbing.state import Factor
from paiju.server.frames import result_message
from paiju.variants import get_variant
from tests.browser.driver import (
    CARD_CORNER,
    HAND_SECONDS,
    LAPTOP,
    PHONE,
    auto_on,
    create_room,
    errors,
    expect_settlement,
    join_room,
    lobby_page,
    new_context,
    record_frames,
    remember_identity,
    scroll_to,
    sit,
    take_turn,
)

pytestmark = pytest.mark.browser

#: Text a reader must never see: a label key, a placeholder or an engine word with an underscore.
RAW = re.compile(
    r"\b(?:phase|gift|bid|partner|declare|play|side|settle|notice|factor|stake|sound)\.[a-z_.]+|\{\w+\}|small_landlord|landlord_won"
)
#: The speculator's list of cards it may not give for their colour, in the gift panel.
COLOUR_REFUSAL = '.phase-panel-gift .ungiftable li[data-reason="colour"]'


def _frames(variant: str, seed: int, seat_of: str | int = "speculator") -> list[dict[str, Any]]:
    """A bot hand's `view` frames as one seat would get them: the speculator's, the landlord's from the
    auction on (`landlord`), or a given seat's."""
    game = Game.new(get_variant(variant), seed=seed)
    bots = [make_bot("heuristic", s) for s in range(game.players)]
    frames = []
    while game.actors():
        state = game.state
        if isinstance(seat_of, int):
            seat = seat_of
        elif seat_of == "landlord" and state.landlord is not None and state.phase is not PhaseName.BID:
            seat = state.landlord
        else:
            seat = state.spec.seat if state.spec is not None else 0
        frames.append(
            {
                "type": "view",
                "view": observe(game, seat).to_json(),
                "bids": frame_fields(game)["bids"],
                "redeals": frame_fields(game)["redeals"],
                "hand_number": 1,
                "seat": seat,
            }
        )
        actor = min(game.actors())
        game.apply(bots[actor].act(observe(game, actor)), actor)
    return frames


def _bombs(view: dict[str, Any]) -> int:
    """How many bomb factors ``view``'s stake holds."""
    return sum(f["factor"] == "bomb" for f in view["factors"])


def _first(frames: list[dict[str, Any]], test: Any) -> dict[str, Any]:
    return next(f for f in frames if test(f["view"]))


def _mount_panels(page: Page, frames: list[dict[str, Any]], names: list[str]) -> None:
    """Draw the phase panel of each frame on the felt, in #panels, replacing the lobby."""
    page.evaluate(
        """async ([frames, names]) => {
        const { phasePanel } = await import('/static/js/phase_panel.js');
        const root = document.createElement('div');
        root.id = 'panels';
        root.style.background = '#14532d';
        root.style.padding = '0.5rem';
        for (const f of frames) root.append(phasePanel(f.view, { names, bids: f.bids, seat: f.seat }));
        document.querySelector('main').replaceChildren(root);
    }""",
        [frames, names],
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_phase_is_explained_in_words(browser: Browser, server_url: str, artifacts: Path, lang: str) -> None:
    spec4 = _frames("spec-4p1d", 2)
    spec6 = _frames("spec-6p3d", 0, seat_of="landlord")
    gift = _first(spec4, lambda v: v["phase"] == "gift" and v["legal"] and len(v["parts"]["speculator"]["gifts"]) == 2)
    bid = next(f for f in spec4 if f["view"]["phase"] == "bid" and f["bids"])
    partner = _first(spec6, lambda v: v["phase"] == "partner" and v["legal"])
    declare = _first(spec6, lambda v: v["phase"] == "declare")
    play = _first(spec6, lambda v: v["phase"] == "play" and any(f["factor"] == "bomb" for f in v["factors"]))
    quiet = Game.new(get_variant("spec-6p3d"), seed=2)
    while quiet.actors():
        actor = min(quiet.actors())
        quiet.apply(make_bot("heuristic", actor).act(observe(quiet, actor)), actor)
    assert quiet.result is not None and quiet.result.small_landlord is not None
    secret = _first(
        _frames("spec-6p3d", 2, quiet.result.small_landlord), lambda v: v["phase"] == "play" and not v["parts"]["partner"]["known"]
    )
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    for viewport, size in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page, page_frames = lobby_page(browser, server_url, viewport, lang)
        _mount_panels(page, [gift, bid, partner, declare, play, secret], names)
        panels = page.locator("#panels .phase-panel")
        expect(panels).to_have_count(6)
        text = page.locator("#panels").inner_text()
        assert not RAW.search(text), RAW.search(text)
        # The gifts: the landlord's pile first, the one being filled marked, and every ungiftable card with its reason.
        piles = panels.nth(0).locator(".pile")
        expect(piles).to_have_count(len(gift["view"]["parts"]["speculator"]["gift_piles"]))  # every pile, those still to fill empty
        expect(piles.nth(0)).to_contain_text("地主" if lang == "zh" else "the landlord-to-be")
        expect(piles.nth(1)).to_have_class(re.compile("filling"))
        view = gift["view"]
        given = {a.split()[1] for a in view["legal"]}
        dimmed = sorted(c.rstrip("*") for c in view["hand"].split() if c.rstrip("*") not in given)
        reasons = panels.nth(0).locator(".ungiftable li")
        shown = sorted(
            c.rstrip("*") for c in reasons.locator(".card").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert shown == dimmed and dimmed
        threes = reasons.locator('[data-reason="three"] .card, li[data-reason="three"] .card')
        assert all(c.startswith("3") for c in threes.evaluate_all("els => els.map(e => e.dataset.card)"))
        # The auction: each bid so far by name.
        assert panels.nth(1).locator(".bids li").count() == len(bid["bids"])
        expect(panels.nth(1).locator(".bids li").first).to_contain_text(names[bid["bids"][0]["seat"]])
        # Naming a partner, 一打四 with its ×3; the declaration's ×2; during play, the stake's chips.
        expect(panels.nth(2)).to_contain_text("×3")
        expect(panels.nth(3)).to_contain_text("×2")
        chips = panels.nth(4).locator(".chip")
        expect(chips.first).to_have_attribute("data-factor", "bid")
        expect(panels.nth(4).locator('.chip[data-factor="bomb"]')).to_have_count(1)
        expect(panels.nth(4).locator(".side")).to_have_count(1)
        expect(panels.nth(5).locator(".partner")).to_contain_text(
            "你是小地主" if lang == "zh" else "You are the small landlord"
        )
        words = page.evaluate(
            "async () => (await import('/static/js/phase_panel.js')).actionWords('partner 7h').innerHTML"
        )
        assert 'data-card="7h"' in words
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        page.screenshot(path=str(artifacts / f"phase-panels-{lang}-{size}.png"), full_page=True)
        assert errors(page_frames) == []
        page.close()


def test_notices_tell_a_redeal_the_landlord_and_the_result_and_the_mute_switch_is_remembered(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    frames = _frames("spec-4p1d", 0)
    redeal_at = next(
        i
        for i, f in enumerate(frames)
        if i and f["view"]["phase"] == "gift" and frames[i - 1]["view"]["phase"] == "bid"
    )
    reveal_at = next(i for i, f in enumerate(frames) if f["view"]["phase"] == "play")
    # The gifts fly and the burst bursts for a reader who has not asked for less motion.
    page, page_frames = lobby_page(browser, server_url, PHONE, "en", reduced_motion="no-preference")
    page.evaluate(
        "async () => { const { Feedback } = await import('/static/js/notices.js'); window.feedback = new Feedback(); }"
    )
    feed = "([frames, seat]) => { for (const f of frames) window.feedback.frame(f, { names: ['Ann', 'Bo', 'Cy', 'Di'], seat }); }"
    page.evaluate(feed, [frames[redeal_at - 1 : redeal_at + 1], 0])
    # Nobody bid after the reader's gifts as the speculator: the deal and its gifts are void, said in a banner of its own.
    expect(page.locator("#notices .banner-redeal")).to_have_text(
        "Everybody passed, so nobody became landlord: the cards are dealt again. Your gifts are void (every card goes"
        " back into the deck) and the new deal finds the speculator anew."
    )
    # The table as the reader sees it at the reveal, so the gifts can fly to their seats.
    page.evaluate(
        """async (view) => {
        const { TableView } = await import('/static/js/table.js');
        const root = document.createElement('div');
        document.querySelector('main').replaceChildren(root);
        new TableView(root).update({ view, names: ['Ann', 'Bo', 'Cy', 'Di'], deadline: null, counter: null, seatInfo: null, auto: false });
    }""",
        frames[reveal_at]["view"],
    )
    page.evaluate(feed, [frames[reveal_at - 1 : reveal_at + 1], 0])
    expect(page.locator("#notices .flying-gift").first).to_be_attached()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "phase-reveal-phone.png"))
    landlord = frames[reveal_at]["view"]["landlord"]
    expect(page.locator("#notices .banner-landlord")).to_contain_text(["Ann", "Bo", "Cy", "Di"][landlord])
    expect(page.locator("#notices .banner-landlord")).to_contain_text("gifts")
    # 托管 switched on for the reader's seat during a hand.
    rooms = [
        {"type": "room", "status": "playing", "seats": [{"seat": s, "auto": s == on} for s in range(4)]}
        for on in (-1, 0)
    ]
    page.evaluate(feed, [rooms, 0])
    expect(page.locator("#notices .banner-auto")).to_contain_text("Auto-play")
    page.wait_for_timeout(400)  # the banners have slid in
    page.screenshot(path=str(artifacts / "phase-notices-phone.png"))
    # The speculator changing sides mid-play, and a bomb's burst (seed 10: a side change, later a bomb).
    later = _frames("spec-4p1d", 10)
    flip = next(
        i
        for i in range(1, len(later))
        if later[i]["view"]["phase"] == later[i - 1]["view"]["phase"] == "play"
        and later[i]["view"]["parts"]["speculator"]["side"] != later[i - 1]["view"]["parts"]["speculator"]["side"]
    )
    bomb = next(
        i
        for i in range(1, len(later))
        if _bombs(later[i]["view"]) > _bombs(later[i - 1]["view"])
    )
    page.evaluate(feed, [later[flip - 1 : flip + 1], 0])
    expect(page.locator("#notices .banner-side")).to_contain_text(
        f"now sides with the {later[flip]['view']['parts']['speculator']['side']}"
    )
    page.evaluate(feed, [later[bomb - 1 : bomb + 1], 0])
    expect(page.locator("#notices .burst-bomb, #notices .burst-rocket")).to_have_count(1)
    game = Game.new(get_variant("classic"), seed=3)
    bots = [make_bot("heuristic", s) for s in range(3)]
    while game.actors():
        actor = min(game.actors())
        game.apply(bots[actor].act(observe(game, actor)), actor)
    result = result_message(game, ["Ann", "Bo", "Cy"], [0, 0, 0], None, 1)
    assert result is not None
    sent = result.model_dump()
    page.evaluate(feed, [[{**sent, "factors": [*sent["factors"], Factor.SPRING.to_json()]}], 0])
    won = result.scores[0] > 0
    expect(page.locator(f"#notices .banner-{'win' if won else 'lose'}")).to_contain_text(
        "You win" if won else "You lose"
    )
    expect(page.locator("#notices .burst-spring")).to_have_count(1)
    # The sound switch: off, and still off after a reload.
    switch = page.locator(".mute-switch")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.reload()
    page.evaluate(
        "async () => { const { Feedback } = await import('/static/js/notices.js'); window.feedback = new Feedback(); }"
    )
    expect(page.locator(".mute-switch")).to_have_attribute("aria-pressed", "true")
    # A result that arrives on a reload between hands (the hand was not watched) is not announced again.
    page.evaluate(feed, [[result.model_dump()], 0])
    expect(page.locator("#notices .banner")).to_have_count(0)
    assert errors(page_frames) == []
    page.close()


@pytest.mark.parametrize(("lang", "size"), [("en", "phone"), ("zh", "phone"), ("zh", "laptop")])
def test_the_settlement_words_every_factor_and_fits_a_phone_at_8_seats(
    browser: Browser, server_url: str, artifacts: Path, lang: str, size: str
) -> None:
    room = create_room(server_url, variant="spec-8p3d", name="Ann")
    context = new_context(browser, viewport=PHONE if size == "phone" else LAPTOP)
    context.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}');")
    remember_identity(context, room["code"], room, "Ann")
    # Every banner the page shows, kept as it appears (they go by themselves).
    context.add_init_script(
        "window.bannersSeen = []; new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)"
        " if (n.classList?.contains('banner')) window.bannersSeen.push([n.className, n.textContent]); })"
        ".observe(document, { childList: true, subtree: true });"
    )
    page = context.new_page()
    frames = record_frames(page)
    page.goto(f"{server_url}/r/{room['code']}")
    sit(page, 0)
    page.click("button.fill-bots")
    expect(page.locator(".seat-row.empty")).to_have_count(0)
    page.click("button.start")
    auto_on(page)
    expect_settlement(page, 8)
    result = next(f for f in frames if f["type"] == "result")
    # The room page tells the hand as it goes: 托管 switched on, any new deal, then whether this seat won.
    views = [f for f in frames if f["type"] == "view"]
    redeals = len(views[-1]["redeals"])  # every new deal of the hand, nobody bid or not, and before the first view or not
    # A new deal's banner is read alone and the banners after it wait their turn, so the hand may be over before they
    # show: the result's comes last, whether this seat won or lost.
    won = "banner banner-win" if result["lines"][0]["score"] >= 0 else "banner banner-lose"
    page.wait_for_function("kind => window.bannersSeen.some(([shown]) => shown === kind)", arg=won)
    banners = page.evaluate("window.bannersSeen")
    seen = [c for c, _ in banners]
    # One banner per run of new deals for the same reason, its count written ×n where there were several (deals that
    # came between two frames the page saw are told together).
    told = [int(m.group(1)) if (m := re.search(r"×(\d+)", text)) else 1 for c, text in banners if "banner-redeal" in c]
    assert sum(told) == redeals, banners
    assert "banner banner-auto" in seen
    settlement = page.locator(".settlement")
    expect(settlement.locator(".outcome li").first).to_contain_text(result["lines"][result["winner"]]["name"])
    expect(settlement.locator('.chip[data-factor="bid"]')).to_have_count(1 if result["bid"] else 0)
    for factor in {f["factor"] for f in result["factors"]}:
        expect(settlement.locator(f'.chip[data-factor="{factor}"]')).to_have_count(1)
    text = settlement.inner_text()
    assert not RAW.search(text), RAW.search(text)
    if lang == "zh":
        assert not re.search(r"\b(?:landlord|farmers?|speculator|receives|pays|wins?)\b", text), text
    # The settlement itself fits the screen: nothing in it is cut or wider than the page.
    width = settlement.evaluate("el => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right, innerWidth]")
    assert width[0] <= width[1] and width[2] <= width[3], width
    expect(page.locator("#notices .banner")).to_have_count(0)  # the banners have gone by themselves
    settlement.screenshot(path=str(artifacts / f"settlement-8p-{lang}-{size}.png"))
    page.screenshot(path=str(artifacts / f"settlement-8p-{lang}-{size}-page.png"), full_page=True)
    # The replay of this hand carries the number the history shows, and its last step the same settlement.
    page.goto(f"{server_url}/r/{room['code']}/history")
    number = page.locator(".history tbody tr td").first.inner_text()
    assert number == str(result["hand_number"])
    page.click(".replay-link")
    expect(page.locator(".replay-controls h1")).to_contain_text(f" {number} ")
    page.click("button.last")
    expect(page.locator(".settlement tbody tr")).to_have_count(8)
    expect(page.locator(".settlement .outcome li").first).to_contain_text(result["lines"][result["winner"]]["name"])
    assert errors(frames) == []
    context.close()


def _hand_with_a_redeal() -> dict[str, Any]:
    """A classic hand's log where everyone passes the first deal, then bots play it out."""
    game = Game.new(get_variant("classic"), seed=5)
    while not any(e.kind == "redeal" for e in game.typed_events):
        game.apply(Pass(), min(game.actors()))
    bots = [make_bot("heuristic", s) for s in range(3)]
    while game.actors():
        actor = min(game.actors())
        game.apply(bots[actor].act(observe(game, actor)), actor)
    return game_log(game, ["Ann", "Bo", "Cy"])


def test_a_replay_shows_bids_the_redeal_the_result_and_the_final_hands(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    imported = httpx.post(f"{server_url}/api/hands/import", json=_hand_with_a_redeal(), timeout=10).json()
    page, frames = lobby_page(browser, server_url, LAPTOP, "en")
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(f"{server_url}/replay/{imported['hand_id']}")
    page.select_option("select.replay-seat", "0")
    expect(page.locator(".step-count")).to_be_visible()
    for _ in range(3):
        page.click("button.next")
    expect(page.locator(".replay-notes .redeal")).to_have_text("Nobody bid — new deal.")
    expect(page.locator(".replay-notes .event")).to_contain_text("No bid")
    page.screenshot(path=str(artifacts / "replay-redeal-laptop.png"), full_page=True)
    page.click("button.prev")
    expect(page.locator(".replay-notes .replay-bids")).to_have_text("Bids: Bo: No bid · Cy: No bid")
    page.click("button.last")
    settlement = page.locator(".settlement")
    expect(settlement.locator(".outcome li").first).to_contain_text("went out first")
    expect(settlement.locator("tbody tr")).to_have_count(3)
    expect(page.locator(".seat .shown-hand")).not_to_have_count(0)
    assert any(u.endswith("/final") for u in requests)
    assert not any("seat=all" in u for u in requests)
    page.screenshot(path=str(artifacts / "replay-result-laptop.png"), full_page=True)
    # In 中文 the step's words and the settlement hold no English but the players' names.
    page.click("button.lang-switch")
    expect(page.locator(".settlement h2")).to_contain_text("结算")
    expect(page.locator(".replay-controls h1 small")).to_have_text("三人斗地主")
    words = page.locator(".replay-notes").inner_text() + page.locator(".settlement").inner_text()
    page.screenshot(path=str(artifacts / "replay-result-zh-laptop.png"), full_page=True)
    for _ in range(2):
        page.click("button.prev")
        words += page.locator(".replay-notes").inner_text()
    assert not re.search(r"[A-Za-z]{2,}", words.replace("Ann", "").replace("Bo", "").replace("Cy", "")), words
    assert errors(frames) == []
    page.close()


def _people_at_every_seat(
    browser: Browser, server_url: str, variant: str, players: int
) -> tuple[list[Page], list[list[dict[str, Any]]]]:
    """A room with a person (a browser page at laptop size) in every seat, the hand dealt; each page's frames."""
    room = create_room(server_url, variant=variant, name="P1")
    pages, recorded = [], []
    for seat in range(players):
        context = new_context(browser, viewport=LAPTOP)
        context.add_init_script("localStorage.setItem('paiju.lang', 'en');")
        if seat == 0:
            remember_identity(context, room["code"], room, "P1")
        page = context.new_page()
        recorded.append(record_frames(page))
        if seat:
            join_room(page, f"{server_url}/r/{room['code']}", f"P{seat + 1}")
        else:
            page.goto(f"{server_url}/r/{room['code']}")
        sit(page, seat)
        pages.append(page)
    pages[0].click("button.start")
    return pages, recorded


def _latest_view(frames: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((f["view"] for f in reversed(frames) if f["type"] == "view"), None)


def _shoot(page: Page, path: Path) -> None:
    """The page at laptop size, then at phone size (`-laptop.png`, `-phone.png`), once the banners have gone."""
    expect(page.locator("#notices .banner")).to_have_count(0)
    page.screenshot(path=str(path.with_name(path.name + "-laptop.png")))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(path.with_name(path.name + "-phone.png")), full_page=True)
    page.set_viewport_size(LAPTOP)


def test_the_speculator_sees_its_gifts_the_auction_and_the_play_explained_at_the_table(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    pages, recorded = _people_at_every_seat(browser, server_url, "spec-4p1d", 4)
    shot: set[str] = set()
    deadline = time.monotonic() + 90
    while shot != {"gift", "bid", "play"} and time.monotonic() < deadline:
        for seat, page in enumerate(pages):
            view = _latest_view(recorded[seat])
            if view and view["parts"]["speculator"]["seat"] == seat and view["phase"] not in shot and view["phase"] != "over":
                expect(page.locator(f".phase-panel-{view['phase']}")).to_be_visible()
                _shoot(page, artifacts / f"phase-spec-4p1d-{view['phase']}")
                shot.add(view["phase"])
        acting = [p for p in pages if p.locator(".actions").count()]
        if acting:
            take_turn(acting[0])
        time.sleep(0.05)
    assert shot == {"gift", "bid", "play"}, shot
    for seat, page in enumerate(pages):
        assert errors(recorded[seat]) == []
        page.context.close()


def test_the_landlord_naming_a_partner_sees_the_choice_explained_at_the_table(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    pages, recorded = _people_at_every_seat(browser, server_url, "spec-6p3d", 6)
    deadline = time.monotonic() + 90
    landlord = None
    while landlord is None and time.monotonic() < deadline:
        views = [_latest_view(frames) for frames in recorded]
        landlord = next((v["landlord"] for v in views if v and v["phase"] == "partner"), None)
        acting = [p for p in pages if p.locator(".actions").count()]
        if landlord is None and acting:
            take_turn(acting[0])
        time.sleep(0.05)
    assert landlord is not None
    panel = pages[landlord].locator(".phase-panel-partner")
    expect(panel).to_contain_text("whoever holds its other copy becomes your partner")
    legal = (_latest_view(recorded[landlord]) or {}).get("legal", [])
    if any(a.startswith("alone ") for a in legal):  # 一打四 is offered only with a pair of one suit
        expect(panel.locator(".alone")).to_contain_text("×3")
    _shoot(pages[landlord], artifacts / "phase-spec-6p3d-partner")
    other = pages[(landlord + 1) % 6]
    expect(other.locator(".phase-panel-partner")).to_contain_text(f"P{landlord + 1}, the landlord, is naming a partner")
    for seat, page in enumerate(pages):
        assert errors(recorded[seat]) == []
        page.context.close()


def _give_a_red_card(page: Page) -> None:
    """As the speculator: lift the first red card that may be given and press Give."""
    page.locator(".hand .card.red:not(.dim)").first.click(position=CARD_CORNER)
    before = page.query_selector(".actions")
    page.click("button.act-give")
    page.wait_for_function("el => !el.isConnected", arg=before, timeout=10_000)


def _turns_until(
    pages: list[Page], recorded: list[list[dict[str, Any]]], seat: int, done: Any, act: bool = True
) -> dict[str, Any]:
    """Take the turns of ``pages`` (without ``act``, only wait) until ``done(view)`` holds for ``seat``'s latest
    view, and return that view."""
    deadline = time.monotonic() + HAND_SECONDS
    while time.monotonic() < deadline:
        view = _latest_view(recorded[seat])
        if view and done(view):
            return view
        acting = [p for p in pages if act and p.locator(".actions").count()]
        if acting:
            take_turn(acting[0])
        pages[seat].wait_for_timeout(50)  # the frames are recorded while Playwright runs
    raise AssertionError(f"seat {seat} did not get there within {HAND_SECONDS} s: {_latest_view(recorded[seat])}")


def test_a_two_colour_table_shows_every_phase_it_passes_through(
    browser: Browser, server_url: str, artifacts: Path
) -> None:
    """spec-4p3d-2c with a person at each seat: the gifts as the speculator, with the colour rule that dims its
    red cards once the landlord's pile holds 5 red, the auction, the reveal, the play and the settlement,
    each shot at laptop and phone size (`phase-spec-4p3d-2c-<phase>-<size>.png`)."""
    pages, recorded = _people_at_every_seat(browser, server_url, "spec-4p3d-2c", 4)
    shot = "phase-spec-4p3d-2c"
    names = [f"P{seat + 1}" for seat in range(4)]
    first = _turns_until(pages, recorded, 0, lambda v: v["phase"] == "gift", act=False)
    spec = first["parts"]["speculator"]["seat"]
    page = pages[spec]
    # The gifts: the landlord's pile takes 5 red + 5 black, so after 5 red cards the red ones are dimmed, with why.
    gift = _turns_until(pages, recorded, spec, lambda v: v["phase"] == "gift" and v["legal"], act=False)
    assert gift["parts"]["speculator"]["gifts"] == [{"seat": -1, "cards": "", "size": 10, "colours": "5r5b"}]
    expect(page.locator(".phase-panel-gift .pile .pile-colours").first).to_have_text("5 red + 5 black")
    colour = page.locator(COLOUR_REFUSAL)
    for _ in range(5):
        if colour.count():
            break
        _give_a_red_card(page)
    expect(colour).to_contain_text("colour")
    expect(colour.locator(".card.red").first).to_be_visible()
    expect(page.locator(".phase-panel-gift .pile").first).to_contain_text("the landlord-to-be")
    assert (_latest_view(recorded[spec]) or {})["parts"]["speculator"]["gifts"][0]["size"] == 10
    # The middle of the table keeps the pile being filled in sight.
    scroll_to(page, COLOUR_REFUSAL)
    _shoot(page, artifacts / f"{shot}-gift")
    # The auction, as the first seat to bid sees it: the rule and its bid buttons.
    _turns_until(pages, recorded, spec, lambda v: v["phase"] == "bid")
    bidder = next(p for p in pages if p.locator("button.act-bid").count())
    expect(bidder.locator(".phase-panel-bid")).to_contain_text("The highest bid becomes landlord")
    _shoot(bidder, artifacts / f"{shot}-bid")
    # The reveal: the landlord told, and every pile face up beside its receiver's name (the landlord's 10, 4 each).
    play = _turns_until(pages, recorded, spec, lambda v: v["phase"] != "bid")
    assert play["phase"] == "play", play["phase"]
    expect(page.locator("#notices .banner-landlord")).to_contain_text(f"{names[play['landlord']]} is the landlord")
    page.screenshot(path=str(artifacts / f"{shot}-reveal-laptop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / f"{shot}-reveal-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)
    sizes = {g["seat"]: g["size"] for g in play["parts"]["speculator"]["gifts"]}
    assert sizes == {s: 10 if s == play["landlord"] else 4 for s in range(4) if s != spec}
    piles = page.locator(".table .gifts .gift")
    expect(piles).to_have_count(3)
    for g in play["parts"]["speculator"]["gifts"]:
        expect(piles.filter(has_text=names[g["seat"]]).locator(".card")).to_have_count(g["size"])
    # The play: the speculator's side and the stake explained beside the table.
    expect(page.locator(".phase-panel-play .side")).to_have_count(1)
    expect(page.locator(".phase-panel-play .stake .chip").first).to_be_visible()
    _shoot(page, artifacts / f"{shot}-play")
    # The settlement: 托管 at every seat plays the hand out; one line per seat, each by name.
    for each in pages:
        auto_on(each)
    expect_settlement(page, 4)
    rows = page.locator(".settlement tbody tr")
    for seat in range(4):
        expect(rows.nth(seat)).to_contain_text(names[seat])
    scroll_to(page, ".settlement")
    _shoot(page, artifacts / f"{shot}-settlement")
    for seat, each in enumerate(pages):
        assert errors(recorded[seat]) == []
        each.context.close()
