"""The offline extractor end to end: all 13 passes on real chapters."""

from __future__ import annotations

from functools import lru_cache

import pytest

from continuum.pipeline.extract.heuristic.extractor import RUN_ORDER, OfflineExtractor
from continuum.pipeline.extract.protocol import Extractor, StoryContext
from continuum.pipeline.extract.schema import PASS_NAMES, ChapterExtraction
from continuum.pipeline.segment import split_sentences

from .support import assert_evidence_exact, made_of_sentences, novel_chapters

EVIDENCED = ("state_deltas", "events", "thread_updates", "continuity_flags",
             "relationship_updates", "dynamics_updates", "knowledge_state_deltas",
             "commitments", "canon_facts")
CHAPTERS = [("pride_and_prejudice.txt", 1), ("pride_and_prejudice.txt", 18),
            ("treasure_island.txt", 3), ("alice_in_wonderland.txt", 1)]


@lru_cache(maxsize=8)
def extracted(novel: str, number: int) -> ChapterExtraction:
    text = novel_chapters(novel)[number - 1]
    return OfflineExtractor().extract(text, chapter_number=number, context=StoryContext())


def test_it_is_an_extractor_named_offline() -> None:
    extractor: Extractor = OfflineExtractor()
    assert extractor.name == "offline"
    assert sorted(RUN_ORDER) == sorted(PASS_NAMES)


def test_progress_is_reported_once_per_pass_and_reaches_one() -> None:
    calls: list[tuple[str, float]] = []
    OfflineExtractor().extract("Elizabeth walked to Meryton with her sister Jane.",
                               chapter_number=1, context=StoryContext(),
                               progress=lambda what, done: calls.append((what, done)))
    assert [what for what, _ in calls[1:]] == list(RUN_ORDER)
    fractions = [done for _, done in calls]
    assert fractions == sorted(fractions)
    assert fractions[0] == 0.0 and fractions[-1] == 1.0


@pytest.mark.parametrize(("novel", "number"), CHAPTERS)
def test_every_evidence_quote_is_the_chapter_text_at_its_offsets(novel: str, number: int) -> None:
    text = novel_chapters(novel)[number - 1]
    result = extracted(novel, number)
    for name in EVIDENCED:
        assert_evidence_exact(text, getattr(result, name))
    for scene in result.scene_segmentation:
        assert 0 <= scene.start < scene.end <= len(text)
    sentences = [" ".join(s.text.split()) for s in split_sentences(text)]
    summaries = result.multi_granularity_summaries
    for summary in (summaries.short, summaries.medium, summaries.long, result.chapter_summary):
        assert summary and made_of_sentences(summary, sentences)


def test_chapter_one_of_pride_and_prejudice() -> None:
    text = novel_chapters("pride_and_prejudice.txt")[0]
    result = extracted("pride_and_prejudice.txt", 1)
    names = {e.name for e in result.new_entities}
    assert {"Mr. Bennet", "Mr. Bingley", "Lizzy"} <= names
    marriages = [r for r in result.relationship_updates if r.type == "married_to"]
    # "his wife" of Mr. Bennet, and Mrs. Bennet's "Sir William and Lady Lucas are determined
    # to go": a couple named as the period names one.
    assert {(r.source, r.target) for r in marriages} == {("Mrs. Bennet", "Mr. Bennet"),
                                                         ("Lady Lucas", "Sir William")}
    assert all(r.symmetric and not r.ended for r in marriages)
    pairs = {frozenset((d.a, d.b)) for d in result.dynamics_updates}
    assert frozenset({"Mr. Bennet", "Mrs. Bennet"}) in pairs
    [scene] = result.scene_segmentation
    assert (scene.start, scene.end) == (0, len(text))
    assert {"Mr. Bennet", "Mrs. Bennet"} <= set(scene.present)
    titles = {(f.subject, f.value) for f in result.canon_facts if f.predicate == "title"}
    assert {("Sir William", "Sir"), ("Lady Lucas", "Lady")} <= titles
    assert result.chapter_summary == result.multi_granularity_summaries.medium
    assert result.multi_granularity_summaries.short.startswith(
        "It is a truth universally acknowledged")
    # Nothing is produced from questions, wishes or plans: no marriage, no visit.
    assert not result.state_deltas
    assert not [e for e in result.events if e.verb in {"marry", "visit"}]


def test_a_longer_chapter_yields_items_of_every_kind() -> None:
    result = extracted("pride_and_prejudice.txt", 18)
    assert result.events and result.relationship_updates and result.dynamics_updates
    assert result.knowledge_state_deltas and result.canon_facts and result.scene_segmentation
    assert any(d.kind == "arrived_at" and d.subject == "Elizabeth" for d in result.state_deltas)
