"""The clock of a paced deal (炒地皮 declaring while the cards are dealt, Q7.3 (ii)): each round lasts the
server's ``deal_pace`` whatever anyone does. Persons may declare meanwhile; at the tick the seats the server plays
decide, and every seat still in the round lets it go by. A person's own pass is refused: a round that moved on
early would tell the table that nobody had anything to declare."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol

from paiju.bots import Bot
from paiju.engine import HandEngine, family_of
from paiju.patterns import IllegalMoveError
from paiju.server.errors import RoomError

__all__ = ["DealClock", "PacedTable"]


class PacedTable(Protocol):
    """What the clock needs of its table: the hand, its lock and pace, who the server plays, and storing moves."""

    @property
    def game(self) -> HandEngine | None: ...
    @property
    def pace(self) -> float: ...
    @property
    def lock(self) -> asyncio.Lock: ...
    def played_for(self, game: HandEngine, seat: int) -> Bot | None: ...
    async def commit(self, play: Callable[[], None]) -> None: ...


class DealClock:
    """Ticks once per round of a paced deal; a round's tick stays where it was when someone declares."""

    def __init__(self, table: PacedTable) -> None:
        self.table = table
        self.step: int | None = None
        #: When the current round ends (every view's deadline meanwhile).
        self.at: float | None = None
        self._handle: asyncio.TimerHandle | None = None

    def arm(self, game: HandEngine) -> bool:
        """Arm the tick if ``game`` waits on the clock (a round keeps its tick); whether it does."""
        self.cancel()
        step = family_of(game).paced(game)
        if step is None:
            self.step = self.at = None
            return False
        if step != self.step or self.at is None:
            self.step, self.at = step, time.time() + self.table.pace
        self._handle = asyncio.get_running_loop().call_later(max(self.at - time.time(), 0), self._fire, game, step)
        return True

    def cancel(self) -> None:
        """Stop the tick (the room expired, the server stops, or it is armed again)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def own_move(self, game: HandEngine, action: Any) -> Any:
        """A person's action, refused where it is a pass during a paced round."""
        played_by = family_of(game)
        if played_by.paced(game) is not None and played_by.action_text(action) == "pass":
            raise RoomError(
                "illegal_move", "the cards come at a fixed pace: declare when you wish, or wait for the next card",
                reason="paced",
            )  # fmt: skip
        return action

    def _fire(self, game: HandEngine, step: int) -> None:
        self._handle = None
        asyncio.get_running_loop().create_task(self._tick(game, step))

    async def _tick(self, game: HandEngine, step: int) -> None:
        table = self.table
        async with table.lock:
            if table.game is not game or family_of(game).paced(game) != step:
                return
            await table.commit(lambda: self._end_round(game))

    def _end_round(self, game: HandEngine) -> None:
        """Each seat the server plays decides on its own view; then every seat still in the round passes."""
        played_by = family_of(game)
        step = played_by.paced(game)
        for seat in sorted(game.actors()):
            bot = self.table.played_for(game, seat)
            if bot is not None:
                try:
                    game.apply(bot.act(played_by.observe(game, seat)), seat)
                except IllegalMoveError:
                    pass  # a bot's slip costs it the round, not the deal
            if played_by.paced(game) != step:
                return  # the round is over (its last pass, or a ♥5 pair closed declaring)
            if seat in game.actors():
                game.apply(next(a for a in game.legal_actions(seat) if played_by.action_text(a) == "pass"), seat)
