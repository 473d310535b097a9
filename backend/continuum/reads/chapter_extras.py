"""Chapter detail extras: its scenes and the continuity critique recorded against it."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.paging import DEFAULT_LIMIT, Page, window
from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, entity_ref, entity_refs


class SceneRow(BaseModel):
    """A scene: where, whose point of view, who is present; names as of the cap."""

    id: int
    ordinal: int
    start: int
    end: int
    pov: EntityRef | None
    location: EntityRef | None
    time_anchor: str | None
    present: list[EntityRef]
    summary: str


class CritiqueFinding(BaseModel):
    """One critique finding: the draft's quote and the earlier evidence it contradicts."""

    id: int
    check_name: str
    severity: str
    message: str
    draft_start: int | None
    draft_end: int | None
    draft_quote: str | None
    evidence_chapter: int | None
    evidence_quote: str | None
    entities: list[EntityRef]


class CritiqueRow(BaseModel):
    """The critique of a chapter, as recorded when it was processed."""

    id: int
    chapter: int
    status: str
    verdict: str | None
    policy: str
    critic: str
    error: str | None
    created_at: datetime
    findings: list[CritiqueFinding]


def _chapter_visible(session: Session, novel_id: uuid.UUID, cap: int, number: int) -> bool:
    return session.execute(
        text(f"""SELECT 1 FROM chapters c WHERE c.novel_id = :n AND c.number = :number
                    AND {asserted_by('c', 'number')}"""),
        {"n": novel_id, "cap": cap, "number": number},
    ).first() is not None


def list_scenes(
    *, session: Session, novel_id: uuid.UUID, cap: int, number: int
) -> list[SceneRow] | None:
    """The scenes of chapter `number`; None when the chapter is missing or beyond the cap."""
    if not _chapter_visible(session, novel_id, cap, number):
        return None
    rows = session.execute(
        text(f"""SELECT s.id, s.ordinal, s.start_offset AS start, s.end_offset AS end,
                        s.time_anchor, s.summary,
                        {entity_ref('s.novel_id', 's.pov_id')} AS pov,
                        {entity_ref('s.novel_id', 's.location_id')} AS location,
                        {entity_refs('s.novel_id', 's.present')} AS present
                   FROM scenes s WHERE s.novel_id = :n AND s.chapter = :number
                  ORDER BY s.ordinal"""),
        {"n": novel_id, "cap": cap, "number": number},
    ).all()
    return [SceneRow.model_validate(r._asdict()) for r in rows]


def get_critique(
    *, session: Session, novel_id: uuid.UUID, cap: int, number: int
) -> CritiqueRow | None:
    """The chapter's critique report with its findings; None when there is none to show."""
    if not _chapter_visible(session, novel_id, cap, number):
        return None
    params = {"n": novel_id, "cap": cap, "number": number}
    # Reports of parked drafts (submission_id set) belong to the review queue, not the wiki.
    report = session.execute(
        text("""SELECT id, chapter, status, verdict, policy, critic, error, created_at
                  FROM critique_reports
                 WHERE novel_id = :n AND chapter = :number AND submission_id IS NULL
                 ORDER BY created_at DESC, id DESC LIMIT 1"""),
        params,
    ).one_or_none()
    if report is None:
        return None
    findings = session.execute(
        text(f"""SELECT f.id, f.check_name, f.severity, f.message, f.draft_start, f.draft_end,
                        f.draft_quote, f.evidence_chapter, f.evidence_quote,
                        {entity_refs('f.novel_id', 'f.entity_ids')} AS entities
                   FROM critique_findings f
                  WHERE f.novel_id = :n AND f.report_id = :report
                  ORDER BY f.severity, f.id"""),
        {**params, "report": report.id},
    ).all()
    return CritiqueRow(**report._asdict(),
                       findings=[CritiqueFinding.model_validate(f._asdict()) for f in findings])


class CritiquePage(Page[CritiqueRow]):
    """A page of the chapters' critiques at the cap, latest chapter first."""


def page_critiques(
    *, session: Session, novel_id: uuid.UUID, cap: int, limit: int | None = DEFAULT_LIMIT,
    offset: int = 0, problems: bool = False,
) -> CritiquePage:
    """The critique recorded for each chapter <= cap (the latest, when re-judged), newest first.

    `problems` keeps only critiques with findings or a failed critic. Parked drafts' reports
    belong to the review queue and never appear here.
    """
    params = {"n": novel_id, "cap": cap}
    latest = f"""WITH latest AS (
                   SELECT DISTINCT ON (r.chapter) r.id, r.chapter, r.status, r.verdict, r.policy,
                          r.critic, r.error, r.created_at
                     FROM critique_reports r
                    WHERE r.novel_id = :n AND r.submission_id IS NULL AND {asserted_by('r')}
                    ORDER BY r.chapter, r.created_at DESC, r.id DESC),
                 shown AS (
                   SELECT l.* FROM latest l
                    WHERE NOT :problems OR l.status = 'error'
                       OR EXISTS (SELECT 1 FROM critique_findings f
                                   WHERE f.novel_id = :n AND f.report_id = l.id))"""
    params["problems"] = problems
    total = session.execute(text(f"{latest} SELECT count(*) FROM shown"), params).scalar_one()
    reports = session.execute(
        text(f"{latest} SELECT * FROM shown ORDER BY chapter DESC{window(limit, offset)}"), params,
    ).all()
    findings: dict[int, list[CritiqueFinding]] = {r.id: [] for r in reports}
    if reports:
        for f in session.execute(
            text(f"""SELECT f.report_id, f.id, f.check_name, f.severity, f.message, f.draft_start,
                            f.draft_end, f.draft_quote, f.evidence_chapter, f.evidence_quote,
                            {entity_refs('f.novel_id', 'f.entity_ids')} AS entities
                       FROM critique_findings f
                      WHERE f.novel_id = :n AND f.report_id = ANY(:reports)
                      ORDER BY f.severity, f.id"""),
            {**params, "reports": list(findings)},
        ):
            findings[f.report_id].append(CritiqueFinding.model_validate(f._asdict()))
    return CritiquePage(items=[CritiqueRow(**r._asdict(), findings=findings[r.id]) for r in reports],
                        total=total, limit=total if limit is None else limit, offset=offset)

