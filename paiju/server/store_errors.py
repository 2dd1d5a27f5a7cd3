"""The store's failures: ``StoreError`` said in one line, ``LockLost`` once another server took the database."""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

__all__ = ["LockLost", "StoreError", "driver_message"]


class StoreError(Exception):
    """A database failure, said in one line a person can act on (the driver's error is chained)."""


class LockLost(StoreError):
    """This server no longer owns its database: its lock went with a cut connection and another server holds it
    now. Nothing more is written until the server is restarted (its rooms in memory may be behind the database)."""


def driver_message(err: BaseException) -> str:
    """The driver's own message, on one line (SQLAlchemy's adds the statement, its parameters and a link)."""
    cause = err.orig if isinstance(err, DBAPIError) else err
    return " ".join(str(cause).split()) or type(cause).__name__
