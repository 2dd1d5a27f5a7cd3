"""A room's table: the session of hands, its bots, the turns' deadlines and 托管, and the storing of every move.
It knows seats, not people (it asks its room), nor any family (it asks the kernel), and runs under the room's
lock (the automatic turn takes it). Several seats may act at once: they share one deadline. Its moves return what
the room is to do (``effects.py``: the turn timer to arm or stop, the frames to send), which the room applies: the
table holds neither a socket nor the turn timer. ``restore.py`` rebuilds it after a restart."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from paiju.bots import AnyBot, make_bot
from paiju.engine import AnyHand, Observation, Session, family_of, game_log, replay, variant_family
from paiju.engine import new_session as open_session
from paiju.policy import policy_of
from paiju.server.acts import check_turn, chosen_action
from paiju.server.clock import DealClock
from paiju.server.effects import ArmDeadline, CancelDeadline, Effect, SendRoom, SendViews, changed
from paiju.server.errors import RoomError
from paiju.server.frames import result_message, view_message
from paiju.server.lateness import Lateness, released_by_own_move, smallest_on_takeover
from paiju.server.protocol import Act, Escape, ResultMessage, ViewMessage
from paiju.server.schema import copy_row
from paiju.server.table_room import TableRoom
from paiju.server.thinking import Ask, ask_of, bot_name, decide, room_level

__all__ = ["Table", "TableRoom", "secret_seed"]

log = logging.getLogger("paiju.server")

#: Seconds before an automatic move that could not be stored is tried again.
RETRY_SECONDS = 2.0


def secret_seed() -> int:
    """An independent 128-bit seed: no hand's or bot's randomness follows from another's."""
    return secrets.randbits(128)


