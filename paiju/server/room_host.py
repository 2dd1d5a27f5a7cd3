"""A room's host: the lock, the store, the timers and the fan-out of one room. Its table's moves return what is to be
done (``effects.py``); the host does it, in order, under the lock (``apply``): the writes (a failed one stops the list,
has the table take its change back and refuses the move), the turn timer, the automatic turn, a paced deal's tick, and
the frames to every connection, whether local or relayed from another process (``relay.py``). ``Room`` adds the
people: seats, tokens, the host player, spectators."""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, TypeVar, assert_never

from paiju.bots import AnyBot
from paiju.engine import AnyHand
from paiju.server.clock import DealClock
from paiju.server.config import ServerConfig
from paiju.server.connection import Connection
from paiju.server.effects import (
    ArmDeadline,
    ArmTick,
    AutoTurn,
    CancelDeadline,
    Effect,
    Schedule,
    SendResult,
    SendRoom,
    SendViews,
    StoreEvents,
    StoreFinish,
    StoreHand,
    TakeOver,
)
from paiju.server.errors import RoomError
from paiju.server.protocol import RoomState
from paiju.server.schema import PlayerRow, RoomRow, copy_row
from paiju.server.storage import Store
from paiju.server.store_errors import LockLost, StoreError
from paiju.server.table import Table
from paiju.server.thinking import BotPool, ask_of, decide

__all__ = ["RETRY_SECONDS", "RoomHost"]

log = logging.getLogger("paiju.server")
T = TypeVar("T")

#: Seconds before an automatic move that could not be stored (or a 托管 that could not be) is tried again.
RETRY_SECONDS = 2.0


