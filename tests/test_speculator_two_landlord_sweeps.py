"""Long bot sweeps of the two-landlord 投机商 tables (speculator.md §7, §12, §13): run under ``slow``."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import checked_play, replays_identically
from test_speculator_two_landlords import TABLES, expected_scores, expected_unit, leak_sweep

from paiju.bots import make_bot
from paiju.climbing import Game
from paiju.variants import get_variant

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("name", TABLES)
def test_small_landlord_hidden_over_100_hands(name: str) -> None:
    """§7 [R] 'Until it declares or plays the partner card, the small landlord's identity is hidden from
    every other seat, the landlord included': every seat's view (and its JSON) at every step of 100
    seeded hands, random and heuristic bots mixed."""
    seen = leak_sweep(get_variant(name), range(100))
    assert seen["hidden"] > 0 and seen["declared"] > 0 and seen["played"] > 0


@pytest.mark.parametrize("name", TABLES)
def test_thousand_bot_hands(name: str) -> None:
    """1,000 seeded hands, heuristic and random seats mixed: every action legal, no exception, scores
    zero-sum and equal to the §13 row × bid × multipliers (§8 instant wins: zero-sum, speculator 0);
    every 50th hand replays identically."""
    v = get_variant(name)
    tally: Counter[str] = Counter()
    for seed in range(1000):
        g = Game(v, seed)
        names = ["heuristic" if (seed >> s) & 1 else "random" for s in range(v.players)]
        r, _ = checked_play(g, [make_bot(n, seed * 19 + s) for s, n in enumerate(names)])
        assert sum(r.scores) == 0, seed
        if r.instant:
            assert g.speculator is not None and r.scores[g.speculator] == 0
            tally["instant"] += 1
        else:
            assert r.stake == expected_unit(g, r), seed
            assert list(r.scores) == expected_scores(g, r), seed
            tally[r.partnership] += 1
            tally["declared"] += g.state.partner.declared
            tally["retreat"] += r.retreat
        if seed % 50 == 0:
            replays_identically(g)
    assert tally["named"] > 300
    rules = v.speculator
    assert rules is not None
    if rules.one_against_all:  # random landlords pick 一打四 now and then
        assert tally["alone"] > 0
