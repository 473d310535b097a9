"""Scoring of the critic eval (recall per check type, false FAILs) and of the search eval."""

from __future__ import annotations

from evals.critic_eval import NOVELS, DraftResult, NovelResult, summarize
from evals.search_eval import Hit, answers, first_rank, hybrid_wins, mrr, passage_span, recall_at


def finding(check: str, severity: str = "FAIL", start: int | None = 0, end: int | None = 5
            ) -> dict:
    return {"check": check, "severity": severity, "message": "m", "draft_start": start,
            "draft_end": end}


def test_draft_caught_located_and_false_fail() -> None:
    warned = DraftResult(id="k1", seeded="knowledge", status="ok",
                         findings=[finding("knowledge", "WARN", 10, 20)], quote_span=(0, 8))
    assert warned.caught and not warned.caught_fail and not warned.located
    failed = DraftResult(id="k2", seeded="knowledge", status="ok",
                         findings=[finding("knowledge", "FAIL", 5, 30)], quote_span=(0, 8))
    assert failed.caught and failed.caught_fail and failed.located
    other = DraftResult(id="k3", seeded="knowledge", status="ok", findings=[finding("canon")])
    assert not other.caught and not other.false_fail  # a seeded draft is never a false FAIL
    clean = DraftResult(id="c1", seeded=None, status="ok", findings=[finding("entity")])
    assert clean.false_fail and not clean.caught
    clean_warn = DraftResult(id="c2", seeded=None, status="ok",
                             findings=[finding("commitments", "WARN")])
    assert not clean_warn.false_fail


def test_summary_recall_per_type_and_false_fail_rate() -> None:
    results = [
        DraftResult(id="k1", seeded="knowledge", status="ok",
                    findings=[finding("knowledge", "WARN")], quote_span=(0, 5)),
        DraftResult(id="k2", seeded="knowledge", status="ok", findings=[]),
        DraftResult(id="c1", seeded=None, status="ok", findings=[finding("entity")]),
        DraftResult(id="c2", seeded=None, status="ok", findings=[]),
        DraftResult(id="c3", seeded=None, status="ok", findings=[]),
        DraftResult(id="c4", seeded=None, status="ok", findings=[]),
    ]
    summary = summarize(results)
    assert summary.recall["knowledge"] == 0.5 and summary.recall_fail["knowledge"] == 0.0
    assert summary.located["knowledge"] == 0.5
    assert summary.recall["canon"] is None  # nothing seeded: no score
    assert summary.false_fail_rate == 0.25 and summary.false_fails == ["c1"]


def test_a_novels_false_fail_rate_skips_chapter_one() -> None:
    result = NovelResult(NOVELS[0], chapters=4, verdicts={1: "fail", 2: "pass", 3: "fail", 4: "warn"},
                         fails=[], seconds=0)
    assert result.judged == [2, 3, 4]
    assert result.false_fail_rate == 1 / 3


def test_search_hit_needs_the_chapter_and_the_passage() -> None:
    passage = "The stranger held a silver compass in his hand."
    span = (100, 100 + len(passage))
    assert answers(Hit(2, 0, 900, "…the «stranger» held a silver compass in his hand…"), 2,
                   passage, span)
    assert answers(Hit(2, 120, 400, "unrelated words"), 2, passage, span)  # offsets overlap
    assert not answers(Hit(3, 120, 400, passage), 2, passage, span)  # wrong chapter
    assert not answers(Hit(2, 200, 400, "unrelated"), 2, passage, span)
    whole = Hit(2, 0, 4000, "a whole chapter", kind="scene")
    assert answers(whole, 2, passage, span) and not answers(whole, 2, passage, span, tight=True)
    assert not answers(Hit(2, None, None, "Mara Finch", kind="entity"), 2, passage, span)


def test_rank_recall_and_mrr() -> None:
    passage, span = "key", (10, 13)
    hits = [Hit(1, 50, 60, "x"), Hit(1, 0, 20, "y")]
    assert first_rank(hits, 1, passage, span) == 2
    assert first_rank(hits, 2, passage, span) is None
    ranks = [1, 2, None, 6]
    assert recall_at(ranks, 5) == 0.5
    assert mrr(ranks) == (1 + 0.5 + 0 + 1 / 6) / 4


def test_hybrid_must_beat_both_retrievers() -> None:
    scores = {"bm25": {"mrr": 0.3}, "dense": {"mrr": 0.4}, "hybrid": {"mrr": 0.4}}
    assert not hybrid_wins(scores, "mrr")
    scores["hybrid"]["mrr"] = 0.5
    assert hybrid_wins(scores, "mrr")


def test_passage_span_tolerates_whitespace() -> None:
    texts = {1: "Intro.\nMara Finch was\ntwenty-three years old. End."}
    assert passage_span(texts, 1, "Mara Finch was twenty-three years old.") == (7, 45)
    assert passage_span(texts, 1, "absent") is None


def test_clean_drafts_with_warns_only_are_counted_apart_from_false_fails() -> None:
    from evals.critic_eval import false_fail_line

    results = [DraftResult("c1", None, "ok", [finding("possession", "WARN")]),
               DraftResult("c2", None, "ok", [finding("entity", "FAIL"), finding("canon", "WARN")]),
               DraftResult("c3", None, "ok", [])]
    summary = summarize(results)
    assert summary.false_fails == ["c2"] and summary.warned == ["c1"]
    assert "only WARNs (advice a writer would read for nothing, not counted against the target): 1/3" \
        in false_fail_line(summary)
