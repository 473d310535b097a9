"""Whole books: preview how a book splits into chapters, and queue one job per chapter.

Both take the book as JSON text or as an uploaded file in any supported format (.txt, .md,
.html, .docx, .odt, .rtf, .epub), split by its own headings or an EPUB's spine and contents.
"""

from __future__ import annotations

import uuid

from fastapi import APIRouter, Request, status
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ValidationError

from continuum.api.deps import SettingsDep, TokenDep
from continuum.api.uploads import (
    check_declared_size,
    content_type,
    read_file_field,
    read_json_body,
    validation_problems,
)
from continuum.errors import InvalidInput, TooLarge, UnsupportedMediaType
from continuum.pipeline.documents import Limits, Manuscript, read_document
from continuum.pipeline.documents.formats import TEXT
from continuum.pipeline.documents.outline import Section
from continuum.pipeline.segment.books import split_book
from continuum.pipeline.submit import check_text, queue_chapters
from continuum.settings import Settings

router = APIRouter(tags=["chapters"])


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
    format: str = "txt"
    dropped: list[str] = []


_BOOK_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": BookIn.model_json_schema()},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {"file": {"type": "string", "format": "binary"}},
                }
            },
        },
    }
}


@router.post("/novels/{novel_id}/book", response_model=BookJobs,
             status_code=status.HTTP_202_ACCEPTED, openapi_extra=_BOOK_BODY,
             dependencies=[TokenDep])
async def submit_whole_book(novel_id: uuid.UUID, request: Request,
                            settings: SettingsDep) -> BookJobs:
    """Split a whole book into chapters and queue one job per chapter, in order."""
    book = await _book(request, settings)
    jobs = await run_in_threadpool(
        queue_chapters, novel_id=novel_id, chapters=book.chapters,
        max_bytes=settings.max_upload_bytes, max_chapters=settings.max_book_chapters)
    return BookJobs(job_ids=jobs, chapters=len(jobs))


@router.post("/books/split", response_model=SplitPreview, openapi_extra=_BOOK_BODY,
             dependencies=[TokenDep])
async def split_preview(request: Request, settings: SettingsDep) -> SplitPreview:
    """Preview how a whole book would be split into chapters; nothing is written."""
    book = await _book(request, settings, preview=True)
    return SplitPreview(
        chapters=[SplitChapter(number=i, title=c.title, word_count=len(c.text.split()),
                               preview=c.text[:200])
                  for i, c in enumerate(book.chapters, start=1)],
        format=book.format.key, dropped=book.dropped)


async def _book(request: Request, settings: Settings, *, preview: bool = False) -> Manuscript:
    """The book in the body: a JSON `{"text"}` split as text, or an uploaded file of any kind."""
    max_bytes = settings.max_upload_bytes
    kind = content_type(request)
    check_declared_size(request, max_bytes)
    if kind == "multipart/form-data":
        upload = await read_file_field(request, max_bytes)
        return await run_in_threadpool(read_document, upload.filename, upload.data,
                                       limits=Limits.of(settings))
    if kind not in ("", "application/json") and not kind.endswith("+json"):
        raise UnsupportedMediaType(f"the body is {kind}: send JSON like {{\"text\": \"...\"}} "
                                   "or a multipart/form-data upload with a 'file'")
    fields = await read_json_body(request, max_bytes, what="text")
    try:
        body = BookIn.model_validate(fields)
    except ValidationError as exc:
        raise InvalidInput(f"invalid book: {validation_problems(exc)}") from exc
    if preview:
        if len(body.text.encode("utf-8")) > max_bytes:
            raise TooLarge(f"the text is over the {max_bytes:,}-byte limit")
    else:
        check_text(body.text, max_bytes=max_bytes)
    chapters = [Section(c.title, c.text) for c in split_book(body.text)]
    return Manuscript(TEXT, chapters, [])

