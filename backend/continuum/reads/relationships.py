"""Relationships in force at the cap, with the pair's latest dynamics."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.paging import DEFAULT_LIMIT, Page, window
from continuum.reads.refs import EntityRef
from continuum.reads.rows import dicts
from continuum.reads.visibility import asserted_by, names_at_cap, relationship_in_force


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


class RelationshipPage(Page[RelationshipRow]):
    """A page of the relationships in force at the cap, oldest first."""


# An endpoint that does not exist at the cap has no row in `vis`: such an edge is not shown.
RELATIONSHIPS_SQL = f"""
WITH live AS (
  SELECT r.id, r.type, r.is_symmetric, r.source_id, r.target_id, r.from_chapter, r.evidence_quote
    FROM relationships r
   WHERE r.novel_id = :n AND {relationship_in_force('r')}
     AND (CAST(:entity AS uuid) IS NULL OR :entity IN (r.source_id, r.target_id))),
{names_at_cap('vis', 'SELECT source_id FROM live UNION SELECT target_id FROM live')},
shown AS (
  SELECT r.*, sv.name AS source_name, sv.type AS source_type, tv.name AS target_name,
         tv.type AS target_type, count(*) OVER () AS total
    FROM live r JOIN vis sv ON sv.id = r.source_id JOIN vis tv ON tv.id = r.target_id
   ORDER BY r.from_chapter, r.id {{window}})
SELECT r.id, r.type, replace(r.type, '_', ' ') AS label, r.is_symmetric AS symmetric,
       jsonb_build_object('id', r.source_id, 'name', r.source_name, 'type', r.source_type)
         AS source,
       jsonb_build_object('id', r.target_id, 'name', r.target_name, 'type', r.target_type)
         AS target,
       r.from_chapter, r.evidence_quote, r.total, d.tone, d.tension
  FROM shown r
  LEFT JOIN LATERAL (SELECT sd.tone, sd.tension FROM shared_dynamics sd
                      WHERE sd.novel_id = :n AND {asserted_by('sd')}
                        AND sd.a_id = least(r.source_id, r.target_id)
                        AND sd.b_id = greatest(r.source_id, r.target_id)
                      ORDER BY sd.chapter DESC LIMIT 1) d ON true
 ORDER BY r.from_chapter, r.id"""


def _relationships(
    session: Session, *, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None,
    limit: int | None, offset: int,
) -> tuple[list[RelationshipRow], int]:
    rows = dicts(session.execute(
        text(RELATIONSHIPS_SQL.replace("{window}", window(limit, offset))),
        {"n": novel_id, "cap": cap, "entity": entity_id},
    ))
    total = rows[0]["total"] if rows else 0
    if not rows and offset:  # a page past the end still reports the total
        total = _relationships(session, novel_id=novel_id, cap=cap, entity_id=entity_id,
                               limit=1, offset=0)[1]
    return [RelationshipRow.model_validate(r) for r in rows], total


def list_relationships(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None = None
) -> list[RelationshipRow]:
    """Relationships in force at the cap (optionally those of one entity), oldest first."""
    return _relationships(session, novel_id=novel_id, cap=cap, entity_id=entity_id,
                          limit=None, offset=0)[0]


def page_relationships(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None = None,
    limit: int = DEFAULT_LIMIT, offset: int = 0,
) -> RelationshipPage:
    """One page of `list_relationships` and how many relationships are in force in all."""
    items, total = _relationships(session, novel_id=novel_id, cap=cap, entity_id=entity_id,
                                  limit=limit, offset=offset)
    return RelationshipPage(items=items, total=total, limit=limit, offset=offset)
