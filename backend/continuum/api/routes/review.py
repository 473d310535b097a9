"""The review queue: parked agent drafts, accept (optionally edited) or reject."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter, status
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from continuum.api.deps import NovelDep, SessionDep, SettingsDep, TokenDep, require_found
from continuum.pipeline.critic.review import queue_accept, reject_submission
from continuum.reads.review import SubmissionDetail, SubmissionRow, get_submission, list_submissions

router = APIRouter(tags=["review"])


class AcceptIn(BaseModel):
    """Accept as parked, or with edited text."""

    text: str | None = Field(default=None, description="Edited chapter text (optional).")


class Decision(BaseModel):
    """What happened to the draft: rejected, or being accepted by the job `job_id`."""

    submission_id: uuid.UUID
    status: str = Field(description="`accepting` (the job writes the chapter) or `rejected`.")
    ingested: bool = Field(description="Always false here: an accepted draft is written by its job.")
    job_id: uuid.UUID | None = Field(
        default=None, description="The job that writes the accepted chapter; poll GET /api/jobs/{job_id}.")
    result: dict[str, Any] = Field(default_factory=dict)


@router.get("/novels/{novel_id}/review", response_model=list[SubmissionRow])
def review_queue(novel_id: NovelDep, session: SessionDep) -> list[SubmissionRow]:
    """Drafts waiting for a human, with their blocking findings (author tool: no cap)."""
    return list_submissions(session=session, novel_id=novel_id)


@router.get("/review/{submission_id}", response_model=SubmissionDetail)
def submission(submission_id: uuid.UUID, session: SessionDep) -> SubmissionDetail:
    """One parked draft with its text and findings."""
    return require_found(get_submission(session=session, submission_id=submission_id),
                         "draft submission")


@router.post("/review/{submission_id}/accept", response_model=Decision,
             status_code=status.HTTP_202_ACCEPTED, dependencies=[TokenDep])
async def accept(submission_id: uuid.UUID, settings: SettingsDep,
                 body: AcceptIn | None = None) -> Decision:
    """Queue the draft (or its edited text) as its chapter; the job keeps its findings as overrides."""
    job_id = await run_in_threadpool(queue_accept, submission_id=submission_id,
                                     edited_text=body.text if body else None,
                                     max_bytes=settings.max_upload_bytes)
    return Decision(submission_id=submission_id, status="accepting", ingested=False, job_id=job_id)


@router.post("/review/{submission_id}/reject", response_model=Decision, dependencies=[TokenDep])
def reject(submission_id: uuid.UUID) -> Decision:
    """Reject the draft: it is marked rejected and nothing else changes."""
    reject_submission(submission_id=submission_id)
    return Decision(submission_id=submission_id, status="rejected", ingested=False)
