"""One server to a database: a lock file beside a SQLite file, or a PostgreSQL advisory lock on its own session."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from filelock import FileLock, Timeout
from sqlalchemy import Connection, create_engine, func, select
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import NullPool

from paiju.server.store_errors import LockLost, StoreError, driver_message

__all__ = ["ADVISORY_KEY", "DatabaseLock", "sqlite_file"]

log = logging.getLogger("paiju.server")

#: The key of the PostgreSQL advisory lock that one server holds on its database ("paiju" in ASCII).
ADVISORY_KEY = 0x7061696A75


def sqlite_file(url: URL) -> Path | None:
    """The database file of a SQLite URL (``file:`` URIs included); None for an in-memory database."""
    name = url.database or ""
    if url.query.get("uri") in ("true", "1"):
        name = name.removeprefix("file:").split("?")[0]
    return None if name in ("", ":memory:") or url.query.get("mode") == "memory" else Path(name)


class DatabaseLock:
    """This server's hold on its database (``shown`` names it in errors): nothing is held until ``acquire``.

    PostgreSQL's advisory lock lives as long as the session that took it, and a database restart ends that
    session: so every write runs on the lock's own session (``held``), after a statement that shows the session is
    still alive. A write that finds it gone takes the lock again, and goes on if nobody else holds it; if another
    server does, this one stops writing for good (``LockLost``) and says why.
    """

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self._file_lock: FileLock | None = None
        #: PostgreSQL: the engine (no pool) of the session that holds the advisory lock, and that session.
        self._locker: Engine | None = None
        self._connection: Connection | None = None
        #: Why this server writes nothing more (another server took its database), once it is so.
        self.lost: str | None = None

    @property
    def on_its_session(self) -> bool:
        """Whether every write runs on the lock's own session (``held``): PostgreSQL's advisory lock."""
        return self._locker is not None

    def acquire(self, url: URL) -> None:
        """Make this the only server on the database: a lock file beside a SQLite file, else an advisory lock."""
        if url.get_backend_name() == "sqlite":
            path = sqlite_file(url)
            if path is None:
                return
            lock = FileLock(f"{path}.lock", thread_local=False)
            try:
                lock.acquire(blocking=False)
            except Timeout as err:
                raise StoreError(f"another paiju serve is using this database (lock file {lock.lock_file})") from err
            except OSError as err:
                raise StoreError(f"cannot write to the database folder {path.parent}: {err.strerror}") from err
            self._file_lock = lock
        elif url.get_backend_name() == "postgresql":
            self._locker = create_engine(url, poolclass=NullPool)
            try:
                self._connection = self._take()
            except SQLAlchemyError as err:
                raise StoreError(f"cannot open the database {self.shown}: {driver_message(err)}") from err
            if self._connection is None:
                raise StoreError(f"another paiju serve is using this database (advisory lock {ADVISORY_KEY})")

    def _take(self) -> Connection | None:
        """A new session that holds the advisory lock; None when another session holds it."""
        assert self._locker is not None
        conn = self._locker.connect()
        try:
            held = conn.scalar(select(func.pg_try_advisory_lock(ADVISORY_KEY)))
            conn.commit()  # the lock is the session's, not the transaction's; no transaction is left open
        except BaseException:
            conn.close()
            raise
        if not held:
            conn.close()
            return None
        return conn

    @staticmethod
    def _answers(conn: Connection) -> bool:
        """Whether ``conn``'s session is alive (a statement it runs begins the transaction a write joins); a dead
        one is invalidated and closed, never reconnected (a new session would not hold the lock)."""
        if conn.invalidated or conn.closed:
            return False
        try:
            conn.exec_driver_sql("SELECT 1")
            return True
        except DBAPIError:
            with suppress(SQLAlchemyError):
                conn.invalidate()
                conn.close()
            return False

    def _holder(self) -> Connection:
        """The lock's session, shown alive and in a transaction: a write on it is a write of the lock's holder.
        A session that died (the database restarted) is replaced by one that takes the lock again; if another
        server took it meanwhile, ``LockLost``, now and for every later write."""
        if self.lost is not None:
            raise LockLost(self.lost)
        conn = self._connection
        if conn is not None and self._answers(conn):
            return conn
        self._connection = None
        log.warning("the session holding the database lock is gone (did the database restart?): taking the lock again")
        conn = self._take()
        if conn is None:
            self.lost = (
                "another paiju serve took over this database while this one's connection to it was cut: "
                "this server saves nothing more until it is restarted"
            )
            log.error("%s", self.lost)
            raise LockLost(self.lost)
        log.warning("the database lock is held again; nobody else held it meanwhile")
        self._connection = conn
        if not self._answers(conn):
            raise StoreError(f"the database {self.shown} cut the connection that holds its lock")
        return conn

    @contextmanager
    def held(self, sessions: sessionmaker[Session]) -> Iterator[Session]:
        """A writing session of ``sessions`` on the lock's own connection (PostgreSQL), committed when the block ends."""
        conn = self._holder()
        session = sessions(bind=conn)
        try:
            yield session
            session.commit()  # joined to the connection's transaction: flushes; the connection commits it
            conn.commit()
        except BaseException:
            with suppress(SQLAlchemyError):
                conn.rollback()
            raise
        finally:
            session.close()

    def release(self) -> None:
        """Let the database go; safe to call twice."""
        if self._connection is not None:
            try:  # unlocked first: the lock would end with the session, but only once its backend has gone
                if not self._connection.invalidated:  # (an invalidated one would reconnect to unlock)
                    self._connection.scalar(select(func.pg_advisory_unlock(ADVISORY_KEY)))
                self._connection.close()
            except SQLAlchemyError:
                pass  # the server went away, and the lock with it
            self._connection = None
        if self._locker is not None:
            self._locker.dispose()
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None
