"""Wild readings, timed: µs per lead list of a speculator holding four wild 3s (speculator.md §10), on the compiled
path (where the list makes each reading when it is read: listed, and with every play read) and in pure Python, and
how many moves the list holds."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from paiju.cards import Card, card_rank, deck_cards
from paiju.climbing.holding import Holding
from paiju.climbing.speculator import THREE
from paiju.patterns.generate import use_compiled
from paiju.variants import REGISTRY, Variant

__all__ = ["WILD_CASES", "wild_leads"]

#: (table, cards in the hand, wild 3s among them).
WILD_CASES = (("spec-4p2d", 20, 4), ("spec-5p3d", 30, 4))


def _hand(variant: Variant, size: int, wilds: int, seed: int) -> tuple[Card, ...]:
    """``size`` cards of ``variant``'s pack, ``wilds`` of them 3s and none of the rest."""
    pack = deck_cards(variant.decks)
    threes = [c for c in pack if card_rank(c) == THREE]
    rest = [c for c in pack if card_rank(c) != THREE]
    random.Random(seed).shuffle(rest)
    return tuple(threes[:wilds] + rest[: size - wilds])


def _us(variant: Variant, hands: list[tuple[Card, ...]], repeats: int, read: bool = False) -> float:
    """The median over ``repeats`` sweeps of the mean µs to list a speculator's leads (``read``: and to read every
    play of the list), after one untimed sweep."""
    sweeps = []
    for _ in range(repeats + 1):
        start = time.perf_counter()
        for cards in hands:
            leads = Holding.of_cards(variant, cards, speculator=True).moves(None)[0]
            if read:
                list(leads)
        sweeps.append((time.perf_counter() - start) / len(hands) * 1e6)
    return statistics.median(sweeps[1:])


def wild_leads(hands: int, repeats: int) -> dict[str, dict[str, Any]]:
    """For each case: µs per lead list, compiled (``paiju``; ``paiju, all read``: with every play read) and pure
    Python, and the mean moves listed."""
    out: dict[str, dict[str, Any]] = {}
    for table, size, wilds in WILD_CASES:
        variant = REGISTRY[table]
        held = [_hand(variant, size, wilds, seed) for seed in range(hands)]
        moves = statistics.mean(len(Holding.of_cards(variant, h, speculator=True).moves(None)[0]) for h in held)
        row: dict[str, Any] = {"paiju": _us(variant, held, repeats), "paiju, all read": _us(variant, held, repeats, True)}
        use_compiled(False)
        try:
            row["paiju (python)"] = _us(variant, held, 1)
        finally:
            use_compiled(True)
        out[f"{table}: {size} cards, {wilds} wild 3s"] = {**row, "moves": moves}
    return out
