"""The schema of the databases made before migrations existed (paiju's ``create_all`` tables at that time).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the five tables as ``create_all`` made them."""
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("host_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("session_seed", sa.Integer(), nullable=False),
        sa.Column("session_hands", sa.JSON(), nullable=False),
        sa.Column("hand_header", sa.JSON(), nullable=True),
        sa.Column("last_hand_id", sa.Integer(), nullable=True),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("room", sa.String(16), sa.ForeignKey("rooms.code"), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("auto", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_players_token", "players", ["token"])
    op.create_index("ix_players_room", "players", ["room"])
    op.create_table(
        "hand_events",
        sa.Column("room", sa.String(16), sa.ForeignKey("rooms.code"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("data", sa.JSON(), nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("room", sa.String(16), nullable=True),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
    )
    op.create_index("ix_hands_room", "hands", ["room"])
    op.create_table(
        "presets",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("settings", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    """Migrations go forward only: restore a backup to go back."""
    raise NotImplementedError("paiju's migrations go forward only; restore a backup instead")
