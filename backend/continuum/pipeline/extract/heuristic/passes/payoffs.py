"""payoffs: narration that acts on a thing set up before the story's now (ported from the
critic's `checks/commitments`; the critic looks each thing up in the earlier chapters).

Three readings, each an item of its own form:

- wording: a sentence with a payoff marker and the first specific thing it acts on ("At last
  Aldous unlocked the sea chest ..., just as he had sworn he would", "the old harpoon that had
  hung above the forge door since his father's time"; "she had made her swear not to open";
  in dialogue, a promise called in: "You promised me the weathervane by Michaelmas"), the
  thing ending in a noun of the parse;
- structure: a noun whose past-perfect relative clause sets it up ("the tin box his father had
  buried there forty years ago", "the oilskin packet which had been promised to her", "where
  the oilskin packet had lain since her childhood"), or a verb acting on an object "as he had
  promised", or "at last" / "finally" after an oath the narration told just before; soft when
  the setting up may be recent (no word of long ago), promised by nobody named, marked only by
  "at last", or its thing already named earlier in the chapter;
- delivered: narration delivering a thing by referring back to a past-perfect act of saying or
  promising by someone ("the chart of the southern islands that Ivo had promised her in the
  lighthouse", "the letter, just where Mara had said it would be", "Silas Webb, whose name
  Jonah had shouted"), with the subject as written (the critic binds it to a person) and the
  place or event words of each occasion the act is pinned to (not a letter).

The sentence spans are the reader's own: `language.prose.sentences` for wording, the parse's
sentences for the other two (the critic keeps one finding a sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from continuum.language.grammar import MODALS
from continuum.language.promises import (
    LONG_AGO,
    PAYOFF_GENERIC,
    PAYOFF_MARKER_WORDS,
    PAYOFF_PHRASE_STOPS,
    PLAIN_ADJECTIVES,
    POSITIONAL_VERBS,
    PROMISE_VERBS,
    PURPOSE_VERBS,
    SETUP_VERBS,
    SPOKEN_ACT_FORMS,
    STRONG_SETUP_VERBS,
    VAGUE_ANTECEDENTS,
    VAGUE_OCCASIONS,
)
from continuum.language.prose import Speech, in_speech, sentences, speeches
from continuum.pipeline.extract.heuristic.passes.back_references import CAPITALISED, occasions, past_perfect
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import Evidence, PayoffItem

_PRONOUN = r"(?:he|she|they|I|we|you)"
# The sentence says it fulfils an old promise, charge or long wait.
PAYOFF_MARKERS = re.compile(
    rf"\bhad\s+(?:always\s+|once\s+|long\s+)?(?:sworn|promised|vowed|pledged|said|told\s+\w+)\s+"
    rf"(?:that\s+)?(?:{_PRONOUN}\s+)?(?:one\s+day\s+|some\s+day\s+|would\s+one\s+day\s+)?"
    rf"(?:would|must|should|will|shall)\b"
    r"|\b(?:sworn|vowed|promised|pledged)\s+to\s+(?:come\s+back|go\s+back|return)\s+for\b"
    r"|\bmade\s+(?:him|her|them|me|us)\s+(?:swear|promise|vow)\b"
    r"|\b(?:had\s+)?(?:waited|lain|hung|stood|rested|lay)\s+(?:there\s+)?(?:for\s+)?"
    r"(?:all\s+)?(?:these|those)\s+years\b"
    r"|\bsince\s+(?:his|her|their|my|our)\s+(?:father|mother|grandfather|grandmother)'s\s+time\b",
    re.IGNORECASE)
# Dialogue that calls in an old promise: "You promised me the weathervane by Michaelmas".
SPOKEN_PAYOFF = re.compile(
    r"\b(?:you|he|she|they)\s+(?:had\s+)?(?:promised|swore|vowed)\s+(?:me|us|him|her|them)\s+"
    r"(?=(?:the|his|her|their|your|my|our)\s)", re.IGNORECASE)
_NP = re.compile(
    r"\b(?:the|his|her|their|my|our)\s+(?P<np>(?:(?:[a-z]+)'s\s+)?(?:[a-z]{3,}\s+){0,2}[a-z]{3,})"
    r"(?:\s+of\s+the\s+(?P<of>[a-z]{3,}))?")
_AT_LAST_RE = re.compile(r"\b(?:at\s+(?:long\s+)?last|finally)\b", re.IGNORECASE)
_NOT_THING = PAYOFF_GENERIC | PAYOFF_MARKER_WORDS
SPEECH_ACTS = frozenset(SPOKEN_ACT_FORMS)

Quoted = Callable[[Any], bool]


def extract_payoffs(view: ChapterView) -> list[PayoffItem]:
    """Every payoff the chapter's narration (or dialogue calling in a promise) makes, in the
    order wording, structure, delivered; each in text order."""
    spans = speeches(view.text)

    def quoted(tok: Any) -> bool:
        return in_speech(spans, tok.idx) is not None

    found = [*_worded(view, spans), *_structured(view, quoted), *_delivering(view, quoted)]
    return [item.model_copy(update={
        "capitalised": CAPITALISED.findall(item.evidence.quote),
        "told_before": item.form == "delivered" and _told_before(view.text, spans, item)})
        for item in found]


def _told_before(text: str, spans: list[Speech], item: PayoffItem) -> bool:
    """The chapter tells of a delivered thing's act before it: a sentence before with the
    thing's key words and the same verb, or the thing inside quoted speech."""
    words = [item.thing] if item.person else item.thing.split()
    lemma = item.verb_lemma
    verb = re.compile(rf"\b(?:{SPOKEN_ACT_FORMS.get(lemma, lemma)})\b", re.IGNORECASE)
    patterns = [re.compile(rf"\b{re.escape(w.rstrip('s'))}s?\b", re.IGNORECASE) for w in words]
    for sentence in sentences(text, 0, item.evidence.start):
        if all(p.search(sentence.text) for p in patterns) and (
                verb.search(sentence.text) or any(sp.start - 1 <= sentence.start < sp.end for sp in spans)):
            return True
    return False


