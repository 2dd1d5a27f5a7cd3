"""The speculator's screen, drawn by the client from the views the engine makes for it (speculator.md §4, §10, §12):
its gifts in sight and under nothing, every pile from the start, 5p1d's wild cards named, its side in the second
person with the rule, its 3s marked wild, the readings of a play in words, and a void deal said before the next landlord.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from paiju.bots import make_bot
from paiju.climbing import Game, Give, PhaseName, observe
from paiju.variants import get_variant
from tests.browser.driver import LAPTOP, PHONE, SEAT_NAMES, lobby_page, mount_table

pytestmark = pytest.mark.browser


#: The laptop the issue was seen on (the driver's LAPTOP is 768 high).
LAPTOP_800 = {"width": 1366, "height": 800}


def _gift_view(name: str, seed: int, gives: int = 0) -> dict[str, Any]:
    """The speculator's view of a seeded ``name`` deal after ``gives`` gifts (each the first card it may give)."""
    game = Game.new(get_variant(name), seed=seed)
    assert game.phase == PhaseName.GIFT
    for _ in range(gives):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Give)))
    return dict(observe(game, game.state.speculator).to_json())


#: Where the gift panel's every line is checked: nothing drawn over it, and (laptop) nothing cut off.
COVER_SCRIPT = """() => {
  const centre = document.querySelector('.centre');
  const box = centre.getBoundingClientRect();
  const covered = [];
  for (const el of document.querySelectorAll('.phase-panel-gift p, .phase-panel-gift li')) {
    const r = el.getBoundingClientRect();
    if (!r.height || r.bottom <= box.top || r.top >= box.bottom) continue;
    const x = r.left + Math.min(8, r.width / 2), y = Math.max(r.top, box.top) + 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !centre.contains(hit)) covered.push(`${el.className || el.tagName}: ${hit?.className}`);
  }
  const hidden = [...document.querySelectorAll('.phase-panel-gift .ungiftable li, .phase-panel-gift .pile.filling')]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.top < box.top - 1 || r.bottom > box.bottom + 1).length;
  return { covered, hidden, cut: centre.scrollHeight - centre.clientHeight };
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_covers_the_gift_panel_and_a_laptop_shows_all_of_it(browser: Browser, server_url: str, artifacts: Path, lang: str) -> None:
    """The piles, the reasons a card stays and where the piles go are under nothing on a phone or a laptop, the pile
    being filled and the reasons always in sight, and none of it is cut off, in English as in 中文 (4p1d's three piles;
    8p3d's seven, part filled)."""
    for name, seed, gives in (("spec-4p1d", 1, 1), ("spec-8p3d", 2, 6)):
        view = _gift_view(name, seed, gives)
        for viewport, size in ((PHONE, "phone"), (LAPTOP_800, "laptop")):
            page, frames = lobby_page(browser, server_url, viewport, lang)
            mount_table(page, view)
            expect(page.locator(".phase-panel-gift .ungiftable li").first).to_be_attached()
            page.screenshot(path=str(artifacts / f"speculator-gifts-{name}-{lang}-{size}.png"))
            result = page.evaluate(COVER_SCRIPT)
            assert result["covered"] == [], (name, size, result)
            assert result["hidden"] == 0, (name, size, result)  # the pile being filled and why cards stay, in sight
            assert result["cut"] <= 1, (name, size, result)  # all of it in sight, nothing to scroll
            if size == "laptop":
                expect(page.locator(".phase-panel-gift .gift-rule")).to_be_in_viewport()
            assert [f for f in frames if f["type"] == "pageerror"] == []
            page.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_gift_pile_shows_from_the_first_gift_and_5p1d_names_the_others_wild_cards(
    browser: Browser, server_url: str, lang: str
) -> None:
    """(f) Before any card is given, every pile is drawn, empty, the landlord's being filled; (g) on 5p1d the step says
    which suit's highest card becomes each other player's wild card (§15 (a))."""
    page, frames = lobby_page(browser, server_url, LAPTOP, lang)
    view = _gift_view("spec-4p1d", 1)
    mount_table(page, view)
    piles = page.locator(".phase-panel-gift .pile")
    expect(piles).to_have_count(len(view["parts"]["speculator"]["gift_piles"]))
    expect(piles.nth(0)).to_have_class("pile filling empty")
    for i in range(1, len(view["parts"]["speculator"]["gift_piles"])):
        expect(piles.nth(i)).to_contain_text("0/1")
    expect(page.locator(".phase-panel-gift .gift-wilds")).to_have_count(0)
    five = _gift_view("spec-5p1d", 1)
    assert five["parts"]["speculator"]["wild_suits"] == "s"
    mount_table(page, five)
    expect(page.locator(".phase-panel-gift .gift-wilds")).to_contain_text("♠")
    expect(page.locator(".phase-panel-gift .gift-wilds")).to_contain_text("百搭" if lang == "zh" else "wild card")
    expect(page.locator(".phase-panel-gift .pile")).to_have_count(4)
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


def _play_view(name: str, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The speculator's and the landlord's views at the first play of a seeded hand of bots."""
    game = Game.new(get_variant(name), seed=seed)
    bots = [make_bot("heuristic", s) for s in range(game.players)]
    while game.phase != PhaseName.PLAY:
        actor = min(game.actors())
        game.apply(bots[actor].act(observe(game, actor)), actor)
    assert game.state.speculator is not None and game.state.landlord is not None
    return observe(game, game.state.speculator).to_json(), observe(game, game.state.landlord).to_json()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_speculator_reads_its_side_in_the_second_person_with_the_rule(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """(b) §12: the speculator is told “you … for now” and the rule (0–1 cards left, 8p3d also 44/55 → the landlord's
    side, else the farmers'); another seat reads the speculator's name and the same rule."""
    page, frames = lobby_page(browser, server_url, PHONE, lang)
    mine, landlords = _play_view("spec-8p3d", 2)
    mount_table(page, mine)
    side = page.locator(".phase-panel-play .side")
    rule = page.locator(".phase-panel-play .side-rule")
    expect(side).to_have_text("你是投机商，目前站农民一边。" if lang == "zh" else "You, the speculator, side with the farmers for now.")
    expect(rule).to_contain_text("0–1")
    expect(rule).to_contain_text("44")
    expect(rule).to_contain_text("55")
    expect(rule).to_contain_text("你" if lang == "zh" else "you join")
    expect(rule).to_be_in_viewport()
    page.screenshot(path=str(artifacts / f"speculator-side-{lang}-phone.png"))
    mount_table(page, landlords)
    expect(side).to_contain_text(SEAT_NAMES[mine["seat"]])
    expect(rule).not_to_contain_text("你" if lang == "zh" else "you")
    page.set_viewport_size(LAPTOP_800)
    mount_table(page, mine)
    expect(rule).to_be_in_viewport()
    page.screenshot(path=str(artifacts / f"speculator-side-{lang}-laptop.png"))
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_wild_threes_are_marked_and_every_reading_is_read_out_in_words(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """(c) §10: the speculator's 3s wear the wild badge in its hand; lifted cards that read two ways offer each reading
    in words (never `3(8)9TJQ`); a play on the table says what its wild 3 stood for, from the record the server sends."""
    page, frames = lobby_page(browser, server_url, PHONE, lang)
    gift = _gift_view("spec-4p1d", 1)
    mount_table(page, gift)
    threes = [c for c in gift["hand"].split() if c.startswith("3")]
    assert threes
    for card in threes:
        expect(page.locator(f'.hand .card.wild[data-card="{card}"] .wild-badge')).to_have_count(1)
    expect(page.locator(".hand .card.wild")).to_have_count(len(threes))
    play = {
        **gift, "phase": "play", "hand": "3s 9h Ts Jd Qc Ks", "legal": ["pass", "3(8)9TJQ", "9TJQ3(K)", "9TJQK"],
        "trick": {"seat": 1, "cards": "3h Kd", "wilds": [{"card": "3", "as": "K"}]}, "wild_cards": "3s",
        "parts": {"speculator": {**gift["parts"]["speculator"], "gifts": []}},
    }
    mount_table(page, play)
    expect(page.locator(".trick .wild-as")).to_have_text("百搭：3 当 K" if lang == "zh" else "wild: 3 as K")
    for card in ("3s", "9h", "Ts", "Jd", "Qc"):
        page.locator(f'.hand .card[data-card="{card}"]').click(position={"x": 6, "y": 14})
    page.locator("button.act-play").click()
    choices = page.locator(".choices button.choice")
    if lang == "zh":
        expect(choices).to_have_text(["8 9 10 J Q（3 当 8）", "9 10 J Q K（3 当 K）"])
    else:
        expect(choices).to_have_text(["8 9 10 J Q (3 as 8)", "9 10 J Q K (3 as K)"])
    page.screenshot(path=str(artifacts / f"speculator-readings-{lang}-phone.png"))
    choices.nth(1).click()
    assert page.evaluate("window.sent") == [{"action": "9TJQ3(K)", "cards": "3s 9h Ts Jd Qc"}]
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


def _frame(view: dict[str, Any], redeals: list[str]) -> dict[str, Any]:
    return {"type": "view", "view": view, "bids": [], "redeals": redeals, "hand_number": 1, "seat": view["seat"]}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_deal_nobody_bid_on_says_the_gifts_are_void_before_the_next_landlord(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """(d) §5: every bidder passed after the gifts: the speculator is told its gifts are void and the new deal finds
    the speculator anew; (e) the next landlord's banner waits until that notice has been shown on its own."""
    page, frames = lobby_page(browser, server_url, PHONE, lang)
    gift = _gift_view("spec-4p1d", 1)
    bidding = {**gift, "phase": "bid", "legal": [], "to_act": (gift["seat"] + 1) % 4}
    new_deal = {
        **bidding, "wild_cards": "",
        "parts": {"speculator": {**gift["parts"]["speculator"], "seat": (gift["seat"] + 2) % 4, "gifts": []}},
    }
    landlord = {**new_deal, "phase": "play", "landlord": (gift["seat"] + 1) % 4, "bid": 2}
    page.evaluate(
        """async (frames) => {
        const { Feedback } = await import('/static/js/notices.js');
        window.feedback = new Feedback();
        window.feedback.room({ hand_number: 0, status: 'playing', seats: [] }, 0);
        window.seen = [];
        const stack = document.querySelector('#notices .banners');
        new MutationObserver(() => window.seen.push([Date.now(), [...stack.children].map((b) => b.className)]))
          .observe(stack, { childList: true });
        const names = ['Ann', 'Bo', 'Cy', 'Di'];
        window.feedback.frame(frames[0], { names, seat: frames[0].seat });
        window.start = Date.now();
        window.feedback.frame(frames[1], { names, seat: frames[1].seat });
        window.feedback.frame(frames[2], { names, seat: frames[2].seat });
    }""",
        [_frame(bidding, []), _frame(new_deal, ["nobody bid"]), _frame(landlord, ["nobody bid"])],
    )
    banners = page.locator("#notices .banner")
    expect(banners).to_have_count(1)
    expect(banners.first).to_contain_text("你送的牌作废" if lang == "zh" else "Your gifts are void")
    expect(banners.first).to_contain_text("不叫" if lang == "zh" else "Everybody passed")
    page.screenshot(path=str(artifacts / f"speculator-void-deal-{lang}-phone.png"))
    # The page's own record of the stack (not a live look, which a slow screenshot could miss): the landlord's
    # banner joins the void-gifts one only after that one has had its time alone.
    page.wait_for_function("() => window.seen.some(([, kinds]) => kinds.length === 2)", timeout=10_000)
    seen = page.evaluate("window.seen.map(([at, kinds]) => [at - window.start, kinds])")
    at, kinds = next((at, kinds) for at, kinds in seen if len(kinds) == 2)
    assert at >= 2400, seen
    assert kinds == ["banner banner-redeal", "banner banner-landlord"], seen
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_cards_on_the_table_take_the_middles_place_and_show_every_gift(
    browser: Browser, server_url: str, artifacts: Path, lang: str
) -> None:
    """Opened during play (8p3d, just after the reveal), “Cards on the table” lies over no text of the middle: the
    middle gives way until it is closed, and every gift row (the landlord's and the six farmers') is in sight."""
    mine, _ = _play_view("spec-8p3d", 2)
    for viewport, size in ((PHONE, "phone"), (LAPTOP_800, "laptop")):
        page, frames = lobby_page(browser, server_url, viewport, lang)
        mount_table(page, mine)
        centre = page.locator(".centre .phase-panel")
        expect(centre).to_be_visible()
        page.locator(".table-cards summary").click()
        expect(centre).to_be_hidden()
        gifts = page.locator(".table-cards-body .gift")
        expect(gifts).to_have_count(len(mine["parts"]["speculator"]["gifts"]))
        body = page.locator(".table-cards-body").bounding_box()
        assert body is not None
        for i in range(gifts.count()):
            box = gifts.nth(i).bounding_box()
            assert box is not None and body["y"] <= box["y"] and box["y"] + box["height"] <= body["y"] + body["height"] + 1
            expect(gifts.nth(i)).to_be_in_viewport()
        page.screenshot(path=str(artifacts / f"speculator-table-cards-{lang}-{size}.png"))
        page.locator(".table-cards summary").click()
        expect(centre).to_be_visible()
        assert [f for f in frames if f["type"] == "pageerror"] == []
        page.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_the_reveal_every_gift_row_is_in_sight(browser: Browser, server_url: str, artifacts: Path, lang: str) -> None:
    """8p3d's reveal (§2.6), while the landlord names its partner: the landlord's gift and the six farmers' gifts, each
    beside its receiver, are all in sight in the middle of the table, which rises up to the seats above it if need be."""
    game = Game.new(get_variant("spec-8p3d"), seed=2)
    bots = [make_bot("heuristic", s) for s in range(game.players)]
    while game.phase != PhaseName.PARTNER:
        actor = min(game.actors())
        game.apply(bots[actor].act(observe(game, actor)), actor)
    view = observe(game, game.state.speculator).to_json()
    for viewport, size in ((PHONE, "phone"), (LAPTOP_800, "laptop")):
        page, frames = lobby_page(browser, server_url, viewport, lang)
        mount_table(page, view)
        gifts = page.locator(".centre .gifts .gift")
        expect(gifts).to_have_count(7)
        page.screenshot(path=str(artifacts / f"speculator-reveal-{lang}-{size}.png"))
        hidden = page.evaluate("""() => {
          const box = document.querySelector('.centre').getBoundingClientRect();
          const seats = [...document.querySelectorAll('.ring > .seat')].map((s) => s.getBoundingClientRect());
          const under = seats.filter((r) => r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right);
          return [...document.querySelectorAll('.centre .gifts .gift')].map((g) => g.getBoundingClientRect())
            .filter((r) => r.top < box.top - 1 || r.bottom > box.bottom + 1).length + under.length;
        }""")
        assert hidden == 0, (size, hidden)
        assert [f for f in frames if f["type"] == "pageerror"] == []
        page.close()


def test_the_marked_determination_card_is_dimmed_while_its_unmarked_twin_may_be_given(
    browser: Browser, server_url: str
) -> None:
    """§4 on three decks: the marked 7♣ chose the speculator and never goes into a gift, though ``give 7c`` (written
    without the ★) names its unmarked copies: the marked one is dimmed and listed as the card that stays; a twin
    is not."""
    view = _gift_view("spec-8p3d", 2)
    hand = view["hand"].split()
    assert view["parts"]["speculator"]["determination"] == "7c*" and "7c*" in hand and "7c" in hand
    assert "give 7c" in view["legal"]
    page, frames = lobby_page(browser, server_url, PHONE, "en")
    mount_table(page, view)
    expect(page.locator('.hand .card.dim[data-card="7c*"]')).to_have_count(1)
    expect(page.locator('.hand .card[data-card="7c"]:not(.dim)')).to_have_count(hand.count("7c"))
    kept = page.locator(".phase-panel-gift .ungiftable li").filter(has_text="speculator card")
    expect(kept.locator('.card[data-card="7c*"]')).to_have_count(1)
    page.locator('.hand .card[data-card="7c*"]').click()
    expect(page.locator(".action-area")).to_contain_text("the determination card stays with you")
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()
