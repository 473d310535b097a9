"""The review queue: parked drafts and their blocking findings (read nowhere else)."""

from __future__ import annotations

import uuid
from datetime import datetime

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


class SubmissionRow(BaseModel):
    """A parked draft."""

    id: uuid.UUID
    novel_id: uuid.UUID
    chapter_number: int
    title: str | None
    status: str
    reason: str
    created_at: datetime
    decided_at: datetime | None
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


def list_submissions(
    *, session: Session, novel_id: uuid.UUID, status: str | None = "pending_review"
) -> list[SubmissionRow]:
    """Parked drafts of a novel (pending ones by default), oldest first."""
    rows = session.execute(
        text("""SELECT id, novel_id, chapter_number, title, status, reason, created_at, decided_at,
                       report_id FROM draft_submissions
                 WHERE novel_id = :n AND (CAST(:status AS text) IS NULL OR status = :status)
                 ORDER BY created_at"""),
        {"n": novel_id, "status": status},
    ).all()
    return [SubmissionRow(**{k: v for k, v in r._asdict().items() if k != "report_id"},
                          findings=_findings(session, novel_id, r.report_id)) for r in rows]


def get_submission(*, session: Session, submission_id: uuid.UUID) -> SubmissionDetail | None:
    """One parked draft with its text and findings."""
    row = session.execute(
        text("""SELECT id, novel_id, chapter_number, title, status, reason, created_at, decided_at,
                       report_id, text FROM draft_submissions WHERE id = :id"""),
        {"id": submission_id},
    ).one_or_none()
    if row is None:
        return None
    return SubmissionDetail(**{k: v for k, v in row._asdict().items() if k != "report_id"},
                            findings=_findings(session, row.novel_id, row.report_id))
