"""The LLM path through the API and the job queue: persisted on success, nothing on failure."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from continuum.db.engine import read_session
from tests.api.conftest import wait_for_job
from tests.pipeline.extract.llm.conftest import MODEL

FAULTS = ["server_error", "malformed", "truncated", "timeout"]


@pytest.fixture()
def llm_client(clean_db, fake, monkeypatch):
    from continuum.api.app import create_app
    from continuum.settings import get_settings

    monkeypatch.setenv("LLM_MODEL", MODEL)
    monkeypatch.setenv("LLM_API_BASE", fake.url)
    monkeypatch.setenv("LLM_API_KEY", "test")
    monkeypatch.setenv("LLM_TIMEOUT", "3")
    monkeypatch.setenv("LLM_MAX_RETRIES", "1")
    get_settings.cache_clear()
    with TestClient(create_app()) as client:
        yield client
    get_settings.cache_clear()


def _counts() -> dict[str, int]:
    with read_session() as session:
        return {t: session.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
                for t in ("chapters", "entities", "events", "entity_mentions", "llm_calls")}


def test_a_chapter_is_extracted_and_persisted_with_its_calls(llm_client, pride_chapters) -> None:
    assert llm_client.get("/api/health").json()["extractor"] == f"llm:{MODEL}"
    novel = llm_client.post("/api/novels", json={"title": "P&P"}).json()["id"]
    job = llm_client.post(f"/api/novels/{novel}/chapters",
                          json={"number": 1, "text": pride_chapters[0]}).json()["job_id"]
    done = wait_for_job(llm_client, job, timeout=300)
    assert done["status"] == "done", done
    counts = _counts()
    assert counts["chapters"] == 1 and counts["entities"] > 0 and counts["llm_calls"] >= 5
    with read_session() as session:
        stats = session.execute(text("SELECT extraction_stats FROM chapters")).scalar_one()
        rows = session.execute(text(
            "SELECT m.start_offset, m.end_offset, m.text, c.text AS chapter FROM entity_mentions m "
            "JOIN chapters c ON c.novel_id = m.novel_id AND c.number = m.chapter")).all()
    assert "alignment" in stats
    assert all(r.chapter[r.start_offset:r.end_offset] == r.text for r in rows)


@pytest.mark.parametrize("fault", FAULTS)
def test_a_failing_model_aborts_the_chapter(llm_client, fake, pride_chapters, fault) -> None:
    novel = llm_client.post("/api/novels", json={"title": "P&P"}).json()["id"]
    fake.inject(fault, times=100, sleep=5.0)
    job = llm_client.post(f"/api/novels/{novel}/chapters",
                          json={"number": 1, "text": pride_chapters[1][:3000]}).json()["job_id"]
    done = wait_for_job(llm_client, job, timeout=300)
    assert done["status"] == "failed"
    assert done["error"]
    counts = _counts()
    assert (counts["chapters"], counts["entities"], counts["events"]) == (0, 0, 0)
    assert counts["llm_calls"] >= 1  # the failed calls were billed, so they are recorded
