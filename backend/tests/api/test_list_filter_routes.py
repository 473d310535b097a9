"""`q` on the entity and canon list routes over HTTP: matches at the cap, totals, pages, limits."""

from __future__ import annotations

import pytest

from tests.reads.story import ids, ingest_story


@pytest.fixture()
def story(client):
    novel = ingest_story()
    return f"/api/novels/{novel}", ids(novel)


def get(client, url, **params):
    response = client.get(url, params=params)
    assert response.status_code == 200, (url, response.text)
    return response.json()


def test_every_entity_list_filters_by_name_at_the_cap(client, story) -> None:
    base, people = story
    assert get(client, f"{base}/characters", cap=2, q="addy") == {
        "items": [], "total": 0, "limit": 200, "offset": 0}
    [ada] = get(client, f"{base}/characters", cap=3, q="addy")["items"]
    assert ada["id"] == str(people["Ada Quill"]) and ada["aliases"] == ["Ada", "Addy"]
    assert [e["name"] for e in get(client, f"{base}/locations", cap=2, q="TOWER")["items"]] == [
        "Old Tower"]
    assert get(client, f"{base}/locations", cap=1, q="tower")["total"] == 0
    assert [e["name"] for e in get(client, f"{base}/objects", cap=1, q="key")["items"]] == [
        "silver key"]
    assert get(client, f"{base}/factions", cap=4, q="finch")["total"] == 0
    custom = get(client, f"{base}/entities", cap=4, q="finch", type="character")
    assert custom["total"] == 3


def test_paging_a_filtered_list(client, story) -> None:
    base, _ = story
    whole = get(client, f"{base}/characters", cap=4, q="finch")
    assert whole["total"] == 3 and len(whole["items"]) == 3
    pages = [get(client, f"{base}/characters", cap=4, q="finch", limit=2, offset=offset)
             for offset in (0, 2, 4)]
    assert [p["total"] for p in pages] == [3, 3, 3]
    assert pages[0]["items"] + pages[1]["items"] == whole["items"] and pages[2]["items"] == []


def test_canon_filters_by_subject_fact_and_value(client, story) -> None:
    base, _ = story
    assert get(client, f"{base}/canon", cap=2, q="ranger")["total"] == 0
    found = get(client, f"{base}/canon", cap=3, q="kell")
    assert [(f["subject"], f["value"]) for f in found["items"]] == [("Kell", "ranger")]
    assert found["total"] == 1
    assert get(client, f"{base}/canon", cap=3, q="grey", locked="true")["total"] == 0


@pytest.mark.parametrize("route", ["characters", "locations", "factions", "objects", "entities",
                                   "canon"])
def test_the_filter_text_must_be_1_to_100_characters(client, story, route) -> None:
    base, _ = story
    assert client.get(f"{base}/{route}", params={"cap": 4, "q": ""}).status_code == 422
    assert client.get(f"{base}/{route}", params={"cap": 4, "q": "x" * 101}).status_code == 422
    assert client.get(f"{base}/{route}", params={"cap": 4, "q": "x" * 100}).status_code == 200


def test_the_whole_list_is_sorted_on_the_server(client, story) -> None:
    base, _ = story
    by_name = [e["name"] for e in get(client, f"{base}/characters", cap=4, sort="name")["items"]]
    assert by_name == sorted(by_name, key=str.lower) and len(by_name) == 7
    page = get(client, f"{base}/characters", cap=4, sort="name", limit=2, offset=2)
    assert [e["name"] for e in page["items"]] == by_name[2:4]
    first = get(client, f"{base}/characters", cap=4, sort="first")["items"]
    assert [e["first_chapter"] for e in first] == sorted(e["first_chapter"] for e in first)
    assert first[-1]["name"] == "Kell"
    assert [e["name"] for e in get(client, f"{base}/objects", cap=4, sort="name")["items"]] == [
        "silver key"]
    assert client.get(f"{base}/characters", params={"cap": 4, "sort": "age"}).status_code == 422
