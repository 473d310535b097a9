"""Locations as a hierarchy and objects with their holder, as of the cap."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import (
    asserted_by,
    entity_exists,
    entity_ref,
    entity_refs,
    id_exists,
    latest_version,
    projection_in_force,
)


class LocationNode(BaseModel):
    """A location with who is there at the cap and the places inside it."""

    id: uuid.UUID
    name: str
    aliases: list[str]
    first_chapter: int
    parent_id: uuid.UUID | None
    occupants: list[EntityRef]
    children: list[LocationNode]


class ObjectOwnerRow(BaseModel):
    """An object with its holder at the cap (none when lost, given away or never held)."""

    id: uuid.UUID
    name: str
    aliases: list[str]
    first_chapter: int
    owner: EntityRef | None
    since: int | None
    status: str | None


def location_tree(*, session: Session, novel_id: uuid.UUID, cap: int) -> list[LocationNode]:
    """Locations at the cap as a forest: parent = the latest parent asserted by the cap."""
    rows = session.execute(
        text(f"""SELECT e.id, v.name, v.aliases, e.first_chapter,
                        (SELECT pv.parent_id FROM entity_versions pv
                          WHERE pv.novel_id = e.novel_id AND pv.entity_id = e.id
                            AND pv.parent_id IS NOT NULL AND pv.parent_id <> e.id
                            AND {asserted_by('pv')} AND {id_exists('pv.novel_id', 'pv.parent_id')}
                          ORDER BY pv.chapter DESC LIMIT 1) AS parent_id,
                        {entity_refs('e.novel_id', f'''ARRAY(
                            SELECT l.entity_id FROM located_in_edges l
                             WHERE l.novel_id = e.novel_id AND l.location_id = e.id
                               AND {projection_in_force('l')})''')} AS occupants
                   FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND {entity_exists('e')} AND v.type = 'location'
                  ORDER BY v.name"""),
        {"n": novel_id, "cap": cap},
    ).all()
    nodes = {r.id: LocationNode(**r._asdict(), children=[]) for r in rows}
    attached: dict[uuid.UUID, uuid.UUID] = {}
    roots = []
    for node in nodes.values():
        parent = nodes.get(node.parent_id) if node.parent_id else None
        if parent is None or _reaches(attached, parent.id, node.id):
            node.parent_id = None  # unknown at the cap, or a cycle from a bad extraction
            roots.append(node)
        else:
            attached[node.id] = parent.id
            parent.children.append(node)
    return roots


def _reaches(parents: dict[uuid.UUID, uuid.UUID], start: uuid.UUID, target: uuid.UUID) -> bool:
    """True when following attached parents from `start` arrives at `target`."""
    current: uuid.UUID | None = start
    while current is not None:
        if current == target:
            return True
        current = parents.get(current)
    return False


def object_owners(*, session: Session, novel_id: uuid.UUID, cap: int) -> list[ObjectOwnerRow]:
    """Objects that exist at the cap with their holder and status at the cap."""
    rows = session.execute(
        text(f"""SELECT e.id, v.name, v.aliases, e.first_chapter, p.owner, p.since, s.status
                   FROM entities e CROSS JOIN {latest_version('e')}
                   LEFT JOIN LATERAL (
                        SELECT {entity_ref('pe.novel_id', 'pe.owner_id')} AS owner,
                               pe.valid_from AS since
                          FROM possesses_edges pe
                         WHERE pe.novel_id = :n AND pe.object_id = e.id
                           AND {projection_in_force('pe')}
                         ORDER BY pe.valid_from DESC LIMIT 1) p ON true
                   LEFT JOIN LATERAL (
                        SELECT cs.status FROM character_states cs
                         WHERE cs.novel_id = :n AND cs.entity_id = e.id
                           AND {projection_in_force('cs')}
                         ORDER BY cs.valid_from DESC LIMIT 1) s ON true
                  WHERE e.novel_id = :n AND {entity_exists('e')} AND v.type = 'object'
                  ORDER BY v.name"""),
        {"n": novel_id, "cap": cap},
    ).all()
    return [ObjectOwnerRow(**{**r._asdict(), "since": r.since if r.owner else None})
            for r in rows]
