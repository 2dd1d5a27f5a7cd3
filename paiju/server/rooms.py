"""A room: its players and seats, its session of hands, its timers and bots, and what each socket is sent.

Every change happens on the event loop in one synchronous step (check, change, store, broadcast),
so a room needs no locks; a refused request raises ``RoomError`` and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from typing import Any

from paiju.bots import Bot, make_bot
from paiju.cards import InvalidCardsError
from paiju.climbing import Action, Game, Pass, Session, action_text, game_log, observe, replay
from paiju.climbing.parse import actions_for_text
from paiju.patterns import IllegalMoveError
from paiju.server.connection import Connection
from paiju.server.history import card_counter, redacted_log
from paiju.server.protocol import (
    Act,
    ErrorMessage,
    ResultLine,
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
from paiju.server.storage import PlayerRow, RoomRow, Store
from paiju.settlement import settlement
from paiju.variants import Variant, VariantError, get_variant
from paiju.variants.files import with_overrides

__all__ = ["Room", "RoomError", "build_variant", "new_player"]

log = logging.getLogger("paiju.server")

#: The bot that plays a seat on 托管, after a timeout, or when its player was removed mid-hand.
AUTO_BOT = "heuristic"
#: Settings whose change makes a different table, and so a new session.
TABLE_FIELDS = ("variant", "rules", "seats")


class RoomError(Exception):
    """A request the room refuses: ``code`` from the protocol's error codes, and a reason a player reads."""

    def __init__(self, code: str, message: str, options: list[str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.options = options

    def frame(self) -> ErrorMessage:
        return ErrorMessage(code=self.code, message=self.message, options=self.options)


def new_player(room: str, name: str, seat: int | None = None, bot: str | None = None) -> PlayerRow:
    """A player with a fresh public id and a fresh secret token."""
    return PlayerRow(id=secrets.token_hex(8), room=room, token=secrets.token_urlsafe(24), name=name, seat=seat, bot=bot, auto=False)


def build_variant(settings: RoomSettings) -> Variant:
    """The table a room's settings describe; ``RoomError`` with the reason when they do not add up."""
    try:
        variant = get_variant(settings.variant)
        changes = dict(settings.rules or {})
        if settings.seats is not None and settings.seats != variant.players:
            changes.setdefault("players", settings.seats)
        return with_overrides(variant, changes, "rules") if changes else variant
    except (VariantError, KeyError, TypeError, ValueError, AttributeError) as err:
        raise RoomError("bad_message", str(err).strip("'\"")) from err


def resume_session(variant: Variant, seed: int, finished: list[dict[str, Any]], current: Game | None) -> Session:
    """A session as it stood: its finished hands (logs, in order) and its current hand, replayed."""
    session = Session(variant, seed)
    for log in finished:
        result = replay(log).result
        assert result is not None
        session.results.append(result)
        session.totals = [t + s for t, s in zip(session.totals, result.scores)]
    if current is not None:
        session.game = current
    return session


class Room:
    """One room in memory, mirrored to the store after every change."""

    def __init__(self, row: RoomRow, players: list[PlayerRow], store: Store, bot_delay: float) -> None:
        self.row = row
        self.store = store
        self.bot_delay = bot_delay
        self.players: dict[str, PlayerRow] = {p.id: p for p in players}
        self.connections: set[Connection] = set()
        self.settings = RoomSettings.model_validate(row.settings)
        self.variant = build_variant(self.settings)
        self.session: Session | None = None
        self.bots: dict[int, Bot] = {}
        self.deadline: float | None = None
        self._timer: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ creation and restart
    @classmethod
    def create(cls, code: str, settings: RoomSettings, host_name: str, store: Store, bot_delay: float) -> tuple[Room, PlayerRow]:
        """A new room with its host (a spectator until it sits); returns the room and the host."""
        build_variant(settings)
        host = new_player(code, host_name)
        row = RoomRow(
            code=code,
            settings=settings.model_dump(),
            host_id=host.id,
            created_at=time.time(),
            hand_number=0,
            session_seed=random.randrange(2**31),
            session_hands=[],
            hand_header=None,
            last_hand_id=None,
        )
        store.add_room(row)
        store.save_player(host)
        return cls(row, [host], store, bot_delay), host

    def restore(self, events: list[dict[str, Any]]) -> None:
        """Rebuild the session and its running hand from the stored logs (after a restart)."""
        header = self.row.hand_header
        if header is None:
            return
        current = replay({**header, "events": events})
        if current.is_over and self.row.last_hand_id is None:
            self._finish(current)  # the server stopped between the hand's last event and storing it
        ids = list(self.row.session_hands)
        if current.is_over and ids and ids[-1] == self.row.last_hand_id:
            ids = ids[:-1]
        finished = self.store.hand_logs(ids)
        self.session = resume_session(current.variant, self.row.session_seed, finished, current)
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

    def connected(self, player: PlayerRow) -> bool:
        return player.bot is not None or any(c.player is player for c in self.connections)

    def names(self) -> list[str]:
        """Each seat's display name now (``seat N`` when empty)."""
        out = []
        for s in range(self.variant.players):
            p = self.seat_holder(s)
            out.append(p.name if p is not None else f"seat {s}")
        return out

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
        """The public room state (the ``room`` frame)."""
        seats = []
        for s in range(self.variant.players):
            p = self.seat_holder(s)
            seats.append(
                SeatInfo(
                    seat=s,
                    name=p.name if p else None,
                    player_id=p.id if p else None,
                    bot=p.bot if p else None,
                    connected=self.connected(p) if p else False,
                    auto=p.auto if p else False,
                )
            )
        watchers = [
            SpectatorInfo(player_id=p.id, name=p.name, connected=self.connected(p))
            for p in self.players.values()
            if p.seat is None
        ]
        return RoomState(
            code=self.code,
            variant=self.variant.name,
            title=self.variant.title,
            settings=self.settings,
            seats=seats,
            spectators=sum(1 for c in self.connections if c.player is not None and c.player.seat is None),
            host_id=self.row.host_id,
            status=self.status,
            hand_number=self.row.hand_number,
            scores=self.totals(),
            deadline=self.deadline,
            session_hands=len(self.row.session_hands),
            session_over=self.session_over(),
            watchers=watchers,
        )

    def view_for(self, player: PlayerRow | None) -> ViewMessage | None:
        """What one connection sees of the hand: its seat's view, or the spectator's."""
        game = self.game
        if game is None:
            return None
        seat = player.seat if player is not None else None
        obs = observe(game, seat)
        view = obs.to_json()
        counter = card_counter(game.variant, view) if self.settings.card_counter and seat is not None else None
        return ViewMessage(
            view=view,
            seat=seat,
            deadline=self.deadline,
            counter=counter,
            hand_number=self.row.hand_number,
            auto_play=not game.is_over and self._automatic(game, game.to_act),
            bids=[{"seat": s, "points": p} for s, p in obs.bid_history],
        )

    def result_message(self) -> ResultMessage | None:
        """The settlement of the last hand, while the room is between hands."""
        game = self.game
        if game is None or game.result is None:
            return None
        names = list((self.row.hand_header or {}).get("seats") or self.names())
        done = settlement(game, names)
        totals = self.totals()
        lines = [
            ResultLine(seat=l.seat, role=l.role, score=l.score, text=l.text, share=l.share, name=names[l.seat], total=totals[l.seat])
            for l in done.lines
        ]
        return ResultMessage(
            scores=list(game.result.scores),
            lines=lines,
            multiplier=game.multiplier(),
            log_id=self.row.last_hand_id,
            summary=list(done.summary),
            totals=totals,
            hand_number=self.row.hand_number,
        )

    def seat_log(self, player: PlayerRow) -> dict[str, Any]:
        """The running (or last) hand's log as this player may see it."""
        game = self.game
        if game is None:
            raise RoomError("bad_state", "no hand has been dealt in this room yet")
        names = list((self.row.hand_header or {}).get("seats") or self.names())
        return redacted_log(game, player.seat, names)

    # ------------------------------------------------------------------ broadcasting
    def broadcast_room(self) -> None:
        state = self.state()
        for c in self.connections:
            if c.player is not None:
                c.send(state)

    def broadcast_views(self) -> None:
        for c in self.connections:
            if c.player is not None:
                view = self.view_for(c.player)
                if view is not None:
                    c.send(view)

    def catch_up(self, conn: Connection) -> None:
        """What a (re)joining connection needs besides the room: its view and the last result."""
        view = self.view_for(conn.player)
        if view is not None:
            conn.send(view)
        result = self.result_message()
        if result is not None and not self.playing:
            conn.send(result)

    # ------------------------------------------------------------------ joining and leaving
    def hello(self, conn: Connection, name: str, token: str | None) -> None:
        """Join as a new player, or reclaim a player (and its seat) by its token."""
        if token is not None:
            player = next((p for p in self.players.values() if p.token == token and p.bot is None), None)
            if player is None:
                raise RoomError("bad_token", "this room does not know that token; join with a name instead")
            player.name = name
        else:
            player = new_player(self.code, name)
            self.players[player.id] = player
        self.store.save_player(player)
        conn.player = player
        self.connections.add(conn)
        conn.send(Welcome(token=player.token, player_id=player.id, host=player.id == self.row.host_id))
        log.info("room %s: %s joined (%s)", self.code, player.name, "reclaimed" if token else "new")
        self.broadcast_room()
        self.catch_up(conn)

    def leave(self, conn: Connection) -> None:
        """A socket closed; the player keeps its seat and token."""
        self.connections.discard(conn)
        if conn.player is not None:
            log.info("room %s: %s disconnected", self.code, conn.player.name)
            self.broadcast_room()

    def sit(self, player: PlayerRow, seat: int) -> None:
        if not 0 <= seat < self.variant.players:
            raise RoomError("bad_message", f"this table has seats 0 to {self.variant.players - 1}")
        holder = self.seat_holder(seat)
        if holder is player:
            return
        if holder is not None:
            raise RoomError("seat_taken", f"seat {seat} is taken by {holder.name}")
        if player.seat is not None and self.playing:
            raise RoomError("bad_state", "you can't change seats during a hand")
        player.seat = seat
        player.auto = False
        self.store.save_player(player)
        self.broadcast_room()
        self.broadcast_views()
        self.schedule_if_waiting_on(seat)

    def stand(self, player: PlayerRow) -> None:
        if player.seat is None:
            return
        if self.playing:
            raise RoomError("bad_state", "you can't leave your seat during a hand; turn on auto-play (托管) instead")
        player.seat = None
        player.auto = False
        self.store.save_player(player)
        self.broadcast_room()
        self.broadcast_views()

    # ------------------------------------------------------------------ host actions
    def _host(self, player: PlayerRow, what: str) -> None:
        if player.id != self.row.host_id:
            raise RoomError("not_host", f"only the room's host can {what}")

    def add_bots(self, player: PlayerRow, strength: str, seats: list[int] | None) -> None:
        self._host(player, "add bots")
        targets = seats if seats is not None else [s for s in range(self.variant.players) if self.seat_holder(s) is None]
        for s in targets:
            if not 0 <= s < self.variant.players:
                raise RoomError("bad_message", f"this table has seats 0 to {self.variant.players - 1}")
            holder = self.seat_holder(s)
            if holder is not None and holder.bot is None:
                raise RoomError("seat_taken", f"seat {s} is taken by {holder.name}")
        for s in targets:
            holder = self.seat_holder(s)
            if holder is not None:
                del self.players[holder.id]
                self.store.delete_player(holder.id)
            bot = new_player(self.code, f"{strength} bot {s}", seat=s, bot=strength)
            self.players[bot.id] = bot
            self.store.save_player(bot)
        self._make_bots()
        self.broadcast_room()
        self.schedule()

    def change_settings(self, player: PlayerRow, msg: Settings) -> None:
        self._host(player, "change the settings")
        if self.playing:
            raise RoomError("bad_state", "settings change between hands, not during one")
        changes = msg.model_dump(exclude={"type"}, exclude_none=True)
        settings = RoomSettings.model_validate({**self.settings.model_dump(), **changes})
        variant = build_variant(settings)
        new_table = any(getattr(settings, f) != getattr(self.settings, f) for f in TABLE_FIELDS)
        self.settings, self.variant = settings, variant
        self.row.settings = settings.model_dump()
        if new_table:
            self.session = None
            self.row.session_hands = []
            self.row.hand_header = None
            self.row.last_hand_id = None
            self.bots = {}
            for p in list(self.players.values()):
                if p.seat is not None and p.seat >= variant.players:
                    self._unseat(p)
        self.store.save_room(self.row)
        log.info("room %s: settings changed to %s", self.code, self.row.settings)
        self.broadcast_room()

    def _unseat(self, p: PlayerRow) -> None:
        """Free a seat: a bot leaves the room, a person watches."""
        if p.bot is not None:
            del self.players[p.id]
            self.store.delete_player(p.id)
        else:
            p.seat = None
            p.auto = False
            self.store.save_player(p)

    def kick(self, player: PlayerRow, player_id: str) -> None:
        self._host(player, "remove a player")
        target = self.players.get(player_id)
        if target is None:
            raise RoomError("bad_message", "no such player in this room")
        if target is player:
            raise RoomError("bad_message", "the host can't remove itself")
        seat = target.seat
        del self.players[target.id]
        self.store.delete_player(target.id)
        for c in list(self.connections):
            if c.player is target:
                c.send(ErrorMessage(code="bad_token", message="the host removed you from this room"))
                c.player = None
                c.close()
                self.connections.discard(c)
        log.info("room %s: host removed %s", self.code, target.name)
        self.broadcast_room()
        if seat is not None:
            self.schedule_if_waiting_on(seat)

    def start(self, player: PlayerRow) -> None:
        self._host(player, "start a hand")
        if self.playing:
            raise RoomError("bad_state", "a hand is already being played")
        empty = [s for s in range(self.variant.players) if self.seat_holder(s) is None]
        if empty:
            raise RoomError("bad_state", f"seats {', '.join(map(str, empty))} are empty: fill them with players or bots")
        if self.session is None or self.session_over():
            self.row.session_seed = random.randrange(2**31)
            self.row.session_hands = []
            self.session = Session(self.variant, self.row.session_seed)
        else:
            self.session.next_hand()
        game = self.session.game
        self.row.hand_number += 1
        self.row.last_hand_id = None
        header = game_log(game, self.names())
        header.pop("events")
        self.row.hand_header = header
        self.store.start_hand(self.row, list(game.events))
        self._make_bots()
        log.info("room %s: hand %d dealt (%s, seed %d)", self.code, self.row.hand_number, self.variant.name, game.seed)
        self._after_change()

    # ------------------------------------------------------------------ playing
    def act(self, player: PlayerRow, msg: Act) -> None:
        game = self.game
        if game is None or game.is_over:
            raise RoomError("bad_state", "no hand is being played: the host starts the next one")
        seat = player.seat
        if seat is None:
            raise RoomError("not_seated", "take a seat to play")
        if game.to_act != seat:
            raise RoomError("not_your_turn", f"it is {self.names()[game.to_act]}'s turn (seat {game.to_act})")
        self._apply(seat, self._chosen(game, msg))

    @staticmethod
    def _chosen(game: Game, msg: Act) -> Action:
        """The one legal action an ``act`` frame names; ``RoomError`` with the reason otherwise."""
        if msg.cards is None:
            assert msg.action is not None
            legal = game.legal_actions()
            chosen = next((a for a in legal if action_text(a) == msg.action.strip()), None)
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

    def set_auto(self, player: PlayerRow, on: bool) -> None:
        if player.seat is None:
            raise RoomError("not_seated", "托管 plays a seat: take one first")
        player.auto = on
        self.store.save_player(player)
        self.broadcast_room()
        self.schedule_if_waiting_on(player.seat)

    def _apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``, store the new events, and tell everyone."""
        game = self.game
        assert game is not None
        first = len(game.events)
        game.apply(action, seat)
        self.store.append_events(self.code, first, game.events[first:])
        if game.is_over:
            self._finish(game)
        self._after_change()

    def _finish(self, game: Game) -> None:
        assert game.result is not None
        names = list((self.row.hand_header or {}).get("seats") or self.names())
        hand_id = self.store.finish_hand(self.row, self.row.hand_number, game_log(game, names), list(game.result.scores))
        log.info("room %s: hand %d over, stored as %d, scores %s", self.code, self.row.hand_number, hand_id, game.result.scores)

    def _after_change(self) -> None:
        self.schedule()
        self.broadcast_views()
        result = self.result_message()
        if result is not None:
            for c in self.connections:
                if c.player is not None:
                    c.send(result)
        self.broadcast_room()

    # ------------------------------------------------------------------ bots, 托管 and the turn timer
    def _make_bots(self) -> None:
        """One bot per bot seat, seeded from the hand."""
        game = self.game
        seed = game.seed if game is not None else 0
        self.bots = {
            p.seat: make_bot(p.bot, seed * 31 + p.seat) for p in self.players.values() if p.bot is not None and p.seat is not None
        }

    def _automatic(self, game: Game, seat: int) -> bool:
        """Whether the seat to act is played by the server now: a bot, 托管, an empty seat, a forced pass."""
        holder = self.seat_holder(seat)
        if holder is None or holder.bot is not None or holder.auto:
            return True
        return self.settings.auto_forced and game.legal_actions() == [Pass()]

    def schedule(self) -> None:
        """Arm the next automatic move or the turn timer for the seat to act."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.deadline = None
        game = self.game
        if game is None or game.is_over:
            return
        loop = asyncio.get_running_loop()
        if self._automatic(game, game.to_act):
            self._timer = loop.call_later(self.bot_delay, self._auto_step)
        elif self.settings.turn_seconds > 0:
            self.deadline = time.time() + self.settings.turn_seconds
            self._timer = loop.call_later(self.settings.turn_seconds, self._timed_out)

    def schedule_if_waiting_on(self, seat: int) -> None:
        """Re-arm when a change concerns the seat to act (托管 on, a player removed or seated)."""
        game = self.game
        if game is not None and not game.is_over and game.to_act == seat:
            self.schedule()
            self.broadcast_views()
            self.broadcast_room()

    def _auto_action(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions()
        if legal == [Pass()]:
            return legal[0]
        bot = self.bots.get(seat)
        holder = self.seat_holder(seat)
        if bot is None or holder is None or holder.bot is None:
            bot = make_bot(AUTO_BOT, game.seed * 31 + seat)
        return bot.act(observe(game, seat))

    def _auto_step(self) -> None:
        """Play the seat to act for the server (a bot's move, 托管, a forced pass)."""
        self._timer = None
        game = self.game
        if game is None or game.is_over:
            return
        try:
            seat = game.to_act
            self._apply(seat, self._auto_action(game, seat))
        except Exception:
            log.exception("room %s: an automatic move failed; the room waits", self.code)

    def _timed_out(self) -> None:
        """The turn timer ran out: the seat goes on 托管 and is played now."""
        self._timer = None
        game = self.game
        if game is None or game.is_over:
            return
        holder = self.seat_holder(game.to_act)
        if holder is not None:
            holder.auto = True
            self.store.save_player(holder)
            log.info("room %s: %s ran out of time; 托管 on", self.code, holder.name)
        self._auto_step()

    def close(self) -> None:
        """Stop the timers (the server is shutting down)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
