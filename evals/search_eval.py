"""Search eval: the 24 golden reader questions against `reads.search` at cap 10, per mode.

For each question and each mode (bm25, dense, hybrid) the read function returns the top 10
hits; a hit *answers* when it is from the question's chapter and its snippet contains the
answer passage or its offsets overlap the passage's. Reported: recall@5 and MRR@10, and a
*tight* variant that only counts hits of at most 2,000 characters (a whole-chapter scene
that happens to contain the passage does not count there).

Usage: `python -m evals.search_eval [--fresh] [--no-write]` (reuses the golden eval's ingest
when it is up to date, made with MiniLM; `--mock-embeddings` for hash vectors).
Writes docs/EVALUATION.md (section "Search") and var/eval-search-errors.json.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evals.common import (
    MINILM,
    MOCK,
    VAR,
    GoldenIngest,
    fmt,
    golden_chapters,
    ingest_golden,
    load_questions,
    mean,
    write_json,
    write_section,
)

SECTION = "## Search"
ERRORS = VAR / "eval-search-errors.json"
MODES = ("bm25", "dense", "hybrid")
LIMIT = 10
AT = 5
TIGHT_CHARS = 2000


@dataclass(frozen=True)
class Hit:
    """The part of a search hit the scorer looks at."""

    chapter: int
    start: int | None
    end: int | None
    snippet: str
    kind: str = "passage"


@dataclass
class Ranked:
    """Where the first answering hit of one question ranks (None: not in the top 10)."""

    question: str
    mode: str
    rank: int | None
    tight_rank: int | None
    top: list[str] = field(default_factory=list)


def _squash(text_: str) -> str:
    return " ".join(text_.replace("«", "").replace("»", "").split()).lower()


def answers(hit: Hit, chapter: int, passage: str, span: tuple[int, int] | None,
            *, tight: bool = False) -> bool:
    """Does the hit answer: right chapter, and it contains or overlaps the passage?"""
    if hit.chapter != chapter:
        return False
    if tight and (hit.start is None or hit.end is None or hit.end - hit.start > TIGHT_CHARS):
        return False
    if _squash(passage) in _squash(hit.snippet):
        return True
    return (span is not None and hit.start is not None and hit.end is not None
            and hit.start < span[1] and hit.end > span[0])


def first_rank(hits: list[Hit], chapter: int, passage: str, span: tuple[int, int] | None,
               *, tight: bool = False) -> int | None:
    """1-based rank of the first answering hit."""
    for i, hit in enumerate(hits, start=1):
        if answers(hit, chapter, passage, span, tight=tight):
            return i
    return None


def recall_at(ranks: list[int | None], k: int = AT) -> float | None:
    """Share of questions answered within the top k."""
    return mean(float(r is not None and r <= k) for r in ranks)


def mrr(ranks: list[int | None]) -> float | None:
    """Mean reciprocal rank (0 for an unanswered question)."""
    return mean(0.0 if r is None else 1.0 / r for r in ranks)


def passage_span(texts: dict[int, str], chapter: int, passage: str) -> tuple[int, int] | None:
    """Offsets of the answer passage in its chapter (whitespace-tolerant)."""
    text_ = texts.get(chapter, "")
    start = text_.find(passage)
    if start >= 0:
        return start, start + len(passage)
    pattern = r"\s+".join(re.escape(w) for w in passage.split())
    found = re.search(pattern, text_)
    return (found.start(), found.end()) if found else None


def evaluate(ingest: GoldenIngest) -> list[Ranked]:
    """Run every question in every mode at cap 10."""
    from continuum.db.engine import read_session
    from continuum.embed import get_embedder
    from continuum.reads.search import search

    embedder = get_embedder(ingest.embedding)
    texts = {n: t for n, _title, t in golden_chapters()}
    out = []
    with read_session() as session:
        for q in load_questions():
            span = passage_span(texts, q["chapter"], q["passage"])
            for mode in MODES:
                results = search(session=session, novel_id=ingest.novel_id, cap=10,
                                 q=q["question"], limit=LIMIT, mode=mode, embedder=embedder)
                hits = [Hit(chapter=h.chapter, start=h.start, end=h.end, snippet=h.snippet,
                            kind=h.kind) for h in results.hits]
                out.append(Ranked(
                    question=q["id"], mode=mode,
                    rank=first_rank(hits, q["chapter"], q["passage"], span),
                    tight_rank=first_rank(hits, q["chapter"], q["passage"], span, tight=True),
                    top=[f"{h.kind} ch{h.chapter} [{h.start}:{h.end}] {h.snippet[:90]}"
                         for h in hits[:3]]))
    return out


def table(ranked: list[Ranked]) -> dict[str, dict[str, float | None]]:
    """recall@5 and MRR (plain and tight) per mode."""
    out = {}
    for mode in MODES:
        ranks = [r.rank for r in ranked if r.mode == mode]
        tight = [r.tight_rank for r in ranked if r.mode == mode]
        out[mode] = {"recall@5": recall_at(ranks), "mrr": mrr(ranks),
                     "tight recall@5": recall_at(tight), "tight mrr": mrr(tight)}
    return out


def hybrid_wins(scores: dict[str, dict[str, float | None]], metric: str) -> bool:
    """Hybrid strictly beats each single retriever on a metric."""
    h = scores["hybrid"][metric] or 0.0
    return all(h > (scores[m][metric] or 0.0) for m in ("bm25", "dense"))


def render(ranked: list[Ranked], ingest: GoldenIngest) -> str:
    """The docs/EVALUATION.md section (also printed)."""
    scores = table(ranked)
    metrics = ("recall@5", "mrr", "tight recall@5", "tight mrr")
    rows = ["| mode | " + " | ".join(metrics) + " |", "|---|" + "---|" * len(metrics)]
    for mode in MODES:
        rows.append(f"| {mode} | " + " | ".join(fmt(scores[mode][m]) for m in metrics) + " |")
    n = len({r.question for r in ranked})
    verdict = {m: hybrid_wins(scores, m) for m in metrics}
    lines = [
        SECTION, "",
        (f"The {n} reader questions of the golden fixture (`search_questions.json`) asked of "
        "`continuum.reads.search.search` at cap 10 on the golden novel (embeddings "
        f"`{ingest.embedding}`), top {LIMIT} per mode. A hit answers when it comes from the "
        "question's chapter and its snippet contains the answer passage or its offsets "
        "overlap the passage; *tight* only counts hits of at most "
        f"{TIGHT_CHARS:,} characters (a whole-chapter scene does not count). MRR is over "
        f"the top {LIMIT}. Run: `python -m evals.search_eval`; per-question ranks and top "
        "hits in `var/eval-search-errors.json`."), "",
        *rows, "",
        "Target: hybrid beats each retriever alone. "
        + "; ".join(f"{m}: {'yes' if ok else 'no'}" for m, ok in verdict.items()) + ".",
    ]
    return "\n".join(lines) + "\n"


def run(*, embedding: str = MINILM, fresh: bool = False, write: bool = True,
        ingest: GoldenIngest | None = None) -> dict[str, Any]:
    """Ingest (or reuse) the golden novel, run the questions, print and write the results."""
    ingest = ingest or ingest_golden(embedding=embedding, reuse=not fresh)
    ranked = evaluate(ingest)
    section = render(ranked, ingest)
    print(section)
    per_question: dict[str, dict[str, Any]] = {}
    for r in ranked:
        per_question.setdefault(r.question, {})[r.mode] = {
            "rank": r.rank, "tight_rank": r.tight_rank, "top": r.top}
    write_json(ERRORS, {"embedding": ingest.embedding, "questions": per_question})
    print(f"wrote {ERRORS.relative_to(VAR.parent)}")
    if write:
        write_section(section, SECTION)
        print("updated docs/EVALUATION.md")
    return table(ranked)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m evals.search_eval",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--mock-embeddings", action="store_true",
                        help=f"golden ingest with {MOCK} (dense search then uses hash vectors)")
    parser.add_argument("--fresh", action="store_true", help="re-ingest the golden novel")
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    args = parser.parse_args(argv)
    run(embedding=MOCK if args.mock_embeddings else MINILM, fresh=args.fresh,
        write=not args.no_write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
