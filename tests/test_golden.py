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
from paiju.cli import main
from paiju.climbing import Game, Play
from paiju.engine import HandEngine, open_hand
from paiju.engine import game_log as any_game_log
from paiju.engine import replay as any_replay
from paiju.policy import table_policy
from paiju.trick import TrickHand
from paiju.trick import observe as hand_view
from paiju.trick.follow import legal_follows, legal_leads
from paiju.trick.state import Phase
from paiju.variants import REGISTRY, Variant

HERE = Path(__file__).resolve().parent
REGEN = os.environ.get("PAIJU_REGEN") == "1"
SEEDS = [1, 2, 3]


def _golden_game(variant: Variant) -> HandEngine:
    """The seeded hand every table keeps, played by its family's own bot."""
    game = open_hand(variant, 2026)
    play_out(game, [make_bot(table_policy(variant.family).bot, s, variant.family) for s in range(variant.players)])
    return game


def _trick_counts(variant: Variant) -> dict[str, list[int]]:
    """For each seed, once the rule bots have declared and buried: the 庄家's leads (every one it may attempt), and
    the next seat's legal follows summed over the first 300 of them, each list complete (no cap)."""
    out: dict[str, list[int]] = {}
    for seed in SEEDS:
        hand = TrickHand(variant, seed)
        bots = [make_bot("rule", s, "trick") for s in range(variant.players)]
        while hand.phase is not Phase.PLAY:
            seat = min(hand.actors())  # during a paced deal every seat acts: the lowest first
            hand.apply(bots[seat].act(hand_view(hand, seat)), seat)
        state = hand.state
        leader, follower = state.to_act, (state.to_act + 1) % variant.players
        leads = legal_leads(state.hands[leader], state.trumps)
        assert variant.trick is not None
        answers = sum(
            len(legal_follows(lead, state.hands[follower], state.trumps, variant.trick)) for lead in leads[:300]
        )
        out[str(seed)] = [len(leads), answers]
    return out


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
            game.push(lead)  # tried and taken back: the counts of a log's replay, at a fraction of its cost
            answers += len(game.legal_actions()) if not game.is_over else 0
            game.pop()
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
    _check(HERE / "golden" / f"{name}.json", any_game_log(game))
    again = any_replay(json.loads((HERE / "golden" / f"{name}.json").read_text(encoding="utf-8")))
    assert again.result == game.result


@pytest.mark.parametrize("name", list(REGISTRY))
def test_move_counts(name: str) -> None:
    """Per variant and seed: the number of legal leads and of two-ply answers is unchanged."""
    variant = REGISTRY[name]
    counts = _trick_counts(variant) if variant.family == "trick" else _counts(variant)
    _check(HERE / "counts" / f"{name}.json", counts)


def test_the_tables_json_is_golden(capsys: pytest.CaptureFixture[str]) -> None:
    """`paiju variants --json`, the tables as logs, rooms and table files hold them, keeps its bytes: how the rule
    records are grouped in Python is not part of the contract. Each table's ``engine`` (whether the compiled
    generator is built here) is left out of the comparison."""
    assert main(["variants", "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert {table.pop("engine") for table in tables} <= {"compiled", "python"}
    out = json.dumps(tables, ensure_ascii=False) + "\n"
    path = HERE / "golden" / "variants.json"
    if REGEN:
        path.write_text(out, encoding="utf-8")
    assert out == path.read_text(encoding="utf-8")
