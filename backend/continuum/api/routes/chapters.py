"""Chapters: list and read at the cap; submit one chapter (JSON or a file) or a whole book."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter, Request, status
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field, ValidationError
from pydantic_core import from_json

from continuum.api.deps import CapDep, SessionDep, SettingsDep, TokenDep, require_found
from continuum.errors import InvalidInput, TooLarge, UnsupportedMediaType
from continuum.pipeline.segment.books import split_book
from continuum.pipeline.submit import decode_upload, queue_book, queue_chapter
from continuum.reads.chapters import ChapterDetail, ChapterRow, get_chapter, list_chapters

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


class BookIn(BaseModel):
    """A whole book to split into chapters."""

    text: str


class BookJobs(BaseModel):
    """One job per detected chapter, in order."""

    job_ids: list[uuid.UUID]
    chapters: int


class SplitChapter(BaseModel):
    """A chapter the splitter found."""

    number: int
    title: str | None
    word_count: int
    preview: str


class SplitPreview(BaseModel):
    """How a book would be split; nothing is written."""

    chapters: list[SplitChapter]


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
    """Queue one chapter (JSON, or multipart with a .txt `file`); returns the job id at once."""
    body = await _chapter_body(request, settings.max_upload_bytes)
    job_id = await run_in_threadpool(
        queue_chapter, novel_id=novel_id, number=body.number, title=body.title, text_=body.text,
        replace=body.replace, max_bytes=settings.max_upload_bytes)
    return JobAccepted(job_id=job_id)


@router.post("/novels/{novel_id}/book", response_model=BookJobs,
             status_code=status.HTTP_202_ACCEPTED, dependencies=[TokenDep])
def submit_whole_book(novel_id: uuid.UUID, body: BookIn, settings: SettingsDep) -> BookJobs:
    """Split a whole book into chapters and queue one job per chapter, in order."""
    jobs = queue_book(novel_id=novel_id, text_=body.text, max_bytes=settings.max_upload_bytes,
                      max_chapters=settings.max_book_chapters)
    return BookJobs(job_ids=jobs, chapters=len(jobs))


@router.post("/books/split", response_model=SplitPreview, dependencies=[TokenDep])
def split_preview(body: BookIn, settings: SettingsDep) -> SplitPreview:
    """Preview how a whole book would be split into chapters; nothing is written."""
    if len(body.text.encode("utf-8")) > settings.max_upload_bytes:
        raise TooLarge(f"the text is over the {settings.max_upload_bytes:,}-byte limit")
    return SplitPreview(chapters=[
        SplitChapter(number=i, title=c.title, word_count=len(c.text.split()),
                     preview=c.text[:200])
        for i, c in enumerate(split_book(body.text), start=1)
    ])


async def _chapter_body(request: Request, max_bytes: int) -> ChapterIn:
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    length = request.headers.get("content-length", "")
    declared = int(length) if length.isdigit() else 0
    if declared > max_bytes + 64 * 1024:
        raise TooLarge(f"the upload is over the {max_bytes:,}-byte limit")
    fields: dict[str, Any]
    if content_type == "multipart/form-data":
        form = await request.form()
        upload = form.get("file")
        if upload is None or isinstance(upload, str):
            raise InvalidInput("multipart uploads need a 'file' field with the chapter text")
        data = await upload.read(max_bytes + 1)
        fields = {k: v for k, v in form.items() if k != "file" and v != ""}
        fields["text"] = decode_upload(data, max_bytes=max_bytes)
        if "replace" in fields:
            fields["replace"] = str(fields["replace"]).lower() in {"1", "true", "yes", "on"}
    elif content_type not in ("", "application/json") and not content_type.endswith("+json"):
        raise UnsupportedMediaType(f"the body is {content_type}: send JSON (Content-Type: "
                                   "application/json) or a multipart/form-data upload "
                                   "with a 'file'")
    else:
        raw = await request.body()
        if len(raw) > max_bytes + 64 * 1024:
            raise TooLarge(f"the upload is over the {max_bytes:,}-byte limit")
        try:
            # pydantic's parser refuses lone surrogates and bounds nesting; json.loads does not.
            fields = from_json(raw.removeprefix(b"\xef\xbb\xbf") or b"null")
        except ValueError as exc:
            raise InvalidInput(f"the request body is not valid JSON: {exc}") from exc
        if not isinstance(fields, dict):
            raise InvalidInput("send a JSON object like {\"number\": 1, \"text\": \"...\"}")
    try:
        return ChapterIn.model_validate(fields)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}"
                             for e in exc.errors())
        raise InvalidInput(f"invalid chapter: {problems}") from exc
