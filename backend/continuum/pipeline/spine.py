"""The write spine: one chapter through every stage, in this order, for every caller.

    CRITIQUE (extracts the draft once) → INGEST/CONTEXT → CHUNK → EXTRACT (reuses it) →
    CANONICALIZE (LLM only, for names no rule places) →
    (one transaction, per-novel lock) CANONICALIZE/RESOLVE → PERSIST → MATERIALIZE → RECORD
    → INDEX (queued in that transaction, run as a job of its own: pipeline/index.py)

Nothing is written before the transaction opens; any failure rolls the chapter back whole.
The chapter is readable once it commits; search answers from its full text until INDEX has
made its vectors.
"""

from __future__ import annotations

import logging
import time
import uuid
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from continuum.db.engine import get_engine
from continuum.db.routing import record_write_after_commit
from continuum.errors import CriticUnavailable, EmptyText
from continuum.pipeline.canonicalize import canonicalize_with_roster
from continuum.pipeline.chapters import (
    check_number,
    insert_chapter,
    insert_passages,
    lock_novel,
    record_narrator,
)
from continuum.pipeline.chunking import chunk_text
from continuum.pipeline.context import load_story_context
from continuum.pipeline.critic.outcome import CritiqueOutcome
from continuum.pipeline.critic.record import record_report
from continuum.pipeline.critic.review import (
    AcceptedDraft,
    claim_pending,
    decide,
    park_draft,
    supersede_pending,
    write_overrides,
)
from continuum.pipeline.critic.runner import critique_draft
from continuum.pipeline.extract.llm.calls import record_llm_calls
from continuum.pipeline.extract.protocol import Extractor, ProgressCallback
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.extractors import get_extractor
from continuum.pipeline.identity.cast import load_cast
from continuum.pipeline.index import queue_index
from continuum.pipeline.masking import mask_markup
from continuum.pipeline.materialize import materialize_novel
from continuum.pipeline.passages import split_passages
from continuum.pipeline.persist.canon import persist_canon_facts
from continuum.pipeline.persist.entities import persist_entities
from continuum.pipeline.persist.facts import persist_facts
from continuum.pipeline.replace import ReplacePlan, clear_from_chapter
from continuum.settings import get_settings

log = logging.getLogger(__name__)

# Share of the progress bar each stage ends at.
PROGRESS = {"critique": 0.75, "context": 0.77, "chunk": 0.78, "extract": 0.82, "canonicalize": 0.84,
            "persist": 0.95, "rebuild": 0.98, "materialize": 0.99, "record": 1.0}


