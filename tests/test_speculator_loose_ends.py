"""投机商 rules a referee found loose (issue 11): each test quotes the rule it holds to."""

from __future__ import annotations

import json

import pytest

from paiju.cards import parse_ranks
from paiju.cli import main
from paiju.patterns import PatternKind, classify_ranks
from paiju.variants import REGISTRY, VariantError
from paiju.variants.custom import custom_table
from paiju.variants.files import with_overrides

FOUR_TWO = (PatternKind.FOUR_TWO_SINGLES, PatternKind.FOUR_TWO_PAIRS)


def _moves(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["moves", "--json", *argv]) == 0
    return list(json.loads(capsys.readouterr().out))


def test_speculator_four_two_kickers_differ_in_rank(capsys: pytest.CaptureFixture[str]) -> None:
    """speculator.md §9: "four+two … 4 of a rank + two singles or two pairs, the two of different ranks (不重复)"
    — 6666 with 9 and 9 is no four+two on 3p1d, whose patterns are classic's."""
    answers = _moves(capsys, "--variant", "spec-3p1d", "--hand", "666699", "--beat", "555578")
    assert "666699" not in answers and answers == ["pass", "6666"]
    assert "666699" in _moves(capsys, "--variant", "classic", "--hand", "666699", "--beat", "555578")


@pytest.mark.parametrize(
    "name", [n for n, v in REGISTRY.items() if v.speculator is not None and set(FOUR_TWO) & set(v.pattern_rules.patterns)]
)
def test_speculator_four_two_kickers_differ_on_every_table_that_has_four_two(name: str) -> None:
    """speculator.md §17.16: "four+two kickers differ in rank (seed: 不重复)" — on every speculator table with the pattern."""
    variant = REGISTRY[name]
    for cards, allowed in (("666699", False), ("66669999", False), ("666678", True), ("66667799", True)):
        kinds = {m.kind for m in classify_ranks(variant, parse_ranks(cards))}
        assert bool(kinds & set(FOUR_TWO)) is allowed, (name, cards, kinds)


def test_speculator_four_two_kickers_differ_on_custom_one_deck_tables() -> None:
    """speculator.md §16: a custom one-deck table plays the classic patterns under §9's 不重复."""
    variant = custom_table(4, 1, 13, 2, 4, 1)
    assert not {m.kind for m in classify_ranks(variant, parse_ranks("666699"))} & set(FOUR_TWO)
    assert {m.kind for m in classify_ranks(variant, parse_ranks("666678"))} & set(FOUR_TWO)


def test_speculator_rangpai_auction_is_refused_until_a_grab_round_exists() -> None:
    """speculator.md §15 3p1d: "`auction`: h grows by 1 with each 抢地主, max 3" — no 3p1d auction has a grab
    round, so the option would silently act as `bid`; it is refused with the reason instead."""
    with pytest.raises(VariantError, match="rangpai = auction.*抢地主.*rangpai = bid"):
        with_overrides(REGISTRY["spec-3p1d"], {"speculator": {"rangpai": "auction"}})
    assert with_overrides(REGISTRY["spec-3p1d"], {"speculator": {"rangpai": "bid"}}).speculator is not None
