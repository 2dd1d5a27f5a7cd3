"""Benchmark paiju's move generator and random play against rlcard and open_spiel, and every registered table.

Run ``python benchmarks/run.py`` (``--quick`` for fewer repetitions, ``--json`` for JSON). Every run also writes its
numbers to ``artifacts/bench-<time>.json`` (and ``artifacts/bench-latest.json``), so runs can be compared.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from paiju.cards import RANK_CHARS, parse_ranks
from paiju.climbing import Game
from paiju.patterns import Move, MoveGenerator, classify_ranks, generate_counts
from paiju.patterns.compiled import ENGINE
from paiju.patterns.generate import use_compiled
from paiju.variants import Variant, get_variant

sys.path.insert(0, str(Path(__file__).parent))
from command import simulate_command  # noqa: E402
from env import env_steps, show_env  # noqa: E402
from tables import clone_us, measure_tables, step_us, table_rows  # noqa: E402
from wild import wild_leads  # noqa: E402

V: Variant = get_variant("classic")
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
HANDS = 200
SEED = 20240601

#: The plays answered in the answer cases, with the kind of reading paiju is given.
TARGETS: dict[str, tuple[str, str]] = {
    "answer a pair": ("44", "pair"),
    "answer a straight": ("34567", "straight"),
    "answer an airplane": ("33344456", "airplane+singles"),
}
CASES: tuple[str, ...] = ("lead, 20 cards", *TARGETS)
#: ``paiju`` is the engine as installed (compiled where it was built); ``paiju (python)`` the pure-Python oracle.
ENGINES: tuple[str, ...] = ("paiju", "paiju (python)", "rlcard", "open_spiel")

Call = Callable[[], object]


# ---------------------------------------------------------------------------- positions
def card_rank(card: int) -> int:
    """Rank index of a card id 0…53 (four suits per rank, then B and R)."""
    return card // 4 if card < 52 else card - 52 + 13


def ranks_text(cards: Sequence[int]) -> str:
    """The sorted suitless card string of some card ids."""
    return "".join(RANK_CHARS[r] for r in sorted(card_rank(c) for c in cards))


def take(text: str, deck: list[int]) -> list[int]:
    """Remove the cards of a suitless string from ``deck`` and return their ids."""
    out: list[int] = []
    for ch in text:
        r = RANK_CHARS.index(ch)
        card = next(c for c in deck if card_rank(c) == r)
        deck.remove(card)
        out.append(card)
    return out


@dataclass(frozen=True)
class Position:
    """A hand to list moves for; for answers also the landlord's 20 cards, which hold the target.

    The landlord holds no other card of the target's ranks, so open_spiel (which starts no
    chain at a rank held four times) can lead it.
    """

    hand: list[int]
    target: str | None = None
    landlord: list[int] | None = None

    @property
    def counts(self) -> list[int]:
        """Per-rank counts of the hand."""
        counts = [0] * 15
        for c in self.hand:
            counts[card_rank(c)] += 1
        return counts

    @property
    def text(self) -> str:
        """The hand as a sorted suitless string."""
        return ranks_text(self.hand)


def positions(case: str) -> list[Position]:
    """The same seeded hands for every engine: 20-card leads, or 17-card answers."""
    rng = random.Random(f"{SEED}:{case}")
    out: list[Position] = []
    for _ in range(HANDS):
        deck = list(range(54))
        rng.shuffle(deck)
        if case not in TARGETS:
            out.append(Position(deck[:20]))
            continue
        target = TARGETS[case][0]
        held = take(target, deck)
        spare = [c for c in deck[17:] if RANK_CHARS[card_rank(c)] not in target]
        out.append(Position(deck[:17], target, held + spare[: 20 - len(held)]))
    return out


def paiju_target(case: str) -> Move:
    """paiju's reading of a case's target."""
    text, kind = TARGETS[case]
    return next(m for m in classify_ranks(V, parse_ranks(text)) if m.kind == kind)


# ---------------------------------------------------------------------------- engines
def paiju_calls(case: str, ps: Sequence[Position]) -> list[Call]:
    """One ``generate_counts`` call per position."""
    target = paiju_target(case) if case in TARGETS else None
    return [partial(generate_counts, V, p.counts, target) for p in ps]


def pure_calls(case: str, ps: Sequence[Position]) -> list[Call]:
    """One call of the pure-Python generator per position."""
    target = paiju_target(case) if case in TARGETS else None
    pure = MoveGenerator(V.pattern_rules, compiled=False)
    return [partial(pure.moves, p.counts, target) for p in ps]


def rlcard_calls(case: str, ps: Sequence[Position]) -> list[Call]:
    """``playable_cards_from_hand`` for leads, ``get_gt_cards`` for answers."""
    import numpy as np
    from rlcard.games.base import Card
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.player import DoudizhuPlayer
    from rlcard.games.doudizhu.utils import get_gt_cards

    if case not in TARGETS:
        return [partial(DoudizhuJudger.playable_cards_from_hand, p.text) for p in ps]
    rng = np.random.RandomState(0)
    calls: list[Call] = []
    for p in ps:
        player, greater = DoudizhuPlayer(0, rng), DoudizhuPlayer(1, rng)
        player.set_current_hand([Card(ch + "J", "") if ch in "BR" else Card("S", ch) for ch in p.text])
        greater.played_cards = TARGETS[case][0]
        calls.append(partial(get_gt_cards, player, greater))
    return calls


def os_card_id(card: int) -> int:
    """open_spiel's id of a card: suit-major 0…51, then 52 (B) and 53 (R)."""
    return card if card >= 52 else (card % 4) * 13 + card // 4


