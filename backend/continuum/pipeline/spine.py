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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from continuum.db.engine import get_engine
from continuum.db.routing import record_write_after_commit
from continuum.errors import CriticUnavailable, EmptyText, ExtractionFailed
from continuum.pipeline.canonicalize import canonicalize_with_roster
from continuum.pipeline.chapters import (
    check_number,
    insert_chapter,
    insert_passages,
    lock_novel,
    record_narrator,
    store_records,
)
from continuum.pipeline.chunking import chunk_text
from continuum.pipeline.context import load_story_context
from continuum.pipeline.critic.outcome import CritiqueOutcome, Finding
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
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.extract.llm.calls import LlmCall, record_llm_calls
from continuum.pipeline.extract.protocol import Extractor, ProgressCallback, Reading
from continuum.pipeline.extract.schema import records_of
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


@dataclass(frozen=True)
class Ingested:
    """A chapter written: its critique, and what each stage wrote and took."""

    chapter: int
    critique: str  # ok / error / unavailable
    verdict: str | None  # pass / warn / fail of an ok critique
    findings: int
    written: dict[str, int]
    timings: dict[str, float]
    ingested: ClassVar[bool] = True

    def as_dict(self) -> dict[str, Any]:
        """The JSON a job result or a tool answer carries."""
        return {"ingested": True, "chapter": self.chapter, "critique": self.critique,
                "verdict": self.verdict, "findings": self.findings, "written": self.written,
                "timings": self.timings}


@dataclass(frozen=True)
class Parked:
    """A blocking save the critique did not pass: the draft waits for review, nothing else
    was written."""

    chapter: int
    submission_id: uuid.UUID
    reason: str  # fail / error
    critique: str
    verdict: str | None
    findings: list[Finding]
    ingested: ClassVar[bool] = False

    def as_dict(self) -> dict[str, Any]:
        return {"ingested": False, "chapter": self.chapter,
                "submission_id": str(self.submission_id), "status": "pending_review",
                "reason": self.reason, "critique": self.critique, "verdict": self.verdict,
                "findings": [f.__dict__ for f in self.findings]}


@dataclass(frozen=True)
class ChapterRead:
    """One chapter read, before anything of it is written: the critique, the extractor's
    reading (reused from the critique when it read the draft) and the names the LLM placed."""

    outcome: CritiqueOutcome
    reading: Reading
    canonicalized: int
    chunks: int


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
) -> Ingested | Parked:
    """Run one chapter through the spine; returns what was written, stage by stage, or,
    under policy `block`, the parked draft."""
    settings = get_settings()
    engine = engine or get_engine(settings)
    sessions = sessionmaker(bind=engine, expire_on_commit=False)
    report = _Reporter(progress)
    if not text.strip():
        raise EmptyText("the chapter text is empty")

    extractor = extractor or get_extractor(settings)
    bill = _Bill(novel_id=novel_id, job_id=job_id)
    try:
        if policy != "block":  # refused at once, before any reading is paid for; a draft
            # under `block` is read first, as a failing one is parked whatever its number
            with sessions() as session:
                check_number(session, novel_id=novel_id, number=number, replace=replace)
        report("critique")
        with sessions() as session:
            outcome = _critique(session, novel_id=novel_id, number=number, text=text, title=title,
                                extractor=extractor, bill=bill, report=report)
        if policy == "block":
            parked = _gate(sessions, outcome, novel_id=novel_id, number=number, title=title,
                           text=text, bill=bill)
            if parked is not None:
                return parked
        with sessions() as session:
            report("context")
            check_number(session, novel_id=novel_id, number=number, replace=replace)
            read = _read(session, outcome, novel_id=novel_id, number=number, text=text,
                         title=title, extractor=extractor, bill=bill, report=report)

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
            written = {"canonicalized": read.canonicalized}
            written |= _write(session, read, novel_id=novel_id, number=number, title=title,
                              text=text, source=source, policy=policy,
                              extractor_name=extractor.name, embedding_model=embedding_model,
                              reuse=plan.reuse)
            if plan.later:
                report("rebuild")
                written["rebuilt_chapters"] = _rebuild(session, plan, novel_id=novel_id,
                                                       extractor=extractor, bill=bill,
                                                       embedding_model=embedding_model)
            # Searchable later: the vectors of this chapter (and of every rebuilt one) are a job.
            queue_index(session, novel_id=novel_id,
                        chapters=[number, *(later[0] for later in plan.later)])
            report("materialize")
            written.update(materialize_novel(session, novel_id=novel_id))
            if bill.calls:
                written["llm_calls"] = bill.record(session)
            report("record")
            supersede_pending(session, novel_id=novel_id, chapter=number, by=None)
            if accepted is not None:
                written["overrides"] = write_overrides(
                    session, novel_id=novel_id, chapter=number, report_id=accepted.report_id,
                    edited=accepted.edited)
                decide(session, novel_id=novel_id, submission_id=accepted.submission_id,
                       status="accepted")
        bill.settled = True
    except BaseException:
        bill.record_alone(sessions)  # the chapter rolled back; what its reading cost did not
        raise
    # Committed: reads of this novel stay on the primary until a replica has replayed it.
    record_write_after_commit(engine, novel_id)
    report("done", 1.0)
    report.carve("critique", "read", outcome.read_seconds)
    return Ingested(chapter=number, critique=outcome.status, verdict=outcome.verdict,
                    findings=len(outcome.findings), written=written, timings=report.timings)


