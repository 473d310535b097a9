"""INDEX: chapters readable before their vectors, searched by full text meanwhile; vectors made
once per text (a replaced chapter re-embeds only what changed), resumable, idempotent."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from pathlib import Path

import pytest
from sqlalchemy import text

from continuum.db.engine import get_engine, read_session, write_session
from continuum.embed import HashingEmbedder
from continuum.jobs import queue
from continuum.jobs.worker import Worker
from continuum.pipeline import index
from continuum.pipeline.extract.schema import ChapterExtraction, EventItem, Evidence, SceneItem
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel, submit_chapter
from continuum.reads.jobs import list_jobs, search_index_status
from continuum.reads.search import search
from tests.conftest import chapters_of
from tests.fakes import ScriptedExtractor

SENTENCE = re.compile(r"[^.!?]+[.!?]")


def script(text_: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    """A scene per half of the chapter and an event per sentence that has 'said' in it."""
    events = []
    for m in SENTENCE.finditer(text_):
        if " said" in m.group():
            quote = m.group().strip()
            start = text_.index(quote, m.start())
            events.append(EventItem(type="speech", summary=" ".join(quote.split())[:120],
                                    verb="said", evidence=Evidence(start=start,
                                    end=start + len(quote), quote=quote, rule="scripted")))
    half = text_.find("\n\n", len(text_) // 2)
    cuts = [0, half if half > 0 else len(text_), len(text_)]
    scenes = [SceneItem(index=i, start=a, end=b)
              for i, (a, b) in enumerate(zip(cuts, cuts[1:], strict=False)) if b > a]
    return ChapterExtraction(events=events, scene_segmentation=scenes)


class CountingEmbedder(HashingEmbedder):
    """Hash vectors, counting every text sent to the model; can fail after some calls."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.sent: list[str] = []
        self.calls = 0
        self.fail_after = fail_after

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if self.fail_after is not None and self.calls >= self.fail_after:
            raise RuntimeError("the embedder died")
        self.calls += 1
        self.sent += list(texts)
        return super().embed(texts)


@pytest.fixture(scope="module")
def pride(shared_data: Path) -> list[str]:
    return chapters_of(shared_data, "pride_and_prejudice.txt")[:3]


def _novel(chapters: list[str]) -> uuid.UUID:
    with write_session() as session:
        novel_id = create_novel(session, title="Pride and Prejudice")
    extractor = ScriptedExtractor(script)
    for number, body in enumerate(chapters, start=1):
        analyze_chapter(novel_id=novel_id, number=number, text=body, extractor=extractor)
    return novel_id


def _missing(novel_id: uuid.UUID) -> dict[str, int]:
    with read_session() as session:
        return {t: int(session.execute(text(
            f"SELECT count(*) FROM {t} WHERE novel_id = :n AND embedding IS NULL"),
            {"n": novel_id}).scalar_one()) for t in index.KINDS}


def _index_all(novel_id: uuid.UUID, embedder: HashingEmbedder, chapters: int) -> list[index.IndexResult]:
    return [index.index_chapter(engine=get_engine(), novel_id=novel_id, chapter=n,
                                embedder=embedder) for n in range(1, chapters + 1)]


def test_a_chapter_is_readable_and_found_by_full_text_before_it_is_indexed(clean_db, pride) -> None:
    novel_id = _novel(pride[:2])
    missing = _missing(novel_id)
    assert missing["passages"] > 5 and missing["events"] > 0 and missing["scenes"] == 4
    with read_session() as session:
        jobs = list_jobs(session=session, novel_id=novel_id, kind="index")
        assert sorted((j.chapter_number, j.status) for j in jobs) == [(1, "queued"), (2, "queued")]
        assert list_jobs(session=session, novel_id=novel_id) == []  # the chapter jobs' list
        status = search_index_status(session=session, novel_id=novel_id, model="mock:hash")
        assert (status.chapters, status.indexed, status.pending) == (2, 0, [1, 2])
        for mode in ("hybrid", "dense"):
            found = search(session=session, novel_id=novel_id, cap=2, mode=mode,  # type: ignore[arg-type]
                           q="Netherfield is taken", embedder=HashingEmbedder())
            assert found.indexing == [1, 2]
            assert found.hits and found.hits[0].chapter == 1, found.hits

    assert Worker(kinds=("index",)).drain() == 2
    assert _missing(novel_id) == {"passages": 0, "scenes": 0, "events": 0}
    with read_session() as session:
        status = search_index_status(session=session, novel_id=novel_id, model="mock:hash")
        assert (status.indexed, status.pending, status.indexing) == (2, [], None)
        found = search(session=session, novel_id=novel_id, cap=2, mode="dense",
                       q="Netherfield is taken", embedder=HashingEmbedder())
        assert found.indexing == [] and found.hits[0].chapter == 1


