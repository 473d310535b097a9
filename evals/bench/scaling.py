"""Beyond one process: ingest throughput with 1 vs 2 workers, read p95 on the primary vs a replica.

Everything runs on this machine, in one run, against the embedded PostgreSQL and a real
streaming standby of it (`start_standby`: `pg_basebackup -R`, same binaries, unix sockets).

1. Ingest throughput. Two novels (Alice in Wonderland and Treasure Island, the first
   CHAPTERS chapters each) are queued and drained by one `continuum worker` process, then
   the same chapters as two new novels by two worker processes. Each worker first runs a
   one-paragraph warm-up job (model loading), so the clock covers only the real chapters.
2. Read p95 while ingesting. Readers fetch wiki routes of the already-ingested novels in a
   closed loop while one worker ingests Pride and Prejudice chapters; once with reads on the
   primary, once with DATABASE_READ_URL set (reads routed to the replica, read-your-writes
   by WAL position). Only requests sent while a job is running count.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from evals.common import MINILM, REPO, open_database, use_settings, write_section

SHARED = Path(os.environ.get("CONTINUUM_SHARED_DATA") or REPO.parent / "shared" / "data")
HEADING = "## Scaling"
CHAPTERS = 4
READ_CHAPTERS = 3
READERS = 4
ROUTES = ("characters", "locations", "chapters", "timeline", "home", "relationships", "threads")
WARMUP_TEXT = ("Alice sat by her sister on the bank. The White Rabbit ran past, looked at "
               "its watch and hurried down a hole under the hedge.")


def _chapters(book: str, start: int, count: int) -> list[tuple[str | None, str]]:
    from continuum.pipeline.segment.books import split_book

    chapters = split_book((SHARED / "novels" / book).read_text(encoding="utf-8"))
    return [(c.title, c.text) for c in chapters[start:start + count]]


def _p(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else 0.0


def _queue(url: str, novels: dict[str, list[tuple[str | None, str]]]) -> dict[str, uuid.UUID]:
    from continuum.pipeline.submit import create_novel, submit_chapter
    from sqlalchemy.orm import Session

    engine = create_engine(url, poolclass=NullPool)
    ids: dict[str, uuid.UUID] = {}
    with Session(engine) as session, session.begin():
        for title in novels:
            ids[title] = create_novel(session, title=title)
        for i in range(max(len(c) for c in novels.values())):
            for title, chapters in novels.items():
                if i < len(chapters):
                    submit_chapter(session, novel_id=ids[title], number=None, title=chapters[i][0],
                                   text_=chapters[i][1], max_bytes=10_000_000)
    engine.dispose()
    return ids


def _pending(url: str, novels: list[uuid.UUID]) -> tuple[int, int, int]:
    """(queued, running, failed) jobs of these novels."""
    engine = create_engine(url, poolclass=NullPool)
    with engine.connect() as conn:
        rows = dict(conn.execute(text(
            "SELECT status, count(*) FROM ingest_jobs WHERE novel_id = ANY(:n) GROUP BY status"),
            {"n": novels}).all())
    engine.dispose()
    return rows.get("queued", 0), rows.get("running", 0), rows.get("failed", 0)


def _drain(url: str, novels: list[uuid.UUID], timeout: float = 600.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        queued, running, failed = _pending(url, novels)
        if failed:
            raise RuntimeError(f"{failed} ingest job(s) failed")
        if not queued and not running:
            return
        if time.monotonic() > deadline:
            raise RuntimeError("ingest did not finish in time")
        time.sleep(0.1)


def _workers(url: str, count: int, logs: Path) -> list[subprocess.Popen]:  # type: ignore[type-arg]
    env = {**os.environ, "DATABASE_URL": url, "EMBEDDING_MODEL": MINILM, "WORKER_POLL_SECONDS": "0.1",
           "LOG_LEVEL": "WARNING", "PYTHONPATH": str(REPO / "backend")}
    env.pop("DATABASE_READ_URL", None)
    out = []
    for i in range(count):
        log = (logs / f"worker-{count}-{i}-{time.time_ns()}.log").open("w")
        out.append(subprocess.Popen([sys.executable, "-m", "continuum.cli", "worker"], env=env,
                                    cwd=REPO, stdout=log, stderr=subprocess.STDOUT))
    return out


def _stop(processes: list[subprocess.Popen]) -> None:  # type: ignore[type-arg]
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)


def _warm(url: str, count: int) -> None:
    """One tiny job per worker, on separate novels so they run at once (loads the models)."""
    ids = _queue(url, {f"warm-up {uuid.uuid4().hex[:6]}": [(None, WARMUP_TEXT)] for _ in range(count)})
    _drain(url, list(ids.values()))


@dataclass
class Throughput:
    workers: int
    seconds: float
    chapters: int
    words: int
    load: tuple[float, float] = (0.0, 0.0)  # 1-minute load average before and after

    @property
    def chapters_per_min(self) -> float:
        return 60 * self.chapters / self.seconds

    @property
    def words_per_s(self) -> float:
        return self.words / self.seconds


def ingest_throughput(url: str, workers: int, logs: Path) -> tuple[Throughput, dict[str, uuid.UUID]]:
    books = {"Alice": _chapters("alice_in_wonderland.txt", 0, CHAPTERS),
             "Treasure Island": _chapters("treasure_island.txt", 0, CHAPTERS)}
    processes = _workers(url, workers, logs)
    try:
        _warm(url, workers)
        load_before = os.getloadavg()[0]
        started = time.perf_counter()
        label = f"{workers} worker{'s' if workers > 1 else ''}"
        ids = _queue(url, {f"{t} ({label})": c for t, c in books.items()})
        _drain(url, list(ids.values()))
        seconds = time.perf_counter() - started
    finally:
        _stop(processes)
    words = sum(len(body.split()) for chapters in books.values() for _, body in chapters)
    return Throughput(workers, seconds, sum(len(c) for c in books.values()), words,
                      (load_before, os.getloadavg()[0])), ids


@dataclass
class Reads:
    where: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    routes: dict[str, int] = field(default_factory=dict)
    ingest_seconds: float = 0.0
    load: tuple[float, float] = (0.0, 0.0)


def _serve(port: int):  # type: ignore[no-untyped-def]
    import uvicorn
    from continuum.api.app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(run_worker=False), host="127.0.0.1", port=port,
                                           log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    for _ in range(400):
        if server.started:
            return server
        time.sleep(0.05)
    raise RuntimeError("the API did not start")


def _items(body: object) -> list:  # type: ignore[type-arg]
    """A list route's rows, paged (`{"items": [...]}`) or not."""
    return body["items"] if isinstance(body, dict) else body  # type: ignore[return-value]


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def reads_while_ingesting(url: str, replica_url: str | None, novels: list[uuid.UUID],
                          chapters: list[tuple[str | None, str]], logs: Path) -> Reads:
    """Readers on `novels` while one worker ingests `chapters` of a new novel."""
    from continuum.db.engine import get_router
    from continuum.settings import get_settings

    if replica_url:
        os.environ["DATABASE_READ_URL"] = replica_url
    else:
        os.environ.pop("DATABASE_READ_URL", None)
    use_settings(url=url)
    result = Reads("replica" if replica_url else "primary")
    port = _free_port()
    server = _serve(port)
    processes = _workers(url, 1, logs)
    try:
        _warm(url, 1)
        base = f"http://127.0.0.1:{port}/api/novels"
        with httpx.Client(timeout=60) as client:
            entity_ids = {n: [c["id"] for c in _items(client.get(f"{base}/{n}/characters").json())[:10]]
                          for n in novels}
        router = get_router(get_settings())
        if router is not None:
            router.routes.clear()
        ingesting = threading.Event()
        done = threading.Event()

        def reader(seed: int) -> None:
            rng = random.Random(seed)
            with httpx.Client(timeout=60) as client:
                while not done.is_set():
                    novel = rng.choice(novels)
                    cap = rng.randint(1, CHAPTERS)
                    route = rng.choice((*ROUTES, "entity", "search"))
                    params: dict[str, str | int] = {"cap": cap}
                    if route == "entity":
                        path = f"{base}/{novel}/entities/{rng.choice(entity_ids[novel])}"
                    elif route == "search":
                        path, params["q"] = f"{base}/{novel}/search", rng.choice(("rabbit", "ship", "queen"))
                    else:
                        path = f"{base}/{novel}/{route}"
                    counted = ingesting.is_set()
                    started = time.perf_counter()
                    reply = client.get(path, params=params)
                    elapsed = (time.perf_counter() - started) * 1000
                    if counted and ingesting.is_set():
                        if reply.status_code == 200:
                            result.latencies.append(elapsed)
                        elif reply.status_code != 404:  # an entity not yet seen at this cap
                            result.errors.append(f"{reply.status_code} {path}")

        threads = [threading.Thread(target=reader, args=(i,), daemon=True) for i in range(READERS)]
        for thread in threads:
            thread.start()
        time.sleep(2.0)  # readers warm
        ids = _queue(url, {f"Pride ({result.where} reads) {uuid.uuid4().hex[:4]}": chapters})
        load_before = os.getloadavg()[0]
        started = time.perf_counter()
        while True:
            queued, running, failed = _pending(url, list(ids.values()))
            if failed:
                raise RuntimeError("an ingest job failed")
            if running:
                ingesting.set()
            elif not queued:
                break
            time.sleep(0.05)
        ingesting.clear()
        result.ingest_seconds = time.perf_counter() - started
        result.load = (load_before, os.getloadavg()[0])
        done.set()
        for thread in threads:
            thread.join(60)
        if router is not None:
            result.routes = dict(router.routes)
    finally:
        _stop(processes)
        server.should_exit = True
        time.sleep(0.5)
        os.environ.pop("DATABASE_READ_URL", None)
        use_settings(url=url)
    return result


