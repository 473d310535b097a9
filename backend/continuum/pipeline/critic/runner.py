"""critique_draft: extract claims from a draft (nothing persisted), compare with the world at
cap `number - 1`, and answer ok / error / unavailable. It never raises."""

from __future__ import annotations

import logging
import uuid

from sqlalchemy.orm import Session

from continuum.pipeline.context import load_story_context
from continuum.pipeline.critic.checks import ALL_CHECKS
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.critic.outcome import CritiqueOutcome, Finding
from continuum.pipeline.extract.protocol import Extractor, ProgressCallback
from continuum.reads.critic_state import load_prior_text
from continuum.reads.world_state import load_world

log = logging.getLogger(__name__)


def critique_draft(
    session: Session,
    *,
    novel_id: uuid.UUID,
    number: int,
    text: str,
    extractor: Extractor | None,
    enabled: bool = True,
    context_limit: int = 200,
    progress: ProgressCallback | None = None,
) -> CritiqueOutcome:
    """Judge a draft against everything established before chapter `number`."""
    if not enabled or extractor is None:
        return CritiqueOutcome(status="unavailable", critic="none",
                               error="the continuity critic is disabled")
    critic = f"{extractor.name}-critic"
    try:
        context = load_story_context(session, novel_id=novel_id, chapter=number,
                                     chapter_text=text, max_entities=context_limit)
        extraction = extractor.extract(text, chapter_number=number, context=context,
                                       progress=progress)
        world = load_world(session=session, novel_id=novel_id, cap=number - 1)
        history = load_prior_text(session=session, novel_id=novel_id, cap=number - 1)
        claims = bind_claims(text, extraction, world, history)
        findings: list[Finding] = []
        for check in ALL_CHECKS:
            findings += check.check(claims, world)
        return CritiqueOutcome(status="ok", critic=critic, findings=findings,
                               extraction=extraction)
    except Exception as exc:  # noqa: BLE001 - the critic reports its own failure, never raises
        log.exception("critic failed on chapter %d of %s", number, novel_id)
        return CritiqueOutcome(status="error", critic=critic,
                               error=f"{exc.__class__.__name__}: {exc}")
