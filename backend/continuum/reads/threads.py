"""Plot threads and commitments (setup → payoff) with their status as of the cap."""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, commitment_paid, entity_refs, thread_status

OVERDUE_AFTER = 10
"""A setup still unpaid more than this many chapters after it was planted is overdue."""

PAID = commitment_paid("c")
# Payoff columns are blanked until the payoff chapter is visible: they would be spoilers.

ThreadStatus = Literal["open", "progressing", "closed"]


class ThreadEventRow(BaseModel):
    """One step of a thread."""

    chapter: int
    action: str
    summary: str
    evidence_quote: str | None


class ThreadRow(BaseModel):
    """A plot thread with its status as of the cap (a thread closed later is still open)."""

    id: int
    name: str
    status: ThreadStatus
    opened_chapter: int
    last_chapter: int
    closed_chapter: int | None
    entities: list[EntityRef]
    events: list[ThreadEventRow]


class CommitmentRow(BaseModel):
    """A setup and, once its payoff chapter is visible, the payoff."""

    id: int
    key: str
    detail: str
    trigger: str | None
    weight: float
    setup_chapter: int
    status: Literal["open", "paid"]
    overdue: bool
    chapters_open: int | None
    payoff_chapter: int | None
    payoff_detail: str | None
    payoff_quote: str | None
    evidence_quote: str | None


def list_threads(
    *, session: Session, novel_id: uuid.UUID, cap: int, status: ThreadStatus | None = None
) -> list[ThreadRow]:
    """Threads opened by the cap with their status at the cap, most recently active first."""
    params = {"n": novel_id, "cap": cap, "status": status}
    rows = session.execute(
        text(f"""SELECT * FROM (
                   SELECT t.id, t.name, t.opened_chapter, {thread_status('t')} AS status,
                          (SELECT max(te.chapter) FROM thread_events te
                            WHERE te.novel_id = t.novel_id AND te.thread_id = t.id
                              AND {asserted_by('te')}) AS last_chapter,
                          {entity_refs('t.novel_id', f'''ARRAY(
                              SELECT DISTINCT unnest(te.entity_ids) FROM thread_events te
                               WHERE te.novel_id = t.novel_id AND te.thread_id = t.id
                                 AND {asserted_by('te')})''')} AS entities
                     FROM plot_threads t
                    WHERE t.novel_id = :n AND {asserted_by('t', 'opened_chapter')}) th
                  WHERE th.status IS NOT NULL
                    AND (CAST(:status AS text) IS NULL OR th.status = :status)
                  ORDER BY th.status = 'closed', th.last_chapter DESC, th.id"""),
        params,
    ).all()
    events: dict[int, list[ThreadEventRow]] = {}
    for e in session.execute(
        text(f"""SELECT te.thread_id, te.chapter, te.action, te.summary, te.evidence_quote
                   FROM thread_events te
                  WHERE te.novel_id = :n AND {asserted_by('te')}
                  ORDER BY te.chapter, te.id"""),
        params,
    ):
        events.setdefault(e.thread_id, []).append(ThreadEventRow(
            chapter=e.chapter, action=e.action, summary=e.summary, evidence_quote=e.evidence_quote))
    result = []
    for r in rows:
        steps = events.get(r.id, [])
        closed = steps[-1].chapter if r.status == "closed" and steps else None
        result.append(ThreadRow(**r._asdict(), closed_chapter=closed, events=steps))
    return result


def list_commitments(
    *, session: Session, novel_id: uuid.UUID, cap: int,
    status: Literal["open", "paid"] | None = None,
) -> list[CommitmentRow]:
    """Setups planted by the cap: paid only once the payoff chapter is visible, else open."""
    rows = session.execute(
        text(f"""SELECT * FROM (
                   SELECT c.id, c.key, c.detail, c.trigger, c.weight, c.setup_chapter,
                          c.evidence_quote,
                          CASE WHEN {PAID} THEN 'paid' ELSE 'open' END AS status,
                          CASE WHEN {PAID} THEN c.payoff_chapter END AS payoff_chapter,
                          CASE WHEN {PAID} THEN c.payoff_detail END AS payoff_detail,
                          CASE WHEN {PAID} THEN c.payoff_quote END AS payoff_quote,
                          CASE WHEN NOT {PAID} THEN :cap - c.setup_chapter
                          END AS chapters_open
                     FROM commitments c
                    WHERE c.novel_id = :n AND {asserted_by('c', 'setup_chapter')}) s
                  WHERE CAST(:status AS text) IS NULL OR s.status = :status
                  ORDER BY s.status, s.setup_chapter, s.id"""),
        {"n": novel_id, "cap": cap, "status": status},
    ).all()
    return [CommitmentRow(**r._asdict(),
                          overdue=r.chapters_open is not None and r.chapters_open > OVERDUE_AFTER)
            for r in rows]
