"""The review queue: park a blocked draft, supersede, accept (queue a spine job), reject."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from continuum.errors import Conflict, NotFound
from continuum.pipeline.critic.outcome import CritiqueOutcome
from continuum.pipeline.critic.record import record_report


@dataclass(frozen=True)
class AcceptedDraft:
    """A parked draft a human accepted: its findings become overrides with the chapter."""

    submission_id: uuid.UUID
    report_id: int | None
    edited: bool


def supersede_pending(session: Session, *, novel_id: uuid.UUID, chapter: int,
                      by: uuid.UUID | None) -> None:
    """Mark the chapter's pending draft (if any) as superseded."""
    session.execute(
        text("""UPDATE draft_submissions SET status = 'superseded', superseded_by = :by,
                       decided_at = now()
                 WHERE novel_id = :n AND chapter_number = :c AND status = 'pending_review'"""),
        {"n": novel_id, "c": chapter, "by": by},
    )


def park_draft(
    session: Session, *, novel_id: uuid.UUID, chapter: int, title: str | None, text_: str,
    outcome: CritiqueOutcome,
) -> uuid.UUID:
    """Park a draft that failed (or whose critic failed) for a human; returns its id."""
    submission_id = uuid.uuid4()
    supersede_pending(session, novel_id=novel_id, chapter=chapter, by=submission_id)
    reason = "error" if outcome.status == "error" else "fail"
    session.execute(
        text("""INSERT INTO draft_submissions (novel_id, id, chapter_number, title, text, reason)
                VALUES (:n, :id, :c, :title, :text, :reason)"""),
        {"n": novel_id, "id": submission_id, "c": chapter, "title": title, "text": text_,
         "reason": reason},
    )
    report_id = record_report(session, novel_id=novel_id, chapter=chapter, draft=text_,
                              policy="block", outcome=outcome, submission_id=submission_id)
    session.execute(
        text("UPDATE draft_submissions SET report_id = :r WHERE novel_id = :n AND id = :id"),
        {"r": report_id, "n": novel_id, "id": submission_id},
    )
    return submission_id


def claim_pending(session: Session, *, submission_id: uuid.UUID):  # type: ignore[no-untyped-def]
    """Lock a pending submission for a decision; a decided one is a conflict."""
    row = session.execute(
        text("""SELECT novel_id, id, chapter_number, title, text, reason, report_id, status
                  FROM draft_submissions WHERE id = :id FOR UPDATE"""),
        {"id": submission_id},
    ).one_or_none()
    if row is None:
        raise NotFound(f"draft submission {submission_id} does not exist")
    if row.status != "pending_review":
        raise Conflict(f"draft submission {submission_id} is already {row.status}")
    return row


def decide(session: Session, *, novel_id: uuid.UUID, submission_id: uuid.UUID, status: str) -> None:
    """Record the human's decision on a parked draft."""
    session.execute(
        text("""UPDATE draft_submissions SET status = :status, decided_at = now()
                 WHERE novel_id = :n AND id = :id"""),
        {"status": status, "n": novel_id, "id": submission_id},
    )


def write_overrides(session: Session, *, novel_id: uuid.UUID, chapter: int, report_id: int | None,
                    edited: bool) -> int:
    """Copy the blocking findings into continuity_flags as accepted overrides."""
    if report_id is None:
        return 0
    label = ("accepted after edit; original draft FAILed" if edited
             else "accepted despite continuity FAIL")
    result = session.execute(
        text("""INSERT INTO continuity_flags (novel_id, chapter, kind, severity, description,
                       entity_ids, origin, evidence_start, evidence_end, evidence_quote,
                       evidence_rule, confidence)
                SELECT f.novel_id, :c, 'accepted_override', f.severity,
                       :label || ': ' || f.message, f.entity_ids, 'review',
                       f.draft_start, f.draft_end, f.draft_quote, 'critic.' || f.check_name, 1.0
                  FROM critique_findings f
                 WHERE f.novel_id = :n AND f.report_id = :r AND f.severity = 'FAIL'"""),
        {"n": novel_id, "c": chapter, "r": report_id, "label": label},
    )
    written = int(getattr(result, "rowcount", 0) or 0)
    if written == 0:
        session.execute(
            text("""INSERT INTO continuity_flags (novel_id, chapter, kind, severity, description,
                           origin) VALUES (:n, :c, 'accepted_override', 'WARN', :d, 'review')"""),
            {"n": novel_id, "c": chapter,
             "d": f"{label}: the critic could not judge the original draft"},
        )
        return 1
    return written


