"""thread_updates: plot threads (mysteries, quests, goals) opened, advanced and closed.

Open: a goal verb of finding out or getting back ("set out to find the treasure", "was
determined to discover …", "must find …"), a search ("in search of X", "searched for X"),
"the mystery of X", an unknown culprit ("who had taken/stolen/killed X"), or a question
a goal verb takes ("set out to find who had forged the ledger", "resolved to find out who
the stranger was": the thread is the question, "who forged ledger", "who stranger was").
Goals are irrealis by nature, so the desire/hedge gate does not block an opening; negation
does. Progress and close: a search verb (progress) or a finding verb (close: "at last
found", "solved", "returned the X") whose object matches an open thread, from this chapter
or from the story context; a finding verb whose question covers half an open thread's
words ("at last she found who had forged the ledger"); and, for a "who X was" thread, an
asserted identity statement naming a person ("The stranger was Tomas's lost brother,
Ivo Marsh"). Thread names are short and normalized ("find treasure").
"""

from __future__ import annotations

import re
from typing import Any

from continuum.pipeline.extract.heuristic.gates import NEGATION, NO_LONGER, QUESTION
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relationships import RELATION_NOUNS
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.heuristic.passes.things import QUEST_NOUNS, thing_key
from continuum.pipeline.extract.schema import ThreadUpdate

GOAL_VERBS = words(
    """find discover learn recover rescue avenge solve uncover unmask catch seek locate
    retrieve"""
)
GOAL_HEADS = frozenset({"set", "determine", "resolve", "vow", "swear", "start"})
SEARCH_NOUNS = frozenset({"search", "quest", "pursuit", "hunt"})
CULPRIT_VERBS = {
    "take": "took", "steal": "stole", "kill": "killed", "murder": "murdered", "write": "wrote",
    "send": "sent", "hide": "hid", "poison": "poisoned", "betray": "betrayed", "rob": "robbed",
    "break": "broke", "burn": "burned",
}
PROGRESS_VERBS = words(
    """search seek look follow trace track inquire enquire ask question hunt pursue examine
    investigate suspect learn hear"""
)
CLOSE_VERBS = words(
    """find discover solve recover return restore retrieve uncover unmask catch rescue avenge
    regain"""
)
# Finding verbs that answer a question clause ("learned who had sent the letter").
ANSWER_VERBS = words("find discover learn uncover establish realise realize solve")
WH_TAGS = frozenset({"WP", "WRB", "WDT", "WP$"})
WH_WORDS = words("who whom whose what which where when why how whether")
QUESTION_COVER = 0.5
STOP = words(
    """the a an of to who what his her their my your its this that which for in on at by
    with and or had has have was were is be been it"""
)


def content_words(name: str) -> set[str]:
    """The words of a thread name that can be matched against later text."""
    return {w for w in re.findall(r"[a-z]+", name.lower()) if w not in STOP and len(w) > 2}


def extract_threads(view: ChapterView) -> list[ThreadUpdate]:
    """Openings, progress and closings, in text order; one progress per thread per chapter."""
    found: list[ThreadUpdate] = []
    open_threads: dict[str, set[str]] = {}
    for name in view.context.open_threads:
        words = content_words(name)
        if words:
            open_threads[name] = words
    progressed: set[str] = set()
    closed: set[str] = set()
    for tok in view.doc:
        if view.is_markup(tok):
            continue
        lemma = tok.lemma_.lower()
        opened = _opening(view, tok, lemma)
        if opened is not None:
            if opened.thread not in open_threads:
                open_threads[opened.thread] = content_words(opened.thread)
                found.append(opened)
            continue
        if not open_threads:
            continue
        if lemma == "be" and tok.pos_ in {"AUX", "VERB"}:
            update = _identity(view, tok, open_threads, closed)
            if update is not None:
                found.append(update)
            continue
        if tok.pos_ != "VERB":
            continue
        if lemma in ANSWER_VERBS:
            update = _answered(view, tok, open_threads, closed)
            if update is not None:
                found.append(update)
                continue
        if lemma in CLOSE_VERBS or lemma in PROGRESS_VERBS:
            update = _advance(view, tok, lemma, open_threads, progressed, closed)
            if update is not None:
                found.append(update)
    return found


