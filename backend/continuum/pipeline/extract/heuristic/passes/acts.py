"""acts: who acts or speaks in a chapter, and how it is told (ported from the critic's entity
check, which compares them with the world's dead).

- every verb with its subject as written ("Ilse Reyes was walking along the harbour wall"), or
  the owner of a part or trace of a person that is its subject ("Warden Hale's voice rang
  out"), with how the act is told: in the story's now (a tense of its own, or a past perfect
  dated in the story's day) or before it (a perfect, a modal, "used to"), reported under a verb
  of memory or speech, in a relative clause, in a main clause, in quoted speech, in a paragraph
  that frames a memory, in a sentence bounded by a death ("until the day she died") or speaking
  of memory ("her voice came back to him");
- every passage of quoted speech with its speaker as written, the attribution told before now
  ("as Reyes had said to her once") or in a paragraph that frames a memory.

Which person a subject or speaker is, and whether that person is dead, is the critic's question.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from continuum.language.names import PRONOUNS, normalize
from continuum.language.people import TRACES
from continuum.language.prose import in_speech, speeches
from continuum.pipeline.extract.heuristic.passes import clauses
from continuum.pipeline.extract.heuristic.passes.clauses import (
    RECENT,
    finite,
    main_clause,
    perfect_or_modal,
    recent_perfect,
    reported,
)
from continuum.pipeline.extract.heuristic.passes.common import SUBJECT_DEPS, ChapterView
from continuum.pipeline.extract.heuristic.passes.object_uses import referent
from continuum.pipeline.extract.schema import Act, Referent, Utterance

# "... until the day she died", "before she drowned": the clause is told of her lifetime.
_UNTIL_DEATH = re.compile(r"\b(?:until|till|before|up\s+to)\b[^.;]{0,30}\b(?:died|drowned|was\s+killed|"
                          r"was\s+shot|death)\b", re.IGNORECASE)
# "her voice came back to him", "as if she still stood there": a memory or a semblance.
_MEMORY = re.compile(r"\b(?:memory|memories|remember\w*|recall\w*|came\s+back\s+to|comes\s+back\s+to|"
                     r"in\s+(?:her|his|their|my)\s+(?:head|ears|mind|dreams?)|still\s+hear|seemed\s+to|"
                     r"as\s+if|as\s+though|would\s+have)\b", re.IGNORECASE)
# An attribution told before now: "as Reyes had said", "she would say", "he once told me".
_BEFORE = re.compile(r"\b(?:had|would|used to|once)\b")
_PRESENT_TAGS = frozenset({"VBZ", "VBP", "MD"})
_PAST_TAGS = frozenset({"VBD", "VBN"})


def extract_acts(view: ChapterView) -> list[Act]:
    """Every verb with each of its subjects (one record without a subject for a verb that has
    none), in text order."""
    spans = speeches(view.text)
    told: dict[int, tuple[bool, bool, bool, bool]] = {}
    out: list[Act] = []
    for verb in view.tokens:
        if verb.pos_ not in ("VERB", "AUX"):
            continue
        subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
        if verb.dep_ in ("aux", "auxpass") and not subjects:
            continue  # part of its verb's record
        sent = verb.sent
        if sent.start not in told:
            told[sent.start] = (RECENT.search(sent.text) is not None,
                                clauses.remembered(view.doc, view.text, sent.start_char),
                                _MEMORY.search(sent.text) is not None,
                                _UNTIL_DEATH.search(sent.text) is not None)
        today, remembered, recollection, until_death = told[sent.start]
        recent = recent_perfect(verb)
        act = Act(
            verb=verb.lemma_, verb_text=verb.lower_, start=verb.idx,
            sentence_start=sent.start_char, sentence_end=sent.end_char,
            quoted=in_speech(spans, verb.idx) is not None,
            finite=finite(verb), recent=recent, today=today,
            before_now=(perfect_or_modal(verb) and not recent) or _habit(verb),
            reported=reported(verb), relative=verb.dep_ in ("relcl", "acl"),
            main_clause=main_clause(verb), copula=_copula(verb), tense=_tense(verb),
            remembered=remembered, recollection=recollection, until_death=until_death)
        if not subjects:
            out.append(act)
        for tok in subjects:
            owner = _trace_owner(tok)
            out.append(act.model_copy(update={
                "subject": referent(owner if owner is not None else tok),
                "through": tok.lower_ if owner is not None else None,
                "quoted": in_speech(spans, tok.idx) is not None}))
    return out


def _trace_owner(tok: Any) -> Any | None:
    """The owner of a subject like "Captain Reyes's voice" (the name or pronoun token)."""
    if tok.lemma_.lower() not in TRACES and tok.lower_ not in TRACES:
        return None
    return next((c for c in tok.children if c.dep_ == "poss"), None)


def _habit(verb: Any) -> bool:
    """"used to walk": a habit of the past, the verb "used" or the verb under it."""
    def used(tok: Any) -> bool:
        return bool(tok.lower_ == "used" and any(c.dep_ == "xcomp" for c in tok.children)
                    and not any(c.dep_ == "dobj" for c in tok.children))
    return used(verb) or (verb.dep_ == "xcomp" and used(verb.head))


def _copula(verb: Any) -> bool:
    """"was tired": "be" with no place or company ("was at the helm" is an act)."""
    return bool(verb.lemma_ == "be" and not any(c.dep_ == "prep" for c in verb.children))


def _tense(verb: Any) -> Literal["past", "present"] | None:
    """The time of the verb's own form with its auxiliaries: present or modal, else past."""
    tags = {verb.tag_} | {c.tag_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    if tags & _PRESENT_TAGS:
        return "present"
    return "past" if tags & _PAST_TAGS else None


def extract_utterances(view: ChapterView) -> list[Utterance]:
    """Every passage of quoted speech with its speaker as written, in text order."""
    out: list[Utterance] = []
    for speech in speeches(view.text):
        speaker, before = None, False
        if speech.speaker is not None and speech.speaker_at is not None:
            pronoun = normalize(speech.speaker) in PRONOUNS
            speaker = Referent(text=speech.speaker, start=speech.speaker_at, pronoun=pronoun,
                               proper=not pronoun and speech.speaker[:1].isupper())
            at = speech.speaker_at
            before = _BEFORE.search(view.text[max(0, at - 30):at + 60]) is not None
        out.append(Utterance(
            start=speech.start, end=speech.end, text=speech.text, speaker=speaker,
            told_before=before,
            remembered=clauses.remembered(view.doc, view.text, speech.start)))
    return out
