"""The story at the cap: home recap, timeline, plot threads, commitments, continuity flags."""

from __future__ import annotations

import uuid
from typing import Annotated, Literal

from fastapi import APIRouter, Query

from continuum.api.deps import CapDep, SessionDep, require_found
from continuum.api.routes._examples import COMMITMENT, EVENT, LIZZY, THREAD, example
from continuum.reads.canon import FlagRow, list_flags
from continuum.reads.home import NovelHome, novel_home
from continuum.reads.paging import DEFAULT_LIMIT, MAX_LIMIT
from continuum.reads.threads import CommitmentRow, ThreadRow, list_commitments, list_threads
from continuum.reads.timeline import EventPage, page_events

router = APIRouter(tags=["story"])

HOME_EXAMPLE = {
    "title": "Pride and Prejudice", "author": "Jane Austen", "cap": 5,
    "counts": {"chapters": 5, "characters": 14, "locations": 6, "factions": 1, "objects": 3,
               "open_threads": 2, "open_setups": 4},
    "previously": [{"number": 5, "title": "Chapter 5", "summary": "The Lucases call."}],
    "top_events": [EVENT],
}
FLAG_EXAMPLE = {"id": 9, "chapter": 4, "kind": "foreshadowing", "severity": "INFO",
                "description": "The regiment will leave Meryton.", "origin": "extractor",
                "entities": [LIZZY], "evidence_quote": "until the regiment leaves"}


@router.get("/novels/{novel_id}/home", response_model=NovelHome, responses=example(HOME_EXAMPLE))
def home(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> NovelHome:
    """The novel home: counts at the cap and a "previously on" recap of the last chapters."""
    return require_found(novel_home(session=session, novel_id=novel_id, cap=cap), "novel")


@router.get("/novels/{novel_id}/timeline", response_model=EventPage,
            responses=example({"items": [EVENT], "total": 1, "limit": DEFAULT_LIMIT, "offset": 0}))
def timeline(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    order: Annotated[Literal["reading", "story"], Query(
        description="reading: chapter and text order; story: flashbacks first within a chapter"
    )] = "reading",
    entity: Annotated[uuid.UUID | None, Query(description="Only events involving it.")] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Events per page.")] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, description="Events to skip.")] = 0,
) -> EventPage:
    """Events in chapters up to the cap, in reading or story order; paged, with the total."""
    return page_events(session=session, novel_id=novel_id, cap=cap, order=order, entity_id=entity,
                       limit=limit, offset=offset)


@router.get("/novels/{novel_id}/threads", response_model=list[ThreadRow],
            responses=example([THREAD]))
def threads(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    status: Annotated[Literal["open", "progressing", "closed"] | None, Query()] = None,
) -> list[ThreadRow]:
    """Plot threads with their status as of the cap (a thread closed later is still open)."""
    return list_threads(session=session, novel_id=novel_id, cap=cap, status=status)


@router.get("/novels/{novel_id}/commitments", response_model=list[CommitmentRow],
            responses=example([COMMITMENT]))
def commitments(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    status: Annotated[Literal["open", "paid"] | None, Query()] = None,
) -> list[CommitmentRow]:
    """Setups planted by the cap: paid once the payoff chapter is visible; overdue after 10."""
    return list_commitments(session=session, novel_id=novel_id, cap=cap, status=status)


@router.get("/novels/{novel_id}/flags", response_model=list[FlagRow],
            responses=example([FLAG_EXAMPLE]))
def flags(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    kind: Annotated[str | None, Query(max_length=100, examples=["foreshadowing"])] = None,
    severity: Annotated[Literal["INFO", "WARN", "FAIL"] | None, Query()] = None,
) -> list[FlagRow]:
    """Continuity flags raised in chapters up to the cap."""
    return list_flags(session=session, novel_id=novel_id, cap=cap, kind=kind, severity=severity)
