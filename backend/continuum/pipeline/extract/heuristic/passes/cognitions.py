"""cognitions: the narration's forms of knowing who someone is and of thinking of someone as
alive and about (ported from the critic's `recognisers/secrets`; the critic's knowledge check
compares them with the secret identities on record).

- a narrated verb of knowing, realising or recognising with its subject and its clause ("He
  knew now that the bearded man was Ivo Marsh"); negated verbs, questions and speech are left
  out, and a verb of telling in the paragraphs just before is marked (he may have been told);
- a proper name in a narrated clause with a modal and no perfect ("so that Ivo would know whose
  it was", "She would not send a bill after Ivo Marsh"), with the subject of the clause that
  holds it (the clause above, when the name is its own clause's subject); a counterfactual
  ("Ivo would have laughed") and a question are left out.
"""

from __future__ import annotations

import re
from typing import Any

from continuum.language.grammar import MODALS
from continuum.language.prose import in_speech, paragraphs, sentence_at, speeches
from continuum.language.speech import COGNITION_VERBS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.namings import name_runs
from continuum.pipeline.extract.heuristic.passes.object_uses import referent
from continuum.pipeline.extract.schema import Cognition, ModalNaming

_TOLD = re.compile(r"\b(?:told|tells|explained|confessed|whispered|showed|admitted|revealed)\b",
                   re.IGNORECASE)
_MODALS_NOW = MODALS | {"'ll"}


def extract_cognitions(view: ChapterView) -> list[Cognition]:
    """Narrated verbs of knowing or realising with a subject, in text order."""
    spans = speeches(view.text)
    out: list[Cognition] = []
    for verb in view.tokens:
        if verb.lemma_ not in COGNITION_VERBS or verb.pos_ not in ("VERB", "AUX") or \
                in_speech(spans, verb.idx) is not None:
            continue
        if any(c.dep_ == "neg" or c.lower_ in ("never", "hardly", "scarcely") for c in verb.children):
            continue
        if verb.sent.text.rstrip("\"”' ").endswith("?"):
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is None:
            continue
        words = list(verb.subtree)
        clause_start, clause_end = verb.idx + len(verb.text), words[-1].idx + len(words[-1])
        quote = sentence_at(view.text, verb.sent.start_char, verb.sent.end_char, verb.idx)
        out.append(Cognition(
            verb=verb.lemma_, verb_text=verb.lower_, start=verb.idx, subject=referent(subject),
            clause_start=clause_start, clause_end=clause_end,
            sentence_start=verb.sent.start_char, sentence_end=verb.sent.end_char,
            told_before=_told_just_before(view.text, verb.idx),
            names=name_runs(view.text, clause_start, clause_end),
            quote_start=quote.start, quote_end=quote.end))
    return out


def _told_just_before(text: str, at: int) -> bool:
    """A telling in the paragraphs just before an offset (someone may have told him)."""
    paras = [p for p in paragraphs(text) if p.start <= at]
    window = text[paras[-3].start if len(paras) >= 3 else 0:at]
    return _TOLD.search(window) is not None


def extract_modal_namings(view: ChapterView) -> list[ModalNaming]:
    """Proper names in narrated clauses of the story's present or future, with the person
    whose clause holds each, in text order."""
    spans = speeches(view.text)
    out: list[ModalNaming] = []
    for sent in view.doc.sents:
        if in_speech(spans, sent.root.idx) is not None or sent.text.rstrip("\"”' ").endswith("?"):
            continue
        for tok in sent:
            if tok.pos_ != "PROPN" or in_speech(spans, tok.idx) is not None:
                continue
            head = tok
            while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
                head = head.head
            subject = _thinker(head, tok)
            if subject is None:
                continue
            aux = [c for c in head.children if c.dep_ in ("aux", "auxpass")]
            if not any(c.lower_ in _MODALS_NOW for c in aux) or any(c.lemma_ == "have" for c in aux):
                continue  # a negation keeps the presupposition: "would not send a bill after Ivo"
            quote = sentence_at(view.text, sent.start_char, sent.end_char, sent.root.idx)
            out.append(ModalNaming(
                name=tok.text, before=tok.nbor(-1).text if tok.i > 0 else None, start=tok.idx,
                thinker=referent(subject), sentence_start=sent.start_char,
                sentence_end=sent.end_char, root_start=sent.root.idx,
                quote_start=quote.start, quote_end=quote.end))
    return out


def _thinker(verb: Any, name: Any) -> Any | None:
    """The person whose clause holds the name: the subject of the name's own verb, or, when
    the name is that subject ("so that Ivo would know"), of the clause above it."""
    node = verb
    for _ in range(5):
        subject = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None and subject.i != name.i and name not in subject.subtree:
            return subject
        if node.head.i == node.i:
            return None
        node = node.head
    return None
