"""Whole-book ingest of Pride and Prejudice through the queue, beside a bare spaCy pass.

One run: a bare `nlp.pipe` over the book's chapters (before and after, to see the machine's
drift), then the book queued and read by the worker as `continuum serve` and `continuum
ingest` run it (one worker thread reading chapters, `INDEX_THREADS` beside it indexing
them for search), watched from the database: time until the first chapter is readable, until
every chapter is, and until every chapter is indexed for search. Then the same with no
index thread (one thread reads, then indexes), to measure what the second core brings.
"""

from __future__ import annotations

import os
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text

from evals.common import REPO, open_database, use_settings, write_section

SHARED = REPO.parent / "shared" / "data"
SECTION = "## Whole-book ingest"
POLL_SECONDS = 0.1
READ_TARGET = 2.0
SEARCH_TARGET = 3.0
CRITIQUE_TARGET = 10.0  # percent of the chapter jobs: issue 19, the critique compares, it does not read


@dataclass
class Ingest:
    """One whole-book ingest, timed from the first claim."""

    index_threads: int
    first_readable: float = 0.0
    all_readable: float = 0.0
    searchable: float = 0.0
    chapters: int = 0
    failed: int = 0
    stages: dict[str, float] = field(default_factory=dict)
    index: dict[str, float] = field(default_factory=dict)
    reused: int = 0
    embedded: int = 0
    counts: dict[str, int] = field(default_factory=dict)


def bare_pass(chapters: list[str]) -> float:
    """Seconds of one bare `nlp.pipe` over the chapters (the pipeline loaded beforehand)."""
    from continuum.pipeline.extract.heuristic.nlp import get_nlp

    nlp = get_nlp()
    list(nlp.pipe(chapters[:1]))
    started = time.perf_counter()
    for doc in nlp.pipe(chapters):
        assert len(doc)
    return time.perf_counter() - started


def ingest(book: str, *, index_threads: int, embedding: str, limit: int | None) -> Ingest:
    """Queue the book in a fresh database and read it with the worker; watch it finish."""
    from continuum.db.engine import get_engine, write_session
    from continuum.jobs.worker import Worker
    from continuum.pipeline.segment.books import split_book
    from continuum.pipeline.submit import create_novel, submit_chapters
    from continuum.settings import get_settings

    open_database("bench-book", fresh=True)
    use_settings(embedding=embedding)
    chapters = split_book(book)[:limit]
    with write_session() as session:
        novel_id = create_novel(session, title="Pride and Prejudice")
        jobs = submit_chapters(session, novel_id=novel_id, chapters=chapters, max_bytes=10**8,
                               max_chapters=10_000)
    worker = Worker(get_settings(), index_threads=index_threads)
    result = Ingest(index_threads=index_threads)
    engine = get_engine()
    started = time.perf_counter()
    worker.start_in_background()
    try:
        while True:
            with engine.connect() as conn:
                row = conn.execute(text(
                    """SELECT count(*) AS written, count(indexed_with) AS indexed FROM chapters
                        WHERE novel_id = :n"""), {"n": novel_id}).one()
                open_jobs = conn.execute(text(
                    """SELECT count(*) FROM ingest_jobs WHERE novel_id = :n
                          AND status IN ('queued', 'running')"""), {"n": novel_id}).scalar_one()
            now = time.perf_counter() - started
            if row.written and not result.first_readable:
                result.first_readable = now
            if row.written == len(jobs) and not result.all_readable:
                result.all_readable = now
            if row.indexed == len(jobs) and not result.searchable:
                result.searchable = now
            if not open_jobs:
                break
            time.sleep(POLL_SECONDS)
    finally:
        worker.stop()
    _collect(result, novel_id)
    return result


def _collect(result: Ingest, novel_id: Any) -> None:
    from continuum.db.engine import get_engine

    stages: dict[str, float] = defaultdict(float)
    index: dict[str, float] = defaultdict(float)
    with get_engine().connect() as conn:
        rows = conn.execute(text("SELECT kind, status, result FROM ingest_jobs WHERE novel_id = :n"),
                            {"n": novel_id}).all()
        result.counts = {t: conn.execute(text(f"SELECT count(*) FROM {t} WHERE novel_id = :n"),
                                         {"n": novel_id}).scalar_one()
                         for t in ("chapters", "entities", "events", "relationships",
                                   "state_deltas", "knows_edges", "scenes", "passages",
                                   "embedding_cache")}
    for row in rows:
        done = row.result or {}
        target = stages if row.kind == "chapter" else index
        for stage, seconds in done.get("timings", {}).items():
            target[stage] += seconds
        if row.kind == "chapter":
            result.chapters += row.status == "done"
            result.failed += row.status == "failed"
        else:
            result.reused += int(done.get("reused", 0))
            result.embedded += int(done.get("embedded", 0))
    result.stages, result.index = dict(stages), dict(index)