def queue_accept(
    *, submission_id: uuid.UUID, edited_text: str | None, max_bytes: int,
    engine: Engine | None = None,
) -> uuid.UUID:
    """Check that a parked draft can be accepted now and queue the job that writes it; returns its id.

    Validation happens here, up front, in one committed transaction (like `queue_chapter`):
    an unknown draft is a 404; a decided one, one already being accepted, or a chapter number
    that is taken or would leave a gap is a 409. The worker then runs the spine with policy
    warn and writes the chapter and the override flags together, or nothing.
    """
    from continuum.db.engine import write_session
    from continuum.jobs.queue import active_accept_job, enqueue_chapter
    from continuum.pipeline.submit import check_text, lock_submissions
    from continuum.reads.jobs import next_free_number, pending_numbers

    with write_session(engine) as session:
        row = claim_pending(session, submission_id=submission_id)
        running = active_accept_job(session.connection(), novel_id=row.novel_id,
                                    submission_id=row.id)
        if running is not None:
            raise Conflict(f"draft submission {row.id} is already being accepted (job {running}); "
                           "wait for that job to finish")
        chapter_text = edited_text if edited_text and edited_text.strip() else row.text
        check_text(chapter_text, max_bytes=max_bytes)
        number = row.chapter_number
        lock_submissions(session, row.novel_id)
        if number in pending_numbers(session=session, novel_id=row.novel_id):
            raise Conflict(f"chapter {number} already exists or is queued, so this draft can no "
                           "longer become it; reject the draft")
        expected = next_free_number(session=session, novel_id=row.novel_id)
        if number != expected:
            raise Conflict(f"chapter {number} would leave a gap: the next chapter is {expected}; "
                           "process the chapters before it first")
        return enqueue_chapter(
            session.connection(), novel_id=row.novel_id, number=number, title=row.title,
            text_=chapter_text, source="agent", policy="warn", submission_id=row.id,
            edited=chapter_text != row.text)


def accepted_draft(
    *, submission_id: uuid.UUID, edited: bool, engine: Engine
) -> AcceptedDraft:
    """The still-pending draft an accept job writes; a decided one is a Conflict (nothing written).

    The worker asks before the spine spends minutes extracting; the spine asks again under
    the novel's lock, in the transaction that writes the chapter.
    """
    with Session(engine) as session:
        row = claim_pending(session, submission_id=submission_id)
    return AcceptedDraft(submission_id=row.id, report_id=row.report_id, edited=edited)


def reject_submission(*, submission_id: uuid.UUID, engine: Engine | None = None) -> None:
    """Mark a parked draft rejected; an accept job that has not written it yet ends failed.

    Rejecting wins over an accept still in the queue or in progress: a queued job is failed
    here, a running one fails when the spine re-checks the draft before writing.
    """
    from continuum.db.engine import write_session
    from continuum.jobs.queue import cancel_queued_accepts

    with write_session(engine) as session:
        row = claim_pending(session, submission_id=submission_id)
        decide(session, novel_id=row.novel_id, submission_id=row.id, status="rejected")
        cancel_queued_accepts(
            session.connection(), novel_id=row.novel_id, submission_id=row.id,
            error=f"cancelled: draft submission {row.id} was rejected before it was written; "
                  "nothing was written")
