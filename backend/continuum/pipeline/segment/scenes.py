"""Scene segmentation at break markers (`* * *`, `#`, `~`, `---`, `o0o`), wide gaps and headings."""

from __future__ import annotations

import re

from continuum.pipeline.segment.sentences import Span, trimmed_span

# A line of ornaments: any of these, alone or repeated, possibly spaced out and centred.
_ORNAMENT_LINE = re.compile(
    r"[ \t]*(?:[*#~\u2042\u2051\u00a7\u2022\u00b7\u2666\u25c6\u25c7\u2766\u2767\u2726\u2605\u2606]"
    r"[ \t]*)+"
)
_RULE_LINE = re.compile(r"[ \t]*(?:[-_=\u2013\u2014][ \t]*){3,}")
_OXO_LINE = re.compile(r"[ \t]*(?:(?:o0o|0o0|oOo|OoO|xXx|XxX|xox)[ \t]*)+")
_MARKDOWN_HEADING = re.compile(r"[ \t]{0,3}#{1,6}[ \t]+\S.*")
_LINE = re.compile(r"[^\n]*\n?")
_SCENE_GAP = 3


def is_scene_marker(line: str) -> bool:
    """Whether a line (without its newline) is a scene-break ornament such as `* * *`."""
    line = line.rstrip("\r")
    return bool(
        _ORNAMENT_LINE.fullmatch(line) or _RULE_LINE.fullmatch(line) or _OXO_LINE.fullmatch(line)
    )


def split_scenes(text: str) -> list[Span]:
    """Scenes of a chapter; break markers, markdown headings and 3+ blank lines separate them."""
    scenes: list[Span] = []
    scene_start = 0
    blank_run = 0
    blank_start = 0
    for match in _LINE.finditer(text):
        if match.start() == len(text):
            break
        line = match.group().rstrip("\n")
        if not line.strip():
            if blank_run == 0:
                blank_start = match.start()
            blank_run += 1
            continue
        if blank_run >= _SCENE_GAP:
            _append(scenes, text, scene_start, blank_start)
            scene_start = blank_start
        blank_run = 0
        if is_scene_marker(line) or _MARKDOWN_HEADING.fullmatch(line.rstrip("\r")):
            _append(scenes, text, scene_start, match.start())
            scene_start = match.end()
    _append(scenes, text, scene_start, len(text))
    return scenes


def _append(scenes: list[Span], text: str, start: int, end: int) -> None:
    """Add the trimmed scene `text[start:end]` unless it is blank."""
    span = trimmed_span(text, start, end)
    if span is not None:
        scenes.append(span)
