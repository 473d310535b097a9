"""scene_segmentation: scenes (from the segmenter) with cast, POV, place, time and summary.

Per scene: `present` = characters referred to outside quotation marks (people only talked
about in dialogue are not there); POV = the character most often subject in the narration,
or, for a first-person narration, the character the narrator's "I" resolves to (else
None); location = the most frequent place named in the narration, else where someone
moved to; time anchor = the first time phrase of the narration ("the next morning",
"three days later", "on Monday", dates); summary = the first narrated sentence with a
character as subject.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from continuum.language.grammar import WEEKDAYS
from continuum.language.pronouns import FIRST_PERSON_SINGULAR
from continuum.pipeline.extract.heuristic.passes.common import LOCATION_ENTS, ChapterView
from continuum.pipeline.extract.schema import SceneItem, StateDelta
from continuum.pipeline.segment.scenes import split_scenes

_DAYS = "|".join(sorted(WEEKDAYS))
_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|"
           "december")
_PARTS = "morning|afternoon|evening|night|day|week|month|year|fortnight"
_COUNT = (r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
          r"twenty|thirty|a few|several|some|many|\d+)")
TIME_PATTERNS = re.compile(
    "|".join([
        rf"\b(?:the\s+)?(?:next|following|previous|preceding)\s+(?:{_PARTS})\b",
        rf"\b(?:that|this|the same|one|the)\s+(?:{_PARTS})(?:\s+(?:before|after))?\b",
        rf"\b{_COUNT}\s+(?:days?|weeks?|months?|years?|hours?|fortnights?)\s+"
        r"(?:later|afterwards|after|before|ago|since)\b",
        rf"\b(?:on|by|last|next)\s+(?:{_DAYS})\b",
        rf"\b(?:{_DAYS})\s+(?:morning|afternoon|evening|night)\b",
        r"\bat\s+(?:dawn|daybreak|sunrise|noon|midday|midnight|dusk|sunset|nightfall|"
        r"break of day)\b",
        rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})(?:,?\s+\d{{4}})?\b",
        rf"\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b",
        r"\bin\s+the\s+year\s+\d{3,4}\b",
        r"\b(?:at|before|after|by|on)\s+(?:michaelmas|christmas|easter|whitsuntide|midsummer|"
        r"lady-day|new year's day)\b",
        r"\b(?:early|late)\s+(?:in\s+the\s+)?(?:morning|afternoon|evening|night)\b",
    ]),
    re.IGNORECASE,
)
_SKIP_ANCHORS = frozenset({"the day", "the week", "the month", "the year", "the night"})
THIRD_PERSON = frozenset({"he", "she", "him", "her", "his", "himself", "herself"})
MOVES = frozenset({"moved_to", "arrived_at"})


def extract_scenes(view: ChapterView, deltas: list[StateDelta] | None = None) -> list[SceneItem]:
    """The chapter's scenes in order, each with cast, POV, location, time and summary."""
    scenes = []
    for index, span in enumerate(split_scenes(view.text)):
        tokens = view.tokens_between(span.start, span.end)
        present = view.characters_between(span.start, span.end, outside_quotes=True)
        if not present:
            present = view.characters_between(span.start, span.end)
        scenes.append(SceneItem(
            index=index,
            start=span.start,
            end=span.end,
            pov=_pov(view, tokens),
            location=_location(view, tokens, span.start, span.end, deltas or []),
            time_anchor=_time_anchor(view, span.start, span.end),
            present=present,
            summary=_summary(view, tokens),
        ))
    return scenes


def _pov(view: ChapterView, tokens: Any) -> str | None:
    """Third person: the most frequent narrated subject; first person: the narrator's name."""
    subjects: Counter[str] = Counter()
    narrator: Counter[str] = Counter()
    first = third = 0
    for tok in tokens:
        if view.in_quote(tok) or view.is_markup(tok):
            continue
        lower = tok.lower_
        if lower in FIRST_PERSON_SINGULAR:
            first += 1
            key = view.character(tok)
            if key:
                narrator[key] += 1
        elif lower in THIRD_PERSON:
            third += 1
        if tok.dep_ in {"nsubj", "nsubjpass"}:
            key = view.character(tok)
            if key:
                subjects[key] += 1
    if first >= 3 and first >= 0.5 * third:
        return narrator.most_common(1)[0][0] if narrator else None
    return subjects.most_common(1)[0][0] if subjects else None


def _location(
    view: ChapterView, tokens: Any, start: int, end: int, deltas: list[StateDelta]
) -> str | None:
    counts: Counter[str] = Counter()
    previous: str | None = None
    for tok in tokens:
        if view.in_quote(tok) or view.is_markup(tok):
            previous = None
            continue
        key = view.key(tok)
        name: str | None = None
        if key and view.type_of(key) == "location":
            name = key
        elif key is None and tok.ent_type_ in LOCATION_ENTS and tok.ent_iob_ == "B":
            name = view.proper_name(tok)
        if name and name != previous:
            counts[name] += 1
        previous = name
    if counts:
        return counts.most_common(1)[0][0]
    moves = [d for d in deltas if d.kind in MOVES and d.object
             and start <= d.evidence.start < end]
    return moves[-1].object if moves else None


def _time_anchor(view: ChapterView, start: int, end: int) -> str | None:
    for match in TIME_PATTERNS.finditer(view.text, start, end):
        phrase = " ".join(match.group().split())
        if phrase.lower() in _SKIP_ANCHORS or view.char_in_quote(match.start()):
            continue
        if view.char_is_markup(match.start()):
            continue
        return phrase
    return None


def _summary(view: ChapterView, tokens: Any) -> str:
    """The first narrated sentence whose subject is a character, trimmed."""
    fallback: int | None = None
    for tok in tokens:
        sent = view.token_sent[tok.i]
        if sent < 0 or view.is_markup(tok):
            continue
        if fallback is None and not view.in_quote(tok) and tok.is_alpha:
            fallback = sent
        if tok.dep_ in {"nsubj", "nsubjpass"} and not view.in_quote(tok) and view.character(tok):
            return _trim(view, sent)
    return _trim(view, fallback) if fallback is not None else ""


def _trim(view: ChapterView, sentence: int, limit: int = 240) -> str:
    start, end = view.chapter.sentences[sentence]
    text = " ".join(view.text[start:end].split())
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > 0 else limit].rstrip(",;:") + "…"
