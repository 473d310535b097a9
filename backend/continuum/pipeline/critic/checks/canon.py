"""canon: a locked canon fact contradicted by the draft."""

from __future__ import annotations

from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding
from continuum.pipeline.identity.names import normalize
from continuum.pipeline.persist.canon import SINGLE_VALUED
from continuum.reads.world_state import WorldState

NAME = "canon"


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
    return findings