def run(shared=SHARED, *, embedding: str = "local:all-MiniLM-L6-v2",
        limit: int | None = None, compare: bool = True, write: bool = True) -> dict:
    """Bare pass, the ingest as the product runs it, and (with `compare`) with no index thread."""
    from continuum.pipeline.masking import mask_markup
    from continuum.pipeline.segment.books import split_book
    from continuum.settings import get_settings

    book = (shared / "novels" / "pride_and_prejudice.txt").read_text("utf-8")
    masked = [mask_markup(c.text) for c in split_book(book)[:limit]]
    words = sum(len(c.split()) for c in masked)
    load_before = os.getloadavg()[0]
    bare_before = bare_pass(masked)
    runs = [ingest(book, index_threads=get_settings().index_threads or 1, embedding=embedding,
                   limit=limit)]
    if compare:
        runs.append(ingest(book, index_threads=0, embedding=embedding, limit=limit))
    bare_after = bare_pass(masked)
    load_after = os.getloadavg()[0]
    bare = (bare_before + bare_after) / 2
    section = render(runs, bare=bare, bare_before=bare_before, bare_after=bare_after,
                     chapters=len(masked), words=words, embedding=embedding,
                     load=(load_before, load_after))
    print(section)
    if write:
        write_section(section, SECTION)
    main = runs[0]
    return {"bare_s": bare, "first_readable_s": main.first_readable,
            "all_readable_s": main.all_readable, "searchable_s": main.searchable,
            "readable_ratio": main.all_readable / bare, "searchable_ratio": main.searchable / bare,
            "runs": [r.__dict__ for r in runs]}


def render(runs: list[Ingest], *, bare: float, bare_before: float, bare_after: float,
           chapters: int, words: int, embedding: str, load: tuple[float, float]) -> str:
    """The docs/EVALUATION.md section."""
    main = runs[0]

    def threads(r: Ingest) -> str:
        return (f"reader + {r.index_threads} index thread{'s' if r.index_threads > 1 else ''}"
                if r.index_threads else "one thread (reads, then indexes)")

    rows = ["| worker | first chapter readable | every chapter readable | fully searchable "
            "| readable ÷ bare | searchable ÷ bare |", "|---|---|---|---|---|---|"]
    for r in runs:
        rows.append(f"| {threads(r)} | {r.first_readable:.1f} s | {r.all_readable:.1f} s | "
                    f"{r.searchable:.1f} s | **{r.all_readable / bare:.2f}×** | "
                    f"**{r.searchable / bare:.2f}×** |")
    read_total = sum(main.stages.values()) or 1.0
    critique_share = 100 * main.stages.get("critique", 0.0) / read_total
    index_total = sum(main.index.values()) or 1.0
    stage_rows = ["| job | stage | seconds | share of the job kind |", "|---|---|---|---|"]
    stage_rows += [f"| chapter | {stage} | {seconds:.1f} | {100 * seconds / read_total:.0f}% |"
                   for stage, seconds in sorted(main.stages.items(), key=lambda kv: -kv[1])]
    stage_rows += [f"| index | {stage} | {seconds:.1f} | {100 * seconds / index_total:.0f}% |"
                   for stage, seconds in sorted(main.index.items(), key=lambda kv: -kv[1])]
    texts = main.reused + main.embedded
    met_read = main.all_readable / bare <= READ_TARGET
    met_search = main.searchable / bare <= SEARCH_TARGET
    return "\n".join([
        SECTION, "",
        f"Pride and Prejudice split into {chapters} chapters ({words:,} words), queued and read "
        "by the worker as `continuum serve` and `continuum ingest` run it, offline extractor, "
        f"embeddings `{embedding}`, on this 2-core machine (`make bench`, `python -m "
        "evals.bench --only book`). In the same run, a bare `nlp.pipe` over the same chapters "
        f"took {bare_before:.1f} s before the ingests and {bare_after:.1f} s after "
        f"(mean **{bare:.1f} s**, the unit of the ratios); 1-minute load average "
        f"{load[0]:.1f} → {load[1]:.1f}. Times are from the worker's first claim, watched in "
        "the database: a chapter is readable once it is committed, searchable once its "
        "vectors are all in.", "",
        *rows, "",
        f"Targets (first row, the default): every chapter readable ≤ {READ_TARGET:g}× the bare "
        f"pass: {'met' if met_read else 'not met'}; fully searchable ≤ {SEARCH_TARGET:g}×: "
        f"{'met' if met_search else 'not met'}. Chapters done {main.chapters}, failed "
        f"{main.failed}.", "",
        "Where the time goes (first row; the index jobs run beside the chapter jobs, so the two "
        "kinds overlap in wall time). `read` is the extractor reading each chapter once, for "
        "the critic and the wiki alike (the story context, the spaCy parse, every pass); "
        "`critique` is the critic's comparison of those claims with the world (loading the "
        "world and the cast, the checks); `extract` reuses the critique's reading:", "",
        *stage_rows, "",
        f"The critique's share of the chapter jobs: {critique_share:.0f}% (target ≤ "
        f"{CRITIQUE_TARGET:g}%: {'met' if critique_share <= CRITIQUE_TARGET else 'not met'}).", "",
        f"Search texts: {texts:,} passages, scenes and events, {main.embedded:,} embedded and "
        f"{main.reused:,} reused by the hash of what the model reads (a scene that opens like "
        "its first passage, a repeated event).", "",
        "Rows written: " + ", ".join(f"{k} {v:,}" for k, v in main.counts.items()) + ".",
    ]) + "\n"


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chapters", type=int, default=None, help="only the first N chapters")
    parser.add_argument("--no-compare", action="store_true", help="skip the one-thread ingest")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    print(run(limit=args.chapters, compare=not args.no_compare, write=not args.no_write))
