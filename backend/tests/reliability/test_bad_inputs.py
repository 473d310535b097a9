"""A catalogue of bad requests: each gets its 4xx and a clear message, and writes nothing at all.

After every case the database is compared with its state before the case, table by table:
row count and an md5 over every row. The accepted cases at the end must store the text
exactly as sent (CRLF, smart quotes, non-Latin scripts); only a file's UTF-8 BOM is dropped.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, text

from tests.fakes import ScriptedExtractor
from tests.reliability.conftest import script, wait_for_index, wait_for_job
from tests.reliability.helpers import fingerprint, table_names

LIMIT = 64 * 1024  # MAX_UPLOAD_BYTES for this module
GHOST = str(uuid.UUID(int=0xC0FFEE))  # a novel, job, entity or submission that does not exist
CHAPTERS = "/api/novels/{novel}/chapters"
BOOK = "/api/novels/{novel}/book"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"
JSON = {"content-type": "application/json"}


@dataclass(frozen=True)
class Case:
    """One bad request and the answer it must get."""

    id: str
    method: str
    path: str
    status: int
    says: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)


def _file(data: bytes, name: str = "chapter.txt") -> dict[str, Any]:
    return {"files": {"file": (name, data, "text/plain")}, "data": {"number": "2"}}


def _raw(body: bytes, content_type: str = "application/json") -> dict[str, Any]:
    return {"content": body, "headers": {"content-type": content_type}}


CASES = [
    # Chapter text that is not text, or not there.
    Case("empty-text", "POST", CHAPTERS, 422, "empty", {"json": {"number": 2, "text": ""}}),
    Case("whitespace-text", "POST", CHAPTERS, 422, "empty",
         {"json": {"number": 2, "text": " \r\n\t\u3000\u00a0 "}}),
    Case("empty-file", "POST", CHAPTERS, 422, "empty", _file(b"")),
    Case("whitespace-file", "POST", CHAPTERS, 422, "empty", _file(b"  \r\n\t\r\n")),
    Case("latin-1-file", "POST", CHAPTERS, 422, "not UTF-8",
         _file("Caf\u00e9 au lait, d\u00e9j\u00e0 vu.".encode("latin-1"))),
    Case("utf-16-file", "POST", CHAPTERS, 422, "binary", _file("Ada walked.".encode("utf-16"))),
    Case("nul-bytes-file", "POST", CHAPTERS, 422, "binary", _file(b"Ada\x00Bram")),
    Case("png-file", "POST", CHAPTERS, 415, "reads .txt, .md", _file(PNG, "cover.png")),
    Case("gzip-file", "POST", CHAPTERS, 415, "reads .txt, .md",
         _file(b"\x1f\x8b\x08\x08rest", "c.gz")),
    Case("nul-in-json-text", "POST", CHAPTERS, 422, "NUL",
         {"json": {"number": 2, "text": "Ada\u0000Bram"}}),
    # Too big.
    Case("oversize-json", "POST", CHAPTERS, 413, "limit",
         {"json": {"number": 2, "text": "a" * (LIMIT + 1)}}),
    Case("oversize-multibyte-json", "POST", CHAPTERS, 413, "limit",
         {"json": {"number": 2, "text": "\u00e9" * (LIMIT // 2 + 1)}}),
    Case("oversize-file", "POST", CHAPTERS, 413, "limit", _file(b"a" * (LIMIT + 1))),
    Case("oversize-book", "POST", BOOK, 413, "limit",
         {"json": {"text": "CHAPTER 1\n\n" + "a" * LIMIT}}),
    Case("oversize-split-preview", "POST", "/api/books/split", 413, "limit",
         {"json": {"text": "a" * (LIMIT + 1)}}),
    Case("book-of-10000-chapters", "POST", BOOK, 422, "10,000 chapters",
         {"json": {"text": "".join(f"CHAPTER {i}\n\nWord {i}.\n\n" for i in range(1, 10_001))}},
         env={"MAX_UPLOAD_BYTES": str(1_000_000)}),
    # Numbering.
    Case("duplicate-without-replace", "POST", CHAPTERS, 409, "replace=true",
         {"json": {"number": 1, "text": "Ada again."}}),
    Case("gap", "POST", CHAPTERS, 409, "gap", {"json": {"number": 3, "text": "Ada."}}),
    Case("gap-with-replace", "POST", CHAPTERS, 409, "gap",
         {"json": {"number": 7, "text": "Ada.", "replace": True}}),
    Case("number-zero", "POST", CHAPTERS, 422, "number", {"json": {"number": 0, "text": "Ada."}}),
    Case("number-negative", "POST", CHAPTERS, 422, "number",
         {"json": {"number": -1, "text": "Ada."}}),
    Case("number-huge", "POST", CHAPTERS, 422, "number",
         {"json": {"number": 10**12, "text": "Ada."}}),
    Case("number-fraction", "POST", CHAPTERS, 422, "number",
         {"json": {"number": 1.5, "text": "Ada."}}),
    Case("number-not-a-number", "POST", CHAPTERS, 422, "number",
         {"json": {"number": "two", "text": "Ada."}}),
    Case("number-infinite", "POST", CHAPTERS, 422, "number",
         _raw(b'{"number": 1e400, "text": "Ada."}')),
    Case("multipart-number-not-a-number", "POST", CHAPTERS, 422, "number",
         {"files": {"file": ("c.txt", b"Ada.", "text/plain")}, "data": {"number": "abc"}}),
    # Bodies that are not the right JSON.
    Case("malformed-json", "POST", CHAPTERS, 422, "not valid JSON",
         _raw(b'{"number": 2, "text": ')),
    Case("json-array", "POST", CHAPTERS, 422, "JSON object", _raw(b'[{"text": "Ada."}]')),
    Case("json-string", "POST", CHAPTERS, 422, "JSON object", _raw(b'"Ada walked."')),
    Case("empty-body", "POST", CHAPTERS, 422, "JSON object", _raw(b"")),
    Case("text-missing", "POST", CHAPTERS, 422, "text", {"json": {"number": 2}}),
    Case("text-not-a-string", "POST", CHAPTERS, 422, "text", {"json": {"number": 2, "text": 5}}),
    Case("replace-not-a-boolean", "POST", CHAPTERS, 422, "replace",
         {"json": {"number": 2, "text": "Ada.", "replace": "maybe"}}),
    Case("chapter-title-oversized", "POST", CHAPTERS, 422, "title",
         {"json": {"number": 2, "title": "T" * 501, "text": "Ada."}}),
    Case("chapter-title-nul", "POST", CHAPTERS, 422, "NUL",
         {"json": {"number": 2, "title": "Ada\u0000", "text": "Ada."}}),
    Case("lone-surrogate", "POST", CHAPTERS, 422, "not valid JSON",
         _raw(b'{"number": 2, "text": "Ada \\ud800 Bram"}')),
    Case("deeply-nested-json", "POST", CHAPTERS, 422, "not valid JSON", _raw(b"[" * 100_000)),
    Case("wrong-content-type", "POST", CHAPTERS, 415, "application/json",
         _raw(b"Ada walked to Netherfield.", "text/plain")),
    Case("json-sent-as-form", "POST", CHAPTERS, 415, "multipart/form-data",
         _raw(b'{"number": 2, "text": "Ada."}', "application/x-www-form-urlencoded")),
    Case("multipart-without-file", "POST", CHAPTERS, 422, "'file'",
         {"files": {"other": ("c.txt", b"Ada.", "text/plain")}, "data": {"number": "2"}}),
    Case("multipart-without-boundary", "POST", CHAPTERS, 400, "boundary",
         _raw(b"Ada.", "multipart/form-data")),
    Case("book-wrong-shape", "POST", BOOK, 422, "dictionary", {"json": ["CHAPTER 1", "Ada."]}),
    Case("book-empty", "POST", BOOK, 422, "empty", {"json": {"text": "  \n "}}),
    Case("book-of-headings-only", "POST", BOOK, 422, "no chapter",
         {"json": {"text": "CHAPTER 1\n\nCHAPTER 2\n\n"}}),
    # Novels.
    Case("novel-empty-title", "POST", "/api/novels", 422, "title", {"json": {"title": ""}}),
    Case("novel-whitespace-title", "POST", "/api/novels", 422, "title is empty",
         {"json": {"title": "  \t "}}),
    Case("novel-oversized-title", "POST", "/api/novels", 422, "title",
         {"json": {"title": "T" * 501}}),
    Case("novel-title-missing", "POST", "/api/novels", 422, "title", {"json": {"author": "A"}}),
    Case("novel-title-not-a-string", "POST", "/api/novels", 422, "title", {"json": {"title": 5}}),
    Case("novel-title-nul", "POST", "/api/novels", 422, "NUL", {"json": {"title": "A\u0000B"}}),
    Case("novel-author-nul", "POST", "/api/novels", 422, "NUL",
         {"json": {"title": "AB", "author": "\u0000"}}),
    Case("novel-malformed-json", "POST", "/api/novels", 422, "JSON", _raw(b'{"title": ')),
    Case("novel-json-array", "POST", "/api/novels", 422, "invalid request", {"json": ["x"]}),
    Case("novel-form-body", "POST", "/api/novels", 422, "invalid request",
         _raw(b"title=Emma", "application/x-www-form-urlencoded")),
    # Unknown things and malformed ids.
    Case("unknown-novel-chapter", "POST", f"/api/novels/{GHOST}/chapters", 404, "does not exist",
         {"json": {"number": 1, "text": "Ada."}}),
    Case("unknown-novel-book", "POST", f"/api/novels/{GHOST}/book", 404, "does not exist",
         {"json": {"text": "CHAPTER 1\n\nAda."}}),
    Case("unknown-novel-delete", "DELETE", f"/api/novels/{GHOST}", 404, "does not exist"),
    Case("unknown-novel-get", "GET", f"/api/novels/{GHOST}", 404, "not found"),
    Case("unknown-novel-chapters", "GET", f"/api/novels/{GHOST}/chapters", 404, "does not exist"),
    Case("unknown-novel-chapter-read", "GET", f"/api/novels/{GHOST}/chapters/1", 404,
         "does not exist"),
    Case("unknown-novel-characters", "GET", f"/api/novels/{GHOST}/characters", 404,
         "does not exist"),
    Case("unknown-novel-jobs", "GET", f"/api/novels/{GHOST}/jobs", 404, "not found"),
    Case("unknown-novel-review", "GET", f"/api/novels/{GHOST}/review", 404, "does not exist"),
    Case("unknown-chapter", "GET", CHAPTERS + "/99", 404, "chapter 99"),
    Case("unknown-entity", "GET", "/api/novels/{novel}/entities/" + GHOST, 404, "not found"),
    Case("unknown-job", "GET", f"/api/jobs/{GHOST}", 404, "job"),
    Case("unknown-submission-accept", "POST", f"/api/review/{GHOST}/accept", 404, "does not exist"),
    Case("unknown-submission-reject", "POST", f"/api/review/{GHOST}/reject", 404, "does not exist"),
    Case("bad-uuid-job", "GET", "/api/jobs/not-a-uuid", 422, "UUID"),
    Case("bad-uuid-delete", "DELETE", "/api/novels/42", 422, "UUID"),
    Case("bad-uuid-chapter-post", "POST", "/api/novels/xyz/chapters", 422, "UUID",
         {"json": {"number": 1, "text": "Ada."}}),
    Case("bad-uuid-entity", "GET", "/api/novels/{novel}/entities/abc", 422, "UUID"),
    Case("chapter-number-not-int", "GET", CHAPTERS + "/abc", 422, "number"),
    # The wiki's own writes and reads.
    Case("canon-value-nul", "PATCH", "/api/novels/{novel}/canon/1", 422, "NUL",
         {"json": {"value": "green\u0000"}}),
    Case("canon-value-empty", "PATCH", "/api/novels/{novel}/canon/1", 422, "value",
         {"json": {"value": ""}}),
    Case("unknown-canon-fact", "PATCH", "/api/novels/{novel}/canon/999999", 404, "does not exist",
         {"json": {"value": "green"}}),
    Case("canon-fact-not-int", "POST", "/api/novels/{novel}/canon/abc/lock", 422, "fact_id"),
    Case("search-nul", "GET", "/api/novels/{novel}/search?q=Ada%00Bram", 422, "NUL"),
    Case("type-name-unusable", "POST", "/api/novels/{novel}/types", 422, "type name",
         {"json": {"name": "no spaces!", "description": "x"}}),
    Case("merge-without-ids", "POST", "/api/novels/{novel}/merge", 422, "invalid request",
         {"json": {}}),
    # Absurd caps.
    Case("cap-negative", "GET", "/api/novels/{novel}/characters?cap=-1", 422, "cap"),
    Case("cap-huge", "GET", "/api/novels/{novel}/characters?cap=1000000000", 422, "cap"),
    Case("cap-not-a-number", "GET", "/api/novels/{novel}/characters?cap=abc", 422, "cap"),
    Case("cap-on-chapters-huge", "GET", CHAPTERS + "?cap=99999999999999999999", 422, "cap"),
]


@dataclass
class World:
    """The app with one novel whose chapter 1 is in."""

    client: TestClient
    novel: str
    engine: Engine


@pytest.fixture(scope="module")
def world(database_url: str) -> Iterator[World]:
    from continuum.api.app import create_app
    from continuum.db.engine import get_engine
    from continuum.settings import get_settings

    patch = pytest.MonkeyPatch()
    patch.setenv("MAX_UPLOAD_BYTES", str(LIMIT))
    get_settings.cache_clear()
    extractor = ScriptedExtractor(script)
    patch.setattr("continuum.pipeline.spine.get_extractor", lambda settings: extractor)
    engine = get_engine()
    try:
        with TestClient(create_app()) as client:
            novel = client.post("/api/novels", json={"title": "Catalogue"}).json()["id"]
            job = client.post(f"/api/novels/{novel}/chapters",
                              json={"number": 1, "text": "Ada met Bram at Netherfield."})
            assert wait_for_job(client, job.json()["job_id"])["status"] == "done"
            wait_for_index(client, novel)  # nothing is still being written when a case runs
            yield World(client, novel, engine)
    finally:
        patch.undo()
        get_settings.cache_clear()
        with engine.begin() as conn:
            conn.execute(text(f"TRUNCATE {', '.join(table_names(engine))} CASCADE"))


def test_the_catalogue_is_large() -> None:
    assert len(CASES) >= 25
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_is_refused_and_writes_nothing(world: World, case: Case) -> None:
    from continuum.settings import get_settings

    before = fingerprint(world.engine)
    with pytest.MonkeyPatch.context() as patch:
        for key, value in case.env.items():
            patch.setenv(key, value)
        get_settings.cache_clear()
        response = world.client.request(case.method, case.path.format(novel=world.novel),
                                        **case.kwargs)
    get_settings.cache_clear()
    assert response.status_code == case.status, response.text[:500]
    detail = response.json()["detail"]
    assert isinstance(detail, str) and case.says in detail, detail
    after = fingerprint(world.engine)
    changed = {t: (before[t], after.get(t)) for t in before if before[t] != after.get(t)}
    assert changed == {} and after.keys() == before.keys()


# What must be accepted, and come back exactly as sent.

SCRIPTS = (
    "\u201cMy dear Mr. Bennet,\u201d said his lady to him one day, "
    "\u2018have you heard?\u2019 \u2014 Ada\u2026\r\n"
    "\u0388\u03bd\u03b1 \u03ba\u03b5\u03af\u03bc\u03b5\u03bd\u03bf \u03c3\u03c4\u03b1 "
    "\u03b5\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac.\r\n"
    "\u0422\u0435\u043a\u0441\u0442 \u043d\u0430 \u0440\u0443\u0441\u0441\u043a\u043e\u043c "
    "\u044f\u0437\u044b\u043a\u0435.\r\n"
    "\u5929\u5730\u7384\u9ec4\uff0c\u5b87\u5b99\u6d2a\u8352\u3002\u65e5\u672c\u8a9e\u3082\u3002\r\n"
    "\u0647\u0630\u0627 \u0646\u0635 \u0639\u0631\u0628\u064a.\r\n"
    "Bram \u00e9tait l\u00e0 \u2014 na\u00efve caf\u00e9, \U0001f4d6 \u00bd\r\n\r\n"
    "  trailing spaces and a tab\t\r\n"
)


def _read_back(client: TestClient, novel: str, number: int) -> str:
    response = client.get(f"/api/novels/{novel}/chapters/{number}")
    assert response.status_code == 200, response.text
    return str(response.json()["text"])


def test_text_comes_back_exactly_as_sent(client: TestClient) -> None:
    title = "\u00c9mile \u2014 \u4e09\u56fd"
    novel = client.post("/api/novels", json={"title": title}).json()["id"]
    url = f"/api/novels/{novel}/chapters"
    as_json = "\n\n" + SCRIPTS
    first = client.post(url, json={"number": 1, "text": as_json})
    assert first.status_code == 202, first.text
    assert wait_for_job(client, first.json()["job_id"])["status"] == "done"
    assert _read_back(client, novel, 1) == as_json

    as_file = SCRIPTS.encode("utf-8")
    second = client.post(url, data={"number": "2"},
                         files={"file": ("two.txt", as_file, "text/plain")})
    assert wait_for_job(client, second.json()["job_id"])["status"] == "done"
    assert _read_back(client, novel, 2).encode("utf-8") == as_file

    # A file's UTF-8 byte-order mark is an encoding marker, not text: only it is dropped.
    with_bom = b"\xef\xbb\xbf" + as_file
    third = client.post(url, files={"file": ("three.txt", with_bom, "text/plain")})
    assert wait_for_job(client, third.json()["job_id"])["status"] == "done"
    assert _read_back(client, novel, 3).encode("utf-8") == as_file

    # In JSON the client chose every character, so a leading U+FEFF is kept.
    fourth = client.post(url, json={"text": "\ufeff" + SCRIPTS})
    assert wait_for_job(client, fourth.json()["job_id"])["status"] == "done"
    assert _read_back(client, novel, 4) == "\ufeff" + SCRIPTS
    assert client.get(f"/api/novels/{novel}").json()["title"] == title


def test_a_book_with_an_empty_chapter_keeps_numbers_contiguous(client: TestClient) -> None:
    novel = client.post("/api/novels", json={"title": "Gaps"}).json()["id"]
    book = "CHAPTER 1\n\nAda walked.\n\nCHAPTER 2\n\n\n\nCHAPTER 3\n\nBram ran.\n"
    queued = client.post(f"/api/novels/{novel}/book", json={"text": book})
    assert queued.status_code == 202 and queued.json()["chapters"] == 2
    jobs = [wait_for_job(client, j) for j in queued.json()["job_ids"]]
    assert [(j["chapter_number"], j["status"]) for j in jobs] == [(1, "done"), (2, "done")]
    assert _read_back(client, novel, 2) == "Bram ran."
