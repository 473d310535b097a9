"""Ages at a dated event (`DatedAge`), for the critic's sums of the years since:

- an age when something happened: "I was nine years old the year the Kestrel went down",
  "Hal Brandt had been nine the winter the Merlin went down", "Tomas was fifteen when Mara was
  born" (form "event": the event as written, the name whose birth it is, whether a ship went
  down);
- an age then and the years since: "thirty years ... since I came to it a young fellow of
  two-and-twenty" (form "since");

and the events a sentence dates by the years before (`DatedEvent`, `extract_dated_events`):
"lost at sea eleven years before, when his ship went down", which a later chapter's age at the
same event is summed with.

Whose age it is stays as written (a name, "I", "he", "she") with its offset, for the critic to
bind as the extractor resolved it; in speech the quotation's speaker as written, and for a
"he"/"she" speaker the names of each paragraph before (the one man or woman they name). Only
the text is read (no parse); the plain ages are canon facts (`canon_ages`).
"""

from __future__ import annotations

import re

from continuum.language.ages import NUMBER, UNITS
from continuum.language.names import SHORT_NAME
from continuum.language.numbers import parse_number
from continuum.language.prose import Speech, in_speech, paragraphs, sentences, speeches
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import DatedAge, DatedEvent, Evidence

_WHO = rf"(?P<who>{SHORT_NAME}|\b(?:I|[Hh]e|[Ss]he)\b)"
_YEARS = rf"(?:{NUMBER}|{UNITS})\b"
WRECK = r"(?:went\s+down|sank|foundered|was\s+wrecked|was\s+lost|were\s+lost|wreck(?:ed)?)"
_WHEN = r"(?:(?:in\s+)?the\s+(?:very\s+)?(?:year|winter|summer|spring|autumn)(?:\s+that)?|when)"
# "I was nine years old the year the Kestrel went down", "Tomas was fifteen when Mara was born"
_EVENT = re.compile(
    rf"{_WHO}\s+(?:was|were|had\s+been)\s+(?:only\s+|just\s+)?(?P<age>{_YEARS})(?:\s+years?\s+old)?,?\s+{_WHEN}\s+"
    rf"(?P<event>[^.;!?\"”]{{3,80}}?\b(?:{WRECK}|was\s+born)\b)")
# "thirty years ... since I came to it a young fellow of two-and-twenty": an age then plus
# the years since is the age now.
_SINCE = re.compile(
    rf"\b(?P<years>{_YEARS})\s+years\b[^.;!?\"”]{{0,80}}?\bsince\s+{_WHO}\s+(?:first\s+)?"
    rf"(?:came|started|began|took|joined|went|was\s+(?:made|taken|bound|apprenticed|appointed))\b"
    rf"[^.;!?\"”]{{0,60}}?\b(?:of|at|aged)\s+(?:only\s+|just\s+)?(?P<age>{_YEARS})(?!\s+(?:years|shillings|pounds))")
# How a sentence dates an event: "eleven years before", "five years ago".
_DATED = re.compile(rf"\b(?P<n>(?:{NUMBER}|{UNITS})\b)\s+years\s+(?:before|ago|earlier)\b", re.IGNORECASE)
_BORN = re.compile(rf"^(?P<name>{SHORT_NAME})\s+was\s+born$")
_NAMED = re.compile(rf"\b{SHORT_NAME}")
LOOK_BACK = 2000  # characters before a "he"/"she" speaker in which to look for the one named


def extract_dated_ages(view: ChapterView) -> list[DatedAge]:
    """The chapter's ages at a dated event, the "event" forms first, in text order."""
    return dated_ages(view.text)


def dated_ages(text: str) -> list[DatedAge]:
    """Every age at a dated event a text states (see the module's docstring)."""
    spans = sentences(text)
    if not any(_EVENT.search(s.text) or _SINCE.search(s.text) for s in spans):
        return []
    talk = speeches(text)
    out: list[DatedAge] = []
    for form, pattern in (("event", _EVENT), ("since", _SINCE)):
        for sentence in spans:
            for m in pattern.finditer(sentence.text):
                age = parse_number(m.group("age").replace("-", " "))
                if age is None:
                    continue
                at = sentence.start + m.start("who")
                start, end = sentence.start + m.start(), sentence.start + m.end()
                fields: dict[str, object] = {}
                if form == "event":
                    event = m.group("event").strip()
                    born = _BORN.match(event)
                    fields = {"event": event, "born": born.group("name") if born else None,
                              "wreck": re.search(WRECK, event) is not None}
                else:
                    years = parse_number(m.group("years").replace("-", " "))
                    if years is None:
                        continue
                    fields = {"years": years}
                out.append(DatedAge(
                    form=form, who=m.group("who"), who_start=at, age=age,  # type: ignore[arg-type]
                    **_speaker(text, talk, m.group("who"), at), **fields,  # type: ignore[arg-type]
                    sentence_start=sentence.start, sentence_end=sentence.end,
                    evidence=Evidence(start=start, end=end, quote=text[start:end],
                                      rule=f"canon.age_{form}", confidence=0.6)))
    return out


def _speaker(text: str, talk: list[Speech], who: str, at: int) -> dict[str, object]:
    """Whether the age is said in speech, and for an "I" in speech the quotation's speaker as
    written; for a "he"/"she" speaker the names of each paragraph before it, nearest first."""
    speech = in_speech(talk, at)
    if speech is None:
        return {}
    if who != "I" or not speech.speaker:
        return {"spoken": True}
    named: list[list[str]] = []
    if speech.speaker.lower() in ("he", "she") and speech.speaker_at:
        named = [[m.group() for m in _NAMED.finditer(text, p.start, min(p.end, speech.speaker_at))]
                 for p in reversed([p for p in paragraphs(text) if speech.speaker_at - LOOK_BACK <=
                                    p.start < speech.speaker_at])]
    return {"spoken": True, "speaker": speech.speaker, "speaker_start": speech.speaker_at,
            "names_before": named}


def extract_dated_events(view: ChapterView) -> list[DatedEvent]:
    """The chapter's events dated by the years before, in text order."""
    return dated_events(view.text)


def dated_events(text: str) -> list[DatedEvent]:
    """Each distance in years a sentence puts an event at ("eleven years before"), with the
    sentence's words of a wreck, if any."""
    if not _DATED.search(text):
        return []
    out: list[DatedEvent] = []
    for sentence in sentences(text):
        wreck = None
        for m in _DATED.finditer(sentence.text):
            years = parse_number(m.group("n").replace("-", " "))
            if years is None:
                continue
            if wreck is None:
                found = re.search(WRECK, sentence.text, re.IGNORECASE)
                wreck = found.group() if found is not None else ""
            out.append(DatedEvent(years=years, wreck=wreck or None, start=sentence.start,
                                  quote=sentence.text))
    return out
