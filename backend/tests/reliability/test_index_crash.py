"""Crash safety of indexing: SIGKILL a `continuum worker` while it embeds, restart it, and every
chapter ends fully embedded with no vector made or stored twice.

Three chapters of Pride and Prejudice are written (chapter jobs done, index jobs queued) into a
copy of a migrated database; a real `continuum worker` child embeds them with the real MiniLM
model (its reader thread and its index thread both take index jobs), and is killed with
SIGKILL once an index job is in the middle of embedding. After a restart the queue drains.
"""

from __future__ import annotations

import os
import random
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

from tests.reliability.helpers import REPO_ROOT, child_env, cli, database_name, scratch_database

pytestmark = pytest.mark.timeout(300)

CHAPTERS = 3
MODEL = "local:all-MiniLM-L6-v2"
SEED = int(os.environ.get("CONTINUUM_CRASH_SEED", "1813"))
SEARCHED = ("passages", "scenes", "events")


@pytest.fixture(scope="module")
def written(pg_server_url: str, shared_data: Path,
            monkeypatch_module: pytest.MonkeyPatch) -> Iterator[tuple[str, uuid.UUID]]:
    """A database holding three read chapters whose index jobs wait in the queue."""
    from continuum.pipeline.segment.books import split_book
    from continuum.pipeline.spine import analyze_chapter
    from continuum.pipeline.submit import create_novel
    from continuum.settings import get_settings
    from tests.fakes import ScriptedExtractor
    from tests.pipeline.test_index import script

    book = (shared_data / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    monkeypatch_module.setenv("CRITIC_ENABLED", "false")  # only the index jobs are under test
    get_settings.cache_clear()
    with scratch_database(pg_server_url, migrate=True) as url:
        engine = create_engine(url, poolclass=NullPool)
        with Session(engine) as session, session.begin():
            novel_id = create_novel(session, title="Pride and Prejudice")
        extractor = ScriptedExtractor(script)
        for number, chapter in enumerate(split_book(book)[:CHAPTERS], start=1):
            analyze_chapter(novel_id=novel_id, number=number, text=chapter.text, engine=engine,
                            extractor=extractor)
        engine.dispose()
        monkeypatch_module.undo()
        get_settings.cache_clear()
        yield database_name(url), novel_id


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def _jobs(engine: Engine) -> list[tuple[int, str, str | None, int]]:
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(text(  # type: ignore[misc]
            """SELECT chapter_number, status, stage, attempts FROM ingest_jobs
                WHERE kind = 'index' ORDER BY chapter_number, seq"""))]


def _start(url: str, log: Path) -> subprocess.Popen:  # type: ignore[type-arg]
    env = child_env(DATABASE_URL=url, EMBEDDING_MODEL=MODEL, WORKER_POLL_SECONDS="0.1",
                    INDEX_THREADS="1", LOG_LEVEL="WARNING", DATABASE_READ_URL=None)
    with log.open("ab") as out:
        return subprocess.Popen(cli("worker"), env=env, cwd=REPO_ROOT, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def _wait(engine: Engine, child: subprocess.Popen, log: Path, until, timeout: float):  # type: ignore[no-untyped-def,type-arg]
    deadline = time.monotonic() + timeout
    while not until(jobs := _jobs(engine)):
        if child.poll() is not None:
            raise AssertionError(f"the worker exited with {child.returncode}: {log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            raise AssertionError(f"not there after {timeout}s: {jobs}")
        time.sleep(0.01)
    return jobs


def _embedding(jobs) -> bool:  # type: ignore[no-untyped-def]
    return any(status == "running" and (stage or "").startswith("index: embedding")
               for _, status, stage, _ in jobs)


def _kill(child: subprocess.Popen) -> None:  # type: ignore[type-arg]
    if child.poll() is None:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(30)


def test_sigkill_while_embedding_ends_with_every_chapter_embedded_once(
        pg_server_url: str, written: tuple[str, uuid.UUID], tmp_path: Path) -> None:
    from continuum.embed import MiniLMEmbedder, as_read
    from continuum.pipeline.index import text_hash

    template, novel_id = written
    log = tmp_path / "worker.log"
    with scratch_database(pg_server_url, template=template) as url:
        engine = create_engine(url, poolclass=NullPool)
        with engine.connect() as conn:
            rows = {t: conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one() for t in SEARCHED}
            bodies = [r[0] for r in conn.execute(text(
                "SELECT text FROM passages UNION ALL SELECT text FROM scenes "
                "UNION ALL SELECT summary FROM events"))]
        distinct = {text_hash(t) for t in as_read(MiniLMEmbedder(), bodies)}
        assert rows["passages"] > 15 and rows["events"] > 10
        child = _start(url, log)
        try:
            _wait(engine, child, log, _embedding, 120)
            time.sleep(random.Random(SEED).uniform(0.1, 1.0))
            at_kill = _jobs(engine)
            _kill(child)
            assert any(s == "running" for _, s, _, _ in at_kill), at_kill  # killed mid-job
            child = _start(url, log)
            final = _wait(engine, child, log,
                          lambda js: all(s in ("done", "failed") for _, s, _, _ in js), 240)
        finally:
            _kill(child)
        with engine.connect() as conn:
            after = {t: conn.execute(text(f"SELECT count(*) FROM {t}")).scalar_one() for t in SEARCHED}
            unembedded = {t: conn.execute(text(
                f"SELECT count(*) FROM {t} WHERE embedding IS NULL OR embedding_model <> :m"),
                {"m": MODEL}).scalar_one() for t in SEARCHED}
            indexed = conn.execute(text("SELECT number, indexed_with FROM chapters ORDER BY number")).all()
            cache = conn.execute(text(
                "SELECT count(*), count(DISTINCT text_hash) FROM embedding_cache WHERE novel_id = :n"),
                {"n": novel_id}).one()
            # Every stored vector is the one cached for its text: none was made twice.
            strays = sum(conn.execute(text(
                f"""SELECT count(*) FROM {t} x WHERE NOT EXISTS (
                        SELECT 1 FROM embedding_cache c WHERE c.novel_id = x.novel_id
                           AND c.model = :m AND c.embedding = x.embedding)"""),
                {"m": MODEL}).scalar_one() for t in SEARCHED)
        engine.dispose()
    assert [s for _, s, _, _ in final] == ["done"] * CHAPTERS, (at_kill, final)
    assert any(attempts == 2 for _, _, _, attempts in final), final  # the killed job, resumed
    assert after == rows  # no row written twice
    assert unembedded == {t: 0 for t in SEARCHED}
    assert [tuple(r) for r in indexed] == [(n, MODEL) for n in range(1, CHAPTERS + 1)]
    assert tuple(cache) == (len(distinct), len(distinct))
    assert strays == 0
