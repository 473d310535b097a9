"""Literary sentence and paragraph segmentation with character offsets into the source."""

from __future__ import annotations

import re
from dataclasses import dataclass

from continuum.language.abbreviations import NEVER_FINAL
from continuum.language.speech import ATTRIBUTION_FORMS


@dataclass(frozen=True)
class Span:
    """A trimmed slice of a source text; `text == source[start:end]`."""

    start: int
    end: int
    text: str


_NUMBER_ABBREVIATIONS = frozenset({"no", "nos"})
_SAID_VERBS = "|".join(ATTRIBUTION_FORMS)

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n(?:[ \t\r\f\v]*\n)*")
_TERMINATOR = re.compile(
    r"(?P<core>(?:\.(?:[ \t]?\.){2,}|[.?!\u2026\u203d])+)"
    r"(?P<close>[\"'\u201d\u2019\u00bb)\]_*]*)"
)
_OPENERS = "\"'\u201c\u2018\u00ab([_*"
_QUOTES = "\"'\u201d\u2019\u00bb"
_ATTRIBUTION = re.compile(r"(?:[A-Z][\w'\u2019-]*\.?\s+){1,3}(?:" + _SAID_VERBS + r")\b")
# Capitalised words that open a new sentence rather than name a speaker ("And I thought...").
_NOT_SPEAKERS = frozenset(
    {"and", "but", "or", "so", "yet", "then", "now", "when", "if", "as", "while", "though"}
    | {"although", "still", "just", "only", "there", "here", "what", "why", "how", "never"}
)
_INITIAL_AHEAD = re.compile(r"[A-Z]\.")


def trimmed_span(source: str, start: int, end: int) -> Span | None:
    """The span of `source[start:end]` without surrounding whitespace, or None if blank."""
    while start < end and source[start].isspace():
        start += 1
    while end > start and source[end - 1].isspace():
        end -= 1
    return Span(start, end, source[start:end]) if start < end else None


def split_paragraphs(text: str) -> list[Span]:
    """Paragraphs separated by blank lines; single newlines stay inside a paragraph."""
    spans: list[Span] = []
    start = 0
    for brk in _PARAGRAPH_BREAK.finditer(text):
        span = trimmed_span(text, start, brk.start())
        if span is not None:
            spans.append(span)
        start = brk.end()
    span = trimmed_span(text, start, len(text))
    if span is not None:
        spans.append(span)
    return spans


def split_sentences(text: str) -> list[Span]:
    """Sentences aware of honorifics, initials, ellipses, closing quotes and dialogue tags."""
    spans: list[Span] = []
    for paragraph in split_paragraphs(text):
        start = paragraph.start
        for match in _TERMINATOR.finditer(text, paragraph.start, paragraph.end):
            if _ends_sentence(text, match, paragraph.end):
                span = trimmed_span(text, start, match.end())
                if span is not None:
                    spans.append(span)
                start = match.end()
        span = trimmed_span(text, start, paragraph.end)
        if span is not None:
            spans.append(span)
    return spans


def _ends_sentence(text: str, match: re.Match[str], limit: int) -> bool:
    """Whether the terminator `match` closes a sentence inside a paragraph ending at `limit`."""
    ahead = match.end()
    if ahead >= limit or not text[ahead].isspace():
        return False
    while ahead < limit and text[ahead].isspace():
        ahead += 1
    word_start = ahead
    while ahead < limit and text[ahead] in _OPENERS:
        ahead += 1
    if ahead >= limit:
        return True
    first = text[ahead]
    if first.islower():
        return False
    core = match.group("core")
    if core == "." and _is_abbreviation(text, match.start(), ahead, limit):
        return False
    closed_quote = any(ch in _QUOTES for ch in match.group("close"))
    return not (closed_quote and _is_attribution(text, word_start, limit))


def _is_attribution(text: str, start: int, limit: int) -> bool:
    """Whether the words at `start` name a speaker and a said-verb ("Alice asked", "I said")."""
    match = _ATTRIBUTION.match(text, start, limit)
    return match is not None and match.group().split(None, 1)[0].lower() not in _NOT_SPEAKERS


def _is_abbreviation(text: str, dot: int, next_word: int, limit: int) -> bool:
    """Whether the word before the period at `dot` is a title, an initial or "No." + digit."""
    begin = dot
    while begin > 0 and (text[begin - 1].isalpha() or text[begin - 1] == "."):
        begin -= 1
    token = text[begin:dot]
    lowered = token.lower()
    if lowered in NEVER_FINAL:
        return True
    if lowered in _NUMBER_ABBREVIATIONS:
        return text[next_word].isdigit()
    if len(token) == 1 and token.isupper():
        return token != "I" or bool(_INITIAL_AHEAD.match(text, next_word, limit))
    return False
