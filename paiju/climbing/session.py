"""The climbing family's session: the deal rotating, the speculator's "previous first out" carried over."""

from __future__ import annotations

from collections.abc import Callable

from paiju.climbing.hand import Hand
from paiju.climbing.state import Result
from paiju.engine import HandResult
from paiju.engine import Session as EngineSession
from paiju.variants import Variant

__all__ = ["Session", "next_hand"]


def next_hand(variant: Variant, seed: int, index: int, results: list[HandResult]) -> Hand:
    """Hand ``index`` of a climbing session: the dealer rotates, the previous first out is carried."""
    last = results[-1] if results else None
    # speculator.md §3: the previous hand's first player out (none after an instant win).
    previous = last.winner if isinstance(last, Result) and not last.instant else None
    # other-games.md Q3.2: the deal rotates to the next seat each hand.
    return Hand(variant, seed, dealer=index % variant.players, previous=previous)


class Session(EngineSession[Hand]):
    """A session of climbing hands (the kernel's ``Session`` with the climbing ``next_hand`` hook)."""

    def __init__(self, variant: Variant, seed: int = 0, draw_seed: Callable[[], int] | None = None) -> None:
        super().__init__(variant, next_hand, seed, draw_seed)
