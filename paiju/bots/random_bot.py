"""A bot that picks uniformly among the legal actions: the baseline every bot must beat, at every family's table."""

from __future__ import annotations

import random
from typing import Any

from paiju.bots.base import register
from paiju.engine import Observation

__all__ = ["RandomBot"]


@register("random")
class RandomBot:
    """Uniformly random legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Any:
        """Any legal action, uniformly."""
        return self.rng.choice(obs.legal)
