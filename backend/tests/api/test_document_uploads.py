"""Uploading an author's files: the split preview shows a document's chapters before anything is
queued, a whole book queues one job per chapter with its title, one file queues one chapter."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tests.documents_kit import BOOKS, hand_made_docx, reference

ALICE_TITLES = ["Down the Rabbit-Hole", "The Pool of Tears"]


@pytest.fixture()
def client(clean_db) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    """The app without its worker: queued jobs stay queued, so no chapter is read here."""
    from continuum.api.app import create_app

    with TestClient(create_app(run_worker=False)) as test_client:
        yield test_client


def _upload(path: Path) -> dict:
    return {"files": {"file": (path.name, path.read_bytes())}}


def test_the_preview_lists_a_documents_chapters_and_writes_nothing(
        client: TestClient, clean_db, novel_document: Callable[[str, str], Path]) -> None:  # type: ignore[no-untyped-def]
    path = novel_document("alice_in_wonderland", "docx")
    preview = client.post("/api/books/split", **_upload(path))
    assert preview.status_code == 200, preview.text
    body = preview.json()
    assert body["format"] == "docx"
    assert body["dropped"] == ["Contents", "Copyright", "Also by Lewis Carroll"]
    chapters = body["chapters"]
    assert [c["number"] for c in chapters] == list(range(1, 13))
    assert [c["title"] for c in chapters[:2]] == ALICE_TITLES
    assert chapters[0]["preview"].startswith("Alice was beginning to get very tired")
    assert 2000 < chapters[0]["word_count"] < 2300
    with clean_db.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM novels")).scalar_one() == 0


def test_a_whole_epub_queues_one_job_per_chapter(
        client: TestClient, shared_data: Path, novel_document: Callable[[str, str], Path]) -> None:
    novel = client.post("/api/novels", json={"title": "Treasure Island"}).json()["id"]
    queued = client.post(f"/api/novels/{novel}/book",
                         **_upload(novel_document("treasure_island", "epub")))
    assert queued.status_code == 202, queued.text
    title, author, _, _ = BOOKS["treasure_island"]
    truth = reference((shared_data / "novels" / "treasure_island.txt").read_text("utf-8"),
                      title, author)
    assert queued.json()["chapters"] == len(truth.chapters) == 34
    jobs = sorted(client.get(f"/api/novels/{novel}/jobs").json(),
                  key=lambda j: j["chapter_number"])
    assert [(j["chapter_number"], j["title"], j["status"]) for j in jobs] == [
        (n, t, "queued") for n, (t, _) in enumerate(truth.chapters, start=1)]


def test_one_word_file_is_one_chapter(client: TestClient, tmp_path: Path) -> None:
    path = tmp_path / "lighthouse.docx"
    hand_made_docx(path)
    novel = client.post("/api/novels", json={"title": "Lighthouse"}).json()["id"]
    queued = client.post(f"/api/novels/{novel}/chapters", data={"number": "1"}, **_upload(path))
    assert queued.status_code == 202, queued.text
    [job] = client.get(f"/api/novels/{novel}/jobs").json()
    assert (job["chapter_number"], job["title"]) == (1, "The Letter")
