"""A 炒地皮 room in the browser (other-games.md §7): the host plays a whole hand against three bots through the
page — declaring (or passing) with the buttons, burying by tapping 8 cards when it holds the kitty, playing by
tapping cards — to the settlement, with screenshots at phone and laptop size in English and 中文."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    CARD_CORNER,
    HAND_SECONDS,
    PHONE,
    errors,
    fill_bots_and_start,
    host_page,
    language_script,
    new_context,
    record_frames,
    scroll_to,
    shots,
)
from tests.browser.test_host_and_language import _english_words

pytestmark = pytest.mark.browser

#: The words of the Pass button while declaring, by language.
PASS_WORDS = {"en": "Pass", "zh": "不叫"}
#: Hands played at most while waiting for the host to bury.
MOST_HANDS = 3


def _views(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The view frames received so far."""
    return [f for f in frames if f.get("type") == "view"]


def _hand(view: dict[str, Any]) -> list[str]:
    """The hand's cards in the order the page draws them (grouped by category)."""
    return [card for group in view["hand_groups"] for card in group["cards"].split()]


def _tap(page: Page, view: dict[str, Any], cards: list[str], used: set[int] | None = None) -> set[int]:
    """Tap each of ``cards`` in the drawn hand (copy for copy, skipping the indexes in ``used``: cards already lifted),
    as a player lifts them. Returns every index lifted."""
    hand = _hand(view)
    used = set() if used is None else set(used)
    for card in cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(index)
        page.click(f'.trick-hand .card[data-index="{index}"]', position=CARD_CORNER)
    expect(page.locator(".trick-hand .card.selected")).to_have_count(len(used))
    return used


def _act(page: Page, view: dict[str, Any], seen: set[str], artifacts: Path, lang: str) -> None:
    """Take the host's turn in ``view`` by clicking, with a screenshot the first time each step is reached."""
    phase = view["phase"]
    if phase in ("declare", "chaodi"):
        if phase not in seen:
            seen.add(phase)
            expect(page.locator(".tfact-trump")).to_be_visible()
            if phase == "declare":
                expect(page.locator("button.act-pass")).to_have_text(PASS_WORDS[lang])
            shots(page, artifacts / f"trick-{phase}-{lang}")
        declarations = page.locator("button.act-declare")
        if declarations.count():
            declarations.last.click()
        else:
            page.click("button.act-pass")
        return
    if phase == "bury":
        burial = view["legal"][0].split()[1:]
        assert len(burial) == 8
        bury = page.locator("button.act-bury")
        expect(bury).to_be_disabled()
        lifted = _tap(page, view, burial[:7])
        expect(bury).to_be_disabled()
        _tap(page, view, burial[7:], lifted)
        expect(bury).to_be_enabled()
        if "bury" not in seen:
            seen.add("bury")
            shots(page, artifacts / f"trick-bury-{lang}")
        bury.click()
        return
    play = view["legal"][0].split()
    _tap(page, view, play)
    if view["trick"] and len(view["trick"]) >= 2 and "follow" not in seen:
        seen.add("follow")
        expect(page.locator(".trick-plays .tplay")).to_have_count(len(view["trick"]))
        shots(page, artifacts / f"trick-play-{lang}")
        if lang == "zh":
            assert (words := _english_words(page)) == [], "\n".join(words)
    page.click("button.act-play")