def os_state(game: Any, landlord: Sequence[int], seat1: Sequence[int] = ()) -> Any:
    """An open_spiel state after bidding, seat 0 the landlord holding ``landlord`` (20 cards)."""
    rest = [c for c in range(54) if c not in set(landlord) | set(seat1)]
    seats = [list(landlord[:17]), list(seat1) + rest[: 17 - len(seat1)], rest[17 - len(seat1):]]
    state = game.new_initial_state()
    state.apply_action(0)  # face-up card at deal position 0: seat 0 bids first
    for k in range(51):
        state.apply_action(51 + os_card_id(seats[k % 3][k // 3]))
    state.apply_action(3)  # seat 0 bids 3 and takes the three undealt cards
    return state


def open_spiel_calls(case: str, ps: Sequence[Position]) -> list[Call]:
    """``legal_actions`` on real states: the landlord's first lead, or seat 1 answering it."""
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    calls: list[Call] = []
    for p in ps:
        if p.target is None:
            state = os_state(game, p.hand)
        else:
            assert p.landlord is not None
            state = os_state(game, p.landlord, p.hand)
            lead = next(
                a for a in state.legal_actions()
                if state.action_to_string(0, a).replace("-", "") == p.target
            )
            state.apply_action(lead)
        calls.append(state.legal_actions)
    return calls


def in_turn(names: list[str], round_: int) -> list[str]:
    """The engines in the order round ``round_`` times them: each round a different one first, so a change in the
    machine's load falls on all of them alike."""
    first = round_ % len(names)
    return names[first:] + names[:first]


def time_engines(calls: dict[str, list[Call]], repeats: int) -> dict[str, float]:
    """Per engine, the median over ``repeats`` rounds of the mean µs per call, every engine timed in each round
    (``in_turn``); one untimed round first (every engine starts warm: its caches filled, the allocator's pools
    grown)."""
    names = list(calls)
    for name in names:
        for call in calls[name]:
            call()
    sweeps: dict[str, list[float]] = {name: [] for name in names}
    for i in range(repeats):
        for name in in_turn(names, i):
            start = time.perf_counter()
            for call in calls[name]:
                call()
            sweeps[name].append((time.perf_counter() - start) / len(calls[name]) * 1e6)
    return {name: statistics.median(times) for name, times in sweeps.items()}


# ---------------------------------------------------------------------------- random play
def paiju_games(n: int, round_: int, compiled: bool = True) -> float:
    """paiju hands per second with random legal actions: the engine as installed (``compiled``), or pure Python."""
    use_compiled(compiled)
    try:
        rng = random.Random(f"{SEED}:{round_}")
        start = time.perf_counter()
        for i in range(round_ * n, (round_ + 1) * n):
            g = Game.new(V, seed=i)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
        return n / (time.perf_counter() - start)
    finally:
        use_compiled(True)


def rlcard_games(n: int, round_: int) -> float:
    """rlcard ``DoudizhuGame`` hands per second with random legal actions."""
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    rng = random.Random(f"{SEED}:{round_}")
    game = DoudizhuGame()
    game.np_random = np.random.RandomState(SEED + round_)
    start = time.perf_counter()
    for _ in range(n):
        state, _ = game.init_game()
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[rng.randrange(len(actions))])
    return n / (time.perf_counter() - start)


def open_spiel_games(n: int, round_: int) -> float:
    """open_spiel ``dou_dizhu`` hands per second; chance outcomes and actions uniform."""
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(f"{SEED}:{round_}")
    start = time.perf_counter()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
    return n / (time.perf_counter() - start)


def play_rates(engines: dict[str, Callable[[int, int], float]], games: int, rounds: int) -> dict[str, float]:
    """Per engine, the median hands per second over ``rounds`` rounds of ``games // rounds`` hands (new deals each
    round), every engine playing in each round (``in_turn``), each after one untimed hand (its caches warm again
    after the others ran)."""
    names = list(engines)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        for name in in_turn(names, r):
            engines[name](1, r)
            rates[name].append(engines[name](max(1, games // rounds), r))
    return {name: statistics.median(found) for name, found in rates.items()}


# ---------------------------------------------------------------------------- main
def available(module: str) -> bool:
    """Whether an optional reference engine imports."""
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def measure(quick: bool) -> dict[str, Any]:
    """Every number of the benchmark."""
    repeats, games, table_hands = (3, 30, 4) if quick else (7, 700, 20)
    command_games, command_rounds = (600, 1) if quick else (6000, 3)
    have = {"paiju": True, "paiju (python)": True, "rlcard": available("rlcard"), "open_spiel": available("pyspiel")}
    makers: dict[str, Callable[[str, Sequence[Position]], list[Call]]] = {
        "paiju": paiju_calls,
        "paiju (python)": pure_calls,
        "rlcard": rlcard_calls,
        "open_spiel": open_spiel_calls,
    }
    moves: dict[str, dict[str, float | None]] = {}
    for case in CASES:
        ps = positions(case)
        timed = time_engines({e: makers[e](case, ps) for e in ENGINES if have[e]}, repeats)
        moves[case] = {e: timed.get(e) for e in ENGINES}
    players: dict[str, Callable[[int, int], float]] = {
        "paiju": paiju_games,
        "paiju (python)": partial(paiju_games, compiled=False),
        "rlcard": rlcard_games,
        "open_spiel": open_spiel_games,
    }
    rates = play_rates({e: players[e] for e in ENGINES if have[e]}, games, repeats)
    play: dict[str, float | None] = {e: rates.get(e) for e in ENGINES}
    return {
        "engine": ENGINE,
        "hands": HANDS,
        "repeats": repeats,
        "games": games,
        "us_per_move_list": moves,
        "random_play_hands_per_second": play,
        "table_hands": table_hands,
        "tables": measure_tables(table_hands),
        "clone_us": {"table": "spec-5p3d", "us": clone_us(repeats)},
        "step_us": {"table": "spec-5p3d", **step_us(repeats)},
        "wild_lead_us": wild_leads(5 if quick else 20, repeats),
        "simulate_command": simulate_command(command_games, command_rounds, open_spiel_games if have["open_spiel"] else None),
        "env_steps": env_steps(quick) if available("pettingzoo") else None,
    }


def show(results: dict[str, Any]) -> None:
    """Print the results as rich tables."""
    console = Console(width=None if sys.stdout.isatty() else 120)  # a log or a pipe: wide enough for every column

    def cell(x: float | None, digits: int) -> str:
        return "n/a" if x is None else f"{x:,.{digits}f}"

    table = Table(title=f"µs per legal-move list ({results['hands']} hands, median of {results['repeats']})")
    table.add_column("case")
    for e in ENGINES:
        table.add_column(e, justify="right")
    for case, row in results["us_per_move_list"].items():
        table.add_row(case, *(cell(row[e], 1) for e in ENGINES))
    console.print(table)

    play = Table(title=f"random play: hands per second ({results['games']} hands)")
    for e in ENGINES:
        play.add_column(e, justify="right")
    play.add_row(*(cell(results["random_play_hands_per_second"][e], 1) for e in ENGINES))
    console.print(play)

    tables = Table(title=f"paiju ({results['engine']}), every table: µs per decision and hands/s, "
                   f"{results['table_hands']} hands with random bots, half as many with the table's own bot; "
                   "peak KiB one hand holds; the longest legal list a seat had")
    for column in ("table", "random µs", "random h/s", "own bot", "bot µs", "bot h/s", "peak KiB", "longest"):
        tables.add_column(column, justify="left" if column == "table" else "right")
    for row in table_rows(results["tables"]):
        tables.add_row(*row)
    console.print(tables)
    wild = Table(title="wild readings: µs per lead list of a speculator holding wild 3s")
    for column in ("case", "paiju", "paiju, all read", "paiju (python)", "moves"):
        wild.add_column(column, justify="left" if column == "case" else "right")
    for case, row in results["wild_lead_us"].items():
        wild.add_row(
            case, *(cell(row[k], 1) for k in ("paiju", "paiju, all read", "paiju (python)")), cell(row["moves"], 0)
        )
    console.print(wild)
    sim = results["simulate_command"]
    beside = "" if sim["ratio"] is None else (
        f"; open_spiel's random play {sim['open_spiel_hands_per_second']:,.0f} hands/s in the same rounds"
        f" ({sim['ratio']:.2f}×)"
    )
    console.print(
        f"paiju simulate --variant {sim['table']} --games {sim['games']:,} --bots {sim['bots']}, the whole command"
        f" (start-up included, median of {sim['rounds']}): {sim['hands_per_second']:,.0f} hands/s{beside}"
    )
    clone = results["clone_us"]
    console.print(f"clone(): {clone['us']:,.1f} µs per copy of a {clone['table']} hand in play")
    step = results["step_us"]
    console.print(
        f"an action tried and taken back on a {step['table']} hand in play: clone() + apply() {step['clone_apply']:,.1f} µs,"
        f" push() + pop() {step['push_pop']:,.1f} µs"
    )
    if results["env_steps"] is not None:
        show_env(console, results["env_steps"])


def save(results: dict[str, Any]) -> Path:
    """Write the results under ``artifacts/`` (time-stamped, and as the latest run)."""
    ARTIFACTS.mkdir(exist_ok=True)
    text = json.dumps({"when": time.strftime("%Y-%m-%dT%H:%M:%S"), **results}, indent=2)
    path = ARTIFACTS / f"bench-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(text + "\n", encoding="utf-8")
    (ARTIFACTS / "bench-latest.json").write_text(text + "\n", encoding="utf-8")
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Parse flags, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and games")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    results = measure(args.quick)
    path = save(results)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        show(results)
        Console().print(f"written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
