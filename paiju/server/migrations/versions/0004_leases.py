"""Leases instead of a lock: a leases table (the database's own lease, which servers renew), and each room's
fencing epoch, which every write of the room checks.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Rooms start at epoch 0: the first server to load one raises it."""
    op.create_table(
        "leases",
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(128), nullable=False),
        sa.Column("epoch", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    with op.batch_alter_table("rooms") as rooms:
        rooms.add_column(sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Migrations go forward only: restore a backup to go back."""
    raise NotImplementedError("paiju's migrations go forward only; restore a backup instead")
