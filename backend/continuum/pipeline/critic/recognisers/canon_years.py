"""Ages by arithmetic: "I was nine years old the year the Kestrel went down" when the earlier
chapters date that event ("lost at sea eleven years before, when his ship went down"), and
"he was thirty the year Mara was born" against Mara's locked age. Only events the world dates
once and for all: a shipwreck the earlier chapters put at one single distance in years, or the
birth of a person whose age is locked. Always a WARN: the sum rests on matching the event.
Whose age it is, is the extractor's reading of the name or pronoun (`claims.person`), and for
a speaker the extractor left unresolved ('"I was nine ...," he said') the one person of that
gender the nearest paragraph names. The plain ages are the extractor's (checks/canon)."""

from __future__ import annotations

import re
import uuid

from continuum.language.ages import NUMBER, UNITS
from continuum.language.names import PRONOUNS, SHORT_NAME, normalize
from continuum.language.numbers import parse_number
from continuum.language.prose import Speech, in_speech, paragraphs, sentences
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.canon_record import AGE_SLACK
from continuum.pipeline.critic.recognisers.canon_subjects import gender
from continuum.reads.world_state import WorldState

_WHO = rf"(?P<who>{SHORT_NAME}|\b(?:I|[Hh]e|[Ss]he)\b)"
_YEARS = rf"(?:{NUMBER}|{UNITS})\b"
_WRECK = r"(?:went\s+down|sank|foundered|was\s+wrecked|was\s+lost|were\s+lost|wreck(?:ed)?)"
_WHEN = r"(?:(?:in\s+)?the\s+(?:very\s+)?(?:year|winter|summer|spring|autumn)(?:\s+that)?|when)"
# "I was nine years old the year the Kestrel went down", "Tomas was fifteen when Mara was born"
FORM = re.compile(
    rf"{_WHO}\s+(?:was|were|had\s+been)\s+(?:only\s+|just\s+)?(?P<age>{_YEARS})(?:\s+years?\s+old)?,?\s+{_WHEN}\s+"
    rf"(?P<event>[^.;!?\"”]{{3,80}}?\b(?:{_WRECK}|was\s+born)\b)")
# "thirty years ... since I came to it a young fellow of two-and-twenty": an age then plus
# the years since is the age now.
SINCE_AT = re.compile(
    rf"\b(?P<years>{_YEARS})\s+years\b[^.;!?\"”]{{0,80}}?\bsince\s+{_WHO}\s+(?:first\s+)?"
    rf"(?:came|started|began|took|joined|went|was\s+(?:made|taken|bound|apprenticed|appointed))\b"
    rf"[^.;!?\"”]{{0,60}}?\b(?:of|at|aged)\s+(?:only\s+|just\s+)?(?P<age>{_YEARS})(?!\s+(?:years|shillings|pounds))")
_BORN = re.compile(rf"^(?P<name>{SHORT_NAME})\s+was\s+born$")
_NAMED = re.compile(rf"\b{SHORT_NAME}")
_DATED = rf"\b(?P<n>{_YEARS})\s+years\s+(?:before|ago|earlier)\b"