def _critique(session: Session, *, novel_id: uuid.UUID, number: int, text: str,
              title: str | None, extractor: Extractor, bill: _Bill,
              report: _Reporter) -> CritiqueOutcome:
    """CRITIQUE: the draft judged against chapters before `number` (it reads the draft once);
    what the reading cost goes on the bill, whether the critique succeeded or not."""
    settings = get_settings()
    outcome = critique_draft(
        session, novel_id=novel_id, number=number, text=mask_markup(text), extractor=extractor,
        enabled=settings.critic_enabled, context_limit=settings.context_max_entities, title=title,
        progress=lambda what, done: report("critique", done, detail=what))
    bill.add(number, outcome.calls)
    return outcome


def _read(session: Session, outcome: CritiqueOutcome, *, novel_id: uuid.UUID, number: int,
          text: str, title: str | None, extractor: Extractor, bill: _Bill,
          report: _Reporter) -> ChapterRead:
    """CONTEXT → CHUNK → EXTRACT (the critique's reading when it made one) → CANONICALIZE."""
    settings = get_settings()
    chunks = chunk_text(text, max_tokens=settings.chunk_tokens, overlap=settings.chunk_overlap)
    report("extract", 0.0)
    reading = outcome.reading
    if outcome.read_failure is not None:
        raise outcome.read_failure  # its calls are on the bill already; reading again costs twice
    if reading is None:
        context = load_story_context(session, novel_id=novel_id, chapter=number,
                                     chapter_text=text,
                                     max_entities=settings.context_max_entities,
                                     chapter_title=title)
        try:
            reading = extractor.read(
                mask_markup(text), chapter_number=number, context=context,
                progress=lambda what, done: report("extract", done, detail=what))
        except ExtractionFailed as exc:
            bill.add(number, exc.calls)
            raise
        bill.add(number, reading.calls)
    report("canonicalize")
    placed: list[LlmCall] = []
    try:
        canonicalized = canonicalize_with_roster(session, novel_id=novel_id, chapter=number,
                                                 extraction=reading.extraction,
                                                 settings=settings, calls=placed)
    finally:
        bill.add(number, placed)
    return ChapterRead(outcome=outcome, reading=reading, canonicalized=canonicalized,
                       chunks=len(chunks))


def _gate(sessions: sessionmaker, outcome: CritiqueOutcome, *, novel_id: uuid.UUID, number: int,
          title: str | None, text: str, bill: _Bill) -> Parked | None:
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
        bill.record(session)
    bill.settled = True
    record_write_after_commit(sessions.kw["bind"], novel_id)  # the author's queue reads it next
    return Parked(chapter=number, submission_id=submission_id,
                  reason="error" if outcome.status == "error" else "fail",
                  critique=outcome.status, verdict=outcome.verdict, findings=outcome.findings)