def _wh_clause(verb: Any) -> Any | None:
    """The question clause a verb takes: "find who had forged it", "find out who he was"."""
    for child in verb.children:
        if child.dep_ != "ccomp" or child.i < verb.i or child.pos_ not in {"VERB", "AUX"}:
            continue
        first = child.left_edge
        if first.tag_ in WH_TAGS and first.lower_ != "that":
            return child
    return None


def _np_name(view: ChapterView, tok: Any) -> str | None:
    """A noun phrase as a thread word: the entity, else its lemma key; no bare pronouns."""
    key = view.key(tok)
    if key:
        return key
    if tok.pos_ not in {"NOUN", "PROPN"}:
        return None
    return view.noun_phrase(tok)[1]


def _question_name(view: ChapterView, clause: Any) -> str | None:
    """A question clause as a short thread name: "who had forged the Guild ledger" → "who
    forged guild ledger", "who the stranger was" → "who stranger was"."""
    wh = clause.left_edge.lower_
    subjects = [s for s in view.subjects(clause) if s.tag_ not in WH_TAGS]
    subject = _np_name(view, subjects[0]) if subjects else None
    if subjects and subject is None:
        return None  # "what it meant": the question is about nothing we can name
    if clause.lemma_.lower() == "be":
        if subject is None:
            return None
        return f"{wh} {subject} {clause.lower_}"
    verb = CULPRIT_VERBS.get(clause.lemma_.lower(), clause.lower_) if clause.tag_ in {
        "VBD", "VBN"} else clause.lower_
    obj = next(iter(view.objects(clause)), None)
    obj_name = _object_name(view, obj) if obj is not None else None
    name = " ".join(filter(None, [wh, subject, verb, obj_name]))
    return name if content_words(name) - {verb} else None


def _covers(words: set[str], thread_words: set[str]) -> bool:
    return bool(thread_words) and len(words & thread_words) / len(thread_words) >= QUESTION_COVER


def _answered(
    view: ChapterView, verb: Any, open_threads: dict[str, set[str]], closed: set[str],
) -> ThreadUpdate | None:
    """"At last Mara found who had forged the Guild ledger": the question is answered."""
    clause = _wh_clause(verb)
    if clause is None or not view.verdict(verb).asserted:
        return None
    name = _question_name(view, clause)
    if name is None:
        return None
    words = content_words(name)
    for thread, thread_words in open_threads.items():
        if thread not in closed and _covers(words, thread_words):
            closed.add(thread)
            cue = any(c.lower_ in {"last", "finally", "length"} for c in verb.subtree)
            parts = [*view.subjects(verb), clause]
            return _update(view, thread, "close", verb, parts, "answered", 0.75 if cue else 0.65)
    return None


def _names_person(view: ChapterView, tok: Any) -> bool:
    """A predicate that identifies someone: a character, a name, or "Tomas's brother"."""
    if view.character(tok) or tok.pos_ == "PROPN":
        return True
    if any(c.dep_ == "appos" and (view.character(c) or c.pos_ == "PROPN") for c in tok.children):
        return True
    return tok.lemma_.lower() in RELATION_NOUNS and any(
        c.dep_ == "poss" and view.character(c) for c in tok.children)


