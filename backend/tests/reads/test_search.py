"""Search at the cap: nothing from later chapters, and each retriever finds the right text."""

from __future__ import annotations

import re

import pytest

from continuum.pipeline.embed import HashingEmbedder
from continuum.reads.ranking import mmr, reciprocal_rank_fusion
from continuum.reads.search import search

MODES = ("bm25", "dense", "hybrid")
LATER = re.compile(r"\b(ranger|Kell|Addy|died)\b")


def _search(read, novel, cap, q, mode="hybrid", limit=10):
    return read(search, novel_id=novel, cap=cap, q=q, mode=mode, limit=limit,
                embedder=HashingEmbedder())


@pytest.mark.parametrize("mode", MODES)
def test_nothing_from_chapters_after_the_cap(story, read, mode) -> None:
    novel, _ = story
    for q in ("ranger of the north", "Kell", "Bram Stone died", "silver key", "Addy"):
        for cap in (1, 2):
            found = _search(read, novel, cap, q, mode)
            assert all(h.chapter <= cap for h in found.hits), (q, cap, found.hits)
            assert not any(LATER.search(h.snippet) for h in found.hits)
    assert _search(read, novel, 0, "silver key", mode).hits == []


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_finds_the_right_passage(story, read, mode) -> None:
    novel, _ = story
    found = _search(read, novel, 4, "Ada gave the silver key to Bram", mode)
    top = found.hits[0]
    assert top.chapter == 2 and top.kind in ("passage", "scene", "event"), found.hits
    assert found.mode == mode and found.dense_available


def test_bm25_snippets_mark_the_matches_in_plain_text(story, read) -> None:
    novel, _ = story
    found = _search(read, novel, 4, "cellar", "bm25")
    assert {h.chapter for h in found.hits} == {1, 2, 3, 4}
    assert all("«cellar»" in h.snippet and "<b>" not in h.snippet for h in found.hits)
    passage = next(h for h in found.hits if h.kind == "passage")
    assert passage.start == 0 and passage.end > passage.start
    assert found.hits == sorted(found.hits, key=lambda h: -h.score)


def test_entities_match_by_name_and_alias_as_of_the_cap(story, read) -> None:
    novel, people = story
    at2 = [h for h in _search(read, novel, 2, "Addy").hits if h.kind == "entity"]
    assert at2 == []
    at3 = [h for h in _search(read, novel, 3, "Addy").hits if h.kind == "entity"]
    assert [h.entity.name for h in at3] == ["Ada Quill"]
    where = _search(read, novel, 4, "where is Bram Stone")
    assert any(h.entity and h.entity.id == people["Bram Stone"] for h in where.hits)


def test_limit_and_diversity(story, read) -> None:
    novel, _ = story
    assert len(_search(read, novel, 4, "Ada", limit=3).hits) == 3
    hits = _search(read, novel, 4, "silver key", limit=10).hits
    assert len({(h.kind, h.id) for h in hits}) == len(hits)


def test_rrf_and_mmr() -> None:
    fused = reciprocal_rank_fusion([["a", "b", "c"], ["b", "a"], ["c"]])
    assert list(fused)[:2] == ["a", "b"] and fused["a"] == pytest.approx(1 / 61 + 1 / 62)
    relevance = {"a": 1.0, "a2": 0.95, "b": 0.6}
    vectors = {"a": [1.0, 0.0], "a2": [0.99, 0.01], "b": [0.0, 1.0]}
    assert mmr(relevance, vectors, 2) == ["a", "b"]
    assert mmr(relevance, vectors, 2, lam=1.0) == ["a", "a2"]
