"""Every registered table, timed: µs per decision and hands per second with random bots and with the table's own
bot, the peak memory one hand allocates, and µs per ``clone`` of a hand in play (what search pays per node).

A decision is one bot choosing from its view and the hand applying it (``observe`` + ``act`` + ``apply``), the
work a server, a simulation or a search does per move.
"""

from __future__ import annotations

import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from paiju.bots import make_bot
from paiju.engine import AnyHand, family, open_hand
from paiju.policy import table_policy
from paiju.variants import REGISTRY, Variant

__all__ = ["clone_us", "measure_tables", "step_us", "table_rows"]

#: The hand ``clone`` is timed on: a big table in play (5 players, 3 decks).
CLONE_TABLE = "spec-5p3d"


def _play(variant: Variant, seed: int, bot: str) -> tuple[int, float, int]:
    """One hand played by ``bot`` in every seat: its decisions, the seconds they took and the longest legal list."""
    played_by = family(variant.family)
    game = open_hand(variant, seed)
    bots = [make_bot(bot, seed * 31 + s, played_by.name) for s in range(variant.players)]
    decisions = longest = 0
    start = time.perf_counter()
    while actors := game.actors():
        seat = min(actors)
        seen = played_by.observe(game, seat)
        longest = max(longest, len(seen.legal))
        game.apply(bots[seat].act(seen), seat)
        decisions += 1
    return decisions, time.perf_counter() - start, longest


def _timed(variant: Variant, bot: str, hands: int) -> dict[str, float]:
    """µs per decision and hands per second over ``hands`` seeded hands, and the longest legal list a seat had."""
    decisions, seconds, longest = 0, 0.0, 0
    for seed in range(hands):
        n, spent, most = _play(variant, seed, bot)
        decisions, seconds, longest = decisions + n, seconds + spent, max(longest, most)
    return {"us_per_decision": seconds / decisions * 1e6, "hands_per_second": hands / seconds, "longest_legal": longest}


def _peak_kib(variant: Variant, bot: str, hands: int) -> float:
    """The most memory one hand holds at once while it is played (tracemalloc's peak), the largest of ``hands``."""
    peaks = []
    for seed in range(hands):
        tracemalloc.start()
        _play(variant, seed, bot)
        peaks.append(tracemalloc.get_traced_memory()[1] / 1024)
        tracemalloc.stop()
    return max(peaks)


def measure_tables(hands: int, names: Sequence[str] | None = None) -> dict[str, dict[str, Any]]:
    """For each table: random and own-bot timings over ``hands`` hands each, and the peak memory of a hand."""
    out: dict[str, dict[str, Any]] = {}
    for name in names or list(REGISTRY):
        variant = REGISTRY[name]
        own = table_policy(variant.family).bot
        # One untimed hand first: what a table's first hand loads once (the views, a family's phases, the compiled
        # generator of its rules) would otherwise count in the decisions of whichever table is timed first.
        _play(variant, 0, "random")
        out[name] = {
            "bot": own,
            "random": _timed(variant, "random", hands),
            "own_bot": _timed(variant, own, max(1, hands // 2)),
            "peak_kib": _peak_kib(variant, own, 3),
        }
    return out


def _in_play(variant: Variant, seed: int) -> AnyHand:
    """A hand of ``variant`` played by the family's bot until the first card play is answered."""
    played_by = family(variant.family)
    game = open_hand(variant, seed)
    bots = [make_bot(table_policy(variant.family).bot, s, played_by.name) for s in range(variant.players)]
    plays = 0
    while (actors := game.actors()) and plays < 2:
        seat = min(actors)
        before = len(game.events)
        game.apply(bots[seat].act(played_by.observe(game, seat)), seat)
        plays += any(e.get("type") == "play" for e in game.events[before:])
    return game


def clone_us(repeats: int) -> float:
    """The median over ``repeats`` sweeps of µs per ``clone`` of a ``CLONE_TABLE`` hand in play."""
    games = [_in_play(REGISTRY[CLONE_TABLE], seed) for seed in range(20)]

    def clones() -> None:
        for game in games:
            for _ in range(10):
                game.clone()

    return _median_us(clones, len(games) * 10, repeats)


def _median_us(sweep: Callable[[], None], steps: int, repeats: int) -> float:
    """The median over ``repeats`` runs of ``sweep`` (``steps`` timed steps each) of µs per step."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        sweep()
        times.append((time.perf_counter() - start) / steps * 1e6)
    return statistics.median(times)


def step_us(repeats: int) -> dict[str, float]:
    """The median over ``repeats`` sweeps of µs to try an action on a ``CLONE_TABLE`` hand in play and come back, as
    a search does at each node: ``clone`` then ``apply`` on the copy, or ``push`` then ``pop`` on the hand itself."""
    games = [_in_play(REGISTRY[CLONE_TABLE], seed) for seed in range(20)]
    tries = []
    for game in games:
        seat = min(game.actors())
        legal = game.legal_actions(seat)
        tries.append((game, seat, [legal[i * len(legal) // 5] for i in range(5)]))

    def clone_apply() -> None:
        for game, seat, actions in tries:
            for action in actions:
                game.clone().apply(action, seat)

    def push_pop() -> None:
        for game, seat, actions in tries:
            for action in actions:
                game.push(action, seat)
                game.pop()

    steps = sum(len(actions) for _, _, actions in tries)
    return {name: _median_us(sweep, steps, repeats) for name, sweep in (("clone_apply", clone_apply), ("push_pop", push_pop))}


def table_rows(tables: dict[str, dict[str, Any]]) -> list[list[str]]:
    """The per-table figures as table rows: name, random µs and hands/s, the own bot, its µs and hands/s, peak KiB, the
    longest legal list either bot had."""
    return [
        [
            name,
            f"{row['random']['us_per_decision']:,.0f}",
            f"{row['random']['hands_per_second']:,.1f}",
            row["bot"],
            f"{row['own_bot']['us_per_decision']:,.0f}",
            f"{row['own_bot']['hands_per_second']:,.1f}",
            f"{row['peak_kib']:,.0f}",
            f"{max(row['random']['longest_legal'], row['own_bot']['longest_legal']):,}",
        ]
        for name, row in tables.items()
    ]