def _identity(
    view: ChapterView, copula: Any, open_threads: dict[str, set[str]], closed: set[str],
) -> ThreadUpdate | None:
    """"The stranger was Tomas's lost brother, Ivo Marsh" answers "who stranger was"."""
    attr = next((c for c in copula.children if c.dep_ == "attr"), None)
    subject = next((c for c in copula.children if c.dep_ == "nsubj"), None)
    if attr is None or subject is None or subject.pos_ == "PRON" or attr.tag_ in WH_TAGS:
        return None
    if not _names_person(view, attr) or not view.verdict(copula).asserted:
        return None
    subject_name = _np_name(view, subject)
    words = content_words(subject_name) if subject_name else set()
    if not words:
        return None
    for thread, thread_words in open_threads.items():
        parts = thread.split()
        if thread in closed or len(parts) < 3 or parts[0] != "who" or parts[-1] not in {
                "was", "is", "were", "are"}:
            continue
        if thread_words and thread_words <= words:
            closed.add(thread)
            return _update(view, thread, "close", copula, [subject, attr], "identity", 0.7)
    return None


def _characters(view: ChapterView, verb: Any) -> list[str]:
    """The characters of the sentence the update is read from."""
    start, end = view.sentence_span(verb)
    return view.characters_between(start, end)


def _object_name(view: ChapterView, tok: Any) -> str | None:
    """A goal's object as a short name ("treasure", "Flint's map" → "map"), no pronouns."""
    if tok.pos_ == "PRON":
        return None
    key = view.key(tok)
    if key:
        return key
    if tok.pos_ not in {"NOUN", "PROPN"}:
        return None
    _, lemma_key = view.noun_phrase(tok)
    for child in tok.children:  # "the extent of his assistance", "the mystery of the letter"
        if child.dep_ == "prep" and child.lower_ == "of":
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            inner = _object_name(view, pobj) if pobj is not None else None
            if inner:
                return f"{lemma_key} of {inner}"
    return lemma_key


def _goal_name(view: ChapterView, tok: Any) -> str | None:
    """What a quest can be after: a character, a thing, or a secret, culprit or relative."""
    if view.character(tok) or thing_key(view, tok):
        return _object_name(view, tok)
    if tok.pos_ == "NOUN" and tok.lemma_.lower() in QUEST_NOUNS:
        return _object_name(view, tok)
    return None


def _update(
    view: ChapterView, thread: str, action: str, verb: Any, parts: list[Any], rule: str,
    confidence: float,
) -> ThreadUpdate:
    evidence = view.clause_evidence(verb, parts, f"threads.{rule}", confidence)
    return ThreadUpdate(thread=thread, action=action,  # type: ignore[arg-type]
                        summary=" ".join(evidence.quote.split())[:300],
                        entities=_characters(view, verb), evidence=evidence)


def _blocked(view: ChapterView, verb: Any) -> bool:
    return view.verdict(verb).reason in {NEGATION, NO_LONGER}


def _opening(view: ChapterView, tok: Any, lemma: str) -> ThreadUpdate | None:
    if tok.pos_ == "VERB" and lemma in GOAL_VERBS:
        return _goal(view, tok, lemma)
    if tok.pos_ == "NOUN" and lemma in SEARCH_NOUNS:
        return _search_noun(view, tok)
    if tok.pos_ == "NOUN" and lemma == "mystery":
        return _mystery(view, tok)
    if tok.pos_ == "VERB" and lemma in CULPRIT_VERBS:
        return _culprit(view, tok, lemma)
    return None


def _goal(view: ChapterView, verb: Any, lemma: str) -> ThreadUpdate | None:
    """"set out to find the treasure", "was determined to discover the truth"."""
    head = verb.head
    has_to = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    must = any(c.dep_ == "aux" and c.lower_ == "must" for c in verb.children) and not any(
        c.dep_ == "aux" and c.lower_ == "have" for c in verb.children
    )  # "must have caught" guesses at the past; "must find" sets a goal
    goal = (has_to and verb.dep_ in {"xcomp", "advcl"}
            and (head.lemma_.lower() in GOAL_HEADS or head.lower_ in {"determined", "resolved"}))
    if not goal and not must:
        return None
    anchor = head if goal and head.pos_ in {"VERB", "AUX"} else verb
    if _blocked(view, anchor) or view.verdict(anchor).reason == QUESTION:
        return None
    obj = next(iter(view.objects(verb)), None)
    if obj is None and lemma in ANSWER_VERBS:
        clause = _wh_clause(verb)
        question = _question_name(view, clause) if clause is not None else None
        if question is not None and clause is not None:
            return _update(view, question, "open", verb, [anchor, clause], "question", 0.65)
    name = _goal_name(view, obj) if obj is not None else None
    if name is None:
        return None
    verb_words = " ".join(filter(None, [lemma, view.particle(verb)]))
    return _update(view, f"{verb_words} {name}", "open", verb, [anchor, obj], "goal", 0.65)


