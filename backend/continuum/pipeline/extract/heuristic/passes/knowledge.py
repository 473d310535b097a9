"""knowledge_state_deltas: who learns what, how, and from whom.

Rules: "X learned/discovered/found out/realised/heard/saw that …" (the knower is the
subject), "Y told/informed/assured X that …" and "X was told that … (by Y)" (the knower
is the listener, Y the source), "X knew that …" (a state: low certainty), and secrets
passed on ("X told Y the secret", "X revealed the truth to Y"), which also record that X
shared it with Y. The fact is the exact text of the that-clause or the object phrase.
A quoted statement told to someone ("'He is your brother,' she told Anna", "'Ivo is
alive,' Tomas whispered to Mara") is known to the listener: a declarative quotation about
someone or something (not a question, an order, a wish or the speaker's own state).
A knower or source named by a kin noun ("Mara told her father that …") is resolved through
the relationships known so far (`kin.py`); a that-clause never runs past its sentence.
"""

from __future__ import annotations

from typing import Any

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.kin import KinResolver
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.schema import KnowledgeDelta

# lemma → (how, certainty) for a knower in subject position.
LEARN_VERBS: dict[str, tuple[str, float]] = {
    "learn": ("discovered", 0.85), "discover": ("discovered", 0.9), "find": ("discovered", 0.85),
    "realise": ("deduced", 0.85), "realize": ("deduced", 0.85), "understand": ("deduced", 0.7),
    "perceive": ("deduced", 0.75), "guess": ("deduced", 0.5), "deduce": ("deduced", 0.7),
    "conclude": ("deduced", 0.6), "infer": ("deduced", 0.6), "suspect": ("deduced", 0.4),
    "hear": ("told", 0.7), "overhear": ("overheard", 0.8), "read": ("read", 0.85),
    "see": ("witnessed", 0.85), "observe": ("witnessed", 0.8), "notice": ("witnessed", 0.8),
    "witness": ("witnessed", 0.9), "know": ("deduced", 0.5), "recollect": ("deduced", 0.6),
    "remember": ("deduced", 0.6),
}
TELL_VERBS = frozenset(
    {"tell", "inform", "assure", "warn", "remind", "convince", "persuade", "write", "whisper",
     "confide", "reveal", "explain", "confess", "admit", "acquaint", "apprise", "disclose",
     "announce", "betray", "show"}
)
SPEECH_LIKE = frozenset({"observe", "remark", "notice", "read"})
# Speech verbs whose listener is a "to" phrase ("whispered to Mara"): told only by a quotation.
SAY_TO_VERBS = frozenset({"say", "murmur", "cry", "exclaim", "reply", "answer", "add",
                          "declare", "repeat", "mutter", "call"})
# Subjects of a quoted statement that say nothing one could learn ("It is very fine").
VAGUE_SUBJECTS = frozenset({"i", "we", "you", "it", "this", "that", "there", "one", "what"})
BELIEF_PASSIVES = frozenset({"convince", "persuade"})
SECRET_NOUNS = frozenset(
    {"secret", "truth", "news", "story", "tale", "plan", "plot", "intelligence", "mystery",
     "history", "whereabouts", "particulars", "circumstances", "design", "scheme", "intention",
     "identity", "name"}
)


def extract_knowledge(view: ChapterView) -> list[KnowledgeDelta]:
    """Knowledge gained in the chapter, in text order."""
    found: list[KnowledgeDelta] = []
    kin = KinResolver(view, lambda: extract_relationships(view))
    for tok in view.tokens:
        if tok.pos_ != "VERB" or view.is_markup(tok):
            continue
        lemma = tok.lemma_.lower()
        if lemma not in LEARN_VERBS and lemma not in TELL_VERBS and lemma not in SAY_TO_VERBS:
            continue
        if not view.verdict(tok).asserted:
            continue
        if lemma in SAY_TO_VERBS:
            found += _told_quote(view, tok, kin, [n for p, n in view.preps(tok) if p == "to"])
        elif view.is_passive(tok) and lemma in TELL_VERBS:
            found += _told_passive(view, tok, kin)
        elif lemma in TELL_VERBS:
            found += _told_active(view, tok, kin)
        else:
            found += _learned(view, tok, lemma, kin)
    return found


def _people(view: ChapterView, tok: Any, kin: KinResolver) -> list[str]:
    """The character a noun phrase names: a name or pronoun, else a resolved "her father"."""
    found = view.characters(tok)
    if found:
        return found
    relative = kin.resolve(tok)
    return [relative] if relative else []


