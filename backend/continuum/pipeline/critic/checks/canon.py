"""canon: a locked canon fact contradicted by the draft (FAIL); a hair or eye colour that an
earlier chapter states otherwise, not locked (WARN).

Besides the extractor's canon facts, the critic recognises colour attributes itself: "Mara's
blue eyes", "Elena Marsh pushed her fair hair out of her eyes"."""

from __future__ import annotations

import re
import uuid

from continuum.pipeline.critic.claims import DraftClaims, same_person
from continuum.pipeline.critic.outcome import Finding
from continuum.pipeline.critic.prose import sentences
from continuum.pipeline.identity.names import normalize
from continuum.pipeline.persist.canon import SINGLE_VALUED
from continuum.reads.world_state import WorldState

NAME = "canon"
# Colours that can name one another are one group; a contradiction crosses groups.
COLOUR_GROUPS = ({"black", "raven", "jet"}, {"brown", "chestnut", "hazel"},
                 {"fair", "blond", "blonde", "golden", "gold", "yellow", "flaxen", "sandy"},
                 {"red", "ginger", "auburn", "copper"}, {"grey", "gray", "silver", "white"},
                 {"blue"}, {"green"})
_COLOURS = "|".join(sorted({c for g in COLOUR_GROUPS for c in g}, key=len, reverse=True))
PARTS = {"hair": "hair_colour", "eyes": "eye_colour", "eye": "eye_colour", "beard": "hair_colour"}
_NAME = r"[A-Z][\w’-]+(?:\s+[A-Z][\w’-]+)*"
_ATTRIBUTE = re.compile(
    rf"(?P<who>{_NAME})(?:(?P<poss>['’]s)\s+|\s+(?:[a-z]+,?\s+){{0,8}}?(?:his|her|had|with)\s+)"
    rf"(?:[a-z]+\s+)?(?P<colour>{_COLOURS})\s+(?P<part>hair|eyes|eye|beard)\b")


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Each draft fact about a locked (subject, predicate) must agree with the locked value."""
    findings = []
    for fact in claims.extraction.canon_facts:
        subject = claims.bind(fact.subject)
        for locked_subject, locked_name, predicate, value, evidence in world.locked_canon:
            same_subject = (subject is not None and subject == locked_subject) or \
                normalize(fact.subject) == normalize(locked_name)
            if not same_subject or predicate != fact.predicate or predicate not in SINGLE_VALUED:
                continue
            if normalize(value) == normalize(fact.value):
                continue
            findings.append(Finding(
                check=NAME, severity="FAIL",
                message=f"{locked_name}'s {predicate} is locked as {value!r}, "
                        f"the draft says {fact.value!r}",
                draft_start=fact.evidence.start, draft_end=fact.evidence.end,
                draft_quote=fact.evidence.quote,
                evidence_chapter=evidence.chapter, evidence_quote=evidence.quote,
            ))
    return findings + _colours(claims, world, findings)


def _group(colour: str) -> int:
    return next(i for i, g in enumerate(COLOUR_GROUPS) if colour.lower() in g)


def _colours(claims: DraftClaims, world: WorldState, found: list[Finding]) -> list[Finding]:
    """Recognised colour attributes against locked facts (FAIL) or earlier sentences (WARN)."""
    findings: list[Finding] = []
    done: set[tuple[uuid.UUID, str]] = set()
    for sentence in sentences(claims.text):
        for m in _ATTRIBUTE.finditer(sentence.text):
            who, colour = m.group("who"), m.group("colour").lower()
            subject = claims.person(who)
            predicate = PARTS[m.group("part")]
            if subject is None or (subject, predicate) in done:
                continue
            start, end = sentence.start + m.start(), sentence.start + m.end()
            if any(f.draft_start is not None and f.draft_end is not None
                   and f.draft_start < end and f.draft_end > start for f in found):
                continue
            finding = _against_locked(claims, world, subject, who, predicate, colour, start, end)
            if finding is None and not _locked(claims, world, subject, who, predicate):
                finding = _against_text(claims, subject, who, m.group("part"), predicate,
                                        colour, start, end)
            if finding is not None:
                done.add((subject, predicate))
                findings.append(finding)
    return findings


def _locked(claims: DraftClaims, world: WorldState, subject: uuid.UUID, who: str,
            predicate: str) -> list[tuple[str, str, object]]:
    return [(name, value, ev) for sid, name, pred, value, ev in world.locked_canon
            if pred == predicate and (sid == subject or same_person(name, who))]


def _against_locked(claims: DraftClaims, world: WorldState, subject: uuid.UUID, who: str,
                    predicate: str, colour: str, start: int, end: int) -> Finding | None:
    for name, value, evidence in _locked(claims, world, subject, who, predicate):
        words = [w for w in normalize(value).split() if w in {c for g in COLOUR_GROUPS for c in g}]
        if not words or any(_group(w) == _group(colour) for w in words):
            continue
        return Finding(check=NAME, severity="FAIL",
                       message=f"{name}'s {predicate} is locked as {value!r}, the draft says "
                               f"{colour!r}",
                       draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                       evidence_chapter=evidence.chapter,  # type: ignore[attr-defined]
                       evidence_quote=evidence.quote)  # type: ignore[attr-defined]
    return None


def _against_text(claims: DraftClaims, subject: uuid.UUID, who: str, part: str, predicate: str,
                  colour: str, start: int, end: int) -> Finding | None:
    """The latest earlier sentence giving the same person's colour for the same feature."""
    if claims.history is None:
        return None
    earlier = None
    for sentence in claims.history.sentences_with(rf"\b(?:{_COLOURS})\s+{part}\b"):
        for m in _ATTRIBUTE.finditer(sentence.quote):
            if m.group("part") != part or not _same(claims, subject, who, m.group("who")):
                continue
            earlier = (sentence, m.group("colour").lower())
    if earlier is None or _group(earlier[1]) == _group(colour):
        return None
    sentence, was = earlier
    return Finding(check=NAME, severity="WARN",
                   message=f"{claims.name_of(subject)} has {colour} {part} here, but chapter "
                           f"{sentence.chapter} gives {was} {part} ({predicate}, not locked)",
                   draft_start=start, draft_end=end, draft_quote=claims.text[start:end],
                   evidence_chapter=sentence.chapter, evidence_quote=sentence.quote)


def _same(claims: DraftClaims, subject: uuid.UUID, draft_name: str, earlier_name: str) -> bool:
    if normalize(draft_name) == normalize(earlier_name):
        return True
    return claims.person(earlier_name) == subject and len(earlier_name.split()) >= len(
        draft_name.split())
