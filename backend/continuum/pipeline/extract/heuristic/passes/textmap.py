"""Where things are in a chapter's text: paragraphs, bracketed matter, spans per token."""

from __future__ import annotations

import re
from typing import Any

from continuum.language.lexicon import words as words  # the passes' lexicons are written with it

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_BRACKETS = re.compile(r"[\[\]]")


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """Non-blank blocks separated by blank lines, as (start, end) offsets."""
    spans: list[tuple[int, int]] = []
    start = 0
    for brk in _PARAGRAPH_BREAK.finditer(text):
        if text[start : brk.start()].strip():
            spans.append((start, brk.start()))
        start = brk.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def assign_spans(doc: Any, spans: list[tuple[int, int]]) -> list[int]:
    """For each token, the index of the span containing it (or the last one before it)."""
    ordered = sorted(range(len(spans)), key=lambda i: spans[i])
    out = [-1] * len(doc)
    j = -1
    for tok in doc:
        while j + 1 < len(ordered) and spans[ordered[j + 1]][0] <= tok.idx:
            j += 1
        out[tok.i] = ordered[j] if j >= 0 else -1
    return out


def bracketed(doc: Any, text: str) -> list[bool]:
    """Per token: inside [ … ] (nesting allowed; a bracket never closed masks nothing)."""
    intervals: list[tuple[int, int]] = []
    depth = 0
    opened = 0
    for match in _BRACKETS.finditer(text):
        mark = match.group()
        if mark == "[":
            if depth == 0:
                opened = match.start()
            depth += 1
        elif mark == "]" and depth:
            depth -= 1
            if depth == 0:
                intervals.append((opened, match.end()))
    out = [False] * len(doc)
    j = 0
    for tok in doc:
        while j < len(intervals) and intervals[j][1] <= tok.idx:
            j += 1
        out[tok.i] = j < len(intervals) and intervals[j][0] <= tok.idx
    return out