def _clause(view: ChapterView, verb: Any) -> Any | None:
    """The that- or wh-clause a verb takes (finite, with its own subject)."""
    for child in verb.children:
        if child.dep_ not in {"ccomp", "pcomp"} or child.i < verb.i:
            continue  # a clause before the verb is not its object ("…, I seen")
        if view.token_sent[child.i] != view.token_sent[verb.i]:
            continue  # "read the two letters on the lid: I.M. ¶ He did not …"
        if child.doc[child.left_edge.i].is_quote or any(
            t.is_quote for t in child.doc[verb.i + 1 : child.i]
        ):
            continue  # the parse ran on into the next quotation
        if any(g.dep_ == "mark" and g.lower_ not in {"that", "whether"} for g in child.children):
            continue  # "if …", "because …" clauses are no facts learned
        finite = child.tag_ in {"VBD", "VBZ", "VBP", "MD"} or any(
            g.dep_ in {"aux", "auxpass"} and g.lower_ != "to" for g in child.children
        )
        if finite and any(g.dep_ in {"nsubj", "nsubjpass", "expl"} for g in child.children):
            return child
    return None


def _fact_text(view: ChapterView, clause: Any) -> tuple[str, Any]:
    """The clause text without a leading "that"."""
    tokens = [t for t in clause.subtree if not t.is_space]
    while tokens and (tokens[0].dep_ == "mark" and tokens[0].lower_ == "that"
                      or tokens[0].is_punct):
        tokens.pop(0)
    while tokens and tokens[-1].is_punct:
        tokens.pop()
    if not tokens:
        return view.phrase_text(clause), clause
    return view.text[tokens[0].idx : tokens[-1].idx + len(tokens[-1].text)], clause


def _secret(view: ChapterView, verb: Any) -> Any | None:
    for obj in view.objects(verb):
        if obj.lemma_.lower() in SECRET_NOUNS:
            return obj
    return None


def _delta(
    view: ChapterView, verb: Any, knower: str, knower_tok: Any, fact: str, fact_tok: Any,
    how: str, certainty: float, rule: str, source: str | None = None,
    source_tok: Any | None = None, shared_with: list[str] | None = None,
) -> KnowledgeDelta:
    if source == knower:
        source, source_tok = None, None  # "she had persuaded herself that …"
    parts = [t for t in (knower_tok, fact_tok, source_tok) if t is not None]
    evidence = view.clause_evidence(verb, parts, f"knowledge.{rule}", certainty)
    return KnowledgeDelta(knower=knower, fact=fact[:500], certainty=evidence.confidence,
                          how=how, source=source, shared_with=shared_with or [],  # type: ignore[arg-type]
                          evidence=evidence)


def _learned(view: ChapterView, verb: Any, lemma: str, kin: KinResolver) -> list[KnowledgeDelta]:
    """"X learned that …", "X found out who …", "X knew that …"."""
    if lemma in SPEECH_LIKE and any(p == "to" and view.character(n) for p, n in view.preps(verb)):
        return _told_active(view, verb, kin)  # "observed to Lady Lucas that …" is telling her
    how, certainty = LEARN_VERBS[lemma]
    clause = _clause(view, verb)
    if lemma == "find" and view.particle(verb) != "out" and clause is None:
        return []
    if clause is not None:
        fact, fact_tok = _fact_text(view, clause)
    elif view.particle(verb) == "out" or lemma in {"discover", "learn"}:
        obj = next(iter(view.objects(verb)), None)
        if obj is None or obj.pos_ == "PRON":
            return []
        fact, fact_tok = view.phrase_text(obj), obj
    else:
        return []
    source_pair = next(((n, c) for p, n in view.preps(verb) if p == "from"
                        for c in _people(view, n, kin)), None)
    if source_pair is not None and how in {"discovered", "deduced"}:
        how = "told"  # "learned from Jane that …", "understood from Mrs. Gardiner that …"
    rule = "state" if lemma == "know" else lemma
    out = []
    for s in view.subjects(verb):
        for who in _people(view, s, kin):
            out.append(_delta(view, verb, who, s, fact, fact_tok, how, certainty, rule,
                              source_pair[1] if source_pair else None,
                              source_pair[0] if source_pair else None))
    return out


