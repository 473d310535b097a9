"""Blocking vs advisory writes, the review queue, and fail-closed behaviour (scripted extractor)."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.errors import Conflict, CriticUnavailable
from continuum.jobs.worker import Worker
from continuum.pipeline.critic.review import queue_accept, reject_submission
from continuum.pipeline.extract.schema import ChapterExtraction, EventItem, Evidence, StateDelta
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.review import list_submissions
from tests.fakes import ScriptedExtractor, entity

CH1 = "Captain Reyes guarded the harbour. Mara Finch watched her."
CH2 = "Captain Reyes died on the quay."
GHOST = "Captain Reyes laughed and spoke to Mara Finch."
CLEAN = "Mara Finch walked home alone."


def _ev(text_: str, quote: str) -> Evidence:
    start = text_.index(quote)
    return Evidence(start=start, end=start + len(quote), quote=quote, rule="scripted")


def script(text_: str, number: int, context) -> ChapterExtraction:
    people = [entity(text_, n) for n in ("Captain Reyes", "Mara Finch") if n in text_]
    deltas, events = [], []
    if "died" in text_:
        deltas.append(StateDelta(kind="died", subject="Captain Reyes",
                                 evidence=_ev(text_, "Captain Reyes died")))
    if "laughed" in text_:
        events.append(EventItem(type="communication", summary="Reyes spoke", subject="Captain Reyes",
                                verb="speak", evidence=_ev(text_, "Captain Reyes laughed")))
    return ChapterExtraction(new_entities=people, state_deltas=deltas, events=events)


@pytest.fixture()
def story(clean_db, monkeypatch):
    extractor = ScriptedExtractor(script)
    monkeypatch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    with write_session() as session:
        novel_id = create_novel(session, title="Harbour")
    analyze_chapter(novel_id=novel_id, number=1, text=CH1)
    analyze_chapter(novel_id=novel_id, number=2, text=CH2)
    return novel_id


def accept(submission_id, edited_text: str | None = None) -> dict:
    """Queue the accept and let a worker run it; returns the finished job's row."""
    job_id = queue_accept(submission_id=submission_id, edited_text=edited_text, max_bytes=1 << 20)
    assert Worker().run_one()
    with read_session() as session:
        return session.execute(text("SELECT status, error, result FROM ingest_jobs WHERE id = :i"),
                               {"i": job_id}).one()._asdict()


def _count(table: str, novel_id) -> int:
    with read_session() as session:
        return session.execute(text(f"SELECT count(*) FROM {table} WHERE novel_id = :n"),
                               {"n": novel_id}).scalar_one()


def test_block_parks_a_failing_draft_and_writes_nothing_else(story) -> None:
    chapters, entities = _count("chapters", story), _count("entities", story)
    result = analyze_chapter(novel_id=story, number=3, text=GHOST, policy="block", source="agent")
    assert result.ingested is False and result.reason == "fail"
    assert any(f.check == "entity" and "died in chapter 2" in f.message
               for f in result.findings)
    assert (_count("chapters", story), _count("entities", story)) == (chapters, entities)
    with read_session() as session:
        queue = list_submissions(session=session, novel_id=story)
    assert [s.chapter_number for s in queue] == [3]
    finding = queue[0].findings[0]
    assert finding.draft_quote == "Captain Reyes laughed" and finding.evidence_chapter == 2


def test_block_parks_a_failing_draft_of_a_later_chapter_too(story) -> None:
    """A writing agent may draft chapter 5 before 3 and 4 exist: under `block` the draft is
    read and a failing one parked whatever its number (only a draft to be written must be
    the next chapter; the e2e review queue relies on it)."""
    result = analyze_chapter(novel_id=story, number=5, text=GHOST, policy="block", source="agent")
    assert result.ingested is False and result.reason == "fail"
    with read_session() as session:
        assert [s.chapter_number for s in list_submissions(session=session, novel_id=story)] == [5]


def test_warn_records_findings_and_ingests(story) -> None:
    result = analyze_chapter(novel_id=story, number=3, text=GHOST, policy="warn")
    assert result.ingested is True and result.verdict == "fail"
    assert _count("chapters", story) == 3
    assert _count("critique_findings", story) >= 1


def test_a_clean_draft_saves_directly_under_block(story) -> None:
    result = analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="block")
    assert result.ingested is True and result.verdict == "pass"


def test_resubmission_supersedes_the_pending_draft(story) -> None:
    first = analyze_chapter(novel_id=story, number=3, text=GHOST, policy="block")
    second = analyze_chapter(novel_id=story, number=3, text=GHOST + " Again.", policy="block")
    with read_session() as session:
        statuses = dict(session.execute(text(
            "SELECT id::text, status FROM draft_submissions WHERE novel_id = :n"),
            {"n": story}).all())
    assert statuses == {str(first.submission_id): "superseded",
                        str(second.submission_id): "pending_review"}
    analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="block")
    with read_session() as session:
        assert list_submissions(session=session, novel_id=story) == []


