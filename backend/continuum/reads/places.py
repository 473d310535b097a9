"""Locations as a hierarchy and objects with their holder, as of the cap."""

from __future__ import annotations

import uuid

from pydantic import BaseModel, TypeAdapter
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import (
    asserted_by,
    entity_exists,
    entity_ref,
    latest_version,
    names_at_cap,
    projection_in_force,
    version_at,
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
    document = session.execute(
        text(f"""WITH {names_at_cap()},
                      places AS MATERIALIZED (SELECT * FROM vis WHERE vis.type = 'location'),
                      here AS (SELECT DISTINCT l.location_id, l.entity_id FROM located_in_edges l
                                WHERE l.novel_id = :n AND {projection_in_force('l')}
                                  AND l.location_id IN (SELECT id FROM places)),
                      parents AS (
                        SELECT DISTINCT ON (pv.entity_id) pv.entity_id, pv.parent_id
                          FROM entity_versions pv
                          JOIN places p ON p.id = pv.entity_id
                          JOIN entities pe ON pe.novel_id = pv.novel_id AND pe.id = pv.parent_id
                         WHERE pv.novel_id = :n AND pv.parent_id <> pv.entity_id
                           AND {asserted_by('pv')} AND {entity_exists('pe')}
                         ORDER BY pv.entity_id, pv.chapter DESC),
                      occupied AS (  -- one name lookup per occupant (no join back to `here`)
                        SELECT h.location_id,
                               jsonb_agg(jsonb_build_object('id', oe.id, 'name', ov.name,
                                                            'type', ov.type)
                                         ORDER BY ov.name) AS occupants
                          FROM here h
                          JOIN entities oe ON oe.novel_id = :n AND oe.id = h.entity_id
                                          AND {entity_exists('oe')}
                          CROSS JOIN {version_at('oe.novel_id', 'oe.id', 'ov')}
                         GROUP BY h.location_id)
                 SELECT coalesce(json_agg(json_build_object(
                          'id', p.id, 'name', p.name, 'aliases', p.aliases,
                          'first_chapter', p.first_chapter, 'parent_id', pa.parent_id,
                          'occupants', coalesce(o.occupants, '[]'::jsonb), 'children', '[]'::jsonb)
                          ORDER BY p.name, p.id), '[]')::text
                   FROM places p
                   LEFT JOIN parents pa ON pa.entity_id = p.id
                   LEFT JOIN occupied o ON o.location_id = p.id"""),
        {"n": novel_id, "cap": cap},
    ).scalar_one()
    # One JSON document for all locations, validated in one pass (pydantic parses the JSON),
    # then linked into a forest.
    nodes = {node.id: node for node in FOREST.validate_json(document)}
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


FOREST = TypeAdapter(list[LocationNode])


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
