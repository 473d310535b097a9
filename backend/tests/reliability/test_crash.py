"""Crash safety: SIGKILL a real server or worker mid-ingest, restart it, and lose nothing.

Every run copies a freshly migrated database, queues the first four chapters of Pride and
Prejudice, starts `continuum worker` (even runs) or `continuum serve` (odd runs) as a child
process with the offline extractor, kills it with SIGKILL at a random moment while chapters
are being processed, starts it again and waits for the queue to drain. The result must equal
a clean reference ingest: the same chapters, the same number of rows in every table and per
chapter, the same entity names, no job left failed, no row pointing at a missing chapter or
entity. CONTINUUM_CRASH_RUNS sets the number of runs (5 by default, 20 in `make bench`),
CONTINUUM_CRASH_SEED the kill moments, CONTINUUM_CRASH_PARALLEL how many runs share the
machine at once (2).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
import traceback
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from tests.reaping import requeue_once_released
from tests.reliability.helpers import (
    REPO_ROOT,
    child_env,
    cli,
    database_name,
    free_port,
    scratch_database,
    table_names,
)

RUNS = int(os.environ.get("CONTINUUM_CRASH_RUNS", "5"))
PARALLEL = max(1, int(os.environ.get("CONTINUUM_CRASH_PARALLEL", "2")))
SEED = int(os.environ.get("CONTINUUM_CRASH_SEED", "1813"))
CHAPTERS = 4
DRAIN_TIMEOUT = 600.0

pytestmark = pytest.mark.timeout(300 + 150 * RUNS)

def _no_chapter(table: str, column: str, extra: str = "") -> str:
    return f"""SELECT count(*) FROM {table} r WHERE {extra} NOT EXISTS (
                   SELECT 1 FROM chapters c
                    WHERE c.novel_id = r.novel_id AND c.number = r.{column})"""


def _no_entity(table: str, column: str) -> str:
    return f"""SELECT count(*) FROM {table} r, unnest(r.{column}) AS u(id) WHERE NOT EXISTS (
                   SELECT 1 FROM entities e WHERE e.novel_id = r.novel_id AND e.id = u.id)"""


def _no_delta(table: str) -> str:
    return f"""SELECT count(*) FROM {table} r WHERE r.source_delta_id IS NOT NULL AND NOT EXISTS (
                   SELECT 1 FROM state_deltas d
                    WHERE d.novel_id = r.novel_id AND d.id = r.source_delta_id)"""


PROJECTIONS = ("character_states", "located_in_edges", "possesses_edges")

# Rows that must not point at a chapter or an entity that is not there.
ORPHANS = {
    "entity without its first chapter": _no_chapter("entities", "first_chapter"),
    "entity version without its chapter": _no_chapter("entity_versions", "chapter"),
    "relationship without its chapter": _no_chapter("relationships", "from_chapter"),
    "thread without its opening chapter": _no_chapter("plot_threads", "opened_chapter"),
    "critique without its chapter": _no_chapter("critique_reports", "chapter"),
    "payoff in a missing chapter": _no_chapter("commitments", "payoff_chapter",
                                               "r.payoff_chapter IS NOT NULL AND"),
    **{f"{t} without its chapter": _no_chapter(t, "valid_from") for t in PROJECTIONS},
    **{f"{t} without its state delta": _no_delta(t) for t in PROJECTIONS},
    **{f"{t}.{c} naming a missing entity": _no_entity(t, c)
       for t, c in (("events", "involved"), ("scenes", "present"),
                    ("continuity_flags", "entity_ids"), ("thread_events", "entity_ids"),
                    ("knows_edges", "shared_with"))},
}

# Tables whose rows belong to one chapter, and the column that says which.
PER_CHAPTER = {
    "chapters": "number", "passages": "chapter", "entity_versions": "chapter",
    "entity_mentions": "chapter", "events": "chapter", "thread_events": "chapter",
    "relationships": "from_chapter", "shared_dynamics": "chapter", "scenes": "chapter",
    "knows_edges": "chapter", "commitments": "setup_chapter", "canon_facts": "chapter",
    "continuity_flags": "chapter", "state_deltas": "chapter", "critique_reports": "chapter",
    "entities": "first_chapter",
}


@dataclass(frozen=True)
class Outcome:
    """What an ingest left behind, without ids or timestamps."""

    rows: dict[str, int]
    per_chapter: dict[str, list[tuple[int, int]]]
    chapters: list[tuple[int, str | None, str]]
    names: list[tuple[int, str, str]]
    jobs: list[tuple[int, str, str | None]]
    index_jobs: list[tuple[int, str]]


def outcome(engine: Engine) -> Outcome:
    with engine.connect() as conn:
        rows = {t: int(conn.execute(text(f'SELECT count(*) FROM "{t}"')).scalar_one())
                for t in table_names(engine)}
        per_chapter = {
            t: [(int(a), int(b)) for a, b in conn.execute(text(
                f"SELECT {c}, count(*) FROM {t} GROUP BY {c} ORDER BY {c}")).all()]
            for t, c in PER_CHAPTER.items()}
        # indexed_with: every chapter ends indexed for search, with the reference's model.
        chapters = [(r.number, r.title, r.content_hash, r.indexed_with) for r in conn.execute(text(
            "SELECT number, title, content_hash, indexed_with FROM chapters ORDER BY number"))]
        names = [(r.chapter, r.type, r.name) for r in conn.execute(text(
            "SELECT chapter, type, name FROM entity_versions ORDER BY chapter, type, name"))]
        jobs = [(r.chapter_number, r.status, r.error) for r in conn.execute(text(
            """SELECT chapter_number, status, error FROM ingest_jobs WHERE kind = 'chapter'
                ORDER BY chapter_number, seq"""))]
        index_jobs = [(r.chapter_number, r.status) for r in conn.execute(text(
            """SELECT chapter_number, status FROM ingest_jobs WHERE kind = 'index'
                ORDER BY chapter_number, seq"""))]
    return Outcome(rows, per_chapter, chapters, names, jobs, index_jobs)


def orphans(engine: Engine) -> dict[str, int]:
    with engine.connect() as conn:
        found = {name: int(conn.execute(text(sql)).scalar_one()) for name, sql in ORPHANS.items()}
    return {name: n for name, n in found.items() if n}


@pytest.fixture(scope="module")
def pride(shared_data: Path) -> list[tuple[str | None, str]]:
    from continuum.pipeline.segment.books import split_book

    book = (shared_data / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    return [(c.title, c.text) for c in split_book(book)[:CHAPTERS]]


@pytest.fixture(scope="module")
def template(pg_server_url: str) -> Iterator[str]:
    """A migrated, empty database that every run copies."""
    with scratch_database(pg_server_url, migrate=True) as url:
        yield database_name(url)


@dataclass
class Child:
    """A `continuum serve` or `continuum worker` process on one database."""

    kind: str
    url: str
    log: Path
    process: subprocess.Popen | None = None  # type: ignore[type-arg]

    def start(self) -> None:
        args = ["worker"] if self.kind == "worker" else ["serve", "--port", str(free_port())]
        env = child_env(DATABASE_URL=self.url, WORKER_POLL_SECONDS="0.1", LOG_LEVEL="WARNING",
                        RUN_WORKER="true", HOST="127.0.0.1", CONTINUUM_API_TOKEN=None)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(cli(*args), env=env, cwd=REPO_ROOT, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


def _queue(url: str, chapters: list[tuple[str | None, str]]) -> Engine:
    from continuum.pipeline.submit import create_novel, submit_chapter

    engine = create_engine(url, poolclass=NullPool)
    with Session(engine) as session, session.begin():
        novel = create_novel(session, title="Pride and Prejudice", author="Jane Austen")
        for title, body in chapters:
            submit_chapter(session, novel_id=novel, number=None, title=title, text_=body,
                           max_bytes=10_000_000)
    return engine


def _statuses(engine: Engine) -> list[tuple[str, str | None]]:
    with engine.connect() as conn:
        return [(r.status, r.stage) for r in conn.execute(text(
            "SELECT status, stage FROM ingest_jobs ORDER BY chapter_number"))]


def _wait(engine: Engine, child: Child, until: Any, timeout: float) -> float:
    started = time.monotonic()
    while not until(_statuses(engine)):
        assert child.process is not None
        if child.process.poll() is not None:
            raise AssertionError(f"{child.kind} exited with {child.process.returncode}: "
                                 f"{child.log.read_text()[-3000:]}")
        if time.monotonic() - started > timeout:
            raise AssertionError(f"jobs not finished after {timeout}s: {_statuses(engine)}")
        time.sleep(0.005)
    return time.monotonic() - started


def _drained(statuses: list[tuple[str, str | None]]) -> bool:
    return all(s in ("done", "failed") for s, _ in statuses)


def _working(statuses: list[tuple[str, str | None]]) -> bool:
    return any(s != "queued" for s, _ in statuses)


def _writing(statuses: list[tuple[str, str | None]]) -> bool:
    """A job is inside the spine's one write transaction (or every job is done)."""
    return _drained(statuses) or any(
        s == "running" and (stage or "").startswith(("persist", "materialize", "record"))
        for s, stage in statuses)


