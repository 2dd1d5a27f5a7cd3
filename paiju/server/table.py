"""A room's table: the session of hands, its bots, the turns' deadlines and 托管. It knows seats, not people (it asks
its room), nor any family (it asks the kernel). Its moves return what its host is to do (``effects.py``: the writes,
the next turn to arm, the frames to send), which the host applies under the room's lock: the table holds neither the
store, a socket, a timer nor a task, and is driven and checked alone. ``restore.py`` rebuilds it after a restart."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from paiju.bots import AnyBot, make_bot
from paiju.engine import AnyHand, Observation, Session, family_of, game_log, parse_action, replay, variant_family
from paiju.engine import new_session as open_session
from paiju.errors import IllegalMoveError
from paiju.policy import policy_of
from paiju.server.acts import check_turn, chosen_action, refuse_paced_pass
from paiju.server.effects import (
    ArmDeadline,
    ArmTick,
    AutoTurn,
    CancelDeadline,
    Effect,
    Schedule,
    SendRoom,
    SendViews,
    StoreEvents,
    StoreFinish,
    StoreHand,
    TakeOver,
    changed,
)
from paiju.server.errors import RoomError
from paiju.server.frames import result_message, view_message
from paiju.server.lateness import Lateness, smallest_on_takeover
from paiju.server.protocol import Act, Escape, ResultMessage, ViewMessage
from paiju.server.table_room import TableRoom
from paiju.server.thinking import Ask, ask_of, bot_name, room_level

__all__ = ["Table", "TableRoom", "secret_seed"]

log = logging.getLogger("paiju.server")


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
        self._round: frozenset[int] = frozenset()  # the seats to act when the timer was last armed
        #: A paced deal's round and when it ends (every view's deadline meanwhile); a round keeps its end.
        self._paced: tuple[int, float] | None = None
        self.lateness = Lateness()  # who ran out of time, and how often in a row

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> AnyHand | None:
        return self.session.game if self.session is not None else None

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
    def start(self, new_session: bool) -> list[Effect]:
        """Deal the next hand (of a new session when asked): stored before it is shown (the last hand first, if its
        storing failed), then the next turn and the frames."""
        room = self.room
        game = self.game
        effects: list[Effect] = []
        if game is not None and game.is_over and room.row.last_hand_id is None:
            effects.append(self.finish(game, strict=True))
        before = self.session
        saved = None if before is None else (before.game, list(before.totals), list(before.results))
        bots, lateness, public_id = self.bots, self.lateness.copy(), self.last_public_id
        changes: dict[str, Any] = {"hand_number": room.row.hand_number + 1, "last_hand_id": None}
        if before is None or new_session:
            session = open_session(room.variant, draw_seed=secret_seed)
            changes.update(session_hands=[], escapes=[])
        else:
            session = before
            session.next_hand()
        dealt = session.game
        header = game_log(dealt, room.names())
        header.pop("events")
        changes["hand_header"] = header

        def revert() -> None:
            if before is not None and saved is not None:
                before.game, before.totals, before.results = saved[0], saved[1], saved[2]
            self.session, self.bots, self.lateness, self.last_public_id = before, bots, lateness, public_id

        self.session, self.last_public_id = session, None
        self.lateness.late.clear()
        self.make_bots()
        return [*effects, StoreHand(changes, list(dealt.events), revert), *changed()]

    async def act(self, seat: int, msg: Act) -> list[Effect]:
        """The seat's move from an ``act`` frame (what to do next): any seat among those to act, whatever the others
        do."""
        game = self.game
        if game is None or game.is_over:
            raise RoomError("bad_state", "no hand is being played: the host starts the next one", reason="no_hand")
        check_turn(game, seat, self.room.names())
        return await self._apply(seat, lambda: refuse_paced_pass(game, chosen_action(game, seat, msg)), by_itself=True)

    async def play(self, seat: int, action: object) -> list[Effect]:
        """``action`` for a seat the server plays (its bot's, 托管's or a late seat's smallest move)."""
        return await self._apply(seat, lambda: action, by_itself=False)

    async def _apply(self, seat: int, choose: Callable[[], object], by_itself: bool) -> list[Effect]:
        """Play the action ``choose`` names (read in the same worker-thread trip) for ``seat``: the seat is late no
        more, and a move of its own counts its timeouts afresh."""
        game = self.game
        assert game is not None
        effects = await self.commit(lambda: game.apply(choose(), seat))
        self.lateness.moved(seat, by_itself)
        return effects

    async def commit(self, play: Callable[[], None]) -> list[Effect]:
        """Make the moves ``play`` makes (in a worker thread); the new events to store, and what follows. If they
        cannot be stored, the hand is rebuilt as it was (and the seats' lateness with it)."""
        game = self.game
        session = self.session
        assert game is not None and session is not None
        first = len(game.events)
        lateness = self.lateness.copy()
        await asyncio.to_thread(play)

        def revert() -> None:
            header = self.room.row.hand_header or {}
            session.game, self.lateness = replay({**header, "events": game.events[:first]}), lateness

        effects: list[Effect] = [StoreEvents(first, game.events[first:], revert)]
        if game.is_over:
            effects.append(self.finish(game))
        return [*effects, *changed()]

    def finish(self, game: AnyHand, strict: bool = False) -> StoreFinish:
        """The storing of the finished ``game`` (its host gives the table the stored hand's public id)."""
        assert game.result is not None
        return StoreFinish(game_log(game, self.room.hand_names()), list(game.result.scores), strict)

    def end_round(self, game: AnyHand, decided: dict[int, object]) -> None:
        """A paced deal's tick: what each seat the server plays decided on the round is made (a declaration outranked
        since is dropped); then every seat still in the round passes. No bot is asked here."""
        paced = policy_of(game).paced
        step = paced(game)
        for seat in sorted(game.actors()):
            if seat in decided and self.automatic(game, seat):
                try:
                    game.apply(decided[seat], seat)
                except IllegalMoveError:
                    pass  # decided on the round's first view: a declaration made since outranks it
            if paced(game) != step:
                return  # the round is over (its last pass, or a ♥5 pair closed declaring)
            if seat in game.actors():
                game.apply(parse_action(game, "pass", seat)[0], seat)

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
        """What to arm next, replacing what was armed: a paced deal's tick (``ArmTick``), the automatic turn
        (``AutoTurn``) and the turn timer (``ArmDeadline``, else ``CancelDeadline``), whose deadline every person to
        act shares: where several act at once, one's answer leaves the others the same deadline (when each answered
        shows nowhere)."""
        previous, deadline = self._round, self.deadline
        self._timed, self.deadline = False, None
        game = self.game
        if game is None or game.is_over:
            self._paced = None
            return [CancelDeadline()]
        actors = self._round = game.actors()
        tick = self._tick(game)
        if tick is not None:
            return [tick, CancelDeadline()]
        effects: list[Effect] = []
        people = {seat for seat in actors if self._person(seat) and seat not in self.lateness.late}
        if people != actors or (self.room.settings.auto_forced and policy_of(game).forced_pass_shown(game)):
            # Whether a seat is played for it may need its legal actions: the automatic turn decides.
            effects.append(AutoTurn(len(game.events), delay))
        return [*effects, *(self._arm_timer(deadline if actors < previous else None) if people else [CancelDeadline()])]

    def _tick(self, game: AnyHand) -> ArmTick | None:
        """The tick of the paced deal's round ``game`` is in (a round keeps its end; a new one is asked anew), its end
        every view's deadline meanwhile; ``None`` where no round runs."""
        step = policy_of(game).paced(game)
        if step is None:
            self._paced = None
            return None
        paced = self._paced
        new = paced is None or paced[0] != step
        if paced is None or new:
            paced = self._paced = (step, time.time() + self.room.config.deal_pace)
        self.deadline = paced[1]
        return ArmTick(step, paced[1], ask=new)

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
        return [Schedule(), SendViews(), SendRoom()]

    def decide(self, game: AnyHand) -> tuple[int, Observation[object], Ask | None, AnyBot] | None:
        """Under the lock, in a worker thread: the first seat to act that the server plays now, its observation,
        what a search bot is asked (``thinking.ask_of``) and its bot; ``None`` when persons act."""
        seat = next((s for s in sorted(game.actors()) if self.automatic(game, s)), None)
        bot = None if seat is None else self.played_for(game, seat)
        if seat is None or bot is None:
            return None
        return (seat, *ask_of(bot, game, seat), bot)

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

    def time_out(self) -> list[Effect]:
        """The turn timer ran out (its host calls, under the room's lock): every person to act is played, after
        ``bot_delay`` as any automatic move (so that its bot's thinking time shows nothing of its hand), and goes on
        托管 at the table's count of timeouts in a row (``Timeouts``); until then it makes its smallest move this
        once. What to do next."""
        room = self.room
        game = self.game
        if game is None or game.is_over:
            return []
        in_auction = policy_of(game).timeout_takes_over(game)
        effects: list[Effect] = []
        for seat in sorted(game.actors()):
            holder = room.seat_holder(seat)
            if holder is None or not self._person(seat):
                continue
            if self.lateness.timed_out(seat, room.variant.timeouts, in_auction):
                effects.append(TakeOver(holder))
            else:
                log.info("room %s: %r ran out of time (%d in a row)", room.code, holder.name, self.lateness.missed[seat])
        return [*effects, Schedule(), SendViews(), SendRoom()]
