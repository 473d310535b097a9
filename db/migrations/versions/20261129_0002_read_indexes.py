"""Read indexes: make the spoiler-safe wiki reads scale (issue 5).

Indexes only; no table or column changes. Every index leads with novel_id, like the
rest of the schema, so the layout stays distributable by novel.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

# (name, table, definition). Created in order, dropped in reverse.
INDEXES: list[tuple[str, str, str]] = [
    # Relationship lookups by either endpoint ("who relates to X as of chapter N").
    ("ix_relationships_target", "relationships", "(novel_id, target_id, from_chapter)"),
    # The timeline of one entity (entity page): subject or object, next to the GIN on involved.
    ("ix_events_subject", "events", "(novel_id, subject_id, chapter)"),
    ("ix_events_object", "events", "(novel_id, object_id, chapter)"),
]


def upgrade() -> None:
    for name, table, definition in INDEXES:
        op.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {table} {definition}")


def downgrade() -> None:
    for name, _table, _definition in reversed(INDEXES):
        op.execute(f"DROP INDEX IF EXISTS {name}")
