"""A room: its people (seats, tokens, host, spectators, sockets) over its table (the hand, in ``table.py``).
Every change runs under the room's lock: check, change, store, broadcast. Database writes and engine work run in
worker threads, so one room's slow hand or a locked database holds up only that room. A write that fails leaves
memory as it was and is refused with ``RoomError``."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any, TypeVar

from paiju.engine import HandEngine
from paiju.server.bounds import TableError, build_variant, stored_settings
from paiju.server.config import ServerConfig
from paiju.server.connection import Connection
from paiju.server.errors import RoomError
from paiju.server.history import redacted_log
from paiju.server.lateness import takes_over_when_gone
from paiju.server.match import charge_escape, escapes_of, match_info
from paiju.server.protocol import (
    Act,
    ResultMessage,
    RoomSettings,
    RoomState,
    RoomStatus,
    SeatInfo,
    Settings,
    SpectatorInfo,
    Welcome,
    name_key,
)
from paiju.server.schema import PlayerRow, RoomRow, copy_row
from paiju.server.storage import LockLost, Store, StoreError
from paiju.server.table import Table

__all__ = ["Room", "RoomError", "new_player"]

log = logging.getLogger("paiju.server")
T = TypeVar("T")

#: Settings whose change makes a different table, and so a new session.
TABLE_FIELDS = ("variant", "rules", "seats")
#: What only the host may do, by the key a refusal names (``not_host``'s ``params.what``), in English.
HOST_ACTIONS = {
    "add_bots": "add bots", "change_settings": "change the settings", "remove_player": "remove a player",
    "start_hand": "start a hand",
}


def bot_name(seat: int) -> str:
    """A bot's display name at ``seat`` (counted from 1 for a reader), read alike in 中文 and English."""
    return f"AI {seat + 1}"


#: What no person may call itself: a bot's name at any seat, so nobody passes for a bot that may come later.
BOT_NAME_KEYS = frozenset(name_key(bot_name(seat)) for seat in range(10))


def new_player(room: str, name: str, seat: int | None = None, bot: str | None = None) -> PlayerRow:
    """A player with a fresh public id and a fresh secret token."""
    return PlayerRow(id=secrets.token_hex(8), room=room, token=secrets.token_urlsafe(24), name=name, seat=seat, bot=bot, auto=False)


