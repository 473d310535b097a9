"""Plain-prose helpers: sentences, paragraphs and quoted speech with its speaker, all with
character offsets into the text (a draft for the critic's recognisers, an earlier chapter for
the read layer's look-ups)."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from continuum.language.abbreviations import TITLE_ABBREVIATIONS
from continuum.language.names import PROPER_NAME
from continuum.language.quotes import quote_regions
from continuum.language.speech import SAID_FORMS

_ABBREVIATIONS = frozenset(a.capitalize() for a in TITLE_ABBREVIATIONS)  # "Mr.", "St.": no sentence ends
_SENTENCE_END = re.compile(r"[.!?]+[\"”’']?(?=\s|$)|\n\s*\n")
_PARAGRAPH = re.compile(r"[^\n]+(?:\n(?!\s*\n)[^\n]+)*")
_QUOTE = re.compile(r"[\"“]([^\"“”]+)[\"”]")
_CLOSING_MARKS = frozenset("\"\u201d\u2019'")
_SAID = "|".join(SAID_FORMS)
_PRONOUN = r"(?:he|she|they|I)"
_NAME = PROPER_NAME
# A speaker named by a role: "said the innkeeper", "the old doctor said".
NOMINAL = r"the\s+(?:[a-z]+\s+)?[a-z]{3,}"
_AFTER = re.compile(rf"^\s*,?\s*(?:{_SAID})\s+(?P<a>{_NAME}|{NOMINAL}\b(?=\s*[,.;!?]))|"
                    rf"^\s*,?\s*(?P<b>{_NAME}|{_PRONOUN}|{NOMINAL})\s+(?:{_SAID})\b")
# An action beat after a finished quote names its speaker: '"Her other brother." She put down
# the gravy boat.' (a past-tense verb right after the name or pronoun).
_BEAT_VERBS = ("put|set|took|gave|held|shook|stood|sat|went|came|made|let|drew|threw|ran|saw|"
               "felt|kept|left|rose|spoke|bit|hung|laid|lay|got|caught|struck|swung|wiped|"
               "began|smiled|nodded|sighed|laughed|frowned|shrugged|turned|looked|glanced")
_BEAT = re.compile(rf"^\s*(?P<b>{_NAME}|{_PRONOUN}|She|He|They)\s+(?:\w+ly\s+)?"
                   rf"(?:{_BEAT_VERBS}|[a-z]+ed)\b")
# ... or a beat sentence right before it: 'Mara laughed. "You make me sound like an old maid."'
_BEAT_BEFORE = re.compile(rf"(?:^\s*|[.!?]\s+)(?P<b>{_NAME}|She|He|They)\s+(?:\w+ly\s+)?"
                          rf"(?:{_BEAT_VERBS}|[a-z]+ed)\b[^\"“”.!?]*[.!?]\s*$")
_BEFORE = re.compile(rf"(?P<b>{_NAME}|\b{_PRONOUN})\s+(?:{_SAID})(?:\s+\w+)?\s*[,:]\s*$")


@dataclass(frozen=True)
class Span:
    """A stretch of the draft."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Speech:
    """Quoted speech and who says it (a surface name or pronoun, with its offset)."""

    start: int
    end: int
    text: str
    speaker: str | None
    speaker_at: int | None


