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
    relationship_in_force,
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
    home: Placement | None  # where it lives (a `lives_at` in force), apart from where it is
    holdings: list[Placement]
    holder: Placement | None
    occupants: list[Placement]
    status: StatusAt | None
    knowledge: list[KnowledgeRow]
    relationships: list[RelationshipRow]
    canon: list[CanonFactRow]


def _placements(session: Session, sql: str, params: dict) -> dict[uuid.UUID, list[Placement]]:
    """Placements by entity (column `of`), in query order; refs not visible at the cap dropped."""
    found: dict[uuid.UUID, list[Placement]] = {}
    for r in session.execute(text(sql), params):
        if r.ref is not None:
            found.setdefault(r.of, []).append(
                Placement(entity=EntityRef.model_validate(r.ref), since=r.since))
    return found


def get_entity_state(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID
) -> EntityState | None:
    """Where it is, what it holds, its status, what it knows; None if it does not exist yet."""
    return entity_states(session=session, novel_id=novel_id, cap=cap,
                         entity_ids=[entity_id]).get(entity_id)


def entity_states(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_ids: list[uuid.UUID]
) -> dict[uuid.UUID, EntityState]:
    """`get_entity_state` for many entities in a fixed number of queries (set-based).

    Entities that do not exist at the cap are absent from the result.
    """
    if not entity_ids:
        return {}
    params = {"n": novel_id, "cap": cap, "ids": list(entity_ids)}
    heads = session.execute(
        text(f"""SELECT e.id, v.name, v.type, v.aliases, v.description, e.first_chapter
                   FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND e.id = ANY(:ids) AND {entity_exists('e')}"""),
        params,
    ).all()
    if not heads:
        return {}
    params["ids"] = [h.id for h in heads]
    location = _placements(session, f"""
        SELECT l.entity_id AS of, {entity_ref('l.novel_id', 'l.location_id')} AS ref,
               l.valid_from AS since
          FROM located_in_edges l
         WHERE l.novel_id = :n AND l.entity_id = ANY(:ids) AND {projection_in_force('l')}
         ORDER BY l.valid_from DESC, l.id DESC""", params)
    home = _placements(session, f"""
        SELECT r.source_id AS of, {entity_ref('r.novel_id', 'r.target_id')} AS ref,
               r.from_chapter AS since
          FROM relationships r
         WHERE r.novel_id = :n AND r.source_id = ANY(:ids) AND r.type = 'lives_at'
           AND {relationship_in_force('r')}
         ORDER BY r.from_chapter DESC, r.id DESC""", params)
    holdings = _placements(session, f"""
        SELECT p.owner_id AS of, {entity_ref('p.novel_id', 'p.object_id')} AS ref,
               p.valid_from AS since
          FROM possesses_edges p
         WHERE p.novel_id = :n AND p.owner_id = ANY(:ids) AND {projection_in_force('p')}
         ORDER BY p.valid_from, p.id""", params)
    holder = _placements(session, f"""
        SELECT p.object_id AS of, {entity_ref('p.novel_id', 'p.owner_id')} AS ref,
               p.valid_from AS since
          FROM possesses_edges p
         WHERE p.novel_id = :n AND p.object_id = ANY(:ids) AND {projection_in_force('p')}
         ORDER BY p.valid_from DESC, p.id DESC""", params)
    occupants = _placements(session, f"""
        SELECT l.location_id AS of, {entity_ref('l.novel_id', 'l.entity_id')} AS ref,
               l.valid_from AS since
          FROM located_in_edges l
         WHERE l.novel_id = :n AND l.location_id = ANY(:ids) AND {projection_in_force('l')}
         ORDER BY l.valid_from, l.id""", params)
    status = {r.entity_id: StatusAt(status=r.status, since=r.since, evidence_quote=r.evidence_quote)
              for r in session.execute(
        text(f"""SELECT DISTINCT ON (s.entity_id) s.entity_id, s.status, s.valid_from AS since,
                        d.evidence_quote
                   FROM character_states s
                   LEFT JOIN state_deltas d ON d.novel_id = s.novel_id AND d.id = s.source_delta_id
                  WHERE s.novel_id = :n AND s.entity_id = ANY(:ids) AND {projection_in_force('s')}
                  ORDER BY s.entity_id, s.valid_from DESC, s.id DESC"""),
        params)}
    knowledge: dict[uuid.UUID, list[KnowledgeRow]] = {}
    for k in session.execute(
        text(f"""SELECT k.knower_id, k.fact, k.chapter, k.certainty, k.how, k.evidence_quote,
                        {entity_ref('k.novel_id', 'k.source_id')} AS source
                   FROM knows_edges k
                  WHERE k.novel_id = :n AND k.knower_id = ANY(:ids) AND {asserted_by('k')}
                  ORDER BY k.chapter, k.id"""),
        params,
    ):
        knowledge.setdefault(k.knower_id, []).append(KnowledgeRow(
            fact=k.fact, chapter=k.chapter, certainty=k.certainty, how=k.how,
            evidence_quote=k.evidence_quote,
            source=EntityRef.model_validate(k.source) if k.source else None))
    one = heads[0].id if len(heads) == 1 else None
    ties: dict[uuid.UUID, list[RelationshipRow]] = {}
    for r in list_relationships(session=session, novel_id=novel_id, cap=cap, entity_id=one):
        for end in {r.source.id, r.target.id}:
            ties.setdefault(end, []).append(r)
    canon: dict[uuid.UUID, list[CanonFactRow]] = {}
    for f in list_canon(session=session, novel_id=novel_id, cap=cap, entity_id=one):
        if f.subject_entity is not None:
            canon.setdefault(f.subject_entity.id, []).append(f)
    states = {}
    for head in heads:
        here = location.get(head.id, [])
        held_by = holder.get(head.id, [])
        states[head.id] = EntityState(
            entity=EntityRef(id=head.id, name=head.name, type=head.type),
            aliases=list(head.aliases), description=head.description,
            first_chapter=head.first_chapter,
            location=here[0] if here else None,
            home=home[head.id][0] if home.get(head.id) else None, holdings=holdings.get(head.id, []),
            holder=held_by[0] if held_by else None, occupants=occupants.get(head.id, []),
            status=status.get(head.id), knowledge=knowledge.get(head.id, []),
            relationships=ties.get(head.id, []), canon=canon.get(head.id, []),
        )
    return states
