"""namings: the names a character's words carry, and narration that writes or addresses a name
(ported from the critic's `recognisers/secrets` and `checks/knowledge`; the critic's knowledge
check matches the secret identities on record against them).

- every quotation, with its speaker as written, its sentences and the names in each ("That
  was Ivo Marsh", "Good morning, Mr. Marsh", "I. M."), and the kinships said in it ("your
  brother", "Tomas's brother", "That is my son-in-law's brother out there");
- a name in a stretch (a sentence, a verb's clause) with the words around it that make it say
  who someone is: "was (his brother) Ivo Marsh", "took him for Ivo", "Ivo Marsh was alive";
- a narrated sentence whose subject writes out or addresses names ("Elena Voss wrote across
  the outside ...: Mr. Ivo Marsh"; "greeted him as Ivo Marsh"; "struck the name Ivo Marsh off
  the roll"), with the names in the verb's clause.
"""

from __future__ import annotations

import re
from typing import Any

from continuum.language.content import names_in, stems
from continuum.language.names import CAPITALISED_RUN, HONORIFICS
from continuum.language.people import SECRET_KIN
from continuum.language.prose import Speech, in_speech, sentence_at, sentences, speeches
from continuum.pipeline.extract.heuristic.passes.clauses import clause_subject
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.object_uses import referent
from continuum.pipeline.extract.schema import (
    KinMention,
    NamedSentence,
    NameRun,
    NameWriting,
    QuotedSpeech,
    Referent,
)

# A run of capitalised words or initials: "Mr. Ivo Marsh", "I. M.", "I.M.".
_RUN = re.compile(r"[A-Z][\w'’-]*\.?(?:[ \t]?[A-Z][\w'’-]*\.?)*")
_INITIAL = re.compile(r"[A-Z]\.")
_COPULA = (r"\b(?:is|was|were|be|been)\s+"
           r"(?:(?:really|truly|in\s+fact|none\s+other\s+than|no\s+other\s+than)\s+)?")
_GAPS = [re.compile(_COPULA + r"(?:\w+\s+)" * n + "$") for n in range(3)]
_IS = re.compile(r"\b(?:is|was)\s+$")
_FOR_AS = re.compile(r"\b(?:for|as)\s+$")
_ALIVE = re.compile(r"[^.;]{0,40}\b(?:alive|living|survived|come\s+home|come\s+back|"
                    r"not\s+(?:dead|drowned))\b")
# A sentence that speaks of the man as dead or gone, or of what he would have done: naming him
# there gives nothing away.
_AS_DEAD = re.compile(r"\b(?:drown(?:ed|ing)?|dead|died|death|lost|grave|late|poor|memory|remember(?:ed)?|"
                      r"mourn(?:ed)?|buried|used\s+to|years\s+ago|(?:would|could|might|should)\s+have)\b",
                      re.IGNORECASE)


def name_runs(text: str, start: int, end: int) -> list[NameRun]:
    """The names in text[start:end], each with the words around it inside the stretch."""
    out: list[NameRun] = []
    for m in _RUN.finditer(text, start, end):
        for s, e, words, initials in _split_initials(m):
            before, after = text[start:s], text[e:end]
            gap = next((n for n, pattern in enumerate(_GAPS) if pattern.search(before)), None)
            out.append(NameRun(words=words, start=s, initials=initials,
                               after_is=_IS.search(before) is not None, copula_gap=gap,
                               after_for_as=_FOR_AS.search(before) is not None,
                               alive_after=_ALIVE.match(after) is not None))
    return out


def _split_initials(m: re.Match[str]) -> list[tuple[int, int, list[str], bool]]:
    """A run as parts: its initials ("I. M.") apart from its words ("Mr", "Ivo"), and a full
    stop after a word that is no title ("Mr. Brand. That") the end of a part."""
    parts: list[tuple[int, int, list[str], bool]] = []
    ended = False
    for w in re.finditer(r"[A-Z][\w'’-]*\.?", m.group()):
        initial = _INITIAL.fullmatch(w.group()) is not None
        s, e = m.start() + w.start(), m.start() + w.end()
        if parts and parts[-1][3] == initial and not ended:
            parts[-1] = (parts[-1][0], e, parts[-1][2] + [_bare(w.group())], initial)
        else:
            parts.append((s, e, [_bare(w.group())], initial))
        ended = w.group().endswith(".") and not initial and w.group()[:-1].lower() not in HONORIFICS
    return parts


