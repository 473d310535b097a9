"""critique_draft: the seam where the continuity checks plug in.

No checks ship yet (the critic issue builds them), so the critic reports itself
`unavailable` rather than inventing a verdict: a `warn` caller ingests anyway and a
`block` caller refuses.
"""

from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from continuum.pipeline.critic.outcome import CritiqueOutcome


def critique_draft(
    session: Session, *, novel_id: uuid.UUID, number: int, text: str
) -> CritiqueOutcome:
    """Judge a draft against the world at cap number - 1; never raises."""
    return CritiqueOutcome(status="unavailable", critic="none",
                           error="no continuity checks are installed in this build")
