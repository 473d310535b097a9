"""Heading candidates in a book: chapters, parts, and front or back matter."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Literal

from continuum.pipeline.segment.numerals import leading_number
from continuum.pipeline.segment.sentences import Span, split_paragraphs

HeadingKind = Literal["chapter", "part", "matter"]
# How a chapter heading is written: with a keyword ("Chapter I", "# 3"), as a numeral and a
# title on one line ("IV. THE TRIAL"), or as a bare numeral line; books keep to one family.
Family = Literal["keyword", "titled", "numeral"]
FAMILIES: tuple[Family, ...] = ("keyword", "titled", "numeral")

PROLOGUE_NUMBER = 0
EPILOGUE_NUMBER = 1_000_000

_ILLUSTRATION = re.compile(r"\[Illustration(?:[^\[\]]|\[[^\[\]]*\])*\]", re.IGNORECASE)
_ILLUSTRATION_OPEN = re.compile(r"^\[Illustration:?\s*", re.IGNORECASE)
_MARKDOWN = re.compile(r"#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*")
_KEYWORD = re.compile(
    r"(chapter|letter|stave|part|book|volume|prologue|epilogue|interlude)\b\.?[ \t]*(.*)",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r"[ \t]*[.:)\]\u2013\u2014-]+[ \t]*")
_NUMERAL_HEADING = re.compile(
    r"(?P<numeral>\d{1,3}|[IVXLCDM]+)(?:[.:]?|[.:][ \t]+(?P<title>\S.*))", re.DOTALL
)
_MATTER = re.compile(
    r"(?:(?:table of )?contents|preface|introduction|foreword|dedication|"
    r"(?:list of )?illustrations|acknowledge?ments|appendix(?: [a-z0-9]+)?|notes|footnotes|"
    r"endnotes|glossary|index|bibliography|afterword|postscript|transcriber.?s? notes?|"
    r"about the author|the end|finis|end of (?:the )?(?:book|volume|part)\b.*|"
    r"copyright(?: page)?|title page|half title|colophon|epigraph|"
    r"(?:also|other (?:books|works|titles)|(?:books|novels|works)) by\b.*|by the same author|"
    r"praise for\b.*|about the publisher)\.?",
    re.IGNORECASE,
)
_TITLE_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_QUOTES = "\"'\u201c\u201d\u2018\u2019"
# fmt: off
_MINOR_WORDS = frozenset({
    "a", "an", "the", "and", "or", "nor", "but", "for", "of", "in", "on", "at", "to", "by",
    "with", "from", "into", "onto", "upon", "over", "under", "as", "is", "vs", "via", "off",
    "up", "out", "down", "per", "than", "so", "yet", "about", "against", "among", "between",
    "through", "after", "before", "within", "without", "near",
})
# fmt: on
_UNNUMBERED = {"prologue": PROLOGUE_NUMBER, "epilogue": EPILOGUE_NUMBER, "interlude": None}
_MAX_HEADING_CHARS = 200
_MAX_TITLE_WORDS = 20


@dataclass(frozen=True)
class Heading:
    """A heading candidate: the prose before it ends at `start`, its own text ends at `end`."""

    kind: HeadingKind
    start: int
    end: int
    number: int | None
    title: str | None
    family: Family


@dataclass(frozen=True)
class _Parsed:
    """A heading read from one paragraph, before its title line and illustration are known."""

    kind: HeadingKind
    number: int | None
    title: str | None
    family: Family
    end: int
    label: str | None = None


def illustration_blocks(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """Character ranges of `[Illustration ...]` blocks (one nesting level of brackets)."""
    return [(m.start(), m.end()) for m in _ILLUSTRATION.finditer(text, lo, hi)]


def enclosing_block(blocks: list[tuple[int, int]], pos: int) -> tuple[int, int] | None:
    """The illustration block containing `pos`, if any."""
    index = bisect.bisect_right(blocks, pos, key=lambda block: block[0]) - 1
    if index >= 0 and blocks[index][0] <= pos < blocks[index][1]:
        return blocks[index]
    return None


def title_like(line: str) -> bool:
    """Whether a short line reads as a title: Title Case or capitals, not a sentence."""
    if not line or len(line) > 80:
        return False
    inner = line
    if inner[0] in _QUOTES:
        inner = inner.strip(_QUOTES)
        if not inner or inner[-1] in ".,;:!?":
            return False
    if not (inner[0].isupper() or inner[0].isdigit()):
        return False
    words = _TITLE_WORD.findall(inner)
    if not words or len(words) > 12:
        return False
    return all(word[0].isupper() or word.lower() in _MINOR_WORDS for word in words)


def classify_title(title: str) -> HeadingKind | None:
    """What a heading's own words name: a chapter ("Chapter 3", "IV. The Trial"), a part, matter."""
    parsed = _markdown(_normalize(title), 0)
    return None if parsed is None else parsed.kind


