"""Heuristic against random, by role: one common auction, then each side played by one bot.

Every seeded deal is bid by heuristic bots for all seats (so the landlord is chosen sensibly),
then played twice: heuristic landlord against random farmers, and random landlord against
heuristic farmers.  Prints win rates with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import math

from paiju.bots import make_bot
from paiju.climbing import Game, observe
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


def main() -> None:
    """Run the comparison and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
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
        rows[label] = {"side": side, "deals": args.deals, "win_rate": round(p, 4),
                       "ci95": round(1.96 * math.sqrt(p * (1 - p) / args.deals), 4)}
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for label, r in rows.items():
        print(f"{label:<42} {r['side']:<8} win {r['win_rate']:.3f} ± {r['ci95']:.3f} ({r['deals']} deals)")


if __name__ == "__main__":
    main()
