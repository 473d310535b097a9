"""Reads on a real streaming replica, read-your-writes by WAL position, spoiler caps unchanged."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from continuum.db.engine import get_router, read_session, write_session
from continuum.settings import get_settings
from tests.scaling.conftest import Replicated

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def alice(shared_data: Path) -> list[tuple[str | None, str]]:
    from continuum.pipeline.segment.books import split_book

    chapters = split_book((shared_data / "novels" / "alice_in_wonderland.txt").read_text(encoding="utf-8"))
    return [(c.title, c.text) for c in chapters[:3]]


@pytest.fixture()
def client(replicated: Replicated) -> Iterator[TestClient]:
    from continuum.api.app import create_app

    with TestClient(create_app(run_worker=False)) as test_client:
        yield test_client


def ingest(client: TestClient, novel_id: str, chapter: tuple[str | None, str]) -> None:
    """Submit a chapter through the API and run it with an in-process worker."""
    from continuum.jobs.worker import Worker

    reply = client.post(f"/api/novels/{novel_id}/chapters", json={"title": chapter[0], "text": chapter[1]})
    assert reply.status_code == 202, reply.text
    worker = Worker()
    assert worker.run_one()
    worker._lock_engine.dispose()
    job = client.get(f"/api/jobs/{reply.json()['job_id']}").json()
    assert job["status"] == "done", job


def items(body: object) -> list:  # type: ignore[type-arg]
    """A list route's rows, paged (`{"items": [...]}`) or not."""
    return body["items"] if isinstance(body, dict) else body  # type: ignore[return-value]


def in_recovery(novel_id: uuid.UUID | None) -> bool:
    with read_session(novel_id=novel_id) as session:
        return bool(session.execute(text("SELECT pg_is_in_recovery()")).scalar_one())


def test_wiki_reads_and_search_run_on_the_replica(replicated: Replicated, client: TestClient, alice) -> None:
    novel = client.post("/api/novels", json={"title": "Alice"}).json()["id"]
    ingest(client, novel, alice[0])
    replicated.caught_up()
    router = get_router()
    assert router is not None
    router.replayed(max_age=0)  # forget the cached position rather than sleeping past it
    # The write spine ran on the primary; a caught-up replica serves the novel's read sessions.
    with write_session() as session:
        assert session.execute(text("SELECT pg_is_in_recovery()")).scalar_one() is False
    assert in_recovery(uuid.UUID(novel)) is True
    assert in_recovery(None) is True
    router.routes.clear()
    for path in ("characters", "locations", "chapters", "search?q=rabbit", "timeline"):
        reply = client.get(f"/api/novels/{novel}/{path}")
        assert reply.status_code == 200, (path, reply.text)
    assert router.routes["primary"] == 0 and router.routes["replica"] >= 5, router.routes
    names = {c["name"] for c in items(client.get(f"/api/novels/{novel}/characters").json())}
    assert "Alice" in names
    hits = client.get(f"/api/novels/{novel}/search", params={"q": "White Rabbit"}).json()["hits"]
    assert hits, "search on the replica found nothing"


