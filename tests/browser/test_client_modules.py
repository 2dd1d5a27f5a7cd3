"""The client's modules run in Chromium on made-up views: how legal actions are read and offered."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import mount_table, new_page, record_frames

pytestmark = pytest.mark.browser

#: A 5p1d-like view: Kh is this seat's wild card, and K 9 T J Q reads two ways.
WILD_VIEW: dict[str, Any] = {
    "seat": 0, "phase": "play", "players": 3, "roles": ["landlord", "farmer", "farmer"], "to_act": 0,
    "hand": "3s 9h Ts Jd Qc Kh Ks", "cards_left": [7, 17, 17], "landlord": 0, "bid": 2, "multiplier": 1,
    "bottom": "", "trick": None, "history": [], "scores": None, "wild_cards": "Kh", "parts": {},
    "legal": ["3", "9", "T", "J", "Q", "K", "KK", "3K(3)", "9K(9)", "K(8)9TJQ", "9TJQK", "9TJQK(K)", "give 9h", "call 7c"],
}


def _module_page(browser: Browser, server_url: str) -> Page:
    page = new_page(browser)
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    return page


def test_legal_actions_are_read_from_their_text(browser: Browser, server_url: str) -> None:
    page = _module_page(browser, server_url)
    result = page.evaluate(
        """async (view) => {
        const m = await import('/static/js/moves.js');
        const k = await import('/static/js/keyboard.js');
        const legal = m.classify(view.legal);
        const hand = view.hand.split(' ');
        return {
          plays: legal.plays.length, pass: legal.pass, verbs: legal.groups.map((g) => g.verb),
          straight: m.playsForSelection(legal.plays, ['9h', 'Ts', 'Jd', 'Qc', 'Kh']),
          pair: m.playsForSelection(legal.plays, ['Kh', 'Ks']),
          listedPick: [...k.liftForRanks(['K', '3'], hand, new Set(['Kh']), [[1, 2], [0, 5]])],
          plainPick: [...k.liftForRanks(['K'], hand, new Set(['Kh']))],
          nothing: k.liftForRanks(['A', 'A'], hand, new Set()),
          bidsNameNoCards: m.namesHandCards({ verb: 'bid', actions: [{ text: 'bid 2', arg: '2' }, { text: 'bid 3', arg: '3' }] }, ['3s', '2h']),
          givesNameCards: m.namesHandCards(legal.groups[0], view.hand.split(' ')),
        };
    }""",
        WILD_VIEW,
    )
    assert result["plays"] == 12 and result["pass"] is False and result["verbs"] == ["give", "call"]
    assert result["straight"] == ["K(8)9TJQ", "9TJQK", "9TJQK(K)"]
    assert result["pair"] == ["KK"]
    assert result["listedPick"] == [0, 5]  # the cards the server gives for a listed play of those ranks: 3s and Kh
    assert result["plainPick"] == [6]  # typed past the listed plays, a plain K takes Ks, keeping the wild card
    assert result["nothing"] is None
    assert result["bidsNameNoCards"] is False and result["givesNameCards"] is True
    page.close()


def test_several_readings_are_offered_and_sent_with_the_lifted_cards(browser: Browser, server_url: str) -> None:
    page = _module_page(browser, server_url)
    frames = record_frames(page)
    mount_table(page, WILD_VIEW)
    table = page.locator("#made-up")
    expect(table.locator(".hand .card.dim")).to_have_count(0)
    for card in ("9h", "Ts", "Jd", "Qc", "Kh"):
        table.locator(f'.hand .card[data-card="{card}"]').click()
    table.locator("button.act-play").click()
    expect(table.locator(".choices button.choice")).to_have_count(3)
    expect(table.locator(".choices button.choice")).to_have_text(["8 9 10 J Q (K as 8)", "9 10 J Q K", "9 10 J Q K (K as K)"])
    table.locator('.choices button.choice[data-action="K(8)9TJQ"]').click()
    assert page.evaluate("window.sent") == [{"action": "K(8)9TJQ", "cards": "9h Ts Jd Qc Kh"}]
    # One lifted card that a verb names gives that card; an unknown verb is a button of its own.
    table.locator("button.act-clear").click()
    table.locator('.hand .card[data-card="9h"]').click()
    expect(table.locator("button.act-give")).to_have_text("Give")
    expect(table.locator("button.act-give")).to_have_attribute("data-action", "give 9h")
    table.locator("button.act-give").click()
    table.locator('button.act-call[data-action="call 7c"]').click()
    assert page.evaluate("window.sent")[1:] == [{"action": "give 9h"}, {"action": "call 7c"}]
    # Following a pair, only the kings can take part: the other cards are dimmed.
    page.evaluate(
        """(view) => window.table.update({ view: { ...view, legal: ['pass', 'KK'] }, names: ['Ann', 'Bo', 'Cy'],
            deadline: null, counter: null, seatInfo: null, auto: false })""",
        WILD_VIEW,
    )
    expect(table.locator(".hand .card.dim")).to_have_count(5)
    expect(table.locator('.hand .card[data-card="Ks"]')).not_to_have_class(re.compile("dim"))
    page.evaluate(
        """(view) => window.table.update({ view: { ...view, legal: ['pass'] }, names: ['Ann', 'Bo', 'Cy'],
            deadline: null, counter: null, seatInfo: null, auto: false })""",
        WILD_VIEW,
    )
    expect(table.locator(".hand .card.dim")).to_have_count(7)
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


def test_the_auction_and_unknown_roles_are_drawn_from_the_view(browser: Browser, server_url: str) -> None:
    page = _module_page(browser, server_url)
    bidding = {**WILD_VIEW, "phase": "bid", "roles": ["bidder", "bidder", "small_landlord"], "to_act": 2, "landlord": None,
               "legal": ["pass", "bid 3"], "seat": 2, "wild_cards": ""}
    mount_table(page, bidding, deadline=time.time() + 20, bids=[{"seat": 0, "points": 2}, {"seat": 1, "points": 0}])
    table = page.locator("#made-up")
    expect(table.locator('.seat[data-seat="0"] .last-action')).to_have_text("Bid 2")
    expect(table.locator('.seat[data-seat="1"] .last-action')).to_have_text("No bid")
    expect(table.locator('.seat[data-seat="2"] .role-small_landlord')).to_have_text("small landlord")
    expect(table.locator("button.act-bid")).to_have_text("Bid 3")
    expect(table.locator("button.act-pass")).to_have_text("No bid")
    expect(table.locator(".action-area .timer")).to_have_text(re.compile(r"^(19|20)s$"))
    page.close()


def test_actions_and_view_fields_of_tables_the_client_does_not_know(browser: Browser, server_url: str) -> None:
    """Two-colour plays (`77 red`), the partner choice, a declaration and new view fields need no client change (the
    small landlord's fields are worded by the phase panel; others are listed as facts)."""
    page = _module_page(browser, server_url)
    view = {**WILD_VIEW, "hand": "7h 7d 7s 7c 9h", "wild_cards": "", "roles": ["landlord", "small_landlord", "farmer"],
            "legal": ["7", "9", "77 red", "77 black", "partner Ah", "alone 7h 7h", "declare"],
            "parts": {"partner": {"small_landlord": None, "shown": "Ah", "refused": "", "partnership": "named",
                                  "declared": True, "known": False, "names_self": [], "brand_new_part_field": 4}},
            "brand_new_field": 3}
    mount_table(page, view)
    table = page.locator("#made-up")
    facts = table.locator(".facts")
    # The small landlord's facts are said in words by the phase panel, not listed as raw fields.
    expect(table.locator('.phase-panel .card[data-card="Ah"]')).to_have_count(1)
    expect(facts.locator(".fact", has_text="Partnership")).to_have_count(0)
    expect(facts.locator(".fact", has_text="declared")).to_have_count(0)
    expect(facts.locator(".fact", has_text="brand new field")).to_contain_text("3")
    # A part's field the client does not draw is a fact too, named with its part.
    expect(facts.locator(".fact", has_text="partner brand new part field")).to_contain_text("4")
    expect(table.locator('.seat[data-seat="1"] .role')).to_have_text("small landlord")
    table.locator('.hand .card[data-card="7h"]').click()
    table.locator('.hand .card[data-card="7d"]').click()
    table.locator("button.act-play").click()
    expect(table.locator(".choices button.choice")).to_have_text(["7 7 red", "7 7 black"])
    table.locator(".choices button.choice", has_text="7 7 red").click()
    # The partner and 一打四 buttons say what they do, with card faces, not the engine's words.
    expect(table.locator('button[data-action="partner Ah"]')).to_contain_text("as your partner")
    expect(table.locator('button[data-action="alone 7h 7h"]')).to_contain_text("×3")
    table.locator('button[data-action="partner Ah"]').click()
    table.locator('button[data-action="alone 7h 7h"]').click()
    table.locator('button[data-action="declare"]').click()
    assert page.evaluate("window.sent") == [
        {"action": "77 red", "cards": "7h 7d"}, {"action": "partner Ah"}, {"action": "alone 7h 7h"}, {"action": "declare"},
    ]
    page.close()


def test_a_cut_legal_list_dims_nothing_and_sends_typed_cards(browser: Browser, server_url: str) -> None:
    """Past 2,000 actions the server lists only some (`legal_total` says how many): any lifted cards may be played."""
    page = _module_page(browser, server_url)
    frames = record_frames(page)
    view = {**WILD_VIEW, "wild_cards": "", "legal": ["pass", "3", "9"]}
    mount_table(page, view, legalTotal=5000)
    table = page.locator("#made-up")
    expect(table.locator(".hand .card")).to_have_count(7)
    expect(table.locator(".hand .card.dim")).to_have_count(0)
    expect(table.locator(".list-cut")).to_contain_text("5000")
    # Cards that match no listed play go as typed cards; a listed one as before.
    table.locator('.hand .card[data-card="Kh"]').click()
    table.locator('.hand .card[data-card="Ks"]').click()
    expect(table.locator(".hint-text", has_text="not a legal play")).to_have_count(0)
    table.locator("button.act-play").click()
    table.locator("button.act-clear").click()  # no server here to answer with a new hand
    table.locator('.hand .card[data-card="9h"]').click()
    table.locator("button.act-play").click()
    table.locator("button.act-pass").click()
    assert page.evaluate("window.sent") == [{"cards": "Kh Ks"}, {"cards": "9h"}, {"action": "pass"}]
    # The whole list: unplayable cards are dimmed and Play waits for a listed play.
    page.evaluate(
        """(view) => window.table.update({ view, names: ['Ann', 'Bo', 'Cy'], deadline: null, counter: null,
            seatInfo: null, auto: false, legalTotal: 3 })""",
        view,
    )
    expect(table.locator(".hand .card.dim")).to_have_count(5)
    expect(table.locator(".list-cut")).to_have_count(0)
    table.locator('.hand .card[data-card="Kh"]').click()
    expect(table.locator("button.act-play")).to_be_disabled()
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


def test_the_marked_seven_is_read_and_drawn_with_its_mark(browser: Browser, server_url: str) -> None:
    """speculator.md §3: the table's marked 7♣ comes as `7c*`: it is one card, drawn with a ★ and a title
    that says why, and the other copies are plain."""
    page = _module_page(browser, server_url)
    result = page.evaluate(
        """async () => {
        const c = await import('/static/js/cards.js');
        const el = c.cardElement('7c*');
        const plain = c.cardElement('7c');
        return {
          cards: c.parseCards('3h 7c* 7c B'), isText: c.isCardText('7c* 7c'), marked: c.isMarked('7c*'),
          classes: el.className, star: el.querySelector('.mark')?.textContent, suit: el.dataset.suit,
          title: el.title, plainClasses: plain.className,
        };
    }"""
    )
    assert result["cards"] == ["3h", "7c*", "7c", "B"] and result["isText"] is True and result["marked"] is True
    assert "marked" in result["classes"] and result["star"] == "★" and result["suit"] == "c"
    assert "speculator" in result["title"] and "marked" not in result["plainClasses"]
    page.close()


def test_cards_named_by_a_verb_are_chosen_by_lifting_them_and_the_rest_are_dimmed_with_a_reason(
    browser: Browser, server_url: str
) -> None:
    """Naming a partner (speculator.md §7): lift a same-suit pair or a bottom card, and Name partner / 一打四 act on
    it; Hint lifts each choice in turn; a card that names nobody is dimmed and a tap says why instead of lifting."""
    page = _module_page(browser, server_url)
    frames = record_frames(page)
    view = {**WILD_VIEW, "phase": "partner", "hand": "6s 6s 7h 9c Kd", "wild_cards": "", "bottom": "Kd 4c 5c",
            "legal": ["partner 6s 6s", "partner Kd", "alone 6s 6s"]}
    mount_table(page, view)
    table = page.locator("#made-up")
    name, alone = table.locator("button.act-partner"), table.locator("button.act-alone")
    expect(name).to_have_text("Name partner")
    expect(name).to_be_disabled()
    expect(alone).to_be_disabled()
    expect(table.locator(".hand .card.dim")).to_have_count(2)  # 7h and 9c name nobody
    table.locator('.hand .card[data-card="7h"]').click()
    expect(table.locator(".hand .card.selected")).to_have_count(0)
    expect(table.locator(".dim-reason")).to_contain_text("7 of hearts")
    # Hint lifts the first choice (the pair): both verbs take it.
    table.locator("button.act-hint").click()
    expect(table.locator(".hand .card.selected")).to_have_count(2)
    expect(name).to_be_enabled()
    expect(alone).to_be_enabled()
    expect(table.locator(".chosen-action")).to_contain_text("as your partner")
    # The bottom card alone names a partner, not 一打四.
    table.locator("button.act-clear").click()
    table.locator('.hand .card[data-card="Kd"]').click()
    expect(alone).to_be_disabled()
    name.click()
    assert page.evaluate("window.sent") == [{"action": "partner Kd"}]
    assert [f for f in frames if f["type"] == "pageerror"] == []
    page.close()


def test_during_play_the_public_cards_fold_into_a_corner_and_stay_open_once_opened(browser: Browser, server_url: str) -> None:
    page = _module_page(browser, server_url)
    mount_table(page, {**WILD_VIEW, "bottom": "4c 5c 6c"})
    table = page.locator("#made-up")
    folded = table.locator("details.table-cards")
    expect(folded.locator('.fact .card[data-card="4c"]')).to_be_hidden()
    expect(table.locator(".centre .phase-panel")).to_be_visible()
    folded.locator("summary").click()
    expect(folded.locator('.fact .card[data-card="4c"]')).to_be_visible()
    page.evaluate(
        """(view) => window.table.update({ view: { ...view, legal: ['pass'] }, names: ['Ann', 'Bo', 'Cy'],
            deadline: null, counter: null, seatInfo: null, auto: false })""",
        {**WILD_VIEW, "bottom": "4c 5c 6c"},
    )
    expect(table.locator('details.table-cards .fact .card[data-card="4c"]')).to_be_visible()
    page.close()


def test_every_card_of_the_wild_rank_wears_the_badge_wherever_it_lies(browser: Browser, server_url: str) -> None:
    """癞子 (other-games.md §1.2 step 6): 「点数大小相同的4张均为癞子牌」 — the four cards of the wild rank are wild for
    everyone, so a 7 another seat played, holds face up (明牌) or leads to beat wears the badge, and no other card does."""
    page = _module_page(browser, server_url)
    view = {
        **WILD_VIEW, "hand": "3s 7h 9h", "wild_cards": "7h", "cards_left": [3, 17, 16],
        "parts": {"open": {"wild_rank": "7", "open_hands": [{"seat": 1, "cards": "5c 7d 9s"}]}},
        "history": [{"seat": 2, "cards": "7s"}],
        "trick": {"seat": 2, "cards": "7s"}, "legal": ["pass", "9"],
    }
    mount_table(page, view)
    cards = page.evaluate(
        """() => [...document.querySelectorAll('#made-up .card[data-card]')].map(
            (el) => [el.dataset.card, el.classList.contains('wild'), !!el.closest('.seat, .trick'), !!el.closest('.hand')])"""
    )
    outside = [(card, wild) for card, wild, away, _ in cards if away]
    assert {card for card, _ in outside} >= {"7d", "7s", "5c", "9s"}, cards
    assert all(wild == card.startswith("7") for card, wild in outside), outside
    assert [wild for card, wild, _, mine in cards if card == "7h" and mine] == [True]
    expect(page.locator("#made-up .trick .card.wild .wild-badge")).to_have_count(1)


def test_the_stake_and_the_card_counter_are_drawn_as_the_server_sends_them(browser: Browser, server_url: str) -> None:
    """The client keeps no table of factor sizes and counts no cards: sizes and counts no rule gives (a ×5 bomb, nine
    3s) are drawn as they come, and two bombs multiply the sizes sent."""
    page = _module_page(browser, server_url)
    playing = {**WILD_VIEW, "legal": [], "factors": [{"factor": "bomb", "times": 5}, {"factor": "bomb", "times": 5},
                                                      {"factor": "spring", "times": 7}]}
    mount_table(page, playing, counter={"3": 9, "K": 0})
    table = page.locator("#made-up")
    expect(table.locator('.stake .chip[data-factor="bomb"]')).to_have_text("Bomb ×25 (2)")
    expect(table.locator('.stake .chip[data-factor="spring"]')).to_have_text("Spring ×7")
    expect(table.locator(".counter .counter-cell")).to_have_count(2)
    expect(table.locator(".counter .counter-cell").first).to_have_text("39")
    expect(table.locator(".counter .counter-cell.gone")).to_have_count(1)
    page.close()


def test_a_card_named_without_the_mark_lifts_an_unmarked_copy_first(browser: Browser, server_url: str) -> None:
    """`give 7c` names the unmarked 7♣: where the hand holds the marked 7♣ (three decks' determination card, which a
    gift may not take) beside it, Hint and the keyboard lift the unmarked copy; the marked one only when no other is."""
    page = _module_page(browser, server_url)
    found = page.evaluate(
        """async () => {
        const m = await import('/static/js/moves.js');
        return [m.indexesOfCards(['7c'], ['7c*', '7c', '8d']), m.indexesOfCards(['7c'], ['7c*', '8d']),
                m.indexesOfCards(['7c', '7c'], ['7c*', '7c']), m.indexesOfCards(['7c', '7c'], ['7c', '8d'])];
    }"""
    )
    assert found == [[1], [0], [0, 1], None]
    page.close()
