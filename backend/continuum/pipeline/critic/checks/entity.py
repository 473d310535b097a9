"""entity: the dead act or speak; a new name that is a near-duplicate of an established one."""

from __future__ import annotations

from rapidfuzz import fuzz

from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding
from continuum.pipeline.identity.names import normalize, split_honorific
from continuum.reads.world_state import WorldState

NAME = "entity"
NEAR_DUPLICATE = 88.0
# Things the dead may still "do" in prose without a contradiction.
AFTERLIFE_VERBS = {"bury", "mourn", "remember", "lie", "rest", "die", "kill", "murder", "find",
                   "carry", "miss", "grieve", "haunt", "be", "seem", "dream", "recall"}


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Findings of the entity check."""
    return _dead_actors(claims, world) + _near_duplicates(claims, world)


def _dead_actors(claims: DraftClaims, world: WorldState) -> list[Finding]:
    findings, seen = [], set()
    for event in claims.extraction.events:
        actor = claims.bind(event.subject, "character")
        if actor is None or actor not in world.dead or event.verb.lower() in AFTERLIFE_VERBS:
            continue
        if actor in seen:
            continue
        seen.add(actor)
        died = world.dead[actor]
        findings.append(Finding(
            check=NAME, severity="FAIL",
            message=f"{claims.name_of(actor)} died in chapter {died.chapter} but "
                    f"{event.verb}s here",
            draft_start=event.evidence.start, draft_end=event.evidence.end,
            draft_quote=event.evidence.quote, evidence_chapter=died.chapter,
            evidence_quote=died.quote,
        ))
    return findings


def _near_duplicates(claims: DraftClaims, world: WorldState) -> list[Finding]:
    findings = []
    for item in claims.extraction.new_entities:
        if claims.bind(item.name, item.type) is not None:
            continue
        _, bare = split_honorific(item.name)
        best, best_score = None, 0.0
        for entity_id, (name, aliases, type_, _first) in world.names.items():
            if type_ != item.type:
                continue
            for known in (name, *aliases):
                _, known_bare = split_honorific(known)
                if known_bare == bare or len(known_bare) < 4:
                    continue
                score = fuzz.ratio(bare, known_bare)
                if score > best_score:
                    best, best_score = (entity_id, known), score
        if best is None or best_score < NEAR_DUPLICATE or normalize(item.name) == normalize(best[1]):
            continue
        first = item.mentions[0] if item.mentions else None
        findings.append(Finding(
            check=NAME, severity="FAIL",
            message=f"{item.name!r} is new but looks like a misspelling of {best[1]!r}",
            draft_start=first.start if first else item.evidence.start,
            draft_end=first.end if first else item.evidence.end,
            draft_quote=first.text if first else item.evidence.quote,
            evidence_chapter=world.names[best[0]][3], evidence_quote=best[1],
        ))
    return findings
