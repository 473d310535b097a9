"""`python -m evals.bench`: every benchmark, each writing its section of docs/EVALUATION.md."""

from __future__ import annotations

import argparse
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=["speed", "book", "scale", "load", "scaling", "llm"],
                        action="append")
    args = parser.parse_args(argv)
    chosen = args.only or ["speed", "scale", "book", "load", "scaling", "llm"]
    for name in chosen:
        started = time.perf_counter()
        print(f"== {name}", flush=True)
        if name == "speed":
            from evals.bench.extraction_speed import run
            print(run())
        elif name == "book":
            from evals.bench.book_ingest import run
            print(run())
        elif name == "scale":
            from evals.bench.read_latency import measure
            print(measure())
        elif name == "load":
            from evals.bench.load import run as run_load
            print(run_load())
        elif name == "scaling":
            from evals.bench.scaling import run as run_scaling
            print(run_scaling())
        elif name == "llm":
            from evals import llm_bench
            llm_bench.main([])
        print(f"   ({time.perf_counter() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
