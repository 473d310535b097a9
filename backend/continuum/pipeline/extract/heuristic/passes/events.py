"""events: asserted clause verbs with a character taking part, typed by a verb-class lexicon.

A verb is an event when its clause is finite and asserted (gates), it is not stative
("was", "had", "knew") and not a bare dialogue tag ("said she"), and its subject or
object resolves to a character. The summary is a compact subject-verb-object string.
Story order is text order, except that past-perfect clauses with a "once/ago/before"
cue (flashbacks) are ordered before the chapter's present.
"""

from __future__ import annotations

from typing import Any

from continuum.language.grammar import FINITE_TAGS
from continuum.language.speech import DIALOGUE_TAGS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.schema import EventItem

VERB_CLASSES: dict[str, frozenset[str]] = {
    "movement": words(
        """go come walk ride return arrive leave travel enter run drive sail journey hurry
        hasten proceed fly flee escape move set head march climb wander stroll retire repair
        depart follow approach cross reach rush dash gallop creep crawl jump leap step turn
        accompany advance withdraw retreat pursue chase visit"""
),
    "communication": words(
        """say tell ask reply answer write speak talk call cry shout whisper explain announce
        inform declare promise swear confess admit warn beg assure insist suggest propose
        mention remark observe repeat argue exclaim mutter murmur protest report address
        invite thank praise advise recommend command order request read sing laugh"""
),
    "conflict": words(
        """fight attack kill strike hit quarrel threaten shoot stab wound murder slay beat
        abuse insult refuse oppose betray seize capture rob steal punish scold rebuke
        struggle resist defeat destroy burn break ambush mutiny injure hurt"""
),
    "social": words(
        """marry wed engage dance meet introduce dine court kiss embrace greet welcome
        accept reject forgive befriend join marry visit entertain receive congratulate
        separate part divorce propose"""
),
    "possession": words(
        """take give buy sell lose find keep hold own steal receive obtain acquire hand
        bring carry fetch pocket drop hide bury lend borrow send deliver pick collect
        inherit win"""
),
    "perception": words(
        """see hear watch notice observe look perceive smell listen glance spy behold
        witness examine recognise recognize discover gaze stare"""
),
}
CLASS_IMPACT = {
    "conflict": 0.65, "social": 0.5, "possession": 0.45, "movement": 0.4,
    "communication": 0.3, "perception": 0.25, "other": 0.3,
}
GRAVE = frozenset({"kill", "murder", "slay", "die", "marry", "wed", "engage", "betray"})
STATIVE = words(
    """be have seem appear become remain know think believe like love hate hope wish want
    need belong contain consist resemble mean suppose fancy feel own deserve matter lack
    understand doubt expect imagine prefer possess owe require depend exist"""
)
CLAUSE_DEPS = frozenset({"ROOT", "conj", "advcl", "ccomp", "parataxis", "relcl"})
FLASHBACK_CUES = frozenset({"once", "ago", "formerly", "previously", "before", "earlier"})
TAIL_PREPS = frozenset(
    {"to", "into", "towards", "toward", "from", "with", "at", "for", "on", "upon", "against"}
)
VAGUE_PRONOUNS = words(
    """it them they this that these those which what who whom whichever whatever whoever
    one something anything nothing everything all"""
)
_CLASS_OF = {lemma: cls for cls, lemmas in VERB_CLASSES.items() for lemma in lemmas}


def verb_class(lemma: str) -> str:
    """The event type of a verb lemma, "other" when the lexicon does not know it."""
    return _CLASS_OF.get(lemma, "other")


def extract_events(view: ChapterView, delta_verbs: set[int] | None = None) -> list[EventItem]:
    """Asserted events with a character participant, in text order."""
    delta_verbs = delta_verbs or set()
    found: list[tuple[bool, EventItem]] = []
    for tok in view.tokens:
        if tok.pos_ != "VERB" or tok.dep_ not in CLAUSE_DEPS or view.is_markup(tok):
            continue
        lemma = tok.lemma_.lower()
        if lemma in STATIVE or not _finite(tok):
            continue
        if view.in_quote(tok) and not _past(tok):
            continue  # present tense in dialogue: habits, plans and generalities
        if lemma in DIALOGUE_TAGS and _is_dialogue_tag(view, tok):
            continue
        verdict = view.verdict(tok)
        if not verdict.asserted:
            continue
        item = _event(view, tok, lemma, tok.i in delta_verbs)
        if item is not None:
            found.append((_flashback(tok), item))
    ordered = [i for i, (back, _) in enumerate(found) if back]
    ordered += [i for i, (back, _) in enumerate(found) if not back]
    for order, index in enumerate(ordered):
        found[index][1].story_order = order
    return [item for _, item in found]


def _finite(verb: Any) -> bool:
    if verb.tag_ in FINITE_TAGS:
        return True
    return any(c.dep_ in {"aux", "auxpass"} and c.lower_ != "to" for c in verb.children)


def _past(verb: Any) -> bool:
    """Simple past, perfect, or past passive: what a speaker reports as having happened."""
    if verb.tag_ == "VBD":
        return True
    return verb.tag_ == "VBN" and any(
        c.dep_ in {"aux", "auxpass"} and c.lower_ in {"had", "has", "have", "was", "were", "'d"}
        for c in verb.children
    )


