"""50 concurrent readers on the wiki while chapters ingest, next to the same readers with none.

The production layout (docker-compose.yml): `continuum serve --no-worker` for the API and a
separate `continuum worker` process reading the Postgres job queue, both real processes on
loopback against the embedded server. `--layout inprocess` measures `make run`'s layout
instead: one `continuum serve` whose in-process worker thread shares the API's interpreter.

Pride and Prejudice: the first SEED chapters are ingested to give the wiki something to
show; readers then fetch every wiki GET route (caps 1..SEED, entities as of those caps) in
a closed loop, no think time: first with the queue idle, then while the next chapters are
queued and ingested (only requests sent while a job is running count). Any answer other
than 200, and any failed ingest job, is an error; the target is zero errors and the
readers' p50/p95 under ingest at most twice the idle ones.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from evals.common import MINILM, REPO, open_database, use_settings, write_section

SHARED = Path(os.environ.get("CONTINUUM_SHARED_DATA") or REPO.parent / "shared" / "data")
READERS = 50
SEED = 4
INGEST = 8
IDLE_SECONDS = 30.0
INGEST_SECONDS = 100.0
WARMUP_SECONDS = 4.0
HEAVY = ("/export", "/duplicates")  # whole-novel documents for the author, not wiki pages
SEARCH_WORDS = ("Bennet", "Netherfield", "ball", "Bingley", "daughters", "Lucas")
HEADING = "## Concurrent readers under ingest"


@dataclass
class Phase:
    """Latencies (ms) and failures of the requests sent in one phase."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def p(self, q: float) -> float:
        values = sorted(self.latencies)
        return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] if values else 0.0


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "continuum.cli", *args]


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(args: list[str], env: dict[str, str], log: Path, nice: int = 0) -> subprocess.Popen:
    handle = log.open("w")
    return subprocess.Popen(_cli(*args), env=env, cwd=REPO, stdout=handle, stderr=subprocess.STDOUT,
                            preexec_fn=(lambda: os.nice(nice)) if nice else None)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _wait_http(url: str, process: subprocess.Popen, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode} before answering")
        try:
            httpx.get(url, timeout=2.0)
            return
        except httpx.TransportError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer in {timeout:.0f} s")


