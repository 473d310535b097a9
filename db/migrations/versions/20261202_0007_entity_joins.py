"""Entity joins: one person read as two entities becomes one page from the chapter that shows it.

A book can name a person before the reader can tell who it is: "Caroline" in chapter 8 of
Pride and Prejudice is Miss Bingley, whose given name the book states only in chapter 21.
The cast then joins the twin into the person from that chapter: `entities.joined_into`
names the entity it became part of and `entities.joined_chapter` the chapter that said so.
At a cap before that chapter both entities show as they were; from it on the joined one is
gone from every read and its names are the person's aliases (written with the person's
entity version of that chapter), so no read joins them early.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        ALTER TABLE entities
            ADD COLUMN joined_into uuid,
            ADD COLUMN joined_chapter integer,
            ADD CONSTRAINT fk_entities_joined_into FOREIGN KEY (novel_id, joined_into)
                REFERENCES entities (novel_id, id),
            ADD CONSTRAINT ck_entities_joined_together
                CHECK ((joined_into IS NULL) = (joined_chapter IS NULL)),
            ADD CONSTRAINT ck_entities_joined_elsewhere CHECK (joined_into <> id)
        """
    )


def downgrade() -> None:
    op.execute(
        """
        ALTER TABLE entities
            DROP CONSTRAINT IF EXISTS ck_entities_joined_elsewhere,
            DROP CONSTRAINT IF EXISTS ck_entities_joined_together,
            DROP CONSTRAINT IF EXISTS fk_entities_joined_into,
            DROP COLUMN IF EXISTS joined_chapter,
            DROP COLUMN IF EXISTS joined_into
        """
    )