class RoomHost(ABC):
    """The lock, the store, the timers and the fan-out of one room, applying what its table returns."""

    table: Table

    def __init__(self, row: RoomRow, store: Store, bot_delay: float, config: ServerConfig, pool: BotPool) -> None:
        self.row = row
        self.store = store
        self.bot_delay = bot_delay
        self.config = config
        #: The server's worker processes where search bots think.
        self.pool = pool
        self.connections: set[Connection] = set()
        #: Held by every change, so two requests never interleave inside a room.
        self.lock = asyncio.Lock()
        self.clock = DealClock(self)
        self._timer: asyncio.TimerHandle | None = None  # the turn timer (``ArmDeadline``)
        self._auto: asyncio.Task[None] | None = None  # the automatic turn (``AutoTurn``)
        #: Another process serves the room now: this object writes nothing more, even once this process claims the
        #: room again (a new object serves it then).
        self.given_up = False

    @property
    def code(self) -> str:
        return self.row.code

    @property
    def think_budget(self) -> float:
        return self.config.think_budget

    @abstractmethod
    def state(self) -> RoomState:
        """The room frame."""

    # ------------------------------------------------------------------ the store
    async def store_op(self, op: Callable[..., T], *args: Any) -> T:
        """Run one store operation in a worker thread; a failure becomes a refusal that changes nothing."""
        if self.given_up:
            raise RoomError("bad_state", f"room {self.code} is served by another process now", reason="database_taken")
        try:
            return await asyncio.to_thread(op, *args)
        except LockLost as err:
            raise RoomError("bad_state", str(err), reason="database_taken") from err
        except StoreError as err:
            log.error("room %s: could not store a change: %s", self.code, err)
            raise RoomError("bad_state", "the server could not save that; try again", reason="not_saved") from err

    async def save_player(self, player: PlayerRow, **changes: Any) -> None:
        """Store the player with ``changes``, then take them in memory."""
        await self.store_op(self.store.save_player, copy_row(player, **changes))
        for key, value in changes.items():
            setattr(player, key, value)

    # ------------------------------------------------------------------ the fan-out
    def broadcast(self, frame: Any) -> None:
        for c in self.connections:
            if c.player is not None:
                c.send(frame)

    def broadcast_room(self) -> None:
        """The room frame to every connection (built only when someone is there to read it)."""
        if any(c.player is not None for c in self.connections):
            self.broadcast(self.state())

    async def broadcast_views(self, only: Connection | None = None) -> None:
        """Send every connection (or ``only`` one) its view; the views are built off the event loop."""
        targets = [c for c in ([only] if only else self.connections) if c.player is not None]
        if not targets or self.table.game is None:
            return
        seats = {c.player.seat for c in targets if c.player is not None}
        views = await asyncio.to_thread(self.table.views, seats)
        for c in targets:
            if c.player is not None and c.player.seat in views:
                c.send(views[c.player.seat])

    # ------------------------------------------------------------------ what the table returns
    async def apply(self, effects: list[Effect]) -> None:
        """Carry out, in order, what the table's move returned. A write that cannot be made stops there: the table
        takes back the changes of that write and of the writes after it, and the move is refused (``RoomError``)."""
        for i, effect in enumerate(effects):
            try:
                await self._apply_one(effect)
            except RoomError:
                for later in reversed(effects[i:]):
                    if isinstance(later, StoreHand | StoreEvents):
                        await asyncio.to_thread(later.revert)
                raise

    async def _apply_one(self, effect: Effect) -> None:
        table = self.table
        if isinstance(effect, StoreHand):
            row = copy_row(self.row, **effect.changes)
            await self.store_op(self.store.start_hand, row, effect.events)
            self.row = row
            log.info("room %s: hand %d dealt and stored (%s)", self.code, row.hand_number, row.settings.get("variant"))
        elif isinstance(effect, StoreEvents):
            await self.store_op(self.store.append_events, self.code, effect.first, effect.events)
        elif isinstance(effect, StoreFinish):
            await self._store_finish(effect)
        elif isinstance(effect, TakeOver):
            await self.save_player(effect.player, auto=True)
            log.info("room %s: %r ran out of time; 托管 on", self.code, effect.player.name)
        elif isinstance(effect, Schedule):
            self._disarm()
            armed = table.schedule(effect.delay)
            if not any(isinstance(e, ArmTick) for e in armed):
                self.clock.stop_asking()
            await self.apply(armed)
        elif isinstance(effect, ArmDeadline | CancelDeadline):
            self._stop_timer()
            if isinstance(effect, ArmDeadline):
                wait = max(effect.at - time.time(), 0)
                self._timer = asyncio.get_running_loop().call_later(wait, self._deadline_passed)
        elif isinstance(effect, AutoTurn):
            delay = self.bot_delay if effect.delay is None else effect.delay
            self._auto = asyncio.get_running_loop().create_task(self._auto_turn(effect.expected, delay))
        elif isinstance(effect, ArmTick):
            if table.game is not None:
                self.clock.arm(effect, table.game)
        elif isinstance(effect, SendViews):
            await self.broadcast_views()
        elif isinstance(effect, SendResult):
            result = table.result()
            if result is not None:
                self.broadcast(result)
        elif isinstance(effect, SendRoom):
            self.broadcast_room()
        else:
            assert_never(effect)

    async def _store_finish(self, effect: StoreFinish) -> None:
        """Store a finished hand: the room's row and the hand's public id follow; a failure is logged (and refuses,
        where ``strict``) and the hand is stored at the next deal."""
        row = copy_row(self.row)
        try:
            stored = await self.store_op(self.store.finish_hand, row, row.hand_number, effect.log, effect.scores)
        except RoomError:
            if effect.strict:
                raise
            return
        self.row, self.table.last_public_id = row, stored.public_id
        log.info("room %s: hand %d over, scores %s", self.code, row.hand_number, effect.scores)

    # ------------------------------------------------------------------ the turn timer and the automatic turn
    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _disarm(self) -> None:
        """Stop the automatic turn and the deal's tick: the table arms the next (``Schedule``)."""
        if self._auto is not None:
            self._auto.cancel()
            self._auto = None
        self.clock.cancel()

    def _deadline_passed(self) -> None:
        self._timer = None
        asyncio.get_running_loop().create_task(self._time_out())

    async def _time_out(self) -> None:
        """The turn timer ran out: the table plays the late seats (``Table.time_out``) under the room's lock; a 托管
        that could not be stored is tried again shortly."""
        async with self.lock:
            try:
                await self.apply(self.table.time_out())
            except RoomError:
                await self.apply([Schedule(delay=RETRY_SECONDS)])

    async def think(self, bot: AnyBot, game: AnyHand, seat: int, budget: float) -> object:
        """``bot``'s action for ``seat`` on ``game`` (a copy the room's lock does not guard), thought off the event
        loop within ``budget`` seconds (``thinking.decide``)."""
        obs, ask = await asyncio.to_thread(ask_of, bot, game, seat)
        return await decide(self.pool, bot, obs, ask, budget, self.code)

    async def _auto_turn(self, expected: int, delay: float) -> None:
        """Play a seat to act for the server after ``delay``: the bot thinks meanwhile, within the think
        budget, so every automatic move takes the same time whatever the seat holds."""
        table = self.table
        game = table.game
        if game is None:
            return
        async with self.lock:
            if table.game is not game or len(game.events) != expected:
                return
            decided = await asyncio.to_thread(table.decide, game)
        if decided is None:
            return  # persons' turn: the turn timer, if any, is armed
        seat, obs, ask, bot = decided
        thinking = None
        if len(obs.legal) > 1:
            thinking = asyncio.ensure_future(decide(self.pool, bot, obs, ask, self.think_budget, self.code))
        await asyncio.sleep(delay)
        action = obs.legal[0]
        try:
            if thinking is not None:
                action = await thinking
        except TimeoutError:
            log.warning("room %s: the bot took over %.1f s; it plays its first legal action", self.code, self.think_budget)
        async with self.lock:
            if table.game is not game or len(game.events) != expected:
                return  # a seat acted meanwhile: the automatic turn is armed again
            self._auto = None
            try:
                await self.apply(await table.play(seat, action))
            except RoomError as err:
                log.warning("room %s: an automatic move was refused (%s); trying again", self.code, err.message)
                await self.apply([Schedule(delay=RETRY_SECONDS)])
            except Exception:
                log.exception("room %s: an automatic move failed; trying again", self.code)
                await self.apply([Schedule(delay=RETRY_SECONDS)])

    def close(self) -> None:
        """Stop the turn timer, the automatic turn and the deal's clock (the server is shutting down, the room
        expired, or its table is replaced)."""
        self._stop_timer()
        self._disarm()
        self.clock.stop()
