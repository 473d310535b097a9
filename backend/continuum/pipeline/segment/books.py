"""The book splitter: a whole book file becomes numbered chapters without front or back matter."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass

from continuum.pipeline.segment.headings import (
    EPILOGUE_NUMBER,
    FAMILIES,
    PROLOGUE_NUMBER,
    Family,
    Heading,
    find_headings,
    illustration_blocks,
)
from continuum.pipeline.segment.scenes import is_scene_marker

_GUTENBERG_START = re.compile(
    r"^\*{3}[ \t]*START OF (?:THE|THIS) PROJECT GUTENBERG[^\n]*", re.IGNORECASE | re.MULTILINE
)
_GUTENBERG_END = re.compile(
    r"^(?:\*{3}[ \t]*END OF (?:THE|THIS) PROJECT GUTENBERG|End of (?:the )?Project Gutenberg)",
    re.IGNORECASE | re.MULTILINE,
)
# Below this many words a heading's body is a contents entry or a caption, not a chapter;
# a draft of short chapters gets a second, lower bar before the longest run is taken as is.
_SUBSTANTIAL_WORDS = 100
_SHORT_CHAPTER_WORDS = 10


@dataclass(frozen=True)
class BookChapter:
    """One chapter of a book: its body without the heading, at `start:end` of the input."""

    number: int
    title: str | None
    text: str
    start: int
    end: int


def split_book(text: str) -> list[BookChapter]:
    """The chapters of a book in order, numbered 1..N; a text without headings is one chapter."""
    lo, hi = content_bounds(text)
    headings = find_headings(text, lo, hi)
    chosen = _chapter_headings(text, headings, hi)
    trimmer = _Trimmer(text, illustration_blocks(text, lo, hi))
    if not chosen:
        start, end = trimmer.trim(lo, hi)
        return [BookChapter(1, None, text[start:end], start, end)] if start < end else []
    last = chosen[-1].start
    stops = [
        h.start for h in headings if h.kind == "part" or (h.kind == "matter" and h.start > last)
    ]
    ends = _body_ends(chosen, stops, hi)
    chapters = []
    for number, (heading, limit) in enumerate(zip(chosen, ends, strict=True), start=1):
        start, end = trimmer.trim(heading.end, limit)
        chapters.append(BookChapter(number, heading.title, text[start:end], start, end))
    return chapters


def looks_like_book(text: str) -> bool:
    """Whether the text holds at least two chapter headings (a whole book, not one chapter)."""
    lo, hi = content_bounds(text)
    return len(_chapter_headings(text, find_headings(text, lo, hi), hi)) >= 2


def content_bounds(text: str) -> tuple[int, int]:
    """Offsets between a Project Gutenberg license header and footer (whole text if none)."""
    lo, hi = 0, len(text)
    header = _GUTENBERG_START.search(text)
    if header:
        lo = header.end()
    footer = _GUTENBERG_END.search(text, lo)
    if footer:
        hi = footer.start()
    return lo, hi


def _chapter_headings(text: str, headings: list[Heading], hi: int) -> list[Heading]:
    """The headings that open real chapters, leaving out contents entries and stray numerals."""
    families = []
    for family in FAMILIES:
        runs = [run for run in _numbered_runs(headings, family) if _has_number(run)]
        families.append((runs, _body_words(text, headings, [h for r in runs for h in r], hi)))
    for threshold in (_SUBSTANTIAL_WORDS, _SHORT_CHAPTER_WORDS):
        for runs, words in families:
            real = [run for run in runs if _is_real(run, words, threshold)]
            if any(len(run) > 1 for run in real):
                real = [run for run in real if len(run) > 1]
            if real:
                return [heading for run in real for heading in run]
    runs, words = families[0]
    if runs:
        return max(reversed(runs), key=lambda run: sum(words[h] for h in run))
    return []


def _numbered_runs(headings: Iterable[Heading], family: Family) -> list[list[Heading]]:
    """Chapter headings of one family grouped into runs numbered n, n+1, n+2, ...

    A part heading may restart the numbering at 1 when the parts themselves follow in order.
    """
    runs: list[list[Heading]] = []
    last: int | None = None
    run_part: int | None = None
    new_part: int | None = None
    for heading in headings:
        if heading.kind == "part":
            new_part = heading.number
            continue
        if heading.kind != "chapter" or (heading.family != family and not _unnumbered(heading)):
            continue
        number = heading.number
        follows = number is None or last is None or number in (last + 1, EPILOGUE_NUMBER)
        restarts = (
            number == 1 and new_part is not None and run_part is not None and new_part > run_part
        )
        if runs and (follows or restarts):
            runs[-1].append(heading)
        else:
            runs.append([heading])
            last = run_part = None
        if number is not None:
            last = number
        if new_part is not None:
            run_part, new_part = new_part, None
    return runs


def _unnumbered(heading: Heading) -> bool:
    """Whether a chapter heading has no number of its own (prologue, epilogue, interlude)."""
    return heading.family == "keyword" and heading.number in (
        None,
        PROLOGUE_NUMBER,
        EPILOGUE_NUMBER,
    )


def _has_number(run: list[Heading]) -> bool:
    """Whether a run holds at least one numbered chapter."""
    return not all(_unnumbered(heading) for heading in run)


def _is_real(run: list[Heading], words: dict[Heading, int], threshold: int) -> bool:
    """Whether most headings of a run open at least `threshold` words (contents entries do not)."""
    substantial = sum(1 for heading in run if words[heading] >= threshold)
    return 2 * substantial > len(run) and (len(run) > 1 or run[0].family == "keyword")


def _body_words(
    text: str, headings: list[Heading], family: list[Heading], hi: int
) -> dict[Heading, int]:
    """Words between each heading of `family` and the next heading of the family, part or matter."""
    ends = _body_ends(family, [h.start for h in headings if h.kind in ("part", "matter")], hi)
    return {
        heading: len(text[heading.end : end].split())
        for heading, end in zip(family, ends, strict=True)
    }


def _body_ends(chosen: list[Heading], stops: list[int], hi: int) -> list[int]:
    """Where each chosen heading's body ends: at the next chosen heading or stop offset."""
    starts = sorted({h.start for h in chosen}.union(stops))
    ends = []
    for heading in chosen:
        index = bisect.bisect_left(starts, heading.end)
        ends.append(max(heading.end, starts[index] if index < len(starts) else hi))
    return ends


class _Trimmer:
    """Trims whitespace, illustration blocks and scene-break ornaments from a body's edges."""

    def __init__(self, text: str, blocks: list[tuple[int, int]]) -> None:
        self._text = text
        self._end_of = dict(blocks)
        self._start_of = {end: start for start, end in blocks}

    def trim(self, start: int, end: int) -> tuple[int, int]:
        """The body between `start` and `end` without blank or decorative edges."""
        text = self._text
        while True:
            while start < end and text[start].isspace():
                start += 1
            line_end = text.find("\n", start, end)
            line_end = end if line_end < 0 else line_end
            block_end = self._end_of.get(start)
            if block_end is not None and block_end <= end:
                start = block_end
            elif start < end and is_scene_marker(text[start:line_end]):
                start = line_end
            else:
                break
        while True:
            while end > start and text[end - 1].isspace():
                end -= 1
            line_start = text.rfind("\n", start, end) + 1
            line_start = max(line_start, start)
            block_start = self._start_of.get(end)
            if block_start is not None and block_start >= start:
                end = block_start
            elif start < end and is_scene_marker(text[line_start:end]):
                end = line_start
            else:
                break
        return start, end
