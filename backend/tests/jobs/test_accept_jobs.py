"""Accepting a parked draft is a job: the request queues it, the worker writes it (or nothing).

A scripted extractor makes a dead captain speak in chapter 3, so an agent's save is parked.
The route answers 202 with the job id before anything is written; the worker writes the
chapter and its override flags in one transaction; a double accept, a reject that lands
first, an extractor failure and a worker that dies mid-job each end the way the review
queue promises.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from continuum.db.engine import read_session, write_session
from continuum.errors import ExtractionFailed
from continuum.jobs import queue
from continuum.jobs.worker import Worker
from continuum.pipeline.critic.review import reject_submission
from continuum.pipeline.extract.schema import ChapterExtraction, EventItem, Evidence, StateDelta
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.fakes import ScriptedExtractor, entity
from tests.reaping import requeue_once_released

CH1 = "Captain Reyes guarded the harbour. Mara Finch watched her."
CH2 = "Captain Reyes died on the quay."
GHOST = "Captain Reyes laughed and spoke to Mara Finch."
EDITED = "Mara Finch walked home alone and remembered the captain."


def _ev(text_: str, quote: str) -> Evidence:
    start = text_.index(quote)
    return Evidence(start=start, end=start + len(quote), quote=quote, rule="scripted")


class Script:
    """The harbour story's extraction; `on_chapter_3` runs while chapter 3 is being read."""

    def __init__(self) -> None:
        self.on_chapter_3 = None

    def __call__(self, text_: str, number: int, context) -> ChapterExtraction:
        if number == 3 and self.on_chapter_3 is not None:
            self.on_chapter_3()
        people = [entity(text_, n) for n in ("Captain Reyes", "Mara Finch") if n in text_]
        deltas, events = [], []
        if "died" in text_:
            deltas.append(StateDelta(kind="died", subject="Captain Reyes",
                                     evidence=_ev(text_, "Captain Reyes died")))
        if "laughed" in text_:
            events.append(EventItem(type="communication", summary="Reyes spoke",
                                    subject="Captain Reyes", verb="speak",
                                    evidence=_ev(text_, "Captain Reyes laughed")))
        return ChapterExtraction(new_entities=people, state_deltas=deltas, events=events)


@pytest.fixture()
def script(clean_db, monkeypatch) -> Script:
    script = Script()
    extractor = ScriptedExtractor(script)
    monkeypatch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    return script


@pytest.fixture()
def parked(script) -> dict:
    """A novel with two chapters and an agent's chapter 3 parked for review."""
    with write_session() as session:
        novel_id = create_novel(session, title="Harbour")
    analyze_chapter(novel_id=novel_id, number=1, text=CH1)
    analyze_chapter(novel_id=novel_id, number=2, text=CH2)
    result = analyze_chapter(novel_id=novel_id, number=3, text=GHOST, policy="block", source="agent")
    assert result.ingested is False
    return {"novel": novel_id, "submission": str(result.submission_id)}


@pytest.fixture()
def client(clean_db) -> Iterator[TestClient]:
    """The API without its in-process worker: jobs run only when a test says so."""
    from continuum.api.app import create_app

    with TestClient(create_app(run_worker=False)) as test_client:
        yield test_client


def _state(novel_id, submission_id) -> dict:
    with read_session() as session:
        def one(sql: str):
            return session.execute(text(sql), {"n": novel_id, "s": submission_id}).scalar_one()
        return {
            "chapters": one("SELECT count(*) FROM chapters WHERE novel_id = :n"),
            "overrides": one("SELECT count(*) FROM continuity_flags WHERE novel_id = :n "
                             "AND kind = 'accepted_override'"),
            "status": one("SELECT status FROM draft_submissions WHERE id = :s AND novel_id = :n"),
        }


def _job(client: TestClient, job_id: str) -> dict:
    return client.get(f"/api/jobs/{job_id}").json()


