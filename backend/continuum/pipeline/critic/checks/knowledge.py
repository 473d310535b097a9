"""knowledge: a character states or acts on something they have not learned."""

from __future__ import annotations

import re
from typing import Any

from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding
from continuum.reads.world_state import WorldState

NAME = "knowledge"
OVERLAP = 0.6
_WORD = re.compile(r"[a-z]+")
_STOP = {"the", "a", "an", "that", "was", "were", "is", "had", "has", "have", "of", "to", "in",
         "and", "his", "her", "their", "it", "be", "been", "by", "on", "at", "for", "with",
         "he", "she", "they", "not", "from", "as", "this", "would", "could", "who", "which"}


def content_words(text: str) -> set[str]:
    """Lower-case content words (crude stems) of a fact or sentence."""
    return {w.rstrip("s") for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 2}


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """A knower in the draft voices a fact that only others have learned by the cap."""
    knowers: dict[str, set[Any]] = {}
    facts: dict[str, tuple[str, Any]] = {}
    for knower, fact, key, evidence in world.knowledge:
        knowers.setdefault(key, set()).add(knower)
        facts.setdefault(key, (fact, evidence))
    findings, flagged = [], set()
    for claim in claims.extraction.knowledge_state_deltas:
        who = claims.bind(claim.knower, "character")
        if who is None:
            continue
        words = content_words(claim.fact)
        for key, (fact, evidence) in facts.items():
            wanted = content_words(fact)
            if not wanted or who in knowers[key] or (who, key) in flagged:
                continue
            if len(wanted & words) / len(wanted) < OVERLAP:
                continue
            if _learns_it_here(claims, claim, knowers[key]):
                continue
            flagged.add((who, key))
            findings.append(Finding(
                check=NAME, severity="FAIL",
                message=f"{claims.name_of(who)} knows that {fact}, but has not learned it "
                        f"by chapter {world.cap}",
                draft_start=claim.evidence.start, draft_end=claim.evidence.end,
                draft_quote=claim.evidence.quote,
                evidence_chapter=evidence.chapter,
                evidence_quote=evidence.quote,
            ))
    return findings


def _learns_it_here(claims: DraftClaims, claim, knowers: set) -> bool:  # type: ignore[no-untyped-def]
    """Finding it out in this chapter, or being told by someone who knows, is no contradiction."""
    if claim.how in ("discovered", "witnessed", "overheard", "read", "deduced"):
        return True
    source = claims.bind(claim.source, "character")
    return claim.how == "told" and source is not None and source in knowers