def _rebuild(session: Session, plan: ReplacePlan, *, novel_id: uuid.UUID, extractor: Extractor,
             bill: _Bill, embedding_model: str) -> int:
    """Re-read the chapters after a replaced one, in order, inside the same transaction:
    each through the same stages as a first write, against the chapters rebuilt before it."""
    silent = _Reporter(None)  # the rebuild is one stage of the replacing chapter's progress
    for number, title, text, source in plan.later:
        outcome = _critique(session, novel_id=novel_id, number=number, text=text, title=title,
                            extractor=extractor, bill=bill, report=silent)
        read = _read(session, outcome, novel_id=novel_id, number=number, text=text, title=title,
                     extractor=extractor, bill=bill, report=silent)
        _write(session, read, novel_id=novel_id, number=number, title=title, text=text,
               source=source, policy="warn", extractor_name=extractor.name,
               embedding_model=embedding_model, reuse=plan.reuse)
    return len(plan.later)


def _write(
    session: Session, read: ChapterRead, *, novel_id: uuid.UUID, number: int, title: str | None,
    text: str, source: str, policy: str, extractor_name: str, embedding_model: str,
    reuse: dict[tuple[str, str], uuid.UUID] | None = None,
) -> dict[str, int]:
    """PERSIST one chapter and its facts, and RECORD its critique report; no vectors (INDEX
    adds them after the commit)."""
    extraction = read.reading.extraction
    stats: dict[str, Any] = {"chunks": read.chunks}
    if read.reading.stats:
        stats["alignment"] = read.reading.stats
    records = read.outcome.records
    if records is None and extractor_name == OfflineExtractor.name:
        records = records_of(extraction)  # the critique did not run; the reading holds them
    insert_chapter(session, novel_id=novel_id, number=number, title=title, text_=text,
                   source=source, summaries=extraction.multi_granularity_summaries,
                   extractor=extractor_name, stats=stats,
                   records=None if records is None else records.model_dump_json())
    for earlier, content_hash, read_records in read.outcome.unstored:  # read from text by the critique
        store_records(session, novel_id=novel_id, number=earlier, content_hash=content_hash,
                      records=read_records.model_dump_json())
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
    record_report(session, novel_id=novel_id, chapter=number, draft=text, policy=policy,
                  outcome=read.outcome)
    return written


class _Bill:
    """The LLM calls a chapter's reading made, by chapter, until they are recorded: in the
    chapter's own transaction, or, when that rolls back, in one of their own (they were paid)."""

    def __init__(self, *, novel_id: uuid.UUID, job_id: uuid.UUID | None) -> None:
        self.novel_id = novel_id
        self.job_id = job_id
        self.calls: list[tuple[int, LlmCall]] = []
        self.settled = False  # set once a transaction that recorded them has committed

    def add(self, chapter: int, calls: Sequence[LlmCall]) -> None:
        self.calls += [(chapter, call) for call in calls]

    def record(self, session: Session) -> int:
        """Insert every call in the caller's transaction; returns how many."""
        for chapter in dict.fromkeys(c for c, _ in self.calls):
            record_llm_calls(session, novel_id=self.novel_id, chapter=chapter, job_id=self.job_id,
                             calls=[call for c, call in self.calls if c == chapter])
        return len(self.calls)

    def record_alone(self, sessions: sessionmaker) -> None:
        """After a rollback: insert every call in a transaction of its own."""
        if not self.calls or self.settled:
            return
        try:
            with sessions() as session, session.begin():
                self.record(session)
        except Exception:  # noqa: BLE001 - never hide the failure that rolled the chapter back
            log.exception("could not record %d LLM calls of %s", len(self.calls), self.novel_id)


class _Reporter:
    """Maps stage names to overall progress and keeps per-stage timings."""

    def __init__(self, callback: ProgressCallback | None) -> None:
        self.callback = callback
        self.timings: dict[str, float] = {}
        self._stage: str | None = None
        self._since = time.perf_counter()
        self._floor = 0.0

    def carve(self, stage: str, part: str, seconds: float) -> None:
        """Report `seconds` of a stage as a stage of their own: the extractor's reading of
        the draft, done inside the critique ("read"), apart from the checks ("critique")."""
        if stage in self.timings and seconds > 0:
            seconds = min(seconds, self.timings[stage])
            self.timings[part] = round(self.timings.get(part, 0.0) + seconds, 4)
            self.timings[stage] = round(self.timings[stage] - seconds, 4)

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
