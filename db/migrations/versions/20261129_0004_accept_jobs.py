"""Accept jobs: accepting a parked draft runs on the job queue, not inside the request.

`ingest_jobs.submission_id` names the draft a job accepts (NULL for ordinary uploads) and
`edited` says whether its text is the human's edit of the draft, so the worker writes the
right "accepted ..." override flags with the chapter. The draft is deleted only with its
novel, and so are its jobs. At most one accept job per draft is queued or running: a
second accept of the same draft is refused by the route, and by this index if two race.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        """
        ALTER TABLE ingest_jobs
            ADD COLUMN submission_id uuid,
            ADD COLUMN edited boolean NOT NULL DEFAULT false,
            ADD CONSTRAINT fk_ingest_jobs_submission FOREIGN KEY (novel_id, submission_id)
                REFERENCES draft_submissions (novel_id, id) ON DELETE CASCADE
        """
    )
    op.execute(
        """
        CREATE UNIQUE INDEX ux_ingest_jobs_accepting ON ingest_jobs (novel_id, submission_id)
            WHERE submission_id IS NOT NULL AND status IN ('queued', 'running')
        """
    )


def downgrade() -> None:
    op.execute("DROP INDEX IF EXISTS ux_ingest_jobs_accepting")
    op.execute(
        """
        ALTER TABLE ingest_jobs
            DROP CONSTRAINT IF EXISTS fk_ingest_jobs_submission,
            DROP COLUMN IF EXISTS edited,
            DROP COLUMN IF EXISTS submission_id
        """
    )
