"""multi_granularity_summaries and chapter_summary: extractive, from scored sentences.

A sentence scores for its position (opening and closing lines), the characters it names,
the events found in it and a readable length; mostly-dialogue sentences and editorial
matter ("[Illustration: …]") score low. Short = the best sentence, medium = the best
three, long = the best eight, each in text order. The chapter summary is the medium one.
"""

from __future__ import annotations

from bisect import bisect_right

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import EventItem, Summaries

SIZES = {"short": 1, "medium": 3, "long": 8}


def extract_summaries(view: ChapterView, events: list[EventItem] | None = None) -> Summaries:
    """Short, medium and long extractive summaries of the chapter."""
    scores = score_sentences(view, events or [])
    ranked = sorted(scores, key=lambda i: (-scores[i], i))
    texts = {}
    for name, size in SIZES.items():
        chosen = sorted(ranked[:size])
        texts[name] = " ".join(_clean(view, i) for i in chosen)
    return Summaries(**texts)


def score_sentences(view: ChapterView, events: list[EventItem]) -> dict[int, float]:
    """Score per usable literary sentence index."""
    sentences = view.chapter.sentences
    if not sentences:
        return {}
    starts = [s for s, _ in sentences]
    words = [0] * len(sentences)
    quoted = [0] * len(sentences)
    markup = [False] * len(sentences)
    for tok in view.tokens:
        sent = view.token_sent[tok.i]
        if sent < 0:
            continue
        if view.is_markup(tok):
            markup[sent] = True
        if tok.is_alpha:
            words[sent] += 1
            if view.in_quote(tok):
                quoted[sent] += 1
    named = [0] * len(sentences)
    for m in view.chapter.mentions:
        if m.kind == "name" and view.is_character(m.entity_key):
            index = bisect_right(starts, m.start) - 1
            if index >= 0:
                named[index] += 1
    eventful = [0.0] * len(sentences)
    for ev in events:
        index = bisect_right(starts, ev.evidence.start) - 1
        if index >= 0:
            eventful[index] += 0.2 + 0.3 * ev.impact
    scores: dict[int, float] = {}
    last = len(sentences) - 1
    usable = [i for i in range(len(sentences)) if not markup[i] and words[i] >= 4]
    for i in usable:
        start, end = sentences[i]
        text = view.text[start:end]
        if "[" in text or "]" in text:
            continue
        score = 0.0
        if i == usable[0]:
            score += 1.0
        elif i < max(3, len(sentences) // 10):
            score += 0.4
        if i == last:
            score += 0.3
        n = words[i]
        if 10 <= n <= 45:
            score += 0.5
        elif n < 6:
            score -= 0.8
        elif n > 70:
            score -= 0.6
        if quoted[i] > n / 2:
            score -= 0.7
        score += min(1.2, 0.4 * named[i])
        score += min(1.0, eventful[i])
        scores[i] = score
    return scores


def _clean(view: ChapterView, index: int) -> str:
    start, end = view.chapter.sentences[index]
    return " ".join(view.text[start:end].split())
