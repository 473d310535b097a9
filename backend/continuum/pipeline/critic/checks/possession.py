"""possession: an object used by someone other than its holder, or after it was lost or destroyed."""

from __future__ import annotations

from typing import Any

from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding
from continuum.reads.world_state import WorldState

NAME = "possession"
USE_DELTAS = {"gave", "lost", "destroyed"}


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Uses of an object in the draft that contradict who holds it (or that it is gone)."""
    uses: list[tuple[str | None, str | None, Any, str]] = []
    for delta in claims.extraction.state_deltas:
        if delta.kind in USE_DELTAS:
            uses.append((delta.subject, delta.object, delta.evidence, delta.kind))
    for event in claims.extraction.events:
        if event.type in ("possession", "other", "movement", "conflict", "communication"):
            uses.append((event.subject, event.object, event.evidence, event.verb))
    findings, seen = [], set()
    for subject, obj, evidence, verb in uses:
        thing = claims.bind(obj, "object")
        user = claims.bind(subject, "character")
        if thing is None or user is None or (user, thing) in seen:
            continue
        if thing in world.gone_objects:
            how, was = world.gone_objects[thing]
            seen.add((user, thing))
            findings.append(Finding(
                check=NAME, severity="FAIL",
                message=f"{claims.name_of(user)} {verb}s {claims.name_of(thing)}, which was "
                        f"{how} in chapter {was.chapter}",
                draft_start=evidence.start, draft_end=evidence.end, draft_quote=evidence.quote,
                evidence_chapter=was.chapter, evidence_quote=was.quote,
            ))
            continue
        holder = world.holders.get(thing)
        if holder is None or holder[0] == user:
            continue
        seen.add((user, thing))
        owner, since = holder
        findings.append(Finding(
            check=NAME, severity="FAIL",
            message=f"{claims.name_of(user)} {verb}s {claims.name_of(thing)}, but "
                    f"{claims.name_of(owner)} holds it since chapter {since.chapter}",
            draft_start=evidence.start, draft_end=evidence.end, draft_quote=evidence.quote,
            evidence_chapter=since.chapter, evidence_quote=since.quote,
        ))
    return findings
