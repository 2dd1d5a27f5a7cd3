"""``simulate`` plays a seed as it always did, however a bot is handed its turn.

A bot that reads only the legal list (``LegalOnly``: the random bot) is given that list and no view; the pinned
reports in ``tests/golden/simulate.json`` (random play, made before bots could be played so) must not change, and every
other bot plays exactly as when each is given its whole view. Set ``PAIJU_REGEN=1`` to rewrite the pins after a
deliberate change to what a seed deals or lists, and explain it in the commit.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import paiju.climbing.hand as climbing_hand
import paiju.climbing.observation as climbing_observation
import paiju.climbing.report as climbing_report
import paiju.simulate as simulation
from paiju.bots import BOTS, Bot, make_bot, play_out
from paiju.bots.random_bot import RandomBot
from paiju.climbing.observation import observe
from paiju.climbing.views import SpeculatorView
from paiju.engine import FAMILY_MODULES, HandEngine, family, new_session
from paiju.engine.draws import DRAWS
from paiju.patterns.generate import use_compiled
from paiju.simulate import simulate
from paiju.variants import REGISTRY, get_variant

PINNED = Path(__file__).resolve().parent / "golden" / "simulate.json"
REGEN = os.environ.get("PAIJU_REGEN") == "1"
#: (table, hands, seed) of random play pinned: plain legal lists, lazy ones (wild readings), 五人's hidden
#: landlord, the trick family's.
RANDOM_RUNS = [("classic", 40, 7), ("laizi", 12, 5), ("spec-5p3d", 3, 2), ("five-player", 6, 1), ("chaodipi-live", 4, 8)]
#: (table, bots, hands) played both ways: every bot beside the random one.
MIXED_RUNS = [
    ("classic", "heuristic,minimal,random", 6),
    ("spec-6p3d", "heuristic,random,minimal,random,heuristic,random", 6),
    ("spec-5p1d", "random,heuristic,random,heuristic,random", 6),
    ("dou-dizhu-emperor", "random,heuristic,random", 6),
    ("chaodipi", "rule,random,rule,random", 2),
]


class ViewOnly:
    """A bot handed its whole view at every turn, as before bots could be handed the legal list alone."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name

    def act(self, obs: Any) -> Any:
        """What the wrapped bot does with the view."""
        return self.bot.act(obs)


