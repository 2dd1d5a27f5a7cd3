"""An RNG a hand's state shares with its clones until one of them draws: copying a Mersenne Twister's state costs
more than the rest of a clone, and most clones (a search's) never draw."""

from __future__ import annotations

import random
from typing import Protocol

__all__ = ["SharesRng", "own_rng"]


class SharesRng(Protocol):
    """A state whose ``rng`` a clone shares: cloning sets ``rng_shared`` on both copies, every draw calls ``own_rng``."""

    rng: random.Random
    rng_shared: bool


def own_rng(state: SharesRng) -> random.Random:
    """The RNG ``state`` draws from: one shared with a clone is copied first, so neither hand's draws move the other's."""
    if state.rng_shared:
        rng = random.Random()
        rng.setstate(state.rng.getstate())
        state.rng, state.rng_shared = rng, False
    return state.rng
