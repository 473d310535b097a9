"""Events up to the cap, in reading order or story order."""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.paging import DEFAULT_LIMIT, Page, window
from continuum.reads.refs import EntityRef
from continuum.reads.rows import dicts
from continuum.reads.visibility import asserted_by, names_at_cap, ref_json

Order = Literal["reading", "story"]

ORDER_BY = {
    "reading": "ev.chapter, ev.ordinal, ev.id",
    # Story time is only known within a chapter (flashbacks first); chapters keep their order.
    "story": "ev.chapter, coalesce(ev.story_order, ev.ordinal), ev.ordinal, ev.id",
}


class TimelineEvent(BaseModel):
    """Something that happened, with who did it to whom, names as of the cap."""

    id: int
    chapter: int
    ordinal: int
    story_order: int | None
    type: str
    summary: str
    verb: str
    subject: EntityRef | None
    object: EntityRef | None
    involved: list[EntityRef]
    impact: float
    evidence_quote: str | None


class EventPage(Page[TimelineEvent]):
    """A page of the timeline at the cap, in the order asked for."""


EVENTS_SQL = """
WITH hits AS (
  SELECT ev.id, ev.chapter, ev.ordinal, ev.story_order, ev.type, ev.summary, ev.verb, ev.impact,
         ev.evidence_quote, ev.subject_id, ev.object_id, ev.involved,
         count(*) OVER () AS total
    FROM events ev
   WHERE ev.novel_id = :n AND {asserted} AND ev.impact >= :min_impact
     AND (CAST(:entity AS uuid) IS NULL OR :entity = ev.subject_id
          OR :entity = ev.object_id OR :entity = ANY(ev.involved))
   ORDER BY {order}{window}),
named AS (SELECT subject_id FROM hits UNION SELECT object_id FROM hits
          UNION SELECT unnest(involved) FROM hits),
{names},
inv AS (SELECT h.id, jsonb_agg({inv_ref} ORDER BY iv.name) AS involved
          FROM hits h CROSS JOIN LATERAL unnest(h.involved) AS i(id)
          JOIN vis iv ON iv.id = i.id
         GROUP BY h.id)
SELECT ev.id, ev.chapter, ev.ordinal, ev.story_order, ev.type, ev.summary, ev.verb, ev.impact,
       ev.evidence_quote, ev.total, {subject_ref} AS subject, {object_ref} AS object,
       coalesce(inv.involved, '[]'::jsonb) AS involved
  FROM hits ev
  LEFT JOIN vis sv ON sv.id = ev.subject_id
  LEFT JOIN vis ov ON ov.id = ev.object_id
  LEFT JOIN inv ON inv.id = ev.id
 ORDER BY {order}"""


def _events(
    session: Session, *, novel_id: uuid.UUID, cap: int, order: Order, entity_id: uuid.UUID | None,
    min_impact: float, limit: int | None, offset: int,
) -> tuple[list[TimelineEvent], int]:
    sql = EVENTS_SQL.format(
        asserted=asserted_by("ev"), order=ORDER_BY[order], window=window(limit, offset),
        names=names_at_cap("vis", "SELECT subject_id FROM named"), inv_ref=ref_json("iv"),
        subject_ref=ref_json("sv"), object_ref=ref_json("ov"))
    rows = dicts(session.execute(
        text(sql), {"n": novel_id, "cap": cap, "entity": entity_id, "min_impact": min_impact},
    ))
    total = rows[0]["total"] if rows else 0
    if not rows and offset:  # a page past the end still reports the total
        total = session.execute(text(f"""SELECT count(*) FROM events ev
                  WHERE ev.novel_id = :n AND {asserted_by('ev')} AND ev.impact >= :min_impact
                    AND (CAST(:entity AS uuid) IS NULL OR :entity = ev.subject_id
                         OR :entity = ev.object_id OR :entity = ANY(ev.involved))"""),
                                {"n": novel_id, "cap": cap, "entity": entity_id,
                                 "min_impact": min_impact}).scalar_one()
    return [TimelineEvent.model_validate(r) for r in rows], total


def list_events(
    *, session: Session, novel_id: uuid.UUID, cap: int, order: Order = "reading",
    entity_id: uuid.UUID | None = None, min_impact: float = 0.0,
) -> list[TimelineEvent]:
    """Events in chapters up to the cap (optionally involving one entity), in the given order."""
    return _events(session, novel_id=novel_id, cap=cap, order=order, entity_id=entity_id,
                   min_impact=min_impact, limit=None, offset=0)[0]


def page_events(
    *, session: Session, novel_id: uuid.UUID, cap: int, order: Order = "reading",
    entity_id: uuid.UUID | None = None, min_impact: float = 0.0, limit: int = DEFAULT_LIMIT,
    offset: int = 0,
) -> EventPage:
    """One page of `list_events` and how many events there are in all."""
    items, total = _events(session, novel_id=novel_id, cap=cap, order=order, entity_id=entity_id,
                           min_impact=min_impact, limit=limit, offset=offset)
    return EventPage(items=items, total=total, limit=limit, offset=offset)
