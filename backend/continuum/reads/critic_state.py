"""Earlier chapters' own sentences, for the critic's targeted look-ups (spoiler-safe: only
chapters numbered at most the cap are read)."""

from __future__ import annotations

import functools
import re
import uuid
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.language.prose import sentences
from continuum.reads.visibility import asserted_by


@dataclass(frozen=True)
class PriorSentence:
    """One sentence of an earlier chapter."""

    chapter: int
    start: int
    quote: str


@dataclass
class PriorText:
    """The text of the chapters up to `cap`, read once, and their sentences matching a pattern
    (cached per pattern). Holds no database session: the critic's checks run on it in a worker
    thread that may be abandoned when it overruns its time budget.

    A chapter's sentences, and those matching a pattern, are also kept across critiques
    (`chapter_sentences_with`, keyed by the chapter's text, so an edited chapter is read
    afresh): submitting a book in order, each critique searches only the chapter before it,
    not the whole book again. The caches are bounded (the last 1,024 chapters' texts and
    sentences), so a long-running server holds a few books' worth at most."""

    novel_id: uuid.UUID
    cap: int
    chapters: list[tuple[int, str]]
    _cache: dict[str, list[PriorSentence]] = field(default_factory=dict)

    def sentences_with(self, pattern: str) -> list[PriorSentence]:
        """Every earlier sentence matching a case-insensitive regex, in story order."""
        if pattern not in self._cache:
            self._cache[pattern] = [sentence for number, chapter in self.chapters
                                    for sentence in chapter_sentences_with(pattern, number, chapter)]
        return self._cache[pattern]

    def mentions(self, pattern: str) -> bool:
        """Whether any earlier chapter matches the pattern at all."""
        return bool(self.sentences_with(pattern))


@functools.lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _split(number: int, chapter: str) -> tuple[PriorSentence, ...]:
    return tuple(PriorSentence(number, s.start, s.text) for s in sentences(chapter))


@functools.lru_cache(maxsize=65536)
def chapter_sentences_with(pattern: str, number: int, chapter: str) -> tuple[PriorSentence, ...]:
    """The sentences of one chapter that match (the chapter is searched whole first)."""
    compiled = _compiled(pattern)
    if compiled.search(chapter) is None:
        return ()
    return tuple(s for s in _split(number, chapter) if compiled.search(s.quote))


def load_prior_text(*, session: Session, novel_id: uuid.UUID, cap: int) -> PriorText:
    """The chapters before a draft (numbered at most `cap`), read in one query."""
    rows = session.execute(text(f"""
            SELECT c.number AS chapter, c.text FROM chapters c
             WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
             ORDER BY c.number"""), {"n": novel_id, "cap": cap})
    return PriorText(novel_id=novel_id, cap=cap,
                     chapters=[(row.chapter, _one_copy(row.text)) for row in rows])


@functools.lru_cache(maxsize=1024)
def _one_copy(chapter: str) -> str:
    """The first copy of a chapter's text read, so the caches above hold each text once."""
    return chapter
