"""Chapter detail extras at the cap: scenes and the critique; the critiques of all chapters."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query

from continuum.api.deps import CapDep, SessionDep, require_found
from continuum.api.routes._examples import DARCY, LIZZY, PEMBERLEY, example
from continuum.reads.chapter_extras import (
    CritiquePage,
    CritiqueRow,
    SceneRow,
    get_critique,
    list_scenes,
    page_critiques,
)
from continuum.reads.paging import DEFAULT_LIMIT, MAX_LIMIT

router = APIRouter(tags=["chapters"])

SCENE_EXAMPLE = {"id": 17, "ordinal": 0, "start": 0, "end": 1843, "pov": LIZZY,
                 "location": PEMBERLEY, "time_anchor": "the next morning",
                 "present": [LIZZY, DARCY], "summary": "Elizabeth tours Pemberley."}
CRITIQUE_EXAMPLE = {
    "id": 4, "chapter": 12, "status": "ok", "verdict": "fail", "policy": "warn",
    "critic": "offline-critic", "error": None, "created_at": "2026-12-01T10:00:00Z",
    "findings": [{"id": 8, "check_name": "entity.dead_actor", "severity": "FAIL",
                  "message": "Mr. Collins speaks but died in chapter 9", "draft_start": 120,
                  "draft_end": 152, "draft_quote": "said Mr. Collins", "evidence_chapter": 9,
                  "evidence_quote": "Mr. Collins died", "entities": [LIZZY]}],
}


@router.get("/novels/{novel_id}/chapters/{number}/scenes", response_model=list[SceneRow],
            responses=example([SCENE_EXAMPLE]))
def scenes(novel_id: uuid.UUID, number: int, cap: CapDep, session: SessionDep) -> list[SceneRow]:
    """The chapter's scenes with POV, place and cast; 404 beyond the cap."""
    return require_found(list_scenes(session=session, novel_id=novel_id, cap=cap, number=number),
                         f"chapter {number}")


@router.get("/novels/{novel_id}/chapters/{number}/critique", response_model=CritiqueRow,
            responses=example(CRITIQUE_EXAMPLE))
def critique(novel_id: uuid.UUID, number: int, cap: CapDep, session: SessionDep) -> CritiqueRow:
    """The continuity critique recorded for the chapter; 404 beyond the cap or when none."""
    return require_found(get_critique(session=session, novel_id=novel_id, cap=cap, number=number),
                         f"critique of chapter {number}")


@router.get("/novels/{novel_id}/critiques", response_model=CritiquePage,
            responses=example({"items": [CRITIQUE_EXAMPLE], "total": 1, "limit": 200, "offset": 0}))
def critiques(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    problems: Annotated[bool, Query(description="Only critiques with findings, or whose critic failed.")
                        ] = False,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Critiques per page.")] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, description="Critiques to skip.")] = 0,
) -> CritiquePage:
    """The critique of every chapter up to the cap, latest chapter first; paged."""
    return page_critiques(session=session, novel_id=novel_id, cap=cap, limit=limit, offset=offset,
                          problems=problems)

