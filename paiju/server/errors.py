"""Refusals: a room request's (``RoomError``) and an HTTP request's, each a protocol error code, a reason a
client words in its own language (``reason`` and ``params``) and the same in English (``message``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import HTTPException

from paiju.server.protocol import ErrorMessage

__all__ = ["Params", "RoomError", "http_error", "invalid_field"]

#: The values a refusal names (seats, counts, names, a field): what a client fills into its own wording.
Params = Mapping[str, str | int]


class RoomError(Exception):
    """A request the room refuses: ``code`` from the protocol's error codes, ``reason`` (``code`` unless finer)
    and ``params`` for a client's own wording, and ``message``, the reason in English."""

    def __init__(
        self, code: str, message: str, options: list[str] | None = None, *, reason: str | None = None,
        params: Params | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.options = options
        self.reason = reason or code
        self.params = dict(params or {})

    def frame(self) -> ErrorMessage:
        return ErrorMessage(code=self.code, message=self.message, options=self.options, reason=self.reason, params=self.params)

    def http(self, status: int) -> HTTPException:
        """The same refusal as an HTTP answer."""
        return http_error(status, self.code, self.message, reason=self.reason, params=self.params)


def http_error(status: int, code: str, message: str, *, reason: str | None = None, params: Params | None = None) -> HTTPException:
    """An HTTP refusal in the protocol's shape: ``{"detail": {"code", "message", "reason", "params"}}``."""
    detail = {"code": code, "message": message, "reason": reason or code, "params": dict(params or {})}
    return HTTPException(status, detail=detail)


def invalid_field(problems: Sequence[Mapping[str, Any]]) -> RoomError:
    """The first problem pydantic found in a request or frame, by the field it is in: never pydantic's own text
    for a client to show (``message`` keeps it, in English, for logs and scripts)."""
    first: Mapping[str, Any] = problems[0] if problems else {"loc": (), "msg": "invalid request", "type": "value_error"}
    loc = [str(p) for p in first.get("loc", ())[1:]]
    field = ".".join(loc) or "message"
    message = f"{field}: {first.get('msg')}"
    if loc and loc[-1] == "name":
        return RoomError("bad_message", message, reason="bad_name", params={"field": field})
    if first.get("type") == "missing":
        return RoomError("bad_message", message, reason="missing_field", params={"field": field})
    limits: Mapping[str, Any] = first.get("ctx") or {}
    bound = next((limits[k] for k in ("le", "ge", "lt", "gt", "max_length", "min_length") if k in limits), None)
    params: dict[str, str | int] = {"field": field}
    if isinstance(bound, int):
        params["limit"] = bound
    return RoomError("bad_message", message, reason="bad_field", params=params)