def run(*, write: bool = True) -> str:
    from continuum.db.embedded import start_standby, stop_standby

    database = open_database("scaling", fresh=True)
    use_settings(url=database.url, embedding=MINILM)
    logs = Path(tempfile.mkdtemp(prefix="ctm-scaling-logs-"))
    standby_dir = Path(tempfile.mkdtemp(prefix="ctm-sb-"))
    standby = start_standby(database.data_dir, standby_dir / "pg")
    replica_url = make_url(standby).set(database=make_url(database.url).database).render_as_string(
        hide_password=False)
    try:
        one, _ = ingest_throughput(database.url, 1, logs)
        two, ids = ingest_throughput(database.url, 2, logs)
        novels = list(ids.values())
        pride = _chapters("pride_and_prejudice.txt", 0, 2 * READ_CHAPTERS)
        on_primary = reads_while_ingesting(database.url, None, novels, pride[:READ_CHAPTERS], logs)
        on_replica = reads_while_ingesting(database.url, replica_url, novels, pride[READ_CHAPTERS:], logs)
    finally:
        stop_standby(standby_dir / "pg")
        shutil.rmtree(standby_dir, ignore_errors=True)
    shutil.rmtree(logs, ignore_errors=True)  # worker logs are kept only when a run fails
    section = _section(one, two, on_primary, on_replica)
    if write:
        write_section(section, HEADING)
    return section


