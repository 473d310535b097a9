"""`continuum backup` and `continuum restore`: the restored database equals the original."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.pool import NullPool
from typer.testing import CliRunner

from continuum.errors import Conflict, InvalidInput
from continuum.ops.backup import backup, restore, user_tables
from tests.fakes import ScriptedExtractor
from tests.reliability.conftest import script
from tests.reliability.helpers import REPO_ROOT, child_env, cli, fingerprint, scratch_database

pytestmark = pytest.mark.timeout(600)

CHAPTERS = ["Ada met Bram at the gate.", "Ada rode to Netherfield.",
            "Bram wrote to Ada from Netherfield: \u201cCome back.\u201d\r\n\u65e5\u672c."]


def _fill(engine: Engine) -> None:
    """A novel with chapters, entities, critiques and a queued job."""
    from continuum.jobs.queue import enqueue_chapter
    from continuum.pipeline.spine import analyze_chapter

    with engine.begin() as conn:
        novel = conn.execute(text(
            "INSERT INTO novels (title, author) VALUES ('Backed up', 'A. Author') RETURNING id"
        )).scalar_one()
    extractor = ScriptedExtractor(script)
    for number, body in enumerate(CHAPTERS, start=1):
        analyze_chapter(novel_id=novel, number=number, text=body, engine=engine,
                        extractor=extractor)
    with engine.begin() as conn:
        enqueue_chapter(conn, novel_id=novel, number=4, title="Four", text_="Ada slept.")


def test_restore_reproduces_every_table(clean_db: Engine, database_url: str, pg_server_url: str,
                                        tmp_path: Path) -> None:
    _fill(clean_db)
    original = fingerprint(clean_db, include_alembic=True)
    dump = tmp_path / "continuum.dump"
    assert backup(database_url, dump) > 0
    assert not list(tmp_path.glob(".*partial*"))
    with scratch_database(pg_server_url) as target:
        restore(target, dump)
        engine = create_engine(target, poolclass=NullPool)
        try:
            assert fingerprint(engine, include_alembic=True) == original
            # The restored database is alive: identity sequences continue, the spine writes.
            from continuum.pipeline.spine import analyze_chapter

            with engine.connect() as conn:
                novel = conn.execute(text("SELECT id FROM novels")).scalar_one()
            analyze_chapter(novel_id=novel, number=4, text="Ada slept at Netherfield.",
                            engine=engine, extractor=ScriptedExtractor(script))
            changed = fingerprint(engine)
            # A second restore into a database that now has data is refused and changes nothing.
            with pytest.raises(Conflict, match="not empty"):
                restore(target, dump)
            assert fingerprint(engine) == changed
        finally:
            engine.dispose()


def test_restore_refuses_what_is_not_a_backup(pg_server_url: str, tmp_path: Path) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("not a dump")
    with scratch_database(pg_server_url) as target:
        with pytest.raises(InvalidInput, match="not a `continuum backup` file"):
            restore(target, junk)
        with pytest.raises(InvalidInput, match="does not exist"):
            restore(target, tmp_path / "missing.dump")
        assert user_tables(target) == []


def test_restore_accepts_a_database_emptied_by_downgrade(
    clean_db: Engine, database_url: str, pg_server_url: str, tmp_path: Path
) -> None:
    from continuum.db.migrate import downgrade

    dump = tmp_path / "empty-schema.dump"
    backup(database_url, dump)
    with scratch_database(pg_server_url, migrate=True) as target:
        engine = create_engine(target, poolclass=NullPool)
        downgrade(engine, "base")  # leaves an empty alembic_version behind
        engine.dispose()
        restore(target, dump)
        assert "novels" in user_tables(target)


def test_cli_round_trip_on_an_external_database(clean_db: Engine, database_url: str,
                                                pg_server_url: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from continuum.cli import app
    from continuum.settings import get_settings

    _fill(clean_db)
    original = fingerprint(clean_db, include_alembic=True)
    dump = tmp_path / "cli.dump"
    runner = CliRunner()
    done = runner.invoke(app, ["backup", str(dump)])
    assert done.exit_code == 0, done.output
    with scratch_database(pg_server_url) as target:
        monkeypatch.setenv("DATABASE_URL", target)
        get_settings.cache_clear()
        try:
            done = runner.invoke(app, ["restore", str(dump)])
            assert done.exit_code == 0, done.output
            engine = create_engine(target, poolclass=NullPool)
            assert fingerprint(engine, include_alembic=True) == original
            engine.dispose()
            again = runner.invoke(app, ["restore", str(dump)])
            assert again.exit_code == 1 and "not empty" in again.output
        finally:
            from continuum.db.engine import dispose_engines

            dispose_engines()
            monkeypatch.setenv("DATABASE_URL", database_url)
            get_settings.cache_clear()


def test_cli_round_trip_on_the_embedded_server(clean_db: Engine, database_url: str,
                                               pg_server_url: str, tmp_path: Path) -> None:
    """No DATABASE_URL: restore into a fresh DATA_DIR, back it up again, compare."""
    _fill(clean_db)
    original = fingerprint(clean_db, include_alembic=True)
    first, second = tmp_path / "first.dump", tmp_path / "second.dump"
    backup(database_url, first)
    env = child_env(DATABASE_URL=None, DATA_DIR=str(tmp_path / "fresh"), LOG_LEVEL="WARNING")
    for args in (["restore", str(first)], ["backup", str(second)]):
        done = subprocess.run(cli(*args), env=env, cwd=REPO_ROOT, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
    with scratch_database(pg_server_url) as target:
        restore(target, second)
        engine = create_engine(target, poolclass=NullPool)
        assert fingerprint(engine, include_alembic=True) == original
        engine.dispose()
