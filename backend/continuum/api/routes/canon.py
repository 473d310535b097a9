"""Canon facts at the cap, and the author's lock, unlock and edit."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from continuum.api.deps import CapDep, SessionDep, TokenDep, WriteSessionDep, require_found
from continuum.api.routes._examples import CANON, example
from continuum.pipeline.canon_admin import edit_fact, lock_fact, unlock_fact
from continuum.reads.canon import CanonFactRow, get_canon_fact, list_canon

router = APIRouter(tags=["canon"])


class CanonEdit(BaseModel):
    """The value a canon fact should have."""

    value: str = Field(min_length=1, max_length=2000, examples=["green"])


@router.get("/novels/{novel_id}/canon", response_model=list[CanonFactRow],
            responses=example([CANON]))
def canon(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    entity: Annotated[uuid.UUID | None, Query(description="Only facts about it.")] = None,
    locked: Annotated[bool, Query(description="Only locked facts.")] = False,
) -> list[CanonFactRow]:
    """Canon facts asserted in chapters up to the cap."""
    return list_canon(session=session, novel_id=novel_id, cap=cap, entity_id=entity,
                      locked_only=locked)


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