class Room:
    """One room in memory, mirrored to the store after every change."""

    def __init__(self, row: RoomRow, players: list[PlayerRow], store: Store, bot_delay: float, config: ServerConfig) -> None:
        self.row = row
        self.store = store
        self.bot_delay = bot_delay
        self.config = config
        self.players: dict[str, PlayerRow] = {p.id: p for p in players}
        self.connections: set[Connection] = set()
        self.settings = stored_settings(row.settings)
        self.variant = build_variant(self.settings)
        #: Held by every change, so two requests never interleave inside a room.
        self.lock = asyncio.Lock()
        self.table = Table(self)

    # ------------------------------------------------------------------ storage
    async def store_op(self, op: Callable[..., T], *args: Any) -> T:
        """Run one store operation in a worker thread; a failure becomes a refusal that changes nothing."""
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

    async def _remove_player(self, player: PlayerRow) -> None:
        await self.store_op(self.store.delete_player, player.id)
        self.players.pop(player.id, None)

    # ------------------------------------------------------------------ creation and restart
    @classmethod
    async def create(
        cls, code: str, settings: RoomSettings, host_name: str, host_seat: int | None, store: Store, bot_delay: float,
        config: ServerConfig,
    ) -> tuple[Room, PlayerRow]:
        """A new room with its host, seated at ``host_seat`` (or a spectator until it sits); returns the room and
        the host (the settings and the seat were checked with ``build_variant``)."""
        host = new_player(code, host_name, seat=host_seat)
        now = time.time()
        row = RoomRow(
            code=code, settings=settings.model_dump(), host_id=host.id, created_at=now, last_active=now,
            hand_number=0, session_hands=[], hand_header=None, last_hand_id=None, escapes=[],
        )
        room = cls(row, [host], store, bot_delay, config)
        await room.store_op(store.add_room, copy_row(row))
        await room.store_op(store.save_player, copy_row(host))
        return room, host

    async def restore(self, events: list[dict[str, Any]]) -> None:
        """Rebuild the running hand and its session from the store (after a restart)."""
        await self.table.restore(events)

    # ------------------------------------------------------------------ queries
    @property
    def code(self) -> str:
        return self.row.code

    @property
    def game(self) -> HandEngine | None:
        return self.table.game

    @property
    def status(self) -> RoomStatus:
        game = self.game
        if game is None:
            return "waiting"
        return "between" if game.is_over else "playing"

    def seat_holder(self, seat: int) -> PlayerRow | None:
        return next((p for p in self.players.values() if p.seat == seat), None)

    def member(self, token: str | None) -> PlayerRow | None:
        """The person (not a bot) whose secret token this is."""
        if not token:
            return None
        given = token.encode()
        return next((p for p in self.players.values() if p.bot is None and secrets.compare_digest(p.token.encode(), given)), None)

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

    def session_over(self) -> bool:
        return self.settings.hands > 0 and len(self.row.session_hands) >= self.settings.hands and not self.table.playing

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
            scores=self.table.totals(self.variant.players), deadline=self.table.deadline,
            session_hands=len(self.row.session_hands), session_over=self.session_over(), watchers=watchers,
            match=match_info(self.table), escapes=escapes_of(self.row),
        )

    def result(self) -> ResultMessage | None:
        return self.table.result()

    def seat_log(self, player: PlayerRow) -> dict[str, Any]:
        """The running (or last) hand's log as this player may see it."""
        game = self.game
        if game is None:
            raise RoomError("bad_state", "no hand has been dealt in this room yet", reason="no_hand_yet")
        return redacted_log(game, player.seat, self.hand_names())

    # ------------------------------------------------------------------ broadcasting
    def broadcast(self, frame: Any) -> None:
        for c in self.connections:
            if c.player is not None:
                c.send(frame)

    def broadcast_room(self) -> None:
        self.broadcast(self.state())

    async def broadcast_views(self, only: Connection | None = None) -> None:
        """Send every connection (or ``only`` one) its view; the views are built off the event loop."""
        targets = [c for c in ([only] if only else self.connections) if c.player is not None]
        if not targets or self.game is None:
            return
        seats = {c.player.seat for c in targets if c.player is not None}
        views = await asyncio.to_thread(self.table.views, seats)
        for c in targets:
            if c.player is not None and c.player.seat in views:
                c.send(views[c.player.seat])

    async def catch_up(self, conn: Connection) -> None:
        """What a (re)joining connection needs besides the room: its view and the last result."""
        await self.broadcast_views(only=conn)
        result = self.result()
        if result is not None and not self.table.playing:
            conn.send(result)

    # ------------------------------------------------------------------ joining and leaving
    async def hello(self, conn: Connection, name: str, token: str | None) -> None:
        """Join as a new player, or reclaim a player (and its seat) by its token."""
        if token is not None:
            player = self.member(token)
            if player is None:
                raise RoomError("bad_token", "this room does not know that token; join with a name instead", reason="unknown_token")
            if player.name != name:
                self._name_free(name, player)
                await self.save_player(player, name=name)
        else:
            if len(self.players) >= self.config.max_people:
                raise RoomError(
                    "room_full", f"this room already has {self.config.max_people} people; it cannot take more",
                    params={"people": self.config.max_people},
                )
            self._name_free(name)
            player = new_player(self.code, name)
            await self.store_op(self.store.save_player, copy_row(player))
            self.players[player.id] = player
        conn.player = player
        self.connections.add(conn)
        conn.send(Welcome(token=player.token, player_id=player.id, host=player.id == self.row.host_id))
        log.info("room %s: %r joined (%s)", self.code, player.name, "reclaimed" if token else "new")
        self.broadcast_room()
        await self.catch_up(conn)

    def _name_free(self, name: str, player: PlayerRow | None = None) -> None:
        """Refuse ``name`` when another of the room's people or bots goes by it (``name_key``: case and width
        aside), or when it is a bot's name, so nobody can pass for the host, a seat's player or a bot."""
        key = name_key(name)
        if key in BOT_NAME_KEYS or any(p is not player and name_key(p.name) == key for p in self.players.values()):
            raise RoomError("bad_message", "that name is taken in this room", reason="name_taken", params={"name": name})

    async def leave(self, conn: Connection) -> None:
        """A socket closed: a seated player keeps its seat and token; a spectator (not the host) leaves the room."""
        self.connections.discard(conn)
        player = conn.player
        if player is None:
            return
        log.info("room %s: %r disconnected", self.code, player.name)
        if takes_over_when_gone(self.variant, self.table.playing, player, self.connected(player)):
            with suppress(RoomError):  # logged; the turn timer still plays the seat
                await self.set_auto(player, True)
        if player.seat is None and player.bot is None and player.id != self.row.host_id and not self.connected(player):
            try:
                await self._remove_player(player)
            except RoomError:
                pass  # logged; the spectator stays in the room, listed once it connects again
        self.broadcast_room()

    async def sit(self, player: PlayerRow, seat: int) -> None:
        if not 0 <= seat < self.variant.players:
            raise self._no_seat()
        holder = self.seat_holder(seat)
        if holder is player:
            return
        if holder is not None:
            raise self._taken(seat, holder)
        if player.seat is not None and self.table.playing:
            raise RoomError("bad_state", "you can't change seats during a hand", reason="seat_change_in_hand")
        await self.save_player(player, seat=seat, auto=False)
        self.broadcast_room()
        await self.broadcast_views()
        await self.table.waiting_on(seat)

    async def stand(self, player: PlayerRow) -> None:
        if player.seat is None:
            return
        if self.table.playing:
            raise RoomError("bad_state", "you can't leave your seat during a hand; turn on auto-play (托管) instead", reason="stand_in_hand")
        escaped = await charge_escape(self, self.table, player)  # §7.14: leaving a running match costs points
        await self.save_player(player, seat=None, auto=False)
        self.broadcast_room()
        if escaped:
            self.broadcast(self.result())  # the settlement again, with the escape and the totals after it
        await self.broadcast_views()

    async def set_auto(self, player: PlayerRow, on: bool) -> None:
        if player.seat is None:
            raise RoomError("not_seated", "托管 plays a seat: take one first", reason="auto_needs_seat")
        await self.save_player(player, auto=on)
        self.table.lateness.moved(player.seat, by_itself=not on)
        self.broadcast_room()
        await self.table.waiting_on(player.seat)

    async def act(self, player: PlayerRow, msg: Act) -> None:
        if player.seat is None:
            raise RoomError("not_seated", "take a seat to play")
        await self.table.act(player.seat, msg)

    # ------------------------------------------------------------------ host actions
    def _host(self, player: PlayerRow, what: str) -> None:
        if player.id != self.row.host_id:
            raise RoomError("not_host", f"only the room's host can {HOST_ACTIONS[what]}", params={"what": what})

    def _no_seat(self) -> RoomError:
        last = self.variant.players - 1
        return RoomError("bad_message", f"this table has seats 0 to {last}", reason="no_such_seat", params={"last": last})

    @staticmethod
    def _taken(seat: int, holder: PlayerRow) -> RoomError:
        return RoomError("seat_taken", f"seat {seat} is taken by {holder.name}", params={"seat": seat, "name": holder.name})

    async def add_bots(self, player: PlayerRow, strength: str, seats: list[int] | None) -> None:
        self._host(player, "add_bots")
        targets = seats if seats is not None else [s for s in range(self.variant.players) if self.seat_holder(s) is None]
        for s in targets:
            if not 0 <= s < self.variant.players:
                raise self._no_seat()
            holder = self.seat_holder(s)
            if holder is not None and holder.bot is None:
                raise self._taken(s, holder)
        try:
            for s in targets:
                holder = self.seat_holder(s)
                if holder is not None:
                    await self._remove_player(holder)
                bot = new_player(self.code, bot_name(s), seat=s, bot=strength)
                await self.store_op(self.store.save_player, copy_row(bot))
                self.players[bot.id] = bot
        finally:  # the seats stored so far are filled, even when a later one failed
            self.table.make_bots()
            self.broadcast_room()
            self.table.schedule()

    async def change_settings(self, player: PlayerRow, msg: Settings) -> None:
        self._host(player, "change_settings")
        if self.table.playing:
            raise RoomError("bad_state", "settings change between hands, not during one", reason="settings_in_hand")
        changes = msg.model_dump(exclude={"type"}, exclude_none=True)
        settings = RoomSettings.model_validate({**self.settings.model_dump(), **changes})
        try:
            variant = await asyncio.to_thread(build_variant, settings)
        except TableError as err:
            raise err.refusal() from err
        new_table = any(getattr(settings, f) != getattr(self.settings, f) for f in TABLE_FIELDS)
        row_changes: dict[str, Any] = {"settings": settings.model_dump()}
        if new_table:
            row_changes.update(session_hands=[], hand_header=None, last_hand_id=None, escapes=[])
        row = copy_row(self.row, **row_changes)
        await self.store_op(self.store.save_room, row)
        self.row, self.settings, self.variant = row, settings, variant
        if new_table:
            self.table.close()
            self.table = Table(self)
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
            await self.save_player(p, seat=None, auto=False)

    async def kick(self, player: PlayerRow, player_id: str) -> None:
        self._host(player, "remove_player")
        target = self.players.get(player_id)
        if target is None:
            raise RoomError("bad_message", "no such player in this room", reason="no_such_player")
        if target is player:
            raise RoomError("bad_message", "the host can't remove itself", reason="kick_self")
        seat = target.seat
        await self._remove_player(target)
        for c in list(self.connections):
            if c.player is target:
                c.send(RoomError("bad_token", "the host removed you from this room", reason="removed").frame())
                c.player = None
                c.close()
                self.connections.discard(c)
        log.info("room %s: host removed %r", self.code, target.name)
        self.broadcast_room()
        if seat is not None:
            await self.table.waiting_on(seat)

    async def start(self, player: PlayerRow) -> None:
        self._host(player, "start_hand")
        if self.table.playing:
            raise RoomError("bad_state", "a hand is already being played", reason="hand_running")
        empty = [s for s in range(self.variant.players) if self.seat_holder(s) is None]
        if empty:
            raise RoomError(
                "bad_state", f"seats {', '.join(map(str, empty))} are empty: fill them with players or bots",
                reason="seats_empty", params={"seats": ", ".join(str(s + 1) for s in empty)},
            )
        await self.table.start(new_session=self.session_over())

    def close(self) -> None:
        """Stop the table's timers (the server is shutting down, or the room expired)."""
        self.table.close()
