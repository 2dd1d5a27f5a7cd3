"""Who goes by which name in a room: a bot by its seat's, a person by one that no other person or bot there has."""

from __future__ import annotations

from collections.abc import Iterable

from paiju.server.errors import RoomError
from paiju.server.protocol import name_key
from paiju.server.schema import PlayerRow

__all__ = ["BOT_NAME_KEYS", "bot_name", "refuse_taken_name"]


def bot_name(seat: int) -> str:
    """A bot's display name at ``seat`` (counted from 1 for a reader), read alike in 中文 and English."""
    return f"AI {seat + 1}"


#: What no person may call itself: a bot's name at any seat, so nobody passes for a bot that may come later.
BOT_NAME_KEYS = frozenset(name_key(bot_name(seat)) for seat in range(10))


def refuse_taken_name(name: str, people: Iterable[PlayerRow], player: PlayerRow | None = None) -> None:
    """Refuse ``name`` when another of the room's ``people`` or bots (not ``player`` itself) goes by it
    (``name_key``: case and width aside), or when it is a bot's name, so nobody can pass for the host, a seat's
    player or a bot."""
    key = name_key(name)
    if key in BOT_NAME_KEYS or any(p is not player and name_key(p.name) == key for p in people):
        raise RoomError("bad_message", "that name is taken in this room", reason="name_taken", params={"name": name})
