"""Every label in the reader's language: no Chinese characters on English screens, no English words in the 中文
lobby's table picker, each table's own names for its seats, and one wording of a settlement line on every table."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import PHONE, new_context

pytestmark = pytest.mark.browser

#: English labels that may hold Chinese: the brand, and the language switch, which names 中文 in Chinese.
CHINESE_ON_PURPOSE = {"app", "language"}
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def _page(browser: Browser, server_url: str, lang: str) -> Page:
    context = new_context(browser, viewport=PHONE)
    context.add_init_script(f"localStorage.setItem('paiju.lang', '{lang}')")
    page = context.new_page()
    page.goto(server_url)
    page.wait_for_selector(".create-room")
    return page


def test_english_labels_rule_values_and_table_texts_hold_no_chinese_characters(browser: Browser, server_url: str) -> None:
    page = _page(browser, server_url, "en")
    texts: dict[str, str] = page.evaluate(
        """async () => {
        const i18n = await import('/static/js/i18n.js');
        const { VALUE_NAMES } = await import('/static/js/i18n_rules.js');
        const names = await import('/static/js/table_names.js');
        const variants = await (await fetch('/api/variants')).json();
        const out = { ...i18n.LABELS.en, ...VALUE_NAMES.en };
        for (const v of variants) {
          out[`table ${v.name}`] = names.tableName(v);
          out[`summary ${v.name}`] = names.tableSummary(v);
        }
        return out;
    }"""
    )
    assert len(texts) > 500
    chinese = {key: text for key, text in texts.items() if key not in CHINESE_ON_PURPOSE and CJK.search(text)}
    assert chinese == {}
    page.context.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_picker_names_every_table_in_the_readers_language_only(browser: Browser, server_url: str, lang: str) -> None:
    page = _page(browser, server_url, lang)
    cards = page.locator(".variant-choice")
    expect(cards).to_have_count(page.evaluate("async () => (await (await fetch('/api/variants')).json()).length"))
    for text in cards.all_inner_texts():
        if lang == "zh":  # digits and single card letters are no words
            assert re.findall(r"[A-Za-z]{2,}", text) == [], text
        else:
            assert not CJK.search(text), text
    page.context.close()


#: A finished hand's view on a three-seat table, the landlord at seat 0.
OVER_VIEW: dict[str, Any] = {
    "seat": 1, "phase": "over", "players": 3, "roles": ["landlord", "farmer", "farmer"], "to_act": 0, "hand": "3s",
    "cards_left": [0, 5, 1], "landlord": 0, "bid": 2, "multiplier": 2, "bottom": "", "trick": None, "history": [],
    "scores": [4, -2, -2], "legal": [], "parts": {},
}


@pytest.mark.parametrize(
    ("lang", "table", "roles", "won"),
    [
        ("zh", "dou-dizhu-emperor", ["帝主", "起义军", "起义军"], "帝主赢。"),
        ("en", "dou-dizhu-emperor", ["emperor", "rebel", "rebel"], "The emperor wins."),
        ("en", "classic", ["landlord", "farmer", "farmer"], "The landlord’s side wins."),
        ("zh", "classic", ["地主", "农民", "农民"], "地主一方赢。"),
    ],
)
def test_seats_and_settlement_use_the_tables_own_role_names(
    browser: Browser, server_url: str, lang: str, table: str, roles: list[str], won: str
) -> None:
    """斗帝主 (other-games.md §6.1): the emperor 帝主 plays against the rebels 起義軍, in the seats, the settlement's
    roles and its verdict; other tables keep 地主 / 农民."""
    page = _page(browser, server_url, lang)
    shown = page.evaluate(
        """async ([view, table]) => {
        const { TableView } = await import('/static/js/table.js');
        const { settlementElement } = await import('/static/js/settlement.js');
        const root = document.createElement('div');
        document.body.append(root);
        const tableView = new TableView(root, { onAct: () => {}, onAuto: () => {} });
        tableView.update({ view, names: ['Ann', 'Bo', 'Cy'], table, deadline: null, counter: null, seatInfo: null, auto: false });
        const seats = [0, 1, 2].map((s) => root.querySelector(`.seat[data-seat="${s}"] .role`).textContent);
        const lines = view.roles.map((role, seat) => ({ seat, role, score: view.scores[seat], share: null, name: 'x' }));
        const result = { lines, winner: 0, landlord_won: true, bid: 2, stake: 2, factors: [], totals: [] };
        const settled = settlementElement(result, ['Ann', 'Bo', 'Cy'], table);
        return {
          seats, settled: [...settled.querySelectorAll('tbody tr td:nth-child(2)')].map((td) => td.textContent),
          outcome: [...settled.querySelectorAll('.outcome li')].map((li) => li.textContent).slice(1),
        };
    }""",
        [OVER_VIEW, table],
    )
    assert shown == {"seats": roles, "settled": roles, "outcome": [won]}
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["public landlord, alone (1 vs 4)", "farmer", "farmerdoubled ×2"]),
        ("zh", ["明地主（一打四）", "农民", "农民加倍 ×2"]),
    ],
)
def test_the_lone_five_player_landlord_is_named_as_the_rules_name_it(
    browser: Browser, server_url: str, lang: str, words: list[str]
) -> None:
    """§5.1: a public landlord 明地主 that holds both marked cards plays 1 vs 4; a doubled seat's badge is worded
    in the reader's language."""
    page = _page(browser, server_url, lang)
    shown = page.evaluate(
        """async () => {
        const { settlementElement } = await import('/static/js/settlement.js');
        const lines = ['lone_landlord', 'farmer', 'farmer'].map((role, seat) => ({ seat, role, score: [8, -4, -4][seat], share: null }));
        const result = { lines, winner: 0, landlord_won: true, bid: 1, stake: 4, factors: [], totals: [], doubles: [false, false, true] };
        const settled = settlementElement(result, ['Ann', 'Bo', 'Cy'], 'five-player');
        return [...settled.querySelectorAll('tbody tr td:nth-child(2)')].map((td) => td.textContent);
    }"""
    )
    assert shown == words
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "details"),
    [
        ("en", ["receives 12 (4 × unit 3)", "pays 12 (4 × unit 3)", "receives 0 (0 × unit 3)", "pays 6"]),
        ("zh", ["得 12（4 × 单位 3）", "付 12（4 × 单位 3）", "得 0（0 × 单位 3）", "付 6"]),
    ],
)
def test_a_speculator_tables_settlement_line_reads_like_a_classic_one(
    browser: Browser, server_url: str, lang: str, details: list[str]
) -> None:
    """A seat pays or receives its score on every table; a speculator table adds its share of the unit, not a
    formula that ends in the signed score."""
    page = _page(browser, server_url, lang)
    shown = page.evaluate(
        """async () => {
        const { settlementElement } = await import('/static/js/settlement.js');
        const line = (seat, role, score, share) => ({ seat, role, score, share, name: 'x' });
        const spec = { lines: [line(0, 'landlord', 12, 4), line(1, 'farmer', -12, -4), line(2, 'speculator', 0, 0)],
          winner: 0, landlord_won: true, bid: 3, stake: 3, factors: [], totals: [] };
        const classic = { lines: [line(0, 'farmer', -6, null)], winner: 1, landlord_won: true, bid: 3, stake: 6, factors: [], totals: [] };
        const cells = (el) => [...el.querySelectorAll('td.detail')].map((td) => td.textContent);
        return [...cells(settlementElement(spec, [], 'spec-4p3d-2c')), ...cells(settlementElement(classic, [], 'classic'))];
    }"""
    )
    assert shown == details
    page.context.close()


