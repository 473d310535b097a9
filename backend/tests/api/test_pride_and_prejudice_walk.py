"""The foundation walk on real text: Pride and Prejudice chapters 1-3 through the API, offline."""

from __future__ import annotations

import pytest

from tests.api.conftest import wait_for_job
from tests.conftest import chapters_of


def _names(client, novel_id: str, cap: int) -> dict[str, dict]:
    page = client.get(f"/api/novels/{novel_id}/characters",
                      params={"cap": cap, "limit": 1000}).json()
    assert page["total"] == len(page["items"])
    rows = page["items"]
    return {name: row for row in rows for name in (row["name"], *row["aliases"])}


def _find(names: dict[str, dict], surname: str, title: str | None = None) -> dict | None:
    for name, row in names.items():
        if surname in name and (title is None or name.startswith(title)):
            return row
    return None


@pytest.fixture()
def novel(client, shared_data):
    chapters = chapters_of(shared_data, "pride_and_prejudice.txt")[:3]
    novel_id = client.post("/api/novels", json={"title": "Pride and Prejudice"}).json()["id"]
    jobs = [client.post(f"/api/novels/{novel_id}/chapters",
                        json={"number": n, "text": text}).json()["job_id"]
            for n, text in enumerate(chapters, start=1)]
    for job_id in jobs:
        job = wait_for_job(client, job_id, timeout=600)
        assert job["status"] == "done", job
    return novel_id


def test_characters_appear_exactly_at_their_first_chapter(client, novel) -> None:
    at1, at2, at3 = (_names(client, novel, cap) for cap in (1, 2, 3))
    assert _find(at1, "Bennet", "Mr.") is not None
    assert _find(at1, "Bingley") is not None
    assert _find(at1, "Long", "Mrs.") is not None
    assert _find(at1, "Bennet", "Mrs.") is None
    mrs_bennet = _find(at2, "Bennet", "Mrs.")
    assert mrs_bennet is not None and mrs_bennet["first_chapter"] == 2
    assert mrs_bennet["id"] != _find(at2, "Bennet", "Mr.")["id"]
    assert _find(at2, "Darcy") is None
    darcy = _find(at3, "Darcy")
    assert darcy is not None and darcy["first_chapter"] == 3
    page = client.get(f"/api/novels/{novel}/entities/{darcy['id']}", params={"cap": 2})
    assert page.status_code == 404
    page = client.get(f"/api/novels/{novel}/entities/{darcy['id']}", params={"cap": 3}).json()
    assert page["appearances"] == [{"chapter": 3, "mentions": page["mention_count"]}]
    assert all(m["text"] in m["context"] for m in page["mentions"])


def test_raising_the_cap_never_removes_a_character(client, novel) -> None:
    ids = [{row["id"] for row in _names(client, novel, cap).values()} for cap in (1, 2, 3)]
    assert ids[0] <= ids[1] <= ids[2]
