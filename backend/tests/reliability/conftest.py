"""Reliability fixtures: a scripted extractor and an API client on the test database."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from continuum.pipeline.extract.schema import ChapterExtraction
from tests.fakes import ScriptedExtractor, entity

NAMES = ("Ada", "Bram", "Netherfield")


def script(text_: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    """Ada and Bram are characters, Netherfield a place, wherever they appear."""
    found = [entity(text_, w, "location" if w.endswith("field") else "character")
             for w in NAMES if w in text_]
    return ChapterExtraction(new_entities=found)


@pytest.fixture()
def scripted(monkeypatch: pytest.MonkeyPatch) -> ScriptedExtractor:
    """The spine reads chapters with the scripted extractor."""
    extractor = ScriptedExtractor(script)
    monkeypatch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    return extractor


@pytest.fixture()
def client(clean_db, scripted) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    """The app on the test database, with its in-process worker."""
    from continuum.api.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


def wait_for_job(client: TestClient, job_id: str, timeout: float = 120.0) -> dict:
    """Poll a job until it is done or failed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(f"/api/jobs/{job_id}").json()
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} did not finish in {timeout}s")


def wait_for_index(client: TestClient, novel_id: str, timeout: float = 120.0) -> dict:
    """Poll the novel's search index until no chapter is pending."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = client.get(f"/api/novels/{novel_id}/search-index").json()
        if not status["pending"]:
            return status
        time.sleep(0.05)
    raise AssertionError(f"novel {novel_id} not indexed for search in {timeout}s")
