"""What extraction cost per chapter: LLM calls, tokens, dollars, latency and span alignment.

Sums `llm_calls` per chapter and reads the alignment counts the LLM extractor stored in
`chapters.extraction_stats`. Like every read it stops at the cap: what a later chapter cost
(even how many calls it took) is metadata about text the reader has not reached.
A chapter's calls include failed and retried attempts and earlier runs of a re-processed
chapter: they were billed, so they are counted.
"""

from __future__ import annotations

import uuid
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.visibility import asserted_by
from continuum.settings import DROP_WARNING


class PassCost(BaseModel):
    """The calls of one pass group (or canonicalization) with one model in a chapter."""

    pass_name: str
    model: str
    calls: int
    failed_calls: int = Field(description="Calls whose status is not `ok` (retries included).")
    tokens_in: int
    tokens_out: int
    tokens_cached: int
    cost_usd: float
    latency_ms: int


class PassAlignment(BaseModel):
    """Items one extraction pass returned, and how many had evidence found in the text."""

    pass_name: str
    returned: int = Field(description="aligned + dropped + invalid")
    aligned: int
    dropped: int = Field(description="Dropped because their quote is not in the chapter text.")
    invalid: int = Field(description="Dropped because they did not validate.")


class Alignment(BaseModel):
    """The chapter's span alignment; `warning` when more than 20% of items were dropped."""

    returned: int
    aligned: int
    dropped: int
    invalid: int
    dropped_share: float = Field(description="dropped / (aligned + dropped), 0..1")
    warning: bool
    passes: list[PassAlignment]


class ChapterCost(BaseModel):
    """One chapter's extraction: which extractor, its LLM calls summed, its alignment."""

    chapter: int
    title: str | None
    stored: bool = Field(description="False when only failed attempts exist for this chapter.")
    extractor: str | None
    llm: bool = Field(description="Whether an LLM extractor read the chapter.")
    calls: int
    failed_calls: int
    tokens_in: int
    tokens_out: int
    tokens_cached: int
    cached_share: float = Field(description="tokens_cached / tokens_in, 0..1")
    cost_usd: float
    latency_ms: int = Field(description="Sum of the calls' latencies (they partly overlap).")
    alignment: Alignment | None
    passes: list[PassCost]


class CostTotals(BaseModel):
    """The novel's extraction cost up to the cap."""

    chapters: int
    llm_chapters: int
    calls: int
    failed_calls: int
    tokens_in: int
    tokens_out: int
    tokens_cached: int
    cached_share: float
    cost_usd: float
    latency_ms: int
    alignment_warnings: int = Field(description="Chapters with more than 20% of items dropped.")


class ExtractionCosts(BaseModel):
    """Every chapter's extraction cost up to the cap, and the totals."""

    cap: int
    drop_warning: float = Field(description="The dropped share above which a chapter is flagged.")
    chapters: list[ChapterCost]
    totals: CostTotals


_CHAPTERS = f"""
    WITH stored AS (SELECT number, title, extractor, extraction_stats -> 'alignment' AS alignment
                 FROM chapters c WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
                   AND (CAST(:number AS integer) IS NULL OR c.number = :number)),
         billed AS (SELECT l.chapter, count(*) AS calls,
                      count(*) FILTER (WHERE l.status <> 'ok') AS failed_calls,
                      coalesce(sum(l.tokens_in), 0) AS tokens_in,
                      coalesce(sum(l.tokens_out), 0) AS tokens_out,
                      coalesce(sum(l.tokens_cached), 0) AS tokens_cached,
                      coalesce(sum(l.cost_usd), 0) AS cost_usd,
                      coalesce(sum(l.latency_ms), 0) AS latency_ms
                 FROM llm_calls l WHERE l.novel_id = :n AND {asserted_by('l')}
                  AND (CAST(:number AS integer) IS NULL OR l.chapter = :number)
                GROUP BY l.chapter)
    SELECT coalesce(s.number, b.chapter) AS chapter, s.title, s.number IS NOT NULL AS stored,
           s.extractor, s.alignment, coalesce(b.calls, 0) AS calls,
           coalesce(b.failed_calls, 0) AS failed_calls, coalesce(b.tokens_in, 0) AS tokens_in,
           coalesce(b.tokens_out, 0) AS tokens_out, coalesce(b.tokens_cached, 0) AS tokens_cached,
           coalesce(b.cost_usd, 0) AS cost_usd, coalesce(b.latency_ms, 0) AS latency_ms
      FROM stored s FULL JOIN billed b ON b.chapter = s.number
     ORDER BY 1"""

