"""object_uses: each object of the narration's now, as the parse shows it (`ObjectUse`).

- handled: the object of a verb with a subject ("Tomas turned the silver compass over",
  "unlocked the strongroom with the brass key"), not a verb of seeing, thinking or wanting;
- on_person: lying on someone's hands, lap or knees ("Jonah's ledger lay open on her knees");
- present: the subject of a verb of the story's now ("the brass key on its string knocked
  against her collarbone", "the compass glinted"), or the thing a fronted verb of lying or
  hanging shows ("on the corner of the desk lay the silver compass");
- found: the object of a verb of finding ("she found the brass key under the receipts");
- handed: passed to someone ("gave her the gold watch", "put it into her hand", "held it out
  to Mara").

Where the parse splits a phrase ("took the silver thimble from him" read as "silver" and a
stray "thimble"), the words still give it: "X took / used / opened / held ... the silver
compass" is a use too (rule `object_uses.words`).

Only narration, and only a finite verb that is not perfect, modal or negated: "had weighed the
brass key in his hand once" is no use now. Which world object a record names, and whether
that contradicts who holds it, is the critic's comparison (`critic.checks.possession`).
"""

from __future__ import annotations

import bisect
import re
from typing import Any

from continuum.language.lexicon import words
from continuum.language.names import PRONOUNS, PROPER_NAME, normalize
from continuum.language.possession import HANDING_VERBS, HANDS, PLACING_VERBS
from continuum.language.prose import Span, in_speech, sentences, speeches
from continuum.pipeline.extract.heuristic.passes.clauses import (
    clause_subject,
    finite,
    negated,
    perfect_or_modal,
    remembered,
    reported,
)
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import Evidence, ObjectUse, Referent

# Verbs whose object is not in the subject's hands: perception, speech, thought, wanting.
NOT_HANDLING = words("""see look watch notice mention remember recall think imagine describe
                     want miss need name discuss forget find seek search lose recognise recognize
                     hear ask dream picture fear hate love like wonder mean""")
# Where an object lying somewhere is in someone's hands: "the ledger lay open on her knees".
BODY = words("""hand hands palm palms lap knee knees fingers pocket pockets arms arm fist grip
             belt neck coat apron collarbone chest throat breast bosom wrist waist shoulder hip
             ribs skin thigh""")
# Verbs of lying, hanging or shining somewhere: the thing is in the scene, nobody need hold it.
RESTING = words("""lie lay sit hang rest stand wait gleam glint glitter shine dangle swing lean
                perch nestle sparkle wink catch""")
# Verbs with an object as subject that do not put it in the scene now.
ABSENT = words("""be have sink vanish disappear go fall drown rust rot seem mean matter belong
               remain stay haunt come get become cost need deserve lose leave used""")
# Verbs of coming upon a thing: "found the brass key under the receipts".
FINDING = words("find discover spot notice see uncover unearth retrieve recover fish spy")
# Where a lost thing still is: "the brass key lay in the harbour mud" is consistent.
LOSS_PLACES = words("""harbour harbor sea mud bottom seabed depths deep silt weed river riverbed
                    grave ashes ruins wreck drift tide""")
# Verbs that hand a thing over when it goes into a hand ("put it into her hand"), and the hands.
INTO_HAND = PLACING_VERBS | {"fold"}
INTO = HANDS | {"fist", "arm", "arms", "safekeeping"}
# Words that may follow an object's head noun without making it a modifier of another noun.
AFTER_HEAD = words("""to from in into on onto out of off up down over under back away aside open
                   shut again and or but with at by for across through round around about behind
                   beside between inside near toward towards upon that which he she it they him
                   her them his its their the a an this there here then as so still too once
                   twice closer carefully gently slowly is was had were lay""")
# A simple past right after a thing's name, read from the words where the parse lost the verb.
_PAST_IRREGULAR = words("""swung hung lay sat shone struck caught rang beat bit stood spun slid stuck
                        clung rode rose sprang shook broke flew lit dug wound""")
_FRONTED = "lay|hung|sat|stood|rested|waited|gleamed|glinted|glittered|shone|dangled|swung|leaned|perched"
# A sentence that opens on a place: "On the corner of the desk, ... lay the silver compass".
_PLACE_FIRST = re.compile(r"^(?:On|In|At|Under|Beneath|Beside|Among|Against|Behind|Inside|Upon|Over|"
                          r"Across|By|Near|Between|Above|Below|There|Here|Round|Around)\b")
_MODIFIER = (r"(?:\s+(?:on|in|at|round|around|from|with|upon|under|by)\s+"
             r"(?:its|her|his|their|the|a|an)\s+[a-z]+)?")
