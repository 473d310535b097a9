"""What every rule pass reads: the analyzed chapter plus per-token lookups built once.

`ChapterView.build` walks the mentions, sentences and paragraphs once, so a pass can ask
"which entity is this token", "is it inside a quotation", "which sentence is it in" in
constant time and never re-parses anything.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from continuum.language.grammar import EXCEPTING
from continuum.language.pronouns import PERSONAL_PRONOUNS
from continuum.pipeline.extract.heuristic.coref import OBJECT_DEPS, inverted_speaker
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter, ResolvedMention
from continuum.pipeline.extract.heuristic.gates import EVENT_PREPS, AssertionGate, Verdict
from continuum.pipeline.extract.heuristic.mentions import PLACE_LABELS
from continuum.pipeline.extract.heuristic.nlp import doc_text, reflow
from continuum.pipeline.extract.heuristic.passes.nominals import resolve_kin, resolve_spouses
from continuum.pipeline.extract.heuristic.passes.textmap import (
    assign_spans,
    bracketed,
    paragraph_spans,
)
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import Evidence

if TYPE_CHECKING:
    from continuum.pipeline.extract.heuristic.passes.households import Households

LOCATION_ENTS = PLACE_LABELS  # spaCy's labels of places, the mention finder's
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
RELATIVE_PRONOUNS = frozenset({"who", "that", "which", "whom"})
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
    _sentence_starts: list[int] = field(default_factory=list)
    _paragraph_starts: list[int] = field(default_factory=list)
    _known: dict[str, KnownEntity] = field(default_factory=dict)
    _place_heads: dict[str, str | None] | None = None
    inferred_by: dict[int, str] = field(default_factory=dict)  # token index -> rule (`infer`)
    signed: set[int] = field(default_factory=set)  # a letter's "my", placed by its signature
    households: Households | None = None  # the families by surname (`passes/households`)
    tokens: list[Any] = field(default_factory=list)
    """The Doc's tokens, made once: a pass walks them, not the Doc, whose iteration makes every
    Token object afresh (the passes walk a chapter some forty times)."""

    def __post_init__(self) -> None:
        if not self._mentions:
            self._mentions = sorted(self.chapter.mentions, key=lambda m: (m.start, m.end))
        self._mention_starts = [m.start for m in self._mentions]
        self.tokens = list(self.chapter.doc)
        self._token_starts = [t.idx for t in self.tokens]
        self._sentence_starts = [s for s, _ in self.chapter.sentences]
        self._paragraph_starts = [s for s, _ in self.paragraphs]
        self._known = {e.name: e for e in self.context.entities}

    @classmethod
    def build(cls, chapter: AnalyzedChapter, context: StoryContext) -> ChapterView:
        doc = chapter.doc
        if doc_text(doc) != reflow(chapter.text):
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
                m = mentions[k]
                if m.end > start and not _implausible(m, chapter, context):
                    token_key[tok.i] = m.entity_key
                    token_kind[tok.i] = m.kind
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
        inferred = resolve_spouses(doc, token_key, token_kind, types)
        inferred += resolve_kin(doc, token_key, token_kind, types, [
            (r.source, r.type, r.target) for r in context.relationships])
        inferred = [replace(m, text=chapter.text[m.start:m.end]) for m in inferred]  # not reflowed
        view = cls(
            chapter=chapter,
            context=context,
            gate=AssertionGate(doc),
            token_key=token_key,
            token_kind=token_kind,
            token_sent=assign_spans(doc, chapter.sentences),
            token_para=assign_spans(doc, paragraphs),
            paragraphs=paragraphs,
            markup=bracketed(doc, chapter.text),
            types=types,
            _mentions=sorted([*chapter.mentions, *inferred], key=lambda m: (m.start, m.end)),
        )
        # Kin nouns the family's names settle read on the finished view (certainty rules
        # need it), then the pronouns only those nouns can be the antecedent of; imported
        # here, since those rules are passes built on this view.
        from continuum.pipeline.extract.heuristic.passes.households import resolve_household_kin
        from continuum.pipeline.extract.heuristic.passes.letters import resolve_letter_writers
        from continuum.pipeline.extract.heuristic.passes.nominal_antecedents import resolve_after_nominals

        resolve_letter_writers(view)
        view.households = resolve_household_kin(view)
        resolve_after_nominals(view)
        return view

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

    def gender_of(self, key: str | None) -> str | None:
        """An entity's gender: the analyzer's, the roster's, else its honorific's."""
        if not key:
            return None
        item = self.chapter.entities.get(key)
        if item is not None and item.gender != "unknown":
            return item.gender
        known = self._known.get(key)
        if known is not None and known.gender != "unknown":
            return known.gender
        first = key.split()[0].lower().rstrip(".")
        if first in {"mr", "sir", "lord", "master", "captain", "colonel", "squire"}:
            return "male"
        if first in {"mrs", "miss", "ms", "lady", "madam", "dame"}:
            return "female"
        return None

    def place_by_head(self, head: str) -> str | None:
        """The one named place whose name ends in this common noun: "the observatory" is the
        Halloran Observatory when the story names no other observatory (None when it names
        none or several)."""
        if self._place_heads is None:
            heads: dict[str, set[str]] = {}
            names = {k for k, t in self.types.items() if t == "location"}
            for name in names:
                parts = name.lower().split()
                if parts and parts[0] == "the":
                    parts = parts[1:]
                if len(parts) >= 2 and parts[-1].isalpha():
                    heads.setdefault(parts[-1], set()).add(self.place_of_name(name))
            self._place_heads = {h: next(iter(v)) if len(v) == 1 else None
                                 for h, v in heads.items()}
        return self._place_heads.get(head)

    def place_named_for(self, owner: str) -> str | None:
        """The one named place whose name is an owner's possessive and a noun: "Barnard's" is
        Barnard's Inn when the story knows that one place so named (None for none or several)."""
        prefix = owner.lower().replace("\u2019", "'") + "'s "
        found = {self.place_of_name(name) for name, kind in self.types.items() if kind == "location"
                 and name.lower().replace("\u2019", "'").startswith(prefix)}
        return next(iter(found)) if len(found) == 1 else None

    def place_of_name(self, name: str) -> str:
        """The location entity a location's name or alias belongs to."""
        canonical = {e.name for e in self.context.entities if e.type == "location"}
        canonical |= {k for k, e in self.chapter.entities.items() if e.type == "location"}
        if name in canonical:
            return name
        return next((c for c in canonical if self.types.get(c) == "location"
                     and name in self.aliases_of(c)), name)

    def known_entity(self, name: str) -> KnownEntity | None:
        """The story context's entry for an entity the story knew before this chapter."""
        return self._known.get(name)

    def aliases_of(self, name: str) -> list[str]:
        """Every other name the story and this chapter know the entity by."""
        known = self._known.get(name)
        item = self.chapter.entities.get(name)
        return [*(known.aliases if known else []), *(item.aliases if item else [])]

    def called_at(self, offset: int) -> bool:
        """Whether the name at `offset` is someone addressed inside a quotation: "My dear
        Mr. Bennet," / "Jane!" / "Now, Handel,"."""
        text = self.text
        before = text[max(0, offset - 12):offset].rstrip().lower()
        if not before.endswith(("\u201c", '"', "\u2018", "dear", ",", "oh", "o")):
            return False
        end = offset
        while end < len(text) and (text[end].isalnum() or text[end] in " .'\u2019-"):
            if text[end] == " " and end + 1 < len(text) and text[end + 1].islower():
                return False
            end += 1
        return end < len(text) and text[end] in ",!"

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
        # A subject across a quotation mark is a misparse: the "Pip" of '"Yes, dear old Pip,"'
        # is no subject of the next paragraph's '"…," cried Biddy'.
        quoted = self.in_quote(verb)
        subs = [c for c in verb.children if c.dep_ in SUBJECT_DEPS and self.in_quote(c) == quoted]
        if not subs:  # the parser sometimes hangs the subject on the auxiliary
            subs = [g for c in verb.children if c.dep_ in {"aux", "auxpass"}
                    for g in c.children if g.dep_ in SUBJECT_DEPS]
        if not subs and (speaker := inverted_speaker(verb)) is not None:
            subs = [speaker]
        if not subs and depth < 6 and verb.head != verb:
            dep = verb.dep_
            if dep in {"acomp", "attr", "oprd"}:
                return self.subjects(verb.head, depth + 1)
            if dep == "xcomp":
                controller = next((c for c in verb.head.children if c.dep_ in OBJECT_DEPS), None)
                if controller is not None and self.character(controller):
                    return [controller]
            if dep in {"conj", "xcomp"} or (dep == "advcl" and verb.tag_ in {"VBG", "VBN"}):
                return self.subjects(verb.head, depth + 1)
            if dep == "pcomp" and verb.tag_ == "VBG" and verb.head.lower_ in EVENT_PREPS \
                    and verb.head.head != verb.head:  # "Emma, on reaching home, called …"
                return self.subjects(verb.head.head, depth + 1)
            if dep in {"relcl", "acl"}:
                return [verb.head]
        heads: list[Any] = []
        for s in subs:
            if s.lower_ in RELATIVE_PRONOUNS and verb.dep_ == "relcl":
                s = verb.head
            # "everyone but Walter went back": whoever follows "but" is left out
            cut = min((c.i for c in s.children if c.dep_ == "cc" and c.lower_ in EXCEPTING),
                      default=len(self.doc))
            heads.extend([s, *[c for c in s.conjuncts if s.i < c.i < cut]])
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

    def infer(self, tok: Any, key: str, rule: str) -> None:
        """A noun now names a character read from other evidence ("her father" of a Bennet
        daughter is Mr. Bennet, rule "household"): an inferred mention, trusted as a name's
        spouse is."""
        self.token_key[tok.i] = key
        self.token_kind[tok.i] = "inferred"
        self.inferred_by[tok.i] = rule
        self._add_mention(ResolvedMention(tok.idx, tok.idx + len(tok.text), tok.text, key, "nominal"))

    def place_pronoun(self, tok: Any, key: str) -> None:
        """A pronoun the resolver left alone now means a character read from other evidence
        (its one antecedent is a kin noun: `nominal_antecedents`)."""
        self.token_key[tok.i] = key
        self.token_kind[tok.i] = "pronoun"
        self._add_mention(ResolvedMention(tok.idx, tok.idx + len(tok.text), tok.text, key, "pronoun"))

    def _add_mention(self, mention: ResolvedMention) -> None:
        index = bisect_left(self._mention_starts, mention.start)
        self._mentions.insert(index, mention)
        self._mention_starts.insert(index, mention.start)

    def mentions_in(self, start: int, end: int) -> list[ResolvedMention]:
        """Mentions inside [start, end), by start."""
        found = []
        for index in range(bisect_left(self._mention_starts, start), len(self._mentions)):
            m = self._mentions[index]
            if m.start >= end:
                break
            if m.end <= end:
                found.append(m)
        return found

    def sentences_in(self, start: int, end: int) -> range:
        """Indices of the literary sentences lying inside [start, end)."""
        sentences = self.chapter.sentences
        first = bisect_left(self._sentence_starts, start)
        last = first
        while last < len(sentences) and sentences[last][1] <= end:
            last += 1
        return range(first, last)

    def characters_between(self, start: int, end: int, outside_quotes: bool = False) -> list[str]:
        """Characters mentioned inside [start, end), in order of first mention."""
        names: list[str] = []
        for m in self.mentions_in(start, end):
            if not self.is_character(m.entity_key) or m.entity_key in names:
                continue
            if (outside_quotes and self.char_in_quote(m.start)) or self.char_is_markup(m.start):
                continue
            names.append(m.entity_key)
        return names

    def sentence_at(self, offset: int) -> int:
        """Index of the literary sentence containing a character offset, or -1."""
        index = bisect_left(self._sentence_starts, offset + 1) - 1
        if index >= 0 and offset < self.chapter.sentences[index][1]:
            return index
        return -1

    def sentence_around(self, start: int, end: int) -> tuple[int, int]:
        """The literary sentence containing `start` (or the span itself if there is none)."""
        index = self.sentence_at(start)
        return self.chapter.sentences[index] if index >= 0 else (start, end)

    def paragraph_at(self, offset: int) -> int:
        """Index of the paragraph containing a character offset, or -1."""
        index = bisect_left(self._paragraph_starts, offset + 1) - 1
        if index >= 0 and offset < self.paragraphs[index][1]:
            return index
        return -1

    def tokens_between(self, start: int, end: int) -> Any:
        """The Doc slice of tokens starting inside [start, end)."""
        first = bisect_left(self._token_starts, start)
        last = bisect_left(self._token_starts, end)
        return self.doc[first:last]

    def char_is_markup(self, offset: int) -> bool:
        """Whether the token at a character offset is bracketed editorial matter."""
        index = bisect_left(self._token_starts, offset + 1) - 1
        return index >= 0 and self.markup[index]

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
        key_words = [w.lemma_.lower() for w in words if w.dep_ in {"compound", "nmod"} or w == tok]
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
        end = _trim_dangling(self.text, start, end)
        return self.evidence(start, end, rule, confidence * self.verdict(verb).factor)

    def sentence_span(self, tok: Any) -> tuple[int, int]:
        index = self.token_sent[tok.i]
        if 0 <= index < len(self.chapter.sentences):
            return self.chapter.sentences[index]
        sent = tok.sent
        return sent.start_char, sent.end_char


_DANGLING = re.compile(r"(?:[\s,;:]+(?:and|or|but|nor))?[\s,;:\-]*$")


def _trim_dangling(text: str, start: int, end: int) -> int:
    """Drop a trailing conjunction or comma from a quote ("killed him and" → "killed him")."""
    match = _DANGLING.search(text, start, end)
    return match.start() if match and match.start() > start else end


def _implausible(m: ResolvedMention, chapter: AnalyzedChapter, context: StoryContext) -> bool:
    """A personal pronoun ("she", "me") resolved to something that is not a character."""
    if m.kind != "pronoun" or m.text.lower() not in PERSONAL_PRONOUNS:
        return False
    item = chapter.entities.get(m.entity_key)
    if item is not None:
        return item.type != "character"
    return any(e.name == m.entity_key and e.type != "character" for e in context.entities)
