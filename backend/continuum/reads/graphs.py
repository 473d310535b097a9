"""Graphs at the cap: relationships between characters, and every tie between entities."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.relationships import list_relationships
from continuum.reads.visibility import (
    asserted_by,
    entity_exists,
    latest_version,
    projection_in_force,
)


class GraphNode(BaseModel):
    """An entity, named as of the cap."""

    id: uuid.UUID
    name: str
    type: str
    first_chapter: int


class GraphEdge(BaseModel):
    """A typed, labelled edge; `weight` counts co-presences or facts learned."""

    source: uuid.UUID
    target: uuid.UUID
    kind: str
    label: str
    symmetric: bool
    weight: float
    since: int | None


class Graph(BaseModel):
    """Nodes and edges as of the cap."""

    nodes: list[GraphNode]
    edges: list[GraphEdge]


def _nodes(session: Session, novel_id: uuid.UUID, cap: int) -> dict[uuid.UUID, GraphNode]:
    rows = session.execute(
        text(f"""SELECT e.id, v.name, v.type, e.first_chapter FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND {entity_exists('e')} ORDER BY v.name"""),
        {"n": novel_id, "cap": cap},
    ).all()
    return {r.id: GraphNode.model_validate(r._asdict()) for r in rows}


def _relationship_edges(session: Session, novel_id: uuid.UUID, cap: int) -> list[GraphEdge]:
    return [GraphEdge(source=r.source.id, target=r.target.id, kind="relationship",
                      label=r.label, symmetric=r.symmetric,
                      weight=1.0 if r.tension is None else 1.0 + r.tension, since=r.from_chapter)
            for r in list_relationships(session=session, novel_id=novel_id, cap=cap)]


def relationship_graph(*, session: Session, novel_id: uuid.UUID, cap: int) -> Graph:
    """Characters at the cap (and anyone they are tied to) with the relationships in force."""
    everyone = _nodes(session, novel_id, cap)
    edges = _relationship_edges(session, novel_id, cap)
    wanted = {i for i, n in everyone.items() if n.type == "character"}
    wanted |= {e.source for e in edges} | {e.target for e in edges}
    return Graph(nodes=[n for i, n in everyone.items() if i in wanted], edges=edges)


TIES_SQL = {
    "located_in": f"""SELECT l.entity_id AS source, l.location_id AS target, 1.0 AS weight,
                             l.valid_from AS since
                        FROM located_in_edges l
                       WHERE l.novel_id = :n AND {projection_in_force('l')}""",
    "possesses": f"""SELECT p.owner_id AS source, p.object_id AS target, 1.0 AS weight,
                            p.valid_from AS since
                       FROM possesses_edges p
                      WHERE p.novel_id = :n AND {projection_in_force('p')}""",
    "knows": f"""SELECT k.knower_id AS source, k.source_id AS target, count(*) AS weight,
                        min(k.chapter) AS since
                   FROM knows_edges k
                  WHERE k.novel_id = :n AND {asserted_by('k')} AND k.source_id IS NOT NULL
                    AND k.source_id <> k.knower_id
                  GROUP BY k.knower_id, k.source_id""",
    "co_present": f"""SELECT a.id AS source, b.id AS target, count(*) AS weight,
                             min(s.chapter) AS since
                        FROM scenes s
                        CROSS JOIN LATERAL unnest(s.present) AS a(id)
                        CROSS JOIN LATERAL unnest(s.present) AS b(id)
                       WHERE s.novel_id = :n AND {asserted_by('s')} AND a.id < b.id
                       GROUP BY a.id, b.id""",
}
TIE_LABELS = {"located_in": "is in", "possesses": "holds", "knows": "learned from",
              "co_present": "shares scenes with"}


def entity_graph(*, session: Session, novel_id: uuid.UUID, cap: int) -> Graph:
    """Every entity at the cap with relationships, places, holdings, knowledge and co-presence."""
    nodes = _nodes(session, novel_id, cap)
    edges = _relationship_edges(session, novel_id, cap)
    for kind, sql in TIES_SQL.items():
        for r in session.execute(text(sql), {"n": novel_id, "cap": cap}):
            edges.append(GraphEdge(source=r.source, target=r.target, kind=kind,
                                   label=TIE_LABELS[kind], symmetric=kind == "co_present",
                                   weight=float(r.weight), since=r.since))
    edges = [e for e in edges if e.source in nodes and e.target in nodes]
    return Graph(nodes=list(nodes.values()), edges=edges)
