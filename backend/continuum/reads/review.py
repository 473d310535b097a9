"""The review queue: parked drafts and their blocking findings (read nowhere else)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session


class ParkedFinding(BaseModel):
    """One finding: the draft's quote beside the earlier evidence it contradicts."""

    check_name: str
    severity: str
    message: str
    draft_start: int | None
    draft_end: int | None
    draft_quote: str | None
    evidence_chapter: int | None
    evidence_quote: str | None


class AcceptJob(BaseModel):
    """The latest job that accepts a draft: queued or running while the draft is being accepted."""

    id: uuid.UUID
    status: str
    progress: float
    stage: str | None
    error: str | None
    finished_at: datetime | None


class SubmissionRow(BaseModel):
    """A parked draft; `accept_job` is its latest accept job (none if never accepted)."""

    id: uuid.UUID
    novel_id: uuid.UUID
    chapter_number: int
    title: str | None
    status: str
    reason: str
    created_at: datetime
    decided_at: datetime | None
    accept_job: AcceptJob | None
    findings: list[ParkedFinding]


class SubmissionDetail(SubmissionRow):
    """A parked draft with its text."""

    text: str


def _findings(session: Session, novel_id: uuid.UUID, report_id: int | None) -> list[ParkedFinding]:
    if report_id is None:
        return []
    rows = session.execute(
        text("""SELECT check_name, severity, message, draft_start, draft_end, draft_quote,
                       evidence_chapter, evidence_quote FROM critique_findings
                 WHERE novel_id = :n AND report_id = :r ORDER BY severity, id"""),
        {"n": novel_id, "r": report_id},
    ).all()
    return [ParkedFinding.model_validate(r._asdict()) for r in rows]


# The latest accept job of each draft (ingest_jobs rows that carry its submission id).
_SUBMISSION_SQL = """
    SELECT d.id, d.novel_id, d.chapter_number, d.title, d.status, d.reason, d.created_at,
           d.decided_at, d.report_id,{text}
           j.id AS job_id, j.status AS job_status, j.progress AS job_progress,
           j.stage AS job_stage, j.error AS job_error, j.finished_at AS job_finished_at
      FROM draft_submissions d
      LEFT JOIN LATERAL (
           SELECT id, status, progress, stage, error, finished_at FROM ingest_jobs
            WHERE novel_id = d.novel_id AND submission_id = d.id
            ORDER BY seq DESC LIMIT 1) j ON true"""


def _row(session: Session, row: Any) -> dict[str, Any]:
    """A submission's fields, its latest accept job and its findings."""
    values = row._asdict()
    job = None
    if values["job_id"] is not None:
        job = AcceptJob(id=values["job_id"], status=values["job_status"],
                        progress=values["job_progress"], stage=values["job_stage"],
                        error=values["job_error"], finished_at=values["job_finished_at"])
    fields = {k: v for k, v in values.items() if k != "report_id" and not k.startswith("job_")}
    return fields | {"accept_job": job,
                     "findings": _findings(session, values["novel_id"], values["report_id"])}


def list_submissions(
    *, session: Session, novel_id: uuid.UUID, status: str | None = "pending_review"
) -> list[SubmissionRow]:
    """Parked drafts of a novel (pending ones by default), oldest first."""
    rows = session.execute(
        text(f"""{_SUBMISSION_SQL.format(text="")}
                 WHERE d.novel_id = :n AND (CAST(:status AS text) IS NULL OR d.status = :status)
                 ORDER BY d.created_at"""),
        {"n": novel_id, "status": status},
    ).all()
    return [SubmissionRow.model_validate(_row(session, r)) for r in rows]


def get_submission(*, session: Session, submission_id: uuid.UUID) -> SubmissionDetail | None:
    """One parked draft with its text and findings."""
    row = session.execute(text(f"{_SUBMISSION_SQL.format(text=' d.text,')} WHERE d.id = :id"),
                          {"id": submission_id}).one_or_none()
    return None if row is None else SubmissionDetail.model_validate(_row(session, row))
