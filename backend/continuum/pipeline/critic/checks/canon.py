"""canon: a locked canon fact contradicted by the draft (FAIL); a hair or eye colour or an
occupation that an earlier chapter states otherwise, not locked (WARN).

Colours and occupations are compared only as the extractor read them (`canon_facts`: "Mara's
blue eyes", "hair the colour of wet sand", "black-haired"; "Jonah Crane, the Guild's own
treasurer", "Teaching was Elena Marsh's living", "like the wheelwright he was"): a colour agrees
with a locked one of the same colour group ("raven" is black), a value or a lock that names no
colour ("dark") is not compared, and a reading the extractor marks as a likeness, a "their" or
a hyphenated description only WARNs. A trade agrees with the locked one in words or trade family
("smith" / "blacksmith", "dressmaker" / "seamstress"); another trade only WARNs (people hold two
posts, or change them), and a trade of the past ("in his youth") passes. Besides the
extractor's canon facts, the critic recognises the listener's age in speech ("there you were
at twenty-seven", WARN). When the world locks two different values of one single-valued fact,
one lock was mis-attributed: a value agreeing with either passes and a contradiction is only a
WARN. A fact whose subject is only a pronoun never FAILs, and is silent when its value is
another mentioned person's (canon_subjects); ages by arithmetic (canon_years) live in their own
module, and what they share with this check (the locked values and their conflicts, how trades
agree) in canon_record."""

from __future__ import annotations

import re
import uuid
from typing import Any

from continuum.language.colours import colour_key
from continuum.language.names import SHORT_NAME, normalize, split_honorific
from continuum.language.numbers import parse_number
from continuum.language.prose import Span, sentences
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.canon_ages import UNDER, about_then, age_findings, contradicts
from continuum.pipeline.critic.recognisers.canon_record import (
    NAME,
    bygone,
    colour_disagrees,
    trade_agrees,
)
from continuum.pipeline.critic.recognisers.canon_record import agrees as _agrees
from continuum.pipeline.critic.recognisers.canon_record import conflict_note as _note
from continuum.pipeline.critic.recognisers.canon_record import severity as _severity
from continuum.pipeline.critic.recognisers.canon_record import value_key as _key
from continuum.pipeline.critic.recognisers.canon_subjects import (
    meant_other,
    named_in,
    only_pronoun,
    pronoun_of,
)
from continuum.pipeline.critic.recognisers.canon_years import year_findings
from continuum.pipeline.persist.canon import SINGLE_VALUED
from continuum.reads.world_state import WorldState