def _play_hand(page: Page, frames: list[dict[str, Any]], seen: set[str], artifacts: Path, lang: str) -> None:
    """Take the host's turns by clicking until the settlement shows."""
    deadline = time.monotonic() + HAND_SECONDS * 2
    while not page.locator(".settlement").count():
        assert time.monotonic() < deadline, f"the hand did not end (steps seen: {sorted(seen)})"
        views = _views(frames)
        last = views[-1] if views else None
        if (
            not page.locator(".trick-actions-area .actions").count()
            or not last
            or not last["view"]["legal"]
            or last["auto_play"]
        ):
            time.sleep(0.05)
            continue
        count = len(views)
        _act(page, last["view"], seen, artifacts, lang)
        limit = time.monotonic() + 10
        while len(_views(frames)) == count and not errors(frames):
            assert time.monotonic() < limit, "the server did not answer the act"
            page.wait_for_timeout(30)
        assert errors(frames) == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_host_plays_a_whole_chaodipi_hand_by_tapping(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """Declare (or pass), bury when the host holds the kitty, follow by tapping, and read the settlement; a hand
    where the host never declares or buries is followed by another (at most three), so both are usually seen."""
    script = language_script(lang)
    frames: list[dict[str, Any]] = []
    page = host_page(browser, server_url, PHONE, script, frames=frames, variant="chaodipi")
    fill_bots_and_start(page)
    expect(page.locator(".trick-table")).to_be_visible()
    seen: set[str] = set()
    for hand in range(MOST_HANDS):
        _play_hand(page, frames, seen, artifacts, lang)
        final = _views(frames)[-1]["view"]
        assert final["phase"] == "over" and final["result"] is not None
        outcome = page.locator(".settlement .trick-outcome")
        expect(outcome).to_be_visible()
        expect(outcome.locator(".out-points")).to_contain_text(str(final["result"]["points"]))
        expect(page.locator(".settlement tbody tr")).to_have_count(4)
        if hand == 0:
            if lang == "zh":
                assert (words := _english_words(page)) == [], "\n".join(words)
            shots(page, artifacts / f"trick-over-{lang}")
            scroll_to(page, ".trick-table")
            shots(page, artifacts / f"trick-over-table-{lang}")
        if {"bury", "declare"} <= seen:
            break
        page.click("button.next-hand")
        expect(page.locator(".settlement")).to_have_count(0)
    # Declaring may close before the host's turn (a ♥5 pair ends it at once): the made-up views below cover it.
    assert "follow" in seen, seen
    assert errors(frames) == []
    page.context.close()


#: A made-up 炒地皮 view: seat 0 holds the kitty (33 cards), hearts are trump at level 2.
GROUPS = [
    {"category": "trump", "cards": "5h R B 2h 2s 2d Ah Kh Qh Th 9h 7h"},
    {"category": "s", "cards": "As Ks Qs Js Ts 9s 6s 4s"},
    {"category": "d", "cards": "Ad Kd Td 8d 7d 3d"},
    {"category": "c", "cards": "Kc Qc Jc 9c 8c 5c 3c"},
]
BASE_VIEW: dict[str, Any] = {
    "seat": 0,
    "players": 4,
    "first": 0,
    "dealer": 0,
    "dealer_side": 0,
    "level": "2",
    "kangqi_hand": False,
    "levels": [{"level": "2", "kangqi": False, "failures": 0}, {"level": "5", "kangqi": False, "failures": 0}],
    "trump": "h",
    "declaration": {"seat": 0, "cards": "2h 2h", "strength": 4},
    "strength": 4,
    "holder": 0,
    "kitty": None,
    "kitty_size": 8,
    "leader": 0,
    "trick": [],
    "last_trick": [],
    "points": 0,
    "penalty": 0,
    "side_points": [0, 0],
    "led": None,
    "scores": None,
    "result": None,
    "hand": " ".join(g["cards"] for g in GROUPS),
    "hand_groups": GROUPS,
    "cards_left": [33, 25, 25, 25],
}
BURIAL = "3c 5c 8c 9c 3d 7d 4s 6s"


def _mount(page: Page, view: dict[str, Any], legal_total: int | None = None) -> None:
    """Draw ``view`` with TrickTableView in place of the lobby; the frames it sends go to window.sent."""
    page.evaluate(
        """async ([view, legalTotal]) => {
        const { TrickTableView } = await import('/static/js/trick_table.js');
        let root = document.getElementById('made-up');
        if (!root) {
          root = document.createElement('section');
          root.id = 'made-up';
          root.className = 'table-area';
          document.querySelector('main').replaceChildren(root);
          window.sent = [];
          window.table = new TrickTableView(root, { onAct: (frame) => window.sent.push(frame), onAuto: () => {} });
        }
        window.table.update({ view, names: ['Ann', 'Bo', 'Cy', 'Di'], deadline: null, seatInfo: null, auto: false,
          legalTotal: legalTotal ?? view.legal.length });
    }""",
        [view, legal_total],
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_made_up_views_bury_follow_declare_and_end(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """Bury is enabled by exactly 8 tapped cards; while following, the other categories are dimmed and say why;
    a ♥5 pair offers each trump; a refusal is shown under the buttons; the end is worded from ``result``."""
    context = new_context(browser, viewport=PHONE)
    if lang == "zh":
        context.add_init_script("localStorage.setItem('paiju.lang', 'zh')")
    page = context.new_page()
    frames = record_frames(page)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    bury_view = {**BASE_VIEW, "phase": "bury", "to_act": 0, "actors": [0], "legal": [f"bury {BURIAL}"]}
    _mount(page, bury_view, legal_total=400)
    expect(page.locator(".trick-hand .tgroup")).to_have_count(4)
    expect(page.locator(".trick-hand .tgroup").first).to_have_attribute("data-category", "trump")
    bury = page.locator("button.act-bury")
    expect(bury).to_be_disabled()
    _tap(page, bury_view, BURIAL.split())
    expect(bury).to_be_enabled()
    expect(page.locator(".bury-count")).to_contain_text("8")
    shots(page, artifacts / f"trick-bury-made-up-{lang}")
    bury.click()
    sent = page.evaluate("window.sent.pop()")
    assert sorted(sent["cards"].split()[1:]) == sorted(BURIAL.split()) and sent["cards"].startswith("bury ")

    follow_view = {
        **BASE_VIEW,
        "phase": "play",
        "to_act": 0,
        "actors": [0],
        "leader": 3,
        "cards_left": [25, 24, 24, 24],
        "trick": [{"seat": 3, "cards": "Kd Kd"}, {"seat": 1, "cards": "4d 5d"}, {"seat": 2, "cards": "Ad 9d"}],
        "led": "d",
        "legal": ["Ad Td", "Ad 8d", "Td 8d"],
        "points": 20,
        "side_points": [0, 20],
        "last_trick": [
            {"seat": 0, "cards": "As"},
            {"seat": 1, "cards": "3s"},
            {"seat": 2, "cards": "5s"},
            {"seat": 3, "cards": "7s"},
        ],
    }
    _mount(page, follow_view)
    expect(page.locator(".trick-hand .tgroup.led")).to_have_attribute("data-category", "d")
    expect(page.locator(".trick-hand .card.dim")).to_have_count(27)
    expect(page.locator(".trick-plays .tplay")).to_have_count(3)
    page.locator('.trick-hand .tgroup[data-category="s"] .card').first.click(position=CARD_CORNER)
    expect(page.locator(".dim-reason")).to_contain_text("spades" if lang == "en" else "方块")
    _tap(page, follow_view, ["Ad", "Td"])
    shots(page, artifacts / f"trick-follow-made-up-{lang}")
    page.click("button.act-play")
    assert page.evaluate("window.sent.pop()") == {"cards": "Ad Td"}
    page.evaluate(
        "window.table.refused({code: 'illegal_move', reason: 'bad_cards', message: 'F2: you still hold diamonds'})"
    )
    expect(page.locator(".hint-text.refusal")).to_contain_text("F2: you still hold diamonds")
    overturn = {
        "code": "illegal_move", "reason": "rule.overturn_weak", "message": "D2: 2s 2s (strength 2) does not beat …",
        "params": {"cards": "2s 2s", "strength": 2, "standing": "B B", "standing_strength": 3},
    }  # fmt: skip
    page.evaluate("frame => window.table.refused(frame)", overturn)
    worded = "an overturn must be stronger" if lang == "en" else "反主要更大"
    expect(page.locator(".hint-text.refusal")).to_contain_text(worded)
    expect(page.locator(".hint-text.refusal")).to_contain_text("B B")
    shots(page, artifacts / f"trick-declaration-refused-{lang}")

    played = [{**g, "cards": g["cards"].replace("Ad ", "").replace("Td ", "")} for g in GROUPS]
    lead_view = {
        **follow_view,
        "trick": [],
        "led": None,
        "leader": 0,
        "legal": ["As", "Ks", "As Ks"],
        "hand_groups": played,
        "hand": " ".join(g["cards"] for g in played),
    }
    _mount(page, lead_view, legal_total=900)
    _tap(page, lead_view, ["As", "Ks"])
    page.click("button.act-play")
    assert page.evaluate("window.sent.pop()") == {"cards": "As Ks"}
    failed = {
        **lead_view,
        "hand": lead_view["hand"].replace("Ks ", "", 1),
        "trick": [{"seat": 0, "cards": "Ks"}],
        "winning": 0,
        "failed_throw": {"seat": 0, "attempted": "As Ks", "forced": "Ks", "penalty": 0},
        "legal": [],
        "to_act": 1,
        "actors": [1],
    }
    _mount(page, failed)
    expect(page.locator("#toasts")).to_contain_text("failed" if lang == "en" else "失败")
    expect(page.locator(".tplay.winning .winning-mark")).to_have_count(1)

    declare_view = {
        **BASE_VIEW,
        "phase": "declare",
        "to_act": 0,
        "actors": [0],
        "dealer": None,
        "dealer_side": None,
        "holder": None,
        "cards_left": [25, 25, 25, 25],
        "trump": "h",
        "declaration": {"seat": 1, "cards": "2h 2h", "strength": 4},
        "legal": [f"declare 5h 5h {t}" for t in ("s", "h", "d", "c", "none")] + ["pass"],
    }
    _mount(page, declare_view)
    expect(page.locator("button.act-declare")).to_have_count(5)
    page.evaluate("document.getElementById('toasts')?.replaceChildren()")
    shots(page, artifacts / f"trick-declare-made-up-{lang}")
    page.click('button.act-declare[data-action="declare 5h 5h none"]')
    assert page.evaluate("window.sent.pop()") == {"action": "declare 5h 5h none"}

    over_view = {
        **BASE_VIEW,
        "phase": "over",
        "to_act": None,
        "actors": [],
        "hand": "",
        "hand_groups": [],
        "legal": [],
        "cards_left": [0, 0, 0, 0],
        "kitty": BURIAL,
        "points": 95,
        "result": {
            "points": 95,
            "kitty_multiplier": 4,
            "kitty_bonus": 20,
            "rule": "table",
            "moved": [0, 1],
            "levels": [{"level": "2", "kangqi": False, "failures": 0}, {"level": "6", "kangqi": False, "failures": 0}],
            "next_dealer": 1,
            "match_over": False,
            "passed_kangqi": None,
            "reasons": [],
        },
    }
    _mount(page, over_view)
    words = page.evaluate("view => window.table.settlementPart(view, ['Ann', 'Bo', 'Cy', 'Di']).textContent", over_view)
    expected = (
        ["Bo & Di take the deal", "95", "×4 = +20", "up 1 to 6", "Bo deals next"]
        if lang == "en"
        else ["Bo和Di上台", "95", "×4 = +20", "升 1 级，打 6", "Bo坐庄"]
    )
    for part in expected:
        assert part in words, (part, words)
    assert errors(frames) == []
    context.close()
