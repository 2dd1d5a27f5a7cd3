"""One server to a database: a lock file beside a SQLite file, or a lease stored in the database itself.

A lease is a row of ``leases`` (owner, epoch, expiry on the database's clock) that its owner renews every third of
its time to live from a thread of its own. Unlike a lock tied to a connection, it outlives a database restart: a
restarted PostgreSQL still shows the lease of the server that held it, so a second server is refused as before
the restart. A server that stops without letting go leaves a lease that runs out (or, on the same machine, is
taken at once when its process is gone). Rooms are fenced apart as well: see ``Store.load_room``.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import threading
import time
from pathlib import Path

from filelock import FileLock, Timeout
from sqlalchemy import Connection, insert, select, text, update
from sqlalchemy.engine import URL, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from paiju.server.schema import LeaseRow
from paiju.server.store_errors import LockLost, StoreError, driver_message

__all__ = ["DATABASE_LEASE", "LEASE_TTL", "DatabaseLock", "db_now", "sqlite_file"]

log = logging.getLogger("paiju.server")

#: The name of the lease that makes one server the owner of a whole database.
DATABASE_LEASE = "database"
#: Seconds a lease lasts unless renewed (it is renewed every third of that).
LEASE_TTL = 10.0


def sqlite_file(url: URL) -> Path | None:
    """The database file of a SQLite URL (``file:`` URIs included); None for an in-memory database."""
    name = url.database or ""
    if url.query.get("uri") in ("true", "1"):
        name = name.removeprefix("file:").split("?")[0]
    return None if name in ("", ":memory:") or url.query.get("mode") == "memory" else Path(name)


def db_now(conn: Connection) -> float:
    """The time on the database's clock (PostgreSQL's, so that servers on several machines agree), else this one's."""
    if conn.dialect.name == "postgresql":
        return float(conn.scalar(text("SELECT extract(epoch from clock_timestamp())")) or 0.0)
    return time.time()


def owner_name() -> str:
    """A name for this process that no other process takes: its machine, its process id, a random part."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def _gone_from_here(owner: str) -> bool:
    """Whether ``owner`` was a process of this machine that no longer runs (its lease need not be waited out)."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


class DatabaseLock:
    """This server's hold on its database (``shown`` names it in errors): nothing is held until ``acquire``.

    SQLite: a lock file beside the database (an OS lock, gone with the process). Any other database: the lease
    ``DATABASE_LEASE``, renewed in the background; if a renewal finds another server holding it (this one was
    paused or cut off past its time to live), ``lost`` says why and no write is made any more (``LockLost``).
    """

    def __init__(self, shown: str, ttl: float = LEASE_TTL) -> None:
        self.shown = shown
        self.ttl = ttl
        self.owner = owner_name()
        #: The lease's epoch while this server holds it (raised by each new owner).
        self.epoch = 0
        self._file_lock: FileLock | None = None
        self._engine: Engine | None = None
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None
        #: Why this server writes nothing more (another server took its database), once it is so.
        self.lost: str | None = None

    def acquire(self, url: URL, engine: Engine) -> None:
        """Make this the only server on the database (``StoreError`` while another server's lease runs)."""
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
            return
        self._engine = engine
        holder = self._take()
        if holder is not None:
            raise StoreError(
                f"another paiju serve is using this database (its lease, held by {holder}, is renewed every "
                f"{self.ttl / 3:.2g} s and runs out {self.ttl:g} s after its server stops)"
            )
        self._renewer = threading.Thread(target=self._renew_forever, name="paiju-lease", daemon=True)
        self._renewer.start()

    def _take(self) -> str | None:
        """Take the lease if nobody else holds it (free, run out, or its process is gone): None once taken, else
        the holder's name."""
        assert self._engine is not None
        try:
            with self._engine.execution_options(paiju_write=True).begin() as conn:
                now = db_now(conn)
                row = conn.execute(
                    select(LeaseRow.owner, LeaseRow.epoch, LeaseRow.expires_at)
                    .where(LeaseRow.name == DATABASE_LEASE)
                    .with_for_update()
                ).first()
                if row is None:
                    conn.execute(insert(LeaseRow).values(
                        name=DATABASE_LEASE, owner=self.owner, epoch=1, expires_at=now + self.ttl
                    ))
                    self.epoch = 1
                    return None
                if row.owner != self.owner and row.expires_at > now and not _gone_from_here(row.owner):
                    return str(row.owner)
                conn.execute(
                    update(LeaseRow)
                    .where(LeaseRow.name == DATABASE_LEASE)
                    .values(owner=self.owner, epoch=row.epoch + 1, expires_at=now + self.ttl)
                )
                self.epoch = row.epoch + 1
                return None
        except IntegrityError:
            return "a server starting at the same moment"
        except SQLAlchemyError as err:
            reason = driver_message(err)
            doing = "cannot write to" if "read-only" in reason else "cannot open"
            raise StoreError(f"{doing} the database {self.shown}: {reason}") from err

    def renew(self) -> bool:
        """Push the lease's end a time to live away; False (and ``lost`` said) if another server holds it now.
        A database that cannot be reached raises ``SQLAlchemyError`` (the lease may still be ours: try again)."""
        assert self._engine is not None
        with self._engine.execution_options(paiju_write=True).begin() as conn:
            renewed = conn.execute(
                update(LeaseRow)
                .where(LeaseRow.name == DATABASE_LEASE, LeaseRow.owner == self.owner, LeaseRow.epoch == self.epoch)
                .values(expires_at=db_now(conn) + self.ttl)
            ).rowcount
        if renewed != 1 and self.lost is None:
            self.lost = (
                "another paiju serve took over this database while this one could not renew its lease: "
                "this server saves nothing more until it is restarted"
            )
            log.error("%s", self.lost)
        return renewed == 1

    def _renew_forever(self) -> None:
        """Renew every third of the time to live until released or lost; a failed renewal is tried again."""
        while not self._stop.wait(self.ttl / 3):
            try:
                if not self.renew():
                    return
            except SQLAlchemyError as err:
                log.warning("the database lease could not be renewed (tried again in %g s): %s",
                            self.ttl / 3, driver_message(err))

    def check(self) -> None:
        """Raise ``LockLost`` once another server took the database: no write may be made."""
        if self.lost is not None:
            raise LockLost(self.lost)

    def release(self) -> None:
        """Let the database go (the lease runs out at once); safe to call twice."""
        if self._renewer is not None:
            self._stop.set()
            self._renewer.join()
            self._renewer = None
            if self._engine is not None and self.lost is None:
                try:
                    with self._engine.execution_options(paiju_write=True).begin() as conn:
                        conn.execute(
                            update(LeaseRow)
                            .where(LeaseRow.name == DATABASE_LEASE, LeaseRow.owner == self.owner)
                            .values(expires_at=0.0)
                        )
                except SQLAlchemyError:
                    pass  # unreachable: the lease runs out by itself
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None
