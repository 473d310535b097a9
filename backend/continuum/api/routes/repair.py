"""Identity repair: likely duplicates at the cap, and merging two entities into one."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel

from continuum.api.deps import CapDep, SessionDep, TokenDep, WriteSessionDep, require_found
from continuum.api.routes._examples import ENTITY_SUMMARY, example
from continuum.pipeline.repair import merge_entities
from continuum.reads.duplicates import DuplicatePair, find_duplicates
from continuum.reads.entities import EntityDetail, get_entity

router = APIRouter(tags=["repair"])

SIDE = {**ENTITY_SUMMARY}
PAIR_EXAMPLE = {"keep": SIDE, "merge": {**SIDE, "name": "Lizzy", "aliases": [],
                                        "mention_count": 3},
                "score": 0.9, "reason": "partial name 'Lizzy' / 'Lizzy Bennet'", "same_type": True}


class MergeIn(BaseModel):
    """Fold `source_id` into `target_id`; the source disappears."""

    source_id: uuid.UUID
    target_id: uuid.UUID


class MergeResult(BaseModel):
    """The merged entity (names as of the latest chapter) and the references repointed."""

    entity: EntityDetail
    repointed: dict[str, int]


@router.get("/novels/{novel_id}/duplicates", response_model=list[DuplicatePair],
            responses=example([PAIR_EXAMPLE]))
def duplicates(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    limit: Annotated[int, Query(ge=1, le=1000)] = 200,
) -> list[DuplicatePair]:
    """Candidate duplicate pairs among the entities at the cap, most likely first."""
    return find_duplicates(session=session, novel_id=novel_id, cap=cap, limit=limit)


@router.post("/novels/{novel_id}/merge", response_model=MergeResult, dependencies=[TokenDep],
             responses=example({"entity": {**ENTITY_SUMMARY, "description": None,
                                           "appearances": [{"chapter": 1, "mentions": 5}],
                                           "mentions": []},
                                "repointed": {"entity_mentions": 3, "events": 1}}))
def merge(novel_id: uuid.UUID, body: MergeIn, cap: CapDep, session: WriteSessionDep) -> MergeResult:
    """Merge two entities retroactively (every reference, names and aliases), in one transaction."""
    counts = merge_entities(session, novel_id=novel_id, source=body.source_id,
                            target=body.target_id)
    entity = require_found(get_entity(session=session, novel_id=novel_id, cap=cap,
                                      entity_id=body.target_id), "merged entity")
    return MergeResult(entity=entity, repointed=counts)
