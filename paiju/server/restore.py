"""A room's table after a restart: its session and running hand rebuilt from the stored logs and events."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from paiju.engine import replay
from paiju.server.effects import Schedule
from paiju.server.history import rebuild, resume_session
from paiju.server.room_host import RoomHost
from paiju.server.schema import copy_row
from paiju.server.table import secret_seed

__all__ = ["restore"]

log = logging.getLogger("paiju.server")


async def restore(room: RoomHost, events: list[dict[str, Any]]) -> None:
    """Rebuild ``room``'s session and its running hand from the stored logs; events that no longer replay
    are logged and dropped, and a hand that cannot be rebuilt at all is given up (scores kept)."""
    table = room.table
    header = room.row.hand_header
    if header is None:
        return
    current, kept = await asyncio.to_thread(rebuild, header, events)
    if kept < len(events) or current is None:
        log.warning("room %s: stored events %d to %d of the running hand do not replay and are dropped%s",
                    room.code, kept, len(events) - 1, "" if current else "; the hand is given up")
        if current is not None:  # the events as rebuilt (a hand rebuilt from its seed alone has its deal again)
            await room.store_op(room.store.start_hand, copy_row(room.row), list(current.events))
    ids = list(room.row.session_hands)
    if current is not None and current.is_over and room.row.last_hand_id is None:
        await room.apply([table.finish(current)])  # the server stopped between the hand's last event and storing it
    if current is not None and current.is_over and ids and ids[-1] == room.row.last_hand_id:
        ids = ids[:-1]
    finished = await asyncio.to_thread(room.store.hand_logs, ids)
    if current is None and finished:
        current = await asyncio.to_thread(replay, finished.pop())
    if current is None:
        return
    if room.row.last_hand_id is not None and table.last_public_id is None:
        stored = await asyncio.to_thread(room.store.hand_by_id, room.row.last_hand_id)
        table.last_public_id = stored.public_id if stored is not None else None
    table.session = await asyncio.to_thread(resume_session, current.variant, finished, current, secret_seed)
    table.make_bots()
    await room.apply([Schedule()])
