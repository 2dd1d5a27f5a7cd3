"""How the store opens its database: SQLite's pragmas and real transactions, string lengths checked on every
database alike, and Alembic's configuration over a connection (the migrations shipped in the package)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic.config import Config
from filelock import FileLock
from sqlalchemy import Connection, inspect, text
from sqlalchemy.orm import Session

from paiju.server.store_errors import StoreError

__all__ = ["MIGRATIONS", "alembic_config", "check_lengths", "migration_lock", "sqlite_begin", "sqlite_connect"]

#: The Alembic scripts (env.py and versions/), shipped inside the package.
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: PostgreSQL's advisory lock held while the schema is brought up to date: a 64-bit key of paiju's own ("paiju_mg").
MIGRATION_KEY = 0x7061_696A_755F_6D67


def sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers and the writer share the file; foreign keys are checked; SQLAlchemy, not the driver, begins."""
    dbapi_connection.isolation_level = None  # the driver's own BEGIN skips DDL and reads: see sqlite_begin
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def sqlite_begin(conn: Connection) -> None:
    """Every transaction is a real one; a writing one takes the write lock first, waiting up to the busy timeout."""
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("paiju_write") else "BEGIN")


def check_lengths(session: Session, _context: Any, _instances: Any) -> None:
    """A string longer than its column is refused on every database (SQLite would keep it, PostgreSQL fails)."""
    for row in (*session.new, *session.dirty):
        for key, column in inspect(row).mapper.columns.items():
            value, limit = getattr(row, key), getattr(column.type, "length", None)
            if isinstance(value, str) and limit is not None and len(value) > limit:
                raise StoreError(
                    f"{column.table.name}.{column.name} holds at most {limit} characters, not {len(value)}"
                )


def alembic_config(connection: Connection) -> Config:
    """An Alembic configuration that runs paiju's migrations over ``connection``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@contextmanager
def migration_lock(conn: Connection, sqlite_path: Path | None) -> Iterator[None]:
    """Held while the schema is brought up to date, so that servers started at once on a fresh database migrate one
    after another (at once, their DDL waits on each other's without end): on PostgreSQL an advisory lock held by
    ``conn``; on a SQLite file a lock file beside it."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_KEY})
        conn.commit()
        try:
            yield
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_KEY})
            conn.commit()
    elif sqlite_path is not None:
        with FileLock(f"{sqlite_path}.migrate.lock"):
            yield
    else:
        yield