def find_headings(text: str, lo: int, hi: int) -> list[Heading]:
    """Every heading candidate between offsets `lo` and `hi`, in text order."""
    blocks = illustration_blocks(text, lo, hi)
    paragraphs = [Span(p.start + lo, p.end + lo, p.text) for p in split_paragraphs(text[lo:hi])]
    headings: list[Heading] = []
    index = 0
    while index < len(paragraphs):
        paragraph = paragraphs[index]
        block = enclosing_block(blocks, paragraph.start)
        parsed = _parse(paragraph, inside_illustration=block is not None)
        index += 1
        if parsed is None:
            continue
        end, title = parsed.end, parsed.title
        if parsed.kind == "chapter" and title is None and index + 1 < len(paragraphs):
            candidate = paragraphs[index]
            if (
                end == paragraph.end
                and "\n" not in candidate.text
                and title_like(candidate.text)
                and _parse(candidate, inside_illustration=False) is None
            ):
                end, title = candidate.end, candidate.text
                index += 1
        start = paragraph.start
        if block is not None:
            start, end = block[0], max(end, block[1])
        headings.append(
            Heading(
                parsed.kind,
                start,
                end,
                parsed.number,
                title or parsed.label,
                parsed.family,
            )
        )
    return headings


def _parse(paragraph: Span, *, inside_illustration: bool) -> _Parsed | None:
    """The heading a paragraph opens with, if it is one."""
    first_line = paragraph.text.split("\n", 1)[0]
    line_end = paragraph.start + len(first_line.rstrip())
    markdown = _MARKDOWN.fullmatch(first_line.strip())
    if markdown:
        return _markdown(_normalize(markdown.group(1)), line_end)
    short = paragraph.text.count("\n") < 3 and len(paragraph.text) <= _MAX_HEADING_CHARS
    joined = _normalize(paragraph.text) if short else ""
    found = _keyword(joined, strict=False) if short else None
    if found is not None:
        return _Parsed(found[0], found[1], found[2], "keyword", paragraph.end, found[3])
    if "\n" in paragraph.text:
        found = _keyword(_normalize(first_line), strict=True)
        if found is not None and found[0] == "chapter":
            return _Parsed(found[0], found[1], found[2], "keyword", line_end, found[3])
    if short and _MATTER.fullmatch(joined):
        return _Parsed("matter", None, None, "keyword", paragraph.end)
    single_line = short and "\n" not in paragraph.text
    numbered = _numeral_heading(joined) if single_line and not inside_illustration else None
    if numbered is not None:
        family: Family = "numeral" if numbered[1] is None else "titled"
        return _Parsed("chapter", numbered[0], numbered[1], family, paragraph.end)
    return None


def _markdown(content: str, end: int) -> _Parsed | None:
    """A markdown heading that names a chapter, a part or matter; others are scene titles."""
    found = _keyword(content, strict=False)
    if found is not None:
        return _Parsed(found[0], found[1], found[2], "keyword", end, found[3])
    if _MATTER.fullmatch(content):
        return _Parsed("matter", None, None, "keyword", end)
    numbered = _numeral_heading(content)
    if numbered is not None:
        return _Parsed("chapter", numbered[0], numbered[1], "keyword", end)
    return None


def _numeral_heading(line: str) -> tuple[int, str | None] | None:
    """A line that is a bare numeral (`IV.`, `12`) or a numeral and a title (`IV. THE TRIAL`)."""
    match = _NUMERAL_HEADING.fullmatch(line)
    if match is None:
        return None
    numeral = leading_number(match.group("numeral"))
    if numeral is None or numeral[1] != len(match.group("numeral")):
        return None
    title = match.group("title")
    if title is None:
        return numeral[0], None
    title = title.rstrip(".").strip()
    return (numeral[0], title) if title_like(title) else None


def _keyword(line: str, *, strict: bool) -> tuple[HeadingKind, int | None, str | None, str] | None:
    """A chapter or part heading as (kind, number, title, label); `strict` wants no title."""
    match = _KEYWORD.fullmatch(line)
    if match is None:
        return None
    keyword, rest = match.group(1).lower(), match.group(2)
    label = keyword.capitalize()
    if keyword in _UNNUMBERED:
        number, after = _UNNUMBERED[keyword], rest
    else:
        numeral = leading_number(rest)
        if numeral is None:
            return None
        number, after = numeral[0], rest[numeral[1] :]
        label = f"{label} {numeral[2]}"
    ok, title = _inline_title(after, strict=strict)
    if not ok:
        return None
    kind: HeadingKind = "part" if keyword in {"part", "book", "volume"} else "chapter"
    return kind, number, title, label


def _inline_title(rest: str, *, strict: bool) -> tuple[bool, str | None]:
    """Whether `rest` can follow a heading's number, and the title it holds."""
    if not rest.strip(" \t.:"):
        return True, None
    separator = _SEPARATOR.match(rest)
    if separator:
        title = rest[separator.end() :].strip().rstrip(".").strip()
        if not title:
            return True, None
        return not strict and len(title.split()) <= _MAX_TITLE_WORDS, title
    if strict or not rest[0].isspace():
        return False, None
    title = rest.strip()
    return title_like(title), title


def _normalize(text: str) -> str:
    """A paragraph as one line, without illustration brackets or emphasis markers."""
    text = _ILLUSTRATION_OPEN.sub("", text.strip())
    text = text.rstrip("] \t\n").strip("_* \t\n")
    return " ".join(text.split())
