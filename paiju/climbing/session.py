"""A session: several hands at one table, the deal rotating, with a running score."""

from __future__ import annotations

from collections.abc import Callable

from paiju.climbing.game import Game, Result
from paiju.variants import Variant

__all__ = ["Session"]


class Session:
    """Successive hands of one variant; hand ``i`` is seeded from the session seed, or by ``draw_seed``.

    ``draw_seed`` gives each hand an independent seed (the server's secret ones), so one hand's log says
    nothing about the next. Only the results of finished hands are kept (a long session holds no old games).
    """

    def __init__(self, variant: Variant, seed: int = 0, draw_seed: Callable[[], int] | None = None) -> None:
        self.variant = variant
        self.seed = seed
        self.draw_seed = draw_seed
        self.totals = [0] * variant.players
        self.results: list[Result] = []
        self.game = self._new_game()

    def _new_game(self) -> Game:
        index = len(self.results)
        last = self.results[-1] if self.results else None
        # speculator.md §3: the previous hand's first player out (none after an instant win).
        previous = last.winner if last is not None and not last.instant else None
        # other-games.md Q3.2: the deal rotates to the next seat each hand.
        seed = self.draw_seed() if self.draw_seed is not None else self.seed * 1_000_003 + index
        return Game(self.variant, seed, dealer=index % self.variant.players, previous=previous)

    def next_hand(self) -> Game:
        """Record the finished hand's scores and deal the next one."""
        if self.game.result is None:
            raise ValueError("the current hand is not over yet")
        for seat, score in enumerate(self.game.result.scores):
            self.totals[seat] += score
        self.results.append(self.game.result)
        self.game = self._new_game()
        return self.game
