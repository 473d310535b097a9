"""Relationships in force at the cap and the graphs drawn from them."""

from __future__ import annotations

import uuid

from fastapi import APIRouter

from continuum.api.deps import CapDep, SessionDep
from continuum.api.routes._examples import DARCY, LIZZY, PEMBERLEY, RELATIONSHIP, example
from continuum.reads.graphs import Graph, entity_graph, relationship_graph
from continuum.reads.relationships import RelationshipRow, list_relationships

router = APIRouter(tags=["relationships"])

GRAPH_EXAMPLE = {
    "nodes": [{**LIZZY, "first_chapter": 1}, {**DARCY, "first_chapter": 3},
              {**PEMBERLEY, "first_chapter": 3}],
    "edges": [{"source": LIZZY["id"], "target": DARCY["id"], "kind": "relationship",
               "label": "engaged to", "symmetric": True, "weight": 1.4, "since": 58},
              {"source": DARCY["id"], "target": PEMBERLEY["id"], "kind": "located_in",
               "label": "is in", "symmetric": False, "weight": 1.0, "since": 43}],
}


@router.get("/novels/{novel_id}/relationships", response_model=list[RelationshipRow],
            responses=example([RELATIONSHIP]))
def relationships(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[RelationshipRow]:
    """Relationships in force at the cap: started, not ended, not superseded by the cap."""
    return list_relationships(session=session, novel_id=novel_id, cap=cap)


@router.get("/novels/{novel_id}/graph/relationships", response_model=Graph,
            responses=example(GRAPH_EXAMPLE))
def graph_relationships(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> Graph:
    """Characters at the cap and the relationships in force between them."""
    return relationship_graph(session=session, novel_id=novel_id, cap=cap)


@router.get("/novels/{novel_id}/graph/entities", response_model=Graph,
            responses=example(GRAPH_EXAMPLE))
def graph_entities(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> Graph:
    """Every entity at the cap with relationships, places, holdings, knowledge, co-presence."""
    return entity_graph(session=session, novel_id=novel_id, cap=cap)
