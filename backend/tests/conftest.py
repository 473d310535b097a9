"""Test fixtures: one embedded PostgreSQL per test session, a fresh database per session.

Tests that go through the spine or the API commit for real; `clean_db` truncates every
table afterwards. Tests of pure functions need none of this.
"""

from __future__ import annotations

import os
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from psycopg.errors import DeadlockDetected
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_DATA = Path(os.environ.get("CONTINUUM_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))

os.environ.setdefault("EMBEDDING_MODEL", "mock:hash")
os.environ.setdefault("LOG_LEVEL", "WARNING")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The read-only shared data folder (novels, LitBank)."""
    if not SHARED_DATA.is_dir():
        pytest.fail(f"shared data not found at {SHARED_DATA}; set CONTINUUM_SHARED_DATA")
    return SHARED_DATA


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """The embedded server (a test-only data dir), started once per test session."""
    from continuum.db.embedded import start_embedded, stop_embedded

    base = Path(os.environ.get("CONTINUUM_TEST_DATA_DIR") or tempfile.mkdtemp(prefix="ctm-"))
    url = start_embedded(base)
    yield url
    stop_embedded(base)


@pytest.fixture(scope="session")
def database_url(pg_server_url: str) -> Iterator[str]:
    """A fresh database on the embedded server, migrated to head; DATABASE_URL points at it."""
    from continuum.db import engine as engine_module
    from continuum.db.migrate import upgrade
    from continuum.settings import get_settings

    name = f"continuum_test_{uuid.uuid4().hex[:8]}"
    admin = create_engine(pg_server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(pg_server_url).set(database=name).render_as_string(hide_password=False)
    os.environ["DATABASE_URL"] = url
    get_settings.cache_clear()
    upgrade(engine_module.get_engine())
    yield url
    engine_module.dispose_engines()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture()
def engine(database_url: str) -> Engine:
    """The app's write engine on the test database."""
    from continuum.db.engine import get_engine

    return get_engine()


@pytest.fixture()
def clean_db(engine: Engine) -> Iterator[Engine]:
    """A database emptied after the test (every table truncated).

    A writer the test left behind (an index thread finishing its job as the app shuts down)
    can deadlock with the TRUNCATE, which takes every table at once; PostgreSQL then aborts
    one of the two, and the truncation is tried again once that writer has finished."""
    yield engine
    for attempt in range(1, 6):
        try:
            with engine.begin() as conn:
                tables = conn.execute(
                    text("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                         "AND tablename <> 'alembic_version'")
                ).scalars().all()
                conn.execute(text(f"TRUNCATE {', '.join(tables)} CASCADE"))
            return
        except OperationalError as exc:
            if attempt == 5 or not isinstance(exc.orig, DeadlockDetected):
                raise
            time.sleep(0.2 * attempt)


def chapters_of(shared: Path, book: str) -> list[str]:
    """The chapter texts of a shared novel, as the book splitter cuts them."""
    from continuum.pipeline.segment.books import split_book

    text_ = (shared / "novels" / book).read_text(encoding="utf-8")
    return [c.text for c in split_book(text_)]


@pytest.fixture(scope="session")
def novel_document(shared_data: Path, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """`novel_document(book, fmt)`: a shared novel written by pandoc as .docx, .odt, .epub, .rtf,
    .html or .md (with contents, copyright and "also by" pages), built once per session."""
    from tests.documents_kit import BOOKS, book_tree, reference, write_formats

    folder = tmp_path_factory.mktemp("documents")
    built: dict[str, dict[str, Path]] = {}

    def get(book: str, fmt: str) -> Path:
        if book not in built:
            title, author, parts, epub = BOOKS[book]
            text_ = (shared_data / "novels" / f"{book}.txt").read_text(encoding="utf-8")
            tree = book_tree(text_, reference(text_, title, author), parts=parts)
            built[book] = write_formats(tree, folder, book, epub=epub)
        return built[book][fmt]

    return get