def test_accept_queues_a_job_and_the_worker_writes_chapter_and_overrides(parked, client) -> None:
    before = _state(parked["novel"], parked["submission"])
    answer = client.post(f"/api/review/{parked['submission']}/accept", json={})
    assert answer.status_code == 202, answer.text
    decision = answer.json()
    assert decision["status"] == "accepting" and decision["ingested"] is False
    job_id = decision["job_id"]
    # Nothing is written inside the request: the draft waits, with its job, in the queue.
    assert _state(parked["novel"], parked["submission"]) == before == {
        "chapters": 2, "overrides": 0, "status": "pending_review"}
    [row] = client.get(f"/api/novels/{parked['novel']}/review").json()
    assert row["accept_job"]["id"] == job_id and row["accept_job"]["status"] == "queued"
    assert _job(client, job_id)["chapter_number"] == 3

    assert Worker().run_one()
    job = _job(client, job_id)
    assert job["status"] == "done" and job["progress"] == 1, job
    assert _state(parked["novel"], parked["submission"]) == {
        "chapters": 3, "overrides": 1, "status": "accepted"}
    with read_session() as session:
        flag, source = session.execute(text(
            """SELECT f.description, c.source FROM continuity_flags f
                 JOIN chapters c ON c.novel_id = f.novel_id AND c.number = f.chapter
                WHERE f.novel_id = :n AND f.kind = 'accepted_override'"""),
            {"n": parked["novel"]}).one()
    assert flag.startswith("accepted despite continuity FAIL") and source == "agent"
    assert client.get(f"/api/novels/{parked['novel']}/review").json() == []
    detail = client.get(f"/api/review/{parked['submission']}").json()
    assert detail["status"] == "accepted" and detail["accept_job"]["status"] == "done"
    again = client.post(f"/api/review/{parked['submission']}/accept", json={})
    assert again.status_code == 409 and "already accepted" in again.json()["detail"]


def test_an_edited_accept_carries_the_edit_to_the_worker(parked, client) -> None:
    answer = client.post(f"/api/review/{parked['submission']}/accept", json={"text": EDITED})
    assert answer.status_code == 202
    assert Worker().run_one()
    with read_session() as session:
        chapter = session.execute(text("SELECT text FROM chapters WHERE novel_id = :n AND number = 3"),
                                  {"n": parked["novel"]}).scalar_one()
        flag = session.execute(text("SELECT description FROM continuity_flags WHERE novel_id = :n "
                                    "AND kind = 'accepted_override'"), {"n": parked["novel"]}).scalar_one()
    assert chapter == EDITED
    assert flag.startswith("accepted after edit; original draft FAILed")


def test_a_second_accept_while_the_first_is_queued_is_a_conflict(parked, client) -> None:
    first = client.post(f"/api/review/{parked['submission']}/accept", json={})
    second = client.post(f"/api/review/{parked['submission']}/accept", json={"text": EDITED})
    assert first.status_code == 202 and second.status_code == 409
    assert "already being accepted" in second.json()["detail"]
    assert first.json()["job_id"] in second.json()["detail"]
    jobs = client.get(f"/api/novels/{parked['novel']}/jobs").json()
    assert [j["id"] for j in jobs] == [first.json()["job_id"]]
    # The database refuses a second live accept job too, should two requests race.
    with pytest.raises(Exception, match="ux_ingest_jobs_accepting"), write_session() as session:
        queue.enqueue_chapter(session.connection(), novel_id=parked["novel"], number=3, title=None,
                              text_=GHOST, source="agent", submission_id=parked["submission"])


def test_unknown_drafts_and_taken_chapters_are_refused_up_front(parked, client) -> None:
    ghost = "00000000-0000-0000-0000-000000000001"
    missing = client.post(f"/api/review/{ghost}/accept", json={})
    assert missing.status_code == 404 and "does not exist" in missing.json()["detail"]
    # A human queues chapter 3 meanwhile: the draft can no longer become chapter 3.
    upload = client.post(f"/api/novels/{parked['novel']}/chapters", json={"number": 3, "text": EDITED})
    assert upload.status_code == 202
    taken = client.post(f"/api/review/{parked['submission']}/accept", json={})
    assert taken.status_code == 409 and "already exists or is queued" in taken.json()["detail"]
    assert len(client.get(f"/api/novels/{parked['novel']}/jobs").json()) == 1


