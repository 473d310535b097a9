"""Cost and speed of the LLM extractor's call plan against the naive one, on a fake provider.

Both designs run in the same process against the fake OpenAI-compatible server of the
tests (127.0.0.1, no network), which answers every call after a provider-like delay of
1.5 s + 20 ms per 100 output tokens and reports, per call, the prompt tokens it received
and the tokens of a prompt prefix it has already served (cacheable: at least 1,024 tokens
and seen in an earlier, finished call, as OpenAI's and Anthropic's caches require).

- ours: 5 calls per chunk (13 passes grouped), the chunk and story context as a shared
  prefix, the first call alone to warm the cache, then the rest 4 at a time;
- naive: 13 sequential calls per chunk, each with its pass instruction first and then the
  context and the chunk, so no two calls share a prefix.

Chapters: `evals/fixtures/golden/chapters/*.txt` when that fixture exists, else Pride and
Prejudice chapters 1-3 from the shared data. The story context of chapter k holds the
entities extracted from the chapters before it.

Usage: `python -m evals.llm_bench [--chapters 3] [--source auto|pride] [--time-scale 1.0]
[--no-write]` from the repo root. `--time-scale 0.1` runs ten times faster (the client's own
overhead then weighs more in the wall-time ratio); `--source pride` uses Pride and
Prejudice even when the golden fixture exists. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "backend") not in sys.path:
    sys.path.insert(0, str(REPO / "backend"))

SECTION = "## LLM extractor cost and speed"
GOLDEN = REPO / "evals" / "fixtures" / "golden" / "chapters"
MODEL = "openai/fake-model"
TARGET_WALL = 1 / 4
TARGET_UNCACHED = 1 / 3


@dataclass
class Row:
    design: str
    chapter: str
    chunks: int
    calls: int
    prompt: int
    cacheable: int
    output: int
    seconds: float

    @property
    def uncached(self) -> int:
        return self.prompt - self.cacheable


def load_chapters(limit: int, source: str = "auto") -> tuple[str, list[tuple[str, str]]]:
    """(where they come from, [(label, text)]): the golden fixture, else Pride and Prejudice."""
    if source != "pride" and GOLDEN.is_dir() and sorted(GOLDEN.glob("*.txt")):
        files = sorted(GOLDEN.glob("*.txt"))[:limit]
        return ("the golden fixture", [(f.stem, f.read_text(encoding="utf-8")) for f in files])
    shared = Path(os.environ.get("CONTINUUM_SHARED_DATA", REPO.parent / "shared" / "data"))
    book = (shared / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    parts = re.split(r"\n(?:CHAPTER [IVXLC]+\.|Chapter I\.\])\n", book)[1:]
    return ("Pride and Prejudice", [(f"P&P {i + 1}", p.strip())
                                    for i, p in enumerate(parts[:limit])])


def run(time_scale: float, limit: int, chapters_from: str = "auto") -> tuple[str, list[Row]]:
    from continuum.pipeline.chunking import chunk_text
    from continuum.pipeline.extract.llm import NAIVE_GROUPS, LlmExtractor
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
    fake = importlib.import_module("tests.pipeline.extract.llm.fake_server")  # backend/tests

    source, chapters = load_chapters(limit, chapters_from)
    server = fake.FakeLlmServer(fake.Latency(scale=time_scale)).start()
    designs: dict[str, Any] = {
        "ours": LlmExtractor(MODEL, api_base=server.url, api_key="bench"),
        "naive": LlmExtractor(MODEL, api_base=server.url, api_key="bench", max_concurrency=1,
                              groups=NAIVE_GROUPS, shared_prefix=False, warm_cache=False),
    }
    rows: list[Row] = []
    known: list[KnownEntity] = []
    try:
        # A call before timing, so litellm's import and first-use cost lands in neither design.
        designs["ours"].extract("A short warm-up text for the bench.", chapter_number=1,
                                context=StoryContext())
        for number, (label, text) in enumerate(chapters, start=1):
            context = StoryContext(entities=list(known))
            for design, extractor in designs.items():
                server.reset()  # each design starts with a cold cache
                started = time.perf_counter()
                extraction = extractor.extract(text, chapter_number=number, context=context)
                seconds = time.perf_counter() - started
                requests = list(server.requests)
                rows.append(Row(design, label, len(chunk_text(text)), len(requests),
                                sum(r.prompt_tokens for r in requests),
                                sum(r.cached_tokens for r in requests),
                                sum(r.completion_tokens for r in requests), seconds))
                print(f"{label:>10} {design:>5}: {len(requests):3d} calls, "
                      f"{seconds:6.1f} s", flush=True)
                if design == "ours":
                    names = {k.name for k in known}
                    known += [KnownEntity(name=e.name, type=e.type, aliases=e.aliases)
                              for e in extraction.new_entities if e.name not in names]
    finally:
        server.stop()
    return source, rows


def totals(rows: list[Row], design: str) -> Row:
    mine = [r for r in rows if r.design == design]
    return Row(design, "all", sum(r.chunks for r in mine), sum(r.calls for r in mine),
               sum(r.prompt for r in mine), sum(r.cacheable for r in mine),
               sum(r.output for r in mine), sum(r.seconds for r in mine))


def render(source: str, rows: list[Row], time_scale: float) -> str:
    ours, naive = totals(rows, "ours"), totals(rows, "naive")
    wall = ours.seconds / naive.seconds
    uncached = ours.uncached / naive.uncached
    chapters = len({r.chapter for r in rows})
    latency = ("1.5 s + 20 ms per 100 output tokens" if time_scale == 1.0 else
               f"(1.5 s + 20 ms per 100 output tokens) x {time_scale:g}")
    lines = [
        SECTION,
        "",
        (f"`python -m evals.llm_bench`: {chapters} chapters of {source}, fake provider on "
         f"127.0.0.1 with a per-call latency of {latency}. *Cacheable* counts prompt tokens "
         "in a prefix the provider had already served (at least 1,024 tokens, from an "
         "earlier finished call); *uncached* is the rest, the part billed at full price. "
         "*ours* groups the 13 passes into 5 calls per chunk on a shared prefix (the first "
         "call alone, then 4 at a time); *naive* makes 13 sequential calls per chunk with "
         "the instruction before the chunk (see docs/LLM.md)."),
        "",
        ("| chapter | design | chunks | calls | prompt tokens | cacheable | uncached "
         "| output tokens | wall s |"),
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in [*rows, ours, naive]:
        lines.append(f"| {r.chapter} | {r.design} | {r.chunks} | {r.calls} | {r.prompt:,} | "
                     f"{r.cacheable:,} | {r.uncached:,} | {r.output:,} | {r.seconds:.1f} |")
    verdict = "met" if wall <= TARGET_WALL and uncached <= TARGET_UNCACHED else "NOT met"
    lines += [
        "",
        (f"Ours against naive: wall time x{wall:.2f} (target at most x{TARGET_WALL:.2f}), "
         f"uncached prompt tokens x{uncached:.2f} (target at most x{TARGET_UNCACHED:.2f}), "
         f"total prompt tokens x{ours.prompt / naive.prompt:.2f}, calls "
         f"{ours.calls} against {naive.calls}. Targets {verdict}."),
        "",
        (f"Per chapter, ours sends {ours.prompt / chapters:,.0f} prompt tokens on average, "
         f"{ours.uncached / chapters:,.0f} of them uncached, and receives "
         f"{ours.output / chapters:,.0f} output tokens."),
    ]
    return "\n".join(lines) + "\n"


def write_section(path: Path, section: str) -> None:
    """Replace (or append) this bench's section of docs/EVALUATION.md, keeping the others."""
    text = (path.read_text(encoding="utf-8") if path.exists() else
            "# Evaluation\n\nMeasured results of the project's evaluations.\n")
    lines = text.splitlines(keepends=True)
    start = next((i for i, ln in enumerate(lines) if ln.strip() == SECTION), None)
    if start is None:
        path.write_text(text.rstrip("\n") + "\n\n" + section, encoding="utf-8")
        return
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    tail = "".join(lines[end:])
    path.write_text("".join(lines[:start]) + section + ("\n" + tail if tail else ""),
                    encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--chapters", type=int, default=3, help="how many chapters (3)")
    parser.add_argument("--time-scale", type=float, default=1.0,
                        help="multiply the simulated latency (1.0 = realistic)")
    parser.add_argument("--source", choices=("auto", "pride"), default="auto",
                        help="auto: the golden fixture if present, else Pride and Prejudice")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)
    source, rows = run(args.time_scale, args.chapters, args.source)
    section = render(source, rows, args.time_scale)
    print()
    print(section)
    if not args.no_write:
        write_section(REPO / "docs" / "EVALUATION.md", section)
        print("written to docs/EVALUATION.md")
    ours, naive = totals(rows, "ours"), totals(rows, "naive")
    met = (ours.seconds / naive.seconds <= TARGET_WALL
           and ours.uncached / naive.uncached <= TARGET_UNCACHED)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