@pytest.mark.parametrize(("lang", "title", "rule"), [("zh", "叫帝主", "当帝主"), ("en", "Bidding for emperor", "becomes the emperor")])
def test_the_emperor_tables_auction_bids_for_the_emperor(
    browser: Browser, server_url: str, lang: str, title: str, rule: str
) -> None:
    """斗帝主's auction (other-games.md §6, Q6.1) chooses the emperor, who plays against the rebels."""
    view = {**OVER_VIEW, "phase": "bid", "roles": ["bidder"] * 3, "landlord": None, "bid": 0, "scores": None,
            "legal": ["pass", "bid 1", "bid 2", "bid 3"], "to_act": 1}
    page = _page(browser, server_url, lang)
    panel = page.evaluate(
        """async (view) => {
        const { TableView } = await import('/static/js/table.js');
        const root = document.createElement('div');
        document.body.append(root);
        new TableView(root, { onAct: () => {}, onAuto: () => {} }).update(
          { view, names: ['Ann', 'Bo', 'Cy'], table: 'dou-dizhu-emperor', deadline: null, counter: null, seatInfo: null, auto: false });
        const panel = root.querySelector('.phase-panel-bid');
        return { title: panel.querySelector('h3').textContent, text: panel.textContent };
    }""",
        view,
    )
    assert panel["title"] == title and rule in panel["text"]
    page.context.close()
