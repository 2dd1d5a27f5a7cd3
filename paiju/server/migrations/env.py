"""Alembic's entry point: run the revisions over the connection that ``Store`` (or ``alembic_config``) hands over.

A new revision is written from Python: ``command.revision(alembic_config(conn), "what", autogenerate=True)``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from paiju.server.schema import Base

connection: Connection = context.config.attributes["connection"]
# SQLite changes tables in batch mode (copy and rename); all pending revisions are one transaction.
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
