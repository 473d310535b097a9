"""The wiki routes over HTTP on the scripted story: answers at the cap, 404s, author actions."""

from __future__ import annotations

import uuid

import pytest

from continuum.settings import get_settings
from tests.reads.story import ids, ingest_story


@pytest.fixture()
def story(client):
    novel = ingest_story()
    return f"/api/novels/{novel}", ids(novel)


def get(client, url, **params):
    response = client.get(url, params=params)
    assert response.status_code == 200, (url, response.text)
    return response.json()


def test_reads_at_the_cap(client, story) -> None:
    base, people = story
    home = get(client, f"{base}/home", cap=2)
    assert home["counts"]["open_threads"] == 1 and home["cap"] == 2
    assert [c["number"] for c in home["previously"]] == [1, 2]
    assert get(client, f"{base}/home")["cap"] == 4
    timeline = get(client, f"{base}/timeline", cap=2, order="story")
    assert [e["verb"] for e in timeline["items"]] == ["meet", "argue", "give"]
    assert timeline["total"] == 3 and timeline["offset"] == 0
    page = get(client, f"{base}/timeline", cap=2, order="story", limit=1, offset=1)
    assert [e["verb"] for e in page["items"]] == ["argue"] and page["total"] == 3
    assert get(client, f"{base}/timeline", cap=2, offset=10) == {
        "items": [], "total": 3, "limit": 200, "offset": 10}
    assert [t["status"] for t in get(client, f"{base}/threads", cap=2)] == ["progressing"]
    assert [t["status"] for t in get(client, f"{base}/threads", cap=3)] == ["closed"]
    paid = {c["key"]: c["status"] for c in get(client, f"{base}/commitments", cap=3)}
    assert paid == {"locked door": "paid", "watcher on the hill": "open"}
    assert [f["kind"] for f in get(client, f"{base}/flags", cap=2)] == ["foreshadowing"]
    relationships = get(client, f"{base}/relationships", cap=2)
    assert [r["type"] for r in relationships["items"]] == ["rival_of"]
    assert relationships["total"] == 1
    graph = get(client, f"{base}/graph/relationships", cap=1)
    assert {n["name"] for n in graph["nodes"]} >= {"Ada Quill", "Bram Stone"}
    kinds = {e["kind"] for e in get(client, f"{base}/graph/entities", cap=2)["edges"]}
    assert kinds == {"relationship", "located_in", "possesses", "knows", "co_present"}
    assert [n["name"] for n in get(client, f"{base}/locations/tree", cap=1)] == ["Harrowgate"]
    [key] = get(client, f"{base}/objects/owners", cap=2)
    assert key["owner"]["name"] == "Bram Stone"
    places = get(client, f"{base}/entities", type="location", cap=2)["items"]
    assert sorted(p["name"] for p in places) == ["Harrowgate", "Old Tower"]
    everyone = get(client, f"{base}/entities", cap=1)
    assert len(everyone["items"]) == everyone["total"] == 7
    tail = get(client, f"{base}/entities", cap=1, limit=3, offset=5)
    assert tail["items"] == everyone["items"][5:] and tail["total"] == 7
    state = get(client, f"{base}/entities/{people['Ada Quill']}/state", cap=1)
    assert state["location"]["entity"]["name"] == "Harrowgate"
    assert [h["entity"]["name"] for h in state["holdings"]] == ["silver key"]
    [scene] = get(client, f"{base}/chapters/1/scenes", cap=1)
    assert scene["pov"]["name"] == "Ada Quill"
    assert get(client, f"{base}/chapters/1/critique", cap=1)["chapter"] == 1
    assert [f["value"] for f in get(client, f"{base}/canon", cap=3)["items"]] == ["grey", "ranger"]
    assert any(p["merge"]["name"] == "Finch" for p in get(client, f"{base}/duplicates", cap=2))


def test_search_modes_and_the_cap(client, story) -> None:
    base, _ = story
    for mode in ("bm25", "dense", "hybrid"):
        found = get(client, f"{base}/search", q="silver key to Bram", mode=mode, cap=4)
        assert found["hits"][0]["chapter"] == 2, (mode, found)
        early = get(client, f"{base}/search", q="ranger of the north", mode=mode, cap=2)
        assert all(h["chapter"] <= 2 for h in early["hits"])
    hits = get(client, f"{base}/search", q="cellar", mode="bm25", limit=2)["hits"]
    assert len(hits) == 2 and "«cellar»" in hits[0]["snippet"]
    assert client.get(f"{base}/search", params={"q": ""}).status_code == 422
    assert client.get(f"{base}/search", params={"q": "x", "mode": "magic"}).status_code == 422


