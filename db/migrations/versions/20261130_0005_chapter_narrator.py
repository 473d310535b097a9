"""Chapter narrator: whether a chapter is told by "I", and by whom when that is known.

`chapters.first_person` says the narration speaks as "I"; `chapters.narrator_id` names the
character telling it, when the extractor could tell. The next chapter's story context
reads the narrator of the latest first-person chapter before it, so a narrator named once
("'Jim,' says he") resolves the "I" of the chapters after it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        ALTER TABLE chapters
            ADD COLUMN first_person boolean NOT NULL DEFAULT false,
            ADD COLUMN narrator_id uuid,
            ADD CONSTRAINT fk_chapters_narrator FOREIGN KEY (novel_id, narrator_id)
                REFERENCES entities (novel_id, id) ON DELETE SET NULL (narrator_id)
        """
    )


def downgrade() -> None:
    op.execute(
        """
        ALTER TABLE chapters
            DROP CONSTRAINT IF EXISTS fk_chapters_narrator,
            DROP COLUMN IF EXISTS narrator_id,
            DROP COLUMN IF EXISTS first_person
        """
    )
