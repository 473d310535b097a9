"""The job queue: rows in `ingest_jobs`, claimed with FOR UPDATE SKIP LOCKED.

A worker that claims a job also takes a session advisory lock keyed by the job id on
its own connection. If the worker dies, Postgres drops the lock with the connection,
and `requeue_orphans` can tell a live job from an abandoned one without timeouts.
Chapter jobs of one novel run strictly in submission order; different novels run in
parallel. An `index` job (a committed chapter's search vectors, pipeline/index.py) waits for
nothing and runs only when no chapter job is runnable, so reading never waits for indexing.
Start and finish stamps use `clock_timestamp()`, read while the statement runs, not
`now()`, the transaction's start: a claim whose transaction began just before the
previous job's finish committed would otherwise be stamped as starting before it ended.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text

from continuum.db.routing import record_write

JOB_COLUMNS = """novel_id, id, chapter_number, title, text, source, policy, replace,
                 submission_id, edited, status, progress, stage, error, attempts, created_at,
                 started_at, finished_at"""


@dataclass(frozen=True)
class ClaimedJob:
    """A job this worker now owns."""

    novel_id: uuid.UUID
    id: uuid.UUID
    chapter_number: int
    title: str | None
    text: str
    source: str
    policy: str
    replace: bool
    attempts: int
    # Set when the job accepts a parked draft: the spine writes its override flags.
    submission_id: uuid.UUID | None = None
    edited: bool = False
    kind: str = "chapter"  # or "index": the search vectors of a committed chapter

KINDS = ("chapter", "index")


def job_lock_key(job_id: uuid.UUID) -> int:
    """The advisory-lock key that marks a job as owned by a live worker."""
    return int.from_bytes(job_id.bytes[:8], "big", signed=True)


def enqueue_chapter(
    conn: Connection,
    *,
    novel_id: uuid.UUID,
    number: int,
    title: str | None,
    text_: str,
    source: str = "human",
    policy: str = "warn",
    replace: bool = False,
    submission_id: uuid.UUID | None = None,
    edited: bool = False,
) -> uuid.UUID:
    """Queue one chapter for the write spine; returns the job id.

    With `submission_id` the job accepts that parked draft (`edited`: the text is the
    human's edit of it), and the chapter is written with the draft's override flags.
    """
    row = conn.execute(
        text(
            """INSERT INTO ingest_jobs (novel_id, chapter_number, title, text, source, policy, replace,
                                        submission_id, edited)
               VALUES (:novel_id, :number, :title, :text, :source, :policy, :replace,
                       :submission_id, :edited)
               RETURNING id"""
        ),
        {"novel_id": novel_id, "number": number, "title": title, "text": text_,
         "source": source, "policy": policy, "replace": replace,
         "submission_id": submission_id, "edited": edited},
    ).one()
    return row.id


def claim_next(conn: Connection, *, worker: str, kinds: tuple[str, ...] = KINDS) -> ClaimedJob | None:
    """Claim the oldest runnable job of these kinds (chapters first) and lock it to this
    connection's session."""
    with conn.begin():
        row = conn.execute(
            text(
                """
                UPDATE ingest_jobs SET status = 'running', attempts = attempts + 1,
                       worker = :worker, started_at = clock_timestamp(), stage = 'starting', error = NULL
                 WHERE (novel_id, id) = (
                       SELECT j.novel_id, j.id FROM ingest_jobs j
                        WHERE j.status = 'queued' AND j.kind = ANY(:kinds)
                          AND (j.kind = 'index' OR (
                              NOT EXISTS (
                                  SELECT 1 FROM ingest_jobs e
                                   WHERE e.novel_id = j.novel_id AND e.seq < j.seq
                                     AND e.kind = 'chapter' AND e.status IN ('queued', 'running'))
                              AND NOT EXISTS (
                                  SELECT 1 FROM ingest_jobs r
                                   WHERE r.novel_id = j.novel_id AND r.kind = 'chapter'
                                     AND r.status = 'running')))
                        ORDER BY j.kind = 'index', j.seq
                        LIMIT 1
                        FOR UPDATE SKIP LOCKED)
                RETURNING novel_id, id, chapter_number, title, text, source, policy,
                          replace, attempts, submission_id, edited, kind
                """
            ),
            {"worker": worker, "kinds": list(kinds)},
        ).one_or_none()
        if row is None:
            return None
        conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": job_lock_key(row.id)})
    return ClaimedJob(**row._asdict())


def release(conn: Connection, job_id: uuid.UUID) -> None:
    """Drop this session's ownership lock on a job."""
    with conn.begin():
        conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": job_lock_key(job_id)})


def report_progress(
    conn: Connection, *, novel_id: uuid.UUID, job_id: uuid.UUID, stage: str, progress: float
) -> None:
    """Record the stage and fraction done of a running job (own short transaction)."""
    with conn.begin():
        conn.execute(
            text(
                """UPDATE ingest_jobs SET stage = :stage, progress = :progress
                    WHERE novel_id = :novel_id AND id = :id AND status = 'running'"""
            ),
            {"stage": stage, "progress": max(0.0, min(1.0, progress)),
             "novel_id": novel_id, "id": job_id},
        )


def finish(
    conn: Connection, *, novel_id: uuid.UUID, job_id: uuid.UUID, result: dict[str, Any]
) -> None:
    """Mark a job done, and record the novel's write position for read routing."""
    with conn.begin():
        conn.execute(
            text(
                """UPDATE ingest_jobs SET status = 'done', progress = 1, stage = 'done',
                          finished_at = clock_timestamp(), result = CAST(:result AS jsonb)
                    WHERE novel_id = :novel_id AND id = :id"""
            ),
            {"result": _json(result), "novel_id": novel_id, "id": job_id},
        )
        # The spine committed the chapter before this transaction began, so the position
        # recorded here is past that commit: replicas serve the novel once they reach it.
        record_write(conn, novel_id)


def fail(
    conn: Connection, *, novel_id: uuid.UUID, job_id: uuid.UUID, error: str, retry: bool
) -> None:
    """Mark a job failed, or put it back in the queue when it may succeed on retry."""
    with conn.begin():
        conn.execute(
            text(
                """UPDATE ingest_jobs
                      SET status = CASE WHEN :retry THEN 'queued' ELSE 'failed' END,
                          stage = CASE WHEN :retry THEN 'queued' ELSE 'failed' END,
                          error = :error,
                          finished_at = CASE WHEN :retry THEN NULL ELSE clock_timestamp() END
                    WHERE novel_id = :novel_id AND id = :id"""
            ),
            {"retry": retry, "error": error, "novel_id": novel_id, "id": job_id},
        )
        record_write(conn, novel_id)


def chapter_written(conn: Connection, job: ClaimedJob) -> bool:
    """True when the job's exact text is already the chapter: an earlier attempt committed it.

    A worker that dies between the spine's commit and `finish` leaves a whole chapter and a
    job still marked running; the retry must finish that job, not fail it as a duplicate.
    """
    import hashlib

    with conn.begin():
        stored = conn.execute(
            text("SELECT content_hash FROM chapters WHERE novel_id = :n AND number = :c"),
            {"n": job.novel_id, "c": job.chapter_number},
        ).scalar_one_or_none()
    return stored == hashlib.sha256(job.text.encode("utf-8")).hexdigest()


def requeue_orphans(conn: Connection, *, max_attempts: int) -> int:
    """Put back jobs whose worker died (its advisory lock is gone); returns how many."""
    with conn.begin():
        running = conn.execute(
            text("SELECT novel_id, id, attempts FROM ingest_jobs WHERE status = 'running'")
        ).all()
    requeued = 0
    for job in running:
        with conn.begin():
            got = conn.execute(
                text("SELECT pg_try_advisory_lock(:k)"), {"k": job_lock_key(job.id)}
            ).scalar_one()
            if not got:
                continue
            try:
                exhausted = job.attempts >= max_attempts
                conn.execute(
                    text(
                        """UPDATE ingest_jobs
                              SET status = CASE WHEN :exhausted THEN 'failed' ELSE 'queued' END,
                                  stage = CASE WHEN :exhausted THEN 'failed' ELSE 'queued' END,
                                  error = CASE WHEN :exhausted
                                          THEN 'the worker stopped during this job too many times'
                                          ELSE error END,
                                  finished_at = CASE WHEN :exhausted THEN clock_timestamp() ELSE NULL END
                            WHERE novel_id = :novel_id AND id = :id AND status = 'running'"""
                    ),
                    {"exhausted": exhausted, "novel_id": job.novel_id, "id": job.id},
                )
                requeued += 1
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": job_lock_key(job.id)})
    return requeued


def _json(value: dict[str, Any]) -> str:
    import json

    return json.dumps(value, default=str)


def active_accept_job(conn: Connection, *, novel_id: uuid.UUID, submission_id: uuid.UUID) -> uuid.UUID | None:
    """The queued or running job that accepts this parked draft, if any."""
    return conn.execute(
        text("""SELECT id FROM ingest_jobs
                 WHERE novel_id = :n AND submission_id = :s AND status IN ('queued', 'running')"""),
        {"n": novel_id, "s": submission_id},
    ).scalar_one_or_none()


def cancel_queued_accepts(
    conn: Connection, *, novel_id: uuid.UUID, submission_id: uuid.UUID, error: str
) -> int:
    """Fail the draft's accept job that no worker has claimed yet (caller's transaction).

    A job already running is left alone: the spine re-checks the draft under the novel's
    lock before it writes, so it fails there with nothing written.
    """
    result = conn.execute(
        text("""UPDATE ingest_jobs SET status = 'failed', stage = 'failed', error = :error,
                       finished_at = clock_timestamp()
                 WHERE novel_id = :n AND submission_id = :s AND status = 'queued'"""),
        {"n": novel_id, "s": submission_id, "error": error},
    )
    return int(getattr(result, "rowcount", 0) or 0)
