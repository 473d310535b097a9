"""Earlier chapters' own sentences, for the critic's targeted look-ups (spoiler-safe: only
chapters numbered at most the cap are read)."""

from __future__ import annotations

import bisect
import functools
import re
import uuid
from collections.abc import Sequence
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

    def sentences_with_words(self, words: Sequence[str], *, plural: bool = True) -> list[PriorSentence]:
        """Every earlier sentence that holds each of the words whole, in any case, and with an
        "s" added when `plural` ("harbour wall" finds "by the harbour walls"), in story order."""
        if not words:
            return []
        patterns = sorted((_word_pattern(w, plural) for w in words), key=len, reverse=True)
        return [s for s in self.sentences_with(patterns[0])
                if all(_compiled(p).search(s.quote) for p in patterns[1:])]

    def chapter_with_words(self, words: Sequence[str], *, plural: bool = True) -> bool:
        """Whether one earlier chapter holds each of the words somewhere ("the Lantern" and
        "table" in one chapter, if not in one sentence)."""
        patterns = [_compiled(_word_pattern(w, plural)) for w in words]
        return any(all(p.search(chapter) for p in patterns) for _n, chapter in self.chapters)


def _word_pattern(word: str, plural: bool) -> str:
    """A whole word, and its crude plural."""
    return rf"\b{re.escape(word)}{'s?' if plural else ''}\b"


@functools.lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _split(number: int, chapter: str) -> tuple[PriorSentence, ...]:
    return tuple(PriorSentence(number, s.start, s.text) for s in sentences(chapter))


@functools.lru_cache(maxsize=1024)
def _starts(number: int, chapter: str) -> tuple[int, ...] | None:
    """Where each sentence of a chapter starts, when every sentence is the chapter's own text
    at its offset (else None: the sentences must be searched one by one)."""
    split = _split(number, chapter)
    if any(chapter[s.start:s.start + len(s.quote)] != s.quote for s in split):
        return None
    return tuple(s.start for s in split)


# A pattern that looks at the text around a match (an anchor, a look-around) may match a
# sentence alone and not the same words inside the chapter, or the other way round.
_CONTEXTUAL = ("^", "$", "\\A", "\\Z", "(?=", "(?!", "(?<")


@functools.lru_cache(maxsize=65536)
def chapter_sentences_with(pattern: str, number: int, chapter: str) -> tuple[PriorSentence, ...]:
    """The sentences of one chapter that match. The chapter is searched whole, and only the
    sentences a match starts in are tried on their own (a match running over a sentence's
    end, or a pattern that looks around it, has every sentence tried)."""
    compiled = _compiled(pattern)
    split, starts = _split(number, chapter), _starts(number, chapter)
    if starts is None or any(mark in pattern for mark in _CONTEXTUAL):
        return tuple(s for s in split if compiled.search(s.quote))
    matches = list(compiled.finditer(chapter))
    candidates: set[int] = set()
    for m in matches:
        at = bisect.bisect_right(starts, m.start()) - 1
        if at < 0 or m.end() > split[at].start + len(split[at].quote):
            return tuple(s for s in split if compiled.search(s.quote))
        candidates.add(at)
    return tuple(split[i] for i in sorted(candidates) if compiled.search(split[i].quote))


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
