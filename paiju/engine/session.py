"""A session: successive hands at one table with a running score; the family's hook deals each next hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from paiju.engine.protocol import HandCore, HandResult
from paiju.variants import Variant

__all__ = ["NextHand", "Session"]

E = TypeVar("E", bound=HandCore)
#: The family's hook: ``(variant, seed, index, finished results) -> the hand numbered index``.
NextHand = Callable[[Variant, int, int, list[HandResult]], E]


class Session(Generic[E]):
    """Successive hands of one variant; hand ``i`` is seeded from the session seed, or by ``draw_seed``.

    ``draw_seed`` gives each hand an independent seed (the server's secret ones), so one hand's log says
    nothing about the next. Only the results of finished hands are kept (a long session holds no old games).
    ``deal`` is the family's hook that opens each hand (the dealer's rotation and the like are its rules).
    """

    def __init__(
        self, variant: Variant, deal: NextHand[E], seed: int = 0, draw_seed: Callable[[], int] | None = None
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.draw_seed = draw_seed
        self.deal = deal
        self.totals = [0] * variant.players
        self.results: list[HandResult] = []
        self.game = self._new_game()

    def _new_game(self) -> E:
        index = len(self.results)
        seed = self.draw_seed() if self.draw_seed is not None else self.seed * 1_000_003 + index
        return self.deal(self.variant, seed, index, self.results)

    def next_hand(self) -> E:
        """Record the finished hand's scores and deal the next one."""
        result = self.game.result
        if result is None:
            raise ValueError("the current hand is not over yet")
        for seat, score in enumerate(result.scores):
            self.totals[seat] += score
        self.results.append(result)
        self.game = self._new_game()
        return self.game
