"""Novels: list, get, create, delete. (The one read module that also owns its small writes.)"""

from __future__ import annotations

import uuid
from datetime import datetime

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

NOVEL_SQL = """SELECT n.id, n.title, n.author, n.genre, n.created_at,
                      count(c.number) AS chapter_count, coalesce(max(c.number), 0) AS latest_chapter
                 FROM novels n LEFT JOIN chapters c ON c.novel_id = n.id"""


class NovelRow(BaseModel):
    """A novel with how far it has been processed."""

    id: uuid.UUID
    title: str
    author: str | None
    genre: str | None
    chapter_count: int
    latest_chapter: int
    created_at: datetime


def list_novels(*, session: Session) -> list[NovelRow]:
    """Every novel, newest first."""
    rows = session.execute(text(f"{NOVEL_SQL} GROUP BY n.id ORDER BY n.created_at DESC")).all()
    return [NovelRow.model_validate(r._asdict()) for r in rows]


def get_novel(*, session: Session, novel_id: uuid.UUID) -> NovelRow | None:
    """One novel, or None."""
    row = session.execute(
        text(f"{NOVEL_SQL} WHERE n.id = :n GROUP BY n.id"), {"n": novel_id}
    ).one_or_none()
    return NovelRow.model_validate(row._asdict()) if row else None


def latest_chapter(*, session: Session, novel_id: uuid.UUID) -> int:
    """The highest chapter number written (0 for none): the default cap."""
    return int(session.execute(
        text("SELECT coalesce(max(number), 0) FROM chapters WHERE novel_id = :n"), {"n": novel_id}
    ).scalar_one())
