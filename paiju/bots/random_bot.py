"""A bot that picks uniformly among the legal actions: the baseline every bot must beat."""

from __future__ import annotations

import random

from paiju.bots.base import register
from paiju.climbing import Action, Observation

__all__ = ["RandomBot"]


@register("random")
class RandomBot:
    """Uniformly random legal actions, from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """Any legal action, uniformly."""
        return self.rng.choice(obs.legal)