def _bare(word: str) -> str:
    """A word of a name without its full stop, possessive or closing quote ("Marsh's." -> Marsh)."""
    word = re.sub(r"['’]s$", "", word.rstrip("."))
    return word.rstrip("'’-") or word


def named_sentences(text: str, start: int, end: int, *, content: bool = False) -> list[NamedSentence]:
    """The sentences of text[start:end] with their names (and content words, when asked)."""
    out: list[NamedSentence] = []
    for sentence in sentences(text, start, end):
        out.append(NamedSentence(
            start=sentence.start, end=sentence.end,
            question=sentence.text.rstrip("\"”'’ ").endswith("?"),
            as_dead=_AS_DEAD.search(sentence.text) is not None,
            names=name_runs(text, sentence.start, sentence.end),
            stems=sorted(stems(sentence.text)) if content else [],
            proper=sorted(names_in(sentence.text)) if content else []))
    return out


def extract_quoted_speech(view: ChapterView) -> list[QuotedSpeech]:
    """Every quotation of the chapter with its speaker, names and kinships, in text order."""
    text = view.text
    return [QuotedSpeech(start=speech.start, end=speech.end, speaker=speech.speaker,
                         speaker_at=speech.speaker_at,
                         sentences=named_sentences(text, speech.start, speech.end, content=True),
                         alive_now=_alive_now(text[speech.start:speech.end]), kin=_kin(text, speech))
            for speech in speeches(text)]


# Signs that a man is spoken of as alive and about, not remembered: the story's own day, the
# things at hand, a message for him.
_ALIVE_NOW = re.compile(
    r"\b(?:these|now|tonight|today|this\s+(?:morning|week)|yesterday|last\s+(?:night|week)|"
    r"for\s+a\s+(?:week|fortnight|month|day\s+or\s+two)|all\s+week|"
    r"(?:tell|give|ask|send|show|bring|take)\s+(?:it\s+|them\s+|this\s+|these\s+)?(?:to\s+)?him|"
    r"when\s+you\s+see\s+him|when\s+you\s+go)\b", re.IGNORECASE)
_PAST_ONLY = re.compile(r"\b(?:used\s+to|years\s+ago|before\s+he\s+(?:was\s+lost|drowned|went|sailed)|"
                        r"when\s+(?:he|we|you)\s+(?:was|were)\s+(?:a\s+boy|boys|young|children))\b",
                        re.IGNORECASE)
_CAPITALISED = re.compile(r"\b[A-Z]\w*")


def _alive_now(said: str) -> bool:
    return _ALIVE_NOW.search(said) is not None and _PAST_ONLY.search(said) is None


def _kin(text: str, speech: Speech) -> list[KinMention]:
    """The kinships said in a speech: "your (own, poor, elder) brother", "Tomas's (own)
    brother", each kin noun in text order; and the first "that is X's brother" of each."""
    said = text[speech.start:speech.end]
    out: list[KinMention] = []
    near: list[str] | None = None
    for kin in sorted(SECRET_KIN):
        forms = re.compile(rf"\b(?P<your>your)\s+(?:own\s+|poor\s+|elder\s+|older\s+)?{kin}\b"
                           rf"|\b(?P<owner>\w+)(?:'s|’s)\s+(?:\w+\s+)?{kin}\b", re.IGNORECASE)
        for m in forms.finditer(said):
            if m.group("your") and near is None:
                window = text[max(0, speech.start - 800):speech.end + 200]
                near = sorted(set(_CAPITALISED.findall(window)))
            out.append(KinMention(how="yours" if m.group("your") else "owned", kin=kin,
                                  owner=m.group("owner"), start=speech.start + m.start(),
                                  end=speech.start + m.end(), text=m.group(),
                                  near=near if m.group("your") and near else []))
        said_is = re.search(rf"\b(?:that|this|he|it|yon|the\s+\w+(?:\s+\w+)?)\s+"
                      rf"(?:is|was|must\s+be|can\s+only\s+be)\s+(?:\w+\s+){{0,3}}?[\w-]+(?:'s|’s)\s+"
                      rf"(?:own\s+|elder\s+|older\s+|younger\s+)?{kin}\b", said, re.IGNORECASE)
        if said_is is not None:
            out.append(KinMention(how="identity", kin=kin, start=speech.start + said_is.start(),
                                  end=speech.start + said_is.end(), text=said_is.group()))
    return sorted(out, key=lambda k: k.start)


