"""Jobs: progress of chapter processing."""

from __future__ import annotations

import uuid

from fastapi import APIRouter

from continuum.api.deps import SessionDep, require_found
from continuum.reads.jobs import JobRow, get_job, list_jobs
from continuum.reads.novels import get_novel

router = APIRouter(tags=["jobs"])


@router.get("/jobs/{job_id}", response_model=JobRow)
def job(job_id: uuid.UUID, session: SessionDep) -> JobRow:
    """One job: status, progress 0..1, current stage, error."""
    return require_found(get_job(session=session, job_id=job_id), "job")


@router.get("/novels/{novel_id}/jobs", response_model=list[JobRow])
def jobs(novel_id: uuid.UUID, session: SessionDep) -> list[JobRow]:
    """A novel's jobs, newest first."""
    require_found(get_novel(session=session, novel_id=novel_id), "novel")
    return list_jobs(session=session, novel_id=novel_id)