def test_a_reject_before_the_job_runs_wins(parked, client) -> None:
    job_id = client.post(f"/api/review/{parked['submission']}/accept", json={}).json()["job_id"]
    rejected = client.post(f"/api/review/{parked['submission']}/reject")
    assert rejected.status_code == 200 and rejected.json()["status"] == "rejected"
    job = _job(client, job_id)
    assert job["status"] == "failed"
    assert "rejected before it was written" in job["error"] and "nothing was written" in job["error"]
    assert not Worker(kinds=("chapter",)).run_one()  # the cancelled job is never claimed
    assert _state(parked["novel"], parked["submission"]) == {
        "chapters": 2, "overrides": 0, "status": "rejected"}


def test_a_reject_while_the_job_reads_the_chapter_rolls_it_back(parked, script, client) -> None:
    job_id = client.post(f"/api/review/{parked['submission']}/accept", json={}).json()["job_id"]
    script.on_chapter_3 = lambda: reject_submission(submission_id=parked["submission"])
    assert Worker().run_one()
    job = _job(client, job_id)
    assert job["status"] == "failed"
    assert job["error"] == (f"the draft was not accepted and nothing was written: "
                            f"draft submission {parked['submission']} is already rejected")
    assert _state(parked["novel"], parked["submission"]) == {
        "chapters": 2, "overrides": 0, "status": "rejected"}
    with read_session() as session:
        assert session.execute(text("SELECT count(*) FROM entities WHERE novel_id = :n "
                                    "AND first_chapter = 3"), {"n": parked["novel"]}).scalar_one() == 0


def test_an_extractor_failure_writes_nothing_and_the_draft_can_be_accepted_again(
    parked, script, client
) -> None:
    def fail() -> None:
        raise ExtractionFailed("the model returned invalid JSON for pass events")

    script.on_chapter_3 = fail
    job_id = client.post(f"/api/review/{parked['submission']}/accept", json={}).json()["job_id"]
    assert Worker().run_one()
    job = _job(client, job_id)
    assert job["status"] == "failed" and "invalid JSON for pass events" in job["error"]
    assert job["error"].startswith("the draft was not accepted and nothing was written")
    assert _state(parked["novel"], parked["submission"]) == {
        "chapters": 2, "overrides": 0, "status": "pending_review"}
    [row] = client.get(f"/api/novels/{parked['novel']}/review").json()
    assert row["accept_job"]["status"] == "failed" and "invalid JSON" in row["accept_job"]["error"]

    script.on_chapter_3 = None
    retry = client.post(f"/api/review/{parked['submission']}/accept", json={})
    assert retry.status_code == 202 and retry.json()["job_id"] != job_id
    assert Worker().run_one()
    assert _job(client, retry.json()["job_id"])["status"] == "done"
    assert _state(parked["novel"], parked["submission"]) == {
        "chapters": 3, "overrides": 1, "status": "accepted"}


def test_a_worker_that_dies_mid_accept_is_resumed(parked, client, engine) -> None:
    job_id = client.post(f"/api/review/{parked['submission']}/accept", json={}).json()["job_id"]
    # A worker claims the job and its connection dies before it writes anything.
    doomed = create_engine(engine.url, poolclass=NullPool)
    conn = doomed.connect()
    claimed = queue.claim_next(conn, worker="doomed")
    assert claimed is not None and str(claimed.id) == job_id
    assert str(claimed.submission_id) == parked["submission"] and claimed.edited is False
    conn.invalidate()
    doomed.dispose()
    assert _job(client, job_id)["status"] == "running"
    assert requeue_once_released(engine) == 1
    assert Worker().run_one()
    job = _job(client, job_id)
    assert job["status"] == "done" and job["attempts"] == 2
    assert _state(parked["novel"], parked["submission"]) == {
        "chapters": 3, "overrides": 1, "status": "accepted"}
