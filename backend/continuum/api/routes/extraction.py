"""Extraction cost and alignment at the cap: what reading each chapter cost, and how well it aligned."""

from __future__ import annotations

import uuid

from fastapi import APIRouter

from continuum.api.deps import CapDep, SessionDep, require_found
from continuum.api.routes._examples import example
from continuum.reads.extraction_costs import (
    ChapterCost,
    ExtractionCosts,
    get_extraction_cost,
    list_extraction_costs,
)

router = APIRouter(tags=["extraction"])

PASS_EXAMPLE = {"pass_name": "entities_events", "model": "openai/gpt-4o-mini", "calls": 2,
                "failed_calls": 0, "tokens_in": 6120, "tokens_out": 1480, "tokens_cached": 2048,
                "cost_usd": 0.001806, "latency_ms": 8400}
ALIGNMENT_EXAMPLE = {"returned": 58, "aligned": 41, "dropped": 15, "invalid": 2,
                     "dropped_share": 0.2679, "warning": True,
                     "passes": [{"pass_name": "events", "returned": 20, "aligned": 12,
                                 "dropped": 7, "invalid": 1}]}
CHAPTER_EXAMPLE = {"chapter": 3, "title": "Chapter III", "stored": True,
                   "extractor": "llm:openai/gpt-4o-mini", "llm": True, "calls": 5,
                   "failed_calls": 0, "tokens_in": 15300, "tokens_out": 3700,
                   "tokens_cached": 6144, "cached_share": 0.4016, "cost_usd": 0.004515,
                   "latency_ms": 21000, "alignment": ALIGNMENT_EXAMPLE, "passes": [PASS_EXAMPLE]}
OFFLINE_EXAMPLE = {"chapter": 1, "title": "Chapter I", "stored": True, "extractor": "offline",
                   "llm": False, "calls": 0, "failed_calls": 0, "tokens_in": 0, "tokens_out": 0,
                   "tokens_cached": 0, "cached_share": 0.0, "cost_usd": 0.0, "latency_ms": 0,
                   "alignment": None, "passes": []}
COSTS_EXAMPLE = {
    "cap": 3, "drop_warning": 0.2, "chapters": [OFFLINE_EXAMPLE, CHAPTER_EXAMPLE],
    "totals": {"chapters": 2, "llm_chapters": 1, "calls": 5, "failed_calls": 0,
               "tokens_in": 15300, "tokens_out": 3700, "tokens_cached": 6144,
               "cached_share": 0.4016, "cost_usd": 0.004515, "latency_ms": 21000,
               "alignment_warnings": 1},
}


@router.get("/novels/{novel_id}/extraction", response_model=ExtractionCosts,
            responses=example(COSTS_EXAMPLE))
def extraction_costs(novel_id: uuid.UUID, cap: CapDep, session: SessionDep) -> ExtractionCosts:
    """Per-chapter extraction cost (LLM calls, tokens, dollars) and alignment up to the cap, with totals."""
    return list_extraction_costs(session=session, novel_id=novel_id, cap=cap)


@router.get("/novels/{novel_id}/chapters/{number}/extraction", response_model=ChapterCost,
            responses=example(CHAPTER_EXAMPLE))
def chapter_extraction(novel_id: uuid.UUID, number: int, cap: CapDep,
                       session: SessionDep) -> ChapterCost:
    """One chapter's extraction: calls per pass, tokens, cost, alignment; 404 beyond the cap."""
    return require_found(get_extraction_cost(session=session, novel_id=novel_id, cap=cap,
                                             number=number),
                         f"extraction of chapter {number}")
