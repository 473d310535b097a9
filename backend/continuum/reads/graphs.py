"""Graphs at the cap: relationships between characters, and every tie between entities."""

from __future__ import annotations

import uuid

from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.visibility import (
    asserted_by,
    names_at_cap,
    projection_in_force,
    relationship_in_force,
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
    """Nodes and edges as of the cap: the `limit` best-connected nodes and the edges among them."""

    nodes: list[GraphNode]
    edges: list[GraphEdge]
    total_nodes: int = Field(0, description="Nodes in the whole graph at the cap.")
    total_edges: int = Field(0, description="Edges in the whole graph at the cap.")
    limit: int | None = Field(None, description="At most this many nodes were kept (by degree).")


# Relationships in force with the pair's latest tension.
RELATIONSHIP_EDGES_SQL = f"""
SELECT r.source_id AS source, r.target_id AS target, 'relationship' AS kind,
       replace(r.type, '_', ' ') AS label, r.is_symmetric AS symmetric,
       1.0 + coalesce(d.tension, 0) AS weight, r.from_chapter AS since,
       0 AS part, r.from_chapter AS o1, r.id AS o2
  FROM relationships r
  LEFT JOIN (SELECT DISTINCT ON (sd.a_id, sd.b_id) sd.a_id, sd.b_id, sd.tension
               FROM shared_dynamics sd
              WHERE sd.novel_id = :n AND {asserted_by('sd')}
              ORDER BY sd.a_id, sd.b_id, sd.chapter DESC) d
         ON d.a_id = least(r.source_id, r.target_id) AND d.b_id = greatest(r.source_id, r.target_id)
 WHERE r.novel_id = :n AND {relationship_in_force('r')}"""

TIE_LABELS = {"located_in": "is in", "possesses": "holds", "knows": "learned from",
              "co_present": "shares scenes with"}

# Each tie kind, in the order the edges are listed; `o1`, `o2` order the edges within a kind.
TIES_SQL = {
    "located_in": f"""SELECT l.entity_id AS source, l.location_id AS target,
                             'located_in' AS kind, 'is in' AS label, false AS symmetric,
                             1.0 AS weight, l.valid_from AS since, 1 AS part,
                             l.valid_from AS o1, l.id AS o2
                        FROM located_in_edges l
                       WHERE l.novel_id = :n AND {projection_in_force('l')}""",
    "possesses": f"""SELECT p.owner_id AS source, p.object_id AS target,
                            'possesses' AS kind, 'holds' AS label, false AS symmetric,
                            1.0 AS weight, p.valid_from AS since, 2 AS part,
                            p.valid_from AS o1, p.id AS o2
                       FROM possesses_edges p
                      WHERE p.novel_id = :n AND {projection_in_force('p')}""",
    "knows": f"""SELECT k.knower_id AS source, k.source_id AS target,
                        'knows' AS kind, 'learned from' AS label, false AS symmetric,
                        count(*) AS weight, min(k.chapter) AS since, 3 AS part,
                        min(k.chapter) AS o1, min(k.id) AS o2
                   FROM knows_edges k
                  WHERE k.novel_id = :n AND {asserted_by('k')} AND k.source_id IS NOT NULL
                    AND k.source_id <> k.knower_id
                  GROUP BY k.knower_id, k.source_id""",
    "co_present": f"""SELECT a.id AS source, b.id AS target,
                             'co_present' AS kind, 'shares scenes with' AS label, true AS symmetric,
                             count(*) AS weight, min(s.chapter) AS since, 4 AS part,
                             min(s.chapter) AS o1, min(s.id) AS o2
                        FROM scenes s
                        CROSS JOIN LATERAL unnest(s.present) AS a(id)
                        CROSS JOIN LATERAL unnest(s.present) AS b(id)
                       WHERE s.novel_id = :n AND {asserted_by('s')} AND a.id < b.id
                       GROUP BY a.id, b.id""",
}


def _graph_sql(edge_sql: str, characters_only: bool) -> str:
    """The whole graph as one JSON document, built in the database.

    Edges whose ends do not exist at the cap are dropped. With `characters_only`, the nodes
    are the characters and anyone an edge ties them to. Nodes are ranked by degree (ties by
    name) and the first `:limit` kept with the edges among them; nodes listed by name, edges
    by kind, then chapter.
    """
    wanted = ("WHERE vis.type = 'character' OR vis.id IN (SELECT source FROM edges) "
              "OR vis.id IN (SELECT target FROM edges)") if characters_only else ""
    return f"""
WITH {names_at_cap()},
edges AS (SELECT x.* FROM ({edge_sql}) x
           WHERE x.source IN (SELECT id FROM vis) AND x.target IN (SELECT id FROM vis)),
nodes AS (SELECT vis.id, vis.name, vis.type, vis.first_chapter FROM vis {wanted}),
degree AS (SELECT id, count(*) AS degree
             FROM (SELECT source AS id FROM edges UNION ALL SELECT target FROM edges) ends
            GROUP BY id),
ranked AS (SELECT n.*, row_number() OVER (ORDER BY coalesce(d.degree, 0) DESC, n.name, n.id) AS rank
             FROM nodes n LEFT JOIN degree d ON d.id = n.id),
kept AS (SELECT * FROM ranked WHERE CAST(:limit AS integer) IS NULL OR rank <= :limit)
SELECT json_build_object(
  'nodes', coalesce((SELECT json_agg(json_build_object('id', k.id, 'name', k.name, 'type', k.type,
                                                       'first_chapter', k.first_chapter)
                                     ORDER BY k.name, k.id) FROM kept k), '[]'),
  'edges', coalesce((SELECT json_agg(json_build_object(
                                'source', e.source, 'target', e.target, 'kind', e.kind,
                                'label', e.label, 'symmetric', e.symmetric,
                                'weight', e.weight, 'since', e.since)
                              ORDER BY e.part, e.o1, e.o2, e.source, e.target)
                       FROM edges e
                      WHERE e.source IN (SELECT id FROM kept) AND e.target IN (SELECT id FROM kept)),
                    '[]'),
  'total_nodes', (SELECT count(*) FROM nodes),
  'total_edges', (SELECT count(*) FROM edges),
  'limit', CAST(:limit AS integer))::text"""


RELATIONSHIP_GRAPH_SQL = _graph_sql(RELATIONSHIP_EDGES_SQL, characters_only=True)
ENTITY_GRAPH_SQL = _graph_sql(" UNION ALL ".join([RELATIONSHIP_EDGES_SQL, *TIES_SQL.values()]),
                              characters_only=False)


def _graph(session: Session, sql: str, novel_id: uuid.UUID, cap: int, limit: int | None) -> Graph:
    document = session.execute(text(sql), {"n": novel_id, "cap": cap, "limit": limit}).scalar_one()
    return Graph.model_validate_json(document)


def relationship_graph(
    *, session: Session, novel_id: uuid.UUID, cap: int, limit: int | None = None
) -> Graph:
    """Characters at the cap (and anyone they are tied to) with the relationships in force."""
    return _graph(session, RELATIONSHIP_GRAPH_SQL, novel_id, cap, limit)


def entity_graph(
    *, session: Session, novel_id: uuid.UUID, cap: int, limit: int | None = None
) -> Graph:
    """Every entity at the cap with relationships, places, holdings, knowledge and co-presence."""
    return _graph(session, ENTITY_GRAPH_SQL, novel_id, cap, limit)
