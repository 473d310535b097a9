"""MCP tests drive a subprocess; the API client here is for the human's side of the queue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient


@pytest.fixture()
def client_factory(clean_db) -> Iterator:
    from continuum.api.app import create_app

    clients: list[TestClient] = []

    def make() -> TestClient:
        client = TestClient(create_app(run_worker=False))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)
