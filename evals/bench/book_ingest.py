"""Whole-book ingest of Pride and Prejudice through the queue, offline, split by stage."""

from __future__ import annotations

import time
from collections import defaultdict

from sqlalchemy import text

from evals.common import REPO, open_database, use_settings, write_section

SHARED = REPO.parent / "shared" / "data"


def run(shared=SHARED, *, embedding: str = "local:all-MiniLM-L6-v2") -> dict:
    """Total wall time and the share of each spine stage."""
    from continuum.db.engine import get_engine, write_session
    from continuum.jobs.worker import Worker
    from continuum.pipeline.submit import create_novel, submit_book
    from continuum.settings import get_settings

    open_database("bench-book", fresh=True)
    use_settings(embedding=embedding)
    book = (shared / "novels" / "pride_and_prejudice.txt").read_text("utf-8")
    with write_session() as session:
        novel_id = create_novel(session, title="Pride and Prejudice")
        jobs = submit_book(session, novel_id=novel_id, text_=book, max_bytes=10**8,
                           max_chapters=10_000)
    worker = Worker(get_settings())
    started = time.perf_counter()
    while worker.run_one():
        pass
    wall = time.perf_counter() - started
    stages: dict[str, float] = defaultdict(float)
    with get_engine().connect() as conn:
        rows = conn.execute(text("SELECT status, result FROM ingest_jobs WHERE novel_id = :n"),
                            {"n": novel_id}).all()
        counts = {t: conn.execute(text(f"SELECT count(*) FROM {t} WHERE novel_id = :n"),
                                  {"n": novel_id}).scalar_one()
                  for t in ("chapters", "entities", "events", "relationships", "state_deltas",
                            "knows_edges", "scenes", "passages")}
    for row in rows:
        for stage, seconds in (row.result or {}).get("timings", {}).items():
            stages[stage] += seconds
    done = sum(1 for r in rows if r.status == "done")
    total = sum(stages.values()) or 1.0
    table = "\n".join(f"| {stage} | {seconds:.1f} | {100 * seconds / total:.0f}% |"
                      for stage, seconds in sorted(stages.items(), key=lambda kv: -kv[1]))
    write_section(
        "## Whole-book ingest\n\n"
        f"Pride and Prejudice split into {len(jobs)} chapters and ingested through the job "
        f"queue by one worker, offline extractor, embeddings `{embedding}`: "
        f"**{wall:.0f} s** wall time ({done} chapters done).\n\n"
        "| stage | seconds | share |\n|---|---|---|\n" + table + "\n\n"
        "Rows written: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()) + ".\n",
        "## Whole-book ingest")
    return {"wall_s": wall, "chapters": done, "stages": dict(stages), "counts": counts}


if __name__ == "__main__":
    print(run())
