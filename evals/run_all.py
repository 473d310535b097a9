"""Run every evaluation in order and update docs/EVALUATION.md: `python -m evals`.

1. LitBank (offline extractor, entities stage);
2. golden fixture (write spine, cap by cap) — ingests *The Saltmere Ledger* once;
3. search (24 reader questions, bm25 / dense / hybrid) on that ingest;
4. continuity critic (every draft set on that ingest, then Pride and Prejudice and Treasure
   Island in order).
5. golden fixture 2 (*The Kessel Peak Comet*, its own ingest; tuned on since session 4), same scorer as 2.
6. the unseen golden fixture 3 (*The Marchbank Pearls*, its own ingest), same scorer as 2.
7. whole-book reading: five full novels read in order and scored against their keys
   (`evals/wholebook/`; Silas Marner is never tuned on).
8. the critic on every published novel of the shared data, chapter by chapter
   (`evals/critic_books.py`: false FAILs and WARNs per book).

`--quick` runs only the first 15 chapters of each real novel in the critic eval; `--mock-embeddings`
ingests with hash vectors (faster; dense search is then meaningless); `--fresh` re-ingests
the golden novel even when an up-to-date ingest exists; `--no-write` leaves the docs alone.
An eval that crashes is reported and the others still run; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable, Sequence

from evals.common import MINILM, MOCK, GoldenIngest, ingest_golden, use_ingest


def main(argv: Sequence[str] | None = None) -> int:
    """Run the evals one after the other; a crash in one does not stop the rest."""
    parser = argparse.ArgumentParser(prog="python -m evals",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="only the first 15 chapters of each real novel (critic eval)")
    parser.add_argument("--mock-embeddings", action="store_true",
                        help=f"golden ingest with {MOCK} instead of {MINILM}")
    parser.add_argument("--fresh", action="store_true", help="re-ingest the golden novel")
    parser.add_argument("--no-write", action="store_true", help="do not update EVALUATION.md")
    args = parser.parse_args(argv)
    write = not args.no_write
    embedding = MOCK if args.mock_embeddings else MINILM

    from evals import critic_books, critic_eval, golden, litbank, search_eval
    from evals.wholebook import run as wholebook

    state: dict[str, object] = {}

    def golden_step() -> None:
        state["ingest"] = ingest_golden(embedding=embedding, reuse=not args.fresh)
        golden.run(write=write, ingest=state["ingest"])  # type: ignore[arg-type]

    def ingest() -> GoldenIngest:
        # Re-point the settings at the golden database (a step before may have moved them).
        return use_ingest(state["ingest"])  # type: ignore[arg-type]

    steps: list[tuple[str, Callable[[], object]]] = [
        ("litbank", lambda: litbank.main([] if write else ["--no-write"])),
        ("golden", golden_step),
        ("search", lambda: search_eval.run(write=write, ingest=ingest())),
        ("critic", lambda: critic_eval.run(quick=args.quick, write=write, ingest=ingest())),
        ("golden2", lambda: golden.run(fixture="golden2",
                                       embedding=embedding, write=write, fresh=args.fresh)),
        ("golden3", lambda: golden.run(fixture="golden3",
                                       embedding=embedding, write=write, fresh=args.fresh)),
        ("wholebook", lambda: wholebook.main([] if write else ["--no-write"])),
        ("critic_books", lambda: critic_books.main([] if write else ["--no-write"])),
    ]
    failed = []
    for name, step in steps:
        began = time.perf_counter()
        print(f"\n=== {name} ===", flush=True)
        try:
            step()
        except Exception:  # noqa: BLE001 - report and go on with the other evals
            traceback.print_exc()
            failed.append(name)
        print(f"=== {name}: {time.perf_counter() - began:.0f}s ===", flush=True)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
