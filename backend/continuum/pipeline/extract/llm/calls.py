"""One record per request sent to the provider, and how they are stored in `llm_calls`."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

STATUSES = ("ok", "rate_limited", "server_error", "timeout", "connection_error", "refused",
            "truncated", "invalid", "error")
"""`status` of a call: `ok`, or why the request failed (a retried attempt is its own call)."""


@dataclass(frozen=True, slots=True)
class LlmCall:
    """One request: which pass group, tokens in/out/cached, latency and cost, outcome."""

    pass_name: str
    model: str
    tokens_in: int = 0
    tokens_out: int = 0
    tokens_cached: int = 0
    latency_ms: int = 0
    cost_usd: float = 0.0
    status: str = "ok"


def record_llm_calls(
    session: Session,
    *,
    novel_id: uuid.UUID,
    chapter: int | None,
    job_id: uuid.UUID | None,
    calls: Sequence[LlmCall],
) -> int:
    """Insert `calls` into `llm_calls` (the caller owns the transaction); returns the count."""
    if not calls:
        return 0
    session.execute(
        text(
            """INSERT INTO llm_calls (novel_id, chapter, job_id, pass_name, model, tokens_in,
                                      tokens_out, tokens_cached, latency_ms, cost_usd, status)
               VALUES (:novel_id, :chapter, :job_id, :pass_name, :model, :tokens_in,
                       :tokens_out, :tokens_cached, :latency_ms, :cost_usd, :status)"""
        ),
        [
            {"novel_id": novel_id, "chapter": chapter, "job_id": job_id,
             "pass_name": c.pass_name, "model": c.model, "tokens_in": c.tokens_in,
             "tokens_out": c.tokens_out, "tokens_cached": c.tokens_cached,
             "latency_ms": c.latency_ms, "cost_usd": round(c.cost_usd, 6), "status": c.status}
            for c in calls
        ],
    )
    return len(calls)
