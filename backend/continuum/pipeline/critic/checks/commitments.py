"""commitments: a payoff without a setup (FAIL); setups overdue for a payoff (WARN)."""

from __future__ import annotations

from continuum.pipeline.critic.checks.knowledge import content_words
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.critic.outcome import Finding
from continuum.reads.world_state import WorldState

NAME = "commitments"
OVERDUE_CHAPTERS = 10


def check(claims: DraftClaims, world: WorldState) -> list[Finding]:
    """Payoffs must pay a planted setup; long-open setups are worth a reminder."""
    findings = []
    planted = world.open_setups + world.paid_setups
    for item in claims.extraction.commitments:
        if item.kind != "payoff":
            continue
        words = content_words(item.key) | content_words(item.detail)
        if any(content_words(key) & words for key, _detail, _ev in planted):
            continue
        findings.append(Finding(
            check=NAME, severity="FAIL",
            message=f"this pays off {item.detail!r}, which was never set up",
            draft_start=item.evidence.start, draft_end=item.evidence.end,
            draft_quote=item.evidence.quote,
        ))
    for _key, detail, evidence in world.open_setups:
        if world.cap + 1 - evidence.chapter > OVERDUE_CHAPTERS:
            findings.append(Finding(
                check=NAME, severity="WARN",
                message=f"the setup {detail!r} from chapter {evidence.chapter} is still unpaid",
                evidence_chapter=evidence.chapter, evidence_quote=evidence.quote,
            ))
    return findings
