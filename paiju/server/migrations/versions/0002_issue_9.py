"""Issue 9: rooms lose their session seed and learn when they were last active; hands get an unguessable public
id; presets belong to an owner key.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

#: The presets table once ``owner`` is added and filled, with its primary key named as PostgreSQL names it, so
#: that batch mode on SQLite (where that key has no name) can drop it too.
PRESETS_WITH_OWNER = sa.Table(
    "presets",
    sa.MetaData(),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("settings", sa.JSON(), nullable=False),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.PrimaryKeyConstraint("name", name="presets_pkey"),
)


def upgrade() -> None:
    """Each new NOT NULL column is added empty, filled in, then made NOT NULL."""
    with op.batch_alter_table("rooms") as rooms:
        rooms.drop_column("session_seed")
        rooms.add_column(sa.Column("last_active", sa.Float(), nullable=True))
    op.execute("UPDATE rooms SET last_active = created_at")
    with op.batch_alter_table("rooms") as rooms:
        rooms.alter_column("last_active", existing_type=sa.Float(), nullable=False)

    with op.batch_alter_table("hands") as hands:
        hands.add_column(sa.Column("public_id", sa.String(32), nullable=True))
    table = sa.table("hands", sa.column("id", sa.Integer()), sa.column("public_id", sa.String(32)))
    ids = op.get_bind().execute(sa.select(table.c.id)).scalars().all()
    if ids:
        fill = table.update().where(table.c.id == sa.bindparam("hand")).values(public_id=sa.bindparam("public"))
        op.get_bind().execute(fill, [{"hand": i, "public": secrets.token_urlsafe(16)} for i in ids])
    with op.batch_alter_table("hands") as hands:
        hands.alter_column("public_id", existing_type=sa.String(32), nullable=False)
        hands.create_unique_constraint("uq_hands_public_id", ["public_id"])

    with op.batch_alter_table("presets") as presets:
        presets.add_column(sa.Column("owner", sa.String(64), nullable=True))
    op.execute("UPDATE presets SET owner = ''")
    with op.batch_alter_table("presets", copy_from=PRESETS_WITH_OWNER) as presets:
        presets.alter_column("owner", existing_type=sa.String(64), nullable=False)
        presets.drop_constraint("presets_pkey", type_="primary")
        presets.create_primary_key("presets_pkey", ["owner", "name"])


def downgrade() -> None:
    """Migrations go forward only: restore a backup to go back."""
    raise NotImplementedError("paiju's migrations go forward only; restore a backup instead")
