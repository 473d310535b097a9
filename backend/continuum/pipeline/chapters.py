"""PERSIST the chapter row and its search passages; numbering rules checked under the lock."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.errors import Conflict, NotFound
from continuum.pipeline.extract.schema import Summaries


def lock_novel(session: Session, *, novel_id: uuid.UUID) -> None:
    """Serialize writers of one novel for the rest of this transaction."""
    session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(CAST(:n AS text), 42))"), {"n": novel_id}
    )


def check_number(session: Session, *, novel_id: uuid.UUID, number: int, replace: bool) -> None:
    """A new chapter is the next number; an existing one needs replace=True."""
    exists = session.execute(text("SELECT 1 FROM novels WHERE id = :n"), {"n": novel_id}).first()
    if exists is None:
        raise NotFound(f"novel {novel_id} does not exist")
    latest = session.execute(
        text("SELECT coalesce(max(number), 0) FROM chapters WHERE novel_id = :n"), {"n": novel_id}
    ).scalar_one()
    if number <= latest and not replace:
        raise Conflict(f"chapter {number} already exists; send replace=true to re-process it")
    if number > latest + 1:
        raise Conflict(
            f"chapter {number} would leave a gap: the novel has {latest} chapter(s), "
            f"so the next one is {latest + 1}"
        )


def content_hash(text_: str) -> str:
    """sha256 of the chapter text."""
    return hashlib.sha256(text_.encode("utf-8")).hexdigest()


def insert_chapter(
    session: Session, *, novel_id: uuid.UUID, number: int, title: str | None, text_: str,
    source: str, summaries: Summaries, extractor: str, stats: dict, records: str | None = None,
) -> None:
    """Write the chapter row (not yet indexed for search: `indexed_with` stays NULL), with the
    records its reading keeps for the critic of later chapters (JSON of `ChapterRecords`;
    None when the reading made none, as an LLM's without a critique)."""
    import json

    session.execute(
        text("""INSERT INTO chapters (novel_id, number, title, text, source, content_hash,
                       summary_short, summary_medium, summary_long, word_count, extractor,
                       extraction_stats, records)
                VALUES (:n, :number, :title, :text, :source, :hash, :short, :medium, :long,
                        :words, :extractor, CAST(:stats AS jsonb), CAST(:records AS jsonb))"""),
        {"n": novel_id, "number": number, "title": title, "text": text_, "source": source,
         "hash": content_hash(text_), "short": summaries.short, "medium": summaries.medium,
         "long": summaries.long, "words": len(text_.split()), "extractor": extractor,
         "stats": json.dumps(stats), "records": records},
    )


def store_records(
    session: Session, *, novel_id: uuid.UUID, number: int, content_hash: str, records: str,
) -> None:
    """Keep the records of an earlier chapter read before they were stored (JSON of
    `ChapterRecords`), unless the chapter's text has changed since they were read."""
    session.execute(
        text("""UPDATE chapters SET records = CAST(:records AS jsonb)
                 WHERE novel_id = :n AND number = :number AND content_hash = :hash"""),
        {"records": records, "n": novel_id, "number": number, "hash": content_hash},
    )


def record_narrator(
    session: Session, *, novel_id: uuid.UUID, number: int, first_person: bool,
    narrator: uuid.UUID | None,
) -> None:
    """Whether the chapter is told by "I", and the character telling it when known."""
    session.execute(
        text("""UPDATE chapters SET first_person = :fp, narrator_id = :narrator
                 WHERE novel_id = :n AND number = :number"""),
        {"fp": first_person, "narrator": narrator if first_person else None,
         "n": novel_id, "number": number},
    )


def insert_passages(
    session: Session, *, novel_id: uuid.UUID, number: int,
    passages: Sequence[tuple[int, int, str]],
) -> None:
    """Write the chapter's search passages (their vectors come with INDEX)."""
    if not passages:
        return
    session.execute(
        text("""INSERT INTO passages (novel_id, chapter, ordinal, start_offset, end_offset, text)
                VALUES (:n, :c, :o, :s, :e, :t)"""),
        [{"n": novel_id, "c": number, "o": i, "s": s, "e": e, "t": t}
         for i, (s, e, t) in enumerate(passages)],
    )
