"""The earlier chapters' records (`ChapterRecords`), which the checks compare a draft's claims
with instead of searching those chapters' text. Each chapter's are stored with it when it is
written (`chapters.records`); a chapter written before the column existed, or read by an LLM
with the critic off, has none stored (or none of a kind added since it was written), and the
offline reader reads them from its text here, once per text; the spine then stores them
with the next chapter it writes (`EarlierRecords.unstored`), so an upgraded novel pays for the
reading once (spoiler-safe: only chapters numbered at most the cap are read)."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.pipeline.extract.schema import ChapterRecords
from continuum.reads.visibility import asserted_by


@dataclass(frozen=True)
class EarlierRecords:
    """The records of the chapters before a draft, in story order."""

    chapters: tuple[tuple[int, ChapterRecords], ...]
    unstored: tuple[tuple[int, str, ChapterRecords], ...] = ()
    """The chapters whose records (some kinds or all) were read from their text here, with
    their text's hash: the spine stores them when it writes the next chapter."""

    def each(self, kind: str) -> Iterator[tuple[int, Any]]:
        """Every earlier record of one kind (a `ChapterRecords` field), with its chapter."""
        for number, records in self.chapters:
            for record in getattr(records, kind):
                yield number, record


def load_earlier_records(session: Session, *, novel_id: uuid.UUID, cap: int) -> EarlierRecords:
    """The records of the chapters numbered at most `cap`, in one query."""
    rows = session.execute(text(f"""
            SELECT c.number, c.records::text AS records, c.text, c.content_hash
              FROM chapters c
             WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
             ORDER BY c.number"""), {"n": novel_id, "cap": cap})
    chapters, unstored = [], []
    for row in rows:
        stored = _parsed(row.records) if row.records is not None else None
        if stored is not None and stored.model_fields_set >= ChapterRecords.model_fields.keys():
            chapters.append((row.number, stored))
            continue
        records = _read_from_text(row.content_hash, row.text)
        if stored is not None:  # stored before some kinds existed: those are read from the text
            kept = {kind: getattr(stored, kind) for kind in stored.model_fields_set}
            records = records.model_copy(update=kept)
        chapters.append((row.number, records))
        unstored.append((row.number, row.content_hash, records))
    return EarlierRecords(tuple(chapters), tuple(unstored))


@functools.lru_cache(maxsize=1024)
def _parsed(records: str) -> ChapterRecords:
    """A chapter's stored records, parsed once per process."""
    return ChapterRecords.model_validate_json(records)


@functools.lru_cache(maxsize=256)
def _read_from_text(content_hash: str, chapter: str) -> ChapterRecords:
    """A chapter's records read from its text by the offline reader, without the story's cast
    (the chapter has none stored). Keyed by the text's hash."""
    from continuum.pipeline.extract.heuristic.offline_records import read_records

    return read_records(chapter)
