"""A room's match (炒地皮, other-games.md §7.14) as the room frame tells it, and the escape a seat's person makes by
standing up while it runs (Q7.29: it loses the match's escape points; the others gain nothing)."""

from __future__ import annotations

from dataclasses import asdict

from paiju.policy import policy_of
from paiju.server.protocol import Escape, MatchInfo
from paiju.server.room_host import RoomHost
from paiju.server.schema import PlayerRow, RoomRow, copy_row
from paiju.server.table import Table

__all__ = ["charge_escape", "escapes_of", "leaving", "match_info"]


def match_info(table: Table) -> MatchInfo | None:
    """Where the table's match stands, on tables whose hands make one; ``None`` elsewhere or before a hand."""
    session = table.session
    match = None if session is None else policy_of(session.game).match(session)
    return None if match is None else MatchInfo(**{**asdict(match), "levels": list(match.levels)})


def leaving(table: Table, player: PlayerRow) -> Escape | None:
    """The escape ``player`` makes by standing up now: while its table's match runs, its points; else ``None``."""
    match = match_info(table)
    if match is None or not match.running or player.seat is None:
        return None
    return Escape(seat=player.seat, name=player.name, points=-match.escape_points)


async def charge_escape(room: RoomHost, table: Table, player: PlayerRow) -> bool:
    """Store the escape ``player`` makes by standing up now, if it makes one (a refusal, if it cannot be stored,
    leaves the room as it was); whether it did."""
    escape = leaving(table, player)
    if escape is None:
        return False
    row = copy_row(room.row, escapes=[*room.row.escapes, escape.model_dump()])
    await room.store_op(room.store.save_room, row)
    room.row = row
    return True


def escapes_of(row: RoomRow) -> list[Escape]:
    """The session's escapes a room has stored."""
    return [Escape(**e) for e in row.escapes]
