"""Events up to the cap, in reading order or story order."""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, entity_ref, entity_refs

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


def list_events(
    *, session: Session, novel_id: uuid.UUID, cap: int, order: Order = "reading",
    entity_id: uuid.UUID | None = None, min_impact: float = 0.0,
) -> list[TimelineEvent]:
    """Events in chapters up to the cap (optionally involving one entity), in the given order."""
    rows = session.execute(
        text(f"""SELECT ev.id, ev.chapter, ev.ordinal, ev.story_order, ev.type, ev.summary, ev.verb,
                        ev.impact, ev.evidence_quote,
                        {entity_ref('ev.novel_id', 'ev.subject_id')} AS subject,
                        {entity_ref('ev.novel_id', 'ev.object_id')} AS object,
                        {entity_refs('ev.novel_id', 'ev.involved')} AS involved
                   FROM events ev
                  WHERE ev.novel_id = :n AND {asserted_by('ev')} AND ev.impact >= :min_impact
                    AND (CAST(:entity AS uuid) IS NULL OR :entity = ev.subject_id
                         OR :entity = ev.object_id OR :entity = ANY(ev.involved))
                  ORDER BY {ORDER_BY[order]}"""),
        {"n": novel_id, "cap": cap, "entity": entity_id, "min_impact": min_impact},
    ).all()
    return [TimelineEvent.model_validate(r._asdict()) for r in rows]
