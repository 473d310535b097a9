"""Kind votes: what each chapter's text said of a name's kind, kept with its entity version.

Whether a name is a person, a place or a group is decided from everything the book has said
of it so far, not from one chapter: "Hammersmith", taken for a person where it is first
named in speech, is a place once enough chapters send people "to Hammersmith". The offline
reader writes the chapter's own evidence for an entity's kind (`{"location": 3.0,
"character": 0.8}`) with the entity's version of that chapter, and the story context sums
the versions before a chapter (`KnownEntity.kind_votes`). Reads never select the column;
NULL where the reader gave none (the LLM extractor, chapters read before this revision).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("ALTER TABLE entity_versions ADD COLUMN kind_votes jsonb")


def downgrade() -> None:
    op.execute("ALTER TABLE entity_versions DROP COLUMN kind_votes")