def _item(form: str, start: int, end: int, quote: str, thing: str, **more: Any) -> PayoffItem:
    return PayoffItem(form=form, thing=thing, **more,  # type: ignore[arg-type]
                      evidence=Evidence(start=start, end=end, quote=quote,
                                        rule=f"payoffs.{form}", confidence=0.6))


# -- wording --------------------------------------------------------------------------------------


def _worded(view: ChapterView, spans: list[Speech]) -> list[PayoffItem]:
    """Sentences with a payoff marker and the object they act on (narration, or dialogue
    calling in a promise of a thing), with whether it is said in dialogue."""
    out = []
    for sentence in sentences(view.text):
        # a sentence may open with the quotation mark itself
        spoken = any(sp.start - 1 <= sentence.start < sp.end for sp in spans)
        if spoken:
            marker = SPOKEN_PAYOFF.search(sentence.text)
            thing = _object_of(sentence.text[marker.end():]) if marker else None
        else:
            marker = PAYOFF_MARKERS.search(sentence.text)
            thing = _object_of(sentence.text) if marker else None
        if thing and _a_noun(view, sentence.start, sentence.end, thing.split()[-1]):
            out.append(_item("wording", sentence.start, sentence.end, sentence.text, thing,
                             spoken=spoken))
    return out


def _a_noun(view: ChapterView, start: int, end: int, word: str) -> bool:
    """The wording's thing ends in a noun of the parse: "the sea chest", not "her doctor
    told" or "a fierce young hound if I join the hunt against": a payoff acts on a thing."""
    span = view.doc.char_span(start, end, alignment_mode="expand")
    return any(t.lower_ == word and t.pos_ in ("NOUN", "PROPN") for t in span or [])


def _object_of(sentence: str) -> str | None:
    """The first specific thing the sentence acts on ("sea chest", "seal letter")."""
    for m in _NP.finditer(sentence):
        words = [w for w in re.split(r"\s+|'s\s*", m.group("np")) if w]
        cut = next((i for i, w in enumerate(words) if w in PAYOFF_PHRASE_STOPS), len(words))
        if cut < len(words):
            words = words[:cut]
        elif m.group("of"):
            words.append(m.group("of"))
        keep = [w for w in words if w not in _NOT_THING]
        if keep:
            return " ".join(keep)
    return None


