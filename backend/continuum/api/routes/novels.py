"""Novels: create, list, get, delete."""

from __future__ import annotations

import uuid

from fastapi import APIRouter, Response, status
from pydantic import BaseModel, Field

from continuum.api.deps import SessionDep, TokenDep, WriteSessionDep, require_found
from continuum.pipeline.submit import create_novel, delete_novel
from continuum.reads.novels import NovelRow, get_novel, list_novels

router = APIRouter(tags=["novels"])


class NovelIn(BaseModel):
    """A new novel."""

    title: str = Field(min_length=1, max_length=500, examples=["Pride and Prejudice"])
    author: str | None = Field(default=None, max_length=500, examples=["Jane Austen"])
    genre: str | None = Field(default=None, max_length=100, examples=["romance"])


@router.get("/novels", response_model=list[NovelRow])
def novels(session: SessionDep) -> list[NovelRow]:
    """Every novel, newest first."""
    return list_novels(session=session)


@router.post("/novels", response_model=NovelRow, status_code=status.HTTP_201_CREATED,
             dependencies=[TokenDep])
def create(body: NovelIn, session: WriteSessionDep) -> NovelRow:
    """Create a novel."""
    novel_id = create_novel(session, title=body.title, author=body.author, genre=body.genre)
    return require_found(get_novel(session=session, novel_id=novel_id), "novel")


@router.get("/novels/{novel_id}", response_model=NovelRow)
def novel(novel_id: uuid.UUID, session: SessionDep) -> NovelRow:
    """One novel."""
    return require_found(get_novel(session=session, novel_id=novel_id), "novel")


@router.delete("/novels/{novel_id}", status_code=status.HTTP_204_NO_CONTENT,
               dependencies=[TokenDep])
def delete(novel_id: uuid.UUID, session: WriteSessionDep) -> Response:
    """Delete a novel and everything in it."""
    delete_novel(session, novel_id=novel_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