def test_indexing_again_embeds_nothing_and_equal_texts_are_embedded_once(clean_db, pride) -> None:
    novel_id = _novel(pride[:2])
    embedder = CountingEmbedder()
    first = _index_all(novel_id, embedder, 2)
    assert all(r.indexed for r in first)
    texts = sum(r.texts for r in first)
    assert len(embedder.sent) == len(set(embedder.sent)) == sum(r.embedded for r in first)
    assert sum(r.reused for r in first) == texts - len(embedder.sent)
    with read_session() as session:
        cached = session.execute(text("SELECT count(*) FROM embedding_cache WHERE novel_id = :n"),
                                 {"n": novel_id}).scalar_one()
    assert cached == len(embedder.sent)

    calls = embedder.calls
    again = _index_all(novel_id, embedder, 2)
    assert [(r.texts, r.embedded, r.indexed) for r in again] == [(0, 0, True), (0, 0, True)]
    assert embedder.calls == calls and len(embedder.sent) == cached


def test_a_replaced_chapter_re_embeds_only_what_changed(clean_db, pride) -> None:
    novel_id = _novel(pride[:3])
    _index_all(novel_id, CountingEmbedder(), 3)
    paragraphs = pride[0].split("\n\n")
    paragraphs[3] = "Mrs. Bennet said nothing at all, which surprised everyone very much."
    analyze_chapter(novel_id=novel_id, number=1, text="\n\n".join(paragraphs), replace=True,
                    extractor=ScriptedExtractor(script))
    assert _missing(novel_id)["passages"] > 10  # chapters 1-3 were rewritten without vectors
    embedder = CountingEmbedder()
    redone = _index_all(novel_id, embedder, 3)
    assert all(r.indexed for r in redone)
    assert [r.embedded for r in redone[1:]] == [0, 0]  # the rebuilt chapters reuse every vector
    changed = redone[0]
    assert 1 <= changed.embedded <= 3, changed  # the changed passage, its event, its scene
    assert any("surprised everyone" in t for t in embedder.sent)


def test_a_crash_mid_chapter_keeps_the_batches_written_and_resumes(clean_db, pride,
                                                                   monkeypatch) -> None:
    novel_id = _novel(pride[:1])
    monkeypatch.setattr(index, "BATCH", 4)
    dying = CountingEmbedder(fail_after=2)
    with pytest.raises(RuntimeError):
        index.index_chapter(engine=get_engine(), novel_id=novel_id, chapter=1, embedder=dying)
    assert len(dying.sent) == 8
    with read_session() as session:
        assert session.execute(text("SELECT indexed_with FROM chapters WHERE novel_id = :n"),
                               {"n": novel_id}).scalar_one() is None
    before = sum(_missing(novel_id).values())
    resumed = CountingEmbedder()
    done = index.index_chapter(engine=get_engine(), novel_id=novel_id, chapter=1, embedder=resumed)
    assert done.indexed and sum(_missing(novel_id).values()) == 0
    assert not set(resumed.sent) & set(dying.sent)  # nothing embedded twice
    assert done.texts == before


def test_chapter_jobs_run_before_index_jobs_and_never_wait_for_them(clean_db, pride) -> None:
    novel_id = _novel(pride[:1])
    with write_session() as session:
        submit_chapter(session, novel_id=novel_id, number=None, title=None, text_=pride[1],
                       max_bytes=10**7)
    engine = get_engine()
    with engine.connect() as conn:
        first = queue.claim_next(conn, worker="t")
        assert first is not None and (first.kind, first.chapter_number) == ("chapter", 2)
        # The chapter job is running: the index job of chapter 1 is still free to run beside it.
        second = queue.claim_next(conn, worker="t2")
        assert second is not None and (second.kind, second.chapter_number) == ("index", 1)
        assert queue.claim_next(conn, worker="t3", kinds=("chapter",)) is None
        for job in (first, second):
            queue.release(conn, job.id)


def test_a_model_change_queues_every_chapter_again(clean_db, pride) -> None:
    novel_id = _novel(pride[:2])
    Worker(kinds=("index",)).drain()
    with get_engine().connect() as conn:
        assert index.queue_unindexed(conn, model="mock:hash") == 0
        assert index.queue_unindexed(conn, model="some/other-model") == 2
        assert index.queue_unindexed(conn, model="some/other-model") == 0  # already waiting
    with read_session() as session:
        assert len(list_jobs(session=session, novel_id=novel_id, kind="index")) == 4
