"""What only a room's host may do: fill seats with bots, change the settings, remove a player, start a hand."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from paiju.engine import variant_family
from paiju.server.bounds import TableError, build_variant
from paiju.server.effects import Schedule
from paiju.server.errors import RoomError
from paiju.server.names import bot_name
from paiju.server.protocol import RoomSettings, Settings
from paiju.server.rooms import Room, new_player, no_such_seat, seat_taken
from paiju.server.schema import PlayerRow, copy_row
from paiju.server.table import Table
from paiju.server.thinking import check_level, served_bots

__all__ = ["add_bots", "change_settings", "kick", "start"]

log = logging.getLogger("paiju.server")

#: Settings whose change makes a different table, and so a new session.
TABLE_FIELDS = ("variant", "rules", "seats")
#: What only the host may do, by the key a refusal names (``not_host``'s ``params.what``), in English.
HOST_ACTIONS = {
    "add_bots": "add bots", "change_settings": "change the settings", "remove_player": "remove a player",
    "start_hand": "start a hand",
}


def _host(room: Room, player: PlayerRow, what: str) -> None:
    """Refuse ``player`` the host's action ``what`` unless it is the room's host."""
    if player.id != room.row.host_id:
        raise RoomError("not_host", f"only the room's host can {HOST_ACTIONS[what]}", params={"what": what})


async def add_bots(room: Room, player: PlayerRow, strength: str, seats: list[int] | None) -> None:
    """Bots of ``strength`` (a level, ``thinking.check_level``) at ``seats`` (every empty seat when None), each
    replacing a bot there."""
    _host(room, player, "add_bots")
    served = served_bots(room.config.model, room.variant.name)
    if check_level(strength, variant_family(room.variant), room.config.think_budget, served):
        room.pool.warm()
    players = room.variant.players
    targets = seats if seats is not None else [s for s in range(players) if room.seat_holder(s) is None]
    for s in targets:
        if not 0 <= s < players:
            raise no_such_seat(players)
        holder = room.seat_holder(s)
        if holder is not None and holder.bot is None:
            raise seat_taken(s, holder)
    try:
        for s in targets:
            holder = room.seat_holder(s)
            if holder is not None:
                await room.remove_player(holder)
            bot = new_player(room.code, bot_name(s), seat=s, bot=strength)
            await room.store_op(room.store.save_player, copy_row(bot))
            room.players[bot.id] = bot
    finally:  # the seats stored so far are filled, even when a later one failed
        room.table.make_bots()
        room.broadcast_room()
        await room.apply([Schedule()])


async def change_settings(room: Room, player: PlayerRow, msg: Settings) -> None:
    """The settings ``msg`` changes, between hands; a different table starts a new session."""
    _host(room, player, "change_settings")
    if room.table.playing:
        raise RoomError("bad_state", "settings change between hands, not during one", reason="settings_in_hand")
    changes = msg.model_dump(exclude={"type"}, exclude_none=True)
    settings = RoomSettings.model_validate({**room.settings.model_dump(), **changes})
    try:
        variant = await asyncio.to_thread(build_variant, settings)
    except TableError as err:
        raise err.refusal() from err
    new_table = any(getattr(settings, f) != getattr(room.settings, f) for f in TABLE_FIELDS)
    row_changes: dict[str, Any] = {"settings": settings.model_dump()}
    if new_table:
        row_changes.update(session_hands=[], hand_header=None, last_hand_id=None, escapes=[])
    row = copy_row(room.row, **row_changes)
    await room.store_op(room.store.save_room, row)
    room.row, room.settings, room.variant = row, settings, variant
    if new_table:
        room.close()
        room.table = Table(room)
        for p in list(room.players.values()):
            if p.seat is not None and p.seat >= variant.players:
                await _unseat(room, p)
    log.info("room %s: settings changed to %s", room.code, room.row.settings)
    room.broadcast_room()


async def _unseat(room: Room, p: PlayerRow) -> None:
    """Free a seat: a bot leaves the room, a person watches."""
    if p.bot is not None:
        await room.remove_player(p)
    else:
        await room.save_player(p, seat=None, auto=False)


async def kick(room: Room, player: PlayerRow, player_id: str) -> None:
    """Remove the player ``player_id`` from the room, closing its sockets."""
    _host(room, player, "remove_player")
    target = room.players.get(player_id)
    if target is None:
        raise RoomError("bad_message", "no such player in this room", reason="no_such_player")
    if target is player:
        raise RoomError("bad_message", "the host can't remove itself", reason="kick_self")
    seat = target.seat
    await room.remove_player(target)
    for c in list(room.connections):
        if c.player is target:
            c.send(RoomError("bad_token", "the host removed you from this room", reason="removed").frame())
            c.player = None
            c.close()
            room.connections.discard(c)
    log.info("room %s: host removed %r", room.code, target.name)
    room.broadcast_room()
    if seat is not None:
        await room.apply(room.table.waiting_on(seat))


async def start(room: Room, player: PlayerRow) -> None:
    """Deal the next hand once every seat is filled (of a new session after the last one ended)."""
    _host(room, player, "start_hand")
    if room.table.playing:
        raise RoomError("bad_state", "a hand is already being played", reason="hand_running")
    empty = [s for s in range(room.variant.players) if room.seat_holder(s) is None]
    if empty:
        raise RoomError(
            "bad_state", f"seats {', '.join(map(str, empty))} are empty: fill them with players or bots",
            reason="seats_empty", params={"seats": ", ".join(str(s + 1) for s in empty)},
        )
    await room.apply(room.table.start(new_session=room.session_over()))
