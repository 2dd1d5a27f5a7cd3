"""The refusal every room request may end in: a protocol error code and a reason a player reads."""

from __future__ import annotations

from paiju.server.protocol import ErrorMessage

__all__ = ["RoomError"]


class RoomError(Exception):
    """A request the room refuses: ``code`` from the protocol's error codes, and a reason a player reads."""

    def __init__(self, code: str, message: str, options: list[str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.options = options

    def frame(self) -> ErrorMessage:
        return ErrorMessage(code=self.code, message=self.message, options=self.options)
