"""The compiled two-colour generator (speculator.md §14) against its oracle, ``paiju/patterns/colour.py`` on the
pure-Python generator: on random two-colour hands — both colours held (colour-bound) or one used up, the speculator's
wild 3s of either colour, red beating black at any rank or only at an equal or higher one — both list exactly the
same moves, in the same order, leading and answering plays of every colour (bombs and wild plays among them). And
the speculator's gift choices, asked once for cards alike to the gift colour rules, are each card's own answer."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from paiju.bots import make_bot
from paiju.climbing.actions import Give
from paiju.climbing.phase_name import PhaseName
from paiju.climbing.phases.gifts import _colour_room
from paiju.climbing.speculator import giftable, speculator_wilds
from paiju.engine import family, open_hand
from paiju.patterns import Move, Wilds
from paiju.patterns import colour as colour_module
from paiju.patterns.colour import coloured_moves, moves_by_colour
from paiju.patterns.compiled import COMPILED
from paiju.patterns.generate import MoveGenerator
from paiju.variants import REGISTRY, RedOverBlack, Variant

built = pytest.mark.skipif(not COMPILED, reason="the compiled generator is not built here")

TABLES = ["spec-4p3d-2c", "spec-5p3d-2c"]
Hand = tuple[tuple[list[int], list[int]], tuple[Wilds | None, Wilds | None]]


def _pack(variant: Variant) -> list[tuple[int, int]]:
    """Every card of the table as (rank, colour): per deck two black and two red of each rank, a joker of each."""
    per_deck = [(r, c) for r in range(13) for c in (0, 1) for _ in range(2)] + [(13, 0), (14, 1)]
    return per_deck * variant.decks


def _hand(variant: Variant, rng: random.Random, wild: bool) -> Hand:
    """A random hand as natural counts per colour (black, red) and, with ``wild``, up to two 3s of each colour as the
    speculator's wild cards beside at most 14 natural cards (the oracle's mixed plays grow fast with the hand); some
    hands hold one colour only (not colour-bound)."""
    pack = _pack(variant)
    only = rng.choice([None, None, None, 0, 1])
    if only is not None:
        pack = [card for card in pack if card[1] == only]
    if wild:
        pack = [card for card in pack if card[0] != 0]
    counts: tuple[list[int], list[int]] = ([0] * 15, [0] * 15)
    for rank, colour in rng.sample(pack, rng.randint(1, 14 if wild else min(45, len(pack)))):
        counts[colour][rank] += 1
    threes = [rng.randint(0, 2) if wild and only in (None, c) else 0 for c in (0, 1)]
    wilds = (
        speculator_wilds(variant, threes[0]) if threes[0] else None,
        speculator_wilds(variant, threes[1]) if threes[1] else None,
    )
    return counts, wilds


def _agree(table: str, red_over_black: RedOverBlack, positions: int, seed: int) -> int:
    """Leads and answers of ``positions`` random hands, compiled against the oracle; the moves compared."""
    variant = REGISTRY[table]
    rules = replace(variant.pattern_rules, red_over_black=red_over_black)
    fast, pure = MoveGenerator(rules), MoveGenerator(rules, compiled=False)
    assert fast.spec is not None and pure.spec is None
    rng = random.Random(f"{table}:{red_over_black}:{seed}")
    targets: list[Move] = []
    compared = 0
    for _ in range(positions):
        counts, wilds = _hand(variant, rng, wild=rng.random() < 0.3)
        to_beat = rng.choice(targets) if targets and rng.random() < 0.7 else None
        expected = moves_by_colour(pure, counts, wilds, to_beat)
        got = moves_by_colour(fast, counts, wilds, to_beat)
        assert got == expected, (table, counts, wilds, to_beat, set(got) ^ set(expected))
        assert [type(m.key) for m in got] == [type(m.key) for m in expected]
        compared += len(expected)
        if to_beat is None and expected:
            targets = (targets + rng.sample(expected, min(3, len(expected))))[-60:]
    return compared


@built
@pytest.mark.parametrize("red_over_black", list(RedOverBlack))
@pytest.mark.parametrize("table", TABLES)
def test_the_compiled_two_colour_moves_are_the_oracles(table: str, red_over_black: RedOverBlack) -> None:
    """A sample of hands: the same moves in the same order, leading and answering."""
    assert _agree(table, red_over_black, 500, 0) > 0


@built
@pytest.mark.slow
@pytest.mark.parametrize("red_over_black", list(RedOverBlack))
@pytest.mark.parametrize("table", TABLES)
def test_the_compiled_two_colour_moves_are_the_oracles_on_20000_hands(table: str, red_over_black: RedOverBlack) -> None:
    """The deeper sweep: 20,000 random hands per table and setting."""
    assert _agree(table, red_over_black, 20_000, 1) > 0


class _Counting:
    """The extension, counting the two-colour lists it makes."""

    def __init__(self, module: Any) -> None:
        self.module, self.calls = module, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)

    def coloured(self, *args: Any) -> Any:
        self.calls += 1
        return self.module.coloured(*args)


@built
@pytest.mark.parametrize("wild", [False, True])
def test_a_two_colour_hand_is_listed_by_the_compiled_path(monkeypatch: pytest.MonkeyPatch, wild: bool) -> None:
    """The game's own entry (``coloured_moves``) serves a hand from C, with wild 3s or without, and gives the
    oracle's moves."""
    counting = _Counting(colour_module.fastgen)
    monkeypatch.setattr(colour_module, "fastgen", counting)
    variant = REGISTRY["spec-4p3d-2c"]
    rng = random.Random(7)
    counts, wilds = _hand(variant, rng, wild)
    while wild and wilds == (None, None):
        counts, wilds = _hand(variant, rng, wild)
    moves = coloured_moves(variant, counts, wilds, None)
    assert counting.calls == 1
    assert moves == moves_by_colour(MoveGenerator(variant.pattern_rules, compiled=False), counts, wilds, None)


@pytest.mark.parametrize("table", TABLES)
def test_the_gift_choices_are_the_cards_each_gift_rule_allows(table: str) -> None:
    """The speculator's gift choices, asked once per colour and highest-rank-or-not, are exactly the giftable cards
    that each pass the gift colour rules on their own, at every gift of random hands."""
    variant = REGISTRY[table]
    played_by = family(variant.family)
    checked = 0
    for seed in range(6):
        game = open_hand(variant, seed)
        bot = make_bot("random", seed, played_by.name)
        while actors := game.actors():
            seat = min(actors)
            state = game.state
            if state.phase == PhaseName.GIFT:
                assert state.spec is not None
                free = giftable(state.hands[seat], state.spec.determination, state.promoted)
                assert game.legal_actions(seat) == [Give(c) for c in free if _colour_room(state, c)]
                checked += 1
            elif state.phase == PhaseName.PLAY:
                break
            game.apply(bot.act(played_by.observe(game, seat)), seat)
    assert checked > 0
