"""A bot that picks uniformly among the legal actions: the baseline every bot must beat, at every family's table."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from paiju.bots.base import register
from paiju.engine import Observation
from paiju.patterns.generate import compiled_module

__all__ = ["RandomBot"]


@register("random")
class RandomBot:
    """Uniformly random legal actions, from its own seeded RNG; it reads nothing else, so it needs no view
    (``LegalOnly``)."""

    name = "random"
    #: Any of the legal actions given, uniformly: ``rng.choice``, compiled where it is built (the same draw).
    pick: Callable[[Sequence[Any]], Any]

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        fast = compiled_module()
        self.pick = self.rng.choice if fast is None else partial(fast.choice, self.rng)

    def act(self, obs: Observation) -> Any:
        """Any legal action, uniformly."""
        return self.pick(obs.legal)
