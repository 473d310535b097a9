"""Quoted speech in prose: where each quotation is, as character ranges, in any of the styles
books are set in. The one quote reader: the extractor (`coref`, `analyze`) and the critic's
speeches (`prose.speeches`) both take their quotations from here."""

from __future__ import annotations

import re

_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_QUOTE_MARKS = re.compile(r"\n[ \t]*\n|[\u201c\u201d\u2018\u2019\"]")


def quote_regions(text: str) -> list[tuple[int, int]]:
    """[start, end) character ranges of quoted speech, quote marks included.

    Curly or straight double quotes, unless curly single quotes open more than twice as many
    quotations (British style, with doubles only for quotes within quotes, as in Alice), or
    straight single quotes do (typed British style, as in Wuthering Heights); an unclosed
    quote ends with its paragraph (the next paragraph reopens it). In a chapter set in
    doubles, a closed straight single quotation outside them is speech too
    (`_single_quoted_beside`).
    """
    style = speech_style(text)
    if style == "straight single":
        return _with_blocks(text, _straight_single_regions(text))
    regions = _marked_regions(text, style)
    if style == "double":
        regions = sorted([*regions, *_single_quoted_beside(text, regions)])
    return _with_blocks(text, regions)


def single_quoted_beside(text: str) -> list[tuple[int, int]]:
    """The straight single quotations `quote_regions` finds beside a chapter's doubles
    (`_single_quoted_beside`); none in a chapter set in single quotes."""
    if speech_style(text) != "double":
        return []
    return _single_quoted_beside(text, _marked_regions(text, "double"))


def _marked_regions(text: str, style: str) -> list[tuple[int, int]]:
    """Quotations in curly or straight doubles ("double") or curly singles ("single")."""
    if style == "double":
        opens, closes, straight = "\u201c", "\u201d", '"'
    else:
        opens, closes, straight = "\u2018", "\u2019", ""
    regions: list[tuple[int, int]] = []
    start: int | None = None
    for m in _QUOTE_MARKS.finditer(text):
        ch = m.group()
        if ch.startswith("\n"):
            if start is not None:
                regions.append((start, m.start()))
                start = None
        elif ch == opens or (ch == straight and start is None):
            if start is not None:
                regions.append((start, m.start()))
            start = m.start()
        elif ch in (closes, straight) and start is not None:
            if ch == "\u2019" and m.end() < len(text) and text[m.end()].isalpha():
                continue  # an apostrophe: "don’t"
            regions.append((start, m.end()))
            start = None
    if start is not None:
        regions.append((start, len(text)))
    return regions


