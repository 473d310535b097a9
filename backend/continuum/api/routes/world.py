"""The world at the cap: an entity's state, entities of any type, places, objects, types."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query, Response, status
from pydantic import BaseModel, Field

from continuum.api.deps import CapDep, SessionDep, TokenDep, WriteSessionDep, require_found
from continuum.api.routes._examples import (
    CANON,
    DARCY,
    ENTITY_SUMMARY,
    LIZZY,
    LONGBOURN,
    PEMBERLEY,
    RELATIONSHIP,
    example,
)
from continuum.pipeline.novel_types import add_entity_type, apply_preset
from continuum.reads.entities import EntityPage, page_entities
from continuum.reads.entity_state import EntityState, get_entity_state
from continuum.reads.matching import MAX_QUERY
from continuum.reads.paging import DEFAULT_LIMIT, MAX_LIMIT
from continuum.reads.places import FOREST, LocationNode, ObjectOwnerRow, location_tree, object_owners
from continuum.reads.presets import PRESETS
from continuum.reads.types import TypesPage, list_types

router = APIRouter(tags=["world"])

STATE_EXAMPLE = {
    "entity": LIZZY, "aliases": ["Lizzy", "Eliza"], "description": "The second Bennet daughter.",
    "first_chapter": 1, "location": {"entity": PEMBERLEY, "since": 43},
    "home": {"entity": LONGBOURN, "since": 3}, "holdings": [],
    "holder": None, "occupants": [], "status": None,
    "knowledge": [{"fact": "Wickham lied about Darcy", "chapter": 36, "certainty": 1.0,
                   "how": "read", "source": DARCY, "evidence_quote": "she read the letter"}],
    "relationships": [RELATIONSHIP], "canon": [CANON],
}
TREE_EXAMPLE = [{"id": PEMBERLEY["id"], "name": "Derbyshire", "aliases": [], "first_chapter": 3,
                 "parent_id": None, "occupants": [],
                 "children": [{"id": PEMBERLEY["id"], "name": "Pemberley", "aliases": [],
                               "first_chapter": 3, "parent_id": PEMBERLEY["id"],
                               "occupants": [DARCY], "children": []}]}]
OWNERS_EXAMPLE = [{"id": PEMBERLEY["id"], "name": "the letter", "aliases": [], "first_chapter": 35,
                   "owner": LIZZY, "since": 35, "status": None}]
TYPES_EXAMPLE = {"genre": "fantasy",
                 "types": [{"name": "character", "description": "A person.", "core": True,
                            "preset": None, "entity_count": 12},
                           {"name": "magic_system", "description": "A system of magic.",
                            "core": False, "preset": "fantasy", "entity_count": 1}],
                 "presets": [p.model_dump() for p in list(PRESETS.values())[:1]]}


class TypeIn(BaseModel):
    """A custom entity type."""

    name: str = Field(min_length=1, max_length=50, examples=["magic_system"])
    description: str = Field(default="", max_length=1000,
                             examples=["A system of magic: its source, rules and costs."])


class PresetIn(BaseModel):
    """A genre preset to apply."""

    preset: str = Field(examples=["fantasy"], description=f"One of: {', '.join(PRESETS)}.")


@router.get("/novels/{novel_id}/entities/{entity_id}/state", response_model=EntityState,
            responses=example(STATE_EXAMPLE))
def entity_state(novel_id: uuid.UUID, entity_id: uuid.UUID, cap: CapDep,
                 session: SessionDep) -> EntityState:
    """Where it is, what it holds, its status, what it knows, its ties and canon, at the cap."""
    return require_found(
        get_entity_state(session=session, novel_id=novel_id, cap=cap, entity_id=entity_id),
        "entity at this chapter",
    )


@router.get("/novels/{novel_id}/entities", response_model=EntityPage,
            responses=example({"items": [ENTITY_SUMMARY], "total": 1, "limit": DEFAULT_LIMIT,
                               "offset": 0}))
def entities(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    type_: Annotated[str | None, Query(alias="type", max_length=50, examples=["magic_system"],
                                       description="Only this type (any core or custom type).")
                     ] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Entities per page.")
                     ] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, description="Entities to skip.")] = 0,
    q: Annotated[str | None, Query(min_length=1, max_length=MAX_QUERY,
                                   description="Only names or aliases at the cap containing it.")
                 ] = None,
) -> EntityPage:
    """Entities of any type that exist at the cap, most mentioned first; paged."""
    return page_entities(session=session, novel_id=novel_id, cap=cap, type_=type_, limit=limit,
                         offset=offset, q=q)


@router.get("/novels/{novel_id}/locations/tree", response_model=list[LocationNode],
            responses=example(TREE_EXAMPLE))
def locations_tree(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> Response:
    """Locations at the cap as a hierarchy, with who is where."""
    # Serialized by pydantic in one call: a large tree, and FastAPI's generic path is slower.
    forest = location_tree(session=session, novel_id=novel_id, cap=cap)
    return Response(FOREST.dump_json(forest), media_type="application/json")


@router.get("/novels/{novel_id}/objects/owners", response_model=list[ObjectOwnerRow],
            responses=example(OWNERS_EXAMPLE))
def objects_owners(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[ObjectOwnerRow]:
    """Objects at the cap with who holds each one."""
    return object_owners(session=session, novel_id=novel_id, cap=cap)


@router.get("/novels/{novel_id}/types", response_model=TypesPage, responses=example(TYPES_EXAMPLE))
def types(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> TypesPage:
    """Core and custom entity types with counts at the cap, and the genre presets."""
    return list_types(session=session, novel_id=novel_id, cap=cap)


@router.post("/novels/{novel_id}/types", response_model=TypesPage,
             status_code=status.HTTP_201_CREATED, dependencies=[TokenDep],
             responses={201: {"content": {"application/json": {"example": TYPES_EXAMPLE}}}})
def add_type(novel_id: uuid.UUID, body: TypeIn, cap: CapDep,
             session: WriteSessionDep) -> TypesPage:
    """Add a custom entity type; 409 if the novel has it already."""
    add_entity_type(session, novel_id=novel_id, name=body.name, description=body.description)
    return list_types(session=session, novel_id=novel_id, cap=cap)


@router.post("/novels/{novel_id}/types/preset", response_model=TypesPage,
             dependencies=[TokenDep], responses=example(TYPES_EXAMPLE))
def add_preset(novel_id: uuid.UUID, body: PresetIn, cap: CapDep,
               session: WriteSessionDep) -> TypesPage:
    """Apply a genre preset: add the types of the preset the novel does not have yet."""
    apply_preset(session, novel_id=novel_id, preset=body.preset)
    return list_types(session=session, novel_id=novel_id, cap=cap)
