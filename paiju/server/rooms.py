"""A room: its people (seats, tokens, host, spectators) over its table (the hand, in ``table.py``), hosted by
``room_host.py`` (the lock, the store, the timers, the sockets); what only its host player may do is in ``host.py``.
Every change runs under the room's lock: check, change, store, broadcast. Database writes and engine work run in
worker threads, so one room's slow hand or a locked database holds up only that room. A write that fails leaves
memory as it was and is refused with ``RoomError``."""

from __future__ import annotations

import logging
import secrets
import time
from contextlib import suppress
from typing import Any

from paiju.engine import AnyHand
from paiju.server.bounds import build_variant, stored_settings
from paiju.server.config import ServerConfig
from paiju.server.connection import Connection
from paiju.server.errors import RoomError
from paiju.server.history import redacted_log
from paiju.server.lateness import released_by_own_move, takes_over_when_gone
from paiju.server.match import charge_escape, escapes_of, match_info
from paiju.server.names import refuse_taken_name
from paiju.server.protocol import (
    Act,
    ResultMessage,
    RoomSettings,
    RoomState,
    RoomStatus,
    SeatInfo,
    SpectatorInfo,
    Welcome,
)
from paiju.server.room_host import RoomHost
from paiju.server.schema import PlayerRow, RoomRow, copy_row
from paiju.server.storage import Store
from paiju.server.table import Table
from paiju.server.thinking import BotPool, served_bots

__all__ = ["Room", "RoomError", "new_player", "no_such_seat", "seat_taken"]

log = logging.getLogger("paiju.server")


def new_player(room: str, name: str, seat: int | None = None, bot: str | None = None) -> PlayerRow:
    """A player with a fresh public id and a fresh secret token."""
    return PlayerRow(id=secrets.token_hex(8), room=room, token=secrets.token_urlsafe(24), name=name, seat=seat, bot=bot, auto=False)


def no_such_seat(players: int) -> RoomError:
    """The refusal of a seat a table of ``players`` seats does not have."""
    last = players - 1
    return RoomError("bad_message", f"this table has seats 0 to {last}", reason="no_such_seat", params={"last": last})


def seat_taken(seat: int, holder: PlayerRow) -> RoomError:
    """The refusal of ``seat``, which ``holder`` has."""
    return RoomError("seat_taken", f"seat {seat} is taken by {holder.name}", params={"seat": seat, "name": holder.name})


class Room(RoomHost):
    """One room in memory, mirrored to the store after every change."""

    def __init__(
        self, row: RoomRow, players: list[PlayerRow], store: Store, bot_delay: float, config: ServerConfig, pool: BotPool
    ) -> None:
        super().__init__(row, store, bot_delay, config, pool)
        self.players: dict[str, PlayerRow] = {p.id: p for p in players}
        self.settings = stored_settings(row.settings)
        self.variant = build_variant(self.settings)
        self.table = Table(self)

    async def remove_player(self, player: PlayerRow) -> None:
        """Delete the player from the store, then from the room."""
        await self.store_op(self.store.delete_player, player.id)
        self.players.pop(player.id, None)

    # ------------------------------------------------------------------ creation and restart
    @classmethod
    async def create(
        cls, code: str, settings: RoomSettings, host_name: str, host_seat: int | None, store: Store, bot_delay: float,
        config: ServerConfig, pool: BotPool,
    ) -> tuple[Room, PlayerRow]:
        """A new room with its host, seated at ``host_seat`` (or a spectator until it sits); returns the room and
        the host (the settings and the seat were checked with ``build_variant``)."""
        host = new_player(code, host_name, seat=host_seat)
        now = time.time()
        row = RoomRow(
            code=code, settings=settings.model_dump(), host_id=host.id, created_at=now, last_active=now,
            hand_number=0, session_hands=[], hand_header=None, last_hand_id=None, escapes=[],
        )
        room = cls(row, [host], store, bot_delay, config, pool)
        await room.store_op(store.add_room, copy_row(row))
        await room.store_op(store.save_player, copy_row(host))
        return room, host

    # ------------------------------------------------------------------ queries
    @property
    def game(self) -> AnyHand | None:
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
            bots=served_bots(self.config.model, self.variant.name),
        )

    def result(self) -> ResultMessage | None:
        return self.table.result()

    def seat_log(self, player: PlayerRow) -> dict[str, Any]:
        """The running (or last) hand's log as this player may see it."""
        game = self.game
        if game is None:
            raise RoomError("bad_state", "no hand has been dealt in this room yet", reason="no_hand_yet")
        return redacted_log(game, player.seat, self.hand_names())

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
                refuse_taken_name(name, self.players.values(), player)
                await self.save_player(player, name=name)
        else:
            if len(self.players) >= self.config.max_people:
                raise RoomError(
                    "room_full", f"this room already has {self.config.max_people} people; it cannot take more",
                    params={"people": self.config.max_people},
                )
            refuse_taken_name(name, self.players.values())
            player = new_player(self.code, name)
            await self.store_op(self.store.save_player, copy_row(player))
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
        if takes_over_when_gone(self.variant, self.table.playing, player, self.connected(player)):
            with suppress(RoomError):  # logged; the turn timer still plays the seat
                await self.set_auto(player, True)
        if player.seat is None and player.bot is None and player.id != self.row.host_id and not self.connected(player):
            try:
                await self.remove_player(player)
            except RoomError:
                pass  # logged; the spectator stays in the room, listed once it connects again
        self.broadcast_room()

    async def sit(self, player: PlayerRow, seat: int) -> None:
        if not 0 <= seat < self.variant.players:
            raise no_such_seat(self.variant.players)
        holder = self.seat_holder(seat)
        if holder is player:
            return
        if holder is not None:
            raise seat_taken(seat, holder)
        if player.seat is not None and self.table.playing:
            raise RoomError("bad_state", "you can't change seats during a hand", reason="seat_change_in_hand")
        await self.save_player(player, seat=seat, auto=False)
        self.broadcast_room()
        await self.broadcast_views()
        await self.apply(self.table.waiting_on(seat))

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
        await self.apply(self.table.waiting_on(player.seat))

    async def act(self, player: PlayerRow, msg: Act) -> None:
        """The player's move. On a ``grace`` table an ``act`` frame takes a seat on 托管 off it first, whether or not
        the move is then accepted: its person is back (its turn, if it is one, is timed again)."""
        if player.seat is None:
            raise RoomError("not_seated", "take a seat to play")
        if player.auto and released_by_own_move(self.variant.timeouts):
            await self.set_auto(player, False)
        await self.apply(await self.table.act(player.seat, msg))
