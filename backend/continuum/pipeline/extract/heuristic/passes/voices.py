"""voices: whose words a stretch of narration is, when it is not the narrator's (ported from the
critic's `recognisers/voices`; the critic's knowledge check binds each to a character).

Quoted speech has a speaker (`language.prose.speeches`). Other words in a chapter belong to a
character too, and what they say there is as much theirs as speech is:

- a reported clause: "she told Sal that the keeper was Ivo Marsh", "he swore it was his
  brother" — the clause under a verb of saying, writing or believing is the subject's;
- written words after a colon: "and wrote: To Ivo Marsh, keeper of the light";
- a document laid into the chapter: a letter, note, diary or account introduced as someone's
  ("From Harriet Finch's household book ...:", "a letter from Jonah Crane") or signed at its
  foot ("Yours ever, E. V."), whether set out as its own paragraphs or read aloud inside
  quotation marks (nested quotes: "'Marsh. They tell me ...'").

Each is a `Voice` with the word that names its owner as written (the verb's subject, the
document's owner or signer); which character that is, is the critic's question (a bare "he"
the extractor left alone is the last person named in the paragraph whose gender fits).
"""

from __future__ import annotations

import re
from typing import Any

from continuum.language.names import PROPER_NAME
from continuum.language.prose import Span, Speech, in_speech, paragraphs, sentences, speeches
from continuum.language.speech import LEADING_WORDS, REPORTING_VERBS, VALEDICTION_OPENERS, WRITING_VERBS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.namings import named_sentences
from continuum.pipeline.extract.heuristic.passes.object_uses import referent
from continuum.pipeline.extract.schema import Referent, Voice

_DOCUMENT_NOUNS = (r"letter|note|notes|diary|journal|book|notebook|daybook|day-book|ledger|log|"
                   r"logbook|account|accounts|memorandum|message|card|statement|report|deposition|"
                   r"will|testament|postscript|lines|hand|pages?|entry|entries")
_NAME = PROPER_NAME
# "From Harriet Finch's household book", "Elena's note", "a letter from Jonah Crane", "in Aldous's hand"
_OWNED = re.compile(rf"(?P<a>{_NAME})['’]s\s+(?:[a-z-]+\s+){{0,2}}?(?:{_DOCUMENT_NOUNS})\b"
                    rf"|\b(?:{_DOCUMENT_NOUNS})\s+(?:[a-z]+\s+){{0,2}}?from\s+(?P<b>{_NAME})")
# A signature at the foot: "Yours, with love to the bride, Elena Voss." / "J. C." / "— A. Finch"
_VALEDICTION = re.compile(rf"^(?:[—–-]\s*)?(?:(?:{VALEDICTION_OPENERS})\b[^\n]*?,\s*)?"
                          r"(?P<name>(?:[A-Z]\.\s*){1,3}|" + _NAME + r")\s*\.?\s*['’\"”]*\s*$")
_INITIALS = re.compile(r"^(?:[A-Z]\.\s*){1,3}$")
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|mine|myself)\b")
# Nested quotes: a document read aloud ("'Marsh. They tell me ...'").
_READ_ALOUD = re.compile(r"^\s*['‘]")
_SIGNED = re.compile(rf"(?:(?:(?<=[.!?])\s+|^|[—–-]\s*)(?P<initials>(?:[A-Z]\.\s*){{1,3}})"
                     rf"|(?:\n\s*|(?:Yours|yours|Ever|ever|faithfully|sincerely|truly|love)[^.\n]*?,\s*)"
                     rf"(?P<name>{_NAME}))\.?$")


def extract_voices(view: ChapterView) -> list[Voice]:
    """Every non-narrator voice of the chapter outside quoted speech (and documents read aloud
    inside it), in text order."""
    spans = speeches(view.text)
    found = _reported_clauses(view, spans) + _written_after_colon(view, spans) + \
        _documents(view.text, spans)
    for voice in found:
        voice.sentences = named_sentences(view.text, voice.start, voice.end)
        voice.paragraph_start = view.text.rfind("\n\n", 0, voice.who.start) + 1
    return sorted(found, key=lambda v: (v.start, v.end))


def clause_subject(verb: Any) -> Any | None:
    """A verb's subject, or that of the verb it is coordinated with ("dipped his pen, thought a
    moment and wrote", which the parser may hang as a subjectless adverbial clause)."""
    node = verb
    for _ in range(5):
        subject = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None:
            return subject if subject.dep_ == "nsubj" else None
        if node.dep_ not in ("conj", "xcomp", "advcl") or node.head == node:
            return None
        node = node.head
    return None


def _negated(verb: Any) -> bool:
    return any(c.dep_ == "neg" or c.lower_ in ("never", "hardly", "scarcely") for c in verb.children)


