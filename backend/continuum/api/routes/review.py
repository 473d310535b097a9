"""The review queue: parked agent drafts, accept (optionally edited) or reject."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from continuum.api.deps import NovelDep, SessionDep, TokenDep, require_found
from continuum.pipeline.critic.review import accept_submission, reject_submission
from continuum.reads.review import SubmissionDetail, SubmissionRow, get_submission, list_submissions

router = APIRouter(tags=["review"])


class AcceptIn(BaseModel):
    """Accept as parked, or with edited text."""

    text: str | None = Field(default=None, description="Edited chapter text (optional).")


class Decision(BaseModel):
    """What happened to the draft."""

    submission_id: uuid.UUID
    status: str
    ingested: bool
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


@router.post("/review/{submission_id}/accept", response_model=Decision, dependencies=[TokenDep])
async def accept(submission_id: uuid.UUID, body: AcceptIn | None = None) -> Decision:
    """Ingest the draft (or its edited text); its findings are kept as accepted overrides."""
    result = await run_in_threadpool(accept_submission, submission_id=submission_id,
                                     edited_text=body.text if body else None)
    return Decision(submission_id=submission_id, status="accepted", ingested=True, result=result)


@router.post("/review/{submission_id}/reject", response_model=Decision, dependencies=[TokenDep])
def reject(submission_id: uuid.UUID) -> Decision:
    """Reject the draft: it is marked rejected and nothing else changes."""
    reject_submission(submission_id=submission_id)
    return Decision(submission_id=submission_id, status="rejected", ingested=False)
