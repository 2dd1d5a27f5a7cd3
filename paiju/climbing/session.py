"""A session: several hands at one table, the deal rotating, with a running score."""

from __future__ import annotations

from paiju.climbing.game import Game
from paiju.variants import Variant

__all__ = ["Session"]


class Session:
    """Successive hands of one variant; hand ``i`` is seeded from the session seed."""

    def __init__(self, variant: Variant, seed: int = 0) -> None:
        self.variant = variant
        self.seed = seed
        self.totals = [0] * variant.players
        self.finished: list[Game] = []
        self.game = self._new_game()

    def _new_game(self) -> Game:
        index = len(self.finished)
        last = self.finished[-1].result if self.finished else None
        # speculator.md §3: the previous hand's first player out (none after an instant win).
        previous = last.winner if last is not None and not last.instant else None
        # other-games.md Q3.2: the deal rotates to the next seat each hand.
        return Game(self.variant, self.seed * 1_000_003 + index, dealer=index % self.variant.players, previous=previous)

    def next_hand(self) -> Game:
        """Record the finished hand's scores and deal the next one."""
        if self.game.result is None:
            raise ValueError("the current hand is not over yet")
        for seat, score in enumerate(self.game.result.scores):
            self.totals[seat] += score
        self.finished.append(self.game)
        self.game = self._new_game()
        return self.game