def _single_quoted_beside(text: str, doubles: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Speech in straight single quotes in a chapter set mostly in doubles, outside them: a
    book typed in single quotes whose chapter tells one long story in double quotes
    (Wuthering Heights, chapter 17: Isabella's story in doubles, then the narration's own
    "'Correctly,' he remarked, '... he was both dead and cold'"). Only a quotation its
    closing mark ends: an elision opening a word ("'prentice", "'Change") closes nothing."""
    found = []
    for start, end in _straight_single_regions(text):
        if text[end - 1] == "'" and not any(start < b and a < end for a, b in doubles):
            found.append((start, end))
    return found


def speech_style(text: str) -> str:
    """The marks a text's speech is set in: "double" (curly or straight), "single" (curly,
    British style, more than twice as many openings as doubles) or "straight single" (typed
    British style)."""
    doubles = text.count("\u201c") + text.count('"')
    singles = len(re.findall(r"(?:^|(?<=[\s(\u2014\u2013-]))\u2018", text))
    straight_singles = len(_STRAIGHT_OPEN.findall(text))
    if straight_singles >= 2 and straight_singles > 2 * doubles and straight_singles > singles:
        return "straight single"
    if singles < 2 or (doubles >= 2 and doubles * 2 >= singles):
        return "double"
    return "single"


def block_regions(text: str) -> list[tuple[int, int]]:
    """[start, end) ranges of paragraphs set in from the margin, every line of them: a letter,
    a song or an inscription the narration quotes as printed (Treasure Island's "Old Anchor
    Inn, Bristol, March 1, 17-- / Dear Livesey", Emma's charade). Their "I" is the writer's,
    and what they tell is told in them, not by the narration."""
    blocks = []
    pos = 0
    for cut in [*_PARAGRAPH.finditer(text), None]:
        end = cut.start() if cut is not None else len(text)
        lines = [line for line in text[pos:end].split("\n") if line.strip()]
        if lines and all(_SET_IN.match(line) for line in lines) and any(c.isalpha() for c in text[pos:end]):
            first = pos + len(text[pos:end]) - len(text[pos:end].lstrip())
            blocks.append((first, len(text[:end].rstrip())))
        if cut is None:
            break
        pos = cut.end()
    return blocks


_SET_IN = re.compile(r"[ \t]{2,}\S")


def _with_blocks(text: str, regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`regions` with the set-in paragraphs (`block_regions`), a quotation inside one kept
    within it."""
    blocks = block_regions(text)
    if not blocks:
        return regions
    outside = [r for r in regions if not any(a <= r[0] < b for a, b in blocks)]
    return sorted([*outside, *blocks])


# A straight single quote that opens speech: at a paragraph's start or after a space, a
# bracket or a dash, before a word ("'But Aunt Isabella was younger than papa,' she
# remarked", Wuthering Heights); and one that closes it: after a sentence's punctuation, or
# at the end of its paragraph. An apostrophe inside a word ("don't"), after one ("goin'
# to", "i' idleness") or before a clitic ("Shaw 's", "'tis") does neither.
_STRAIGHT_OPEN = re.compile(
    r"(?:^|(?<=[\s(\u2014\u2013-]))'(?!(?:s|d|ll|re|ve|m|t|tis|twas)\b)(?=[\w\u2014\u2013-])",
    re.MULTILINE | re.IGNORECASE)
_STRAIGHT_CLOSE = re.compile(r"(?<=[,.!?;:\u2014\u2013-])'|'(?=[ \t]*(?:\n|$))")


def _straight_single_regions(text: str) -> list[tuple[int, int]]:
    """`quote_regions` for a text whose speech is in straight single quotes, as typed on a
    keyboard: an unclosed quotation ends with its paragraph."""
    regions: list[tuple[int, int]] = []
    start: int | None = None
    pos = 0
    while pos < len(text):
        if start is None:
            m = _STRAIGHT_OPEN.search(text, pos)
            if m is None:
                break
            start, pos = m.start(), m.end()
            continue
        close = _STRAIGHT_CLOSE.search(text, pos)
        para = _PARAGRAPH.search(text, pos)
        if close is not None and (para is None or close.start() < para.start()):
            regions.append((start, close.end()))
            start, pos = None, close.end()
        else:
            end = para.start() if para is not None else len(text)
            regions.append((start, end))
            start, pos = None, end
    if start is not None:
        regions.append((start, len(text)))
    return regions


# A quotation inside a quotation, in single quotes inside double ones: "‘My friend
# Knightley’ had been so often mentioned," says Mrs. Elton, quoting her husband. It opens
# before a word (not the clitic of "'tis") and closes after one, before a space, a
# punctuation mark or the end of the outer quotation.
_INNER_OPEN = re.compile(
    r"(?:^|(?<=[\s(\u2014\u2013\u201c\"-]))['\u2018](?!(?:s|d|ll|re|ve|m|t|tis|twas)\b)(?=[A-Za-z])",
    re.IGNORECASE)
_INNER_CLOSE = re.compile(r"(?<=[\w.,!?])['\u2019](?=[\s,.;:!?\u2014\u2013\u201d\")-]|$)")


def inner_quote_regions(text: str, regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """[start, end) ranges of the quotations inside double-quoted `regions`: words the
    speaker quotes from someone else, whose "I" and "my" are not the speaker's. An opening
    mark with no close in its quotation is an elision, not a quotation."""
    inner: list[tuple[int, int]] = []
    for start, end in regions:
        if text[start] not in "\u201c\"":
            continue  # speech set in single quotes: its inner quotations are double
        pos = start + 1
        while (m := _INNER_OPEN.search(text, pos, end)) is not None:
            close = _INNER_CLOSE.search(text, m.end(), end)
            if close is None:
                break
            inner.append((m.start(), close.end()))
            pos = close.end()
    return inner