def test_an_author_sees_the_chapter_they_just_ingested_while_replay_is_paused(
        replicated: Replicated, client: TestClient, alice) -> None:
    novel = client.post("/api/novels", json={"title": "Alice"}).json()["id"]
    other = client.post("/api/novels", json={"title": "Untouched"}).json()["id"]
    ingest(client, novel, alice[0])
    replicated.caught_up()
    router = get_router()
    assert router is not None

    replicated.pause_replay()
    ingest(client, novel, alice[1])
    # The standby really is behind: it has not seen chapter 2 ...
    with replicated.replica.connect() as conn:
        on_replica = conn.execute(text("SELECT count(*) FROM chapters WHERE novel_id = :n"),
                                  {"n": novel}).scalar_one()
    assert on_replica == 1
    # ... yet the author reads it at once, because their novel's reads went to the primary.
    router.routes.clear()
    chapters = items(client.get(f"/api/novels/{novel}/chapters").json())
    assert [c["number"] for c in chapters] == [1, 2]
    assert client.get(f"/api/novels/{novel}/chapters/2").status_code == 200
    assert router.routes["primary"] >= 2 and router.routes["replica"] == 0, router.routes
    assert in_recovery(uuid.UUID(novel)) is False
    # The MCP read tools are routed the same way: an agent reads the chapter it just saved.
    from continuum.mcp.server import get_chapter

    router.routes.clear()
    assert get_chapter(novel, 2)["number"] == 2
    assert router.routes["primary"] >= 1 and router.routes["replica"] == 0, router.routes
    # Readers of another novel are not held back by this author's write: still the replica.
    router.replayed(max_age=0)
    router.routes.clear()
    assert client.get(f"/api/novels/{other}/chapters").status_code == 200
    assert router.routes["replica"] >= 1 and router.routes["primary"] == 0, router.routes
    assert in_recovery(uuid.UUID(other)) is True
    assert in_recovery(uuid.UUID(novel)) is False
    # So are the MCP tools' reads: another novel's stay on the replica.
    from continuum.mcp.server import get_threads

    router.routes.clear()
    assert get_threads(other) == []
    assert router.routes["replica"] >= 1 and router.routes["primary"] == 0, router.routes

    # Replay resumes: once past the recorded position the novel is served by the replica again.
    replicated.resume_replay()
    replicated.caught_up()
    router.replayed(max_age=0)  # forget the cached position rather than sleeping past it
    assert in_recovery(uuid.UUID(novel)) is True
    assert [c["number"] for c in items(client.get(f"/api/novels/{novel}/chapters").json())] == [1, 2]
    assert in_recovery(uuid.UUID(other)) is True


def test_spoiler_caps_hold_the_same_on_the_replica(replicated: Replicated, client: TestClient, alice) -> None:
    novel = client.post("/api/novels", json={"title": "Alice"}).json()["id"]
    for chapter in alice:
        ingest(client, novel, chapter)
    replicated.caught_up()
    router = get_router()
    assert router is not None
    router.replayed(max_age=0)
    router.routes.clear()

    paths = ["characters", "locations", "objects", "chapters", "timeline", "search"]

    def read_all() -> dict[tuple[str, int], object]:
        out = {}
        for p in paths:
            for cap in (1, 2, 3):
                params: dict[str, object] = {"cap": cap}
                if p == "search":
                    params["q"] = "Rabbit"  # (on the lists `q` is a name filter)
                reply = client.get(f"/api/novels/{novel}/{p}", params=params)
                assert reply.status_code == 200, (p, cap, reply.text)
                out[(p, cap)] = reply.json()
        return out

    on_replica = read_all()
    assert router.routes["primary"] == 0, router.routes

    with replicated.primary.connect() as conn:
        first_seen = dict(conn.execute(text(
            "SELECT id::text, first_chapter FROM entities WHERE novel_id = :n"), {"n": novel}).all())
    later = {eid for eid, first in first_seen.items() if first > 1}
    assert later, "the fixture needs entities first seen after chapter 1"
    for cap in (1, 2, 3):
        for kind in ("characters", "locations", "objects"):
            for entity in items(on_replica[(kind, cap)]):
                assert entity["first_chapter"] <= cap and first_seen[entity["id"]] <= cap, (cap, entity)
        assert max(c["number"] for c in items(on_replica[("chapters", cap)])) == cap
        hits = on_replica[("search", cap)]["hits"]
        assert all(h["chapter"] <= cap for h in hits), hits
        for entity_id in later:
            reply = client.get(f"/api/novels/{novel}/entities/{entity_id}", params={"cap": 1})
            assert reply.status_code == 404, (entity_id, reply.text)

    assert on_replica[("search", 1)]["hits"] and items(on_replica[("characters", 1)])
    # The very same answers as the primary gives.
    os.environ.pop("DATABASE_READ_URL")
    get_settings.cache_clear()
    assert get_router() is None
    try:
        on_primary = read_all()
    finally:
        os.environ["DATABASE_READ_URL"] = replicated.replica_url
        get_settings.cache_clear()
    assert on_primary == on_replica