@dataclass
class Reference:
    outcome: Outcome
    work_seconds: float


@pytest.fixture(scope="module")
def reference(pg_server_url: str, template: str, pride, tmp_path_factory) -> Reference:  # type: ignore[no-untyped-def]
    """A clean ingest of the same chapters by a `continuum worker` that is never killed."""
    log = tmp_path_factory.mktemp("crash") / "reference.log"
    with scratch_database(pg_server_url, template=template) as url:
        engine = _queue(url, pride)
        child = Child("worker", url, log)
        child.start()
        try:
            startup = _wait(engine, child, _working, 300)
            work = _wait(engine, child, _drained, DRAIN_TIMEOUT)
        finally:
            child.stop()
        print(f"reference: {startup:.1f}s to start, {work:.1f}s of work")
        result = outcome(engine)
        engine.dispose()
    assert result.jobs == [(n, "done", None) for n in range(1, CHAPTERS + 1)], result.jobs
    assert result.index_jobs == [(n, "done") for n in range(1, CHAPTERS + 1)], result.index_jobs
    assert result.rows["entities"] > 0 and result.rows["entity_mentions"] > 0
    return Reference(result, work)


@dataclass
class CrashRun:
    """One run: where it was killed and what it left behind."""

    run: int
    kind: str
    kill_after: float
    at_kill: list[tuple[str, str | None]] | None = None
    got: Outcome | None = None
    dangling: dict[str, int] | None = None
    error: str | None = None


