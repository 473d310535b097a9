"""`continuum ingest`: read the files, queue their chapters, read them with a progress bar, index
them for search with a second one, and sum up what the wiki now holds. Files are read and
checked before anything is written. Each chapter is in the wiki as soon as it is read; search
finds it by full text until it is indexed."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from continuum.console import book_progress, console
from continuum.errors import InvalidInput
from continuum.pipeline.documents import Limits, Manuscript, Section, read_document
from continuum.pipeline.documents.formats import TEXT
from continuum.settings import Settings


@dataclass(frozen=True)
class Source:
    """What the files hold: one book split into chapters, or one chapter per file."""

    chapters: list[Section]
    book: bool
    summary: str


def read_sources(files: list[Path], limits: Limits) -> Source:
    """The chapters of the files, refusing the first that cannot be read."""
    for path in files:
        if not path.exists():
            raise InvalidInput(f"{path} does not exist")
        if not path.is_file():
            raise InvalidInput(f"{path} is not a file")
    if len(files) == 1:
        path = files[0]
        document = read_document(path.name, path.read_bytes(), limits=limits)
        words = sum(len(c.text.split()) for c in document.chapters)
        left_out = f"; left out {', '.join(document.dropped)}" if document.dropped else ""
        line = (f"Read {path.name}: {_count(len(document.chapters), 'chapter')}, {words:,} words"
                f"{left_out}")
        if len(document.chapters) >= 2:
            return Source(document.chapters, True, line)
        return Source([_one_chapter(path, document, limits)], False, line)
    chapters = [_one_chapter(path, None, limits) for path in files]
    words = sum(len(c.text.split()) for c in chapters)
    return Source(chapters, False, f"Read {len(files)} files: one chapter each, {words:,} words")


def _one_chapter(path: Path, document: Manuscript | None, limits: Limits) -> Section:
    """A file as one chapter: a text file exactly as written, a document's text as one chapter."""
    from continuum.pipeline.submit import decode_upload

    data = path.read_bytes()
    document = document or read_document(path.name, data, limits=limits)
    if document.format is TEXT:
        return Section(path.stem, decode_upload(data, max_bytes=limits.max_bytes))
    chapter = document.as_one_chapter()
    return Section(chapter.title or path.stem, chapter.text)


def open_database(settings: Settings) -> str:
    """Start (or reach) the database and migrate it; says which one it is."""
    from sqlalchemy.engine import make_url

    from continuum.db.embedded import pgdata_dir
    from continuum.db.engine import get_engine
    from continuum.db.migrate import upgrade

    upgrade(get_engine(settings))
    if settings.database_url:
        url = make_url(settings.database_url)
        return f"PostgreSQL at {url.host or 'a local socket'}/{url.database}"
    return f"embedded PostgreSQL in {_relative(pgdata_dir(settings.data_dir))}"


def queue(source: Source, *, title: str, author: str | None, settings: Settings
          ) -> tuple[uuid.UUID, list[uuid.UUID], str]:
    """Create (or reuse) the novel and queue the chapters; the jobs and a line saying so."""
    from continuum.db.engine import write_session
    from continuum.pipeline.submit import create_novel, submit_chapter, submit_chapters
    from continuum.reads.novels import list_novels

    with write_session() as session:
        existing = [n for n in list_novels(session=session) if n.title == title]
        novel_id = existing[0].id if existing else create_novel(session, title=title, author=author)
        if source.book:
            jobs = submit_chapters(session, novel_id=novel_id, chapters=source.chapters,
                                   max_bytes=settings.max_upload_bytes,
                                   max_chapters=settings.max_book_chapters)
        else:
            jobs = [submit_chapter(session, novel_id=novel_id, number=None, title=c.title,
                                   text_=c.text, max_bytes=settings.max_upload_bytes)
                    for c in source.chapters]
    state = "existing novel" if existing else "new novel"
    return novel_id, jobs, f"Queued {_count(len(jobs), 'chapter')} for \u201c{title}\u201d ({state})"


@dataclass
class Processed:
    """What the two phases left: failures, and when each phase finished (seconds from start)."""

    failures: list[str]
    read_seconds: float
    indexed_seconds: float


