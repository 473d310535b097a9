"""Every kind of bad document is refused in one sentence, by the API (4xx on each upload route)
and by `continuum ingest` (exit status 2), and nothing at all is written."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, text
from typer.testing import CliRunner

from tests import documents_kit as kit
from tests.reliability.helpers import fingerprint, table_names

ROUTES = ("/api/novels/{novel}/book", "/api/novels/{novel}/chapters", "/api/books/split")
SUPPORTED = "reads .txt, .md, .html, .docx, .odt, .rtf and .epub"


@dataclass(frozen=True)
class Bad:
    """A bad file, the status the API answers and words its one sentence must hold."""

    path: Path
    status: int
    says: str
    env: dict[str, str] = field(default_factory=dict)


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Bad]:
    folder = tmp_path_factory.mktemp("bad-documents")
    good_docx, good_epub = folder / "good.docx", folder / "good.epub"
    kit.hand_made_docx(good_docx)
    kit.front_matter_epub(good_epub)
    (folder / "empty.docx").write_bytes(b"")
    (folder / "manuscript.pdf").write_bytes(b"%PDF-1.7\n1 0 obj <<>> endobj\n")
    (folder / "renamed.docx").write_text("Chapter 1\n\nJust text.", encoding="utf-8")
    return {
        "truncated-docx": Bad(kit.truncated(good_docx, folder / "truncated.docx"), 422,
                              "is damaged or incomplete"),
        "corrupt-epub": Bad(kit.corrupted(good_epub, folder / "corrupt.epub"), 422,
                            "is damaged or incomplete"),
        "drm-epub": Bad(kit.drm_epub(folder / "drm.epub"), 422, "protected by DRM"),
        "password-docx": Bad(kit.encrypted_docx(folder / "locked.docx"), 422,
                             "is password-protected"),
        "password-odt": Bad(kit.encrypted_odt(folder / "locked.odt"), 422,
                            "is password-protected"),
        "empty-file": Bad(folder / "empty.docx", 422, "empty.docx is empty"),
        "blank-document": Bad(kit.blank_docx(folder / "blank.docx"), 422, "has no text"),
        "image-only-document": Bad(kit.image_only_docx(folder / "picture.docx"), 422,
                                   "has no text"),
        "unsupported-type": Bad(folder / "manuscript.pdf", 415, SUPPORTED),
        "not-what-its-name-says": Bad(folder / "renamed.docx", 422, "not a real Word document"),
        "zip-bomb": Bad(kit.zip_bomb(folder / "bomb.docx", 257 * 1024 * 1024), 413,
                        "zip bomb"),
        "conversion-too-slow": Bad(good_docx, 422, "took longer than 0.001 seconds",
                                   env={"CONVERT_SECONDS": "0.001"}),
        "too-many-chapters": Bad(good_docx, 422, "3 chapters; the limit is 2",
                                 env={"MAX_BOOK_CHAPTERS": "2"}),
    }


CASES = ["truncated-docx", "corrupt-epub", "drm-epub", "password-docx", "password-odt",
         "empty-file", "blank-document", "image-only-document", "unsupported-type",
         "not-what-its-name-says", "zip-bomb", "conversion-too-slow", "too-many-chapters"]


@dataclass
class World:
    client: TestClient
    novel: str
    engine: Engine


@pytest.fixture(scope="module")
def world(database_url: str) -> Iterator[World]:
    from continuum.api.app import create_app
    from continuum.db.engine import get_engine

    engine = get_engine()
    try:
        with TestClient(create_app(run_worker=False)) as client:
            novel = client.post("/api/novels", json={"title": "Refusals"}).json()["id"]
            yield World(client, novel, engine)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"TRUNCATE {', '.join(table_names(engine))} CASCADE"))


@pytest.fixture()
def settings_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    from continuum.settings import get_settings

    get_settings.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    get_settings.cache_clear()


def _with_env(patch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    from continuum.settings import get_settings

    for key, value in env.items():
        patch.setenv(key, value)
    get_settings.cache_clear()


def test_every_class_of_bad_file_is_covered(bad_files: dict[str, Bad]) -> None:
    assert sorted(bad_files) == sorted(CASES)


@pytest.mark.parametrize("route", ROUTES, ids=["book", "chapter", "split-preview"])
@pytest.mark.parametrize("case", CASES)
def test_the_api_refuses_it_and_writes_nothing(world: World, bad_files: dict[str, Bad],
                                               settings_env: pytest.MonkeyPatch, case: str,
                                               route: str) -> None:
    bad = bad_files[case]
    _with_env(settings_env, bad.env)
    before = fingerprint(world.engine)
    response = world.client.post(route.format(novel=world.novel),
                                 files={"file": (bad.path.name, bad.path.read_bytes())})
    assert response.status_code == bad.status, response.text[:300]
    detail = response.json()["detail"]
    assert bad.says in detail and "\n" not in detail and detail.count(". ") == 0, detail
    assert fingerprint(world.engine) == before


@pytest.mark.parametrize("case", CASES)
def test_the_command_line_refuses_it_in_one_sentence(world: World, bad_files: dict[str, Bad],
                                                     settings_env: pytest.MonkeyPatch,
                                                     case: str) -> None:
    from continuum.cli import app

    bad = bad_files[case]
    _with_env(settings_env, bad.env)
    before = fingerprint(world.engine)
    result = CliRunner().invoke(app, ["ingest", "--novel", f"Refused {case}", str(bad.path)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and bad.says in lines[0], lines
    assert "Traceback" not in result.output
    assert fingerprint(world.engine) == before


def test_a_missing_file_is_one_sentence_too(world: World, tmp_path: Path) -> None:
    from continuum.cli import app

    result = CliRunner().invoke(app, ["ingest", "--novel", "X", str(tmp_path / "book.docx")])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {tmp_path / 'book.docx'} does not exist"


def test_debug_shows_the_traceback(world: World, bad_files: dict[str, Bad]) -> None:
    from continuum.cli import app
    from continuum.console import MODE, configure_logging
    from continuum.errors import UnreadableDocument

    try:
        result = CliRunner().invoke(app, ["ingest", "--debug", "--novel", "X",
                                          str(bad_files["drm-epub"].path)])
    finally:
        MODE.debug = MODE.verbose = False
        configure_logging()
    assert isinstance(result.exception, UnreadableDocument)
