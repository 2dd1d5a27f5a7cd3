"""What ``simulate`` reports for a seeded run, and what every seat's view says at every decision, stay as they are.

A change to either is a change to what a seed plays (or to the server's frames, whose views are a contract): set
``PAIJU_REGEN=1`` to rewrite ``tests/golden/simulate.json`` after a deliberate one, and explain it in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from paiju.bots import make_bot
from paiju.engine import family, new_session
from paiju.simulate import simulate
from paiju.variants import get_variant

PINNED = Path(__file__).resolve().parent / "golden" / "simulate.json"
REGEN = os.environ.get("PAIJU_REGEN") == "1"
#: (table, bots, hands, seed): random play on the tables whose legal lists are plain, lazy (wild readings) or the
#: trick family's, and every other bot beside it.
RUNS = [
    ("classic", "random,random,random", 40, 7),
    ("classic", "heuristic,minimal,random", 12, 3),
    ("laizi", "random,random,random", 12, 5),
    ("spec-5p3d", "random,random,random,random,random", 3, 2),
    ("spec-6p3d", "heuristic,random,minimal,random,heuristic,random", 3, 4),
    ("five-player", "random,heuristic,random,random,random", 6, 1),
    ("chaodipi", "rule,random,rule,random", 4, 6),
    ("chaodipi-live", "random,random,random,random", 4, 8),
]
#: Tables whose every view is hashed at every decision of a few seeded hands.
VIEW_TABLES = ["classic", "laizi", "spec-5p1d", "spec-6p3d", "five-player", "dou-dizhu-emperor", "chaodipi-live"]


def _pinned() -> dict[str, object]:
    return json.loads(PINNED.read_text(encoding="utf-8")) if PINNED.exists() else {}


def _check(key: str, actual: object) -> None:
    pinned = _pinned()
    if REGEN:
        pinned[key] = actual
        PINNED.write_text(json.dumps(pinned, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    if key not in pinned:
        pytest.fail(f"{PINNED.name} has no {key!r}: run with PAIJU_REGEN=1 to pin it")
    assert pinned[key] == actual


@pytest.mark.parametrize(("table", "bots", "hands", "seed"), RUNS, ids=[f"{r[0]}:{r[1]}" for r in RUNS])
def test_a_seeded_simulation_reports_what_it_always_did(table: str, bots: str, hands: int, seed: int) -> None:
    """The same seed, bots and hands give the same report, number for number, as the pinned run."""
    report = simulate(get_variant(table), hands, bots.split(","), seed)
    _check(f"report {table} {bots} {hands} {seed}", report.to_json())


@pytest.mark.parametrize("table", VIEW_TABLES)
def test_every_view_of_a_seeded_hand_is_what_it_always_was(table: str) -> None:
    """Every seat's and a spectator's view, as JSON, at every decision of two seeded hands played by the table's
    own bot and the random one: the digest of them all is the pinned one."""
    variant = get_variant(table)
    played_by = family(variant.family)
    session = new_session(variant, 11)
    digest = hashlib.sha256()
    for _ in range(2):
        game = session.game
        bots = [make_bot(played_by.bot if s % 2 else "random", game.seed + s, played_by.name) for s in range(variant.players)]
        while actors := game.actors():
            for seat in [*range(variant.players), None]:
                digest.update(json.dumps(played_by.observe(game, seat).to_json(), sort_keys=True).encode())
            seat = min(actors)
            game.apply(bots[seat].act(played_by.observe(game, seat)), seat)
        session.next_hand()
    _check(f"views {table}", digest.hexdigest())
