"""Jobs: progress of chapter processing."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query

from continuum.api.deps import SessionDep, SettingsDep, require_found
from continuum.reads.jobs import (
    JobKind,
    JobRow,
    SearchIndexStatus,
    get_job,
    list_jobs,
    search_index_status,
)
from continuum.reads.novels import get_novel

router = APIRouter(tags=["jobs"])


@router.get("/jobs/{job_id}", response_model=JobRow)
def job(job_id: uuid.UUID, session: SessionDep) -> JobRow:
    """One job: status, progress 0..1, current stage, error."""
    return require_found(get_job(session=session, job_id=job_id), "job")


@router.get("/novels/{novel_id}/jobs", response_model=list[JobRow])
def jobs(novel_id: uuid.UUID, session: SessionDep,
         kind: Annotated[JobKind, Query(description="chapter (default): reading chapters; "
                                                    "index: indexing them for search")] = "chapter",
         ) -> list[JobRow]:
    """A novel's jobs of one kind, newest first."""
    require_found(get_novel(session=session, novel_id=novel_id), "novel")
    return list_jobs(session=session, novel_id=novel_id, kind=kind)


@router.get("/novels/{novel_id}/search-index", response_model=SearchIndexStatus)
def search_index(novel_id: uuid.UUID, session: SessionDep, settings: SettingsDep) -> SearchIndexStatus:
    """Which chapters search has indexed; the others are found by full text until they are."""
    require_found(get_novel(session=session, novel_id=novel_id), "novel")
    return search_index_status(session=session, novel_id=novel_id,
                               model=settings.embedding_model.strip())
