"""The novel home: counts at the cap and a "previously on" recap of the last chapters."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.timeline import TimelineEvent
from continuum.reads.visibility import (
    asserted_by,
    commitment_paid,
    entity_exists,
    entity_ref,
    entity_refs,
    latest_version,
    thread_status,
)

RECAP_CHAPTERS = 3
TOP_EVENTS = 8


class HomeCounts(BaseModel):
    """How much of the story exists at the cap."""

    chapters: int
    characters: int
    locations: int
    factions: int
    objects: int
    open_threads: int
    open_setups: int


class RecapChapter(BaseModel):
    """One of the last chapters before the cap, in a sentence or two."""

    number: int
    title: str | None
    summary: str | None


class NovelHome(BaseModel):
    """The home page as of the cap."""

    title: str
    author: str | None
    cap: int
    counts: HomeCounts
    previously: list[RecapChapter]
    top_events: list[TimelineEvent]


def novel_home(*, session: Session, novel_id: uuid.UUID, cap: int) -> NovelHome | None:
    """Counts, the short summaries of the last chapters up to the cap and their top events."""
    params = {"n": novel_id, "cap": cap, "recap": RECAP_CHAPTERS, "top": TOP_EVENTS}
    head = session.execute(
        text(f"""SELECT n.title, n.author,
                   (SELECT count(*) FROM chapters c
                     WHERE c.novel_id = n.id AND {asserted_by('c', 'number')}) AS chapters,
                   (SELECT count(*) FROM plot_threads t WHERE t.novel_id = n.id
                       AND {asserted_by('t', 'opened_chapter')}
                       AND {thread_status('t')} IN ('open', 'progressing')) AS open_threads,
                   (SELECT count(*) FROM commitments cm WHERE cm.novel_id = n.id
                       AND {asserted_by('cm', 'setup_chapter')}
                       AND NOT {commitment_paid('cm')}) AS open_setups
                   FROM novels n WHERE n.id = :n"""),
        params,
    ).one_or_none()
    if head is None:
        return None
    by_type = dict(session.execute(
        text(f"""SELECT v.type, count(*) FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND {entity_exists('e')} GROUP BY v.type"""),
        params,
    ).tuples().all())
    recap = session.execute(
        text(f"""SELECT number, title, summary_short AS summary FROM chapters c
                  WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
                  ORDER BY number DESC LIMIT :recap"""),
        params,
    ).all()
    since = min((r.number for r in recap), default=cap + 1)
    events = session.execute(
        text(f"""SELECT * FROM (
                   SELECT ev.id, ev.chapter, ev.ordinal, ev.story_order, ev.type, ev.summary,
                          ev.verb, ev.impact, ev.evidence_quote,
                          {entity_ref('ev.novel_id', 'ev.subject_id')} AS subject,
                          {entity_ref('ev.novel_id', 'ev.object_id')} AS object,
                          {entity_refs('ev.novel_id', 'ev.involved')} AS involved
                     FROM events ev
                    WHERE ev.novel_id = :n AND {asserted_by('ev')} AND ev.chapter >= :since
                    ORDER BY ev.impact DESC, ev.chapter DESC, ev.ordinal LIMIT :top) top
                  ORDER BY top.chapter, top.ordinal"""),
        {**params, "since": since},
    ).all()
    counts = HomeCounts(
        chapters=head.chapters, open_threads=head.open_threads, open_setups=head.open_setups,
        characters=by_type.get("character", 0), locations=by_type.get("location", 0),
        factions=by_type.get("faction", 0), objects=by_type.get("object", 0),
    )
    return NovelHome(
        title=head.title, author=head.author, cap=cap, counts=counts,
        previously=[RecapChapter.model_validate(r._asdict()) for r in reversed(recap)],
        top_events=[TimelineEvent.model_validate(e._asdict()) for e in events],
    )
