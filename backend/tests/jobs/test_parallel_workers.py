"""Two `continuum worker` processes, two novels, one worker killed with SIGKILL mid-chapter.

Real subprocesses on a real embedded Postgres with the offline extractor and real chapters.
The survivor must requeue the dead worker's job (its advisory lock died with it), finish
both novels in chapter order, and leave exactly the rows a single clean worker leaves.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from tests.reliability.helpers import REPO_ROOT, child_env, cli, scratch_database

pytestmark = pytest.mark.timeout(240)

BOOKS = {"Alice": "alice_in_wonderland.txt", "Pride": "pride_and_prejudice.txt"}
CHAPTERS = 3


@pytest.fixture(scope="module")
def books(shared_data: Path) -> dict[str, list[tuple[str | None, str]]]:
    from continuum.pipeline.segment.books import split_book

    out = {}
    for title, file in BOOKS.items():
        chapters = split_book((shared_data / "novels" / file).read_text(encoding="utf-8"))
        out[title] = [(c.title, c.text) for c in chapters[:CHAPTERS]]
    return out


def queue_books(url: str, books: dict[str, list[tuple[str | None, str]]]) -> dict[str, uuid.UUID]:
    """Create the novels and queue every chapter, interleaved the way two authors would."""
    from continuum.pipeline.submit import create_novel, submit_chapter

    engine = create_engine(url, poolclass=NullPool)
    with Session(engine) as session, session.begin():
        novels = {title: create_novel(session, title=title) for title in books}
        for i in range(CHAPTERS):
            for title, chapters in books.items():
                submit_chapter(session, novel_id=novels[title], number=None, title=chapters[i][0],
                               text_=chapters[i][1], max_bytes=10_000_000)
    engine.dispose()
    return novels


def per_novel_counts(engine: Engine, novels: dict[str, uuid.UUID]) -> dict[str, dict[str, int]]:
    """Rows per table per novel (by title), for every table with a novel_id column."""
    with engine.connect() as conn:
        tables = conn.execute(text(
            """SELECT table_name FROM information_schema.columns
                WHERE table_schema = 'public' AND column_name = 'novel_id' ORDER BY table_name"""
        )).scalars().all()
        return {title: {t: int(conn.execute(text(f'SELECT count(*) FROM "{t}" WHERE novel_id = :n'),
                                            {"n": novel}).scalar_one()) for t in tables}
                for title, novel in novels.items()}


def start_worker(url: str, log: Path) -> subprocess.Popen:  # type: ignore[type-arg]
    env = child_env(DATABASE_URL=url, WORKER_POLL_SECONDS="0.1", LOG_LEVEL="INFO",
                    DATABASE_READ_URL=None)
    with log.open("ab") as out:
        return subprocess.Popen(cli("worker"), env=env, cwd=REPO_ROOT, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def stop_worker(process: subprocess.Popen) -> None:  # type: ignore[type-arg]
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(20)


def jobs(engine: Engine) -> list[dict]:  # type: ignore[type-arg]
    with engine.connect() as conn:
        return [r._asdict() for r in conn.execute(text(
            """SELECT novel_id, id, seq, kind, chapter_number, status, stage, worker, attempts,
                      error, started_at, finished_at
                 FROM ingest_jobs ORDER BY novel_id, seq"""))]


def chapter_jobs(found: list[dict]) -> list[dict]:  # type: ignore[type-arg]
    return [j for j in found if j["kind"] == "chapter"]


def wait_for(engine: Engine, until, workers, timeout: float) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    deadline = time.monotonic() + timeout
    while True:
        current = jobs(engine)
        if until(current):
            return current
        for process, log in workers:
            if process.poll() is not None and process.returncode != -signal.SIGKILL:
                raise AssertionError(f"a worker exited ({process.returncode}): {log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; jobs: {[(j['chapter_number'], j['status']) for j in current]}")
        time.sleep(0.02)


@pytest.fixture(scope="module")
def template(pg_server_url: str) -> Iterator[str]:
    with scratch_database(pg_server_url, migrate=True) as url:
        yield str(create_engine(url).url.database)


@pytest.fixture(scope="module")
def reference(pg_server_url: str, template: str, books) -> dict[str, dict[str, int]]:  # type: ignore[no-untyped-def]
    """The same chapters ingested by one in-process worker that is never interrupted."""
    from continuum.jobs.worker import Worker

    with scratch_database(pg_server_url, template=template) as url:
        novels = queue_books(url, books)
        engine = create_engine(url, poolclass=NullPool)
        worker = Worker(engine=engine)
        while worker.run_one():
            pass
        worker._lock_engine.dispose()
        assert all(j["status"] == "done" for j in jobs(engine)), jobs(engine)
        assert len(jobs(engine)) == 2 * len(chapter_jobs(jobs(engine)))  # one index job each
        counts = per_novel_counts(engine, novels)
        engine.dispose()
    return counts


def test_two_workers_survive_a_sigkill_mid_chapter(pg_server_url: str, template: str, books,  # type: ignore[no-untyped-def]
                                                   reference, tmp_path: Path) -> None:
    with scratch_database(pg_server_url, template=template) as url:
        novels = queue_books(url, books)
        engine = create_engine(url, poolclass=NullPool)
        workers = [(start_worker(url, tmp_path / f"w{i}.log"), tmp_path / f"w{i}.log") for i in (0, 1)]
        try:
            # Both workers busy at once, one per novel: the queue runs novels in parallel.
            both = wait_for(
                engine, lambda js: len({j["worker"] for j in chapter_jobs(js)
                                        if j["status"] == "running"}) == 2,
                workers, 120)
            running = [j for j in chapter_jobs(both) if j["status"] == "running"]
            assert {j["novel_id"] for j in running} == set(novels.values())
            victim_name = running[0]["worker"]
            victim = next(p for p, _ in workers if p.pid == int(victim_name.split(":")[1]))
            survivor = next(p for p, _ in workers if p is not victim)
            os.killpg(victim.pid, signal.SIGKILL)
            victim.wait(20)
            # The chapter job the victim held when it died: still marked running (or already
            # requeued by the survivor's reaper), never finished.
            orphaned = [j for j in chapter_jobs(jobs(engine))
                        if j["worker"] == victim_name and j["status"] in ("running", "queued")]
            assert len(orphaned) == 1, orphaned
            victim_job = orphaned[0]

            final = wait_for(engine, lambda js: all(j["status"] in ("done", "failed") for j in js),
                             workers, 180)
            assert survivor.poll() is None
        finally:
            for process, _ in workers:
                stop_worker(process)

        # Every chapter read and indexed for search, each exactly once.
        assert [(j["status"], j["error"]) for j in final] == [("done", None)] * (4 * CHAPTERS)
        final = chapter_jobs(final)
        redone = next(j for j in final if j["id"] == victim_job["id"])
        # The dead worker's job went back to the queue and the survivor finished it.
        assert redone["attempts"] == 2
        assert redone["worker"].split(":")[1] == str(survivor.pid)
        # Each novel's chapters ran strictly one after another, in submission order.
        for novel in novels.values():
            mine = [j for j in final if j["novel_id"] == novel]
            assert [j["chapter_number"] for j in mine] == list(range(1, CHAPTERS + 1))
            for before, after in zip(mine, mine[1:], strict=False):
                assert after["started_at"] >= before["finished_at"]
        with engine.connect() as conn:
            chapters = conn.execute(text(
                "SELECT novel_id, number, content_hash FROM chapters ORDER BY novel_id, number")).all()
        import hashlib

        assert sorted(chapters) == sorted(
            (novels[title], i + 1, hashlib.sha256(body.encode("utf-8")).hexdigest())
            for title, chapters_ in books.items() for i, (_, body) in enumerate(chapters_))
        # Exactly the rows of the uninterrupted reference: nothing lost, nothing twice.
        assert per_novel_counts(engine, novels) == reference
        engine.dispose()