def test_accept_ingests_with_override_flags(story) -> None:
    parked = analyze_chapter(novel_id=story, number=3, text=GHOST, policy="block")
    job = accept(parked.submission_id)
    assert job["status"] == "done", job["error"]
    assert job["result"]["ingested"] is True and job["result"]["written"]["overrides"] >= 1
    with read_session() as session:
        flags = session.execute(text(
            "SELECT description FROM continuity_flags WHERE novel_id = :n "
            "AND kind = 'accepted_override'"), {"n": story}).scalars().all()
        status = session.execute(text("SELECT status FROM draft_submissions WHERE id = :i"),
                                 {"i": parked.submission_id}).scalar_one()
    assert flags and flags[0].startswith("accepted despite continuity FAIL")
    assert status == "accepted"
    with pytest.raises(Conflict):
        reject_submission(submission_id=parked.submission_id)


def test_accept_after_edit_is_labelled(story) -> None:
    parked = analyze_chapter(novel_id=story, number=3, text=GHOST, policy="block")
    assert accept(parked.submission_id, CLEAN)["status"] == "done"
    with read_session() as session:
        flags = session.execute(text(
            "SELECT description FROM continuity_flags WHERE kind = 'accepted_override' "
            "AND novel_id = :n"), {"n": story}).scalars().all()
    assert flags[0].startswith("accepted after edit; original draft FAILed")


def test_reject_only_marks_the_row(story) -> None:
    parked = analyze_chapter(novel_id=story, number=3, text=GHOST, policy="block")
    reject_submission(submission_id=parked.submission_id)
    assert _count("chapters", story) == 2
    with pytest.raises(Conflict, match="already rejected"):
        queue_accept(submission_id=parked.submission_id, edited_text=None, max_bytes=1 << 20)


def test_a_crashing_critic_parks_with_reason_error(story, monkeypatch) -> None:
    def explode(*args, **kwargs):
        raise RuntimeError("critic bug")

    monkeypatch.setattr("continuum.pipeline.critic.runner.load_world", explode)
    result = analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="block")
    assert result.ingested is False and result.reason == "error"
    assert _count("chapters", story) == 2


class _Hang:
    """A check that never finishes (until the test releases it)."""

    def __init__(self) -> None:
        import threading

        self.release = threading.Event()

    def check(self, claims, world):  # type: ignore[no-untyped-def]
        self.release.wait(30)
        return []


def test_a_hanging_check_parks_with_reason_error_within_the_budget(story, monkeypatch) -> None:
    import time

    from continuum.settings import get_settings

    hang = _Hang()
    monkeypatch.setattr("continuum.pipeline.critic.runner.ALL_CHECKS", [hang])
    monkeypatch.setattr(get_settings(), "critic_check_seconds", 0.5)
    began = time.monotonic()
    try:
        result = analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="block")
    finally:
        hang.release.set()
    assert time.monotonic() - began < 20  # it did not wait for the check
    assert result.ingested is False and result.reason == "error"
    assert _count("chapters", story) == 2 and _count("draft_submissions", story) == 1
    with read_session() as session:
        error = session.execute(text(
            """SELECT r.error FROM draft_submissions s JOIN critique_reports r ON r.id = s.report_id
                WHERE s.novel_id = :n"""), {"n": story}).scalar_one()
    assert "did not finish within 0.5 s" in error


def test_a_hanging_check_under_warn_records_an_error_and_ingests(story, monkeypatch) -> None:
    from continuum.settings import get_settings

    hang = _Hang()
    monkeypatch.setattr("continuum.pipeline.critic.runner.ALL_CHECKS", [hang])
    monkeypatch.setattr(get_settings(), "critic_check_seconds", 0.5)
    try:
        result = analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="warn")
    finally:
        hang.release.set()
    assert result.ingested is True and result.critique == "error"
    assert _count("chapters", story) == 3


def test_a_disabled_critic_refuses_blocking_saves_with_nothing_parked(story, monkeypatch) -> None:
    from continuum.settings import get_settings

    monkeypatch.setattr(get_settings(), "critic_enabled", False)
    with pytest.raises(CriticUnavailable):
        analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="block")
    assert _count("draft_submissions", story) == 0 and _count("chapters", story) == 2
    assert analyze_chapter(novel_id=story, number=3, text=CLEAN, policy="warn").ingested


def test_the_critics_earlier_text_stops_at_the_cap(story) -> None:
    from continuum.reads.critic_state import load_prior_text

    with read_session() as session:
        before = load_prior_text(session=session, novel_id=story, cap=1)
        after = load_prior_text(session=session, novel_id=story, cap=2)
    # read once, then searched with the session closed
    assert before.sentences_with(r"\bdied\b") == []
    assert [(s.chapter, s.quote) for s in after.sentences_with(r"\bdied\b")] == [(2, CH2)]
