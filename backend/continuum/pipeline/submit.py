"""Front door of the write side: create/delete novels, validate and queue chapters and books."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Protocol

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.db.engine import write_session
from continuum.errors import Conflict, EmptyText, InvalidInput, NotFound, NotUtf8, TooLarge
from continuum.jobs.queue import enqueue_chapter
from continuum.pipeline.segment.books import split_book
from continuum.reads.jobs import next_free_number, pending_numbers


class TitledText(Protocol):
    """A chapter as a splitter hands it over: a title (or none) and its text."""

    @property
    def title(self) -> str | None: ...

    @property
    def text(self) -> str: ...


def decode_upload(data: bytes, *, max_bytes: int) -> str:
    """UTF-8 text from uploaded bytes (BOM dropped); binary or other encodings are refused."""
    if len(data) > max_bytes:
        raise TooLarge(f"the upload is {len(data):,} bytes; the limit is {max_bytes:,}")
    if b"\x00" in data:
        raise NotUtf8("the file looks binary (it contains NUL bytes); upload it with its own "
                      "extension (.docx, .odt, .rtf, .epub) or as plain UTF-8 text")
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotUtf8(
            f"the file is not UTF-8 text (bad byte at position {exc.start}); "
            "save it as UTF-8 and upload it again"
        ) from exc
    return decoded.removeprefix("\ufeff")


def create_novel(
    session: Session, *, title: str, author: str | None = None, genre: str | None = None
) -> uuid.UUID:
    """Create a novel; returns its id."""
    if not title.strip():
        raise InvalidInput("the title is empty")
    _check_plain(title=title, author=author, genre=genre)
    return session.execute(
        text("INSERT INTO novels (title, author, genre) VALUES (:t, :a, :g) RETURNING id"),
        {"t": title.strip(), "a": author, "g": genre},
    ).scalar_one()


def delete_novel(session: Session, *, novel_id: uuid.UUID) -> None:
    """Delete a novel and everything in it."""
    gone = session.execute(text("DELETE FROM novels WHERE id = :n RETURNING id"), {"n": novel_id})
    if gone.first() is None:
        raise NotFound(f"novel {novel_id} does not exist")


def submit_chapter(
    session: Session, *, novel_id: uuid.UUID, number: int | None, title: str | None, text_: str,
    replace: bool = False, max_bytes: int, source: str = "human",
) -> uuid.UUID:
    """Validate one chapter and queue it; returns the job id."""
    _require_novel(session, novel_id)
    check_text(text_, max_bytes=max_bytes)
    _check_plain(title=title)
    lock_submissions(session, novel_id)
    expected = next_free_number(session=session, novel_id=novel_id)
    number = expected if number is None else number
    if number < 1:
        raise InvalidInput("chapter numbers start at 1")
    taken = pending_numbers(session=session, novel_id=novel_id)
    if number in taken and not replace:
        raise Conflict(f"chapter {number} already exists or is queued; "
                       "send replace=true to re-process it")
    if number not in taken and number != expected:
        raise Conflict(f"chapter {number} would leave a gap: the next chapter is {expected}")
    return enqueue_chapter(session.connection(), novel_id=novel_id, number=number, title=title,
                           text_=text_, source=source, replace=replace and number in taken)


def queue_chapter(*, novel_id: uuid.UUID, number: int | None, title: str | None, text_: str,
                  replace: bool, max_bytes: int) -> uuid.UUID:
    """submit_chapter in its own transaction, committed before it returns.

    The HTTP routes call this in a worker thread: the per-novel lock must never be held by a
    transaction whose commit waits for the event loop, or a second upload blocks them both.
    """
    with write_session(novel_id=novel_id) as session:
        return submit_chapter(session, novel_id=novel_id, number=number, title=title,
                              text_=text_, replace=replace, max_bytes=max_bytes)


def queue_book(*, novel_id: uuid.UUID, text_: str, max_bytes: int,
               max_chapters: int) -> list[uuid.UUID]:
    """submit_book in its own transaction, committed before it returns (see queue_chapter)."""
    with write_session(novel_id=novel_id) as session:
        return submit_book(session, novel_id=novel_id, text_=text_, max_bytes=max_bytes,
                           max_chapters=max_chapters)


def queue_chapters(*, novel_id: uuid.UUID, chapters: Sequence[TitledText], max_bytes: int,
                   max_chapters: int) -> list[uuid.UUID]:
    """submit_chapters in its own transaction, committed before it returns (see queue_chapter)."""
    with write_session(novel_id=novel_id) as session:
        return submit_chapters(session, novel_id=novel_id, chapters=chapters,
                               max_bytes=max_bytes, max_chapters=max_chapters)


def submit_book(
    session: Session, *, novel_id: uuid.UUID, text_: str, max_bytes: int, max_chapters: int
) -> list[uuid.UUID]:
    """Split a whole book into chapters and queue them in order; returns the job ids."""
    _require_novel(session, novel_id)
    check_text(text_, max_bytes=max_bytes)
    return submit_chapters(session, novel_id=novel_id, chapters=split_book(text_),
                           max_bytes=max_bytes, max_chapters=max_chapters)


def submit_chapters(
    session: Session, *, novel_id: uuid.UUID, chapters: Sequence[TitledText], max_bytes: int,
    max_chapters: int,
) -> list[uuid.UUID]:
    """Queue a book's chapters (already split, e.g. from a document) in order; returns the jobs."""
    _require_novel(session, novel_id)
    if len(chapters) > max_chapters:
        raise InvalidInput(f"the book splits into {len(chapters):,} chapters; "
                           f"the limit is {max_chapters:,}")
    for chapter in chapters:
        if chapter.text.strip():
            check_text(chapter.text, max_bytes=max_bytes)
            _check_plain(title=chapter.title)
    lock_submissions(session, novel_id)
    first = next_free_number(session=session, novel_id=novel_id)
    jobs: list[uuid.UUID] = []
    for chapter in chapters:
        if not chapter.text.strip():
            continue  # a heading with no text: numbers stay contiguous without it
        jobs.append(enqueue_chapter(session.connection(), novel_id=novel_id,
                                    number=first + len(jobs), title=chapter.title,
                                    text_=chapter.text))
    if not jobs:
        raise EmptyText("no chapter of the book has any text")
    return jobs


def _require_novel(session: Session, novel_id: uuid.UUID) -> None:
    if session.execute(text("SELECT 1 FROM novels WHERE id = :n"), {"n": novel_id}).first() is None:
        raise NotFound(f"novel {novel_id} does not exist")


def check_text(text_: str, *, max_bytes: int) -> None:
    if not text_.strip():
        raise EmptyText("the chapter text is empty; paste the chapter or upload a .txt file")
    if len(text_.encode("utf-8")) > max_bytes:
        raise TooLarge(f"the text is over the {max_bytes:,}-byte limit")
    if "\x00" in text_:
        raise NotUtf8("the text contains NUL characters; upload plain UTF-8 text")


def _check_plain(**fields: str | None) -> None:
    """Short fields (titles, author) are stored as text: PostgreSQL refuses NUL characters."""
    for name, value in fields.items():
        if value is not None and "\x00" in value:
            raise InvalidInput(f"the {name} contains NUL characters; send plain text")


def lock_submissions(session: Session, novel_id: uuid.UUID) -> None:
    """Two uploads for one novel take numbers one after the other."""
    session.execute(
        text("SELECT pg_advisory_xact_lock(hashtextextended(CAST(:n AS text), 7))"), {"n": novel_id}
    )
