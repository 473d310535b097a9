"""Helpers for the rule-pass tests: shared novels, the real analyzer, evidence checks."""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.segment.books import split_book

REPO_ROOT = Path(__file__).resolve().parents[6]


def shared_data() -> Path:
    """The shared data folder: $CONTINUUM_SHARED_DATA, else <repo root>/../shared/data."""
    env = os.environ.get("CONTINUUM_SHARED_DATA")
    return Path(env) if env else REPO_ROOT.parent / "shared" / "data"


@lru_cache(maxsize=4)
def novel_chapters(name: str) -> tuple[str, ...]:
    """The chapters of a shared novel, as the book splitter cuts them."""
    text = (shared_data() / "novels" / name).read_text(encoding="utf-8")
    return tuple(c.text for c in split_book(text))


def analyze_text(text: str, context: StoryContext | None = None) -> AnalyzedChapter:
    """The real entities stage (spaCy parse, names, aliases, pronouns) over a text."""
    return analyze_chapter_text(text, context or StoryContext())


# Characters of earlier chapters that a one-sentence test text mentions only once: the
# entities stage (rightly) does not trust a lone capitalised word, the spine's roster does.
ROSTER = [KnownEntity(name=name, type="character", gender=gender) for name, gender in (
    ("Wickham", "male"), ("Jenkins", "male"), ("Morgan", "male"), ("Marianne", "female"),
    ("Louisa", "female"), ("Tom Morgan", "male"), ("Israel Hands", "male"),
)]


def build_view(text: str, context: StoryContext | None = None) -> ChapterView:
    """Analyze a text, with the test roster as story context, and wrap it for the passes."""
    ctx = (context or StoryContext()).model_copy(deep=True)
    known = {e.name for e in ctx.entities}
    ctx.entities += [e for e in ROSTER if e.name not in known]
    return ChapterView.build(analyze_text(text, ctx), ctx)


def made_of_sentences(summary: str, sentences: list[str]) -> bool:
    """Whether a summary is some of the given sentences, joined in their order."""
    rest = summary
    for sentence in sentences:
        if rest.startswith(sentence):
            rest = rest[len(sentence):].lstrip()
            if not rest:
                return True
    return not rest


@lru_cache(maxsize=4)
def novel_text(name: str) -> str:
    """A shared novel, exactly as distributed."""
    return (shared_data() / "novels" / name).read_text(encoding="utf-8")


def in_novel(name: str, sentence: str) -> bool:
    """Whether a sentence occurs in a shared novel (whitespace-insensitive)."""
    return " ".join(sentence.split()) in " ".join(novel_text(name).split())


def assert_evidence_exact(text: str, items: Iterable[Any]) -> None:
    """Every evidence quote is the exact chapter text at its offsets."""
    for item in items:
        ev = item.evidence
        assert 0 <= ev.start <= ev.end <= len(text), item
        assert text[ev.start : ev.end] == ev.quote, item
        assert ev.quote.strip(), item
