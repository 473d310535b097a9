"""The DESIGN.md §10 contract points: paths, status codes and fields, with a scripted extractor."""

from __future__ import annotations

import uuid

import pytest

from continuum.pipeline.extract.schema import ChapterExtraction
from tests.api.conftest import wait_for_job
from tests.fakes import ScriptedExtractor, entity


def _script(text_, number, context):
    found = [entity(text_, w, "location" if w.endswith("field") else "character")
             for w in ("Ada", "Bram", "Netherfield") if w in text_]
    return ChapterExtraction(new_entities=found)


@pytest.fixture(autouse=True)
def scripted(monkeypatch):
    extractor = ScriptedExtractor(_script)
    monkeypatch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    return extractor


def test_health(client) -> None:
    body = client.get("/api/health").json()
    assert body["status"] == "ok"
    assert body["extractor"] == "offline"
    assert "PostgreSQL" in body["database"] and "pgvector" in body["database"]


def test_novel_lifecycle(client) -> None:
    created = client.post("/api/novels", json={"title": "A Test", "author": "Someone"})
    assert created.status_code == 201
    novel_id = created.json()["id"]
    assert [n["id"] for n in client.get("/api/novels").json()] == [novel_id]
    got = client.get(f"/api/novels/{novel_id}").json()
    assert got["title"] == "A Test" and got["chapter_count"] == 0 and got["latest_chapter"] == 0
    assert client.delete(f"/api/novels/{novel_id}").status_code == 204
    assert client.get(f"/api/novels/{novel_id}").status_code == 404
    assert client.delete(f"/api/novels/{novel_id}").status_code == 404


def test_chapter_job_and_cap(client) -> None:
    novel_id = client.post("/api/novels", json={"title": "Caps"}).json()["id"]
    first = client.post(f"/api/novels/{novel_id}/chapters",
                        json={"number": 1, "text": "Ada met Bram at the gate."})
    assert first.status_code == 202
    job = wait_for_job(client, first.json()["job_id"])
    assert job["status"] == "done" and job["progress"] == 1.0 and job["error"] is None
    files = {"file": ("two.txt", b"Ada rode to Netherfield.", "text/plain")}
    second = client.post(f"/api/novels/{novel_id}/chapters", data={"number": "2"}, files=files)
    assert second.status_code == 202
    assert wait_for_job(client, second.json()["job_id"])["status"] == "done"

    at1 = client.get(f"/api/novels/{novel_id}/characters", params={"cap": 1}).json()["items"]
    assert {c["name"] for c in at1} == {"Ada", "Bram"}
    assert set(at1[0]) >= {"id", "name", "aliases", "first_chapter"}
    assert client.get(f"/api/novels/{novel_id}/locations", params={"cap": 1}).json() == {
        "items": [], "total": 0, "limit": 200, "offset": 0}
    places = client.get(f"/api/novels/{novel_id}/locations").json()["items"]
    assert [p["name"] for p in places] == ["Netherfield"]
    place = places[0]["id"]
    assert client.get(f"/api/novels/{novel_id}/entities/{place}", params={"cap": 1}).status_code == 404
    page = client.get(f"/api/novels/{novel_id}/entities/{place}", params={"cap": 2}).json()
    assert page["name"] == "Netherfield" and page["first_chapter"] == 2
    chapters = client.get(f"/api/novels/{novel_id}/chapters", params={"cap": 1}).json()
    assert [c["number"] for c in chapters] == [1]
    assert client.get(f"/api/novels/{novel_id}/chapters/2", params={"cap": 1}).status_code == 404


def test_bad_requests_are_clear_4xx(client) -> None:
    novel_id = client.post("/api/novels", json={"title": "Bad"}).json()["id"]
    url = f"/api/novels/{novel_id}/chapters"
    cases = [
        (dict(json={"number": 1, "text": "   "}), 422, "empty"),
        (dict(json={"number": 2, "text": "Ada."}), 409, "gap"),
        (dict(content=b"{not json", headers={"content-type": "application/json"}), 422, "JSON"),
        (dict(files={"file": ("x.txt", b"\xff\xfe\x00bin", "text/plain")}), 422, "binary"),
        (dict(files={"file": ("x.txt", "caf\xe9".encode("latin-1"), "text/plain")}), 422, "UTF-8"),
    ]
    for kwargs, status, words in cases:
        response = client.post(url, **kwargs)
        assert response.status_code == status, (kwargs, response.text)
        assert words in response.json()["detail"]
    assert client.post(f"/api/novels/{uuid.uuid4()}/chapters",
                       json={"number": 1, "text": "x"}).status_code == 404
    assert client.get(f"/api/novels/{novel_id}/characters", params={"cap": -1}).status_code == 422
    assert client.get(f"/api/novels/{uuid.uuid4()}/characters").status_code == 404
    assert client.get("/api/novels").json()[0]["chapter_count"] == 0


def test_duplicate_chapter_needs_replace(client) -> None:
    novel_id = client.post("/api/novels", json={"title": "Dup"}).json()["id"]
    job = client.post(f"/api/novels/{novel_id}/chapters", json={"number": 1, "text": "Ada."})
    wait_for_job(client, job.json()["job_id"])
    again = client.post(f"/api/novels/{novel_id}/chapters", json={"number": 1, "text": "Ada!"})
    assert again.status_code == 409 and "replace" in again.json()["detail"]
    replaced = client.post(f"/api/novels/{novel_id}/chapters",
                           json={"number": 1, "text": "Ada and Bram.", "replace": True})
    assert wait_for_job(client, replaced.json()["job_id"])["status"] == "done"
    names = {c["name"] for c in client.get(f"/api/novels/{novel_id}/characters").json()["items"]}
    assert names == {"Ada", "Bram"}


def test_security_headers_and_spa_fallback(client) -> None:
    response = client.get("/api/health")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert client.get("/api/nope").status_code == 404


def test_startup_freezes_the_long_lived_heap(client) -> None:
    """Full GC passes stay cheap: objects alive at startup are frozen out of the collector."""
    import gc

    assert gc.get_freeze_count() > 10_000
