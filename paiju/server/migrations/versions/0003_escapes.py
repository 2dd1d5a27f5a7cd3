"""Rooms remember who left a 炒地皮 match before it ended and what it cost (other-games.md §7.14, Q7.29).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """The new NOT NULL column is added empty, filled with no escapes, then made NOT NULL."""
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("escapes", sa.JSON(), nullable=True))
    op.execute("UPDATE rooms SET escapes = '[]'")
    with op.batch_alter_table("rooms") as rooms:
        rooms.alter_column("escapes", existing_type=sa.JSON(), nullable=False)


def downgrade() -> None:
    """Migrations go forward only: restore a backup to go back."""
    raise NotImplementedError("paiju's migrations go forward only; restore a backup instead")
