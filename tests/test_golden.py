"""Golden playthroughs and move counts per variant: any change to them is a rule change.

Set ``PAIJU_REGEN=1`` to rewrite the files after a deliberate rule change, and explain the
change in the commit.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from paiju.bots import make_bot, play_out
from paiju.climbing import Game, Play, game_log, replay
from paiju.variants import REGISTRY, Variant

HERE = Path(__file__).resolve().parent
REGEN = os.environ.get("PAIJU_REGEN") == "1"
SEEDS = [1, 2, 3]


def _golden_game(variant: Variant) -> Game:
    game = Game(variant, seed=2026)
    play_out(game, [make_bot("heuristic", s) for s in range(variant.players)])
    return game


def _counts(variant: Variant) -> dict[str, list[int]]:
    """For each seed: legal leads of the landlord, and the answers of the next seat summed over every lead."""
    out: dict[str, list[int]] = {}
    for seed in SEEDS:
        game = Game(variant, seed)
        while game.phase in ("open_start", "gift", "bid", "grab", "open", "partner", "declare", "identity", "double", "choose"):
            # The speculator gives its highest allowed cards; the first bidder takes it at 3; the
            # landlord makes its last choice of partner; the small landlord declares; 癞子: nobody opens or grabs;
            # 五人斗地主: every seat declines to reveal and to double; 斗帝主: the emperor puts the whole bottom back.
            game.apply(game.legal_actions()[-1])
        leads = game.legal_actions()
        answers = 0
        for lead in leads:
            assert isinstance(lead, Play)
            log = game_log(game)
            child = replay(log)
            child.apply(lead)
            answers += len(child.legal_actions()) if not child.is_over else 0
        out[str(seed)] = [len(leads), answers]
    return out


def _check(path: Path, actual: object) -> None:
    if REGEN:
        path.write_text(json.dumps(actual, indent=1) + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path.name} is missing: run with PAIJU_REGEN=1 to create it")
    assert json.loads(path.read_text(encoding="utf-8")) == actual


@pytest.mark.parametrize("name", list(REGISTRY))
def test_golden_playthrough(name: str) -> None:
    """Every variant has a checked-in seeded hand; the engine still plays it move for move."""
    game = _golden_game(REGISTRY[name])
    _check(HERE / "golden" / f"{name}.json", game_log(game))
    again = replay(json.loads((HERE / "golden" / f"{name}.json").read_text(encoding="utf-8")))
    assert again.result == game.result


@pytest.mark.parametrize("name", list(REGISTRY))
def test_move_counts(name: str) -> None:
    """Per variant and seed: the number of legal leads and of two-ply answers is unchanged."""
    _check(HERE / "counts" / f"{name}.json", _counts(REGISTRY[name]))