def _crash(run: int, server_url: str, template: str, pride: list[tuple[str | None, str]],
           work_seconds: float, logs: Path) -> CrashRun:
    rng = random.Random(SEED * 1000 + run)
    # Stratified over the reference's working time, so the runs spread over every stage;
    # every third run instead waits for the write transaction and kills inside it.
    in_transaction = run % 3 == 2
    result = CrashRun(run, "worker" if run % 2 == 0 else "serve",
                      0.0 if in_transaction else work_seconds * (run + rng.random()) / RUNS)
    try:
        with scratch_database(server_url, template=template) as url:
            engine = _queue(url, pride)
            child = Child(result.kind, url, logs / f"run{run}-{result.kind}.log")
            child.start()
            try:
                _wait(engine, child, _writing if in_transaction else _working, 300)
                time.sleep(result.kill_after)
                result.at_kill = _statuses(engine)
                child.kill()
                child.start()
                _wait(engine, child, _drained, DRAIN_TIMEOUT)
            finally:
                child.stop()
            result.got = outcome(engine)
            result.dangling = orphans(engine)
            engine.dispose()
    except Exception:  # noqa: BLE001 - reported by the run's own test
        result.error = traceback.format_exc()
    return result


@pytest.fixture(scope="module")
def crash_runs(pg_server_url: str, template: str, pride, reference: Reference,  # type: ignore[no-untyped-def]
               tmp_path_factory) -> dict[int, CrashRun]:
    """Every run, PARALLEL at a time (each run has its own database and child process)."""
    logs = tmp_path_factory.mktemp("crash-runs")
    with ThreadPoolExecutor(PARALLEL) as pool:
        done = list(pool.map(lambda run: _crash(run, pg_server_url, template, pride,
                                                reference.work_seconds, logs), range(RUNS)))
    for result in done:
        print(f"run {result.run} ({result.kind}): killed {result.kill_after:.2f}s into the "
              f"work, jobs then: {result.at_kill}")
    return {result.run: result for result in done}


