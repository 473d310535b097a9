"""Earlier chapters' own sentences, for the critic's targeted look-ups (spoiler-safe: only
chapters numbered at most the cap are read)."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.visibility import asserted_by


@dataclass(frozen=True)
class PriorSentence:
    """One sentence of an earlier chapter."""

    chapter: int
    start: int
    quote: str


@dataclass
class PriorText:
    """Sentences of the chapters up to `cap` that match a pattern (cached per pattern)."""

    session: Session
    novel_id: uuid.UUID
    cap: int
    _cache: dict[str, list[PriorSentence]] = field(default_factory=dict)

    def sentences_with(self, pattern: str) -> list[PriorSentence]:
        """Every earlier sentence matching a case-insensitive regex, in story order."""
        if pattern in self._cache:
            return self._cache[pattern]
        from continuum.pipeline.critic.prose import sentences

        compiled = re.compile(pattern, re.IGNORECASE)
        found: list[PriorSentence] = []
        rows = self.session.execute(text(f"""
                SELECT c.number AS chapter, c.text FROM chapters c
                 WHERE c.novel_id = :n AND {asserted_by('c', 'number')} AND c.text ~* :pattern
                 ORDER BY c.number"""),
            {"n": self.novel_id, "cap": self.cap, "pattern": _postgres(pattern)})
        for row in rows:
            for sentence in sentences(row.text):
                if compiled.search(sentence.text):
                    found.append(PriorSentence(row.chapter, sentence.start, sentence.text))
        self._cache[pattern] = found
        return found

    def mentions(self, pattern: str) -> bool:
        """Whether any earlier chapter matches the pattern at all."""
        return bool(self.sentences_with(pattern))


def _postgres(pattern: str) -> str:
    """A Python regex as a PostgreSQL ARE prefilter (word boundaries and groups differ)."""
    return re.sub(r"\(\?P<\w+>", "(", pattern.replace(r"\b", r"\y").replace("(?:", "("))


def load_prior_text(*, session: Session, novel_id: uuid.UUID, cap: int) -> PriorText:
    """The chapters before a draft (numbered at most `cap`), searched lazily."""
    return PriorText(session=session, novel_id=novel_id, cap=cap)