def analyze_chapter(
    *,
    novel_id: uuid.UUID,
    number: int,
    text: str,
    title: str | None = None,
    source: str = "human",
    policy: str = "warn",
    replace: bool = False,
    progress: ProgressCallback | None = None,
    engine: Engine | None = None,
    extractor: Extractor | None = None,
    accepted: AcceptedDraft | None = None,
    job_id: uuid.UUID | None = None,
) -> dict[str, Any]:
    """Run one chapter through the spine; returns what was written, stage by stage."""
    settings = get_settings()
    engine = engine or get_engine(settings)
    sessions = sessionmaker(bind=engine, expire_on_commit=False)
    report = _Reporter(progress)
    if not text.strip():
        raise EmptyText("the chapter text is empty")

    extractor = extractor or get_extractor(settings)
    report("critique")
    with sessions() as session:
        outcome = critique_draft(
            session, novel_id=novel_id, number=number, text=mask_markup(text), extractor=extractor,
            enabled=settings.critic_enabled, context_limit=settings.context_max_entities,
            progress=lambda what, done: report("critique", done, detail=what), title=title)
    calls = list(getattr(extractor, "last_calls", []))
    if policy == "block":
        parked = _gate(sessions, outcome, novel_id=novel_id, number=number, title=title, text=text)
        if parked is not None:
            return parked

    report("context")
    with sessions() as session:
        check_number(session, novel_id=novel_id, number=number, replace=replace)
        context = load_story_context(session, novel_id=novel_id, chapter=number, chapter_text=text,
                                     max_entities=settings.context_max_entities,
                                     chapter_title=title)

    report("chunk")
    chunks = chunk_text(text, max_tokens=settings.chunk_tokens, overlap=settings.chunk_overlap)

    report("extract", 0.0)
    # The critique already read this draft with the same context: reuse it, never read twice.
    extraction = outcome.extraction
    if extraction is None:
        try:
            extraction = extractor.extract(
                mask_markup(text), chapter_number=number, context=context,
                progress=lambda what, done: report("extract", done, detail=what),
            )
        finally:
            calls += getattr(extractor, "last_calls", [])
            if extraction is None and calls:
                with sessions() as session, session.begin():  # billed even though it failed
                    record_llm_calls(session, novel_id=novel_id, chapter=number, job_id=job_id,
                                     calls=calls)

    report("canonicalize")
    with sessions() as session:
        canonicalized = canonicalize_with_roster(session, novel_id=novel_id, chapter=number,
                                                 extraction=extraction, settings=settings,
                                                 calls=calls)

    embedding_model = settings.embedding_model.strip()
    report("persist")
    with sessions() as session, session.begin():
        lock_novel(session, novel_id=novel_id)
        if accepted is not None:
            claim_pending(session, submission_id=accepted.submission_id)
        check_number(session, novel_id=novel_id, number=number, replace=replace)
        plan = ReplacePlan()
        if replace:
            plan = clear_from_chapter(session, novel_id=novel_id, chapter=number)
        written = {"canonicalized": canonicalized}
        written |= _persist(session, novel_id=novel_id, number=number, title=title, text=text,
                           source=source, extraction=extraction, extractor_name=extractor.name,
                           chunks=len(chunks), embedding_model=embedding_model,
                           alignment=getattr(extractor, "last_stats", None), reuse=plan.reuse)
        if plan.later:
            report("rebuild")
            written["rebuilt_chapters"] = _rebuild(session, plan, novel_id=novel_id,
                                                   extractor=extractor,
                                                   embedding_model=embedding_model)
        # Searchable later: the vectors of this chapter (and of every rebuilt one) are a job.
        queue_index(session, novel_id=novel_id,
                    chapters=[number, *(later[0] for later in plan.later)])
        report("materialize")
        written.update(materialize_novel(session, novel_id=novel_id))
        if calls:
            written["llm_calls"] = record_llm_calls(session, novel_id=novel_id, chapter=number,
                                                    job_id=job_id, calls=calls)
        report("record")
        record_report(session, novel_id=novel_id, chapter=number, draft=text, policy=policy,
                      outcome=outcome)
        supersede_pending(session, novel_id=novel_id, chapter=number, by=None)
        if accepted is not None:
            written["overrides"] = write_overrides(
                session, novel_id=novel_id, chapter=number, report_id=accepted.report_id,
                edited=accepted.edited)
            decide(session, novel_id=novel_id, submission_id=accepted.submission_id,
                   status="accepted")
    # Committed: reads of this novel stay on the primary until a replica has replayed it.
    record_write_after_commit(engine, novel_id)
    report("done", 1.0)
    return {"ingested": True, "chapter": number, "critique": outcome.status,
            "verdict": outcome.verdict, "findings": len(outcome.findings), "written": written,
            "timings": report.timings}


def _gate(sessions: sessionmaker, outcome: CritiqueOutcome, *, novel_id: uuid.UUID, number: int,
          title: str | None, text: str) -> dict[str, Any] | None:
    """Policy `block`: anything but a clean pass parks the draft (or refuses) and writes nothing else."""
    if outcome.status == "unavailable":
        raise CriticUnavailable("the continuity critic is unavailable, so a blocking save is "
                                "refused; nothing was written or parked")
    if outcome.status == "ok" and outcome.verdict != "fail":
        return None
    with sessions() as session, session.begin():
        lock_novel(session, novel_id=novel_id)
        submission_id = park_draft(session, novel_id=novel_id, chapter=number, title=title,
                                   text_=text, outcome=outcome)
    record_write_after_commit(sessions.kw["bind"], novel_id)  # the author's queue reads it next
    return {"ingested": False, "chapter": number, "submission_id": str(submission_id),
            "status": "pending_review", "reason": "error" if outcome.status == "error" else "fail",
            "critique": outcome.status, "verdict": outcome.verdict,
            "findings": [f.__dict__ for f in outcome.findings]}


