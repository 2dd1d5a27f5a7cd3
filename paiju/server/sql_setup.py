"""How the store opens its database: SQLite's pragmas and real transactions, string lengths checked on every
database alike, and Alembic's configuration over a connection (the migrations shipped in the package)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.config import Config
from sqlalchemy import Connection, inspect
from sqlalchemy.orm import Session

from paiju.server.store_errors import StoreError

__all__ = ["MIGRATIONS", "alembic_config", "check_lengths", "sqlite_begin", "sqlite_connect"]

#: The Alembic scripts (env.py and versions/), shipped inside the package.
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


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
