"""Chapters: list and read at the cap; submit one chapter (JSON or a file of any supported kind)."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter, Request, status
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field, ValidationError

from continuum.api.deps import CapDep, SessionDep, SettingsDep, TokenDep, require_found
from continuum.api.uploads import (
    check_declared_size,
    content_type,
    read_file_field,
    read_json_body,
    validation_problems,
)
from continuum.errors import InvalidInput, UnsupportedMediaType
from continuum.pipeline.documents import Limits, read_document
from continuum.pipeline.documents.formats import TEXT, detect_format
from continuum.pipeline.submit import decode_upload, queue_chapter
from continuum.reads.chapters import ChapterDetail, ChapterRow, get_chapter, list_chapters
from continuum.settings import Settings

router = APIRouter(tags=["chapters"])


class ChapterIn(BaseModel):
    """One chapter to process."""

    number: int | None = Field(default=None, ge=1, le=100_000,
                               description="Defaults to the next chapter number.")
    title: str | None = Field(default=None, max_length=500)
    text: str = Field(examples=["It is a truth universally acknowledged..."])
    replace: bool = Field(default=False, description="Re-process an existing chapter.")


class JobAccepted(BaseModel):
    """The job that will process the chapter."""

    job_id: uuid.UUID


_CHAPTER_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": ChapterIn.model_json_schema()},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {
                        "file": {"type": "string", "format": "binary"},
                        "number": {"type": "integer", "minimum": 1},
                        "title": {"type": "string"},
                        "replace": {"type": "boolean"},
                    },
                }
            },
        },
    }
}


@router.get("/novels/{novel_id}/chapters", response_model=list[ChapterRow])
def chapters(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> list[ChapterRow]:
    """Chapters up to the cap."""
    return list_chapters(session=session, novel_id=novel_id, cap=cap)


@router.get("/novels/{novel_id}/chapters/{number}", response_model=ChapterDetail)
def chapter(novel_id: uuid.UUID, number: int, cap: CapDep, session: SessionDep) -> ChapterDetail:
    """One chapter with its text; 404 beyond the cap."""
    return require_found(get_chapter(session=session, novel_id=novel_id, cap=cap, number=number),
                         f"chapter {number}")


@router.post("/novels/{novel_id}/chapters", response_model=JobAccepted,
             status_code=status.HTTP_202_ACCEPTED, openapi_extra=_CHAPTER_BODY,
             dependencies=[TokenDep])
async def submit(novel_id: uuid.UUID, request: Request, settings: SettingsDep) -> JobAccepted:
    """Queue one chapter (JSON, or multipart with a `file` in any supported format, read as one
    chapter); returns the job id at once."""
    body = await _chapter_body(request, settings)
    job_id = await run_in_threadpool(
        queue_chapter, novel_id=novel_id, number=body.number, title=body.title, text_=body.text,
        replace=body.replace, max_bytes=settings.max_upload_bytes)
    return JobAccepted(job_id=job_id)


async def _chapter_body(request: Request, settings: Settings) -> ChapterIn:
    max_bytes = settings.max_upload_bytes
    kind = content_type(request)
    check_declared_size(request, max_bytes)
    fields: dict[str, Any]
    if kind == "multipart/form-data":
        upload = await read_file_field(request, max_bytes)
        fields = dict(upload.fields)
        if detect_format(upload.filename, upload.data) is TEXT:
            fields["text"] = decode_upload(upload.data, max_bytes=max_bytes)
        else:
            document = await run_in_threadpool(read_document, upload.filename, upload.data,
                                               limits=Limits.of(settings))
            chapter = document.as_one_chapter()
            fields["text"] = chapter.text
            if chapter.title and "title" not in fields:
                fields["title"] = chapter.title
        if "replace" in fields:
            fields["replace"] = str(fields["replace"]).lower() in {"1", "true", "yes", "on"}
    elif kind not in ("", "application/json") and not kind.endswith("+json"):
        raise UnsupportedMediaType(f"the body is {kind}: send JSON (Content-Type: "
                                   "application/json) or a multipart/form-data upload "
                                   "with a 'file'")
    else:
        fields = await read_json_body(request, max_bytes, what="upload")
        if not isinstance(fields, dict):
            raise InvalidInput("send a JSON object like {\"number\": 1, \"text\": \"...\"}")
    try:
        return ChapterIn.model_validate(fields)
    except ValidationError as exc:
        raise InvalidInput(f"invalid chapter: {validation_problems(exc)}") from exc
