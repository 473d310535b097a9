"""RECORD: persist a critique report and its findings against a chapter."""

from __future__ import annotations

import hashlib
import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.pipeline.critic.outcome import CritiqueOutcome


def record_report(
    session: Session, *, novel_id: uuid.UUID, chapter: int, draft: str, policy: str,
    outcome: CritiqueOutcome, submission_id: uuid.UUID | None = None,
) -> int:
    """Replace the chapter's previous report with this one; returns the report id."""
    session.execute(
        text("DELETE FROM critique_reports WHERE novel_id = :n AND chapter = :c AND submission_id IS NULL"),
        {"n": novel_id, "c": chapter},
    )
    report_id: int = session.execute(
        text("""INSERT INTO critique_reports (novel_id, chapter, status, verdict, policy, critic,
                       text_hash, error, submission_id)
                VALUES (:n, :c, :status, :verdict, :policy, :critic, :hash, :error, :submission)
                RETURNING id"""),
        {"n": novel_id, "c": chapter, "status": outcome.status, "verdict": outcome.verdict,
         "policy": policy, "critic": outcome.critic, "error": outcome.error,
         "hash": hashlib.sha256(draft.encode()).hexdigest(), "submission": submission_id},
    ).scalar_one()
    if outcome.findings:
        session.execute(
            text("""INSERT INTO critique_findings (novel_id, report_id, check_name, severity, message,
                           draft_start, draft_end, draft_quote, evidence_chapter, evidence_quote)
                    VALUES (:n, :r, :check, :severity, :message, :ds, :de, :dq, :ec, :eq)"""),
            [{"n": novel_id, "r": report_id, "check": f.check, "severity": f.severity,
              "message": f.message, "ds": f.draft_start, "de": f.draft_end, "dq": f.draft_quote,
              "ec": f.evidence_chapter, "eq": f.evidence_quote} for f in outcome.findings],
        )
    return report_id