def _chapters() -> list[str]:
    from continuum.pipeline.segment.books import split_book

    text_ = (SHARED / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    return [c.text for c in split_book(text_)]


def _submit(client: httpx.Client, novel: str, chapters: list[str], first: int) -> list[str]:
    jobs = []
    for offset, chapter in enumerate(chapters):
        answer = client.post(f"/api/novels/{novel}/chapters",
                             json={"number": first + offset, "text": chapter})
        if answer.status_code != 202:
            raise RuntimeError(f"chapter {first + offset} refused: {answer.status_code} {answer.text}")
        jobs.append(answer.json()["job_id"])
    return jobs


def _job_states(client: httpx.Client, novel: str, jobs: list[str]) -> dict[str, str]:
    """The jobs' statuses, in one request (the readers' latency should not pay for polling)."""
    listed = {j["id"]: j["status"] for j in client.get(f"/api/novels/{novel}/jobs").json()}
    return {j: listed.get(j, "missing") for j in jobs}


def _reader_urls(client: httpx.Client, novel: str, caps: range) -> list[tuple[str, dict]]:
    """Every wiki GET route at every cap, entities and chapters as of that cap."""
    document = client.get("/openapi.json").json()
    paths = sorted(p for p, ops in document["paths"].items()
                   if "get" in ops and "{novel_id}" in p and not p.endswith(HEAVY)
                   and any(x["name"] == "cap" for x in ops["get"].get("parameters", [])))
    urls = []
    for cap in caps:
        listed = client.get(f"/api/novels/{novel}/entities", params={"cap": cap}).json()
        rows = listed["items"] if isinstance(listed, dict) else listed  # a page or a plain list
        entities = [e["id"] for e in rows]
        for path in paths:
            url = path.replace("{novel_id}", novel).replace("{number}", str(cap))
            params: dict = {"cap": cap}
            if "/search" in path:
                params["q"] = SEARCH_WORDS[cap % len(SEARCH_WORDS)]
            if "{entity_id}" in url:
                for eid in entities[:: max(1, len(entities) // 3)][:3]:
                    urls.append((url.replace("{entity_id}", eid), params))
            else:
                urls.append((url, params))
    return urls


async def _readers(base: str, urls: list[tuple[str, dict]], phase_of: dict, stop: asyncio.Event,
                   phases: dict[str, Phase]) -> None:
    """READERS closed-loop readers; each request is booked to the phase it was sent in."""
    # Idle connections are dropped before uvicorn's 5 s keep-alive timeout closes them: reusing
    # one the server is closing fails with ReadError, which browsers retry and httpx does not.
    limits = httpx.Limits(max_connections=READERS, max_keepalive_connections=READERS,
                          keepalive_expiry=3.0)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:

        async def reader(seed: int) -> None:
            rng = random.Random(seed)
            while not stop.is_set():
                url, params = rng.choice(urls)
                phase = phase_of["now"]
                started = time.perf_counter()
                try:
                    status = (await client.get(url, params=params)).status_code
                    problem = None if status == 200 else f"{status} {url}"
                except httpx.HTTPError as exc:
                    problem = (f"{type(exc).__name__} {url} after "
                               f"{(time.perf_counter() - started) * 1000:.0f} ms: {exc!r} "
                               f"(cause {exc.__cause__!r})")
                elapsed = (time.perf_counter() - started) * 1000
                # A request straddling a phase change counts in neither.
                if phase is not None and phase == phase_of["now"]:
                    phases[phase].latencies.append(elapsed)
                    if problem:
                        phases[phase].errors.append(problem)

        await asyncio.gather(*(reader(i) for i in range(READERS)))


def _measure(base: str, client: httpx.Client, novel: str, urls: list[tuple[str, dict]],
             later: list[str]) -> tuple[dict[str, Phase], dict]:
    phases = {"idle": Phase("idle"), "ingest": Phase("ingest")}
    phase_of: dict = {"now": None}
    ingest: dict = {}

    async def run() -> None:
        stop = asyncio.Event()
        task = asyncio.create_task(_readers(base, urls, phase_of, stop, phases))
        await asyncio.sleep(WARMUP_SECONDS)
        phase_of["now"] = "idle"
        await asyncio.sleep(IDLE_SECONDS)
        phase_of["now"] = None
        jobs = await asyncio.to_thread(_submit, client, novel, later, SEED + 1)
        started = time.perf_counter()
        states: dict[str, str] = {}
        while time.perf_counter() - started < INGEST_SECONDS:
            states = await asyncio.to_thread(_job_states, client, novel, jobs)
            if any(s == "running" for s in states.values()):
                phase_of["now"] = "ingest"
            if all(s in ("done", "failed") for s in states.values()):
                break
            await asyncio.sleep(1.0)
        phase_of["now"] = None
        ingest.update(seconds=time.perf_counter() - started, states=states)
        stop.set()
        await task

    asyncio.run(run())
    return phases, ingest


def run(layout: str = "separate", *, write: bool = True, embedding: str = MINILM,
        worker_nice: int = 0) -> dict:
    """Start the layout, seed the novel, measure idle and under ingest, write the section."""
    from continuum.db.embedded import stop_embedded

    db = open_database("bench-load", fresh=True)
    use_settings(embedding=embedding)
    env = {**os.environ, "DATABASE_URL": db.url, "EMBEDDING_MODEL": embedding,
           "LOG_LEVEL": "WARNING", "PYTHONPATH": str(REPO / "backend")}
    env.pop("CONTINUUM_API_TOKEN", None)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    logs = db.data_dir
    processes = []
    started = time.perf_counter()
    try:
        if layout == "separate":
            processes.append(_start(["serve", "--port", str(port), "--no-worker"],
                                    {**env, "RUN_WORKER": "false"}, logs / "serve.log"))
            processes.append(_start(["worker"], env, logs / "worker.log", nice=worker_nice))
        else:
            processes.append(_start(["serve", "--port", str(port)], env, logs / "serve.log"))
        _wait_http(f"{base}/api/health", processes[0])
        chapters = _chapters()
        with httpx.Client(base_url=base, timeout=120) as client:
            novel = client.post("/api/novels", json={"title": "Pride and Prejudice"}).json()["id"]
            seeded = _submit(client, novel, chapters[:SEED], 1)
            deadline = time.monotonic() + 300
            while not all(s in ("done", "failed") for s in _job_states(client, novel, seeded).values()):
                if time.monotonic() > deadline:
                    raise RuntimeError("seeding the novel took more than 300 s")
                time.sleep(0.5)
            seed_states = _job_states(client, novel, seeded)
            if any(s != "done" for s in seed_states.values()):
                raise RuntimeError(f"seeding failed: {seed_states}; see {logs}")
            seed_s = time.perf_counter() - started
            urls = _reader_urls(client, novel, range(1, SEED + 1))
            phases, ingest = _measure(base, client, novel, urls, chapters[SEED:SEED + INGEST])
    finally:
        for process in reversed(processes):
            _stop(process)
        stop_embedded(db.data_dir)
    idle, busy = phases["idle"], phases["ingest"]
    done = sum(s == "done" for s in ingest["states"].values())
    failed = sum(s == "failed" for s in ingest["states"].values())
    errors = idle.errors + busy.errors
    result = {
        "layout": layout, "readers": READERS, "routes": len(urls),
        "idle": {"requests": len(idle.latencies), "p50_ms": statistics.median(idle.latencies),
                 "p95_ms": idle.p(0.95), "errors": len(idle.errors)},
        "ingest": {"requests": len(busy.latencies),
                   "p50_ms": statistics.median(busy.latencies) if busy.latencies else None,
                   "p95_ms": busy.p(0.95), "errors": len(busy.errors),
                   "chapters_done": done, "chapters_failed": failed,
                   "seconds": round(ingest["seconds"], 1)},
        "errors": errors[:10], "seed_s": round(seed_s, 1), "embedding": embedding,
        "load_avg": round(os.getloadavg()[0], 1), "worker_nice": worker_nice,
        "wall_s": round(time.perf_counter() - started, 1),
    }
    if busy.latencies:
        result["ratio_p50"] = busy.p(0.5) / idle.p(0.5)
        result["ratio_p95"] = busy.p(0.95) / idle.p(0.95)
    if write:
        write_section(_section(result), HEADING)
    return result


def _section(r: dict) -> str:
    idle, busy = r["idle"], r["ingest"]
    nice = f" at nice {r['worker_nice']}" if r.get("worker_nice") else ""
    layout = (f"`continuum serve --no-worker` plus one separate `continuum worker` process{nice} "
              "(the docker-compose layout)" if r["layout"] == "separate" else
              "one `continuum serve` with its in-process worker (the `make run` layout)")
    errors = len(r["errors"]) + busy["chapters_failed"]
    verdict = "met" if errors == 0 and r.get("ratio_p95", 99) <= 2 and r.get("ratio_p50", 99) <= 2 \
        else "**not met**"
    return (
        f"{HEADING}\n\n"
        f"{r['readers']} concurrent readers (closed loop, no think time, one asyncio client "
        f"process) fetch {r['routes']} wiki URLs (every GET route with a cap, at caps 1-{SEED} of "
        f"Pride and Prejudice) from {layout}, on loopback against the embedded PostgreSQL, on "
        f"this 2-core machine; embeddings `{r['embedding']}`, offline extractor. First with the job "
        f"queue idle ({IDLE_SECONDS:.0f} s), then while chapters {SEED + 1}-{SEED + INGEST} are "
        "queued and ingested (only requests sent while a job runs count). Milliseconds.\n\n"
        "| readers | requests | p50 | p95 | errors |\n|---|---|---|---|---|\n"
        f"| no ingest running | {idle['requests']:,} | {idle['p50_ms']:.0f} | {idle['p95_ms']:.0f} | "
        f"{idle['errors']} |\n"
        f"| chapters ingesting | {busy['requests']:,} | {busy['p50_ms'] or 0:.0f} | "
        f"{busy['p95_ms']:.0f} | {busy['errors']} |\n\n"
        f"Under ingest / idle: p50 ×{r.get('ratio_p50', float('nan')):.2f}, p95 "
        f"×{r.get('ratio_p95', float('nan')):.2f} (target ≤ 2×, zero errors: {verdict}). "
        f"The worker finished {busy['chapters_done']} chapters ({busy['chapters_failed']} failed) "
        f"in {busy['seconds']:.0f} s while the readers ran. Whole run {r['wall_s']:.0f} s"
        + (f"; 1-minute load average at the end {r['load_avg']} (every process on the machine)"
           if "load_avg" in r else "") + ".\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layout", choices=["separate", "inprocess"], default="separate")
    parser.add_argument("--worker-nice", type=int, default=0,
                        help="run the separate worker at this nice level (an experiment; "
                             "production does not)")
    parser.add_argument("--no-write", action="store_true",
                        help="print the result instead of writing docs/EVALUATION.md")
    args = parser.parse_args(argv)
    result = run(args.layout, write=not args.no_write, worker_nice=args.worker_nice)
    print(result if args.no_write else _section(result))
    return 0 if not result["errors"] and not result["ingest"]["chapters_failed"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
