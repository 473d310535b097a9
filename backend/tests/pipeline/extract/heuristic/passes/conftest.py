"""Fixtures for the rule passes: shared novels, and an analyzer for short texts."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pytest

from continuum.pipeline.extract.heuristic.document import AnalyzedChapter, ResolvedMention
from continuum.pipeline.extract.heuristic.nlp import parse
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import EntityItem, Evidence, Mention
from continuum.pipeline.segment import split_sentences
from continuum.pipeline.segment.books import split_book

REPO_ROOT = Path(__file__).resolve().parents[6]

_MALE = {"mr", "mr.", "sir", "lord", "captain", "squire", "dr", "dr.", "uncle", "king"}
_FEMALE = {"mrs", "mrs.", "miss", "lady", "aunt", "queen", "madam"}
_PRONOUNS = {
    "he": "male", "him": "male", "his": "male", "himself": "male",
    "she": "female", "her": "female", "hers": "female", "herself": "female",
}


def shared_data() -> Path:
    """The shared data folder: $CONTINUUM_SHARED_DATA, else <repo root>/../shared/data."""
    env = os.environ.get("CONTINUUM_SHARED_DATA")
    return Path(env) if env else REPO_ROOT.parent / "shared" / "data"


@lru_cache(maxsize=4)
def novel_chapters(name: str) -> tuple[str, ...]:
    """The chapters of a shared novel, as the book splitter cuts them."""
    text = (shared_data() / "novels" / name).read_text(encoding="utf-8")
    return tuple(c.text for c in split_book(text))


def simple_analyze(text: str, context: StoryContext | None = None) -> AnalyzedChapter:
    """A minimal stand-in analyzer: spaCy entities as mentions, naive gendered pronouns."""
    doc = parse(text)
    entities: dict[str, EntityItem] = {}
    mentions: list[ResolvedMention] = []
    gender: dict[str, str] = {}
    recent: list[str] = []
    ents = {e.start: e for e in doc.ents if e.label_ in {"PERSON", "GPE", "LOC", "FAC"}}
    i = 0
    while i < len(doc):
        ent = ents.get(i)
        if ent is not None:
            start, end = ent.start_char, ent.end_char
            prev = doc[ent.start - 1] if ent.start > 0 else None
            if prev is not None and prev.lower_.rstrip(".") in {"mr", "mrs", "miss", "sir", "lady",
                                                                  "lord", "captain", "dr"}:
                start = prev.idx
            key = text[start:end]
            kind = "character" if ent.label_ == "PERSON" else "location"
            if key not in entities:
                entities[key] = EntityItem(
                    name=key, type=kind, mentions=[],
                    evidence=Evidence(start=start, end=end, quote=key, rule="test.ner"),
                )
                title = key.split()[0].lower()
                gender[key] = "male" if title in _MALE else "female" if title in _FEMALE else "unknown"
            entities[key].mentions.append(Mention(start=start, end=end, text=key))
            mentions.append(ResolvedMention(start, end, key, key, "name"))
            if kind == "character":
                recent.append(key)
            i = ent.end
            continue
        tok = doc[i]
        want = _PRONOUNS.get(tok.lower_)
        if want is not None and recent:
            pick = next((k for k in reversed(recent) if gender[k] in {want, "unknown"}), None)
            if pick is not None:
                mentions.append(
                    ResolvedMention(tok.idx, tok.idx + len(tok.text), tok.text, pick, "pronoun")
                )
        i += 1
    sentences = [(s.start, s.end) for s in split_sentences(text)]
    return AnalyzedChapter(text=text, doc=doc, sentences=sentences, entities=entities,
                           mentions=sorted(mentions, key=lambda m: m.start))


def analyze_text(text: str, context: StoryContext | None = None) -> AnalyzedChapter:
    """The real analyzer when it exists, else the stand-in."""
    try:
        from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
    except ImportError:
        return simple_analyze(text, context)
    return analyze_chapter_text(text, context or StoryContext())


@pytest.fixture
def view() -> Callable[..., ChapterView]:
    """Build a ChapterView over a text (and an optional story context)."""

    def build(text: str, context: StoryContext | None = None) -> ChapterView:
        ctx = context or StoryContext()
        return ChapterView.build(analyze_text(text, ctx), ctx)

    return build


def assert_evidence_exact(text: str, items: object) -> None:
    """Every evidence quote is the exact chapter text at its offsets."""
    for item in items:  # type: ignore[attr-defined]
        ev = item.evidence
        assert 0 <= ev.start <= ev.end <= len(text), item
        assert text[ev.start : ev.end] == ev.quote, item
        assert ev.quote.strip(), item
