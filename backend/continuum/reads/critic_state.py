"""Earlier chapters' own sentences, for the critic's targeted look-ups (spoiler-safe: only
chapters numbered at most the cap are read)."""

from __future__ import annotations

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
    thread that may be abandoned when it overruns its time budget."""

    novel_id: uuid.UUID
    cap: int
    chapters: list[tuple[int, str]]
    _cache: dict[str, list[PriorSentence]] = field(default_factory=dict)
    _split: dict[int, list[PriorSentence]] = field(default_factory=dict)

    def sentences_with(self, pattern: str) -> list[PriorSentence]:
        """Every earlier sentence matching a case-insensitive regex, in story order."""
        if pattern in self._cache:
            return self._cache[pattern]
        compiled = re.compile(pattern, re.IGNORECASE)
        found = [sentence for number, chapter in self.chapters if compiled.search(chapter)
                 for sentence in self._sentences(number, chapter) if compiled.search(sentence.quote)]
        self._cache[pattern] = found
        return found

    def mentions(self, pattern: str) -> bool:
        """Whether any earlier chapter matches the pattern at all."""
        return bool(self.sentences_with(pattern))

    def _sentences(self, number: int, chapter: str) -> list[PriorSentence]:
        if number not in self._split:
            self._split[number] = [PriorSentence(number, s.start, s.text) for s in sentences(chapter)]
        return self._split[number]


def load_prior_text(*, session: Session, novel_id: uuid.UUID, cap: int) -> PriorText:
    """The chapters before a draft (numbered at most `cap`), read in one query."""
    rows = session.execute(text(f"""
            SELECT c.number AS chapter, c.text FROM chapters c
             WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
             ORDER BY c.number"""), {"n": novel_id, "cap": cap})
    return PriorText(novel_id=novel_id, cap=cap, chapters=[(row.chapter, row.text) for row in rows])
