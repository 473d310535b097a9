"""What every rule pass reads: the analyzed chapter plus per-token lookups built once.

`ChapterView.build` walks the mentions, sentences and paragraphs once, so a pass can ask
"which entity is this token", "is it inside a quotation", "which sentence is it in" in
constant time and never re-parses anything.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from continuum.pipeline.extract.heuristic.document import AnalyzedChapter, ResolvedMention
from continuum.pipeline.extract.heuristic.gates import AssertionGate, Verdict
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import Evidence

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n")
_BRACKETS = re.compile(r"[\[\]]")
LOCATION_ENTS = frozenset({"GPE", "LOC", "FAC"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
OBJECT_DEPS = frozenset({"dobj", "obj"})
RELATIVE_PRONOUNS = frozenset({"who", "that", "which", "whom"})
HONORIFICS = frozenset({"mr", "mrs", "miss", "ms", "master", "mr.", "mrs.", "ms."})
NP_MODIFIERS = frozenset({"amod", "compound", "nummod", "nmod", "quantmod"})


@dataclass
class ChapterView:
    """The analyzed chapter with constant-time lookups by token index."""

    chapter: AnalyzedChapter
    context: StoryContext
    gate: AssertionGate
    token_key: list[str | None]
    token_kind: list[str | None]
    token_sent: list[int]
    token_para: list[int]
    paragraphs: list[tuple[int, int]]
    markup: list[bool]
    types: dict[str, str] = field(default_factory=dict)
    _mentions: list[ResolvedMention] = field(default_factory=list)
    _mention_starts: list[int] = field(default_factory=list)
    _token_starts: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._mentions = sorted(self.chapter.mentions, key=lambda m: (m.start, m.end))
        self._mention_starts = [m.start for m in self._mentions]
        self._token_starts = [t.idx for t in self.chapter.doc]

    @classmethod
    def build(cls, chapter: AnalyzedChapter, context: StoryContext) -> ChapterView:
        doc = chapter.doc
        if doc.text != chapter.text:
            raise ValueError("the analyzed Doc does not cover the chapter text exactly")
        n = len(doc)
        token_key: list[str | None] = [None] * n
        token_kind: list[str | None] = [None] * n
        mentions = sorted(chapter.mentions, key=lambda m: (m.start, m.end))
        j = 0
        for tok in doc:
            start, end = tok.idx, tok.idx + len(tok.text)
            while j < len(mentions) and mentions[j].end <= start:
                j += 1
            k = j
            while k < len(mentions) and mentions[k].start < end:
                if mentions[k].end > start:
                    token_key[tok.i] = mentions[k].entity_key
                    token_kind[tok.i] = mentions[k].kind
                    break
                k += 1
        paragraphs = paragraph_spans(chapter.text)
        types: dict[str, str] = {}
        for known in context.entities:
            types[known.name] = known.type
            for alias in known.aliases:
                types.setdefault(alias, known.type)
        for key, item in chapter.entities.items():
            types[key] = item.type
            types.setdefault(item.name, item.type)
        return cls(
            chapter=chapter,
            context=context,
            gate=AssertionGate(doc),
            token_key=token_key,
            token_kind=token_kind,
            token_sent=_assign(doc, chapter.sentences),
            token_para=_assign(doc, paragraphs),
            paragraphs=paragraphs,
            markup=_bracketed(doc, chapter.text),
            types=types,
        )

    @property
    def text(self) -> str:
        return self.chapter.text

    @property
    def doc(self) -> Any:
        return self.chapter.doc

    # --- who is this token ------------------------------------------------------------

    def key(self, tok: Any) -> str | None:
        """The entity a token refers to (name, alias or resolved pronoun), if any."""
        return self.token_key[tok.i]

    def type_of(self, key: str | None) -> str | None:
        return self.types.get(key) if key else None

    def is_character(self, key: str | None) -> bool:
        return self.type_of(key) == "character"

    def character(self, tok: Any) -> str | None:
        """The character a noun-phrase head refers to, looking through relative pronouns."""
        if tok.lower_ in RELATIVE_PRONOUNS and tok.head.dep_ == "relcl":
            tok = tok.head.head
        key = self.key(tok)
        return key if self.is_character(key) else None

    def characters(self, tok: Any) -> list[str]:
        """The character of a noun-phrase head, as a list (empty when it is none)."""
        key = self.character(tok)
        return [key] if key else []

    def location(self, tok: Any) -> str | None:
        """A place named by this token: a location entity, a place entity, or a proper name."""
        key = self.key(tok)
        kind = self.type_of(key)
        if key and kind == "location":
            return key
        if key and kind == "character":
            return None
        if tok.ent_type_ in LOCATION_ENTS or (tok.pos_ == "PROPN" and tok.text[:1].isupper()):
            return self.proper_name(tok)
        return None

    def proper_name(self, tok: Any) -> str:
        """A name written around its head token: compounds and flat parts, no article."""
        if tok.ent_type_ and tok.ent_iob_ in {"B", "I"}:
            doc = tok.doc
            first = tok.i
            while first > 0 and doc[first].ent_iob_ == "I":
                first -= 1
            last = tok.i
            while last + 1 < len(doc) and doc[last + 1].ent_iob_ == "I":
                last += 1
            while first < last and doc[first].lower_ == "the":
                first += 1
            return self.text[doc[first].idx : doc[last].idx + len(doc[last].text)]
        left = tok
        for child in tok.lefts:
            if child.dep_ in {"compound", "flat"} and child.text[:1].isupper():
                left = child
                break
        return self.text[left.idx : tok.idx + len(tok.text)]

    def name_of(self, tok: Any) -> str | None:
        """Entity key, else a proper name; None for common nouns and pronouns."""
        key = self.key(tok)
        if key:
            return key
        if tok.pos_ == "PROPN":
            return self.proper_name(tok)
        return None

    # --- clause structure -----------------------------------------------------------

    def subjects(self, verb: Any, depth: int = 0) -> list[Any]:
        """Subject heads of a verb, inherited through conjunction, control and participles."""
        subs = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
        if not subs:  # the parser sometimes hangs the subject on the auxiliary
            subs = [g for c in verb.children if c.dep_ in {"aux", "auxpass"}
                    for g in c.children if g.dep_ in SUBJECT_DEPS]
        if not subs and depth < 6 and verb.head is not verb:
            dep = verb.dep_
            if dep in {"acomp", "attr", "oprd"}:
                return self.subjects(verb.head, depth + 1)
            if dep == "xcomp":
                controller = next((c for c in verb.head.children if c.dep_ in OBJECT_DEPS), None)
                if controller is not None and self.character(controller):
                    return [controller]
            if dep in {"conj", "xcomp"} or (dep == "advcl" and verb.tag_ in {"VBG", "VBN"}):
                return self.subjects(verb.head, depth + 1)
            if dep in {"relcl", "acl"}:
                return [verb.head]
        heads: list[Any] = []
        for s in subs:
            if s.lower_ in RELATIVE_PRONOUNS and verb.dep_ == "relcl":
                s = verb.head
            heads.extend([s, *[c for c in s.conjuncts if c.i > s.i]])
        return heads

    def is_passive(self, verb: Any) -> bool:
        return any(c.dep_ in {"nsubjpass", "auxpass"} for c in verb.children)

    def agent(self, verb: Any) -> Any | None:
        """The noun of a passive "by" phrase."""
        for child in verb.children:
            if child.dep_ == "agent":
                return next((g for g in child.children if g.dep_ == "pobj"), None)
        return None

    def objects(self, verb: Any) -> list[Any]:
        objs = [c for c in verb.children if c.dep_ in OBJECT_DEPS]
        return [t for o in objs for t in (o, *[c for c in o.conjuncts if c.i > o.i])]

    def preps(self, verb: Any) -> list[tuple[str, Any]]:
        """(preposition, noun) pairs hanging on a verb, including its particle's."""
        pairs: list[tuple[str, Any]] = []
        for child in verb.children:
            if child.dep_ in {"prep", "dative", "agent"}:
                for pobj in child.children:
                    if pobj.dep_ == "pobj":
                        pairs.append((child.lower_, pobj))
                        pairs.extend((child.lower_, c) for c in pobj.conjuncts if c.i > pobj.i)
                    elif pobj.dep_ == "prep":
                        inner = next((g for g in pobj.children if g.dep_ == "pobj"), None)
                        if inner is not None:
                            pairs.append((f"{child.lower_} {pobj.lower_}", inner))
        return pairs

    def particle(self, verb: Any) -> str:
        return " ".join(c.lower_ for c in verb.children if c.dep_ == "prt")

    def verdict(self, verb: Any) -> Verdict:
        return self.gate.check(verb)

    def characters_between(self, start: int, end: int, outside_quotes: bool = False) -> list[str]:
        """Characters mentioned inside [start, end), in order of first mention."""
        mentions = self._mentions
        starts = self._mention_starts
        names: list[str] = []
        for index in range(bisect_left(starts, start), len(mentions)):
            m = mentions[index]
            if m.start >= end:
                break
            if m.end > end or not self.is_character(m.entity_key) or m.entity_key in names:
                continue
            if outside_quotes and self.char_in_quote(m.start):
                continue
            names.append(m.entity_key)
        return names

    def char_in_quote(self, offset: int) -> bool:
        """Whether the token at a character offset is inside quotation marks."""
        index = bisect_left(self._token_starts, offset + 1) - 1
        return index >= 0 and self.gate.in_quote[index]

    def in_quote(self, tok: Any) -> bool:
        return self.gate.in_quote[tok.i]

    def is_markup(self, tok: Any) -> bool:
        """Inside square brackets: an illustration caption or editorial note, not story."""
        return self.markup[tok.i]

    # --- noun phrases ---------------------------------------------------------------

    def noun_phrase(self, tok: Any) -> tuple[str, str]:
        """(compact surface, normalized lemma key) of a noun phrase: "the old key" → ("old
        key", "key"); the key keeps compounds ("sea chest") but not adjectives."""
        mods = [c for c in tok.lefts if c.dep_ in NP_MODIFIERS]
        words = [*mods, tok]
        surface = " ".join(w.text for w in words)
        key_words = [w.lemma_.lower() for w in words if w.dep_ in {"compound", "nmod"} or w is tok]
        return surface, " ".join(key_words)

    def phrase_text(self, tok: Any) -> str:
        """The exact text of a token's subtree, without trailing punctuation."""
        start, end = self.extent(tok)
        return self.text[start:end]

    # --- positions and evidence -----------------------------------------------------

    def extent(self, tok: Any) -> tuple[int, int]:
        """Character span of a token's subtree, trimmed of edge punctuation."""
        tokens = [t for t in tok.subtree if not t.is_space]
        while len(tokens) > 1 and tokens[-1].is_punct:
            tokens.pop()
        while len(tokens) > 1 and tokens[0].is_punct:
            tokens.pop(0)
        if not tokens:
            return tok.idx, tok.idx + len(tok.text)
        return tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)

    def span_of(self, tokens: Iterable[Any], subtrees: Iterable[Any] = ()) -> tuple[int, int]:
        """The smallest span covering some tokens and the subtrees of others."""
        starts: list[int] = []
        ends: list[int] = []
        for t in tokens:
            first, last = t, t
            for child in t.children:
                if child.dep_ in {"compound", "flat"} and child.i < first.i:
                    first = child
                elif child.dep_ == "case" and child.i > last.i:
                    last = child
            starts.append(first.idx)
            ends.append(last.idx + len(last.text))
        for t in subtrees:
            s, e = self.extent(t)
            starts.append(s)
            ends.append(e)
        return min(starts), max(ends)

    def evidence(self, start: int, end: int, rule: str, confidence: float) -> Evidence:
        """Evidence whose quote is exactly text[start:end] (whitespace trimmed)."""
        text = self.text
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        return Evidence(start=start, end=end, quote=text[start:end], rule=rule,
                        confidence=round(max(0.0, min(1.0, confidence)), 3))

    def clause_evidence(
        self, verb: Any, parts: Iterable[Any], rule: str, confidence: float
    ) -> Evidence:
        """Evidence spanning a verb and the subtrees of its participants, within its sentence."""
        start, end = self.span_of([verb], parts)
        s_start, s_end = self.sentence_span(verb)
        if s_start <= verb.idx < s_end:
            start, end = max(start, s_start), min(end, s_end)
        return self.evidence(start, end, rule, confidence * self.verdict(verb).factor)

    def sentence_span(self, tok: Any) -> tuple[int, int]:
        index = self.token_sent[tok.i]
        if 0 <= index < len(self.chapter.sentences):
            return self.chapter.sentences[index]
        sent = tok.sent
        return sent.start_char, sent.end_char

    def sentence_tokens(self, index: int) -> Any:
        """The Doc tokens of literary sentence `index`."""
        start, end = self.chapter.sentences[index]
        span = self.doc.char_span(start, end, alignment_mode="expand")
        return span if span is not None else []


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """Non-blank blocks separated by blank lines, as (start, end) offsets."""
    spans: list[tuple[int, int]] = []
    start = 0
    for brk in _PARAGRAPH_BREAK.finditer(text):
        if text[start : brk.start()].strip():
            spans.append((start, brk.start()))
        start = brk.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def _assign(doc: Any, spans: list[tuple[int, int]]) -> list[int]:
    """For each token, the index of the span containing it (or the last one before it)."""
    ordered = sorted(range(len(spans)), key=lambda i: spans[i])
    out = [-1] * len(doc)
    j = -1
    for tok in doc:
        while j + 1 < len(ordered) and spans[ordered[j + 1]][0] <= tok.idx:
            j += 1
        out[tok.i] = ordered[j] if j >= 0 else -1
    return out


def _bracketed(doc: Any, text: str) -> list[bool]:
    """Per token: inside [ … ] (nesting allowed; a bracket never closed masks nothing)."""
    intervals: list[tuple[int, int]] = []
    depth = 0
    opened = 0
    for match in _BRACKETS.finditer(text):
        mark = match.group()
        if mark == "[":
            if depth == 0:
                opened = match.start()
            depth += 1
        elif mark == "]" and depth:
            depth -= 1
            if depth == 0:
                intervals.append((opened, match.end()))
    out = [False] * len(doc)
    j = 0
    for tok in doc:
        while j < len(intervals) and intervals[j][1] <= tok.idx:
            j += 1
        out[tok.i] = j < len(intervals) and intervals[j][0] <= tok.idx
    return out
