"""`python -m evals.wholebook`: read whole novels in order and score them against their keys.

Each book with a key in `evals/fixtures/wholebook/` is ingested whole through the write
spine (offline extractor, hash embeddings: search is not scored here), its read layer is
snapshot at every cap, and the snapshot is scored at the last chapter and at chapter 12.
`--reuse` re-scores the snapshots kept under var/wholebook/ without ingesting;
`--book STEM` limits the run to some books; `--jobs N` reads N books at once (one process
each). The held-out book (never tuned on) is marked in the table.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evals.common import REPO, VAR, fmt, read_in_processes, write_json, write_section
from evals.wholebook.key import available_keys, load_key
from evals.wholebook.reading import load_snapshot, read_book, save_snapshot
from evals.wholebook.score import score_book

# Never tuned on: measured at the start of the session that built this eval and at its end.
HELD_OUT = "silas_marner"
HEADING = "## Whole-book reading"
DIAGNOSTICS = VAR / "wholebook" / "scores.json"

ROWS: list[tuple[str, str, str]] = [
    # (label, where in the scores, ideal)
    ("main cast exactly one entity", "last.main_one_entity", "≥ 0.95"),
    ("entities per main person", "last.entities_per_person", "1.00"),
    ("entities joining two people", "last.joins", "0"),
    ("duplicate display names", "last.duplicate_names", "0"),
    ("non-persons in the top 50 characters", "last.top_non_persons", "0"),
    ("main page titled with the fullest name", "last.display_right", "1.00"),
    ("main cast with a description", "last.main_described", "1.00"),
    ("relationship precision", "last.rel_precision", "≥ 0.85"),
    ("relationship recall", "last.rel_recall", "≥ 0.60"),
    ("relationship recall, chapter 12", "early.rel_recall", ""),
    ("whereabouts right (of the key's rows)", "where_recall", "≥ 0.70"),
    ("whereabouts right (of those answered)", "where_precision", ""),
    ("married/revealed names shown early", "stamped_early", "0"),
    ("people shown dead before they die", "deaths_early", "0"),
    ("deaths told, shown at the last chapter", "death_recall", ""),
]


def _get(scores: dict[str, Any], path: str) -> Any:
    value: Any = scores
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _cell(value: Any) -> str:
    if isinstance(value, float) or value is None:
        return fmt(value)
    return str(value)


def table(results: list[dict[str, Any]]) -> str:
    """The Markdown table: one row per score, one column per book."""
    heads = [r["book"].replace("_", " ") + (" (held out)" if r["book"] == HELD_OUT else "")
             for r in results]
    lines = ["| score | " + " | ".join(heads) + " | target |",
             "|---|" + "---|" * len(results) + "---|"]
    for label, path, ideal in ROWS:
        lines.append(f"| {label} | " + " | ".join(_cell(_get(r, path)) for r in results)
                     + f" | {ideal} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Read (or reuse) every keyed book, score it, print and write the table."""
    parser = argparse.ArgumentParser(prog="python -m evals.wholebook",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--book", action="append", help="only this book (file stem); repeatable")
    parser.add_argument("--reuse", action="store_true", help="score the kept snapshots")
    parser.add_argument("--jobs", type=int, default=2, help="books read at once")
    parser.add_argument("--read-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    args = parser.parse_args(argv)
    keys = available_keys()
    stems = args.book or list(keys)
    unknown = [s for s in stems if s not in keys]
    if unknown:
        print(f"no whole-book key for {', '.join(unknown)}; keys: {', '.join(keys)}",
              file=sys.stderr)
        return 2
    if args.read_only:
        for stem in stems:
            snap = read_book(stem)
            save_snapshot(snap)
            print(f"  {stem}: read in {snap['seconds']:.0f}s", flush=True)
        return 0
    if not args.reuse:
        began = time.perf_counter()
        if any(read_in_processes("evals.wholebook", stems, args.jobs)):
            print("reading a book failed", file=sys.stderr)
            return 1
        print(f"read {len(stems)} books in {time.perf_counter() - began:.0f}s")
    results = []
    for stem in stems:
        snapshot = load_snapshot(stem)
        if snapshot is None:
            print(f"no snapshot of {stem}: run without --reuse", file=sys.stderr)
            return 2
        scores = score_book(load_key(keys[stem]), snapshot)
        scores["seconds"] = snapshot["seconds"]
        results.append(scores)
    print(table(results))
    write_json(DIAGNOSTICS, results)
    if not args.no_write:
        write_section(section(results), HEADING)
    return 0


def section(results: list[dict[str, Any]]) -> str:
    """The EVALUATION.md section."""
    timing = ", ".join(f"{r['book'].replace('_', ' ')} {r['chapters']} chapters in "
                       f"{r['seconds']:.0f} s" for r in results)
    return (
        f"{HEADING}\n\n"
        "Whole novels from `../shared/data/novels`, split by the book splitter and read in "
        "order through the write spine (offline extractor), scored at the last chapter "
        "against keys written by readers who never saw the extractor "
        "(`evals/fixtures/wholebook/`, `python -m evals.wholebook`; method in "
        "`evals/wholebook/score.py`). "
        f"*{HELD_OUT.replace('_', ' ')}* is never tuned on. Read: {timing}.\n\n"
        + table(results) + "\n\nDiagnostics (splits, joins, wrong relationships, missed "
        f"whereabouts, people shown dead early): `{_shown(DIAGNOSTICS)}`.\n"
    )


def _shown(path: Path) -> Path:
    return path.relative_to(REPO) if path.is_relative_to(REPO) else path