_SUBJECTS = ("nsubj", "nsubjpass")
# A use read from the words: a name or "he"/"she", a verb of handling, and what follows.
USE_VERBS = ("took|takes|used|uses|opened|unlocked|held|holds|pulled|drew|set|read|turned|wound|"
             "lifted|laid|carried|showed|wore|sat|stood|checked|consulted|produced|brought|"
             "fingered|polished|examined|closed|locked|waved|raised|clutched|gripped|weighed")
_USE = re.compile(rf"(?P<user>{PROPER_NAME}|\b[Hh]e\b|\b[Ss]he\b)\s+(?:\w+ly\s+)?(?P<verb>{USE_VERBS})\b"
                  r"(?P<rest>[^.;:!?\"“”]*)")
# A specific object: "the brass key", "the Guild ledger" (article, modifier, noun).
_OBJECT = re.compile(r"\bthe\s+(?P<np>(?:[A-Z][a-z]+|[a-z]{3,})\s+[a-z]{3,})\b")
# Words of "the X Y" that make it no one object: "the same day", "the other way", "the whole night".
NOT_OBJECT = words("""same other whole first last next only very most best rest way day night
                   morning evening afternoon time end one two three old new little great long few""")
_FROM = re.compile(rf"\bfrom\s+(?P<from>{PROPER_NAME}|him\b|her\b)")


def extract_object_uses(view: ChapterView) -> list[ObjectUse]:
    """Every object the narration handles, shows, finds or hands on in the story's now."""
    reader = _Reader(view)
    for tok in view.tokens:
        if tok.pos_ == "VERB" and not reader.quoted(tok):
            reader.handed(tok)
        if tok.pos_ == "NOUN" and not reader.quoted(tok) and not _names_another(tok):
            reader.noun(tok)
    reader.by_name()
    reader.by_words()
    return reader.out


