"""canon: a locked canon fact contradicted by the draft (FAIL); a hair or eye colour or an
occupation that an earlier chapter states otherwise, not locked (WARN).

Colours and occupations are compared only as the extractor read them (`canon_facts`: "Mara's
blue eyes", "hair the colour of wet sand", "black-haired"; "Jonah Crane, the Guild's own
treasurer", "Teaching was Elena Marsh's living", "like the wheelwright he was"): a colour agrees
with a locked one of the same colour group ("raven" is black), a value or a lock that names no
colour ("dark") is not compared, and a reading the extractor marks as a likeness, a "their" or
a hyphenated description only WARNs. A trade agrees with the locked one in words or trade family
("smith" / "blacksmith", "dressmaker" / "seamstress"); another trade only WARNs (people hold two
posts, or change them), and a trade of the past ("in his youth") passes. Ages too are compared
only as the extractor read them ("Tomas turned thirty", "not yet twenty", in speech "I" the
speaker's and "you" the listener's): older than the lock by at most AGE_SLACK years is fine,
younger contradicts, and a bound contradicts only when no age it allows fits; an age said in
dialogue, of a pronoun, or "At nineteen" only WARNs. When the world locks two different values
of one single-valued fact, one lock was mis-attributed: a value agreeing with either passes and
a contradiction is only a WARN. A fact whose subject is only a pronoun never FAILs, and is
silent when its value is another mentioned person's (canon_subjects); ages by arithmetic
(canon_years) live in their own module, and what they share with this check (the locked values
and their conflicts, how trades and ages agree) in canon_record."""

from __future__ import annotations

import uuid

from continuum.language.ages import age_value, said_age
from continuum.language.colours import colour_key
from continuum.language.names import name_surfaces, normalize, split_honorific
from continuum.language.pronouns import first_pronoun
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.canon_record import (
    NAME,
    colour_disagrees,
    contradicts,
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
)
from continuum.pipeline.critic.recognisers.canon_years import year_findings
from continuum.pipeline.extract.schema import CanonFactItem, FactFrame
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
        frame = _frame(fact)
        for locked in world.locked_canon:
            same_subject = (subject is not None and subject == locked.subject_id) or \
                normalize(fact.subject) == normalize(locked.subject)
            predicate = locked.predicate
            if not same_subject or predicate != fact.predicate or predicate not in SINGLE_VALUED \
                    or predicate == "age":
                continue  # ages: `_ages`
            if normalize(locked.value) == normalize(fact.value) or _agrees(
                    world, locked.subject_id, locked.subject, predicate, fact.value):
                continue
            if predicate in COLOURS and (
                    (locked.subject_id or subject or locked.subject, predicate) in coloured
                    or not colour_disagrees(world, locked.subject_id, locked.subject, predicate, fact.value)):
                continue  # one finding per person's colour; "raven" is black, "dark" is no colour
            if predicate == "occupation" and (trade_agrees(fact.value, locked.value) or frame.bygone):
                continue  # "the clerk" of the locked "clerk of the Harbour Guild"; "in his youth"
            if frame.then:
                continue  # "the compasses her father gave her when she was fourteen"
            namesake = _namesake(world, locked.subject_id, locked.subject, predicate, fact.value,
                                 fact.evidence.quote)
            pronoun = only_pronoun(claims, locked.subject_id or subject, frame)
            if pronoun and meant_other(claims, world, locked.subject_id or subject, predicate, fact.value,
                                       frame.pronoun):
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
    findings += _stated_trades(claims, world, findings)
    findings += _ages(claims, world, findings)
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
        frame = _frame(fact)
        if subject is None or predicate not in COLOURS or drawn is None or (subject, predicate) in done \
                or fact.evidence.rule in READINGS or any(
                    f.subject_id == subject and f.predicate == predicate for f in world.locked_canon):
            continue
        earlier = [f for f in world.stated_colours if f.subject_id == subject and f.predicate == predicate
                   and colour_key(f.value) is not None and _named_earlier(claims, subject, f.evidence.quote)]
        if not earlier or any(colour_key(f.value) == drawn for f in earlier) or frame.then \
                or only_pronoun(claims, subject, frame):
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
                   and _named_earlier(claims, subject, f.evidence.quote)]
        start, end = fact.evidence.start, fact.evidence.end
        frame = _frame(fact)
        if not earlier or any(trade_agrees(fact.value, f.value) for f in earlier) \
                or frame.bygone or frame.then \
                or only_pronoun(claims, subject, frame) or overlaps_any(found + findings, start, end):
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


def _frame(fact: CanonFactItem) -> FactFrame:
    """How the sentence gives the fact, as the extractor marked it (`passes/canon_frames`; the
    critique frames an LLM's facts): unmarked, a fact has no sentence and names nobody."""
    return fact.frame or FactFrame()


def _named_earlier(claims: DraftClaims, subject: uuid.UUID, quote: str) -> bool:
    """An earlier chapter's stated fact (a quote of the record) names the person, or at least
    does not give them only as a pronoun ("her black hair" may have been another woman's)."""
    return named_in(claims, subject, name_surfaces(quote)) or first_pronoun(quote) is None


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


def _ages(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Each age the extractor read against its person's locked ages: a draft may make someone
    older by at most AGE_SLACK years, never younger, and a bound ("not yet 20") contradicts
    only when no age it allows fits. A name in narration FAILs (unless the locks disagree);
    an age said in dialogue, of a pronoun, "At nineteen" (maybe a look back) or the value of
    a namesake's only WARNs; a pronoun's is silent when another mentioned person has it."""
    findings: list[Finding] = []
    for fact in claims.extraction.canon_facts:
        person = claims.bind(fact.subject) if fact.predicate == "age" else None
        age, bound = age_value(fact.value)
        locked = [(f, v) for f in world.locked_canon if person is not None and f.subject_id == person
                  and f.predicate == "age" and (v := age_value(f.value)[0]) is not None]
        if age is None or not locked or not all(contradicts(v, age, bound) for _f, v in locked):
            continue
        frame = _frame(fact)
        if frame.then:
            continue  # "since he was fourteen": then, not now
        pronoun = only_pronoun(claims, person, frame)
        if pronoun and not bound and meant_other(claims, world, person, "age", str(age), frame.pronoun):
            continue  # "she was nineteen": the other woman in the scene is nineteen
        first, last = frame.sentence_start, frame.sentence_end
        if first is None or last is None or overlaps_any(found + findings, first, last):
            continue
        lock, value = locked[0]
        namesake = _namesake(world, person, lock.subject, "age", str(age), fact.evidence.quote)
        how = (f" (but that is {namesake}'s age, and the sentence does not say which of them it "
               f"means)" if namesake else
               " (said in dialogue)" if frame.spoken else
               " (the person is only a pronoun)" if pronoun else
               " (maybe said of an earlier time)" if fact.evidence.rule == "canon.age_at" else "")
        findings.append(Finding(
            check=NAME, severity="WARN" if how else _severity(world, person, "age"),
            message=f"{lock.subject}'s age is locked as {lock.value}, the draft says "
                    f"{said_age(age, bound)}{_note(world, person, 'age')}{how}",
            draft_start=first, draft_end=last, draft_quote=claims.text[first:last],
            evidence_chapter=lock.evidence.chapter, evidence_quote=lock.evidence.quote))
    return findings
