"""Relationships in force at the cap and the graphs drawn from them."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query

from continuum.api.deps import CapDep, SessionDep
from continuum.api.routes._examples import DARCY, LIZZY, PEMBERLEY, RELATIONSHIP, example
from continuum.reads.graphs import Graph, entity_graph, relationship_graph
from continuum.reads.paging import DEFAULT_LIMIT, MAX_LIMIT
from continuum.reads.relationships import RelationshipPage, page_relationships

router = APIRouter(tags=["relationships"])

GRAPH_EXAMPLE = {
    "nodes": [{**LIZZY, "first_chapter": 1}, {**DARCY, "first_chapter": 3},
              {**PEMBERLEY, "first_chapter": 3}],
    "edges": [{"source": LIZZY["id"], "target": DARCY["id"], "kind": "relationship",
               "label": "engaged to", "symmetric": True, "weight": 1.4, "since": 58},
              {"source": DARCY["id"], "target": PEMBERLEY["id"], "kind": "located_in",
               "label": "is in", "symmetric": False, "weight": 1.0, "since": 43}],
    "total_nodes": 3, "total_edges": 2, "limit": DEFAULT_LIMIT,
}
Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Rows per page.")]
Offset = Annotated[int, Query(ge=0, description="Rows to skip.")]
NodeLimit = Annotated[int, Query(ge=1, le=MAX_LIMIT,
                                 description="Keep at most this many nodes, the best connected.")]


@router.get("/novels/{novel_id}/relationships", response_model=RelationshipPage,
            responses=example({"items": [RELATIONSHIP], "total": 1, "limit": DEFAULT_LIMIT,
                               "offset": 0}))
def relationships(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
                  limit: Limit = DEFAULT_LIMIT, offset: Offset = 0) -> RelationshipPage:
    """Relationships in force at the cap: started, not ended, not superseded by the cap; paged."""
    return page_relationships(session=session, novel_id=novel_id, cap=cap, limit=limit,
                              offset=offset)


@router.get("/novels/{novel_id}/graph/relationships", response_model=Graph,
            responses=example(GRAPH_EXAMPLE))
def graph_relationships(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
                        limit: NodeLimit = DEFAULT_LIMIT) -> Graph:
    """Characters at the cap and the relationships in force between them."""
    return relationship_graph(session=session, novel_id=novel_id, cap=cap, limit=limit)


@router.get("/novels/{novel_id}/graph/entities", response_model=Graph,
            responses=example(GRAPH_EXAMPLE))
def graph_entities(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
                   limit: NodeLimit = DEFAULT_LIMIT) -> Graph:
    """Every entity at the cap with relationships, places, holdings, knowledge, co-presence."""
    return entity_graph(session=session, novel_id=novel_id, cap=cap, limit=limit)
