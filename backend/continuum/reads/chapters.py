"""Chapters visible at the cap."""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, entity_ref


class ChapterRow(BaseModel):
    """A chapter in the list."""

    number: int
    title: str | None
    word_count: int
    summary: str | None
    created_at: datetime
    first_person: bool = False
    narrator: EntityRef | None = None  # who tells it as "I", when the extractor could tell


class ChapterDetail(ChapterRow):
    """A chapter with its text and summaries."""

    text: str
    summary_medium: str | None
    summary_long: str | None


def list_chapters(*, session: Session, novel_id: uuid.UUID, cap: int) -> list[ChapterRow]:
    """Chapters 1..cap in order."""
    rows = session.execute(
        text(f"""SELECT number, title, word_count, summary_short AS summary, created_at,
                        first_person, {entity_ref('c.novel_id', 'c.narrator_id')} AS narrator
                   FROM chapters c WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
                  ORDER BY number"""),
        {"n": novel_id, "cap": cap},
    ).all()
    return [ChapterRow.model_validate(r._asdict()) for r in rows]


def get_chapter(
    *, session: Session, novel_id: uuid.UUID, cap: int, number: int
) -> ChapterDetail | None:
    """One chapter, or None when it does not exist or lies beyond the cap."""
    row = session.execute(
        text(f"""SELECT number, title, word_count, summary_short AS summary, created_at, text,
                        summary_medium, summary_long, first_person,
                        {entity_ref('c.novel_id', 'c.narrator_id')} AS narrator
                   FROM chapters c WHERE c.novel_id = :n AND number = :number
                    AND {asserted_by('c', 'number')}"""),
        {"n": novel_id, "cap": cap, "number": number},
    ).one_or_none()
    return ChapterDetail.model_validate(row._asdict()) if row else None
