"""The state of one entity at the cap: place, holdings, status, knowledge, ties, canon."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.canon import CanonFactRow, list_canon
from continuum.reads.refs import EntityRef
from continuum.reads.relationships import RelationshipRow, list_relationships
from continuum.reads.visibility import (
    asserted_by,
    entity_exists,
    entity_ref,
    latest_version,
    projection_in_force,
)


class Placement(BaseModel):
    """Where an entity is (or who holds an object), and since which chapter."""

    entity: EntityRef
    since: int


class StatusAt(BaseModel):
    """A status (dead, injured, married, destroyed...) in force at the cap."""

    status: str
    since: int
    evidence_quote: str | None


class KnowledgeRow(BaseModel):
    """Something the entity learned by the cap."""

    fact: str
    chapter: int
    certainty: float
    how: str
    source: EntityRef | None
    evidence_quote: str | None


class EntityState(BaseModel):
    """The character (or place, or object) page's state as of the cap."""

    entity: EntityRef
    aliases: list[str]
    description: str | None
    first_chapter: int
    location: Placement | None
    holdings: list[Placement]
    holder: Placement | None
    occupants: list[Placement]
    status: StatusAt | None
    knowledge: list[KnowledgeRow]
    relationships: list[RelationshipRow]
    canon: list[CanonFactRow]


def _placements(session: Session, sql: str, params: dict) -> list[Placement]:
    rows = session.execute(text(sql), params).all()
    return [Placement(entity=EntityRef.model_validate(r.ref), since=r.since)
            for r in rows if r.ref is not None]


def get_entity_state(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID
) -> EntityState | None:
    """Where it is, what it holds, its status, what it knows; None if it does not exist yet."""
    params = {"n": novel_id, "cap": cap, "id": entity_id}
    head = session.execute(
        text(f"""SELECT e.id, v.name, v.type, v.aliases, v.description, e.first_chapter
                   FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND e.id = :id AND {entity_exists('e')}"""),
        params,
    ).one_or_none()
    if head is None:
        return None
    location = _placements(session, f"""
        SELECT {entity_ref('l.novel_id', 'l.location_id')} AS ref, l.valid_from AS since
          FROM located_in_edges l
         WHERE l.novel_id = :n AND l.entity_id = :id AND {projection_in_force('l')}
         ORDER BY l.valid_from DESC""", params)
    holdings = _placements(session, f"""
        SELECT {entity_ref('p.novel_id', 'p.object_id')} AS ref, p.valid_from AS since
          FROM possesses_edges p
         WHERE p.novel_id = :n AND p.owner_id = :id AND {projection_in_force('p')}
         ORDER BY p.valid_from""", params)
    holder = _placements(session, f"""
        SELECT {entity_ref('p.novel_id', 'p.owner_id')} AS ref, p.valid_from AS since
          FROM possesses_edges p
         WHERE p.novel_id = :n AND p.object_id = :id AND {projection_in_force('p')}
         ORDER BY p.valid_from DESC""", params)
    occupants = _placements(session, f"""
        SELECT {entity_ref('l.novel_id', 'l.entity_id')} AS ref, l.valid_from AS since
          FROM located_in_edges l
         WHERE l.novel_id = :n AND l.location_id = :id AND {projection_in_force('l')}
         ORDER BY l.valid_from""", params)
    status = session.execute(
        text(f"""SELECT s.status, s.valid_from AS since, d.evidence_quote
                   FROM character_states s
                   LEFT JOIN state_deltas d ON d.novel_id = s.novel_id AND d.id = s.source_delta_id
                  WHERE s.novel_id = :n AND s.entity_id = :id AND {projection_in_force('s')}
                  ORDER BY s.valid_from DESC LIMIT 1"""),
        params,
    ).one_or_none()
    knowledge = session.execute(
        text(f"""SELECT k.fact, k.chapter, k.certainty, k.how, k.evidence_quote,
                        {entity_ref('k.novel_id', 'k.source_id')} AS source
                   FROM knows_edges k
                  WHERE k.novel_id = :n AND k.knower_id = :id AND {asserted_by('k')}
                  ORDER BY k.chapter, k.id"""),
        params,
    ).all()
    return EntityState(
        entity=EntityRef(id=head.id, name=head.name, type=head.type),
        aliases=list(head.aliases), description=head.description,
        first_chapter=head.first_chapter,
        location=location[0] if location else None, holdings=holdings,
        holder=holder[0] if holder else None, occupants=occupants,
        status=StatusAt.model_validate(status._asdict()) if status else None,
        knowledge=[KnowledgeRow.model_validate(k._asdict()) for k in knowledge],
        relationships=list_relationships(session=session, novel_id=novel_id, cap=cap,
                                         entity_id=entity_id),
        canon=list_canon(session=session, novel_id=novel_id, cap=cap, entity_id=entity_id),
    )
