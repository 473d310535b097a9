"""Ages by arithmetic: "I was nine years old the year the Kestrel went down" when the earlier
chapters date that event ("lost at sea eleven years before, when his ship went down": their
`DatedEvent` records), and "he was thirty the year Mara was born" against Mara's locked age.
Only events the world dates once and for all: a shipwreck the earlier chapters put at one
single distance in years, or the birth of a person whose age is locked. Always a WARN: the sum
rests on matching the event. The ages at an event are the extractor's (`dated_ages`); whose
age it is, is the extractor's reading of the name or pronoun (`claims.person`), and for a
speaker the extractor left unresolved ('"I was nine ...," he said') the one person of that
gender the nearest paragraph names. The plain ages are the extractor's too (checks/canon)."""

from __future__ import annotations

import uuid

from continuum.language.names import PRONOUNS, normalize
from continuum.language.numbers import parse_number
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding, overlaps_any
from continuum.pipeline.critic.recognisers.canon_record import AGE_SLACK
from continuum.pipeline.critic.recognisers.canon_subjects import gender
from continuum.pipeline.extract.schema import DatedAge
from continuum.reads.world_state import WorldState


def year_findings(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Ages that the years since a dated event make impossible for the locked age."""
    findings: list[Finding] = []
    for item in claims.extraction.dated_ages:
        if item.form != "event":
            continue
        age = item.age
        person = _whose(claims, item)
        since = _years_since(claims, world, item)
        if person is None or since is None:
            continue
        years, evidence_chapter, evidence_quote = since
        now = age + years
        locked = [(f.subject, parse_number(f.value.replace("-", " "))) for f in world.locked_canon
                  if f.subject_id == person and f.predicate == "age"]
        values = [(n, v) for n, v in locked if v is not None]
        if not values or any(v - 1 <= now <= v + AGE_SLACK + 1 for _n, v in values):
            continue
        if overlaps_any(found + findings, item.sentence_start, item.sentence_end):
            continue
        name, value = values[0]
        findings.append(Finding(
            check="canon", severity="WARN",
            message=f"{name} was {age} when {item.event}, {years} years ago by "
                    f"chapter {evidence_chapter}, which makes {name} {now}; the locked age is {value}",
            draft_start=item.evidence.start, draft_end=item.evidence.end, draft_quote=item.evidence.quote,
            evidence_chapter=evidence_chapter, evidence_quote=evidence_quote))
    return findings + _since_at(claims, world, found + findings)


def _since_at(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """"Thirty years ... since I came to it a young fellow of two-and-twenty": the age then
    plus the years since, against the locked age (a WARN: the sum rests on the reading)."""
    findings: list[Finding] = []
    for item in claims.extraction.dated_ages:
        if item.form != "since" or item.years is None:
            continue
        age, years = item.age, item.years
        person = _whose(claims, item)
        if person is None:
            continue
        now = age + years
        locked = [(f.subject, v, f.evidence) for f in world.locked_canon if f.subject_id == person
                  and f.predicate == "age" and (v := parse_number(f.value.replace("-", " "))) is not None]
        if not locked or any(v - 1 <= now <= v + AGE_SLACK + 1 for _n, v, _e in locked):
            continue
        start, end = item.evidence.start, item.evidence.end
        if overlaps_any(found + findings, start, end):
            continue
        name, value, evidence = locked[0]
        findings.append(Finding(
            check="canon", severity="WARN",
            message=f"{name} was {age} {years} years ago, which makes {name} {now}; the locked "
                    f"age is {value}",
            draft_start=start, draft_end=end, draft_quote=item.evidence.quote,
            evidence_chapter=evidence.chapter, evidence_quote=evidence.quote))
    return findings


def _years_since(claims: DraftClaims, world: WorldState, item: DatedAge) -> tuple[int, int, str] | None:
    """How many years before the earlier chapters an event was: a named person's birth (their
    locked age), or a shipwreck that the earlier chapters date at one single distance."""
    if item.born is not None:
        person = claims.person(item.born)
        ages = [(age, f.evidence.chapter, f.evidence.quote) for f in world.locked_canon
                if person is not None and f.subject_id == person and f.predicate == "age"
                and (age := parse_number(f.value.replace("-", " "))) is not None]
        return ages[0] if len({a for a, _c, _q in ages}) == 1 else None
    if not item.wreck:
        return None
    # the wrecks the earlier chapters date (`DatedEvent`), each distance with its first sentence
    dated: dict[int, tuple[int, str]] = {}
    for chapter, event in claims.earlier.each("dated_events"):
        if event.wreck is not None:
            dated.setdefault(event.years, (chapter, event.quote))
    if len(dated) != 1:
        return None  # no date, or two wrecks years apart: which one is meant?
    years, (chapter, quote) = next(iter(dated.items()))
    return years, chapter, quote


def _whose(claims: DraftClaims, item: DatedAge) -> uuid.UUID | None:
    """Whom an age's subject names, as the extractor resolved it: a name (less a leading word
    that is none: "Then Tomas"), a pronoun; in speech "I" is the speaker ('"I was nine ...," he
    said': the one man named just before)."""
    surface, at = item.who, item.who_start
    if surface == "I" and item.spoken:
        found = claims.person(surface, at)
        speaker, speaker_at = item.speaker, item.speaker_start
        if found is None and speaker and normalize(speaker) not in PRONOUNS:
            found = claims.person(speaker, speaker_at)
        if found is None and speaker and speaker.lower() in ("he", "she") and speaker_at:
            found = claims.person(speaker, speaker_at) or _last_named(claims, item, speaker.lower())
        return found
    found = claims.person(surface, at)
    while found is None and len(surface.split()) > 1:
        cut = surface.split(None, 1)
        at += len(surface) - len(cut[1])
        surface = cut[1]
        found = claims.person(surface, at)
    return found


def _last_named(claims: DraftClaims, item: DatedAge, pronoun: str) -> uuid.UUID | None:
    """The person a "he"/"she" narrating a long scene stands for: the nearest paragraph before
    (within 2,000 characters) that names anyone of that gender must name exactly one."""
    wanted = "male" if pronoun == "he" else "female"
    for names in item.names_before:
        people = {who for name in names if (who := claims.person(name)) is not None
                  and claims.roster.entries[who].type == "character"}
        fitting = {p for p in people if gender(claims, p) in (wanted, "unknown")}
        if fitting:
            return fitting.pop() if len(fitting) == 1 else None
    return None
