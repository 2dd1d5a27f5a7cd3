"""The clock of a paced deal (炒地皮 declaring while the cards are dealt, Q7.3 (ii)): each round lasts the
server's ``deal_pace`` whatever anyone does. Persons may declare meanwhile; the seats the server plays are asked once
per round, off the room's lock, when its frames are out, and what they decided is made at the tick
(``Table.end_round``), where every seat still in the round then lets it go by. The tick asks no bot, so when the next
card comes shows nothing of who could have declared. The table says when a round ends (``ArmTick``); the clock is its
host's, as every timer is."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Protocol

from paiju.bots import AnyBot
from paiju.engine import AnyHand
from paiju.policy import policy_of
from paiju.server.effects import ArmTick, Effect

__all__ = ["ClockHost", "DealClock", "PacedTable"]

log = logging.getLogger("paiju.server")


class PacedTable(Protocol):
    """What the clock needs of the table: the hand, who the server plays, and the tick's moves."""

    @property
    def game(self) -> AnyHand | None: ...
    def played_for(self, game: AnyHand, seat: int) -> AnyBot | None: ...
    def end_round(self, game: AnyHand, decided: dict[int, object]) -> None: ...
    async def commit(self, play: Callable[[], None]) -> list[Effect]: ...


class ClockHost(Protocol):
    """What the clock needs of its host: the room's lock and table, its bots' thinking, and applying what the tick's
    moves return."""

    @property
    def lock(self) -> asyncio.Lock: ...
    @property
    def table(self) -> PacedTable: ...
    @property
    def think_budget(self) -> float: ...
    async def think(self, bot: AnyBot, game: AnyHand, seat: int, budget: float) -> object: ...
    async def apply(self, effects: list[Effect]) -> None: ...


class DealClock:
    """Ticks once per round of a paced deal; a round's tick stays where it was when someone declares."""

    def __init__(self, host: ClockHost) -> None:
        self.host = host
        #: The round being asked, and what the seats the server plays decided on it, by seat (made at its tick).
        self.step: int | None = None
        self.decided: dict[int, object] = {}
        self._handle: asyncio.TimerHandle | None = None
        self._asking: asyncio.Task[None] | None = None

    def arm(self, tick: ArmTick, game: AnyHand) -> None:
        """Arm ``tick`` (replacing the armed one); a new round's seats the server plays are asked at once, once its
        frames are out (the lock's holder sends them first)."""
        self.cancel()
        if tick.ask:
            self.stop_asking()
            self.step = tick.step
            self._asking = asyncio.get_running_loop().create_task(self._ask(game, tick.step, tick.at))
        self._handle = asyncio.get_running_loop().call_later(max(tick.at - time.time(), 0), self._fire, game, tick.step)

    def cancel(self) -> None:
        """Stop the tick (it is armed again)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def stop_asking(self) -> None:
        """Forget the round's decisions and stop asking for them (the round is over)."""
        if self._asking is not None:
            self._asking.cancel()
            self._asking = None
        self.step, self.decided = None, {}

    def stop(self) -> None:
        """Stop the tick and the asking (the room expired, the server stops, the table is replaced)."""
        self.cancel()
        self.stop_asking()

    async def _ask(self, game: AnyHand, step: int, tick: float) -> None:
        """Ask every seat the server plays for its move on round ``step``, each the same way whatever it holds: a copy
        of the hand taken under the lock (after the round's frames, which the lock's holder sent), then its bot
        deciding on its own view off the lock (``think``: a worker thread, or the bot pool for a search), within the
        think budget and before the ``tick``.
        A decision not made by then is a pass."""
        host = self.host
        async with host.lock:
            table = host.table
            if table.game is not game or policy_of(game).paced(game) != step:
                return
            asked = []
            for seat in sorted(game.actors()):
                bot = table.played_for(game, seat)
                if bot is not None:
                    asked.append((seat, bot, game.clone()))
        budget = max(0.0, min(host.think_budget, tick - time.time()))

        async def one(seat: int, bot: AnyBot, copy: AnyHand) -> None:
            try:
                action = await host.think(bot, copy, seat, budget)
            except TimeoutError:
                log.warning("a bot did not decide within %.2f s of a paced round; it lets the round go by", budget)
                return
            except Exception:
                log.exception("a bot failed on a paced round; it lets the round go by")
                return
            if self.step == step:
                self.decided[seat] = action

        await asyncio.gather(*(one(*ask) for ask in asked))

    def _fire(self, game: AnyHand, step: int) -> None:
        self._handle = None
        asyncio.get_running_loop().create_task(self.tick(game, step))

    async def tick(self, game: AnyHand, step: int) -> None:
        """Round ``step`` is over: the table makes what was decided on it, and its host applies what follows."""
        host = self.host
        async with host.lock:
            table = host.table
            if table.game is not game or policy_of(game).paced(game) != step:
                return
            decided, self.decided = self.decided, {}
            await host.apply(await table.commit(lambda: table.end_round(game, decided)))
