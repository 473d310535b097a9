"""The critic on every published novel of the shared data, submitted chapter by chapter.

A published novel is consistent prose: every FAIL the critic raises on it is false, and a
WARN (other than a reminder of a setup still unpaid) is advice its author would have read for
nothing. Each book is submitted in order into a fresh database with policy `warn`, through
the write spine and the offline extractor (`critic_eval.run_novel`), two books at a time.

Targets (issue "The critic reads through the extractor"): no FAIL on any book; at most one
WARN per five chapters. Writes the section "Critic on published books" of docs/EVALUATION.md
and every FAIL and WARN with its quotes to var/eval-critic-books.json.

Usage: `python -m evals.critic_books [--book STEM ...] [--jobs 2] [--no-write]`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.common import VAR, read_in_processes, write_json, write_section
from evals.critic_eval import OVERDUE, RealNovel, run_novel, shared_novels

SECTION = "## Critic on published books"
ERRORS = VAR / "eval-critic-books.json"
WARNS_PER_CHAPTER_TARGET = 1 / 5


def books() -> list[RealNovel]:
    """Every novel of the shared data folder, by file name."""
    return [RealNovel(p.name, p.stem.replace("_", " ").title(), p.stem, "")
            for p in sorted(shared_novels().glob("*.txt"))]


def summarize(result: Any) -> dict[str, Any]:
    """One book's counts: FAILs, WARNs other than reminders, per check, per chapter."""
    judged = set(result.judged)
    fails = [f for f in result.fails if f["chapter"] in judged]
    warns = [w for w in result.warns if w["chapter"] in judged and OVERDUE not in w["message"]]
    return {
        "book": result.novel.key, "title": result.novel.title, "chapters": result.chapters,
        "judged": len(judged), "seconds": round(result.seconds, 1),
        "fail_chapters": sorted({f["chapter"] for f in fails}),
        "fails": fails, "warns": warns,
        "fails_by_check": dict(Counter(f["check"] for f in fails).most_common()),
        "warns_by_check": dict(Counter(w["check"] for w in warns).most_common()),
        "reminders": sum(w["chapter"] in judged and OVERDUE in w["message"] for w in result.warns),
    }


def read_books(stems: Sequence[str]) -> list[dict[str, Any]]:
    """Submit the named books in order, one after the other, in this process."""
    out = []
    for novel in (b for b in books() if b.key in stems):
        print(f"  {novel.title}: submitting chapter by chapter", flush=True)
        result = run_novel(novel, limit=None, progress=lambda _line: None,
                           data_dir=VAR / f"eval-critic-{novel.key}")
        out.append(summarize(result))
        print(f"  {novel.title}: {result.chapters} chapters in {result.seconds:.0f} s, "
              f"{len(out[-1]['fails'])} FAIL, {len(out[-1]['warns'])} WARN", flush=True)
    return out


def read_in_parallel(stems: list[str], jobs: int) -> list[dict[str, Any]]:
    """The books split over `jobs` processes (each its own databases), results gathered."""
    with tempfile.TemporaryDirectory() as tmp:
        outs = [Path(tmp) / f"share{i}.json" for i in range(jobs)]
        codes = read_in_processes("evals.critic_books", stems, jobs,
                                  lambda i: ["--out", str(outs[i])])
        if any(codes):
            raise SystemExit(f"a reading process failed (exit codes {codes})")
        found = [r for out in outs if out.exists() for r in json.loads(out.read_text("utf-8"))]
    order = {s: i for i, s in enumerate(stems)}
    return sorted(found, key=lambda r: order[r["book"]])


def render(rows: list[dict[str, Any]]) -> str:
    """The docs/EVALUATION.md section."""
    lines = [
        SECTION, "",
        "Every novel of `../shared/data/novels` submitted chapter by chapter, in order, into a "
        "fresh database with policy `warn` (offline extractor and critic; `python -m "
        "evals.critic_books`, findings with their quotes in `var/eval-critic-books.json`). "
        "Published prose is consistent, so every FAIL is false; a WARN other than a reminder of "
        "a setup still unpaid is advice its author would have read for nothing. Chapter 1 has "
        "no world to contradict and is not counted.", "",
        "| book | chapters judged | chapters with a FAIL | FAIL findings | WARNs (not reminders) "
        "| WARNs per 5 chapters | WARNs by check | reminders of unpaid setups |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        per5 = 5 * len(r["warns"]) / r["judged"] if r["judged"] else 0.0
        fails = ", ".join(f"{c} {n}" for c, n in r["fails_by_check"].items()) or "0"
        warns = ", ".join(f"{c} {n}" for c, n in r["warns_by_check"].items()) or "—"
        lines.append(f"| {r['title']} | {r['judged']} | {len(r['fail_chapters'])} | {fails} | "
                     f"{len(r['warns'])} | {per5:.2f} | {warns} | {r['reminders']} |")
    over = [r["title"] for r in rows if r["judged"] and
            len(r["warns"]) / r["judged"] > WARNS_PER_CHAPTER_TARGET]
    failed = [r["title"] for r in rows if r["fail_chapters"]]
    lines += ["", f"Targets: no FAIL on any book (missed on: {', '.join(failed) or 'none'}); at "
              f"most one WARN per 5 chapters (missed on: {', '.join(over) or 'none'})."]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.critic_books",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--book", action="append", help="a novel's file stem (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="books read at once (2)")
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    parser.add_argument("--read-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    known = [b.key for b in books()]
    stems = args.book or known
    unknown = sorted(set(stems) - set(known))
    if unknown:
        parser.error(f"no such novel: {', '.join(unknown)} (known: {', '.join(known)})")
    if args.read_only:
        write_json(Path(args.out), read_books(stems))
        return 0
    rows = read_in_parallel(stems, max(1, min(args.jobs, len(stems))))
    write_json(ERRORS, rows)
    section = render(rows)
    print(section)
    if not args.no_write and not args.book:
        write_section(section, SECTION)
        print("updated docs/EVALUATION.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