def _reported_clauses(view: ChapterView, spans: list[Speech]) -> list[Voice]:
    """"She told Sal ... that the keeper was Ivo Marsh": the complement clause of a narrated
    verb of saying or believing, as its subject's statement. Negated verbs and questions are
    left out, and so is a clause holding a quotation (the quote is speech, attributed there)."""
    out: list[Voice] = []
    for verb in view.tokens:
        if verb.lemma_ not in REPORTING_VERBS or verb.pos_ not in ("VERB", "AUX") or \
                in_speech(spans, verb.idx) is not None:
            continue
        clause = next((c for c in verb.children if c.dep_ == "ccomp"), None)
        if clause is None or _negated(verb) or verb.sent.text.rstrip("\"”' ").endswith("?"):
            continue
        words = sorted(clause.subtree, key=lambda t: t.i)
        if any(in_speech(spans, t.idx) is not None for t in words):
            continue
        subject = clause_subject(verb)
        if subject is None:
            continue
        start, end = words[0].idx, words[-1].idx + len(words[-1])
        out.append(Voice(how="reported", start=start, end=end, who=referent(subject), cue=verb.lemma_))
    return out


def _written_after_colon(view: ChapterView, spans: list[Speech]) -> list[Voice]:
    """"... and wrote: To Ivo Marsh, keeper of the light": what follows the colon of a narrated
    verb of writing, to the end of its sentence, is the writer's."""
    out: list[Voice] = []
    text = view.text
    for verb in view.tokens:
        if verb.lemma_ not in WRITING_VERBS or verb.pos_ != "VERB" or in_speech(spans, verb.idx) is not None:
            continue
        nxt = verb.nbor() if verb.i + 1 < len(verb.doc) else None
        if nxt is None or nxt.text != ":":
            continue
        subject = clause_subject(verb)
        if subject is None:
            continue
        start = nxt.idx + 1
        end = next((s.end for s in sentences(text, verb.sent.start_char, len(text))
                    if s.start <= verb.idx < s.end), verb.sent.end_char)
        out.append(Voice(how="written", start=start, end=end, who=referent(subject), cue=verb.lemma_))
    return out


def _documents(text: str, spans: list[Speech]) -> list[Voice]:
    """Letters, notes and diaries laid into the chapter, with their writer: paragraphs after a
    narrated cue that names the document's owner and ends in a colon, up to a signature or
    the end of the run of paragraphs; a signature alone names the writer of the run of
    first-person paragraphs above it; a quoted passage that opens with a nested quote is a
    document read aloud, its writer named by its signature."""
    out: list[Voice] = []
    paras = paragraphs(text)
    taken: set[int] = set()
    for i, para in enumerate(paras):
        cue = _OWNED.search(para.text)
        if cue is None or not para.text.rstrip().endswith(":"):
            continue
        end = None
        for j in range(i + 1, len(paras)):
            taken.add(j)
            end = paras[j].end
            if _VALEDICTION.match(paras[j].text.strip()):
                break
        if end is not None:
            owner = _owner(cue.group("a") or cue.group("b"), para.start + cue.start())
            out.append(_document(paras[i + 1].start, end, owner, cue.group()))
    for i, para in enumerate(paras):
        if i in taken:
            continue
        sign = _VALEDICTION.match(para.text.strip())
        if sign is None or len(para.text) > 80 or i == 0:
            continue
        first = i
        while first > 0 and first - 1 not in taken and \
                _FIRST_PERSON.search(_unquoted(text, spans, paras[first - 1])):
            first -= 1
        if first < i:
            owner = _owner(sign.group("name"), para.start)
            out.append(_document(paras[first].start, para.end, owner, sign.group().strip()))
            # the paragraphs are the signer's whether or not the critic knows the signer
            taken.update(range(first, i + 1))
    return out + _read_aloud(text)


def _document(start: int, end: int, owner: tuple[Referent, bool], cue: str) -> Voice:
    who, initials = owner
    return Voice(how="document", start=start, end=end, who=who, initials=initials, cue=cue)


def _unquoted(text: str, spans: list[Speech], para: Span) -> str:
    """A paragraph's narration with its quoted speech blanked out."""
    chars = list(text[para.start:para.end])
    for s in spans:
        for k in range(max(s.start, para.start), min(s.end, para.end)):
            chars[k - para.start] = " "
    return "".join(chars)


def _read_aloud(text: str) -> list[Voice]:
    """A run of paragraphs that open with a nested quote ("'Marsh. They tell me ...), the last
    closing it and signed at its foot ("... J. C.'"): the signer's words, whoever reads them."""
    out: list[Voice] = []
    run: list[Span] = []
    for para in paragraphs(text):
        if not run and not _READ_ALOUD.match(para.text.lstrip("\"“")):
            continue
        if not para.text.lstrip().startswith(("\"", "“")):
            run = []
            continue
        run.append(para)
        tail = para.text.rstrip().rstrip("\"”").rstrip()
        if not tail.endswith(("'", "’")):
            continue  # the letter goes on
        m = _SIGNED.search(tail.rstrip("'’").rstrip())
        if m is not None:
            owner = _owner(m.group("initials") or m.group("name"), para.start)
            out.append(_document(run[0].start, para.end, owner, "signature"))
        run = []
    return out


def _owner(surface: str, at: int) -> tuple[Referent, bool]:
    """The words a document cue or signature names its writer by, and whether they are
    initials ("O. H."); a capitalised word that opens the sentence is no part of a name."""
    surface = surface.strip().rstrip(".")
    if _INITIALS.match(surface + "."):
        return Referent(text=surface, start=at, proper=True), True
    words = surface.split()
    while len(words) > 1 and words[0] in LEADING_WORDS:  # "From Harriet Finch's household book"
        words = words[1:]
    return Referent(text=" ".join(words), start=at, proper=True), False
