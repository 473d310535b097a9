"""Canon facts at the cap, and the author's lock, unlock and edit."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from continuum.api.deps import CapDep, SessionDep, TokenDep, WriteSessionDep, require_found
from continuum.api.routes._examples import CANON, example
from continuum.pipeline.canon_admin import edit_fact, lock_fact, unlock_fact
from continuum.reads.canon import CanonFactRow, CanonPage, get_canon_fact, page_canon
from continuum.reads.matching import MAX_QUERY
from continuum.reads.paging import DEFAULT_LIMIT, MAX_LIMIT

router = APIRouter(tags=["canon"])


class CanonEdit(BaseModel):
    """The value a canon fact should have."""

    value: str = Field(min_length=1, max_length=2000, examples=["green"])


@router.get("/novels/{novel_id}/canon", response_model=CanonPage,
            responses=example({"items": [CANON], "total": 1, "limit": DEFAULT_LIMIT,
                               "offset": 0}))
def canon(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    entity: Annotated[uuid.UUID | None, Query(description="Only facts about it.")] = None,
    locked: Annotated[bool, Query(description="Only locked facts.")] = False,
    current: Annotated[bool, Query(description="Only facts no later fact (by the cap) restates; "
                                               "locked facts always.")] = False,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Facts per page.")
                     ] = DEFAULT_LIMIT,
    offset: Annotated[int, Query(ge=0, description="Facts to skip.")] = 0,
    q: Annotated[str | None, Query(
        min_length=1, max_length=MAX_QUERY, examples=["eye"],
        description="Only facts whose subject (named as of the cap), fact or value contains it "
                    "(case and accent blind). `total` counts the matches.")] = None,
) -> CanonPage:
    """Canon facts asserted in chapters up to the cap, in chapter order; paged."""
    return page_canon(session=session, novel_id=novel_id, cap=cap, entity_id=entity,
                      locked_only=locked, limit=limit, offset=offset, q=q,
                      current_only=current)


@router.post("/novels/{novel_id}/canon/{fact_id}/lock", response_model=CanonFactRow,
             dependencies=[TokenDep], responses=example(CANON))
def lock(novel_id: uuid.UUID, fact_id: int, cap: CapDep,
         session: WriteSessionDep) -> CanonFactRow:
    """Lock a fact: a later chapter that contradicts it raises a canon_contradiction flag."""
    lock_fact(session, novel_id=novel_id, fact_id=fact_id)
    return require_found(get_canon_fact(session=session, novel_id=novel_id, cap=cap,
                                        fact_id=fact_id), "canon fact at this chapter")


@router.post("/novels/{novel_id}/canon/{fact_id}/unlock", response_model=CanonFactRow,
             dependencies=[TokenDep], responses=example({**CANON, "locked": False}))
def unlock(novel_id: uuid.UUID, fact_id: int, cap: CapDep,
           session: WriteSessionDep) -> CanonFactRow:
    """Unlock a fact."""
    unlock_fact(session, novel_id=novel_id, fact_id=fact_id)
    return require_found(get_canon_fact(session=session, novel_id=novel_id, cap=cap,
                                        fact_id=fact_id), "canon fact at this chapter")


@router.patch("/novels/{novel_id}/canon/{fact_id}", response_model=CanonFactRow,
              dependencies=[TokenDep],
              responses=example({**CANON, "value": "green", "edited": True}))
def edit(novel_id: uuid.UUID, fact_id: int, body: CanonEdit, cap: CapDep,
         session: WriteSessionDep) -> CanonFactRow:
    """Give a fact the author's value; it is marked edited."""
    edit_fact(session, novel_id=novel_id, fact_id=fact_id, value=body.value)
    return require_found(get_canon_fact(session=session, novel_id=novel_id, cap=cap,
                                        fact_id=fact_id), "canon fact at this chapter")
