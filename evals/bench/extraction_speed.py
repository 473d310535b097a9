"""Offline extraction of all of Pride and Prejudice vs one bare `nlp.pipe` pass, same run."""

from __future__ import annotations

import time

from evals.common import REPO, write_section

SHARED = REPO.parent / "shared" / "data"


def run(shared=SHARED) -> dict:
    """Words per second of the offline extractor and its ratio to a bare spaCy pass."""
    from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
    from continuum.pipeline.extract.heuristic.nlp import get_nlp
    from continuum.pipeline.extract.protocol import StoryContext
    from continuum.pipeline.masking import mask_markup
    from continuum.pipeline.segment.books import split_book

    chapters = [mask_markup(c.text) for c in
                split_book((shared / "novels" / "pride_and_prejudice.txt").read_text("utf-8"))]
    words = sum(len(c.split()) for c in chapters)
    nlp = get_nlp()
    list(nlp.pipe(chapters[:1]))  # load and warm up outside the timings
    extractor = OfflineExtractor()
    extractor.extract(chapters[0][:2000], chapter_number=1, context=StoryContext())

    started = time.perf_counter()
    for doc in nlp.pipe(chapters):
        assert len(doc)
    bare = time.perf_counter() - started

    started = time.perf_counter()
    for n, chapter in enumerate(chapters, start=1):
        extractor.extract(chapter, chapter_number=n, context=StoryContext())
    full = time.perf_counter() - started
    result = {"chapters": len(chapters), "words": words, "bare_s": bare, "extract_s": full,
              "bare_wps": words / bare, "extract_wps": words / full, "ratio": full / bare}
    write_section(
        "## Offline extraction speed\n\n"
        f"All {len(chapters)} chapters of Pride and Prejudice ({words:,} words), measured in one "
        "run on this 2-core machine (`make bench`).\n\n"
        "| | seconds | words/s |\n|---|---|---|\n"
        f"| bare `nlp.pipe` (same spaCy pipeline) | {bare:.1f} | {words / bare:,.0f} |\n"
        f"| offline extractor, all 13 passes | {full:.1f} | {words / full:,.0f} |\n\n"
        f"Ratio: **{full / bare:.2f}×** the bare pass (target ≤ 2×).\n",
        "## Offline extraction speed")
    return result


if __name__ == "__main__":
    print(run())
