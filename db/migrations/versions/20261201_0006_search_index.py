"""Search index as its own job: chapters readable before their vectors, vectors reused by hash.

A chapter is readable once its facts are committed; its search vectors (passages, scenes,
events) follow in an `index` job of the same queue (`ingest_jobs.kind`), run after every
runnable chapter job. `chapters.indexed_with` names the embedder whose vectors are all in
(NULL while the chapter is still being indexed: search answers from full text for it).
`embedding_cache` keeps each vector once per novel and model, keyed by the sha256 of the
text as the model reads it, so a replaced or re-read chapter re-embeds only what changed.

Chapters written before this revision were embedded inline, so they count as indexed with
the model that embedded them.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

DIM = 384


def upgrade() -> None:
    op.execute(
        f"""
        ALTER TABLE chapters ADD COLUMN indexed_with text;
        UPDATE chapters SET indexed_with = embedding_model WHERE embedding_model IS NOT NULL;

        ALTER TABLE ingest_jobs ADD CONSTRAINT ck_ingest_jobs_kind
            CHECK (kind IN ('chapter', 'index'));
        CREATE INDEX ix_ingest_jobs_index ON ingest_jobs (novel_id, chapter_number)
            WHERE kind = 'index';

        CREATE TABLE embedding_cache (
            novel_id   uuid NOT NULL REFERENCES novels (id) ON DELETE CASCADE,
            model      text NOT NULL,
            text_hash  text NOT NULL,
            embedding  vector({DIM}) NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (novel_id, model, text_hash)
        );
        """
    )


def downgrade() -> None:
    op.execute(
        """
        DROP TABLE IF EXISTS embedding_cache;
        DELETE FROM ingest_jobs WHERE kind = 'index';
        DROP INDEX IF EXISTS ix_ingest_jobs_index;
        ALTER TABLE ingest_jobs DROP CONSTRAINT IF EXISTS ck_ingest_jobs_kind;
        ALTER TABLE chapters DROP COLUMN IF EXISTS indexed_with;
        """
    )