# Narration in which someone puts a person's name to paper or to his face: "wrote across the
# outside ...: Mr. Ivo Marsh", "addressed it to Ivo Marsh", "greeted him as Ivo Marsh".
_WRITES = re.compile(rf"^(?P<who>{CAPITALISED_RUN})\s+(?:\w+ly\s+)?"
                     r"(?P<verb>wrote|addressed|inscribed|signed|labelled|labeled|"
                     r"greeted|hailed|introduced|called)\b")
ADDRESS_VERBS = {"write", "address", "inscribe", "sign", "label", "greet", "hail", "introduce",
                 "call", "name", "thank", "welcome", "announce", "present", "enter", "list",
                 "register", "book"}
# Verbs of marking a name in a record: striking "Ivo Marsh" from the list of the drowned, or
# writing "living" against it.
MARKING_VERBS = {"strike", "cross", "score", "scratch", "underline", "tick", "mark", "note",
                 "record", "erase", "delete", "rub", "draw", "rule"}
LINE_VERBS = {"draw", "rule"}


def extract_name_writings(view: ChapterView) -> list[NameWriting]:
    """Narrated sentences that open with a name and a verb of writing or addressing, then the
    parsed verbs of writing, addressing or marking with a subject, each with the names in its
    clause (the critic keeps the first it can match of each writer)."""
    return _openings(view.text) + _parsed_writings(view)


def _openings(text: str) -> list[NameWriting]:
    out: list[NameWriting] = []
    spans = speeches(text)
    for sentence in sentences(text):
        if any(sp.start <= sentence.start < sp.end for sp in spans):
            continue
        m = _WRITES.match(sentence.text)
        if m is None:
            continue
        verb = m.group("verb")
        out.append(NameWriting(how="opening", verb=verb, verb_text=verb,
                               writer=Referent(text=m.group("who"), start=sentence.start, proper=True),
                               start=sentence.start, end=sentence.end,
                               names=name_runs(text, sentence.start + m.end(), sentence.end)))
    return out


def _parsed_writings(view: ChapterView) -> list[NameWriting]:
    out: list[NameWriting] = []
    text, spans = view.text, speeches(view.text)
    for verb in view.tokens:
        marking = verb.lemma_ in MARKING_VERBS
        if not (verb.lemma_ in ADDRESS_VERBS or marking) or verb.pos_ != "VERB" \
                or in_speech(spans, verb.idx) is not None:
            continue
        if verb.lemma_ in LINE_VERBS and not any(c.dep_ == "dobj" and c.lemma_ in ("line", "stroke")
                                                 for c in verb.children):
            continue  # "drew a line through the name", not "drew a chair"
        subject = clause_subject(verb)
        if subject is None:
            continue
        sent = verb.sent
        end = _subtree_end(verb) if marking else sent.end_char  # marking: only what it marks
        where = sentence_at(text, sent.start_char, sent.end_char, verb.idx)
        out.append(NameWriting(how="marking" if marking else "addressed", verb=verb.lemma_,
                               verb_text=verb.lower_, writer=referent(subject),
                               start=where.start, end=where.end,
                               names=name_runs(text, verb.idx, end)))
    return out


def _subtree_end(verb: Any) -> int:
    words = list(verb.subtree)
    return int(words[-1].idx + len(words[-1]))
