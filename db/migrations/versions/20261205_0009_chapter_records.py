"""Chapter records: what a chapter's reading keeps for the critic of the chapters after it.

The continuity critic compares a draft's claims with the earlier chapters' records (things
handed on, requests answered, people called by a role, dated events: `ChapterRecords` in
`pipeline/extract/schema.py`) instead of searching those chapters' text. The spine writes
them with the chapter, from the reading it persists; NULL for chapters read before this
revision, whose records the critic reads from their stored text once (`critic/history.py`).
Reads never select the column.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE chapters ADD COLUMN records jsonb")


def downgrade() -> None:
    op.execute("ALTER TABLE chapters DROP COLUMN records")