def _rebuild(session: Session, plan: ReplacePlan, *, novel_id: uuid.UUID, extractor: Extractor,
             embedding_model: str) -> int:
    """Re-read the chapters after a replaced one, in order, inside the same transaction."""
    settings = get_settings()
    for number, title, text, source in plan.later:
        outcome = critique_draft(session, novel_id=novel_id, number=number,
                                 text=mask_markup(text), extractor=extractor,
                                 enabled=settings.critic_enabled,
                                 context_limit=settings.context_max_entities, title=title)
        extraction = outcome.extraction
        if extraction is None:
            context = load_story_context(session, novel_id=novel_id, chapter=number,
                                         chapter_text=text,
                                         max_entities=settings.context_max_entities,
                                         chapter_title=title)
            extraction = extractor.extract(mask_markup(text), chapter_number=number,
                                           context=context)
        _persist(session, novel_id=novel_id, number=number, title=title, text=text, source=source,
                 extraction=extraction, extractor_name=extractor.name, chunks=0,
                 embedding_model=embedding_model, alignment=None, reuse=plan.reuse)
        record_report(session, novel_id=novel_id, chapter=number, draft=text, policy="warn",
                      outcome=outcome)
    return len(plan.later)


def _persist(
    session: Session, *, novel_id: uuid.UUID, number: int, title: str | None, text: str,
    source: str, extraction: ChapterExtraction, extractor_name: str, chunks: int,
    embedding_model: str, alignment: dict[str, Any] | None,
    reuse: dict[tuple[str, str], uuid.UUID] | None = None,
) -> dict[str, int]:
    """Write the chapter and its facts, without vectors (INDEX adds them after the commit)."""
    stats: dict[str, Any] = {"chunks": chunks}
    if alignment:
        stats["alignment"] = alignment
    insert_chapter(session, novel_id=novel_id, number=number, title=title, text_=text,
                   source=source, summaries=extraction.multi_granularity_summaries,
                   extractor=extractor_name, stats=stats)
    insert_passages(session, novel_id=novel_id, number=number, passages=split_passages(text))
    cast = load_cast(session, novel_id=novel_id, before_chapter=number)
    binder, resolution = persist_entities(session, novel_id=novel_id, chapter=number,
                                          items=extraction.new_entities, cast=cast,
                                          reuse=reuse)
    record_narrator(session, novel_id=novel_id, number=number, first_person=extraction.first_person,
                    narrator=binder.bind(extraction.narrator, "character"))
    written = {f"entities_{rule}": n for rule, n in resolution.items()}
    written.update(persist_facts(session, novel_id=novel_id, chapter=number, text_=text,
                                 extraction=extraction, binder=binder, vectors={},
                                 embedding_model=embedding_model))
    written.update(persist_canon_facts(session, novel_id=novel_id, chapter=number,
                                       items=extraction.canon_facts, binder=binder))
    return written


class _Reporter:
    """Maps stage names to overall progress and keeps per-stage timings."""

    def __init__(self, callback: ProgressCallback | None) -> None:
        self.callback = callback
        self.timings: dict[str, float] = {}
        self._stage: str | None = None
        self._since = time.perf_counter()
        self._floor = 0.0

    def __call__(self, stage: str, within: float = 0.0, detail: str | None = None) -> None:
        if stage != self._stage:
            now = time.perf_counter()
            if self._stage is not None:
                self.timings[self._stage] = round(now - self._since, 4)
                self._floor = PROGRESS.get(self._stage, self._floor)
            self._stage, self._since = stage, now
        if self.callback is not None:
            end = PROGRESS.get(stage, 1.0)
            overall = self._floor + (end - self._floor) * max(0.0, min(1.0, within))
            self.callback(f"{stage}: {detail}" if detail else stage, overall)
