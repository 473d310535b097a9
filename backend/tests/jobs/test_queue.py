"""The Postgres job queue: per-novel order, parallel novels, orphans of dead workers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from continuum.db.engine import write_session
from continuum.jobs import queue
from continuum.pipeline.submit import create_novel
from tests.reaping import requeue_once_released


def _novel(title: str):
    with write_session() as session:
        return create_novel(session, title=title)


def _enqueue(engine, novel_id, number):
    with engine.begin() as conn:
        return queue.enqueue_chapter(conn, novel_id=novel_id, number=number, title=None,
                                     text_=f"chapter {number}")


def _status(engine, job_id):
    with engine.connect() as conn:
        return conn.execute(text("SELECT status FROM ingest_jobs WHERE id = :i"),
                            {"i": job_id}).scalar_one()


def test_one_novel_in_order_two_novels_in_parallel(clean_db) -> None:
    engine = clean_db
    a, b = _novel("A"), _novel("B")
    a1, a2 = _enqueue(engine, a, 1), _enqueue(engine, a, 2)
    b1 = _enqueue(engine, b, 1)
    lock_engine = create_engine(engine.url, poolclass=NullPool)
    with lock_engine.connect() as w1, lock_engine.connect() as w2, lock_engine.connect() as w3:
        first = queue.claim_next(w1, worker="w1")
        second = queue.claim_next(w2, worker="w2")
        assert first is not None and second is not None
        assert {first.id, second.id} == {a1, b1}
        # a2 waits for a1 even though a worker is free.
        assert queue.claim_next(w3, worker="w3") is None
        queue.finish(w1, novel_id=a, job_id=a1, result={})
        queue.release(w1, a1)
        third = queue.claim_next(w3, worker="w3")
        assert third is not None and third.id == a2
    lock_engine.dispose()


def test_a_live_workers_job_is_not_requeued(clean_db) -> None:
    engine = clean_db
    job = _enqueue(engine, _novel("Live"), 1)
    lock_engine = create_engine(engine.url, poolclass=NullPool)
    with lock_engine.connect() as owner:
        assert queue.claim_next(owner, worker="me") is not None
        with engine.connect() as reaper:
            assert queue.requeue_orphans(reaper, max_attempts=3) == 0
        assert _status(engine, job) == "running"
    lock_engine.dispose()


def test_a_killed_workers_job_goes_back_to_the_queue(clean_db) -> None:
    engine = clean_db
    job = _enqueue(engine, _novel("Killed"), 1)
    script = textwrap.dedent(f"""
        import sys, time
        from sqlalchemy import create_engine
        from sqlalchemy.pool import NullPool
        from continuum.jobs import queue
        conn = create_engine({engine.url.render_as_string(hide_password=False)!r},
                             poolclass=NullPool).connect()
        claimed = queue.claim_next(conn, worker="doomed")
        print(claimed.id, flush=True)
        time.sleep(600)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                            env={**os.environ})
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == str(job)
        assert _status(engine, job) == "running"
        with engine.connect() as reaper:
            assert queue.requeue_orphans(reaper, max_attempts=3) == 0
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        assert requeue_once_released(engine) == 1
        assert _status(engine, job) == "queued"
    finally:
        proc.kill()


def test_attempts_are_bounded(clean_db) -> None:
    engine = clean_db
    job = _enqueue(engine, _novel("Bounded"), 1)
    with engine.begin() as conn:
        conn.execute(text("UPDATE ingest_jobs SET status = 'running', attempts = 3 WHERE id = :i"),
                     {"i": job})
    with engine.connect() as reaper:
        assert queue.requeue_orphans(reaper, max_attempts=3) == 1
    assert _status(engine, job) == "failed"
