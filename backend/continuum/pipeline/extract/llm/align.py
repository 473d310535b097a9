"""Span alignment: find what the model quoted in the chapter text, as chapter offsets.

A quote is looked for near its chunk first, then anywhere in the chapter: verbatim, then
case- and whitespace-insensitively. The loose match also ignores quotation marks and
apostrophes (models write `"` for `“`, and drop the marks around dialogue when they quote
"My dear Mr. Bennet, said his lady") and `_` (Gutenberg's italics marks), and treats
typographic dashes as `-`; the words must still be the text's words in the text's order.
A quote the model elided with "..." matches when each part is found, in order, close
together. What cannot be found is not evidence.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from continuum.language.abbreviations import NAME_ABBREVIATIONS

NEAR = 300
"""How far past its chunk's ends (in characters) a quote is first looked for."""
ELISION = re.compile(r"\s*(?:\.\s?\.\s?\.|…)\s*")
ELIDED_PART_MIN = 12
ELIDED_GAP_MAX = 600

_FOLD = {**dict.fromkeys("\"“”„‟«»″'‘’‚‛′`_", ""),
         "–": "-", "—": "-", "―": "-", "‐": "-", "‑": "-", "…": "..."}


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int


class TextIndex:
    """The chapter text with a folded copy for loose matching, and a map back to offsets."""

    def __init__(self, text: str) -> None:
        self.text = text
        folded: list[str] = []
        origin: list[int] = []  # origin[i]: offset in `text` of folded character i
        in_space = False
        for i, char in enumerate(text):
            if char.isspace():
                if not in_space:
                    folded.append(" ")
                    origin.append(i)
                in_space = True
                continue
            in_space = False
            for piece in _FOLD.get(char, char).lower():
                folded.append(piece)
                origin.append(i)
        self.folded = "".join(folded)
        self.origin = origin

    def find(self, quote: str, *, near: tuple[int, int] | None = None) -> Span | None:
        """Where `quote` is in the text: near `near` (start, end) first, then anywhere."""
        quote = quote.strip()
        if not quote:
            return None
        regions = [(max(0, near[0] - NEAR), min(len(self.text), near[1] + NEAR))] if near else []
        regions.append((0, len(self.text)))
        for lo, hi in regions:
            span = self._verbatim(quote, lo, hi) or self._loose(quote, lo, hi)
            if span is None:
                span = self._elided(quote, lo, hi)
            if span is not None:
                return span
        return None

    def _verbatim(self, quote: str, lo: int, hi: int) -> Span | None:
        at = self.text.find(quote, lo, hi)
        return Span(at, at + len(quote)) if at >= 0 else None

    def _loose(self, quote: str, lo: int, hi: int) -> Span | None:
        needle = fold(quote)
        if not needle:
            return None
        flo = bisect.bisect_left(self.origin, lo)
        fhi = bisect.bisect_left(self.origin, hi)
        at = self.folded.find(needle, flo, fhi)
        if at < 0:
            return None
        return Span(self.origin[at], self.origin[at + len(needle) - 1] + 1)

    def _elided(self, quote: str, lo: int, hi: int) -> Span | None:
        parts = [p for p in ELISION.split(quote) if p.strip()]
        if len(parts) < 2 or any(len(p) < ELIDED_PART_MIN for p in parts):
            return None
        first = self._verbatim(parts[0], lo, hi) or self._loose(parts[0], lo, hi)
        if first is None:
            return None
        end = first.end
        for part in parts[1:]:
            limit = min(hi, end + ELIDED_GAP_MAX + len(part))
            found = self._verbatim(part, end, limit) or self._loose(part, end, limit)
            if found is None:
                return None
            end = found.end
        return Span(first.start, end)

    def occurrences(self, surface: str, lo: int = 0, hi: int | None = None) -> list[Span]:
        """Every whole-word occurrence of a name in text[lo:hi]; line breaks count as spaces."""
        pattern = name_pattern(surface)
        if pattern is None:
            return []
        hi = len(self.text) if hi is None else hi
        return [Span(m.start(), m.end()) for m in pattern.finditer(self.text, lo, hi)]

    def contains_name(self, surface: str) -> bool:
        """Whether the name occurs anywhere in the chapter as a whole word."""
        pattern = name_pattern(surface)
        return pattern is not None and pattern.search(self.text) is not None


def fold(text: str) -> str:
    """The loose form of a text: lower case, single spaces, no quotation marks or `_`."""
    out: list[str] = []
    for char in text.strip():
        if char.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        out.append(_FOLD.get(char, char).lower())
    return "".join(out).strip()


_APOSTROPHE = "['’‘`]"


def name_pattern(surface: str) -> re.Pattern[str] | None:
    """A case-sensitive regex for a name as a whole word, with any whitespace between words.

    "Mr Bennet" also finds "Mr. Bennet" (and the reverse): the period of a title is optional.
    """
    words = surface.split()
    if not words:
        return None
    escaped = []
    for word in words:
        bare = word.rstrip(".")
        piece = re.escape(bare if bare else word)
        if bare.lower() in NAME_ABBREVIATIONS:
            piece += r"\.?"
        elif bare != word:
            piece += re.escape(word[len(bare):])
        escaped.append(piece.replace("'", _APOSTROPHE).replace("’", _APOSTROPHE))
    # A trailing optional period must not be followed by a word character either.
    return re.compile(r"(?<!\w)" + r"\s+".join(escaped) + r"(?![\w])")


def longest_first(spans: list[Span]) -> list[Span]:
    """The spans that no longer span contains, in text order."""
    kept: list[Span] = []
    for span in sorted(spans, key=lambda sp: (-(sp.end - sp.start), sp.start)):
        if not any(k.start <= span.start and span.end <= k.end for k in kept) and not any(
            k.start < span.end and span.start < k.end for k in kept
        ):
            kept.append(span)
    return sorted(kept, key=lambda sp: sp.start)