class _Reader:
    """One chapter's records, with its quotes and sentences computed once."""

    def __init__(self, view: ChapterView) -> None:
        self.view, self.doc, self.text = view, view.doc, view.text
        self.spoken = speeches(self.text)
        self.sentences = sentences(self.text)
        self.starts = [s.start for s in self.sentences]
        self.out: list[ObjectUse] = []

    def quoted(self, tok: Any) -> bool:
        return in_speech(self.spoken, tok.idx) is not None

    def sentence_at(self, offset: int) -> Span | None:
        at = bisect.bisect_right(self.starts, offset) - 1
        return self.sentences[at] if at >= 0 and offset < self.sentences[at].end else None

    def noun(self, tok: Any) -> None:
        verb = tok.head
        instrument = tok.dep_ == "pobj" and verb.lower_ == "with"
        if instrument:
            verb = verb.head
        if tok.dep_ in ("dobj", "pobj") and verb.pos_ == "VERB" and verb.lemma_ not in NOT_HANDLING:
            subject = clause_subject(verb)
            if subject is not None and _now(verb):
                self.add(tok, verb, "handled", subject, instrument=instrument,
                         source=_source(verb, tok))
        elif tok.dep_ == "nsubj" and verb.pos_ == "VERB":
            place = next((g for c in verb.children if c.dep_ == "prep" for g in c.children
                          if g.dep_ == "pobj" and g.lower_ in BODY), None)
            owner = next((c for c in place.children if c.dep_ == "poss"), None) if place is not None else None
            if owner is not None and _now(verb):
                self.add(tok, verb, "on_person", owner)
        if tok.dep_ == "dobj" and verb.lemma_ in FINDING and _story_now(verb):
            self.scene(tok, verb, "found")
        inverted = tok.dep_ in ("dobj", "attr") and verb.lemma_ in RESTING \
            and not any(c.dep_ in _SUBJECTS for c in verb.children) \
            and any(c.i < verb.i and (c.dep_ == "prep" or c.lower_ in ("there", "here"))
                    for c in verb.children)
        if ((tok.dep_ == "nsubj" and verb.pos_ == "VERB" and verb.lemma_ not in ABSENT) or inverted) \
                and verb.pos_ == "VERB" and _story_now(verb):
            self.scene(tok, verb, "present")

    def scene(self, tok: Any, verb: Any, how: str) -> None:
        """A thing found or present: the sentence it is in, and whether it is a memory."""
        sentence = self.sentence_at(tok.idx)
        if sentence is not None:
            self.add(tok, verb, how, None, sentence=sentence)

    def add(self, tok: Any, verb: Any, how: str, user: Any | None, *, instrument: bool = False,
            source: str | None = None, sentence: Span | None = None) -> None:
        mods = [t for t in tok.lefts if t.dep_ in ("compound", "amod", "nmod") and t.is_alpha]
        det = next((c.lower_ for c in tok.children if c.dep_ == "det"), None)
        poss = next((c for c in tok.children if c.dep_ == "poss"), None)
        clause = next((c for c in tok.children if c.dep_ in ("relcl", "acl")), None)
        clause_text = None
        if clause is not None:
            span = list(clause.subtree)
            clause_text = self.text[span[0].idx:span[-1].idx + len(span[-1])]
        start, end = (sentence.start, sentence.end) if sentence is not None else \
            (tok.sent.start_char, tok.sent.end_char)
        self.out.append(ObjectUse(
            how=how, words=[*(t.text for t in mods), tok.text],  # type: ignore[arg-type]
            nominal=[t.lower_ for t in mods if t.pos_ in ("NOUN", "PROPN")], start=tok.idx,
            determiner=det, possessor=referent(poss) if poss is not None else None,
            user=referent(user) if user is not None else None, verb=verb.lemma_,
            verb_text=verb.text, instrument=instrument, source=source,
            resting=verb.lemma_ in RESTING, reported=reported(verb),
            remembered=sentence is not None and remembered(self.doc, self.text, sentence.start),
            where_lost=sentence is not None and _where_lost(sentence.text),
            adjectives=[t.text for t in tok.lefts if t.dep_ == "amod"], clause=clause_text,
            evidence=Evidence(start=start, end=end, quote=self.text[start:end],
                              rule=f"object_uses.{how}", confidence=0.6)))

    def handed(self, verb: Any) -> None:
        """"gave her the gold watch", "put it into her hand", "held it out to Mara": each thing
        passed on ("it" as every noun of the 300 characters before it)."""
        if verb.lemma_ not in HANDING_VERBS and not (verb.lemma_ in INTO_HAND and _into_a_hand(verb)) \
                and not _held_out_to(verb):
            return
        for thing in (c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")):
            nouns = [thing.lower_]
            if thing.lower_ in ("it", "them"):
                before = self.doc.char_span(max(0, thing.idx - 300), thing.idx, alignment_mode="contract")
                nouns = sorted({t.lower_ for t in before or [] if t.is_alpha})
            for noun in nouns:
                self.out.append(ObjectUse(
                    how="handed", words=[noun], start=thing.idx, verb=verb.lemma_, verb_text=verb.text,
                    evidence=Evidence(start=verb.sent.start_char, end=verb.sent.end_char,
                                      quote=verb.sent.text, rule="object_uses.handed", confidence=0.6)))

    def by_name(self) -> None:
        """A known object written out in full, where the parse lost its verb: "the brass key
        on its string knocked against ...", "On the workbench, under the lamp, lay the silver
        thimble"."""
        names = {e.name for e in self.view.context.entities
                 if e.type == "object" and len(e.name.split()) >= 2}
        for name in sorted(names):
            pattern = r"\s+".join(re.escape(w) for w in name.split())
            for m in re.finditer(rf"\b[Tt]he\s+{pattern}\b{_MODIFIER}\s+(?:\w+ly\s+)?(?P<verb>[a-z]+)\b",
                                 self.text):
                span = self.doc.char_span(m.start("verb"), m.end("verb"))
                if span is None:
                    continue
                verb = span[0]
                past = verb.tag_ == "VBD" or verb.lower_ in _PAST_IRREGULAR or verb.lower_.endswith("ed")
                if not past or verb.lemma_ in ABSENT or verb.lower_ in ("was", "had", "were", "used") \
                        or _loosely_not_now(verb):
                    continue  # right after the noun phrase, with no auxiliary: a simple past
                self.named(name, m.start(), verb)
            for m in re.finditer(rf"(?P<verb>{_FRONTED})\s+the\s+{pattern}\b", self.text):
                sentence = self.sentence_at(m.start())
                span = self.doc.char_span(m.start("verb"), m.end("verb"))
                if sentence is None or span is None or not _PLACE_FIRST.match(sentence.text) or \
                        _loosely_not_now(span[0]):
                    continue
                self.named(name, m.start(), span[0])

    def by_words(self) -> None:
        """"X took the silver compass out of her basket", "X sat ... with the Guild ledger open",
        in narration."""
        for sentence in self.sentences:
            if in_speech(self.spoken, sentence.start) is not None:
                continue
            for m in _USE.finditer(sentence.text):
                surface = m.group("user")
                pronoun = normalize(surface) in PRONOUNS
                rest = m.group("rest")
                clause = re.split(r",\s*(?:and|but|then|while|when)\b|\band\s+(?=[A-Z])", rest)[0]
                source = _FROM.search(clause)
                for obj in _OBJECT.finditer(clause):
                    phrase = obj.group("np")
                    if phrase.split()[0].lower() in NOT_OBJECT or phrase.split()[-1] in NOT_OBJECT:
                        continue
                    if names_another(clause[obj.start("np"):], phrase):
                        continue
                    self.out.append(ObjectUse(
                        how="handled", words=phrase.split(), determiner="the",
                        start=sentence.start + m.start("rest") + obj.start("np"),
                        user=Referent(text=surface, start=sentence.start + m.start("user"),
                                      proper=not pronoun, pronoun=pronoun),
                        verb=m.group("verb"), verb_text=m.group("verb"),
                        source=source.group("from") if source else None,
                        evidence=Evidence(start=sentence.start, end=sentence.end, quote=sentence.text,
                                          rule="object_uses.words", confidence=0.5)))

    def named(self, name: str, start: int, verb: Any) -> None:
        sentence = self.sentence_at(start)
        if sentence is None or in_speech(self.spoken, start) is not None:
            return
        self.out.append(ObjectUse(
            how="present", words=name.split(), start=start, determiner="the", verb=verb.lemma_,
            verb_text=verb.text, resting=verb.lemma_ in RESTING, reported=reported(verb),
            remembered=remembered(self.doc, self.text, sentence.start),
            where_lost=_where_lost(sentence.text),
            evidence=Evidence(start=sentence.start, end=sentence.end, quote=sentence.text,
                              rule="object_uses.named", confidence=0.5)))


def _now(verb: Any) -> bool:
    """A finite verb of the story's now: not perfect, modal or negated."""
    return finite(verb) and not perfect_or_modal(verb) and not negated(verb)


def _story_now(verb: Any) -> bool:
    """`_now`, not reported, and not coordinated with a perfect ("had locked it and hung the
    key": the past perfect carries over)."""
    chain = [verb] + ([verb.head] if verb.dep_ == "conj" else [])
    return finite(verb) and not any(perfect_or_modal(v) for v in chain) and not negated(verb) \
        and not reported(verb)


def _loosely_not_now(verb: Any) -> bool:
    """The words already show a simple past, whatever the tagger says ("bumped" tagged as a
    participle): not now only when negated, reported or with an auxiliary."""
    return negated(verb) or reported(verb) or any(c.dep_ in ("aux", "auxpass") for c in verb.children)


def _where_lost(sentence: str) -> bool:
    lower = sentence.lower()
    return any(re.search(rf"\b{p}\b", lower) for p in LOSS_PLACES)


def _names_another(noun: Any) -> bool:
    """The noun modifies the next one: "the compass rose", "the key ring"."""
    after = noun.nbor() if noun.i + 1 < len(noun.doc) else None
    return after is not None and after.pos_ in ("NOUN", "VERB") and after.lower_ not in AFTER_HEAD \
        and after.dep_ in ("compound", "ROOT", "conj", "dobj", "appos", "ccomp")


def names_another(quote: str, obj: str) -> bool:
    """In words: the object's head noun modifies the next noun ("the compass rose", "the key ring")."""
    head = normalize(obj).split()[-1:] or [""]
    for m in re.finditer(rf"\b{re.escape(head[0])}\s+(?P<next>[a-z]+)\b", quote, re.IGNORECASE):
        nxt = m.group("next")
        if nxt.islower() and nxt not in AFTER_HEAD and not nxt.endswith(("ly", "ed")):
            return True
    return False


def referent(tok: Any) -> Referent:
    if tok.pos_ == "PROPN":
        parts = [t for t in tok.lefts if t.dep_ in ("compound", "flat") and t.pos_ == "PROPN"]
        parts += [tok] + [t for t in tok.rights if t.dep_ == "flat" and t.pos_ == "PROPN"]
        return Referent(text=" ".join(t.text for t in parts), start=tok.idx, proper=True)
    return Referent(text=tok.text, start=tok.idx, pronoun=tok.pos_ == "PRON")



def _source(verb: Any, tok: Any) -> str | None:
    """Whom the thing is taken from: "took it from her"."""
    return next((g.text for c in verb.subtree if c.dep_ == "prep" and c.lower_ == "from"
                 and c.head.i in (verb.i, tok.i) or c.head.head.i == verb.i and c.lower_ == "from"
                 for g in c.children if g.dep_ == "pobj"), None)


def _held_out_to(verb: Any) -> bool:
    """"held it out to Mara", "passed the glass over to him": offered across to a person."""
    return verb.lemma_ in ("hold", "reach", "stretch", "push", "slide") \
        and any(c.dep_ == "prt" and c.lower_ in ("out", "over", "across") for c in verb.children) \
        and any(c.dep_ in ("prep", "dative") and c.lower_ == "to" for c in verb.children)


def _into_a_hand(verb: Any) -> bool:
    """"put it into her hand", "pressed it on him": the thing ends up with a person."""
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("into", "in", "on", "upon")):
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            if obj.lower_ in INTO or obj.lower_ in ("him", "her", "them"):
                return True
    return False
