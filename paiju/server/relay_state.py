"""The channels relayed sockets and requests use in Redis, and a room's state asked of the process that holds it
(``relayed_state``): any process answers ``/api/rooms/<code>`` with the owner's own state."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from contextlib import suppress

from paiju.server.protocol import RoomState
from paiju.server.room_leases import RoomLeases

__all__ = ["STATE_WAIT", "relayed_state", "room_channel", "socket_channel"]

log = logging.getLogger("paiju.server")

#: Seconds a process waits for a room's owner to send the room's state.
STATE_WAIT = 2.0


def room_channel(code: str) -> str:
    """The channel the process holding room ``code`` listens on (sockets opened, frames, state requests)."""
    return f"paiju:room:{code}:in"


def socket_channel(conn_id: str) -> str:
    """The channel a relayed socket (or a state request) ``conn_id`` is answered on."""
    return f"paiju:conn:{conn_id}"


async def relayed_state(leases: RoomLeases, code: str) -> RoomState | None:
    """Room ``code``'s state as the process that holds it has it, asked through Redis; ``None`` when nobody answers
    within ``STATE_WAIT`` seconds (no process serves the room now, or Redis is unreachable)."""
    from redis.exceptions import RedisError

    conn_id = secrets.token_hex(8)
    pubsub = leases.redis.pubsub()
    try:
        await pubsub.subscribe(socket_channel(conn_id))
        if not await leases.redis.publish(room_channel(code), json.dumps({"conn": conn_id, "state": True})):
            return None
        async with asyncio.timeout(STATE_WAIT):
            async for message in pubsub.listen():
                if message["type"] == "message":
                    data = json.loads(message["data"])
                    return None if "close" in data else RoomState.model_validate_json(data["text"])
    except (RedisError, TimeoutError) as err:
        log.warning("the state of room %s could not be read from its owner: %s", code, err or "no answer")
    finally:
        with suppress(Exception):
            await pubsub.aclose()
    return None
