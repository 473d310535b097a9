"""An API client on the test database, with the in-process worker running."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient


@pytest.fixture()
def client(clean_db) -> Iterator[TestClient]:
    from continuum.api.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


def wait_for_job(client: TestClient, job_id: str, timeout: float = 300.0) -> dict:
    """Poll a job until it is done or failed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = client.get(f"/api/jobs/{job_id}").json()
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} did not finish in {timeout}s")