# -- structure ------------------------------------------------------------------------------------


def _structured(view: ChapterView, quoted: Quoted) -> list[PayoffItem]:
    """Narrated payoffs found by structure rather than wording: an object noun whose
    past-perfect relative clause sets it up ("the box Tomas had buried under the quay"), or a
    verb acting on an object "as he had promised" / "at last" / "finally" (only a soft marker:
    "at last" often means no more than "after a while", so an unplanted thing is a WARN).
    "At last" counts only after an oath or a promise the narration told in the sentences
    just before ("made her swear on the chapel Bible that she would not open it ... opened,
    at last, the little door"): alone, in published prose, it is nearly always no payoff
    ("he said at last"; 61 WARNs on the eight novels, none a payoff)."""
    out: list[PayoffItem] = []
    sents = list(view.doc.sents)
    for n, sent in enumerate(sents):
        if quoted(sent.root):
            promised = _promised_in_speech(sent, quoted)
            if promised:
                out.append(_item("structure", sent.start_char, sent.end_char, sent.text, promised,
                                 spoken=True))
            continue
        thing, soft = None, False
        for tok in sent:
            if tok.pos_ != "NOUN" or quoted(tok) or thing is not None:
                continue
            rel = next((c for c in tok.children if c.dep_ in ("relcl", "acl") and _refers_back(c)),
                       None)
            if rel is not None:
                if any(c.lower_ in ("where", "when") for c in rel.children if c.dep_ == "advmod"):
                    # "the board, where her letters had waited all these years": the thing is
                    # what waited there, not the place
                    tok = next((c for c in rel.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
                elif tok.lower_ in ("one", "thing", "ones", "things"):  # "the one she had sworn ..."
                    tok = next((t for t in sent if t.pos_ == "NOUN" and t.i < tok.i
                                and any(c.dep_ in ("relcl", "acl") for c in t.children)), None)
                if tok is not None:
                    thing = _phrase(tok)
                    # a hiding or promise without "years ago", "since ..." may be recent;
                    # one promised by nobody named ("that perfect novelty which had been so
                    # long promised it", Emma) cannot be checked against who promised it
                    soft = not {t.lower_ for t in rel.subtree} & LONG_AGO or _by_nobody(rel)
        at_last = _at_last_verbs(sent)
        verbs = [t for t in sent if t.pos_ == "VERB" and not quoted(t)
                 and (_as_promised(t) or (t in at_last
                                          and _sworn_before(sents[max(0, n - 3):n + 1], quoted)))]
        for verb in verbs if thing is None else []:
            obj = next((c for c in verb.children if c.dep_ in ("dobj", "obj") and c.pos_ == "NOUN"),
                       None)
            if obj is not None and obj.lower_ not in PAYOFF_GENERIC:
                thing = _phrase(obj)
                soft = not _as_promised(verb)
                break
        if thing and thing.split()[-1] not in PAYOFF_GENERIC:
            head = thing.split()[-1].rstrip("s")
            # set up earlier in this very chapter: the payoff may be the chapter's own
            soft = soft or re.search(rf"\b{re.escape(head)}s?\b", view.text[:sent.start_char],
                                     re.IGNORECASE) is not None
            out.append(_item("structure", sent.start_char, sent.end_char, sent.text, thing,
                             soft=soft))
    return out


def _phrase(tok: Any) -> str:
    """A noun's specific words: its compounds and adjectives (not general ones) and itself."""
    words = [t.lower_ for t in tok.lefts if t.dep_ in ("compound", "amod") and t.is_alpha]
    words = [w for w in words if w not in _NOT_THING] + [tok.lower_]
    after = tok.nbor() if tok.i + 1 < len(tok.doc) else None
    if after is not None and after.dep_ != "compound" and (
            after.tag_ in ("NN", "NNS") or (after.dep_ in ("acomp", "oprd") and after.head == tok.head)):
        words.append(after.lower_)  # "the silver thimble" parsed as "silver" + a stray "thimble"
    return " ".join(words)


def _preps(verb: Any) -> list[tuple[str, Any]]:
    return [(c.lower_, g) for c in verb.children if c.dep_ == "prep"
            for g in c.children if g.dep_ == "pobj"]


def _by_nobody(rel: Any) -> bool:
    """A passive clause with no agent: "which had been so long promised"."""
    return any(c.dep_ == "auxpass" for c in rel.children) and not any(
        c.dep_ == "agent" for c in rel.children)


def _refers_back(rel: Any) -> bool:
    """A past-perfect relative clause that refers back to a setup: a hiding or a promise
    ("the box he had buried", "the letter she had made her swear not to open"), or something
    left, kept or lying somewhere since long ago ("that had hung there since his father's time")."""
    if not past_perfect(rel):
        return False
    if any(n.lower_ in VAGUE_OCCASIONS for p, n in _preps(rel)):
        return False  # "which she had kept in her heart ever since": a feeling, not a thing kept
    if rel.lemma_ in STRONG_SETUP_VERBS or any(t.lemma_ in PURPOSE_VERBS for t in rel.subtree):
        return True
    words = {t.lower_ for t in rel.subtree}
    if rel.lemma_ in POSITIONAL_VERBS - SETUP_VERBS:
        # the thing itself stayed put ("that had hung there since ..."), not someone who stood
        # holding it ("a glove that he had stood holding for a long time")
        subject = next((c for c in rel.children if c.dep_ == "nsubj"), None)
        if subject is not None and (subject.pos_ == "PROPN" or subject.lower_ in
                                    ("he", "she", "they", "i", "we", "you")):
            return False
    return rel.lemma_ in SETUP_VERBS | POSITIONAL_VERBS and bool(words & LONG_AGO)


def _promised_in_speech(sent: Any, quoted: Quoted) -> str | None:
    """Dialogue calling in a promise of a thing: "you promised me the weathervane"."""
    for verb in sent:
        if verb.lemma_ not in PROMISE_VERBS or not quoted(verb):
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        obj = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
        if subject is None or subject.lower_ not in ("you", "he", "she", "they") or obj is None:
            continue
        if any(c.dep_ in ("dative", "iobj") for c in verb.children) and obj.lower_ not in PAYOFF_GENERIC:
            return _phrase(obj)
    return None


def _sworn_before(sents: list[Any], quoted: Quoted) -> bool:
    """Whether the narration of these sentences tells of an oath or a promise (the word as
    any part of speech: the parser takes "made her swear" for a noun)."""
    return any(t.lemma_.lower() in PROMISE_VERBS and not quoted(t) for sent in sents for t in sent)


def _at_last_verbs(sent: Any) -> list[Any]:
    """The verbs "at last" / "at long last" / "finally" modify (with their conjuncts)."""
    out: list[Any] = []
    for m in _AT_LAST_RE.finditer(sent.text):
        tok = next((t for t in sent if t.idx - sent.start_char == m.start()), None)
        while tok is not None and tok.pos_ not in ("VERB", "AUX") and tok.head.i != tok.i:
            tok = tok.head
        if tok is not None and tok.pos_ in ("VERB", "AUX"):
            out += [tok, *tok.conjuncts]
    return out


def _as_promised(verb: Any) -> bool:
    """"as he had promised", "just as she had sworn she would": a clause of the verb."""
    return any(c.dep_ == "advcl" and c.lemma_ in PURPOSE_VERBS and past_perfect(c)
               and any(m.lower_ in ("as", "like") for m in c.children if m.dep_ in ("mark", "advmod"))
               for c in verb.children)


# -- delivered ------------------------------------------------------------------------------------


def proper_name(tok: Any) -> str:
    """A proper name with its compound parts ("Captain Ilse Reyes")."""
    parts = [t for t in tok.lefts if t.dep_ in ("compound", "flat") and t.pos_ == "PROPN"]
    parts += [tok] + [t for t in tok.rights if t.dep_ == "flat" and t.pos_ == "PROPN"]
    return " ".join(t.text for t in parts)


def _delivering(view: ChapterView, quoted: Quoted) -> list[PayoffItem]:
    """Narration that delivers something by referring back to an earlier spoken act: a
    past-perfect verb of saying or promising, in a clause on the thing delivered. Every such
    verb is an item (the critic keeps the first of a sentence it cannot find on record)."""
    def is_person(tok: Any) -> bool:
        return view.character(tok) is not None

    out: list[PayoffItem] = []
    for verb in view.tokens:
        if verb.lemma_ not in SPEECH_ACTS or verb.pos_ != "VERB" or not past_perfect(verb) \
                or quoted(verb) or any(c.dep_ == "neg" for c in verb.children):
            continue
        if any(c.dep_ == "aux" and c.lower_ in MODALS for c in verb.children):
            continue  # "which she would have described": never said at all
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is None or subject.lower_ in ("who", "that", "which"):
            continue
        if verb.lemma_ == "give" and not any(c.lower_ in ("name", "word") for c in verb.children):
            continue  # "the key he had given to the council": a hand-over, not a spoken act
        thing = _delivered(verb)
        if thing is None:
            continue
        words, person = thing
        named = subject.pos_ == "PROPN"
        sent = verb.sent
        out.append(_item(
            "delivered", sent.start_char, sent.end_char, sent.text, " ".join(words), person=person,
            verb=verb.lower_, verb_lemma=verb.lemma_,
            speaker=proper_name(subject) if named else subject.text, speaker_named=named,
            speaker_start=subject.idx,
            occasions=[o.words for o, _part in occasions(verb, is_person)
                       if not o.written and o.words]))
    return out


def _delivered(verb: Any) -> tuple[list[str], bool] | None:
    """What the referring-back clause is about: the noun it modifies ("the chart ... that Ivo
    had promised", a proper name for "whose name ..."), or, for "just where / as he had said",
    the subject of the clause it hangs on. Returns its key words and whether it is a name."""
    if verb.dep_ == "relcl":
        noun = verb.head
    elif _zero_relative(verb) is not None:
        noun = _zero_relative(verb)  # "the barrel Aldous had promised ..." parsed as a clause
    elif verb.dep_ == "advcl" and any(c.lower_ in ("where", "as", "like")
                                      for c in verb.children if c.dep_ in ("advmod", "mark")):
        noun = next((c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass", "dobj")
                     and c.pos_ in ("NOUN", "PROPN")), None)
    else:
        return None
    if noun is None:
        return None
    if noun.pos_ == "PROPN":
        return [proper_name(noun)], True
    if noun.pos_ != "NOUN" or noun.lower_ in VAGUE_ANTECEDENTS:
        return None
    if noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.pos_ == "NOUN" \
            and noun.head.head.lower_ not in VAGUE_ANTECEDENTS:
        noun = noun.head.head  # "the chart of the southern islands that ...": the chart
    words = _modifiers(noun) + [noun.lower_]
    of = next((g for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
               for g in c.children if g.dep_ == "pobj" and g.pos_ == "NOUN"), None)
    if of is not None:
        words += _modifiers(of) + [of.lower_]
    return words, False


def _zero_relative(verb: Any) -> Any | None:
    """The noun right before a referring-back clause with no relative word ("it was the barrel
    Aldous had promised the street"), when the parser made the clause a complement instead."""
    if verb.dep_ not in ("ccomp", "conj", "acl"):
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.left_edge.i == 0 or subject.i > verb.i:
        return None
    before = verb.doc[subject.left_edge.i - 1]
    if before.pos_ == "NOUN" and before.dep_ in ("attr", "dobj", "nsubj", "pobj") and \
            before.lower_ not in VAGUE_ANTECEDENTS and before.head.i != verb.i:
        return before
    return None


def _modifiers(noun: Any) -> list[str]:
    """A noun's specific modifiers: compounds, adjectives, numbers, possessor nouns."""
    out: list[str] = []
    for t in noun.lefts:
        if t.dep_ in ("nummod", "compound", "amod", "nmod", "poss") and t.is_alpha \
                and t.pos_ in ("NOUN", "ADJ", "NUM", "PROPN") and t.lower_ not in PLAIN_ADJECTIVES:
            out += [c.lower_ for c in t.lefts if c.pos_ == "NUM" and c.is_alpha] + [t.lower_]
    return out
