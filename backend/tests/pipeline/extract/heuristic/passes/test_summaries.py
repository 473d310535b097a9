"""multi_granularity_summaries: extractive, real sentences, growing with the granularity."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.events import extract_events
from continuum.pipeline.extract.heuristic.passes.summaries import extract_summaries

from .support import novel_chapters

ViewOf = Callable[..., ChapterView]


def _sentences(view: ChapterView) -> list[str]:
    return [" ".join(view.text[s:e].split()) for s, e in view.chapter.sentences]


def test_summaries_are_sentences_of_the_chapter_in_text_order(view: ViewOf) -> None:
    text = novel_chapters("pride_and_prejudice.txt")[0]
    v = view(text)
    summaries = extract_summaries(v, extract_events(v))
    sentences = _sentences(v)
    positions = {}
    for name in ("short", "medium", "long"):
        summary = getattr(summaries, name)
        picked = [s for s in sentences if s in summary]
        assert " ".join(picked) == summary, name
        positions[name] = [sentences.index(s) for s in picked]
        assert positions[name] == sorted(positions[name])
    assert len(positions["short"]) == 1
    assert len(positions["medium"]) == 3
    assert len(positions["long"]) == 8
    assert set(positions["short"]) <= set(positions["medium"]) <= set(positions["long"])
    assert summaries.short.startswith("It is a truth universally acknowledged")
    assert "Illustration" not in summaries.long


def test_a_short_text_gives_what_it_has(view: ViewOf) -> None:
    v = view("Elizabeth walked to Meryton with her sister Jane.")
    summaries = extract_summaries(v, [])
    assert summaries.short == summaries.medium == summaries.long
    assert summaries.short == "Elizabeth walked to Meryton with her sister Jane."