def sentences(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """Sentences of text[start:end] with offsets (honorifics like "Mr." do not end one)."""
    return list(_sentences(text, start, len(text) if end is None else end))


def sentence_at(text: str, start: int, end: int, at: int) -> Span:
    """The plain-prose sentence around an offset in a parsed sentence's span (the parser may
    run two sentences together, as a one-word reply and the narration after it)."""
    return next((s for s in sentences(text, start, end) if s.start <= at < s.end),
                Span(start, end, text[start:end]))


@functools.lru_cache(maxsize=64)  # a dozen checks split the same draft, each once per critique
def _sentences(text: str, start: int, end: int) -> tuple[Span, ...]:
    out: list[Span] = []
    begin = start
    for m in _SENTENCE_END.finditer(text, start, end):
        word = re.search(r"(\w+)\.$", text[max(begin, m.start() - 6):m.start() + 1])
        if word and word.group(1) in _ABBREVIATIONS:
            continue
        _add(out, text, begin, m.end())
        begin = m.end()
    _add(out, text, begin, end)
    return tuple(out)


def _add(out: list[Span], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        out.append(Span(start, end, text[start:end]))


def paragraphs(text: str) -> list[Span]:
    """Blank-line separated paragraphs (a single newline inside one is a wrapped line)."""
    return [Span(m.start(), m.end(), m.group()) for m in _PARAGRAPH.finditer(text)
            if m.group().strip()]


def speeches(text: str) -> list[Speech]:
    """Every quoted passage with its speaker: "...," said X / X said, "..." / the paragraph's
    attributed speaker for an unattributed quote in the same paragraph. A dozen passes ask
    for a chapter's speeches, so the last few texts' are kept (a fresh list each time)."""
    return list(_speeches(text))


@functools.lru_cache(maxsize=4)
def _speeches(text: str) -> tuple[Speech, ...]:
    out: list[Speech] = []
    previous: Span | None = None
    regions = quote_regions(text)
    for para in paragraphs(text):
        quotes = [_Quoted(text, a, min(b, para.end)) for a, b in regions
                  if para.start <= a < para.end]
        beat = _beat_paragraph(text, previous) if quotes and quotes[0].start() == para.start else None
        previous = para
        found: list[tuple[str | None, int | None]] = []
        for i, q in enumerate(quotes):
            after_end = quotes[i + 1].start() if i + 1 < len(quotes) else para.end
            before_start = quotes[i - 1].end() if i else para.start
            who, at = _attribution(text, q.end(), after_end, before_start, q.start())
            found.append((who, at))
        for i, (q, (who, at)) in enumerate(zip(quotes, found, strict=True)):
            if who is None:  # one speaker per paragraph: the nearest attribution before, else after
                near = [f for f in reversed(found[:i]) if f[0] is not None] or \
                    [f for f in found[i + 1:] if f[0] is not None] or ([beat] if beat else [])
                if near:
                    who, at = near[0]
            out.append(Speech(q.start(1), q.end(1), q.group(1), who, at))
    return tuple(_turns(text, out))


def _turns(text: str, out: list[Speech]) -> list[Speech]:
    """Two people talking in quote-only paragraphs take turns: an unattributed reply gets the
    speaker of the quote two turns back when the turn between is someone else's or nobody's
    known ('"The stranger," said Elena Voss. / "Did you know him?" / "No more than anyone
    did."'). Only inside one run of paragraphs that open with a quote, with no narration
    between them."""
    opening = [s for s in out if _opens_paragraph(text, s.start)]
    fixed = {id(s): s for s in out}
    for i in range(2, len(opening)):
        reply, between, first = opening[i], opening[i - 1], opening[i - 2]
        if reply.speaker is not None or first.speaker is None or between.speaker == first.speaker:
            continue
        if _narration_between(text, first, between) or _narration_between(text, between, reply):
            continue
        fixed[id(reply)] = Speech(reply.start, reply.end, reply.text, first.speaker, first.speaker_at)
        opening[i] = fixed[id(reply)]
    return [fixed[id(s)] for s in out]


class _Quoted:
    """One quotation of `quote_regions` read like a match of a quote pattern: group 0 with its
    marks, group 1 the words inside them."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self._outer = (start, end)
        inner_end = end - 1 if end - start > 1 and text[end - 1] in _CLOSING_MARKS else end
        self._inner = (start + 1, max(start + 1, inner_end))
        self._text = text

    def start(self, group: int = 0) -> int:
        return (self._outer if group == 0 else self._inner)[0]

    def end(self, group: int = 0) -> int:
        return (self._outer if group == 0 else self._inner)[1]

    def group(self, group: int = 0) -> str:
        return self._text[self.start(group):self.end(group)]


def _opens_paragraph(text: str, start: int) -> bool:
    """The quote (its text starts at `start`) is the first thing in its paragraph."""
    line = text.rfind("\n", 0, start) + 1
    return text[line:start].strip() in ("\"", "“", "'", "\u2018")


def _narration_between(text: str, a: Speech, b: Speech) -> bool:
    """A paragraph between two quotes that is narration only (no quote in it)."""
    gap = text[a.end:b.start]
    return any(p.strip() and not _QUOTE.search(p) and not p.strip().startswith(("\"", "“", "”"))
               for p in re.split(r"\n\s*\n", gap)[1:-1])


def _beat_paragraph(text: str, para: Span | None) -> tuple[str, int] | None:
    """A paragraph of narration only, ending on an action of one person ("He stood on the bed
    to see it better."): the speaker of an unattributed quote that opens the next paragraph."""
    if para is None or _QUOTE.search(text, para.start, para.end):
        return None
    last = sentences(text, para.start, para.end)[-1]
    m = re.match(rf"(?P<b>{_NAME}|She|He)\s+(?:\w+ly\s+)?(?:{_BEAT_VERBS}|[a-z]+ed)\b", last.text)
    if m is None or last.text.split()[0] in ("The", "A", "An", "It", "There", "Then"):
        return None
    return m.group("b"), last.start + m.start("b")


def _attribution(text: str, after: int, after_end: int, before_start: int,
                 before_end: int) -> tuple[str | None, int | None]:
    tail = text[after:min(after_end, after + 80)]
    m = _AFTER.match(tail)
    if m:
        group = "a" if m.group("a") else "b"
        return m.group(group), after + m.start(group)
    if re.search(r"[.!?][\"”’']?$", text[max(0, after - 3):after]):
        m = _BEAT.match(tail)
        if m:
            return m.group("b"), after + m.start("b")
    head_from = max(before_start, before_end - 80)
    m = _BEFORE.search(text[head_from:before_end])
    if m:
        return m.group("b"), head_from + m.start("b")
    head_from = max(before_start, before_end - 200)
    m = _BEAT_BEFORE.search(text[head_from:before_end])
    if m:
        return m.group("b"), head_from + m.start("b")
    return None, None


def in_speech(spans: list[Speech], start: int) -> Speech | None:
    """The quoted passage that contains an offset, if any (the passages are in text order and
    do not overlap)."""
    at = bisect.bisect_right(spans, start, key=lambda s: s.start) - 1
    return spans[at] if at >= 0 and start < spans[at].end else None


def narration(text: str, spans: list[Speech]) -> Callable[[int], bool]:
    """A predicate: is this offset outside quoted speech?"""
    return lambda at: in_speech(spans, at) is None


# Irregular past forms a message may be handed (a delta kind "gave", a verb "took").
_IRREGULAR_PAST = {"gave": "gives", "took": "takes", "held": "holds", "threw": "throws",
                   "brought": "brings", "left": "leaves", "lost": "loses", "found": "finds",
                   "sold": "sells", "kept": "keeps", "hid": "hides", "stole": "steals",
                   "bought": "buys", "sent": "sends", "got": "gets", "caught": "catches",
                   "bore": "bears", "wore": "wears", "drew": "draws", "shook": "shakes",
                   "laid": "lays", "struck": "strikes", "swore": "swears", "spoke": "speaks",
                   "came": "comes", "went": "goes", "did": "does", "done": "does",
                   "stood": "stands", "sat": "sits", "fell": "falls", "ran": "runs"}


def present(verb: str) -> str:
    """The verb for a message: a lemma in the third person ("holds", "reaches", "carries",
    "does"); an irregular past as its present ("gave" -> "gives"); a form already inflected
    by the text ("weighed", "turned") as it is."""
    word = verb.lower()
    if word in _IRREGULAR_PAST:
        return _IRREGULAR_PAST[word]
    if word.endswith(("ed", "es")) or (word.endswith("s") and not word.endswith("ss")):
        return verb
    if word.endswith(("ss", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"