def _section(one: Throughput, two: Throughput, primary: Reads, replica: Reads) -> str:
    speedup = one.seconds / two.seconds
    cores = os.cpu_count() or 1
    lines = [
        HEADING, "",
        f"One run of `python -m evals.bench --only scaling` on this {cores}-core machine: the embedded "
        "PostgreSQL primary plus a real streaming standby of it (`pg_basebackup -R`, same binaries), "
        "real `continuum worker` processes, the offline extractor and the MiniLM embedder.", "",
        f"**Ingest throughput**, two novels × {CHAPTERS} chapters (Alice in Wonderland, Treasure Island; "
        f"{one.words:,} words), after a warm-up job per worker:", "",
        "| workers | seconds | chapters/min | words/s | load avg before → after |", "|---|---|---|---|---|",
        *(f"| {t.workers} | {t.seconds:.1f} | {t.chapters_per_min:.1f} | {t.words_per_s:,.0f} | "
          f"{t.load[0]:.1f} → {t.load[1]:.1f} |" for t in (one, two)),
        "", f"Two workers: **{speedup:.2f}×** one worker's throughput. Each worker runs one chapter at a "
        f"time and different novels run in parallel, so on an otherwise idle {cores}-core machine "
        f"(shared with PostgreSQL) the ceiling is about {cores}×. The load averages show how busy the "
        "machine was with other work during each measurement: when they differ a lot, so does the "
        "share of the cores the workers got, and the ratio moves with it.", "",
        f"**Read p95 while ingesting**: {READERS} closed-loop readers on the wiki routes of the two "
        f"ingested novels (caps 1..{CHAPTERS}) while one worker ingests {READ_CHAPTERS} chapters of "
        "Pride and Prejudice; only requests sent while a job was running count.", "",
        "| reads on | requests | p50 ms | p95 ms | errors | sessions on replica / primary | ingest s "
        "| load avg before → after |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in (primary, replica):
        split = (f"{r.routes.get('replica', 0)} / {r.routes.get('primary', 0)}" if r.routes
                 else "0 / all")
        lines.append(f"| {r.where} | {len(r.latencies)} | {statistics.median(r.latencies or [0]):.1f} | "
                     f"{_p(r.latencies, 0.95):.1f} | {len(r.errors)} | {split} | {r.ingest_seconds:.1f} "
                     f"| {r.load[0]:.1f} → {r.load[1]:.1f} |")
    lines += ["", "On one machine the replica shares the same cores and disk as the primary, so it "
              "cannot add capacity here; what this run shows is that routing works under load "
              "(reads of novels not being written go to the replica, with read-your-writes checks "
              "costing one primary lookup per session) and what it costs. On separate machines the "
              "replica takes the read load off the primary's CPU; see docs/SCALING.md."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-write", action="store_true", help="print, do not touch EVALUATION.md")
    args = parser.parse_args(argv)
    print(run(write=not args.no_write))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