@pytest.mark.parametrize(("table", "hands", "seed"), RANDOM_RUNS, ids=[r[0] for r in RANDOM_RUNS])
def test_a_seeded_random_simulation_reports_what_it_always_did(table: str, hands: int, seed: int) -> None:
    """Random bots at every seat, the same seed and hands: the report is the pinned one, number for number."""
    variant = get_variant(table)
    report = simulate(variant, hands, ["random"] * variant.players, seed).to_json()
    key = f"report {table} random {hands} {seed}"
    pinned = json.loads(PINNED.read_text(encoding="utf-8")) if PINNED.exists() else {}
    if REGEN:
        pinned[key] = report
        PINNED.write_text(json.dumps(pinned, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    assert key in pinned, f"{PINNED.name} has no {key!r}: run with PAIJU_REGEN=1 to pin it"
    assert pinned[key] == report


@pytest.mark.parametrize(("table", "bots", "hands"), MIXED_RUNS, ids=[r[0] for r in MIXED_RUNS])
def test_a_bot_given_the_legal_list_alone_plays_as_with_its_whole_view(
    table: str, bots: str, hands: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bot beside the random one: the report is the same when each bot is handed its whole view."""
    names = bots.split(",")
    direct = simulate(get_variant(table), hands, names, 3).to_json()
    for name in set(names):
        made = BOTS[name]
        monkeypatch.setitem(BOTS, name, lambda seed, made=made: ViewOnly(made(seed)))
    assert simulate(get_variant(table), hands, names, 3).to_json() == direct


def test_a_random_bot_is_handed_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate makes no seat's view for a random bot, on either family's table."""
    seen: list[int | None] = []
    for table in ("classic", "chaodipi"):
        variant = get_variant(table)
        played_by = family(variant.family)

        def counted(hand: HandEngine, seat: int | None, observe: Any = played_by.observe) -> Any:
            seen.append(seat)
            return observe(hand, seat)

        module = importlib.import_module(FAMILY_MODULES[variant.family])
        monkeypatch.setattr(module, "FAMILY", replace(played_by, observe=counted))
        simulate(variant, 3, ["random"] * variant.players, 1)
    assert [s for s in seen if s is not None] == []


def test_a_finished_hand_is_counted_without_a_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate's tally reads the finished hand itself: it makes no view, a spectator's or a seat's, to count a
    hand's roles (a climbing hand's views are made by ``paiju.climbing.observation.observe``, which ``Hand.observe``
    keeps once it is imported: both are watched)."""
    made: list[int | None] = []

    def counted(hand: Any, seat: int | None) -> Any:
        made.append(seat)
        return observe(hand, seat)

    monkeypatch.setattr(climbing_observation, "observe", counted)
    monkeypatch.setattr(climbing_hand, "_observe", counted)
    simulate(get_variant("classic"), 3, ["random"] * 3, 1)
    assert made == []


@pytest.mark.parametrize("table", [name for name, v in REGISTRY.items() if v.family == "climbing"])
def test_a_tally_counts_the_roles_a_spectator_sees_at_the_end(table: str) -> None:
    """The roles a hand is counted under are those the spectator's view shows once it is over (the winner's side
    for an instant win before any bid), on every climbing table."""
    variant = get_variant(table)
    session = new_session(variant, 21)
    for _ in range(4):
        game = session.game
        play_out(game, [make_bot("random", game.seed + s) for s in range(variant.players)])
        seen, result = observe(game, None), game.result
        assert result is not None
        shown = [
            "speculator" if (spec := seen.part(SpeculatorView)) is not None and s == spec.seat
            else ("landlord" if s == result.winner else "farmer") if seen.landlord is None
            else seen.role(s)
            for s in range(variant.players)
        ]  # fmt: skip
        assert list(climbing_report.tally(game).roles) == shown
        session.next_hand()


@pytest.mark.parametrize("table", list(REGISTRY))
def test_the_legal_list_a_bot_is_handed_is_its_views(table: str) -> None:
    """At every decision of two seeded hands, the seat's legal actions are its view's, item for item, in order."""
    variant = get_variant(table)
    played_by = family(variant.family)
    session = new_session(variant, 11)
    for _ in range(2):
        game = session.game
        bots = [make_bot("random", game.seed + s, played_by.name) for s in range(variant.players)]
        while actors := game.actors():
            seat = min(actors)
            legal, shown = game.legal_actions(seat), played_by.observe(game, seat).legal
            assert len(legal) == len(shown) and all(a == b for a, b in zip(legal, shown, strict=True))
            game.apply(bots[seat].act(played_by.observe(game, seat)), seat)
        session.next_hand()


@pytest.mark.skipif(DRAWS is None, reason="the compiled extension is not built")
@pytest.mark.parametrize("seed", [0, 1, 9, -9, 2**31, 2**32 - 1, 2**32, -(2**40) - 3, 2**64 + 3, 2**100 - 7])
def test_a_bots_compiled_draws_are_random_random_choices_of_the_same_seed(seed: int) -> None:
    """``Draws(seed).choice`` takes the very draws of ``random.Random(seed).choice`` (seeds of one word and of
    several, negative ones as their size), sequences of 1 to 300 items and one past 2**20."""
    ours, theirs = DRAWS.Draws(seed), random.Random(seed)
    for n in [*range(1, 300), *range(300, 0, -7), 2**20 + 3]:
        items: Sequence[int] = list(range(n)) if n % 2 else range(n)
        assert ours.choice(items) == theirs.choice(items)
    with pytest.raises(IndexError):
        ours.choice([])


@pytest.mark.skipif(DRAWS is None, reason="the compiled extension is not built")
def test_bots_made_together_draw_each_its_own_seeds_stream() -> None:
    """A hand's bots are made before any draws, and their seeds are spread together: made twenty at a time (past the
    batch), some freed before their first draw, the rest drawn in turns, each takes its own ``random.Random``'s draws."""
    seeds = [*range(16 * 41, 16 * 41 + 12), -7, 2**32 + 1, 0, 2**31, 99, 3, 5, 8]
    ours, theirs = [DRAWS.Draws(s) for s in seeds], [random.Random(s) for s in seeds]
    del ours[2::5], theirs[2::5]
    unused = [DRAWS.Draws(s) for s in range(3)]
    del unused
    for n in range(1, 200):
        for k in reversed(range(len(ours))) if n % 2 else range(len(ours)):
            assert ours[k].choice(range(n)) == theirs[k].choice(range(n))


def test_the_random_bot_picks_alike_compiled_and_in_python() -> None:
    """With the compiled path off the random bot picks with ``random.Random.choice``, the same actions."""
    legal = list(range(37))
    compiled = RandomBot(9)
    use_compiled(False)
    try:
        python = RandomBot(9)
    finally:
        use_compiled(True)
    assert [compiled.pick(legal) for _ in range(200)] == [python.pick(legal) for _ in range(200)]


def test_a_long_simulation_tells_its_progress_a_few_hundred_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bar redraws a few times a second: simulate tells it how far it is every few hands (at most
    ``PROGRESS_STEPS`` times, here 10), not after each, and always after the last."""
    monkeypatch.setattr(simulation, "PROGRESS_STEPS", 10)
    told: list[int] = []
    simulate(get_variant("classic"), 21, ["random"] * 3, 4, told.append)
    assert told == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 21]
