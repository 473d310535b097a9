"""Concurrency: uploads of one novel serialize, novels run in parallel, reads are whole."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, text

from continuum.db.engine import write_session
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.submit import create_novel, submit_chapter
from tests.fakes import ScriptedExtractor, entity
from tests.reliability.conftest import script, wait_for_job

pytestmark = pytest.mark.timeout(300)


def _novel(title: str) -> uuid.UUID:
    with write_session() as session:
        return create_novel(session, title=title)


def _queue(novel_id: uuid.UUID, number: int, text_: str) -> uuid.UUID:
    with write_session() as session:
        return submit_chapter(session, novel_id=novel_id, number=number, title=None, text_=text_,
                              max_bytes=1_000_000)


def _jobs(engine: Engine, novel_id: uuid.UUID) -> list:  # type: ignore[type-arg]
    with engine.connect() as conn:
        return list(conn.execute(text(
            """SELECT chapter_number, status, error, started_at, finished_at FROM ingest_jobs
                WHERE novel_id = :n AND kind = 'chapter' ORDER BY chapter_number"""),
            {"n": novel_id}).all())


@contextmanager
def workers(count: int) -> Iterator[None]:
    """`count` job workers, each in its own thread, like `continuum worker` processes."""
    from continuum.jobs.worker import Worker
    from continuum.settings import get_settings

    settings = get_settings().model_copy(update={"worker_poll_seconds": 0.05})
    pool = [Worker(settings) for _ in range(count)]
    for worker in pool:
        worker.start_in_background()
    try:
        yield
    finally:
        for worker in pool:
            worker.stop()


def _when(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def _until(condition: Callable[[], bool], timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def test_concurrent_uploads_to_one_novel_take_consecutive_numbers(client: TestClient) -> None:
    novel = client.post("/api/novels", json={"title": "Race"}).json()["id"]
    url = f"/api/novels/{novel}/chapters"
    texts = [f"Ada wrote letter {i}." for i in range(8)]
    start = threading.Barrier(len(texts))

    def upload(text_: str) -> dict:  # type: ignore[type-arg]
        start.wait(10)
        response = client.post(url, json={"text": text_})
        assert response.status_code == 202, response.text
        return {"text": text_, **response.json()}

    with ThreadPoolExecutor(len(texts)) as pool:
        accepted = list(pool.map(upload, texts))
    jobs = [wait_for_job(client, a["job_id"]) for a in accepted]
    assert sorted(j["chapter_number"] for j in jobs) == list(range(1, len(texts) + 1))
    assert all(j["status"] == "done" for j in jobs), jobs
    for sent, job in zip(accepted, jobs, strict=True):
        stored = client.get(f"{url}/{job['chapter_number']}").json()["text"]
        assert stored == sent["text"]
    by_number = sorted(jobs, key=lambda j: j["chapter_number"])
    for earlier, later in zip(by_number, by_number[1:], strict=False):
        # One novel: strictly in order.
        assert _when(earlier["finished_at"]) <= _when(later["started_at"])


def test_two_uploads_of_the_same_number_one_wins(client: TestClient) -> None:
    novel = client.post("/api/novels", json={"title": "Same number"}).json()["id"]
    start = threading.Barrier(2)

    def upload(text_: str) -> int:
        start.wait(10)
        return client.post(f"/api/novels/{novel}/chapters",
                           json={"number": 1, "text": text_}).status_code

    with ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(upload, ["Ada.", "Bram."]))
    assert codes == [202, 409]


def test_two_novels_ingest_in_parallel_each_in_order(clean_db: Engine, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    both_inside = threading.Barrier(2, timeout=60)
    met: set[str] = set()
    guard = threading.Lock()

    def meet(text_: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
        with guard:
            first = number == 1 and text_ not in met
            met.add(text_)
        if first:
            both_inside.wait()  # only returns once the other novel is being read at the same time
        else:
            time.sleep(0.2)
        return script(text_, number, context)

    extractor = ScriptedExtractor(meet)
    monkeypatch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    a, b = _novel("Parallel A"), _novel("Parallel B")
    for number in (1, 2, 3):
        _queue(a, number, f"Ada, chapter {number} of A.")
        _queue(b, number, f"Bram, chapter {number} of B.")
    with workers(2):
        _until(lambda: all(j.status in ("done", "failed")
                           for j in _jobs(clean_db, a) + _jobs(clean_db, b)))
    for novel in (a, b):
        jobs = _jobs(clean_db, novel)
        assert [(j.chapter_number, j.status, j.error) for j in jobs] == [
            (1, "done", None), (2, "done", None), (3, "done", None)]
        for earlier, later in zip(jobs, jobs[1:], strict=False):
            assert earlier.finished_at <= later.started_at
    assert not both_inside.broken


MENTIONS_PER_NAME = 150


def _crowd(text_: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    """Many entities and mentions, so that persisting a chapter takes a while."""
    names = [f"Person{number}x{i}" for i in range(12)] + ["Ada", "Bram"]
    return ChapterExtraction(new_entities=[entity(text_, n) for n in names if n in text_])


def _crowded_text(number: int) -> str:
    names = [f"Person{number}x{i}" for i in range(12)] + ["Ada", "Bram"]
    return " ".join(f"{n} spoke." for _ in range(MENTIONS_PER_NAME) for n in names)


def test_readers_never_see_half_a_chapter(clean_db: Engine, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from continuum.db.engine import read_session
    from continuum.reads.chapters import list_chapters
    from continuum.reads.entities import list_entities

    extractor = ScriptedExtractor(_crowd)
    monkeypatch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    novel = _novel("Readers")
    chapters = 5
    for number in range(1, chapters + 1):
        _queue(novel, number, _crowded_text(number))

    seen: list[tuple[int, ...]] = []
    observed: set[tuple[int, int, int, int]] = set()
    torn: list[object] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            with clean_db.connect() as conn:
                rows = conn.execute(text(
                    """SELECT c.number,
                              (SELECT count(*) FROM entity_mentions m
                                WHERE m.novel_id = c.novel_id AND m.chapter = c.number),
                              (SELECT count(*) FROM passages p
                                WHERE p.novel_id = c.novel_id AND p.chapter = c.number),
                              (SELECT count(*) FROM critique_reports r
                                WHERE r.novel_id = c.novel_id AND r.chapter = c.number)
                         FROM chapters c WHERE c.novel_id = :n ORDER BY c.number"""),
                    {"n": novel}).all()
            observed.update((r[0], r[1], r[2], r[3]) for r in rows)
            with read_session() as session:
                listed = list_chapters(session=session, novel_id=novel, cap=chapters)
                people = list_entities(session=session, novel_id=novel, cap=chapters,
                                       type_="character")
            newest = max((c.number for c in listed), default=0)
            firsts = {p.first_chapter for p in people}
            if newest and set(range(1, newest + 1)) - firsts:
                torn.append(("entities missing for chapters", newest, sorted(firsts)))
            seen.append(tuple(r[0] for r in rows))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        with workers(1):
            _until(lambda: all(j.status in ("done", "failed") for j in _jobs(clean_db, novel)))
    finally:
        stop.set()
        reader.join(30)
    assert [j.status for j in _jobs(clean_db, novel)] == ["done"] * chapters
    with clean_db.connect() as conn:
        final = {r[0]: (r[0], r[1], r[2], r[3]) for r in conn.execute(text(
            """SELECT c.number,
                      (SELECT count(*) FROM entity_mentions m
                        WHERE m.novel_id = c.novel_id AND m.chapter = c.number),
                      (SELECT count(*) FROM passages p
                        WHERE p.novel_id = c.novel_id AND p.chapter = c.number),
                      (SELECT count(*) FROM critique_reports r
                        WHERE r.novel_id = c.novel_id AND r.chapter = c.number)
                 FROM chapters c WHERE c.novel_id = :n"""), {"n": novel})}
    assert all(f[1] >= 14 * MENTIONS_PER_NAME and f[2] > 0 and f[3] == 1 for f in final.values())
    # Every state a reader saw of a chapter is its final, whole state.
    assert {o for o in observed if o != final[o[0]]} == set()
    assert torn == []
    assert len({len(s) for s in seen}) >= 3, "the reader should have watched the novel grow"
