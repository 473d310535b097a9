"""Entities at the cap: characters, locations, factions, objects, and the entity page."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query

from continuum.api.deps import CapDep, SessionDep, require_found
from continuum.reads.entities import (
    EntityDetail,
    EntityPage,
    EntitySort,
    get_entity,
    page_entities,
)
from continuum.reads.matching import MAX_QUERY
from continuum.reads.paging import DEFAULT_LIMIT, MAX_LIMIT

router = APIRouter(tags=["entities"])

Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Entities per page.")]
Offset = Annotated[int, Query(ge=0, description="Entities to skip.")]
NameFilter = Annotated[str | None, Query(
    min_length=1, max_length=MAX_QUERY, examples=["addy"],
    description="Only entities whose name or an alias, as of the cap, contains this text "
                "(case and accent blind; % and _ are literal). `total` counts the matches.")]
Sort = Annotated[EntitySort, Query(
    description="`mentions`: most mentioned first; `name`: A to Z; `first`: by first chapter.")]


@router.get("/novels/{novel_id}/characters", response_model=EntityPage)
def characters(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
               limit: Limit = DEFAULT_LIMIT, offset: Offset = 0, q: NameFilter = None,
               sort: Sort = "mentions") -> EntityPage:
    """Characters that exist at the cap, most mentioned first; paged."""
    return page_entities(session=session, novel_id=novel_id, cap=cap, type_="character", limit=limit,
                         offset=offset, q=q, sort=sort)


@router.get("/novels/{novel_id}/locations", response_model=EntityPage)
def locations(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
              limit: Limit = DEFAULT_LIMIT, offset: Offset = 0, q: NameFilter = None,
              sort: Sort = "mentions") -> EntityPage:
    """Locations that exist at the cap, most mentioned first; paged."""
    return page_entities(session=session, novel_id=novel_id, cap=cap, type_="location", limit=limit,
                         offset=offset, q=q, sort=sort)


@router.get("/novels/{novel_id}/factions", response_model=EntityPage)
def factions(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
             limit: Limit = DEFAULT_LIMIT, offset: Offset = 0, q: NameFilter = None,
             sort: Sort = "mentions") -> EntityPage:
    """Factions that exist at the cap, most mentioned first; paged."""
    return page_entities(session=session, novel_id=novel_id, cap=cap, type_="faction", limit=limit,
                         offset=offset, q=q, sort=sort)


@router.get("/novels/{novel_id}/objects", response_model=EntityPage)
def objects(novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
            limit: Limit = DEFAULT_LIMIT, offset: Offset = 0, q: NameFilter = None,
            sort: Sort = "mentions") -> EntityPage:
    """Objects that exist at the cap, most mentioned first; paged."""
    return page_entities(session=session, novel_id=novel_id, cap=cap, type_="object", limit=limit,
                         offset=offset, q=q, sort=sort)


@router.get("/novels/{novel_id}/entities/{entity_id}", response_model=EntityDetail)
def entity(novel_id: uuid.UUID, entity_id: uuid.UUID, cap: CapDep,
           session: SessionDep) -> EntityDetail:
    """The entity page as of the cap; 404 when it does not exist yet at the cap."""
    return require_found(
        get_entity(session=session, novel_id=novel_id, cap=cap, entity_id=entity_id),
        "entity at this chapter",
    )
