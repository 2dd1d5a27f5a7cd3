"""Heuristic against random, by role: one common auction, then each side played by one bot.

Every seeded deal is bid by heuristic bots for all seats (so the landlord is chosen sensibly),
then played twice: heuristic landlord against random farmers, and random landlord against
heuristic farmers.  Prints win rates with 95% intervals.

``--speed LEVEL`` measures a level's thinking instead (docs/bots.md, "Speed and strength"):
``--deals`` hands of ``--variant`` with the level in seat 0 and ``easy`` bots beside it, its
decisions a second, mean and slowest decision (one with one legal action counts too), and the
process's peak memory (run one level per process: the peak is the process's own).
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import time

from paiju.bots import act_for, make_bot
from paiju.climbing import Game, observe
from paiju.engine import open_hand, variant_family
from paiju.variants import get_variant


def play(seed: int, landlord_bot: str, farmer_bot: str) -> tuple[bool, int]:
    """Play one deal; return (landlord won, landlord score)."""
    game = Game(get_variant("classic"), seed)
    bidders = [make_bot("heuristic", seed * 3 + s) for s in range(3)]
    while game.phase == "bid":
        game.apply(bidders[game.to_act].act(observe(game, game.to_act)))
    assert game.landlord is not None
    bots = [make_bot(landlord_bot if s == game.landlord else farmer_bot, seed * 7 + s) for s in range(3)]
    while game.result is None:
        game.apply(bots[game.to_act].act(observe(game, game.to_act)))
    return game.result.landlord_won, game.result.scores[game.landlord]


def speed(level: str, variant: str, deals: int) -> dict[str, float]:
    """``level``'s decisions a second, mean and slowest decision (ms) in seat 0 of ``deals`` hands of ``variant``
    played with ``easy`` bots in the other seats, and the process's peak memory (MB) after them."""
    table = get_variant(variant)
    times: list[float] = []
    for deal in range(deals):
        hand = open_hand(table, deal)
        bots = [
            make_bot(level if s == 0 else "easy", deal * 16 + s, variant_family(table)) for s in range(table.players)
        ]
        while not hand.is_over:
            seat = min(hand.actors())
            started = time.perf_counter()
            action = act_for(bots[seat], hand, seat)
            if seat == 0:
                times.append(time.perf_counter() - started)
            hand.apply(action, seat)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"decisions": len(times), "per_s": round(len(times) / sum(times), 1),
            "mean_ms": round(1000 * sum(times) / len(times), 1), "slowest_ms": round(1000 * max(times)),
            "peak_mb": round(peak)}  # fmt: skip


def main() -> None:
    """Run the comparison and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--speed", metavar="LEVEL", help="measure LEVEL's decisions a second and memory instead")
    parser.add_argument("--variant", default="classic", help="the table of --speed")
    args = parser.parse_args()
    if args.speed:
        found = speed(args.speed, args.variant, args.deals)
        if args.json:
            print(json.dumps({args.speed: found}))
            return
        print(
            f"{args.speed} on {args.variant}: {found['per_s']:g} decisions/s over {found['decisions']}, mean"
            f" {found['mean_ms']:g} ms, slowest {found['slowest_ms']:g} ms, peak memory {found['peak_mb']:g} MB"
        )
        return
    rows = {}
    for label, lb, fb, side in (
        ("heuristic landlord vs random farmers", "heuristic", "random", "landlord"),
        ("random landlord vs heuristic farmers", "random", "heuristic", "farmers"),
        ("heuristic landlord vs heuristic farmers", "heuristic", "heuristic", "landlord"),
        ("random landlord vs random farmers", "random", "random", "landlord"),
    ):
        wins = 0
        for i in range(args.deals):
            landlord_won, _ = play(i, lb, fb)
            wins += landlord_won if side == "landlord" else not landlord_won
        p = wins / args.deals
        rows[label] = {
            "side": side,
            "deals": args.deals,
            "win_rate": round(p, 4),
            "ci95": round(1.96 * math.sqrt(p * (1 - p) / args.deals), 4),
        }
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for label, r in rows.items():
        print(f"{label:<42} {r['side']:<8} win {r['win_rate']:.3f} ± {r['ci95']:.3f} ({r['deals']} deals)")


if __name__ == "__main__":
    main()
