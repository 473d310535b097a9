"""Jobs: progress of queued and running chapter ingests, and of indexing chapters for search."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.orm import Session

JOB_SQL = """SELECT id, novel_id, kind, chapter_number, title, status, progress, stage, error,
                    attempts, created_at, started_at, finished_at FROM ingest_jobs"""

JobKind = Literal["chapter", "index"]


class JobRow(BaseModel):
    """A job as the Process page shows it."""

    id: uuid.UUID
    novel_id: uuid.UUID
    kind: JobKind = Field(description="chapter: read a chapter into the wiki; index: make a "
                                      "written chapter's search vectors")
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


def list_jobs(*, session: Session, novel_id: uuid.UUID, limit: int = 200,
              kind: JobKind = "chapter") -> list[JobRow]:
    """A novel's jobs of one kind, newest first."""
    rows = session.execute(
        text(f"{JOB_SQL} WHERE novel_id = :n AND kind = :kind ORDER BY seq DESC LIMIT :limit"),
        {"n": novel_id, "limit": limit, "kind": kind},
    ).all()
    return [JobRow.model_validate(r._asdict()) for r in rows]


class SearchIndexStatus(BaseModel):
    """How far search has caught up with the chapters the wiki can already show."""

    chapters: int = Field(description="Chapters written (all of them readable in the wiki)")
    indexed: int = Field(description="Chapters whose search vectors are all made")
    pending: list[int] = Field(description="Chapters still being indexed: search finds them by "
                                           "full text until then")
    indexing: int | None = Field(description="The chapter being indexed right now, if any")
    failed: list[int] = Field(description="Chapters whose indexing failed for good; retried "
                                          "when a worker starts")


def search_index_status(*, session: Session, novel_id: uuid.UUID, model: str) -> SearchIndexStatus:
    """Which of the novel's chapters are indexed for search with `model`."""
    pending = list(session.execute(text(
        """SELECT number FROM chapters WHERE novel_id = :n AND indexed_with IS DISTINCT FROM :m
            ORDER BY number"""), {"n": novel_id, "m": model}).scalars())
    total = int(session.execute(text("SELECT count(*) FROM chapters WHERE novel_id = :n"),
                                {"n": novel_id}).scalar_one())
    jobs = session.execute(text(
        """SELECT DISTINCT ON (chapter_number) chapter_number, status FROM ingest_jobs
            WHERE novel_id = :n AND kind = 'index' AND chapter_number = ANY(:pending)
            ORDER BY chapter_number, seq DESC"""), {"n": novel_id, "pending": pending}).all()
    running = [j.chapter_number for j in jobs if j.status == "running"]
    return SearchIndexStatus(chapters=total, indexed=total - len(pending), pending=pending,
                             indexing=running[0] if running else None,
                             failed=[j.chapter_number for j in jobs if j.status == "failed"])


def next_free_number(*, session: Session, novel_id: uuid.UUID) -> int:
    """The next chapter number, counting chapters written and chapters still in the queue."""
    return int(session.execute(
        text("""SELECT greatest(
                    (SELECT coalesce(max(number), 0) FROM chapters WHERE novel_id = :n),
                    (SELECT coalesce(max(chapter_number), 0) FROM ingest_jobs
                      WHERE novel_id = :n AND kind = 'chapter'
                        AND status IN ('queued', 'running'))) + 1"""),
        {"n": novel_id},
    ).scalar_one())


def pending_numbers(*, session: Session, novel_id: uuid.UUID) -> set[int]:
    """Chapter numbers already written or waiting in the queue."""
    rows = session.execute(
        text("""SELECT number FROM chapters WHERE novel_id = :n
                UNION SELECT chapter_number FROM ingest_jobs
                 WHERE novel_id = :n AND kind = 'chapter' AND status IN ('queued', 'running')"""),
        {"n": novel_id},
    ).scalars().all()
    return set(rows)