@pytest.mark.parametrize("run", range(RUNS))
def test_sigkill_mid_ingest_loses_nothing(run: int, crash_runs: dict[int, CrashRun],
                                          reference: Reference) -> None:
    result = crash_runs[run]
    assert result.error is None, result.error
    got, at_kill = result.got, result.at_kill
    assert got is not None
    assert got.jobs == [(n, "done", None) for n in range(1, CHAPTERS + 1)], (at_kill, got.jobs)
    assert got.index_jobs == reference.outcome.index_jobs, (at_kill, got.index_jobs)
    assert got.chapters == reference.outcome.chapters
    assert got.rows == reference.outcome.rows, at_kill
    assert got.per_chapter == reference.outcome.per_chapter
    assert got.names == reference.outcome.names
    assert result.dangling == {}


def test_the_checks_catch_a_broken_database(pg_server_url: str, template: str) -> None:
    """The orphan queries are not vacuous: a chapter deleted behind the schema's back shows."""
    with scratch_database(pg_server_url, template=template) as url:
        engine = create_engine(url, poolclass=NullPool)
        novel = uuid.uuid4()
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO novels (id, title) VALUES (:n, 'x')"), {"n": novel})
            conn.execute(text("""INSERT INTO entities (novel_id, type, first_chapter)
                                 VALUES (:n, 'character', 3)"""), {"n": novel})
        assert orphans(engine) == {"entity without its first chapter": 1}
        engine.dispose()


def test_a_worker_that_dies_right_after_the_commit_leaves_a_done_job(clean_db: Engine,  # type: ignore[no-untyped-def]
                                                                     scripted) -> None:
    """The narrowest window: the chapter committed, the job not yet marked done."""
    from continuum.db.engine import write_session
    from continuum.jobs import queue
    from continuum.jobs.worker import Worker
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel, submit_chapter

    with write_session() as session:
        novel = create_novel(session, title="Window")
        submit_chapter(session, novel_id=novel, number=None, title=None, text_="Ada met Bram.",
                       max_bytes=10_000)
    doomed = create_engine(clean_db.url, poolclass=NullPool)
    with doomed.connect() as conn:  # a worker claims the job, runs the spine, and dies
        job = queue.claim_next(conn, worker="doomed")
        assert job is not None
        analyze_chapter(novel_id=job.novel_id, number=job.chapter_number, text=job.text,
                        engine=clean_db)
    doomed.dispose()
    assert requeue_once_released(clean_db) == 1
    assert Worker().run_one()
    with clean_db.connect() as conn:
        jobs = conn.execute(text(
            "SELECT status, error, attempts FROM ingest_jobs WHERE kind = 'chapter'")).all()
        chapters = conn.execute(text("SELECT count(*) FROM chapters")).scalar_one()
    assert [tuple(j) for j in jobs] == [("done", None, 2)] and chapters == 1