def _is_dialogue_tag(view: ChapterView, verb: Any) -> bool:
    """"… ,” said his lady": a speech verb attached to quoted words, not an event itself."""
    doc = view.doc
    para = view.token_para[verb.i]
    for j in (verb.i - 1, verb.i - 2, verb.i + 1, verb.i + 2):
        if 0 <= j < len(doc) and doc[j].is_quote and view.token_para[j] == para:
            return True
    return any(view.in_quote(c) and c.dep_ in {"ccomp", "parataxis"}
               and view.token_para[c.i] == para for c in verb.children)


def _event(view: ChapterView, verb: Any, lemma: str, is_delta: bool) -> EventItem | None:
    subjects = view.subjects(verb)
    objects = view.objects(verb)
    preps = view.preps(verb)
    datives = [c for c in verb.children if c.dep_ == "dative" and c.pos_ != "ADP"]
    participants: list[str] = []
    for tok in [*subjects, *objects, *datives, *(n for _, n in preps)]:
        key = view.character(tok)
        if key and key not in participants:
            participants.append(key)
    if not participants:
        return None
    kind = verb_class(lemma)
    if kind == "possession" and not is_delta and not _hands_over_a_thing(view, verb, objects):
        kind = "other"  # "kept the necessary terms", "had brought up Mr. Collins", "took her arm"
    if kind == "other" and view.is_passive(verb) and view.agent(verb) is None:
        return None  # "she was discontented": a state, not an event
    subject_tok = subjects[0] if subjects else None
    passive = view.is_passive(verb)
    if passive:
        agent = view.agent(verb)
        object_tok, subject_tok = subject_tok, agent
    else:
        object_tok = objects[0] if objects else (datives[0] if datives else None)
    subject = _label(view, subject_tok)
    obj = _label(view, object_tok)
    auxes = [c.text for c in verb.children
             if c.dep_ in {"aux", "auxpass"} and c.i < verb.i
             and c.lower_ not in {"do", "did", "does"}]
    verb_text = " ".join([*(auxes if verb.tag_ in {"VBN", "VBG"} else []), verb.text])
    verb_text = " ".join(filter(None, [verb_text, view.particle(verb)]))
    if obj is not None and obj == subject:
        obj = None  # reflexive: "he had taken himself out of the way"
    tail = ""
    for prep, noun in preps:
        label = view.name_of(noun)
        if prep in TAIL_PREPS and label and label not in {subject, obj}:
            tail = f"{prep} {label}"
            break
    if passive:
        summary = " ".join(filter(None, [obj, verb_text.strip(), f"by {subject}" if subject
                                         else None, tail or None]))
    else:
        summary = " ".join(filter(None, [subject, verb_text, obj, tail or None]))
    impact = CLASS_IMPACT[kind] + (0.2 if is_delta else 0.0) + (0.25 if lemma in GRAVE else 0.0)
    named = any(view.token_kind[t.i] == "name" for t in subjects)
    confidence = 0.6 + (0.15 if named else 0.0)
    parts = [t for t in (*subjects, *objects, *datives) if t is not None]
    parts += [noun for _, noun in preps[:1]]
    evidence = view.clause_evidence(verb, parts, f"events.{kind}", confidence)
    return EventItem(
        type=kind,
        summary=summary[:200],
        subject=view.name_of(subject_tok) if subject_tok is not None else None,
        verb=lemma,
        object=obj,
        participants=participants,
        impact=round(min(1.0, impact), 3),
        evidence=evidence,
    )


# Objects of give/take/keep/bring that are not things anyone holds: "took her arm", "kept
# the necessary terms", "gave great humility", "took his leave", "brought the news".
NOT_HELD = words(
    """arm arms hand hands head eye eyes breath breaths step steps seat place part notice care
    leave liberty liberties pleasure pains trouble time courage heart advantage opportunity
    chance way look glance interest offence offense term terms hint hints news word words
    account opinion opinions idea ideas side turn walk rest hope hopes comfort credit effect
    attention rise note answer advice consent permission fancy shape form possession"""
)
ABSTRACT_ENDINGS = ("ion", "ity", "ness", "ance", "ence", "dom", "hood", "ism", "tude")


def _hands_over_a_thing(view: ChapterView, verb: Any, objects: list[Any]) -> bool:
    """A give/take/keep verb whose object is a thing one can hold: not a person ("brought up
    Mr. Collins"), a body part, a courtesy or an abstract noun. Without an object, no."""
    if not objects or view.particle(verb) == "up":
        return False
    head = objects[0]
    if view.character(head) or head.pos_ == "PRON" and head.lower_ not in {"it", "them"}:
        return False
    lemma = head.lemma_.lower()
    return lemma not in NOT_HELD and not (len(lemma) > 5 and lemma.endswith(ABSTRACT_ENDINGS))


def _label(view: ChapterView, tok: Any | None) -> str | None:
    """How a participant reads in a summary: its entity, else its compact noun phrase."""
    if tok is None:
        return None
    name = view.name_of(tok)
    if name:
        return name
    if tok.pos_ == "PRON":
        return None if tok.lower_ in VAGUE_PRONOUNS else tok.text
    if tok.pos_ not in {"NOUN", "PROPN", "NUM"}:
        return None
    surface, _ = view.noun_phrase(tok)
    det = next((c.text for c in tok.lefts if c.dep_ in {"det", "poss"}), None)
    return f"{det} {surface}" if det else surface


def _flashback(verb: Any) -> bool:
    """A past-perfect clause with a cue such as "had once" or "years before"."""
    if not any(c.dep_ == "aux" and c.lower_ == "had" for c in verb.children):
        return False
    return any(c.lower_ in FLASHBACK_CUES for c in verb.children
               if c.dep_ in {"advmod", "npadvmod"})
