"""The clock of a paced deal (炒地皮 declaring while the cards are dealt, Q7.3 (ii)): each round lasts the
server's ``deal_pace`` whatever anyone does. Persons may declare meanwhile; the seats the server plays are asked once
per round, off the room's lock, when its frames are out, and what they decided is made at the tick, where every
seat still in the round then lets it go by. The tick asks no bot, so when the next card comes shows nothing of who
could have declared. A person's own pass is refused: a round that moved on early would tell the table that nobody
had anything to declare."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Protocol

from paiju.bots import AnyBot
from paiju.engine import AnyHand, family_of, parse_action
from paiju.errors import IllegalMoveError
from paiju.policy import policy_of
from paiju.server.effects import Effect
from paiju.server.errors import RoomError

__all__ = ["DealClock", "PacedTable"]

log = logging.getLogger("paiju.server")


class PacedTable(Protocol):
    """What the clock needs of its table: the hand, its lock, pace and think budget, who the server plays, its bots'
    thinking, storing moves and having what they changed sent."""

    @property
    def game(self) -> AnyHand | None: ...
    @property
    def pace(self) -> float: ...
    @property
    def think_budget(self) -> float: ...
    @property
    def lock(self) -> asyncio.Lock: ...
    def automatic(self, game: AnyHand, seat: int) -> bool: ...
    def played_for(self, game: AnyHand, seat: int) -> AnyBot | None: ...
    async def commit(self, play: Callable[[], None]) -> list[Effect]: ...
    async def send(self, effects: list[Effect]) -> None: ...
    async def think(self, bot: AnyBot, game: AnyHand, seat: int, budget: float) -> object: ...


class DealClock:
    """Ticks once per round of a paced deal; a round's tick stays where it was when someone declares."""

    def __init__(self, table: PacedTable) -> None:
        self.table = table
        self.step: int | None = None
        #: When the current round ends (every view's deadline meanwhile).
        self.at: float | None = None
        #: What the seats the server plays decided on the current round, by seat, made at its tick.
        self.decided: dict[int, object] = {}
        self._handle: asyncio.TimerHandle | None = None
        self._asking: asyncio.Task[None] | None = None

    def arm(self, game: AnyHand) -> bool:
        """Arm the tick if ``game`` waits on the clock (a round keeps its tick, and its bots' decisions); whether it
        does. A new round's seats the server plays are asked at once, once its frames are out."""
        self.cancel()
        step = policy_of(game).paced(game)
        if step is None:
            self.step = self.at = None
            self._stop_asking()
            return False
        if step != self.step or self.at is None:
            self.step, self.at = step, time.time() + self.table.pace
            self._stop_asking()
            self._asking = asyncio.get_running_loop().create_task(self._ask(game, step, self.at))
        self._handle = asyncio.get_running_loop().call_later(max(self.at - time.time(), 0), self._fire, game, step)
        return True

    def cancel(self) -> None:
        """Stop the tick (it is armed again)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def stop(self) -> None:
        """Stop the tick and the asking (the room expired, the server stops, the table is replaced)."""
        self.cancel()
        self._stop_asking()

    def _stop_asking(self) -> None:
        if self._asking is not None:
            self._asking.cancel()
            self._asking = None
        self.decided = {}

    def own_move(self, game: AnyHand, action: object) -> object:
        """A person's action, refused where it is a pass during a paced round."""
        if policy_of(game).paced(game) is not None and family_of(game).action_text(action) == "pass":
            raise RoomError(
                "illegal_move", "the cards come at a fixed pace: declare when you wish, or wait for the next card",
                reason="paced",
            )  # fmt: skip
        return action

    async def _ask(self, game: AnyHand, step: int, tick: float) -> None:
        """Ask every seat the server plays for its move on round ``step``, each the same way whatever it holds: a copy
        of the hand taken under the lock (after the round's frames, which the lock's holder sent), then its bot
        deciding on its own view off the lock (``think``: a worker thread, or the bot pool for a search), within the
        think budget and before the ``tick``.
        A decision not made by then is a pass."""
        table = self.table
        async with table.lock:
            if table.game is not game or policy_of(game).paced(game) != step:
                return
            asked = []
            for seat in sorted(game.actors()):
                bot = table.played_for(game, seat)
                if bot is not None:
                    asked.append((seat, bot, game.clone()))
        budget = max(0.0, min(table.think_budget, tick - time.time()))

        async def one(seat: int, bot: AnyBot, copy: AnyHand) -> None:
            try:
                action = await table.think(bot, copy, seat, budget)
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
        asyncio.get_running_loop().create_task(self._tick(game, step))

    async def _tick(self, game: AnyHand, step: int) -> None:
        table = self.table
        async with table.lock:
            if table.game is not game or policy_of(game).paced(game) != step:
                return
            decided, self.decided = self.decided, {}
            await table.send(await table.commit(lambda: self._end_round(game, decided)))

    def _end_round(self, game: AnyHand, decided: dict[int, object]) -> None:
        """What each seat the server plays decided on the round is made (a declaration outranked since is dropped);
        then every seat still in the round passes. No bot is asked here."""
        paced = policy_of(game).paced
        step = paced(game)
        for seat in sorted(game.actors()):
            if seat in decided and self.table.automatic(game, seat):
                try:
                    game.apply(decided[seat], seat)
                except IllegalMoveError:
                    pass  # decided on the round's first view: a declaration made since outranks it
            if paced(game) != step:
                return  # the round is over (its last pass, or a ♥5 pair closed declaring)
            if seat in game.actors():
                game.apply(parse_action(game, "pass", seat)[0], seat)