def _told_active(view: ChapterView, verb: Any, kin: KinResolver) -> list[KnowledgeDelta]:
    """"Y told X that …", "Y told X the secret", "Y revealed the truth to X"."""
    listeners = [c for c in verb.children if c.dep_ in {"dobj", "dative"} and c.pos_ != "ADP"]
    listeners += [n for p, n in view.preps(verb) if p in {"to", "in"}]
    listener_pairs = [(t, c) for t in listeners for c in _people(view, t, kin)]
    speakers = [(s, c) for s in view.subjects(verb) for c in _people(view, s, kin)]
    clause = _clause(view, verb)
    secret = _secret(view, verb)
    out: list[KnowledgeDelta] = []
    if clause is None and secret is None:
        return _told_quote(view, verb, kin, listeners)
    if clause is not None:
        fact, fact_tok = _fact_text(view, clause)
        for t, who in listener_pairs:
            source = speakers[0] if speakers else None
            out.append(_delta(view, verb, who, t, fact, fact_tok, "told", 0.8, "told",
                              source[1] if source else None, source[0] if source else None))
        return out
    if secret is None:
        return out
    fact, fact_tok = view.phrase_text(secret), secret
    names = [who for _, who in listener_pairs]
    for s, teller in speakers:
        if names:
            out.append(_delta(view, verb, teller, s, fact, fact_tok, "told", 0.9, "shared_secret",
                              shared_with=names))
    for t, who in listener_pairs:
        source = speakers[0] if speakers else None
        out.append(_delta(view, verb, who, t, fact, fact_tok, "told", 0.85, "secret",
                          source[1] if source else None, source[0] if source else None))
    return out


def _told_passive(view: ChapterView, verb: Any, kin: KinResolver) -> list[KnowledgeDelta]:
    """"X was told that … (by Y)", "X was informed of the secret"."""
    clause = _clause(view, verb)
    secret = _secret(view, verb)
    if clause is not None:
        fact, fact_tok = _fact_text(view, clause)
    elif secret is not None:
        fact, fact_tok = view.phrase_text(secret), secret
    else:
        return []
    agent = view.agent(verb)
    source = next(iter(_people(view, agent, kin)), None) if agent is not None else None
    belief = verb.lemma_.lower() in BELIEF_PASSIVES  # "she was convinced that …"
    how, certainty, rule = ("deduced", 0.6, "convinced") if belief else ("told", 0.8, "was_told")
    out = []
    for s in view.subjects(verb):
        for who in _people(view, s, kin):
            out.append(_delta(view, verb, who, s, fact, fact_tok, how, certainty, rule,
                              source, agent))
    return out


def _quoted_statement(view: ChapterView, verb: Any) -> Any | None:
    """The quotation a speech tag reports ("'He is your brother,' she told Anna"), if it is
    a statement one can learn from: declarative, finite, about a third person or thing."""
    clause = next((c for c in verb.children if c.dep_ == "ccomp" and c.i < verb.i
                   and c.pos_ in {"VERB", "AUX"}), None)
    if clause is None or not view.in_quote(clause):
        return None
    if view.token_sent[clause.i] != view.token_sent[verb.i]:
        return None
    tokens = list(clause.subtree)
    after = clause.doc[tokens[-1].i + 1 : verb.i]
    if any(t.text in {"?", "!"} for t in (*tokens, *after)):
        return None  # a question or an exclamation
    first = next((t for t in tokens if not t.is_punct), clause)
    if first.tag_ in {"WP", "WRB", "WDT", "WP$"} or (first.pos_ == "AUX" and first.i < clause.i
                                                      and first.dep_ in {"aux", "ROOT"}):
        return None  # "What does Mr. Darcy mean," said she, "by …?": a question
    subject = next((c for c in clause.children if c.dep_ in {"nsubj", "nsubjpass", "expl"}), None)
    if subject is None or subject.lower_ in VAGUE_SUBJECTS:
        return None  # an order ("Come here"), or the speaker's own state
    if subject.pos_ == "PRON" and not view.characters(subject):
        return None
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in clause.children):
        return None  # "he might be your brother": a guess
    verdict = view.verdict(clause)
    if verdict.reason not in {None, "negation", "no_longer"}:
        return None
    return clause


def _told_quote(
    view: ChapterView, verb: Any, kin: KinResolver, listeners: list[Any],
) -> list[KnowledgeDelta]:
    """"'He is your brother,' she told Anna": the listener learns the quoted statement."""
    clause = _quoted_statement(view, verb)
    if clause is None:
        return []
    fact, fact_tok = _fact_text(view, clause)
    speakers = [(s, c) for s in view.subjects(verb) for c in _people(view, s, kin)]
    source = speakers[0] if speakers else None
    out = []
    for t in listeners:
        for who in _people(view, t, kin):
            if source is not None and who == source[1]:
                continue
            out.append(_delta(view, verb, who, t, fact, fact_tok, "told", 0.7, "told_quote",
                              source[1] if source else None, source[0] if source else None))
    return out
