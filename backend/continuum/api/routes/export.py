"""The story bible as of a chapter, as JSON or Markdown."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import APIRouter, Query, Response

from continuum.api.deps import CapDep, SessionDep, require_found
from continuum.reads.export import Format, StoryBible, export_bible

router = APIRouter(tags=["export"])

MARKDOWN_EXAMPLE = """# Pride and Prejudice — story bible as of chapter 3

## Characters

### Elizabeth Bennet (also: Lizzy)
- First appears: chapter 1
"""


@router.get(
    "/novels/{novel_id}/export", response_model=StoryBible,
    responses={200: {"content": {"text/markdown": {"example": MARKDOWN_EXAMPLE}},
                     "description": "JSON (the StoryBible schema) or Markdown."}},
)
def export(
    novel_id: uuid.UUID, cap: CapDep, session: SessionDep,
    fmt: Annotated[Format, Query(alias="format")] = "json",
) -> Response:
    """The story bible as of the cap: characters with state, places, ties, threads, canon."""
    document = require_found(export_bible(session=session, novel_id=novel_id, cap=cap, fmt=fmt),
                             "novel")
    media = "text/markdown; charset=utf-8" if fmt == "markdown" else "application/json"
    suffix = "md" if fmt == "markdown" else "json"
    return Response(document, media_type=media, headers={
        "Content-Disposition": f'inline; filename="story-bible-ch{cap}.{suffix}"'})