def year_findings(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Ages that the years since a dated event make impossible for the locked age."""
    findings: list[Finding] = []
    for sentence in sentences(claims.text):
        for m in FORM.finditer(sentence.text):
            age = parse_number(m.group("age").replace("-", " "))
            at = sentence.start + m.start("who")
            speech = in_speech(claims.speeches, at)
            person = _whose(claims, m.group("who"), at, speech)
            since = _years_since(claims, world, m.group("event").strip())
            if age is None or person is None or since is None:
                continue
            years, evidence_chapter, evidence_quote = since
            now = age + years
            locked = [(f.subject, parse_number(f.value.replace("-", " "))) for f in world.locked_canon
                      if f.subject_id == person and f.predicate == "age"]
            values = [(n, v) for n, v in locked if v is not None]
            if not values or any(v - 1 <= now <= v + AGE_SLACK + 1 for _n, v in values):
                continue
            if overlaps_any(found + findings, sentence.start, sentence.end):
                continue
            name, value = values[0]
            start, end = sentence.start + m.start(), sentence.start + m.end()
            findings.append(Finding(
                check="canon", severity="WARN",
                message=f"{name} was {age} when {m.group('event').strip()}, {years} years ago by "
                        f"chapter {evidence_chapter}, which makes {name} {now}; the locked age is {value}",
                draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                evidence_chapter=evidence_chapter, evidence_quote=evidence_quote))
    return findings + _since_at(claims, world, found + findings)


def _since_at(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """"Thirty years ... since I came to it a young fellow of two-and-twenty": the age then
    plus the years since, against the locked age (a WARN: the sum rests on the reading)."""
    findings: list[Finding] = []
    for sentence in sentences(claims.text):
        for m in SINCE_AT.finditer(sentence.text):
            age = parse_number(m.group("age").replace("-", " "))
            years = parse_number(m.group("years").replace("-", " "))
            at = sentence.start + m.start("who")
            speech = in_speech(claims.speeches, at)
            person = _whose(claims, m.group("who"), at, speech)
            if age is None or years is None or person is None:
                continue
            now = age + years
            locked = [(f.subject, v, f.evidence) for f in world.locked_canon if f.subject_id == person
                      and f.predicate == "age" and (v := parse_number(f.value.replace("-", " "))) is not None]
            if not locked or any(v - 1 <= now <= v + AGE_SLACK + 1 for _n, v, _e in locked):
                continue
            start, end = sentence.start + m.start(), sentence.start + m.end()
            if overlaps_any(found + findings, start, end):
                continue
            name, value, evidence = locked[0]
            findings.append(Finding(
                check="canon", severity="WARN",
                message=f"{name} was {age} {years} years ago, which makes {name} {now}; the locked "
                        f"age is {value}",
                draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                evidence_chapter=evidence.chapter, evidence_quote=evidence.quote))
    return findings


def _years_since(claims: DraftClaims, world: WorldState, event: str) -> tuple[int, int, str] | None:
    """How many years before the earlier chapters an event was: a named person's birth (their
    locked age), or a shipwreck that the earlier chapters date at one single distance."""
    born = _BORN.match(event)
    if born is not None:
        person = claims.person(born.group("name"))
        ages = [(age, f.evidence.chapter, f.evidence.quote) for f in world.locked_canon
                if person is not None and f.subject_id == person and f.predicate == "age"
                and (age := parse_number(f.value.replace("-", " "))) is not None]
        return ages[0] if len({a for a, _c, _q in ages}) == 1 else None
    if not re.search(_WRECK, event) or claims.history is None:
        return None
    dated: dict[int, tuple[int, str]] = {}
    for prior in claims.history.sentences_with(_DATED):
        if not re.search(_WRECK, prior.quote, re.IGNORECASE):
            continue
        for d in re.finditer(_DATED, prior.quote, re.IGNORECASE):
            years = parse_number(d.group("n").replace("-", " "))
            if years is not None:
                dated.setdefault(years, (prior.chapter, prior.quote))
    if len(dated) != 1:
        return None  # no date, or two wrecks years apart: which one is meant?
    years, (chapter, quote) = next(iter(dated.items()))
    return years, chapter, quote


def _whose(claims: DraftClaims, surface: str, at: int, speech: Speech | None) -> uuid.UUID | None:
    """Whom an age's subject names, as the extractor resolved it: a name (less a leading word
    that is none: "Then Tomas"), a pronoun; in speech "I" is the speaker ('"I was nine ...," he
    said': the one man named just before)."""
    if surface == "I" and speech is not None:
        found = claims.person(surface, at)
        if found is None and speech.speaker and normalize(speech.speaker) not in PRONOUNS:
            found = claims.person(speech.speaker, speech.speaker_at)
        if found is None and speech.speaker and speech.speaker.lower() in ("he", "she") and speech.speaker_at:
            found = claims.person(speech.speaker, speech.speaker_at) \
                or _last_named(claims, speech.speaker_at, speech.speaker.lower())
        return found
    found = claims.person(surface, at)
    while found is None and len(surface.split()) > 1:
        cut = surface.split(None, 1)
        at += len(surface) - len(cut[1])
        surface = cut[1]
        found = claims.person(surface, at)
    return found


def _last_named(claims: DraftClaims, at: int, pronoun: str) -> uuid.UUID | None:
    """The person a "he"/"she" narrating a long scene stands for: the nearest paragraph before
    (within 2,000 characters) that names anyone of that gender must name exactly one."""
    wanted = "male" if pronoun == "he" else "female"
    for para in reversed([p for p in paragraphs(claims.text) if p.start < at and p.start >= at - 2000]):
        people = {who for m in _NAMED.finditer(claims.text, para.start, min(para.end, at))
                  if (who := claims.person(m.group())) is not None
                  and claims.roster.entries[who].type == "character"}
        fitting = {p for p in people if gender(claims, p) in (wanted, "unknown")}
        if fitting:
            return fitting.pop() if len(fitting) == 1 else None
    return None
