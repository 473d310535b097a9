"""Relationships in force at the cap, with the pair's latest dynamics."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, entity_ref, relationship_in_force


class RelationshipRow(BaseModel):
    """A relationship in force at the cap (its ending, if any, lies beyond the cap)."""

    id: int
    type: str
    label: str
    symmetric: bool
    source: EntityRef
    target: EntityRef
    from_chapter: int
    evidence_quote: str | None
    tone: str | None
    tension: float | None


RELATIONSHIPS_SQL = f"""
SELECT r.id, r.type, replace(r.type, '_', ' ') AS label, r.is_symmetric AS symmetric,
       {entity_ref('r.novel_id', 'r.source_id')} AS source,
       {entity_ref('r.novel_id', 'r.target_id')} AS target,
       r.from_chapter, r.evidence_quote, d.tone, d.tension
  FROM relationships r
  LEFT JOIN LATERAL (SELECT sd.tone, sd.tension FROM shared_dynamics sd
                      WHERE sd.novel_id = r.novel_id AND {asserted_by('sd')}
                        AND sd.a_id = least(r.source_id, r.target_id)
                        AND sd.b_id = greatest(r.source_id, r.target_id)
                      ORDER BY sd.chapter DESC LIMIT 1) d ON true
 WHERE r.novel_id = :n AND {relationship_in_force('r')}
   AND (CAST(:entity AS uuid) IS NULL OR :entity IN (r.source_id, r.target_id))
 ORDER BY r.from_chapter, r.id"""


def list_relationships(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None = None
) -> list[RelationshipRow]:
    """Relationships in force at the cap (optionally those of one entity), oldest first."""
    rows = session.execute(
        text(RELATIONSHIPS_SQL), {"n": novel_id, "cap": cap, "entity": entity_id}
    ).all()
    # An endpoint that does not exist at the cap yields a NULL ref: such an edge is not shown.
    return [RelationshipRow.model_validate(r._asdict()) for r in rows
            if r.source is not None and r.target is not None]