def _search_noun(view: ChapterView, noun: Any) -> ThreadUpdate | None:
    """"went in search of the doctor", "the quest for the grail"."""
    target = None
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ in {"of", "for"}:
            target = next((g for g in child.children if g.dep_ == "pobj"), None)
    if target is None:
        return None
    name = _goal_name(view, target)
    if name is None:
        return None
    verb = noun
    while verb.pos_ not in {"VERB", "AUX"} and verb.head is not verb:
        verb = verb.head
    if _blocked(view, verb):
        return None
    return _update(view, f"find {name}", "open", verb, [noun, target], "search", 0.6)


def _mystery(view: ChapterView, noun: Any) -> ThreadUpdate | None:
    """"the mystery of the missing letter"."""
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            if pobj is None:
                continue
            name = _object_name(view, pobj)
            if name is None:
                return None
            verb = noun
            while verb.pos_ not in {"VERB", "AUX"} and verb.head is not verb:
                verb = verb.head
            return _update(view, f"mystery of {name}", "open", verb, [noun, pobj], "mystery",
                           0.6)
    return None


def _culprit(view: ChapterView, verb: Any, lemma: str) -> ThreadUpdate | None:
    """"who had taken the key?", "wondered who had stolen the letter"."""
    subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subject is None or subject.lower_ != "who" or verb.dep_ == "relcl":
        return None
    if not any(c.dep_ == "aux" and c.lower_ in {"had", "has", "have"} for c in verb.children):
        return None
    head = verb.head
    if verb.dep_ == "ccomp" and head.lemma_.lower() in ANSWER_VERBS and view.verdict(head).asserted:
        return None  # "at last she found who had stolen it": an answer, not a question
    obj = next(iter(view.objects(verb)), None)
    name = _object_name(view, obj) if obj is not None else None
    if name is None:
        return None
    past = CULPRIT_VERBS[verb.lemma_.lower()]
    return _update(view, f"who {past} {name}", "open", verb, [subject, obj], "culprit", 0.55)


def _advance(
    view: ChapterView, verb: Any, lemma: str, open_threads: dict[str, set[str]],
    progressed: set[str], closed: set[str],
) -> ThreadUpdate | None:
    if not view.verdict(verb).asserted:
        return None
    targets = [*view.objects(verb), *(n for _, n in view.preps(verb))]
    if view.is_passive(verb):
        targets += view.subjects(verb)
    words: set[str] = set()
    for t in targets:
        name = _object_name(view, t)
        if name:
            words |= content_words(name)
    if not words:
        return None
    for thread, thread_words in open_threads.items():
        if thread in closed or not (words & thread_words):
            continue
        if lemma in CLOSE_VERBS and thread.split()[0] not in WH_WORDS:
            closed.add(thread)  # finding the ledger does not answer who forged it
            cue = any(c.lower_ in {"last", "finally", "length"} for c in verb.subtree)
            parts = [*view.subjects(verb), *targets]
            return _update(view, thread, "close", verb, parts, "close", 0.75 if cue else 0.6)
        if thread in progressed:
            continue
        progressed.add(thread)
        parts = [*view.subjects(verb), *targets]
        return _update(view, thread, "progress", verb, parts, "progress", 0.55)
    return None
