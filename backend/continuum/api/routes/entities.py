"""Entities at the cap: characters, locations, factions, objects, and the entity page."""

from __future__ import annotations

import uuid

from fastapi import APIRouter

from continuum.api.deps import CapDep, SessionDep, require_found
from continuum.reads.entities import EntityDetail, EntitySummary, get_entity, list_entities

router = APIRouter(tags=["entities"])


@router.get("/novels/{novel_id}/characters", response_model=list[EntitySummary])
def characters(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[EntitySummary]:
    """Characters that exist at the cap."""
    return list_entities(session=session, novel_id=novel_id, cap=cap, type_="character")


@router.get("/novels/{novel_id}/locations", response_model=list[EntitySummary])
def locations(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[EntitySummary]:
    """Locations that exist at the cap."""
    return list_entities(session=session, novel_id=novel_id, cap=cap, type_="location")


@router.get("/novels/{novel_id}/factions", response_model=list[EntitySummary])
def factions(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[EntitySummary]:
    """Factions that exist at the cap."""
    return list_entities(session=session, novel_id=novel_id, cap=cap, type_="faction")


@router.get("/novels/{novel_id}/objects", response_model=list[EntitySummary])
def objects(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[EntitySummary]:
    """Objects that exist at the cap."""
    return list_entities(session=session, novel_id=novel_id, cap=cap, type_="object")


@router.get("/novels/{novel_id}/entities/{entity_id}", response_model=EntityDetail)
def entity(novel_id: uuid.UUID, entity_id: uuid.UUID, cap: CapDep,
           session: SessionDep) -> EntityDetail:
    """The entity page as of the cap; 404 when it does not exist yet at the cap."""
    return require_found(
        get_entity(session=session, novel_id=novel_id, cap=cap, entity_id=entity_id),
        "entity at this chapter",
    )
