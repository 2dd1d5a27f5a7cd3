"""Bomb ladders, joker sets and doubling bombs of the 投机商 tables (speculator.md §9, §13, §15)."""

from __future__ import annotations

import pytest

from paiju.cards import parse_ranks
from paiju.patterns import Move, beats, classify_ranks
from paiju.variants import get_variant


def bomb(table: str, cards: str) -> Move:
    """The one bomb reading of ``cards`` at ``table``."""
    readings = [m for m in classify_ranks(get_variant(table), parse_ranks(cards)) if m.is_bomb]
    assert len(readings) == 1, (table, cards, readings)
    return readings[0]


def climbs(table: str, ladder: list[str]) -> None:
    """Each bomb of ``ladder`` beats every one before it and none after it."""
    moves = [bomb(table, cards) for cards in ladder]
    for i, low in enumerate(moves):
        for high in moves[i + 1 :]:
            assert beats(high, low) and not beats(low, high), (table, high.text(), low.text())


def test_4p1d_ladder_bomb_then_rocket() -> None:
    """§15 4p1d 'Ladder: bomb4 < rocket BR'."""
    climbs("spec-4p1d", ["3333", "2222", "BR"])


def test_4p2d_bombs_grow_with_size_under_four_jokers() -> None:
    """§15 4p2d 'bombs 4 < 5 < 6 < 7 < 8 by size, then rank < 天王炸 (all 4 jokers)'; `BB`, `RR` are pairs."""
    climbs("spec-4p2d", ["3333", "2222", "33333", "22222", "333333", "3333333", "33333333", "22222222", "BBRR"])
    kinds = {m.kind for m in classify_ranks(get_variant("spec-4p2d"), parse_ranks("RR"))}
    assert kinds == {"pair"}


def test_5p2d_ladder_with_three_rockets_nuke_and_eight_bomb() -> None:
    """§15 5p2d 'bomb4 < rocket (BB < RR < BR) < bomb5 < bomb6 < bomb7 < nuke (4 jokers) < bomb8 (氢弹)'."""
    climbs("spec-5p2d", ["2222", "BB", "RR", "BR", "33333", "333333", "3333333", "BBRR", "33333333"])


def test_5p3d_ladder_with_joker_triples_and_six_jokers() -> None:
    """§15 5p3d 'bomb4 < BR < bomb5 < bomb6 < BBB < RRR < bomb7 < bomb8 < bomb9 < bomb10 < 6 jokers < bomb11'."""
    climbs(
        "spec-5p3d",
        ["2222", "BR", "33333", "333333", "BBB", "RRR", "3333333", "33333333", "333333333", "3333333333", "BBBRRR", "33333333333"],
    )


@pytest.mark.parametrize(
    ("table", "cards"),
    [("spec-5p3d", "BBRR"), ("spec-5p3d", "BBR"), ("spec-5p2d", "BBR"), ("spec-4p2d", "BR"), ("spec-4p2d", "BBR")],
)
def test_joker_sets_not_named_are_not_combinations(table: str, cards: str) -> None:
    """§9 [R] 'Joker sets not named on a table's ladder or pattern list are not combinations'."""
    assert classify_ranks(get_variant(table), parse_ranks(cards)) == []


@pytest.mark.parametrize(
    ("table", "doubling", "not_doubling"),
    [
        ("spec-4p1d", ["bomb4", "BR"], []),
        ("spec-4p2d", ["bomb6", "bomb8", "BBRR"], ["bomb4", "bomb5"]),
        ("spec-5p2d", ["BB", "RR", "BR", "bomb6", "BBRR"], ["bomb4", "bomb5"]),
        ("spec-5p3d", ["BR", "BBB", "bomb6", "BBBRRR", "bomb11"], ["bomb4", "bomb5"]),
    ],
)
def test_doubling_bombs_by_deck_count(table: str, doubling: list[str], not_doubling: list[str]) -> None:
    """§13 [R] 'one deck: every bomb and joker bomb; two and three decks: bombs of 6+ cards and every joker bomb'."""
    v = get_variant(table)
    assert set(doubling) <= v.pattern_rules.doubling_bombs
    assert not set(not_doubling) & v.pattern_rules.doubling_bombs
