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

Wider wordings: plans ("meant/intended/had to find out who …", "swore she would find the man
who had killed her father" → "who killed father"); wishes open only a mystery-shaped
question ("wanted to know who had sent the letter", never "wanted to find her gloves");
what no one knows ("no one knew what had become of X" → "what became of X", "did not know
where the ledger had gone" → "find ledger", "wondered who the stranger was"); "whoever had
taken …", "the question of who …". Answers: knowing at a marked moment ("at last she knew
who …"), a cleft ("it was Jonah who had taken the letter"), the deed told with its doer in
the past perfect, reported or quoted ("Jonah confessed that he had taken the letter"), and
"the mystery … was solved" closing the thread its words fit best.
"""

from __future__ import annotations

from typing import Any

from continuum.language.content import letter_words
from continuum.pipeline.extract.heuristic.gates import NEGATION, NO_LONGER, QUESTION
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relation_words import RELATION_NOUNS
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.heuristic.passes.things import QUEST_NOUNS, thing_key
from continuum.pipeline.extract.schema import ThreadUpdate

GOAL_VERBS = words(
    """find discover learn recover rescue avenge solve uncover unmask catch seek locate
    retrieve"""
)
GOAL_HEADS = frozenset({"set", "determine", "resolve", "vow", "swear", "start", "mean", "intend",
                        "plan", "decide", "have", "promise", "undertake"})
GOAL_ADJECTIVES = frozenset({"determined", "resolved", "bent"})
# Heads of a wish rather than a plan: they open a thread only on a mystery-shaped question
# ("wanted to know who had sent the letter"), never on an object ("wanted to find her gloves").
WISH_HEADS = frozenset({"want", "wish", "long", "need", "hope"})
WISH_ADJECTIVES = frozenset({"anxious", "eager", "curious", "impatient", "desperate", "keen"})
# Verbs whose question clause is an open question when no one can answer it ("no one knew
# what had become of him", "wondered where the ledger had gone").
NOT_KNOWING = words("know tell say guess wonder ask")
NOBODY = frozenset({"nobody", "none", "noone"})
QUESTION_NOUNS = words("question mystery riddle puzzle")
WHEREABOUTS_VERBS = words("go vanish disappear hide keep take carry")
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
# "At last she knew who …": knowing answers a question only when the text marks the moment.
ANSWER_CUES = words("last finally length now")
WH_TAGS = frozenset({"WP", "WRB", "WDT", "WP$"})
WH_WORDS = words("who whom whose what which where when why how whether")
QUESTION_COVER = 0.5
STOP = words(
    """the a an of to who what his her their my your its this that which for in on at by
    with and or had has have was were is be been it"""
)


def content_words(name: str) -> set[str]:
    """The words of a thread name that can be matched against later text."""
    return {w for w in letter_words(name) if w not in STOP and len(w) > 2}


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
    for tok in view.tokens:
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
            update = _cleft(view, tok, open_threads, closed) or _identity(
                view, tok, open_threads, closed)
            if update is not None:
                found.append(update)
            continue
        if tok.pos_ != "VERB":
            continue
        if lemma in ANSWER_VERBS or (lemma == "know" and _cued(tok)):
            update = _answered(view, tok, open_threads, closed)
            if update is not None:
                found.append(update)
                continue
        if lemma in CULPRIT_VERBS:
            update = _named_culprit(view, tok, open_threads, closed)
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
    if clause.lemma_.lower() == "become" and wh == "what":
        fate = _fate_of(view, clause)
        return f"what became of {fate}" if fate else None
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
            cue = _cued(verb)
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
    if subject.pos_ == "NOUN":  # "the stranger", though the reveal keys him to his name now
        words |= content_words(view.noun_phrase(subject)[1])
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
    if tok.pos_ == "VERB" and (lemma in GOAL_VERBS or lemma == "know"):
        update = _goal(view, tok, lemma)
        if update is not None or lemma not in NOT_KNOWING:
            return update
    if tok.pos_ == "VERB" and lemma in NOT_KNOWING:
        return _unknown(view, tok, lemma)
    if tok.pos_ == "NOUN" and lemma in SEARCH_NOUNS:
        return _search_noun(view, tok)
    if tok.pos_ == "NOUN" and lemma in QUESTION_NOUNS:
        return _question_noun(view, tok)
    if tok.pos_ == "VERB" and lemma in CULPRIT_VERBS:
        return _culprit(view, tok, lemma)
    if tok.pos_ == "VERB" and lemma == "become":
        return _fate(view, tok)
    if tok.pos_ == "VERB" and lemma in DECISION_VERBS:
        return _decision(view, tok)
    return None


def _cued(verb: Any) -> bool:
    """"At last she knew …", "now he knew …": a cue word of the verb's own clause."""
    for t in verb.subtree:
        if t.lower_ not in ANSWER_CUES or t.i == verb.i:
            continue
        up = t
        while up.i != verb.i and up.head.i != up.i and up.dep_ not in {
                "ccomp", "xcomp", "relcl", "advcl", "pcomp"}:
            up = up.head
        if up.i == verb.i:
            return True
    return False


def _nobody(view: ChapterView, verb: Any) -> bool:
    """"No one knew …", "nobody could tell …", "she did not know …"."""
    if view.verdict(verb).reason == NEGATION:
        return True
    for s in view.subjects(verb):
        if s.lower_ in NOBODY or (s.lower_ == "one" and any(
                c.lower_ == "no" for c in s.children)):
            return True
    return False


def _fate_of(view: ChapterView, verb: Any) -> str | None:
    """The X of "what had become of X", as a thread word; no unresolved pronoun."""
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            if pobj is not None:
                return _np_name(view, pobj)
    return None


def _mystery_question(view: ChapterView, clause: Any) -> str | None:
    """A question shaped like a mystery, as a thread name, or None for a passing question.

    Who did a deed ("who had taken the letter" → "who took letter"), what became of
    someone ("what became of captain"), where someone or something went ("where the
    ledger had gone" → "find ledger", closed by finding it), who an unnamed person is
    ("who the stranger was")."""
    wh = clause.left_edge.lower_
    lemma = clause.lemma_.lower()
    if wh == "who" and lemma in CULPRIT_VERBS:
        name = _question_name(view, clause)
        return name if name and name.split()[1:2] == [CULPRIT_VERBS[lemma]] else None
    if wh == "what" and lemma == "become":
        if any(c.dep_ == "aux" and c.tag_ == "MD" for c in clause.children):
            return None  # "I do not know what would become of her": a fear, not a mystery
        return _question_name(view, clause)
    subjects = [s for s in view.subjects(clause) if s.tag_ not in WH_TAGS]
    if not subjects:
        return None
    subject = subjects[0]
    if wh == "where" and (lemma in WHEREABOUTS_VERBS or (
            lemma == "be" and thing_key(view, subject))):
        if lemma in {"hide", "keep", "take", "carry"} and not view.is_passive(clause):
            return None  # "where he had hidden it": the question is about "it"
        target = _goal_name(view, subject)
        return f"find {target}" if target else None
    if wh == "who" and lemma == "be" and subject.pos_ == "NOUN":
        return _question_name(view, clause)
    return None


def _unknown(view: ChapterView, verb: Any, lemma: str) -> ThreadUpdate | None:
    """"No one knew what had become of the captain", "she wondered where the ledger had gone"."""
    clause = _wh_clause(verb)
    if clause is None:
        return None
    if lemma in {"wonder", "ask"}:
        if not view.verdict(verb).asserted and view.verdict(verb).reason not in {"belief", None}:
            return None
    elif not _nobody(view, verb):
        return None
    name = _mystery_question(view, clause)
    if name is None:
        return None
    return _update(view, name, "open", verb, [verb, clause], "unknown", 0.6)


def _question_noun(view: ChapterView, noun: Any) -> ThreadUpdate | None:
    """"the question of who had sent it", "the mystery of where the ledger had gone"."""
    for child in noun.children:
        if child.dep_ != "prep" or child.lower_ != "of":
            continue
        clause = next((g for g in child.children if g.dep_ == "pcomp"
                       and g.pos_ in {"VERB", "AUX"} and g.left_edge.tag_ in WH_TAGS), None)
        if clause is not None:
            name = _mystery_question(view, clause)
            if name is None:
                return None
            return _update(view, name, "open", _clause_verb(noun), [noun, clause], "question_of",
                           0.6)
    return _mystery(view, noun) if noun.lemma_.lower() == "mystery" else None


def _clause_verb(tok: Any) -> Any:
    verb = tok
    while verb.pos_ not in {"VERB", "AUX"} and verb.head.i != verb.i:
        verb = verb.head
    return verb


def _fate(view: ChapterView, verb: Any) -> ThreadUpdate | None:
    """"What had become of the captain?": someone's fate is an open question."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ != "what" or verb.dep_ == "relcl":
        return None
    head = verb.head
    if verb.dep_ == "ccomp" and _answers(view, head):
        return None  # "at last she learned what had become of him"
    if verb.dep_ == "ccomp" and head.lemma_.lower() in NOT_KNOWING | GOAL_VERBS:
        return None  # the head verb's own rule decides
    name = _mystery_question(view, verb)
    if name is None:
        return None
    return _update(view, name, "open", verb, [subject, verb], "fate", 0.55)


def _answers(view: ChapterView, verb: Any) -> bool:
    """Whether a verb, taking a question, states its answer ("at last found who …")."""
    lemma = verb.lemma_.lower()
    return (lemma in ANSWER_VERBS or (lemma == "know" and _cued(verb))) and \
        view.verdict(verb).asserted and not _nobody(view, verb)


def _cleft(
    view: ChapterView, copula: Any, open_threads: dict[str, set[str]], closed: set[str],
) -> ThreadUpdate | None:
    """"It was Jonah Crane who had taken the letter" answers "who took letter"."""
    subject = next((c for c in copula.children if c.dep_ in {"nsubj", "expl"}), None)
    attr = next((c for c in copula.children if c.dep_ == "attr"), None)
    if subject is None or subject.lower_ != "it" or attr is None:
        return None
    if not (view.character(attr) or attr.pos_ == "PROPN"):
        return None
    clause = next((c for c in (*attr.children, *copula.children)
                   if c.dep_ in {"relcl", "ccomp"} and c.pos_ in {"VERB", "AUX"}
                   and any(g.dep_ == "nsubj" and g.lower_ in {"who", "that"}
                           for g in c.children)), None)
    if clause is None or not view.verdict(copula).asserted:
        return None
    lemma = clause.lemma_.lower()
    verb = CULPRIT_VERBS.get(lemma, clause.lower_) if clause.tag_ in {"VBD", "VBN"} else clause.lower_
    obj = next(iter(view.objects(clause)), None)
    obj_name = _object_name(view, obj) if obj is not None else None
    if obj_name is None:
        return None
    deed = [verb, obj_name]
    words = content_words(obj_name)
    for thread, thread_words in open_threads.items():
        parts = thread.split()
        if thread in closed or parts[:2] != ["who", deed[0]] or not _covers(
                words, thread_words - {deed[0]}):
            continue
        closed.add(thread)
        return _update(view, thread, "close", copula, [subject, attr, clause], "cleft", 0.7)
    return None


def _named_culprit(
    view: ChapterView, verb: Any, open_threads: dict[str, set[str]], closed: set[str],
) -> ThreadUpdate | None:
    """"Mara learned that Jonah Crane had taken the letter": the culprit is named.

    The deed must be told as a revelation: in the past perfect ("had taken"), reported
    ("confessed that he took it") or in dialogue; a plain "Mara took the letter to the Guild"
    is the story going on, not the answer to "who took letter"."""
    if not view.verdict(verb).asserted or verb.dep_ == "relcl":
        return None
    perfect = any(c.dep_ in {"aux", "auxpass"} and c.lower_ in {"had", "has", "have"}
                  for c in verb.children)
    if not (perfect or verb.dep_ == "ccomp" or view.in_quote(verb)):
        return None
    if view.is_passive(verb):
        agent = view.agent(verb)
        doers = [agent] if agent is not None else []
        done = view.subjects(verb)
    else:
        doers, done = view.subjects(verb), view.objects(verb)
    doer = next((d for d in doers if d.tag_ not in WH_TAGS and view.character(d)), None)
    target = next(iter(done), None)
    obj = _object_name(view, target) if target is not None else None
    if doer is None or obj is None or target is None:
        return None
    past = CULPRIT_VERBS[verb.lemma_.lower()]
    words = content_words(obj)
    for thread, thread_words in open_threads.items():
        parts = thread.split()
        if thread in closed or parts[:2] != ["who", past] or not _covers(
                words, thread_words - {past}):
            continue
        closed.add(thread)
        return _update(view, thread, "close", verb, [doer, target], "named", 0.65)
    return None


def _goal(view: ChapterView, verb: Any, lemma: str) -> ThreadUpdate | None:
    """"set out to find the treasure", "was determined to discover the truth"."""
    head = verb.head
    head_lemma = head.lemma_.lower()
    has_to = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    must = any(c.dep_ == "aux" and c.lower_ == "must" for c in verb.children) and not any(
        c.dep_ == "aux" and c.lower_ == "have" for c in verb.children
    )  # "must have caught" guesses at the past; "must find" sets a goal
    goal = (has_to and verb.dep_ in {"xcomp", "advcl"}
            and (head_lemma in GOAL_HEADS or head.lower_ in GOAL_ADJECTIVES)
            and not (head_lemma == "have" and head.pos_ != "VERB"))
    # "swore that she would find …": a vow's own clause
    goal = goal or (verb.dep_ == "ccomp" and head_lemma in {"swear", "vow", "resolve", "promise"}
                    and any(c.dep_ == "aux" and c.lower_ in {"would", "will", "should", "shall"}
                            for c in verb.children))
    wish = (has_to and verb.dep_ == "xcomp"
            and (head_lemma in WISH_HEADS or head.lower_ in WISH_ADJECTIVES))
    if not goal and not must and not wish:
        return None
    anchor = head if (goal or wish) and head.pos_ in {"VERB", "AUX"} else verb
    if _blocked(view, anchor) or view.verdict(anchor).reason == QUESTION:
        return None
    obj = next(iter(view.objects(verb)), None)
    if obj is None and (lemma in ANSWER_VERBS or lemma == "know"):
        clause = _wh_clause(verb)
        question = None
        if clause is not None:
            question = (_question_name(view, clause) if goal or must
                        else _mystery_question(view, clause))
        if question is not None and clause is not None:
            return _update(view, question, "open", verb, [anchor, clause], "question", 0.65)
    if wish or lemma == "know":
        return None  # a wish to find a thing is no quest; knowing is only of questions
    if obj is not None:
        culprit = _culprit_of(view, obj)
        if culprit is not None:  # "find the man who had killed her father"
            return _update(view, culprit[0], "open", verb, [anchor, obj, culprit[1]], "question",
                           0.6)
    name = _goal_name(view, obj) if obj is not None else None
    if name is None:
        return None
    verb_words = " ".join(filter(None, [lemma, view.particle(verb)]))
    return _update(view, f"{verb_words} {name}", "open", verb, [anchor, obj], "goal", 0.65)


def _culprit_of(view: ChapterView, noun: Any) -> tuple[str, Any] | None:
    """"the man who had killed her father" → ("who killed father", the clause)."""
    if noun.lemma_.lower() not in {"man", "woman", "person", "one", "fellow", "villain",
                                   "wretch", "thief", "murderer", "scoundrel"}:
        return None
    for clause in noun.children:
        if clause.dep_ != "relcl" or clause.lemma_.lower() not in CULPRIT_VERBS:
            continue
        if not any(c.dep_ == "nsubj" and c.lower_ in {"who", "that"} for c in clause.children):
            continue
        obj = next(iter(view.objects(clause)), None)
        name = _object_name(view, obj) if obj is not None else None
        if name is not None:
            return f"who {CULPRIT_VERBS[clause.lemma_.lower()]} {name}", clause
    return None


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
    verb = _clause_verb(noun)
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
            verb = _clause_verb(noun)
            return _update(view, f"mystery of {name}", "open", verb, [noun, pobj], "mystery",
                           0.6)
    return None


def _culprit(view: ChapterView, verb: Any, lemma: str) -> ThreadUpdate | None:
    """"who had taken the key?", "wondered who had stolen the letter"; a deed done by
    someone unnamed: "Somebody in this house had taken the plate", "someone has stolen it"."""
    subject = next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    if subject is None or verb.dep_ == "relcl":
        return None
    if subject.lower_ in UNKNOWN_DOERS:
        if _blocked(view, verb) or not view.verdict(verb).asserted:
            return None  # "nobody had taken it", "if someone had taken it"
    elif subject.lower_ not in {"who", "whoever"}:
        return None
    if not any(c.dep_ == "aux" and c.lower_ in {"had", "has", "have"} for c in verb.children):
        return None
    head = verb.head
    if verb.dep_ == "ccomp" and _answers(view, head):
        return None  # "at last she found who had stolen it": an answer, not a question
    obj = next(iter(view.objects(verb)), None)
    name = _object_name(view, obj) if obj is not None else None
    if name is None:
        return None
    past = CULPRIT_VERBS[verb.lemma_.lower()]
    return _update(view, f"who {past} {name}", "open", verb, [subject, obj], "culprit", 0.55)


UNKNOWN_DOERS = frozenset({"somebody", "someone"})
# A decision still to be taken: "The trustees will vote on whether to close the observatory",
# "the court would decide whether he was guilty", "the board is to consider whether to sell".
DECISION_VERBS = words("vote decide determine consider debate deliberate rule judge settle choose")
DECISION_PREPS = frozenset({"on", "about", "upon", "over"})


def _decision(view: ChapterView, verb: Any) -> ThreadUpdate | None:
    """A pending decision on a "whether" question opens a thread named by the question:
    "will vote in April on whether to close the Halloran Observatory" → "whether trustees
    close Halloran Observatory". Only a decision not yet taken (future, modal, "is to");
    in dialogue only one others will take ("The trustees will vote …"), not the speaker's own
    ("we'll decide whether to walk")."""
    if _blocked(view, verb) or any(c.dep_ == "neg" for c in verb.children):
        return None  # "will not vote on whether …": no question left to decide
    if view.in_quote(verb) and any(s.lower_ in {"i", "we", "you"} for s in view.subjects(verb)):
        return None
    if not (any(c.dep_ == "aux" and c.lower_ in {"will", "would", "shall", "must", "is", "are",
                                                 "was", "were", "to", "'ll", "’ll"}
                for c in verb.children) or verb.tag_ in {"VBZ", "VBP"}):
        return None
    clause = None
    for child in verb.children:
        if child.dep_ in {"ccomp", "xcomp", "advcl"} and _whether(child):
            clause = child
        elif child.dep_ == "prep" and child.lower_ in DECISION_PREPS:
            clause = next((g for g in child.children if g.dep_ == "pcomp" and _whether(g)), clause)
    if clause is None:
        return None
    deciders = [_np_name(view, s) for s in view.subjects(verb)]
    own = [s for s in view.subjects(clause) if s.lower_ != "whether"] if not any(
        c.dep_ == "aux" and c.lower_ == "to" for c in clause.children) else []
    who = _np_name(view, own[0]) if own else (deciders[0] if deciders else None)
    obj = next(iter(view.objects(clause)), None)
    what = _object_name(view, obj) if obj is not None else None
    if what is None:
        return None
    name = " ".join(filter(None, ["whether", who, clause.lemma_.lower(), what]))
    return _update(view, name, "open", verb, [clause], "decision", 0.55)


def _whether(clause: Any) -> bool:
    return any(c.lower_ == "whether" and c.i < clause.i for c in clause.children)


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
        for prep in t.children:  # "the mystery of who had taken the letter was solved"
            clause = next((g for g in prep.children if g.dep_ == "pcomp"
                           and g.left_edge.tag_ in WH_TAGS), None) if prep.lower_ == "of" else None
            question = _question_name(view, clause) if clause is not None else None
            if question:
                words |= content_words(question)
    if not words:
        return None
    # the thread the words fit best ("the mystery of the letter was solved" is the mystery's)
    ranked = sorted(open_threads.items(), key=lambda kv: -len(words & kv[1]) / max(1, len(kv[1])))
    for thread, thread_words in ranked:
        if thread in closed or not (words & thread_words):
            continue
        answers = lemma in {"solve"} and _covers(words, thread_words)
        if lemma in CLOSE_VERBS and (thread.split()[0] not in WH_WORDS or answers):
            closed.add(thread)  # finding the ledger does not answer who forged it
            cue = _cued(verb)
            parts = [*view.subjects(verb), *targets]
            return _update(view, thread, "close", verb, parts, "close", 0.75 if cue else 0.6)
        if thread in progressed:
            continue
        progressed.add(thread)
        parts = [*view.subjects(verb), *targets]
        return _update(view, thread, "progress", verb, parts, "progress", 0.55)
    return None
