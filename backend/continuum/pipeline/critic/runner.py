"""critique_draft: extract claims from a draft (nothing persisted), compare with the world at
cap `number - 1`, and answer ok / error / unavailable. It never raises, and it never blocks
for longer than its time budget: the checks run on in-memory state (the world, the earlier
chapters' text, the draft's claims) in a worker thread, and a check that overruns the budget
makes the critique an `error` (a blocking write parks, fails closed) instead of hanging the
caller. The overrunning thread cannot be killed; it is a daemon, logged, and left to finish."""

from __future__ import annotations

import logging
import threading
import time
import uuid
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from continuum.errors import ExtractionFailed
from continuum.pipeline.context import load_story_context
from continuum.pipeline.critic.checks import ALL_CHECKS
from continuum.pipeline.critic.claims import DraftClaims, bind_claims
from continuum.pipeline.critic.history import load_earlier_records
from continuum.pipeline.critic.outcome import CritiqueOutcome, Finding
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.extract.heuristic.offline_records import with_offline_records
from continuum.pipeline.extract.protocol import Extractor, ProgressCallback
from continuum.pipeline.extract.schema import records_of
from continuum.pipeline.identity.cast import load_cast
from continuum.reads.critic_state import load_prior_text
from continuum.reads.world_state import WorldState, load_world

if TYPE_CHECKING:
    from continuum.pipeline.extract.llm.calls import LlmCall

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
    budget_seconds: float | None = None,
    title: str | None = None,
) -> CritiqueOutcome:
    """Judge a draft against everything established before chapter `number`."""
    if not enabled or extractor is None:
        return CritiqueOutcome(status="unavailable", critic="none",
                               error="the continuity critic is disabled")
    critic = f"{extractor.name}-critic"
    calls: tuple[LlmCall, ...] = ()
    began, read_seconds = time.perf_counter(), 0.0
    try:
        context = load_story_context(session, novel_id=novel_id, chapter=number,
                                     chapter_text=text, max_entities=context_limit,
                                     chapter_title=title)
        reading = extractor.read(text, chapter_number=number, context=context,
                                 progress=progress)
        read_seconds = time.perf_counter() - began
        calls = reading.calls
        extraction = reading.extraction
        if extractor.name != OfflineExtractor.name:
            # an LLM's claims carry no objects of the narration's now, no acts referred
            # back to and no payoffs: the offline reader's stand in, so the possession and commitments
            # checks compare the same records whoever read the draft
            extraction = with_offline_records(extraction, text, context)
        world = load_world(session=session, novel_id=novel_id, cap=number - 1)
        history = load_prior_text(session=session, novel_id=novel_id, cap=number - 1)
        earlier = load_earlier_records(session, novel_id=novel_id, cap=number - 1)
        cast = load_cast(session, novel_id=novel_id, before_chapter=number)
        claims = bind_claims(text, extraction, world, history, cast, earlier=earlier)
        if budget_seconds is None:
            from continuum.settings import get_settings

            budget_seconds = get_settings().critic_check_seconds
        findings = run_checks(claims, world, budget_seconds=budget_seconds)
        return CritiqueOutcome(status="ok", critic=critic, findings=findings,
                               reading=reading, calls=calls, read_seconds=read_seconds,
                               records=records_of(extraction), unstored=earlier.unstored)
    except Exception as exc:  # noqa: BLE001 - the critic reports its own failure, never raises
        failed_read = exc if isinstance(exc, ExtractionFailed) else None
        if failed_read is not None:  # the reader's own clear error; no traceback to add
            log.warning("critic could not read chapter %d of %s: %s", number, novel_id, exc)
        else:
            log.exception("critic failed on chapter %d of %s", number, novel_id)
        return CritiqueOutcome(status="error", critic=critic,
                               error=f"{exc.__class__.__name__}: {exc}",
                               calls=failed_read.calls if failed_read else calls,
                               read_failure=failed_read, read_seconds=read_seconds)


class CheckTimeout(RuntimeError):
    """The checks did not finish within the critic's time budget."""


def run_checks(claims: DraftClaims, world: WorldState, *, budget_seconds: float) -> list[Finding]:
    """Every check's findings, computed in a daemon thread; CheckTimeout when they overrun."""
    result: list[list[Finding]] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            findings: list[Finding] = []
            for check in ALL_CHECKS:
                findings += check.check(claims, world)
            result.append(findings)
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller's thread
            failure.append(exc)

    worker = threading.Thread(target=work, name="critic-checks", daemon=True)
    worker.start()
    worker.join(budget_seconds)
    if worker.is_alive():
        log.error("critic checks overran their %.0f s budget; the thread is left to finish",
                  budget_seconds)
        raise CheckTimeout(f"the continuity checks did not finish within {budget_seconds:g} s "
                           "(CRITIC_CHECK_SECONDS)")
    if failure:
        raise failure[0]
    return result[0]
