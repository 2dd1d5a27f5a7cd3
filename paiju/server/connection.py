"""One WebSocket: a bounded outgoing queue drained by its own task, and a token bucket against floods."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel
from starlette.websockets import WebSocket

if TYPE_CHECKING:
    from paiju.server.schema import PlayerRow

__all__ = ["Connection", "TokenBucket"]

log = logging.getLogger("paiju.server")

#: Close code for a client that fell too far behind (RFC 6455: try again later); it reconnects and catches up.
TOO_SLOW = 1013


class TokenBucket:
    """``capacity`` tokens at once, refilled at ``rate`` per second."""

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
    """A client's socket: frames to it wait in a bounded queue so that room code never awaits a slow client,
    and a client that stops reading is closed instead of growing the server's memory."""

    def __init__(
        self, ws: WebSocket, bucket: TokenBucket, max_frames: int = 512, max_bytes: int = 8 << 20, send_timeout: float = 10.0
    ) -> None:
        self.ws = ws
        self.bucket = bucket
        self.player: PlayerRow | None = None
        #: Whether the client was told it is rate-limited since its bucket last had a token.
        self.throttled = False
        self.max_frames = max_frames
        self.max_bytes = max_bytes
        self.send_timeout = send_timeout
        self.queue: deque[tuple[str, int]] = deque()
        self.queued_bytes = 0
        self._ready = asyncio.Event()
        self.closed = False
        self.close_code = 4000

    def send(self, message: BaseModel | dict[str, Any]) -> None:
        """Queue one frame (a protocol model or a plain dict); past the queue's bounds the socket is closed."""
        if self.closed:
            return
        text = message.model_dump_json() if isinstance(message, BaseModel) else json.dumps(message, ensure_ascii=False)
        size = len(text.encode("utf-8"))
        if len(self.queue) >= self.max_frames or self.queued_bytes + size > self.max_bytes:
            log.info("a client fell %d frames (%d bytes) behind; closing it", len(self.queue), self.queued_bytes)
            self.queue.clear()
            self.queued_bytes = 0
            self.close(TOO_SLOW)
            return
        self.queue.append((text, size))
        self.queued_bytes += size
        self._ready.set()

    def close(self, code: int = 4000) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if not self.closed:
            self.close_code = code
            self.closed = True
            self._ready.set()

    async def write(self) -> None:
        """The writer task: send queued frames in order until closed; a send that stalls closes the socket."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self.queue:
                text, size = self.queue.popleft()
                self.queued_bytes -= size
                try:
                    await asyncio.wait_for(self.ws.send_text(text), self.send_timeout)
                except TimeoutError:
                    log.info("a send took over %.0f s; closing the client", self.send_timeout)
                    self.queue.clear()
                    self.closed, self.close_code = True, TOO_SLOW
                    break
                except Exception:  # the client went away; the reader sees it and cleans up
                    log.debug("send failed; dropping the connection's remaining frames")
                    self.queue.clear()
                    return
            if self.closed:
                try:
                    await asyncio.wait_for(self.ws.close(code=self.close_code), self.send_timeout)
                except Exception:
                    log.debug("closing the socket failed; it is gone")
                return
