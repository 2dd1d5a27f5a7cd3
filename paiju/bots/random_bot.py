"""A bot that picks uniformly among the legal actions: the baseline every bot must beat, at every family's table."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from paiju.bots.base import register
from paiju.engine import Observation
from paiju.engine.draws import compiled_draws

__all__ = ["RandomBot"]

A = TypeVar("A")


@register("random")
class RandomBot(Generic[A]):
    """Uniformly random legal actions ``A``, from its own seeded RNG; it reads nothing else, so it needs no view
    (``LegalOnly``) and plays every family's hands."""

    name = "random"
    #: Any of the legal actions given, uniformly: ``random.Random(seed).choice``, or where the extension is built its
    #: compiled twin ``Draws(seed).choice`` (the same draws, without a ``random.Random`` seeded through Python).
    pick: Callable[[Sequence[A]], A]

    def __init__(self, seed: int = 0) -> None:
        fast = compiled_draws()
        self.pick = random.Random(seed).choice if fast is None else fast.Draws(seed).choice

    def act(self, obs: Observation[A]) -> A:
        """Any legal action, uniformly."""
        return self.pick(obs.legal)