class Table:
    """The hand side of a room: what is dealt and played, and who plays it for the seats."""

    def __init__(self, room: TableRoom) -> None:
        self.room = room
        self.session: Session[AnyHand] | None = None
        self.bots: dict[int, AnyBot] = {}
        self.deadline: float | None = None
        #: The public id of the last finished hand (``row.last_hand_id`` is the store's own key).
        self.last_public_id: str | None = None
        self._timed = False  # whether the host's turn timer is armed (``ArmDeadline``)
        self._auto: asyncio.Task[None] | None = None
        self._round: frozenset[int] = frozenset()  # the seats to act when the timer was last armed
        self.lateness = Lateness()  # who ran out of time, and how often in a row
        self.clock = DealClock(self)

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> AnyHand | None:
        return self.session.game if self.session is not None else None

    @property
    def pace(self) -> float:
        return self.room.config.deal_pace

    @property
    def think_budget(self) -> float:
        return self.room.config.think_budget

    @property
    def lock(self) -> asyncio.Lock:
        return self.room.lock

    @property
    def playing(self) -> bool:
        game = self.game
        return game is not None and not game.is_over

    def totals(self, players: int) -> list[int]:
        """Each seat's session total, the last finished hand and the escapes from its match included."""
        if self.session is None:
            return [0] * players
        totals = list(self.session.totals)
        game = self.session.game
        if game.result is not None:
            totals = [t + s for t, s in zip(totals, game.result.scores, strict=True)]
        for escape in self.room.row.escapes:
            totals[escape["seat"]] += escape["points"]
        return totals

    def views(self, seats: set[int | None]) -> dict[int | None, ViewMessage]:
        """Each seat's view frame (engine work: run in a worker thread), ``auto_play`` read from the seats the
        server plays and the actors each view shows."""
        game = self.game
        if game is None:
            return {}
        automatic = frozenset(seat for seat in range(self.room.variant.players) if self.automatic(game, seat))
        fields = policy_of(game).frame_fields(game)
        room = self.room
        return {
            seat: view_message(game, seat, fields, deadline=self.deadline, counter=room.settings.card_counter,
                               hand_number=room.row.hand_number, automatic=automatic)
            for seat in seats
        }

    def result(self) -> ResultMessage | None:
        """The settlement of the last hand, once it is over."""
        game = self.game
        if game is None or game.result is None:
            return None
        room = self.room
        totals = self.totals(room.variant.players)
        message = result_message(game, room.hand_names(), totals, self.last_public_id, room.row.hand_number)
        return None if message is None else message.model_copy(update={"escapes": [Escape(**e) for e in room.row.escapes]})

    # ------------------------------------------------------------------ dealing and playing
    async def start(self, new_session: bool) -> list[Effect]:
        """Deal the next hand (of a new session when asked), stored before it is shown; what to send."""
        room = self.room
        game = self.game
        if game is not None and game.is_over and room.row.last_hand_id is None:
            await self.finish(game, strict=True)  # the last hand's storing failed: store it before the next
        saved = None if self.session is None else (self.session.game, list(self.session.totals), list(self.session.results))
        changes: dict[str, Any] = {"hand_number": room.row.hand_number + 1, "last_hand_id": None}
        if self.session is None or new_session:
            session = open_session(room.variant, draw_seed=secret_seed)
            changes.update(session_hands=[], escapes=[])
        else:
            session = self.session
            session.next_hand()
        game = session.game
        header = game_log(game, room.names())
        header.pop("events")
        row = copy_row(room.row, hand_header=header, **changes)
        try:
            await room.store_op(room.store.start_hand, row, list(game.events))
        except RoomError:
            if saved is not None and self.session is not None:
                self.session.game, self.session.totals, self.session.results = saved[0], saved[1], saved[2]
            raise
        self.session, room.row, self.last_public_id = session, row, None
        self.lateness.late.clear()
        self.make_bots()
        log.info("room %s: hand %d dealt (%s)", room.code, row.hand_number, room.variant.name)
        return self._after_change()

    async def act(self, seat: int, msg: Act) -> list[Effect]:
        """The seat's move from an ``act`` frame (what to send): any seat among those to act, whatever the others do.
        On a ``grace`` table the frame takes a seat on 托管 off it first, whether or not the move is then accepted: its
        person is back (its turn, if it is one, is timed again)."""
        holder = self.room.seat_holder(seat)
        if holder is not None and holder.auto and released_by_own_move(self.room.variant.timeouts):
            await self.room.set_auto(holder, False)
        game = self.game
        if game is None or game.is_over:
            raise RoomError("bad_state", "no hand is being played: the host starts the next one", reason="no_hand")
        check_turn(game, seat, self.room.names())
        effects = await self._apply(seat, lambda: self.clock.own_move(game, chosen_action(game, seat, msg)))
        self.lateness.moved(seat, by_itself=True)
        return effects

    async def _apply(self, seat: int, choose: Callable[[], object]) -> list[Effect]:
        """Play the action ``choose`` names (read in the same worker-thread trip) for ``seat``; what to send."""
        game = self.game
        assert game is not None
        effects = await self.commit(lambda: game.apply(choose(), seat))
        self.lateness.moved(seat, by_itself=False)
        return effects

    async def commit(self, play: Callable[[], None]) -> list[Effect]:
        """Make the moves ``play`` makes (in a worker thread) and store the new events; what to send. If they cannot
        be stored, the hand is rebuilt as it was and the moves are refused."""
        room = self.room
        game = self.game
        assert game is not None and self.session is not None
        first = len(game.events)
        await asyncio.to_thread(play)
        try:
            await room.store_op(room.store.append_events, room.code, first, game.events[first:])
        except RoomError:
            header = room.row.hand_header or {}
            self.session.game = await asyncio.to_thread(replay, {**header, "events": game.events[:first]})
            raise
        if game.is_over:
            await self.finish(game)
        return self._after_change()

    async def finish(self, game: AnyHand, strict: bool = False) -> None:
        """Store the finished hand; a failure is logged (and raised when ``strict``) and retried at the next start."""
        assert game.result is not None
        room = self.room
        row = copy_row(room.row)
        try:
            stored = await room.store_op(
                room.store.finish_hand, row, row.hand_number, game_log(game, room.hand_names()), list(game.result.scores)
            )
        except RoomError:
            if strict:
                raise
            return
        room.row, self.last_public_id = row, stored.public_id
        log.info("room %s: hand %d over, scores %s", room.code, row.hand_number, game.result.scores)

    async def send(self, effects: list[Effect]) -> None:
        """Have the room carry out the effects of a move the table made on its own (a bot's, a paced deal's tick)."""
        await self.room.apply(effects)

    def _after_change(self) -> list[Effect]:
        """Arm the next turn; what the hand's change sends."""
        return [*self.schedule(), *changed(self.result())]

    # ------------------------------------------------------------------ bots, 托管 and the turn timer
    def make_bots(self) -> None:
        """One bot per bot seat, each with its own secret seed; a room's ``easy`` (or ``heuristic``) is the family's own
        bot (``thinking.bot_name``)."""
        name = variant_family(self.room.variant)
        self.bots = {
            p.seat: make_bot(bot_name(p.bot, name), secrets.randbits(64), name)
            for p in self.room.players.values()
            if p.bot is not None and p.seat is not None
        }

    def _person(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (not a bot, not 托管, not an empty seat)."""
        holder = self.room.seat_holder(seat)
        return holder is not None and holder.bot is None and not holder.auto

    def automatic(self, game: AnyHand, seat: int) -> bool:
        """Whether the server plays ``seat`` (one of those to act) now: a bot, 托管, an empty seat, a seat whose
        time ran out, or (``auto_forced``) a forced pass where showing that it was forced is the option's point
        (the play phase)."""
        if not self._person(seat) or seat in self.lateness.late:
            return True
        if not self.room.settings.auto_forced or not policy_of(game).forced_pass_shown(game):
            return False
        legal = game.legal_actions(seat)
        return len(legal) == 1 and family_of(game).action_text(legal[0]) == "pass"

    def schedule(self, delay: float | None = None) -> list[Effect]:
        """Arm the next automatic move, and return the turn timer (``ArmDeadline``, else ``CancelDeadline``) whose
        deadline every person to act shares: where several act at once, one's answer leaves the others the same
        deadline (when each answered shows nowhere)."""
        previous, deadline = self._round, self.deadline
        self._disarm()
        self.deadline = None
        game = self.game
        if game is None or game.is_over:
            return [CancelDeadline()]
        actors = self._round = game.actors()
        if self.clock.arm(game):
            self.deadline = self.clock.at
            return [CancelDeadline()]
        people = {seat for seat in actors if self._person(seat) and seat not in self.lateness.late}
        if people != actors or (self.room.settings.auto_forced and policy_of(game).forced_pass_shown(game)):
            # Whether a seat is played for it may need its legal actions: the automatic turn decides.
            wait = self.room.bot_delay if delay is None else delay
            self._auto = asyncio.get_running_loop().create_task(self._auto_turn(len(game.events), wait))
        if people:
            return self._arm_timer(deadline if actors < previous else None)
        return [CancelDeadline()]

    def _arm_timer(self, deadline: float | None) -> list[Effect]:
        """The turn timer, running out at ``deadline`` (a round's own), or ``turn_seconds`` from now (none at 0)."""
        seconds = self.room.settings.turn_seconds
        if seconds <= 0:
            return [CancelDeadline()]
        self.deadline, self._timed = deadline or time.time() + seconds, True
        return [ArmDeadline(self.deadline)]

    def keep_deadline(self, deadline: float) -> list[Effect]:
        """Let the armed turn timer run out at ``deadline`` instead: the one the room's last process set, kept across
        a failover, so that a hand moved to another process gives nobody more time."""
        return self._arm_timer(deadline) if self._timed else []

    def waiting_on(self, seat: int) -> list[Effect]:
        """Re-arm when a change concerns a seat to act (托管 on, a player removed or seated); what to send."""
        game = self.game
        if game is None or seat not in game.actors():
            return []
        return [*self.schedule(), SendViews(), SendRoom()]

    def _decide(self, game: AnyHand) -> tuple[int, Observation[object], Ask | None, AnyBot] | None:
        """Under the lock, in a worker thread: the first seat to act that the server plays now, its observation,
        what a search bot is asked (``thinking.ask_of``) and its bot; ``None`` when persons act."""
        seat = next((s for s in sorted(game.actors()) if self.automatic(game, s)), None)
        bot = None if seat is None else self.played_for(game, seat)
        if seat is None or bot is None:
            return None
        return (seat, *ask_of(bot, game, seat), bot)

    async def think(self, bot: AnyBot, game: AnyHand, seat: int, budget: float) -> object:
        """``bot``'s action for ``seat`` on ``game`` (a copy the room's lock does not guard), thought off the event
        loop within ``budget`` seconds (``thinking.decide``)."""
        obs, ask = await asyncio.to_thread(ask_of, bot, game, seat)
        return await decide(self.room.pool, bot, obs, ask, budget, self.room.code)

    def played_for(self, game: AnyHand, seat: int) -> AnyBot | None:
        """The bot the server plays ``seat`` with now (the seat's own; for a person's seat, 托管 at the room's level,
        ``thinking.room_level``, or its smallest move); ``None`` where a person plays it."""
        if not self.automatic(game, seat):
            return None
        holder = self.room.seat_holder(seat)
        bot = self.bots.get(seat) if holder is not None and holder.bot is not None else None
        if bot is None:  # a person's seat: its smallest move, or 托管 at the room's level
            smallest = seat in self.lateness.late or smallest_on_takeover(self.room.variant.timeouts)
            level = room_level(p.bot for p in self.room.players.values() if p.bot is not None)
            family = variant_family(game.variant)
            name = policy_of(game).timeout_bot if smallest else bot_name(level, family)
            bot = make_bot(name, secrets.randbits(64), family)
        return bot

    async def _auto_turn(self, expected: int, delay: float) -> None:
        """Play a seat to act for the server after ``delay``: the bot thinks meanwhile, within the think
        budget, so every automatic move takes the same time whatever the seat holds."""
        room = self.room
        game = self.game
        if game is None:
            return
        async with room.lock:
            if self.game is not game or len(game.events) != expected:
                return
            decided = await asyncio.to_thread(self._decide, game)
        if decided is None:
            return  # persons' turn: the turn timer, if any, is armed
        seat, obs, ask, bot = decided
        thinking = None
        if len(obs.legal) > 1:
            thinking = asyncio.ensure_future(decide(room.pool, bot, obs, ask, room.config.think_budget, room.code))
        await asyncio.sleep(delay)
        action = obs.legal[0]
        try:
            if thinking is not None:
                action = await thinking
        except TimeoutError:
            log.warning("room %s: the bot took over %.1f s; it plays its first legal action", room.code, room.config.think_budget)
        async with room.lock:
            if self.game is not game or len(game.events) != expected:
                return  # a seat acted meanwhile: the automatic turn is armed again
            self._auto = None
            try:
                await self.send(await self._apply(seat, lambda: action))
            except RoomError as err:
                log.warning("room %s: an automatic move was refused (%s); trying again", room.code, err.message)
                await self.send(self.schedule(delay=RETRY_SECONDS))
            except Exception:
                log.exception("room %s: an automatic move failed; trying again", room.code)
                await self.send(self.schedule(delay=RETRY_SECONDS))

    async def time_out(self) -> list[Effect]:
        """The turn timer ran out (its host calls, under the room's lock): every person to act is played, after
        ``bot_delay`` as any automatic move (so that its bot's thinking time shows nothing of its hand), and goes on
        托管 at the table's count of timeouts in a row (``Timeouts``); until then it makes its smallest move this
        once. What to send."""
        room = self.room
        game = self.game
        if game is None or game.is_over:
            return []
        in_auction = policy_of(game).timeout_takes_over(game)
        for seat in sorted(game.actors()):
            holder = room.seat_holder(seat)
            if holder is None or not self._person(seat):
                continue
            if not self.lateness.timed_out(seat, room.variant.timeouts, in_auction):
                log.info("room %s: %r ran out of time (%d in a row)", room.code, holder.name, self.lateness.missed[seat])
                continue
            try:
                await room.save_player(holder, auto=True)
            except RoomError:
                return self.schedule(delay=RETRY_SECONDS)
            log.info("room %s: %r ran out of time; 托管 on", room.code, holder.name)
        return [*self.schedule(), SendViews(), SendRoom()]

    def _disarm(self) -> None:
        """Stop the automatic turn and the deal's tick (a new one is armed); the turn timer is the host's."""
        if self._auto is not None:
            self._auto.cancel()
        self._auto, self._timed = None, False
        self.clock.cancel()

    def close(self) -> None:
        """Stop the table's every task (the room expired, the server stops, the table is replaced); its host stops the
        turn timer."""
        self._disarm()
        self.clock.stop()
