"""Jobs: progress of queued and running chapter ingests."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

JOB_SQL = """SELECT id, novel_id, chapter_number, title, status, progress, stage, error,
                    attempts, created_at, started_at, finished_at FROM ingest_jobs"""


class JobRow(BaseModel):
    """A job as the Process page shows it."""

    id: uuid.UUID
    novel_id: uuid.UUID
    chapter_number: int
    title: str | None
    status: str
    progress: float
    stage: str | None
    error: str | None
    attempts: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


def get_job(*, session: Session, job_id: uuid.UUID) -> JobRow | None:
    """One job by id."""
    row = session.execute(text(f"{JOB_SQL} WHERE id = :id"), {"id": job_id}).one_or_none()
    return JobRow.model_validate(row._asdict()) if row else None


def list_jobs(*, session: Session, novel_id: uuid.UUID, limit: int = 200) -> list[JobRow]:
    """A novel's jobs, newest first."""
    rows = session.execute(
        text(f"{JOB_SQL} WHERE novel_id = :n ORDER BY seq DESC LIMIT :limit"),
        {"n": novel_id, "limit": limit},
    ).all()
    return [JobRow.model_validate(r._asdict()) for r in rows]


def next_free_number(*, session: Session, novel_id: uuid.UUID) -> int:
    """The next chapter number, counting chapters written and chapters still in the queue."""
    return int(session.execute(
        text("""SELECT greatest(
                    (SELECT coalesce(max(number), 0) FROM chapters WHERE novel_id = :n),
                    (SELECT coalesce(max(chapter_number), 0) FROM ingest_jobs
                      WHERE novel_id = :n AND status IN ('queued', 'running'))) + 1"""),
        {"n": novel_id},
    ).scalar_one())


def pending_numbers(*, session: Session, novel_id: uuid.UUID) -> set[int]:
    """Chapter numbers already written or waiting in the queue."""
    rows = session.execute(
        text("""SELECT number FROM chapters WHERE novel_id = :n
                UNION SELECT chapter_number FROM ingest_jobs
                 WHERE novel_id = :n AND status IN ('queued', 'running')"""),
        {"n": novel_id},
    ).scalars().all()
    return set(rows)
