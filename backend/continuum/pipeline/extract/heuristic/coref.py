"""Pronoun resolution: he/she to the most salient compatible entity, "I" in quotes to the speaker.

A salience list of recent mentions (names and already-resolved pronouns) is scanned
backwards; candidates must agree in gender, may not be a co-argument of the pronoun
(Darcy saw him), and are scored by sentence distance, subjecthood and whether both sit
in the same stretch of narration or speech. Quotations are attributed to a speaker
through the dependency parse of the tag ("...," said Elizabeth / she replied) and
continued quotes of the same paragraph keep their speaker.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from continuum.pipeline.extract.heuristic.document import ResolvedMention

THIRD_PERSON = {
    **dict.fromkeys(("he", "him", "his", "himself"), "male"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "female"),
}
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
SPEECH_VERBS = frozenset(
    """say cry reply answer ask exclaim return continue observe add repeat rejoin remark
    whisper shout murmur call mutter inquire enquire begin resume retort interrupt
    declare demand insist protest explain plead roar growl snap gasp stammer falter urge
    agree admit venture persist echo groan sigh laugh sob scream yell sneer think
    respond respond reason argue suggest""".split()
)
_SUBJECT = frozenset({"nsubj", "nsubjpass"})
_OBJECT = frozenset({"dobj", "pobj", "iobj", "dative", "attr"})
_WINDOW_SENTENCES = 4
_WINDOW_ANCHORS = 40
_PARAGRAPH = re.compile(r"\n[ \t]*\n")


@dataclass(frozen=True)
class Anchor:
    """A mention on the salience list."""

    key: str
    tok: int
    sent: int
    subject: bool
    quote: int


@dataclass(frozen=True)
class KeyedSpan:
    """A name mention already bound to an entity: its token span and key."""

    tok_start: int
    tok_end: int
    key: str


def quote_regions(text: str) -> list[tuple[int, int]]:
    """[start, end) character ranges of quoted speech, quote marks included."""
    doubles = text.count("\u201c") + text.count('"')
    singles = len(re.findall(r"(?:^|(?<=[\s(—–-]))\u2018", text))
    if doubles >= 2 or singles < 2:
        opens, closes, straight = "\u201c", "\u201d", '"'
    else:
        opens, closes, straight = "\u2018", "\u2019", ""
    regions: list[tuple[int, int]] = []
    start: int | None = None
    for m in re.finditer(r"\n[ \t]*\n|[\u201c\u201d\u2018\u2019\"]", text):
        ch = m.group()
        if ch.startswith("\n"):
            if start is not None:
                regions.append((start, m.start()))
                start = None
            continue
        if ch == opens or (ch == straight and start is None):
            if start is not None:
                regions.append((start, m.start()))
            start = m.start()
        elif (ch == closes or ch == straight) and start is not None:
            if ch == "\u2019" and _is_apostrophe(text, m.start()):
                continue
            regions.append((start, m.end()))
            start = None
    if start is not None:
        regions.append((start, len(text)))
    return regions


def _is_apostrophe(text: str, i: int) -> bool:
    return i + 1 < len(text) and text[i + 1].isalpha()


def token_quote_ids(doc: Any, regions: Sequence[tuple[int, int]]) -> list[int]:
    """For each token, 0 in narration or 1 + the index of the quote region it sits in."""
    out = [0] * len(doc)
    starts = [a for a, _ in regions]
    for tok in doc:
        k = bisect.bisect_right(starts, tok.idx) - 1
        if k >= 0 and tok.idx < regions[k][1]:
            out[tok.i] = k + 1
    return out


def token_sentence_ids(doc: Any, sentences: Sequence[tuple[int, int]]) -> list[int]:
    """For each token, the index of the literary sentence it starts in."""
    starts = [a for a, _ in sentences]
    return [max(0, bisect.bisect_right(starts, tok.idx) - 1) for tok in doc]


def _head_token(doc: Any, start: int, end: int) -> Any:
    for i in range(end - 1, start - 1, -1):
        head = doc[i].head.i
        if head < start or head >= end or head == i:
            return doc[i]
    return doc[end - 1]


def is_pronoun(tok: Any) -> bool:
    return tok.tag_ in {"PRP", "PRP$"} or tok.pos_ == "PRON"


def pronoun_gender_votes(
    doc: Any, spans: Sequence[tuple[int, int]], sent_ids: list[int], quote_ids: list[int]
) -> list[str | None]:
    """For each subject name span, the gender of the next subject/possessive he/she after it."""
    votes: list[str | None] = []
    starts = [s for s, _ in spans]
    n = len(doc)
    for idx, (start, end) in enumerate(spans):
        limit = starts[idx + 1] if idx + 1 < len(starts) else n
        found: str | None = None
        if _head_token(doc, start, end).dep_ not in _SUBJECT:
            votes.append(None)
            continue
        i = end
        while i < limit and sent_ids[i] == sent_ids[end - 1]:
            tok = doc[i]
            gender = THIRD_PERSON.get(tok.lower_)
            if gender and quote_ids[i] == quote_ids[end - 1] and tok.dep_ in {"nsubj", "poss"}:
                found = gender
                break
            i += 1
        votes.append(found)
    return votes


def resolve_pronouns(
    doc: Any,
    names: Sequence[KeyedSpan],
    genders: dict[str, str],
    sent_ids: list[int],
    quote_ids: list[int],
) -> list[ResolvedMention]:
    """Resolve he/she pronouns, then "I/me/my" inside attributed quotations."""
    text = doc.text
    by_start = {n.tok_start: n for n in names}
    anchors: list[Anchor] = []
    out: list[ResolvedMention] = []
    resolved_at: dict[int, str] = {}
    name_at: dict[int, str] = {}
    i, n = 0, len(doc)
    while i < n:
        span = by_start.get(i)
        if span is not None:
            head = _head_token(doc, span.tok_start, span.tok_end)
            for j in range(span.tok_start, span.tok_end):
                name_at[j] = span.key
            anchors.append(
                Anchor(span.key, head.i, sent_ids[i], head.dep_ in _SUBJECT, quote_ids[i])
            )
            i = span.tok_end
            continue
        tok = doc[i]
        gender = THIRD_PERSON.get(tok.lower_)
        if gender and is_pronoun(tok):
            key = _choose(doc, tok, gender, anchors, genders, sent_ids, quote_ids)
            if key is not None:
                resolved_at[i] = key
                out.append(ResolvedMention(tok.idx, tok.idx + len(tok), tok.text, key, "pronoun"))
                anchors.append(
                    Anchor(key, i, sent_ids[i], tok.dep_ in _SUBJECT, quote_ids[i])
                )
        i += 1
    out += _first_person(doc, text, quote_ids, name_at, resolved_at)
    out.sort(key=lambda m: m.start)
    return out


def _choose(
    doc: Any,
    tok: Any,
    gender: str,
    anchors: list[Anchor],
    genders: dict[str, str],
    sent_ids: list[int],
    quote_ids: list[int],
) -> str | None:
    """The best antecedent entity for a third-person pronoun, or None."""
    sent, quote = sent_ids[tok.i], quote_ids[tok.i]
    reflexive = tok.lower_.endswith("self")
    verb = tok.head
    best: tuple[float, str] | None = None
    seen: set[str] = set()
    for rank, a in enumerate(reversed(anchors)):
        if rank >= _WINDOW_ANCHORS or sent - a.sent > _WINDOW_SENTENCES:
            break
        if a.key in seen:
            continue
        seen.add(a.key)
        entity_gender = genders.get(a.key, "unknown")
        if entity_gender not in {gender, "unknown"}:
            continue
        anchor_tok = doc[a.tok]
        if (
            not reflexive
            and tok.dep_ in _OBJECT | {"nsubj"}
            and anchor_tok.head.i == verb.i
            and a.sent == sent
        ):
            continue  # co-arguments of one verb are not coreferent ("Darcy saw him")
        score = -1.0 * (sent - a.sent) - 0.02 * rank
        if a.subject:
            score += 0.6
        if (a.quote == 0) == (quote == 0):
            score += 0.5
        if a.quote and a.quote == quote:
            score += 0.3
        if entity_gender == "unknown":
            score -= 1.2
        if best is None or score > best[0]:
            best = (score, a.key)
    return best[1] if best else None


def _speaker_of(doc: Any, verb: Any, name_at: dict[int, str], resolved: dict[int, str]) -> str | None:
    for child in verb.children:
        if child.dep_ in _SUBJECT:
            return name_at.get(child.i) or resolved.get(child.i)
    return None


def _attribute(
    doc: Any, a: int, b: int, quote_ids: list[int], name_at: dict[int, str],
    resolved: dict[int, str],
) -> str | None:
    """The speaker named by a speech verb in tokens [a, b) outside quotes, if any."""
    for j in range(max(a, 0), min(b, len(doc))):
        tok = doc[j]
        if quote_ids[j] == 0 and tok.lemma_ in SPEECH_VERBS and tok.pos_ in {"VERB", "AUX"}:
            speaker = _speaker_of(doc, tok, name_at, resolved)
            if speaker:
                return speaker
    return None


def _first_person(
    doc: Any, text: str, quote_ids: list[int], name_at: dict[int, str],
    resolved: dict[int, str],
) -> list[ResolvedMention]:
    """Resolve first-person pronouns inside quotations to the quote's speaker."""
    spans: dict[int, list[int]] = {}
    for tok in doc:
        q = quote_ids[tok.i]
        if q:
            spans.setdefault(q, []).append(tok.i)
    out: list[ResolvedMention] = []
    previous: tuple[int, str | None] = (-1, None)
    for q in sorted(spans):
        toks = spans[q]
        first, last = toks[0], toks[-1]
        speaker = _attribute(doc, last + 1, last + 10, quote_ids, name_at, resolved)
        if speaker is None:
            speaker = _attribute(doc, first - 12, first, quote_ids, name_at, resolved)
        prev_end, prev_speaker = previous
        if speaker is None and prev_speaker and prev_end >= 0:
            gap = text[doc[prev_end].idx : doc[first].idx]
            if not _PARAGRAPH.search(gap) and len(gap) < 200:
                speaker = prev_speaker
        previous = (last, speaker)
        if speaker is None:
            continue
        for j in toks:
            tok = doc[j]
            if tok.lower_ in FIRST_PERSON and is_pronoun(tok):
                out.append(ResolvedMention(tok.idx, tok.idx + len(tok), tok.text, speaker, "pronoun"))
    return out
