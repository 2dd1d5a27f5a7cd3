"""A room: its players and seats, its session of hands, its timers and bots, and what each socket is sent.

Every change runs under the room's lock: check, change, store, broadcast. Engine and bot work and
database writes run in worker threads, so one room's slow hand or a locked database holds up only
that room. A write that fails leaves memory as it was and is refused with ``RoomError``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any, TypeVar

from paiju.bots import Bot, make_bot
from paiju.cards import InvalidCardsError
from paiju.climbing import Action, Game, LogError, Session, action_text, forced_pass_shown, game_log, observe, replay
from paiju.climbing.parse import actions_for_text
from paiju.patterns import IllegalMoveError
from paiju.server.config import ServerConfig
from paiju.server.connection import Connection
from paiju.server.frames import result_message, view_message
from paiju.server.history import redacted_log
from paiju.server.protocol import (
    Act,
    ErrorMessage,
    ResultMessage,
    RoomSettings,
    RoomState,
    RoomStatus,
    SeatInfo,
    Settings,
    SpectatorInfo,
    ViewMessage,
    Welcome,
)
from paiju.server.storage import PlayerRow, RoomRow, Store, StoreError
from paiju.server.tables import TableError, build_variant
from paiju.variants import Variant

__all__ = ["Room", "RoomError", "new_player"]

log = logging.getLogger("paiju.server")
T = TypeVar("T")

#: The bot that plays a seat on 托管, after a timeout, or when its player was removed mid-hand.
AUTO_BOT = "heuristic"
#: Settings whose change makes a different table, and so a new session.
TABLE_FIELDS = ("variant", "rules", "seats")
#: Seconds before an automatic move that could not be stored is tried again.
RETRY_SECONDS = 2.0


class RoomError(Exception):
    """A request the room refuses: ``code`` from the protocol's error codes, and a reason a player reads."""

    def __init__(self, code: str, message: str, options: list[str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.options = options

    def frame(self) -> ErrorMessage:
        return ErrorMessage(code=self.code, message=self.message, options=self.options)


def secret_seed() -> int:
    """An independent 128-bit seed: no hand's or bot's randomness follows from another's."""
    return secrets.randbits(128)


def new_player(room: str, name: str, seat: int | None = None, bot: str | None = None) -> PlayerRow:
    """A player with a fresh public id and a fresh secret token."""
    return PlayerRow(id=secrets.token_hex(8), room=room, token=secrets.token_urlsafe(24), name=name, seat=seat, bot=bot, auto=False)


def _copy_row(row: Any, **changes: Any) -> Any:
    """A detached copy of an ORM row with ``changes``, to store before memory takes the change."""
    values = {c.key: getattr(row, c.key) for c in type(row).__table__.columns}
    return type(row)(**{**values, **changes})


def resume_session(variant: Variant, finished: list[dict[str, Any]], current: Game | None) -> Session:
    """A session as it stood: its finished hands (logs, in order) and its current hand."""
    session = Session(variant, draw_seed=secret_seed)
    for stored in finished:
        result = replay(stored).result
        assert result is not None
        session.results.append(result)
        session.totals = [t + s for t, s in zip(session.totals, result.scores)]
    if current is not None:
        session.game = current
    return session


def rebuild(header: dict[str, Any], events: list[dict[str, Any]]) -> tuple[Game | None, int]:
    """The running hand from its stored header and events: as far as they replay, and how many did."""
    log_ = {**header, "events": events}
    try:
        return replay(log_), len(events)
    except LogError:
        pass
    low, high = -1, len(events)  # replay(stop=low) works (-1: unknown), stop=high does not
    while high - low > 1:
        mid = (low + high) // 2
        try:
            replay(log_, stop=max(mid, 0))
            low = mid
        except LogError:
            high = mid
    if low < 0:
        return None, 0
    return replay(log_, stop=low), low


class Room:
    """One room in memory, mirrored to the store after every change."""

    def __init__(self, row: RoomRow, players: list[PlayerRow], store: Store, bot_delay: float, config: ServerConfig) -> None:
        self.row = row
        self.store = store
        self.bot_delay = bot_delay
        self.config = config
        self.players: dict[str, PlayerRow] = {p.id: p for p in players}
        self.connections: set[Connection] = set()
        self.settings = RoomSettings.model_validate(row.settings)
        self.variant = build_variant(self.settings)
        self.session: Session | None = None
        self.bots: dict[int, Bot] = {}
        self.deadline: float | None = None
        #: The public id of the last finished hand (``row.last_hand_id`` is the store's own key).
        self.last_public_id: str | None = None
        #: Held by every change, so two requests never interleave inside a room.
        self.lock = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None
        self._auto: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ storage
    async def _store(self, op: Callable[..., T], *args: Any) -> T:
        """Run one store operation in a worker thread; a failure becomes a refusal that changes nothing."""
        try:
            return await asyncio.to_thread(op, *args)
        except StoreError as err:
            log.error("room %s: could not store a change: %s", self.code, err)
            raise RoomError("bad_state", "the server could not save that; try again") from err

    async def _save_player(self, player: PlayerRow, **changes: Any) -> None:
        """Store the player with ``changes``, then take them in memory."""
        await self._store(self.store.save_player, _copy_row(player, **changes))
        for key, value in changes.items():
            setattr(player, key, value)

    async def _remove_player(self, player: PlayerRow) -> None:
        await self._store(self.store.delete_player, player.id)
        self.players.pop(player.id, None)

    # ------------------------------------------------------------------ creation and restart
    @classmethod
    async def create(cls, code: str, settings: RoomSettings, host_name: str, store: Store, bot_delay: float, config: ServerConfig) -> tuple[Room, PlayerRow]:
        """A new room with its host (a spectator until it sits); returns the room and the host (the
        settings were checked with ``build_variant``)."""
        host = new_player(code, host_name)
        now = time.time()
        row = RoomRow(
            code=code, settings=settings.model_dump(), host_id=host.id, created_at=now, last_active=now,
            hand_number=0, session_hands=[], hand_header=None, last_hand_id=None,
        )
        room = cls(row, [host], store, bot_delay, config)
        await room._store(store.add_room, _copy_row(row))
        await room._store(store.save_player, _copy_row(host))
        return room, host

    async def restore(self, events: list[dict[str, Any]]) -> None:
        """Rebuild the session and its running hand from the stored logs; events that no longer replay
        are logged and dropped, and a hand that cannot be rebuilt at all is given up (scores kept)."""
        header = self.row.hand_header
        if header is None:
            return
        current, kept = await asyncio.to_thread(rebuild, header, events)
        if kept < len(events) or current is None:
            log.warning("room %s: stored events %d to %d of the running hand do not replay and are dropped%s",
                        self.code, kept, len(events) - 1, "" if current else "; the hand is given up")
            if current is not None:  # the events as rebuilt (a hand rebuilt from its seed alone has its deal again)
                await self._store(self.store.start_hand, _copy_row(self.row), list(current.events))
        ids = list(self.row.session_hands)
        if current is not None and current.is_over and self.row.last_hand_id is None:
            await self._finish(current)  # the server stopped between the hand's last event and storing it
        if current is not None and current.is_over and ids and ids[-1] == self.row.last_hand_id:
            ids = ids[:-1]
        finished = await asyncio.to_thread(self.store.hand_logs, ids)
        if current is None and finished:
            current = await asyncio.to_thread(replay, finished.pop())
        if current is None:
            return
        if self.row.last_hand_id is not None and self.last_public_id is None:
            stored = await asyncio.to_thread(self.store.hand_by_id, self.row.last_hand_id)
            self.last_public_id = stored.public_id if stored is not None else None
        self.session = await asyncio.to_thread(resume_session, current.variant, finished, current)
        self._make_bots()
        self.schedule()

    # ------------------------------------------------------------------ queries
    @property
    def code(self) -> str:
        return self.row.code

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    @property
    def status(self) -> RoomStatus:
        game = self.game
        if game is None:
            return "waiting"
        return "between" if game.is_over else "playing"

    @property
    def playing(self) -> bool:
        return self.status == "playing"

    def seat_holder(self, seat: int) -> PlayerRow | None:
        return next((p for p in self.players.values() if p.seat == seat), None)

    def member(self, token: str | None) -> PlayerRow | None:
        """The person (not a bot) whose secret token this is."""
        if not token:
            return None
        return next((p for p in self.players.values() if p.bot is None and secrets.compare_digest(p.token.encode(), token.encode())), None)

    def connected(self, player: PlayerRow) -> bool:
        return player.bot is not None or any(c.player is player for c in self.connections)

    def names(self) -> list[str]:
        """Each seat's display name now (``seat N`` when empty)."""
        out = []
        for s in range(self.variant.players):
            p = self.seat_holder(s)
            out.append(p.name if p is not None else f"seat {s}")
        return out

    def hand_names(self) -> list[str]:
        """The seat names of the running (or last) hand, as they were when it was dealt."""
        return list((self.row.hand_header or {}).get("seats") or self.names())

    def totals(self) -> list[int]:
        """Each seat's session total, the last finished hand included."""
        if self.session is None:
            return [0] * self.variant.players
        totals = list(self.session.totals)
        game = self.session.game
        if game.result is not None:
            totals = [t + s for t, s in zip(totals, game.result.scores)]
        return totals

    def session_over(self) -> bool:
        return self.settings.hands > 0 and len(self.row.session_hands) >= self.settings.hands and not self.playing

    def state(self) -> RoomState:
        """The public room state (the ``room`` frame): seats, connected spectators and their count."""
        seats = []
        for s in range(self.variant.players):
            p = self.seat_holder(s)
            seats.append(
                SeatInfo(
                    seat=s, name=p.name if p else None, player_id=p.id if p else None, bot=p.bot if p else None,
                    connected=self.connected(p) if p else False, auto=p.auto if p else False,
                )
            )
        watchers = [
            SpectatorInfo(player_id=p.id, name=p.name, connected=True)
            for p in self.players.values()
            if p.seat is None and self.connected(p)
        ]
        return RoomState(
            code=self.code, variant=self.variant.name, title=self.variant.title, settings=self.settings, seats=seats,
            spectators=len(watchers), host_id=self.row.host_id, status=self.status, hand_number=self.row.hand_number,
            scores=self.totals(), deadline=self.deadline, session_hands=len(self.row.session_hands),
            session_over=self.session_over(), watchers=watchers,
        )

    def _views(self, seats: set[int | None]) -> dict[int | None, ViewMessage]:
        """Each seat's view frame (engine work: run in a worker thread)."""
        game = self.game
        if game is None:
            return {}
        auto = not game.is_over and self._automatic(game, game.to_act)
        return {
            seat: view_message(game, seat, deadline=self.deadline, counter=self.settings.card_counter,
                               hand_number=self.row.hand_number, auto_play=auto)
            for seat in seats
        }

    def result(self) -> ResultMessage | None:
        """The settlement of the last hand, while the room is between hands."""
        game = self.game
        if game is None or game.result is None:
            return None
        return result_message(game, self.hand_names(), self.totals(), self.last_public_id, self.row.hand_number)

    def seat_log(self, player: PlayerRow) -> dict[str, Any]:
        """The running (or last) hand's log as this player may see it."""
        game = self.game
        if game is None:
            raise RoomError("bad_state", "no hand has been dealt in this room yet")
        return redacted_log(game, player.seat, self.hand_names())

    # ------------------------------------------------------------------ broadcasting
    def broadcast_room(self) -> None:
        state = self.state()
        for c in self.connections:
            if c.player is not None:
                c.send(state)

    async def broadcast_views(self, only: Connection | None = None) -> None:
        """Send every connection (or ``only`` one) its view; the views are built off the event loop."""
        targets = [c for c in ([only] if only else self.connections) if c.player is not None]
        if not targets or self.game is None:
            return
        seats = {c.player.seat for c in targets if c.player is not None}
        views = await asyncio.to_thread(self._views, seats)
        for c in targets:
            if c.player is not None and c.player.seat in views:
                c.send(views[c.player.seat])

    async def catch_up(self, conn: Connection) -> None:
        """What a (re)joining connection needs besides the room: its view and the last result."""
        await self.broadcast_views(only=conn)
        result = self.result()
        if result is not None and not self.playing:
            conn.send(result)

    # ------------------------------------------------------------------ joining and leaving
    async def hello(self, conn: Connection, name: str, token: str | None) -> None:
        """Join as a new player, or reclaim a player (and its seat) by its token."""
        if token is not None:
            player = self.member(token)
            if player is None:
                raise RoomError("bad_token", "this room does not know that token; join with a name instead")
            if player.name != name:
                await self._save_player(player, name=name)
        else:
            if len(self.players) >= self.config.max_people:
                raise RoomError("room_full", f"this room already has {self.config.max_people} people; it cannot take more")
            player = new_player(self.code, name)
            await self._store(self.store.save_player, _copy_row(player))
            self.players[player.id] = player
        conn.player = player
        self.connections.add(conn)
        conn.send(Welcome(token=player.token, player_id=player.id, host=player.id == self.row.host_id))
        log.info("room %s: %r joined (%s)", self.code, player.name, "reclaimed" if token else "new")
        self.broadcast_room()
        await self.catch_up(conn)

    async def leave(self, conn: Connection) -> None:
        """A socket closed: a seated player keeps its seat and token; a spectator (not the host) leaves the room."""
        self.connections.discard(conn)
        player = conn.player
        if player is None:
            return
        log.info("room %s: %r disconnected", self.code, player.name)
        gone = player.seat is None and player.bot is None and player.id != self.row.host_id and not self.connected(player)
        if gone:
            try:
                await self._remove_player(player)
            except RoomError:
                pass  # logged; the spectator stays listed as disconnected
        self.broadcast_room()

    async def sit(self, player: PlayerRow, seat: int) -> None:
        if not 0 <= seat < self.variant.players:
            raise RoomError("bad_message", f"this table has seats 0 to {self.variant.players - 1}")
        holder = self.seat_holder(seat)
        if holder is player:
            return
        if holder is not None:
            raise RoomError("seat_taken", f"seat {seat} is taken by {holder.name}")
        if player.seat is not None and self.playing:
            raise RoomError("bad_state", "you can't change seats during a hand")
        await self._save_player(player, seat=seat, auto=False)
        self.broadcast_room()
        await self.broadcast_views()
        await self.schedule_if_waiting_on(seat)

    async def stand(self, player: PlayerRow) -> None:
        if player.seat is None:
            return
        if self.playing:
            raise RoomError("bad_state", "you can't leave your seat during a hand; turn on auto-play (托管) instead")
        await self._save_player(player, seat=None, auto=False)
        self.broadcast_room()
        await self.broadcast_views()

    # ------------------------------------------------------------------ host actions
    def _host(self, player: PlayerRow, what: str) -> None:
        if player.id != self.row.host_id:
            raise RoomError("not_host", f"only the room's host can {what}")

    async def add_bots(self, player: PlayerRow, strength: str, seats: list[int] | None) -> None:
        self._host(player, "add bots")
        targets = seats if seats is not None else [s for s in range(self.variant.players) if self.seat_holder(s) is None]
        for s in targets:
            if not 0 <= s < self.variant.players:
                raise RoomError("bad_message", f"this table has seats 0 to {self.variant.players - 1}")
            holder = self.seat_holder(s)
            if holder is not None and holder.bot is None:
                raise RoomError("seat_taken", f"seat {s} is taken by {holder.name}")
        try:
            for s in targets:
                holder = self.seat_holder(s)
                if holder is not None:
                    await self._remove_player(holder)
                bot = new_player(self.code, f"{strength} bot {s}", seat=s, bot=strength)
                await self._store(self.store.save_player, _copy_row(bot))
                self.players[bot.id] = bot
        finally:  # the seats stored so far are filled, even when a later one failed
            self._make_bots()
            self.broadcast_room()
            self.schedule()

    async def change_settings(self, player: PlayerRow, msg: Settings) -> None:
        self._host(player, "change the settings")
        if self.playing:
            raise RoomError("bad_state", "settings change between hands, not during one")
        changes = msg.model_dump(exclude={"type"}, exclude_none=True)
        settings = RoomSettings.model_validate({**self.settings.model_dump(), **changes})
        try:
            variant = await asyncio.to_thread(build_variant, settings)
        except TableError as err:
            raise RoomError("bad_message", str(err)) from err
        new_table = any(getattr(settings, f) != getattr(self.settings, f) for f in TABLE_FIELDS)
        row_changes: dict[str, Any] = {"settings": settings.model_dump()}
        if new_table:
            row_changes.update(session_hands=[], hand_header=None, last_hand_id=None)
        row = _copy_row(self.row, **row_changes)
        await self._store(self.store.save_room, row)
        self.row, self.settings, self.variant = row, settings, variant
        if new_table:
            self.session, self.bots, self.last_public_id = None, {}, None
            for p in list(self.players.values()):
                if p.seat is not None and p.seat >= variant.players:
                    await self._unseat(p)
        log.info("room %s: settings changed to %s", self.code, self.row.settings)
        self.broadcast_room()

    async def _unseat(self, p: PlayerRow) -> None:
        """Free a seat: a bot leaves the room, a person watches."""
        if p.bot is not None:
            await self._remove_player(p)
        else:
            await self._save_player(p, seat=None, auto=False)

    async def kick(self, player: PlayerRow, player_id: str) -> None:
        self._host(player, "remove a player")
        target = self.players.get(player_id)
        if target is None:
            raise RoomError("bad_message", "no such player in this room")
        if target is player:
            raise RoomError("bad_message", "the host can't remove itself")
        seat = target.seat
        await self._remove_player(target)
        for c in list(self.connections):
            if c.player is target:
                c.send(ErrorMessage(code="bad_token", message="the host removed you from this room"))
                c.player = None
                c.close()
                self.connections.discard(c)
        log.info("room %s: host removed %r", self.code, target.name)
        self.broadcast_room()
        if seat is not None:
            await self.schedule_if_waiting_on(seat)

    async def start(self, player: PlayerRow) -> None:
        self._host(player, "start a hand")
        if self.playing:
            raise RoomError("bad_state", "a hand is already being played")
        empty = [s for s in range(self.variant.players) if self.seat_holder(s) is None]
        if empty:
            raise RoomError("bad_state", f"seats {', '.join(map(str, empty))} are empty: fill them with players or bots")
        game = self.game
        if game is not None and game.is_over and self.row.last_hand_id is None:
            await self._finish(game, strict=True)  # the last hand's storing failed: store it before the next
        saved = None if self.session is None else (self.session.game, list(self.session.totals), list(self.session.results))
        changes: dict[str, Any] = {"hand_number": self.row.hand_number + 1, "last_hand_id": None}
        if self.session is None or self.session_over():
            session = Session(self.variant, draw_seed=secret_seed)
            changes["session_hands"] = []
        else:
            session = self.session
            session.next_hand()
        game = session.game
        header = game_log(game, self.names())
        header.pop("events")
        row = _copy_row(self.row, hand_header=header, **changes)
        try:
            await self._store(self.store.start_hand, row, list(game.events))
        except RoomError:
            if saved is not None and self.session is not None:
                self.session.game, self.session.totals, self.session.results = saved[0], saved[1], saved[2]
            raise
        self.session, self.row, self.last_public_id = session, row, None
        self._make_bots()
        log.info("room %s: hand %d dealt (%s)", self.code, self.row.hand_number, self.variant.name)
        await self._after_change()

    # ------------------------------------------------------------------ playing
    async def act(self, player: PlayerRow, msg: Act) -> None:
        game = self.game
        if game is None or game.is_over:
            raise RoomError("bad_state", "no hand is being played: the host starts the next one")
        seat = player.seat
        if seat is None:
            raise RoomError("not_seated", "take a seat to play")
        if game.to_act != seat:
            raise RoomError("not_your_turn", f"it is {self.names()[game.to_act]}'s turn (seat {game.to_act})")
        action = await asyncio.to_thread(self._chosen, game, msg)
        await self._apply(seat, action)

    @staticmethod
    def _chosen(game: Game, msg: Act) -> Action:
        """The one legal action an ``act`` frame names; ``RoomError`` with the reason otherwise."""
        if msg.cards is None:
            assert msg.action is not None
            chosen = next((a for a in game.legal_actions() if action_text(a) == msg.action.strip()), None)
            if chosen is None:
                raise RoomError("illegal_move", f"{msg.action!r} is not one of your legal actions now")
            return chosen
        try:
            options = actions_for_text(game, msg.cards)
        except (InvalidCardsError, IllegalMoveError) as err:
            raise RoomError("illegal_move", str(err)) from err
        if msg.action is not None:
            reading = next((a for a in options if action_text(a) == msg.action.strip()), None)
            if reading is None:
                readings = ", ".join(action_text(a) for a in options)
                raise RoomError("illegal_move", f"{msg.cards} cannot be played as {msg.action}; they can be: {readings}")
            return reading
        if len(options) > 1:
            texts = [action_text(a) for a in options]
            raise RoomError("ambiguous", f"those cards can be played {len(texts)} ways: choose one", texts)
        return options[0]

    async def set_auto(self, player: PlayerRow, on: bool) -> None:
        if player.seat is None:
            raise RoomError("not_seated", "托管 plays a seat: take one first")
        await self._save_player(player, auto=on)
        self.broadcast_room()
        await self.schedule_if_waiting_on(player.seat)

    async def _apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` and store the new events; if they cannot be stored, the hand is
        rebuilt as it was before the action and the action is refused."""
        game = self.game
        assert game is not None and self.session is not None
        first = len(game.events)
        await asyncio.to_thread(game.apply, action, seat)
        try:
            await self._store(self.store.append_events, self.code, first, game.events[first:])
        except RoomError:
            header = self.row.hand_header or {}
            self.session.game = await asyncio.to_thread(replay, {**header, "events": game.events[:first]})
            raise
        if game.is_over:
            await self._finish(game)
        await self._after_change()

    async def _finish(self, game: Game, strict: bool = False) -> None:
        """Store the finished hand; a failure is logged (and raised when ``strict``) and retried at the next start."""
        assert game.result is not None
        row = _copy_row(self.row)
        try:
            stored = await self._store(
                self.store.finish_hand, row, self.row.hand_number, game_log(game, self.hand_names()), list(game.result.scores)
            )
        except RoomError:
            if strict:
                raise
            return
        self.row, self.last_public_id = row, stored.public_id
        log.info("room %s: hand %d over, scores %s", self.code, self.row.hand_number, game.result.scores)

    async def _after_change(self) -> None:
        self.schedule()
        await self.broadcast_views()
        result = self.result()
        if result is not None:
            for c in self.connections:
                if c.player is not None:
                    c.send(result)
        self.broadcast_room()

    # ------------------------------------------------------------------ bots, 托管 and the turn timer
    def _make_bots(self) -> None:
        """One bot per bot seat, each with its own secret seed."""
        self.bots = {
            p.seat: make_bot(p.bot, secrets.randbits(64)) for p in self.players.values() if p.bot is not None and p.seat is not None
        }

    def _automatic(self, game: Game, seat: int) -> bool:
        """Whether the server plays the seat to act now: a bot, 托管, an empty seat, or (``auto_forced``) a
        forced pass where showing that it was forced is the option's point (the play phase)."""
        holder = self.seat_holder(seat)
        if holder is None or holder.bot is not None or holder.auto:
            return True
        if not self.settings.auto_forced or not forced_pass_shown(game):
            return False
        legal = game.legal_actions()
        return len(legal) == 1 and action_text(legal[0]) == "pass"

    def schedule(self, delay: float | None = None) -> None:
        """Arm the next automatic move or the turn timer for the seat to act."""
        for handle in (self._timer, self._auto):
            if handle is not None:
                handle.cancel()
        self._timer = self._auto = None
        self.deadline = None
        game = self.game
        if game is None or game.is_over:
            return
        holder = self.seat_holder(game.to_act)
        if holder is None or holder.bot is not None or holder.auto or self.settings.auto_forced:
            # Whether the seat is played for it may need its legal actions: the automatic task decides.
            self._auto = asyncio.get_running_loop().create_task(
                self._auto_turn(len(game.events), self.bot_delay if delay is None else delay)
            )
            if holder is not None and holder.bot is None and not holder.auto:
                self._arm_timer()
        else:
            self._arm_timer()

    def _arm_timer(self) -> None:
        if self.settings.turn_seconds > 0:
            self.deadline = time.time() + self.settings.turn_seconds
            self._timer = asyncio.get_running_loop().call_later(self.settings.turn_seconds, self._timed_out)

    async def schedule_if_waiting_on(self, seat: int) -> None:
        """Re-arm when a change concerns the seat to act (托管 on, a player removed or seated)."""
        game = self.game
        if game is not None and not game.is_over and game.to_act == seat:
            self.schedule()
            await self.broadcast_views()
            self.broadcast_room()

    def _decide(self, game: Game, seat: int) -> tuple[Any, Bot | None]:
        """Under the lock, in a worker thread: whether the server plays ``seat`` now, and the bot's view."""
        if not self._automatic(game, seat):
            return None, None
        obs = observe(game, seat)
        holder = self.seat_holder(seat)
        bot = self.bots.get(seat) if holder is not None and holder.bot is not None else None
        return obs, bot or make_bot(AUTO_BOT, secrets.randbits(64))

    async def _auto_turn(self, expected: int, delay: float) -> None:
        """Play the seat to act for the server after ``delay``: the bot thinks meanwhile, within the think
        budget, so every automatic move takes the same time whatever the seat holds."""
        game = self.game
        if game is None:
            return
        seat = game.to_act
        async with self.lock:
            if self.game is not game or len(game.events) != expected:
                return
            obs, bot = await asyncio.to_thread(self._decide, game, seat)
        if obs is None or bot is None:
            return  # a person's turn: the turn timer, if any, is armed
        if len(obs.legal) == 1:
            thinking: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
            thinking.set_result(obs.legal[0])
        else:
            thinking = asyncio.ensure_future(asyncio.wait_for(asyncio.to_thread(bot.act, obs), self.config.think_budget))
        await asyncio.sleep(delay)
        try:
            action = await thinking
        except TimeoutError:
            log.warning("room %s: the bot took over %.1f s; it plays its first legal action", self.code, self.config.think_budget)
            action = obs.legal[0]
        async with self.lock:
            if self.game is not game or len(game.events) != expected:
                return  # the seat acted itself meanwhile
            self._auto = None
            try:
                await self._apply(seat, action)
            except RoomError as err:
                log.warning("room %s: an automatic move was refused (%s); trying again", self.code, err.message)
                self.schedule(delay=RETRY_SECONDS)
            except Exception:
                log.exception("room %s: an automatic move failed; trying again", self.code)
                self.schedule(delay=RETRY_SECONDS)

    def _timed_out(self) -> None:
        """The turn timer ran out: the seat goes on 托管 and is played now."""
        self._timer = None
        asyncio.get_running_loop().create_task(self._time_out())

    async def _time_out(self) -> None:
        async with self.lock:
            game = self.game
            if game is None or game.is_over:
                return
            holder = self.seat_holder(game.to_act)
            if holder is not None and not holder.auto:
                try:
                    await self._save_player(holder, auto=True)
                except RoomError:
                    self.schedule(delay=RETRY_SECONDS)
                    return
                log.info("room %s: %r ran out of time; 托管 on", self.code, holder.name)
            self.schedule(delay=0)
            await self.broadcast_views()
            self.broadcast_room()

    def close(self) -> None:
        """Stop the timers (the server is shutting down, or the room expired)."""
        for handle in (self._timer, self._auto):
            if handle is not None:
                handle.cancel()
        self._timer = self._auto = None