_PASSES = f"""
    SELECT l.chapter, l.pass_name, l.model, count(*) AS calls,
           count(*) FILTER (WHERE l.status <> 'ok') AS failed_calls,
           sum(l.tokens_in) AS tokens_in, sum(l.tokens_out) AS tokens_out,
           sum(l.tokens_cached) AS tokens_cached, sum(l.cost_usd) AS cost_usd,
           sum(l.latency_ms) AS latency_ms
      FROM llm_calls l
     WHERE l.novel_id = :n AND {asserted_by('l')}
       AND (CAST(:number AS integer) IS NULL OR l.chapter = :number)
     GROUP BY l.chapter, l.pass_name, l.model
     ORDER BY l.chapter, min(l.id)"""


def list_extraction_costs(*, session: Session, novel_id: uuid.UUID, cap: int) -> ExtractionCosts:
    """Per-chapter extraction cost and alignment for chapters <= cap, with novel totals."""
    rows = _chapter_costs(session, novel_id, cap, None)
    return ExtractionCosts(cap=cap, drop_warning=DROP_WARNING, chapters=rows, totals=_totals(rows))


def get_extraction_cost(
    *, session: Session, novel_id: uuid.UUID, cap: int, number: int
) -> ChapterCost | None:
    """One chapter's extraction cost and alignment; None when missing or beyond the cap."""
    if number > cap:
        return None
    rows = _chapter_costs(session, novel_id, cap, number)
    return rows[0] if rows else None


def _chapter_costs(
    session: Session, novel_id: uuid.UUID, cap: int, number: int | None
) -> list[ChapterCost]:
    params = {"n": novel_id, "cap": cap, "number": number}
    passes: dict[int, list[PassCost]] = {}
    for p in session.execute(text(_PASSES), params):
        passes.setdefault(p.chapter, []).append(PassCost.model_validate(
            {**p._asdict(), "cost_usd": float(p.cost_usd)}))
    rows = []
    for r in session.execute(text(_CHAPTERS), params):
        extractor = r.extractor
        rows.append(ChapterCost(
            chapter=r.chapter, title=r.title, stored=r.stored, extractor=extractor,
            llm=bool(extractor and extractor.startswith("llm:")) or (not r.stored and r.calls > 0),
            calls=r.calls, failed_calls=r.failed_calls, tokens_in=r.tokens_in,
            tokens_out=r.tokens_out, tokens_cached=r.tokens_cached,
            cached_share=_share(r.tokens_cached, r.tokens_in), cost_usd=round(float(r.cost_usd), 6),
            latency_ms=r.latency_ms, alignment=_alignment(r.alignment),
            passes=passes.get(r.chapter, []),
        ))
    return rows


def _alignment(stats: dict[str, Any] | None) -> Alignment | None:
    """The alignment counts the LLM extractor stored; None for extractors that align nothing."""
    if not stats or "by_pass" not in stats:
        return None
    passes = []
    for name, counts in sorted(stats["by_pass"].items()):
        aligned, dropped, invalid = (int(counts.get(k, 0)) for k in ("aligned", "dropped", "invalid"))
        passes.append(PassAlignment(pass_name=name, returned=aligned + dropped + invalid,
                                    aligned=aligned, dropped=dropped, invalid=invalid))
    aligned = sum(p.aligned for p in passes)
    dropped = sum(p.dropped for p in passes)
    invalid = sum(p.invalid for p in passes)
    share = _share(dropped, aligned + dropped)
    return Alignment(returned=aligned + dropped + invalid, aligned=aligned, dropped=dropped,
                     invalid=invalid, dropped_share=share, warning=share > DROP_WARNING,
                     passes=passes)


def _totals(rows: list[ChapterCost]) -> CostTotals:
    tokens_in = sum(r.tokens_in for r in rows)
    tokens_cached = sum(r.tokens_cached for r in rows)
    return CostTotals(
        chapters=sum(r.stored for r in rows), llm_chapters=sum(r.llm for r in rows),
        calls=sum(r.calls for r in rows), failed_calls=sum(r.failed_calls for r in rows),
        tokens_in=tokens_in, tokens_out=sum(r.tokens_out for r in rows),
        tokens_cached=tokens_cached, cached_share=_share(tokens_cached, tokens_in),
        cost_usd=round(sum(r.cost_usd for r in rows), 6),
        latency_ms=sum(r.latency_ms for r in rows),
        alignment_warnings=sum(bool(r.alignment and r.alignment.warning) for r in rows),
    )


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0
