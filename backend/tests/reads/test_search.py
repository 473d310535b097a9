"""Search at the cap: nothing from later chapters, and each retriever finds the right text."""

from __future__ import annotations

import re

import pytest

from continuum.embed import HashingEmbedder
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
    relevance = {"a": 1.0, "a2": 0.95, "b": 0.6, "z": 0.0}
    vectors = {"a": [1.0, 0.0], "a2": [0.99, 0.01], "b": [0.0, 1.0]}
    assert mmr(relevance, vectors, 2) == ["a", "b"]
    assert mmr(relevance, vectors, 2, lam=1.0) == ["a", "a2"]


def test_bm25_matches_any_word_and_ranks_by_coverage(story, read) -> None:
    novel, _ = story
    # A reader's question shares only some words with the answer: no passage contains
    # "where" or "hidden", yet the cellar passages must come back.
    found = _search(read, novel, 4, "where was the cellar hidden", "bm25")
    assert found.hits and all("«cellar»" in h.snippet for h in found.hits[:2]), found.hits


def test_bm25_keeps_web_search_operators(story, read) -> None:
    novel, _ = story
    anyword = _search(read, novel, 4, "cellar zebra", "bm25").hits
    assert anyword  # plain words: any of them
    assert _search(read, novel, 4, '"cellar zebra"', "bm25").hits == []  # a quoted phrase: all
    without = _search(read, novel, 4, "cellar -silver", "bm25").hits
    assert without and all("silver" not in h.snippet.lower() for h in without)


def test_mmr_respects_small_differences_in_fused_scores() -> None:
    # Fused RRF scores of neighbouring ranks differ by ~2 %; a mildly similar second-best
    # candidate must not fall behind the tenth just because the tenth is unrelated.
    ranking = [f"r{i}" for i in range(10)]
    fused = reciprocal_rank_fusion([ranking, ranking])
    vectors = {key: [0.3, 0.954] for key in ranking}  # cosine 0.3 to r0
    vectors["r0"], vectors["r9"] = [1.0, 0.0], [0.0, 1.0]
    assert mmr(fused, vectors, 2) == ["r0", "r1"]
    # ... while a near-duplicate still gives way.
    vectors["r1"] = [1.0, 0.01]
    assert mmr(fused, vectors, 2) == ["r0", "r2"]
