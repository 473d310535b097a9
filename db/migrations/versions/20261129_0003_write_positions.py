"""Write positions: the primary's WAL position after each novel's latest write (issue 10).

The read router sends a novel's reads to a streaming replica only once the replica has
replayed past this position (read-your-writes). One row per novel, plus the nil uuid
for writes that are not tied to one novel. No foreign key to `novels`: the nil-uuid row
has no novel, and a deleted novel's stale position is harmless (it is already replayed).
Keyed by novel_id like every table, so it distributes by novel with the rest.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        CREATE TABLE IF NOT EXISTS novel_write_positions (
            novel_id    uuid PRIMARY KEY,
            lsn         pg_lsn NOT NULL,
            updated_at  timestamptz NOT NULL DEFAULT now()
        )
        """
    )


def downgrade() -> None:
    op.execute("DROP TABLE IF EXISTS novel_write_positions")