def test_unknown_novel_entity_and_chapter_are_404(client, story) -> None:
    base, people = story
    nowhere = f"/api/novels/{uuid.uuid4()}"
    for path in ("home", "timeline", "threads", "commitments", "flags", "relationships",
                 "graph/relationships", "graph/entities", "locations/tree", "objects/owners",
                 "types", "entities", "canon", "duplicates", "export", "chapters/1/scenes"):
        assert client.get(f"{nowhere}/{path}").status_code == 404, path
    assert client.get(f"{nowhere}/search", params={"q": "key"}).status_code == 404
    assert client.get(f"{base}/entities/{uuid.uuid4()}/state").status_code == 404
    kell = people["Kell"]
    assert client.get(f"{base}/entities/{kell}/state", params={"cap": 2}).status_code == 404
    assert client.get(f"{base}/entities/{kell}/state", params={"cap": 3}).status_code == 200
    assert client.get(f"{base}/chapters/3/scenes", params={"cap": 2}).status_code == 404
    assert client.get(f"{base}/chapters/3/critique", params={"cap": 2}).status_code == 404
    assert client.post(f"{base}/canon/999999/lock").status_code == 404


def test_canon_lock_unlock_edit(client, story) -> None:
    base, _ = story
    [fact] = get(client, f"{base}/canon", cap=1)["items"]
    locked = client.post(f"{base}/canon/{fact['id']}/lock")
    assert locked.status_code == 200 and locked.json()["locked"] is True
    assert [f["id"] for f in get(client, f"{base}/canon", locked=True)["items"]] == [fact["id"]]
    edited = client.patch(f"{base}/canon/{fact['id']}", json={"value": "green"})
    assert edited.json()["value"] == "green" and edited.json()["edited"] is True
    assert client.patch(f"{base}/canon/{fact['id']}", json={"value": ""}).status_code == 422
    unlocked = client.post(f"{base}/canon/{fact['id']}/unlock").json()
    assert unlocked["locked"] is False and unlocked["value"] == "green"


def test_types_and_presets(client, story) -> None:
    base, _ = story
    assert {t["name"] for t in get(client, f"{base}/types")["types"]} == {
        "character", "location", "faction", "object"}
    applied = client.post(f"{base}/types/preset", json={"preset": "litrpg"})
    assert applied.status_code == 200
    assert {"realm", "power_system", "skill"} <= {t["name"] for t in applied.json()["types"]}
    added = client.post(f"{base}/types", json={"name": "Guild Rank", "description": "A rank."})
    assert added.status_code == 201
    assert "guild_rank" in {t["name"] for t in added.json()["types"]}
    assert client.post(f"{base}/types", json={"name": "guild_rank"}).status_code == 409
    assert client.post(f"{base}/types/preset", json={"preset": "western"}).status_code == 422


def test_merge_over_http_keeps_early_names(client, story) -> None:
    base, people = story
    merged = client.post(f"{base}/merge", json={"source_id": str(people["The Stranger"]),
                                                "target_id": str(people["Kell"])})
    assert merged.status_code == 200, merged.text
    body = merged.json()
    assert body["entity"]["name"] == "Kell" and "The Stranger" in body["entity"]["aliases"]
    assert body["repointed"]["scenes"] == 2
    kell = str(people["Kell"])
    state = get(client, f"{base}/entities/{kell}/state", cap=1)
    assert state["entity"]["name"] == "The Stranger" and state["aliases"] == []
    [flag] = get(client, f"{base}/flags", cap=2)
    assert flag["entities"] == [{"id": kell, "name": "The Stranger", "type": "character"}]
    nodes = {n["id"]: n["name"] for n in get(client, f"{base}/graph/entities", cap=2)["nodes"]}
    assert nodes[kell] == "The Stranger"
    again = client.post(f"{base}/merge", json={"source_id": str(people["The Stranger"]),
                                               "target_id": kell})
    assert again.status_code == 404


def test_export_formats(client, story) -> None:
    base, _ = story
    as_json = client.get(f"{base}/export", params={"cap": 2})
    assert as_json.headers["content-type"].startswith("application/json")
    assert as_json.json()["cap"] == 2
    as_md = client.get(f"{base}/export", params={"cap": 2, "format": "markdown"})
    assert as_md.headers["content-type"].startswith("text/markdown")
    assert as_md.text.startswith("# Harrowgate — story bible as of chapter 2")
    assert client.get(f"{base}/export", params={"format": "pdf"}).status_code == 422


def test_author_actions_need_the_token_when_set(client, story, monkeypatch) -> None:
    base, people = story
    [fact] = get(client, f"{base}/canon", cap=1)["items"]
    monkeypatch.setenv("CONTINUUM_API_TOKEN", "s3cret")
    get_settings.cache_clear()
    try:
        for method, path, body in (
            ("post", f"{base}/canon/{fact['id']}/lock", None),
            ("patch", f"{base}/canon/{fact['id']}", {"value": "blue"}),
            ("post", f"{base}/types", {"name": "spell"}),
            ("post", f"{base}/types/preset", {"preset": "mystery"}),
            ("post", f"{base}/merge", {"source_id": str(people["Finch"]),
                                       "target_id": str(people["Tom Finch"])}),
        ):
            assert client.request(method, path, json=body).status_code == 401, path
        assert get(client, f"{base}/canon")["items"][0]["locked"] is False
        ok = client.post(f"{base}/canon/{fact['id']}/lock",
                         headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200
    finally:
        monkeypatch.delenv("CONTINUUM_API_TOKEN")
        get_settings.cache_clear()
