"""One WebSocket: an outgoing queue drained by its own task, and a token bucket against floods."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from starlette.websockets import WebSocket

if TYPE_CHECKING:
    from paiju.server.storage import PlayerRow

__all__ = ["Connection", "TokenBucket"]

log = logging.getLogger("paiju.server")


class TokenBucket:
    """``capacity`` frames at once, refilled at ``rate`` per second."""

    def __init__(self, capacity: float, rate: float) -> None:
        self.capacity = capacity
        self.rate = rate
        self.tokens = capacity
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token; ``False`` when the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """A client's socket: frames to it go through a queue so that room code never awaits a slow client."""

    def __init__(self, ws: WebSocket, bucket: TokenBucket) -> None:
        self.ws = ws
        self.bucket = bucket
        self.player: PlayerRow | None = None
        #: Whether the client was told it is rate-limited since its bucket last had a token.
        self.throttled = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 4000

    def send(self, message: BaseModel | dict[str, Any]) -> None:
        """Queue one frame (a protocol model or a plain dict)."""
        if self.closed:
            return
        if isinstance(message, BaseModel):
            text = message.model_dump_json()
        else:
            text = json.dumps(message, ensure_ascii=False)
        self.queue.put_nowait(text)

    def close(self, code: int = 4000) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if not self.closed:
            self.close_code = code
            self.queue.put_nowait(None)
            self.closed = True

    async def write(self) -> None:
        """The writer task: send queued frames in order until closed."""
        while True:
            text = await self.queue.get()
            if text is None:
                await self.ws.close(code=self.close_code)
                return
            try:
                await self.ws.send_text(text)
            except Exception:  # the client went away; the reader sees it and cleans up
                log.debug("send failed; dropping the connection's remaining frames")
                return
