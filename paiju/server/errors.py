"""Refusals: a room request's (``RoomError``) and an HTTP request's, each a protocol error code and a reason."""

from __future__ import annotations

from fastapi import HTTPException

from paiju.server.protocol import ErrorMessage

__all__ = ["RoomError", "http_error"]


class RoomError(Exception):
    """A request the room refuses: ``code`` from the protocol's error codes, and a reason a player reads."""

    def __init__(self, code: str, message: str, options: list[str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.options = options

    def frame(self) -> ErrorMessage:
        return ErrorMessage(code=self.code, message=self.message, options=self.options)


def http_error(status: int, code: str, message: str) -> HTTPException:
    """An HTTP refusal in the protocol's shape: ``{"detail": {"code", "message"}}``."""
    return HTTPException(status, detail={"code": code, "message": message})
