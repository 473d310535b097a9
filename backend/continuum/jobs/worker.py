"""The job worker: in-process inside `continuum serve`, or its own `continuum worker` process."""

from __future__ import annotations

import logging
import os
import socket
import threading
import time

from sqlalchemy import Engine, create_engine
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.pool import NullPool

from continuum.db.engine import get_engine
from continuum.errors import ContinuumError
from continuum.jobs import queue
from continuum.settings import Settings, get_settings

log = logging.getLogger(__name__)

INDEX_NICE = 10
"""How much lower the index threads' CPU priority is than the reader's (Linux nice): indexing
uses the cores reading leaves idle, and never slows the next chapter down on a busy machine."""


class Worker:
    """Claims queued jobs one at a time: chapters through the write spine, and when no chapter
    is runnable, search indexes. Beside it run `INDEX_THREADS` threads that only index, so a
    chapter's vectors are made on another core while the next chapter is read."""

    def __init__(self, settings: Settings | None = None, engine: Engine | None = None, *,
                 kinds: tuple[str, ...] = queue.KINDS, index_threads: int | None = None) -> None:
        self.settings = settings or get_settings()
        self.engine = engine or get_engine(self.settings)
        self.kinds = kinds
        # The ownership locks live on a connection of their own, never returned to a pool.
        self._lock_engine = create_engine(self.engine.url, poolclass=NullPool)
        self.name = f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        threads = self.settings.index_threads if index_threads is None else index_threads
        self.helpers = [Worker(self.settings, self.engine, kinds=("index",), index_threads=0)
                        for _ in range(threads if "chapter" in kinds else 0)]
        for n, helper in enumerate(self.helpers, start=1):
            helper.name = f"{self.name}:index{n}"

    def start_in_background(self) -> None:
        """Run the loop (and the index threads) in daemon threads (used by `continuum serve`)."""
        self._thread = threading.Thread(target=self.run_forever, name="continuum-worker", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Ask the loops to stop after their current job and wait for them."""
        for worker in (self, *self.helpers):
            worker._stop.set()
        for worker in (self, *self.helpers):
            if worker._thread is not None:
                worker._thread.join(timeout)
                if worker._thread.is_alive():
                    log.warning("worker %s did not stop within %.0f s; its job goes on in the "
                                "background", worker.name, timeout)

    def run_forever(self) -> None:
        """Poll for jobs until stopped (the index threads start and stop with this loop)."""
        log.info("worker %s started (%s)", self.name, ", ".join(self.kinds))
        if "chapter" in self.kinds:
            self._queue_unindexed()
        else:
            _lower_priority(INDEX_NICE)
        for n, helper in enumerate(self.helpers, start=1):
            helper._thread = threading.Thread(target=helper.run_forever,
                                              name=f"continuum-index-{n}", daemon=True)
            helper._thread.start()
        try:
            self._loop()
        finally:
            for helper in self.helpers:
                helper._stop.set()

    def _queue_unindexed(self) -> None:
        """Chapters a model change or an exhausted index job left unindexed get a job again."""
        from continuum.pipeline.index import queue_unindexed

        try:
            with self.engine.connect() as conn:
                queued = queue_unindexed(conn, model=self.settings.embedding_model.strip())
            if queued:
                log.info("queued %d chapters to index for search", queued)
        except Exception:  # noqa: BLE001 - never keeps the worker from starting
            log.exception("could not look for chapters to index")

    def _loop(self) -> None:
        last_reap = 0.0
        while not self._stop.is_set():
            try:
                if time.monotonic() - last_reap > 5.0:
                    with self.engine.connect() as conn:
                        queue.requeue_orphans(conn, max_attempts=self.settings.job_max_attempts)
                    last_reap = time.monotonic()
                if not self.run_one():
                    self._stop.wait(self.settings.worker_poll_seconds)
            except Exception:  # noqa: BLE001 - the loop must survive a database hiccup
                log.exception("worker loop error; retrying shortly")
                self._stop.wait(2.0)
        log.info("worker %s stopped", self.name)

    def drain(self) -> int:
        """Run jobs in this thread until none is runnable; how many ran (tests, evals, MCP)."""
        ran = 0
        while self.run_one():
            ran += 1
        return ran

    def run_one(self) -> bool:
        """Claim and run one job; False when the queue had nothing runnable."""
        with self._lock_engine.connect() as lock_conn:
            job = queue.claim_next(lock_conn, worker=self.name, kinds=self.kinds)
            if job is None:
                return False
            try:
                if job.kind == "index":
                    self._index(job)
                else:
                    self._run(job)
            finally:
                queue.release(lock_conn, job.id)
        return True

    def _index(self, job: queue.ClaimedJob) -> None:
        """Make a committed chapter's search vectors; a failure is retried, then left to the
        next worker start (search answers from full text for the chapter meanwhile)."""
        from continuum.embed import get_embedder
        from continuum.pipeline.index import index_chapter

        progress = _ProgressReporter(self.engine, job)
        try:
            embedder = get_embedder(self.settings.embedding_model)
            done = index_chapter(engine=self.engine, novel_id=job.novel_id,
                                 chapter=job.chapter_number, embedder=embedder, progress=progress)
        except Exception as exc:  # noqa: BLE001 - a job error must never kill the worker
            retry = job.attempts < self.settings.job_max_attempts
            log.warning("index job %s failed (retry=%s): %s", job.id, retry, exc)
            with self.engine.connect() as conn:
                queue.fail(conn, novel_id=job.novel_id, job_id=job.id, retry=retry,
                           error=f"indexing for search failed: {exc.__class__.__name__}: {exc}")
            return
        with self.engine.connect() as conn:
            queue.finish(conn, novel_id=job.novel_id, job_id=job.id, result=done.as_dict())

    def _run(self, job: queue.ClaimedJob) -> None:
        from continuum.pipeline.critic.review import accepted_draft
        from continuum.pipeline.spine import analyze_chapter

        log.info("job %s: chapter %d of novel %s", job.id, job.chapter_number, job.novel_id)
        if job.attempts > 1:
            with self.engine.connect() as conn:
                if queue.chapter_written(conn, job):
                    log.info("job %s: an earlier attempt already wrote the chapter", job.id)
                    queue.finish(conn, novel_id=job.novel_id, job_id=job.id,
                                 result={"ingested": True, "chapter": job.chapter_number,
                                         "resumed": True})
                    return
        progress = _ProgressReporter(self.engine, job)
        try:
            accepted = None
            if job.submission_id is not None:
                # Refuse a draft decided while the job waited before spending minutes on it.
                accepted = accepted_draft(submission_id=job.submission_id, edited=job.edited,
                                          engine=self.engine)
            result = analyze_chapter(
                novel_id=job.novel_id,
                number=job.chapter_number,
                text=job.text,
                title=job.title,
                source=job.source,
                policy=job.policy,
                replace=job.replace,
                progress=progress,
                engine=self.engine,
                job_id=job.id,
                accepted=accepted,
            )
        except ContinuumError as exc:
            log.warning("job %s failed: %s", job.id, exc)
            with self.engine.connect() as conn:
                queue.fail(conn, novel_id=job.novel_id, job_id=job.id, error=_explain(job, str(exc)),
                           retry=False)
            return
        except (OperationalError, DBAPIError) as exc:
            retry = job.attempts < self.settings.job_max_attempts
            log.warning("job %s hit a database error (retry=%s): %s", job.id, retry, exc)
            with self.engine.connect() as conn:
                queue.fail(
                    conn, novel_id=job.novel_id, job_id=job.id,
                    error=f"database error: {exc.__class__.__name__}", retry=retry,
                )
            return
        except Exception as exc:  # noqa: BLE001 - a job error must never kill the worker
            log.exception("job %s crashed", job.id)
            with self.engine.connect() as conn:
                queue.fail(
                    conn, novel_id=job.novel_id, job_id=job.id,
                    error=_explain(job, f"internal error: {exc.__class__.__name__}: {exc}"),
                    retry=False,
                )
            return
        with self.engine.connect() as conn:
            queue.finish(conn, novel_id=job.novel_id, job_id=job.id, result=result.as_dict())


def _lower_priority(nice: int) -> None:
    """Lower this thread's CPU priority (Linux threads have their own nice); elsewhere nothing."""
    try:
        me = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, me, min(19, os.getpriority(os.PRIO_PROCESS, me) + nice))
    except (AttributeError, OSError):
        log.debug("cannot lower the index thread's priority here")


def _explain(job: queue.ClaimedJob, error: str) -> str:
    """A failed accept says that the draft was not written (and why), not just the cause."""
    if job.submission_id is None:
        return error
    return f"the draft was not accepted and nothing was written: {error}"


class _ProgressReporter:
    """Writes (stage, fraction) to the job row, at most a few times per second."""

    def __init__(self, engine: Engine, job: queue.ClaimedJob) -> None:
        self.engine = engine
        self.job = job
        self._last = 0.0
        self._last_stage = ""

    def __call__(self, stage: str, progress: float) -> None:
        now = time.monotonic()
        if stage == self._last_stage and now - self._last < 0.25:
            return
        self._last, self._last_stage = now, stage
        with self.engine.connect() as conn:
            queue.report_progress(
                conn, novel_id=self.job.novel_id, job_id=self.job.id,
                stage=stage, progress=progress,
            )