def process(jobs: list[uuid.UUID], source: Source, settings: Settings,
            novel_id: uuid.UUID | None = None) -> Processed:
    """Read the queued chapters with a worker in this process, one progress bar for the book
    (the chapter, its title, its stage, time elapsed), then wait for them to be indexed for
    search (the worker's index thread has been at it meanwhile), with a second bar."""
    from continuum.db.engine import read_session
    from continuum.jobs.worker import Worker
    from continuum.reads.jobs import get_job

    started = time.perf_counter()
    worker = Worker(settings)
    worker.start_in_background()
    failures: list[str] = []
    read: list[int] = []
    titles = [c.title for c in source.chapters if c.text.strip()]
    try:
        with book_progress(len(jobs), "Reading") as bar:
            for index, job_id in enumerate(jobs, start=1):
                title = titles[index - 1] if index - 1 < len(titles) else None
                while True:
                    with read_session() as session:
                        job = get_job(session=session, job_id=job_id)
                    assert job is not None
                    bar.chapter(index, title, job.stage or job.status)
                    if job.status in ("done", "failed"):
                        break
                    time.sleep(0.25)
                if job.status == "failed":
                    failures.append(f"chapter {job.chapter_number} failed: {job.error}")
                else:
                    read.append(job.chapter_number)
                bar.done(index)
            bar.finish(f"Read {_count(len(jobs), 'chapter')}")
        read_seconds = time.perf_counter() - started
        if novel_id is not None and read:
            failures += index_progress(novel_id, read, settings)
    finally:
        worker.stop()
    return Processed(failures, read_seconds, time.perf_counter() - started)


def index_progress(novel_id: uuid.UUID, chapters: list[int], settings: Settings) -> list[str]:
    """A bar of the chapters indexed for search, until no index job of the novel is left;
    the chapters it could not index."""
    from sqlalchemy import text

    from continuum.db.engine import read_session
    from continuum.reads.jobs import search_index_status

    wanted = set(chapters)
    model = settings.embedding_model.strip()
    with book_progress(len(wanted), "Indexing for search") as bar:
        while True:
            with read_session() as session:
                status = search_index_status(session=session, novel_id=novel_id, model=model)
                waiting = session.execute(text(
                    """SELECT count(*) FROM ingest_jobs WHERE novel_id = :n AND kind = 'index'
                          AND status IN ('queued', 'running')"""), {"n": novel_id}).scalar_one()
            pending = wanted & set(status.pending)
            bar.count(len(wanted) - len(pending),
                      f"chapter {status.indexing}" if status.indexing else "")
            if not pending or not waiting:
                break
            time.sleep(0.25)
        bar.finish(f"Indexed {_count(len(wanted) - len(pending), 'chapter')} for search")
    return [f"chapter {n} is not indexed for search (search finds it by its full text; a "
            "worker retries when it starts)" for n in sorted(pending)]


def summary(novel_id: uuid.UUID, settings: Settings, seconds: float,
            processed: Processed | None = None) -> list[str]:
    """What the wiki holds now, and where to open it."""
    from continuum.db.engine import read_session
    from continuum.reads.chapter_extras import page_critiques
    from continuum.reads.home import novel_home
    from continuum.reads.novels import latest_chapter

    with read_session() as session:
        cap = latest_chapter(session=session, novel_id=novel_id)
        home = novel_home(session=session, novel_id=novel_id, cap=cap)
        critiques = page_critiques(session=session, novel_id=novel_id, cap=cap, limit=None)
    assert home is not None
    findings = [f.severity for report in critiques.items for f in report.findings]
    counts = home.counts
    serious = findings.count("FAIL")
    phases = (f" (readable after {processed.read_seconds:.0f}s, searchable after "
              f"{processed.indexed_seconds:.0f}s)" if processed else "")
    return [
        f"Done in {seconds:.0f}s{phases}: {_count(counts.chapters, 'chapter')}, "
        f"{_count(counts.characters, 'character')}, {_count(counts.locations, 'place')}, "
        f"{_count(len(findings), 'continuity finding')} ({serious} FAIL, "
        f"{len(findings) - serious} WARN)",
        f"Open it: run `continuum serve` (or `make run`) and go to "
        f"http://{settings.host}:{settings.port}/novels/{novel_id}",
    ]


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def run(files: list[Path], *, title: str, author: str | None, settings: Settings) -> int:
    """The whole command; returns its exit status (1 when a chapter failed)."""
    started = time.perf_counter()
    source = read_sources(files, Limits.of(settings))
    console.print(source.summary)
    console.print(f"Database: {open_database(settings)}")
    novel_id, jobs, line = queue(source, title=title, author=author, settings=settings)
    console.print(line)
    processed = process(jobs, source, settings, novel_id)
    for failure in processed.failures:
        console.print(f"[red]{failure}[/red]")
    for line in summary(novel_id, settings, time.perf_counter() - started, processed):
        console.print(line)
    return 1 if processed.failures else 0