COLOURS = {"hair_colour", "eye_colour"}
# How sure the extractor's reading of a colour is: a likeness, a clause beside the hair or eyes,
# "their" hair and a hyphenated description only WARN (the image or the owner is a reading).
READINGS = {"canon.colour_likeness": " (said in a likeness or a clause beside the hair or eyes)",
            "canon.colour_shared": " (said of them together)",
            "canon.compound": " (in a description)"}


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Each draft fact about a locked (subject, predicate) must agree with the locked value."""
    findings: list[Finding] = []
    coloured: set[tuple[uuid.UUID | str, str]] = set()
    for fact in claims.extraction.canon_facts:
        subject = claims.bind(fact.subject)
        for locked in world.locked_canon:
            same_subject = (subject is not None and subject == locked.subject_id) or \
                normalize(fact.subject) == normalize(locked.subject)
            predicate = locked.predicate
            if not same_subject or predicate != fact.predicate or predicate not in SINGLE_VALUED:
                continue
            if normalize(locked.value) == normalize(fact.value) or _agrees(
                    world, locked.subject_id, locked.subject, predicate, fact.value):
                continue
            if predicate in COLOURS and (
                    (locked.subject_id or subject or locked.subject, predicate) in coloured
                    or not colour_disagrees(world, locked.subject_id, locked.subject, predicate, fact.value)):
                continue  # one finding per person's colour; "raven" is black, "dark" is no colour
            if predicate == "occupation" and (trade_agrees(fact.value, locked.value)
                                              or bygone(_sentence_of(claims.text, fact.evidence.start))):
                continue  # "the clerk" of the locked "clerk of the Harbour Guild"; "in his youth"
            if _then_not_now(claims.text, fact.evidence.start):
                continue  # "the compasses her father gave her when she was fourteen"
            namesake = _namesake(world, locked.subject_id, locked.subject, predicate, fact.value,
                                 fact.evidence.quote)
            pronoun = only_pronoun(claims, locked.subject_id or subject, fact.evidence.start,
                                   fact.evidence.end)
            if pronoun and meant_other(claims, world, locked.subject_id or subject, predicate, fact.value,
                                       pronoun_of(fact.evidence.quote)):
                continue  # "because she was nineteen": the other woman in the scene is nineteen
            doubt = (f" (but that is {namesake}'s {predicate}, and the sentence does not say which "
                     f"of them it means)" if namesake else
                     " (people hold two posts, or change them)" if predicate == "occupation" else
                     " (the person is only a pronoun)" if pronoun else
                     READINGS.get(fact.evidence.rule, "") if predicate in COLOURS else "")
            if predicate in COLOURS:
                coloured.add((locked.subject_id or subject or locked.subject, predicate))
            findings.append(Finding(
                check=NAME, severity="WARN" if doubt else _severity(world, locked.subject_id, predicate),
                message=f"{locked.subject}'s {predicate} is locked as {locked.value!r}, "
                        f"the draft says {fact.value!r}{_note(world, locked.subject_id, predicate)}"
                        + doubt,
                draft_start=fact.evidence.start, draft_end=fact.evidence.end,
                draft_quote=fact.evidence.quote,
                evidence_chapter=locked.evidence.chapter, evidence_quote=locked.evidence.quote,
            ))
    findings += _stated_colours(claims, world, coloured)
    findings += _copular_facts(claims, world, findings)
    findings += _stated_trades(claims, world, findings)
    findings += _spoken_ages(claims, world, findings)
    ages = {f.subject_id: _severity(world, f.subject_id, "age") for f in world.locked_canon
            if f.predicate == "age" and f.subject_id is not None}
    findings += age_findings(claims, world, findings, ages)
    return findings + year_findings(claims, world, findings)


def _stated_colours(claims: DraftClaims, world: WorldState,
                    done: set[tuple[uuid.UUID | str, str]]) -> list[Finding]:
    """A colour the draft gives someone's hair or eyes against the latest colour an earlier
    chapter's sentence gives them by name, when nothing is locked (a WARN: "not locked").
    Both are the extractor's plain readings; the draft's sentence must name the person, and
    the earlier one must not give them only as a pronoun ("her black hair" may have been
    another woman's)."""
    findings: list[Finding] = []
    for fact in claims.extraction.canon_facts:
        subject = claims.bind(fact.subject)
        predicate = fact.predicate
        drawn = colour_key(fact.value)
        if subject is None or predicate not in COLOURS or drawn is None or (subject, predicate) in done \
                or fact.evidence.rule in READINGS or any(
                    f.subject_id == subject and f.predicate == predicate for f in world.locked_canon):
            continue
        earlier = [f for f in world.stated_colours if f.subject_id == subject and f.predicate == predicate
                   and colour_key(f.value) is not None and (named_in(claims, subject, f.evidence.quote)
                                                            or pronoun_of(f.evidence.quote) is None)]
        if not earlier or any(colour_key(f.value) == drawn for f in earlier) \
                or _then_not_now(claims.text, fact.evidence.start) \
                or only_pronoun(claims, subject, fact.evidence.start, fact.evidence.end):
            continue  # "he had long iron-gray hair": whose, is the extractor's guess
        was = earlier[-1]
        done.add((subject, predicate))
        findings.append(Finding(
            check=NAME, severity="WARN",
            message=f"{claims.name_of(subject)}'s {predicate} is {fact.value!r} here, but chapter "
                    f"{was.evidence.chapter} gives {was.value!r} ({predicate}, not locked)",
            draft_start=fact.evidence.start, draft_end=fact.evidence.end, draft_quote=fact.evidence.quote,
            evidence_chapter=was.evidence.chapter, evidence_quote=was.evidence.quote))
    return findings


def _stated_trades(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """An occupation the draft gives someone by name against the occupations earlier chapters
    state for them, when nothing is locked (a WARN: "not locked"; people hold two posts, or
    change them). A trade agreeing with any earlier one, a trade of the past ("in his youth")
    or one said only of a pronoun passes."""
    findings: list[Finding] = []
    done: set[uuid.UUID] = set()
    for fact in claims.extraction.canon_facts:
        subject = claims.bind(fact.subject)
        if fact.predicate != "occupation" or subject is None or subject in done or any(
                f.subject_id == subject and f.predicate == "occupation" for f in world.locked_canon):
            continue
        earlier = [f for f in world.stated_trades if f.subject_id == subject
                   and (named_in(claims, subject, f.evidence.quote) or pronoun_of(f.evidence.quote) is None)]
        start, end = fact.evidence.start, fact.evidence.end
        if not earlier or any(trade_agrees(fact.value, f.value) for f in earlier) \
                or bygone(_sentence_of(claims.text, start)) or _then_not_now(claims.text, start) \
                or only_pronoun(claims, subject, start, end) or overlaps_any(found + findings, start, end):
            continue
        was = earlier[-1]
        done.add(subject)
        findings.append(Finding(
            check=NAME, severity="WARN",
            message=f"{claims.name_of(subject)} is the {fact.value} here, but chapter "
                    f"{was.evidence.chapter} makes them the {was.value} (occupation, not locked)",
            draft_start=start, draft_end=end, draft_quote=fact.evidence.quote,
            evidence_chapter=was.evidence.chapter, evidence_quote=was.evidence.quote))
    return findings


# Speech that gives the listener's age: "there you were at twenty-seven", "you are thirty".
_YOUR_AGE = re.compile(r"\byou\s+(?:were|are)\s+(?:at\s+|only\s+|just\s+|(?P<bound>nearly|almost|not\s+yet|"
                       r"over|past|under)\s+)?"
                       r"(?P<age>(?:twenty|thirty|forty|fifty|sixty|seventy|eighty)(?:-[a-z]+)?|"
                       r"[a-z]+teen|\d{1,2})(?:\s+years\s+old)?\b(?!\s+(?:years|minutes|days|times|miles))",
                       re.IGNORECASE)
_NUMBER = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?|[a-z]+teen|\d{1,2}"
# "For a man of seventy-one, Mr. Finch, you ...": an age given to the one spoken to.
_ONE_OF_AGE = re.compile(rf"\b(?:a|an)\s+(?:[a-z]+\s+)?(?:man|woman|girl|boy|lad|lass|fellow|lady|"
                         rf"gentleman|widow|widower)\s+of\s+(?P<age>{_NUMBER})\b"
                         r"(?!\s+(?:minutes|days|times|miles|pounds|shillings))", re.IGNORECASE)
_VOCATIVE = re.compile(rf"(?:^|,)\s*(?P<name>{SHORT_NAME})\s*(?:[,.!?]|$)")


def _spoken_ages(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """A speaker gives the listener (the last other speaker before the quote) an age far from
    the locked one (a WARN: the listener is inferred)."""
    findings: list[Finding] = []
    speeches = claims.speeches
    for i, speech in enumerate(speeches):
        ages = list(_YOUR_AGE.finditer(speech.text))
        ages += [m for m in _ONE_OF_AGE.finditer(speech.text)
                 if re.search(r"\byou(?:r)?\b", _sentence_of(speech.text, m.start()), re.IGNORECASE)]
        for m in ages:
            age = parse_number(m.group("age").replace("-", " "))
            if age is None or about_then(speech.text[m.end():]):
                continue
            speaker = claims.person(speech.speaker, speech.speaker_at) if speech.speaker else None
            listener = _addressed(claims, speech, m.start(), speaker)
            if listener is None:  # the last other speaker before the quote
                listener = next((who for who in (claims.person(sp.speaker, sp.speaker_at)
                                                 for sp in reversed(speeches[max(0, i - 6):i])
                                                 if sp.speaker)
                                 if who is not None and who != speaker), None)
                if speaker is None:
                    listener = None
            if listener is None:
                continue
            start, end = speech.start + m.start(), speech.start + m.end()
            if _then_not_now(claims.text, start):
                continue  # "when you were fourteen": then, not now
            locked = [(f.subject, f.value, f.evidence) for f in world.locked_canon
                      if f.subject_id == listener and f.predicate == "age"]
            values = [(n, parse_number(v), e) for n, v, e in locked]
            bound = m.groupdict().get("bound")
            if not values or any(v is None or not contradicts(v, age, bound) for _n, v, _e in values):
                continue
            if overlaps_any(found, start, end):
                continue
            name, value, evidence = values[0]
            sentence = next((s for s in sentences(claims.text, speech.start, speech.end)
                             if s.start <= start < s.end), Span(start, end, claims.text[start:end]))
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=f"{claims.name_of(speaker) if speaker else 'A speaker'} gives the listener, "
                        f"{name}, an age of {age}, "
                        f"but the locked age is {value}",
                draft_start=sentence.start, draft_end=sentence.end, draft_quote=sentence.text,
                evidence_chapter=evidence.chapter,  # type: ignore[attr-defined]
                evidence_quote=evidence.quote))  # type: ignore[attr-defined]
    return findings


_TIME_CLAUSE = re.compile(r"\b(?:when|since|until|till|before|after|while|once|by\s+the\s+time)\s+"
                          r"(?:[\w'’]+\s+){0,3}$", re.IGNORECASE)


def _then_not_now(text: str, start: int) -> bool:
    """A fact told inside a time clause is about that time, not the story's now: "since he was
    fourteen", "when her hair was still red"."""
    return _TIME_CLAUSE.search(text[max(0, start - 40):start]) is not None


def _namesake(world: WorldState, subject: uuid.UUID | None, name: str, predicate: str, value: str,
              quote: str) -> str | None:
    """Another person sharing a name with the subject ("Elena Voss" for "Elena Marsh") whose
    locked value is the draft's, when the sentence does not write the subject's full name
    ("I am forty years old", said by the other Elena): the fact was likely given to the wrong
    one of the two. Only a shared first name counts (siblings share a surname, not a name)."""
    if normalize(name) in normalize(quote):
        return None
    first = split_honorific(name)[1].split()[:1]
    for fact in world.locked_canon:
        other, locked = fact.subject, fact.value
        if fact.subject_id == subject or fact.predicate != predicate or normalize(other) == normalize(name):
            continue
        if first and split_honorific(other)[1].split()[:1] == first and (
                normalize(locked) == normalize(value) or _key(normalize(locked)) == _key(normalize(value))):
            return other
    return None


def _sentence_of(text: str, at: int) -> str:
    return next((s.text for s in sentences(text) if s.start <= at < s.end), text)


def _addressed(claims: DraftClaims, speech: Any, at: int, speaker: uuid.UUID | None) -> uuid.UUID | None:
    """The person a speech sentence calls by name: "For a man of seventy-one, Mr. Finch, you
    have ...", "Mara, you were twenty-seven" (a name set off by commas, not the speaker)."""
    sentence = _sentence_of(speech.text, at)
    for m in _VOCATIVE.finditer(sentence):
        start = speech.start + speech.text.find(sentence) + m.start("name")
        who = claims.person(m.group("name"), start)
        if who is not None and who != speaker:
            return who
    return None
















COPULAS = {"be", "become", "turn"}


def _copular_facts(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Copular ages of a resolved person (a name, pronoun or nominal): "Tomas turned thirty",
    "She was thirty-one years old". An age far from the locked one FAILs (a pronoun: WARN)."""
    from continuum.pipeline.critic import parsed

    findings: list[Finding] = []
    done: set[tuple[uuid.UUID, str]] = set()
    for verb in parsed.tokens(claims):
        if verb.lemma_ not in COPULAS or parsed.quoted(claims, verb) or not parsed.main_clause(verb) \
                or any(c.dep_ == "mark" for c in verb.children):
            continue  # "as if he were an admiral", "when he was fourteen": not a statement of now
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        attr = next((c for c in verb.children if c.dep_ in ("attr", "acomp", "oprd", "dobj")), None)
        if subject is None or attr is None or any(c.dep_ == "neg" for c in verb.children):
            continue
        person = parsed.who(claims, subject)
        if person is None:
            continue
        start, end = verb.sent.start_char, verb.sent.end_char
        if overlaps_any(found + findings, start, end):
            continue
        age = _age_value(attr, verb)
        if age is not None and about_then(claims.text[attr.right_edge.idx + len(attr.right_edge):]):
            continue  # "she was seventeen when her father died"
        if age is not None and (person, "age") not in done:
            locked = [(f.subject, parse_number(f.value), f.evidence) for f in world.locked_canon
                      if f.subject_id == person and f.predicate == "age"]
            bound = _bound_before(attr)
            if locked and all(v is not None and contradicts(v, age, bound) for _n, v, _e in locked):
                name, value, evidence = locked[0]
                done.add((person, "age"))
                if subject.pos_ == "PRON" and meant_other(claims, world, person, "age", str(age),
                                                          subject.lower_):
                    continue  # "she was nineteen": the other woman in the scene is nineteen
                severity = "WARN" if subject.pos_ == "PRON" else _severity(world, person, "age")
                findings.append(Finding(
                    check=NAME, severity=severity,  # type: ignore[arg-type]
                    message=f"{name}'s age is locked as {value}, the draft says {age}",
                    draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                    evidence_chapter=evidence.chapter,  # type: ignore[attr-defined]
                    evidence_quote=evidence.quote))  # type: ignore[attr-defined]
            continue
    return findings


def _age_value(attr: Any, verb: Any) -> int | None:
    """The age a copula states: "thirty-one years old", "turned thirty", "was only nineteen"."""
    tok: Any = attr
    if tok.lower_ == "old":
        years = next((c for c in tok.children if c.lower_ in ("years", "year")), None)
        number = next((c for c in years.children if c.dep_ in ("nummod", "quantmod")), None) \
            if years is not None else None
        words = " ".join(t.text for t in number.subtree) if number is not None else ""
    elif tok.like_num and verb.lemma_ in ("be", "turn") and not any(
            c.dep_ == "prep" or c.pos_ == "NOUN" for c in tok.children):
        words = " ".join(t.text for t in tok.subtree)
    else:
        return None
    age = parse_number(words.replace("-", " ")) if words else None
    return age if age is not None and 1 < age < 120 else None


def _bound_before(attr: Any) -> str | None:
    """"nearly thirty", "not yet twenty": the bound written just before an age."""
    words = " ".join(t.lower_ for t in attr.doc[attr.left_edge.i:attr.left_edge.i + 2])
    return next((b for b in (*UNDER, "over", "past", "about", "some", "around")
                 if words == b or words.startswith(b + " ")), None)
