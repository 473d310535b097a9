"""Alembic, driven from Python: upgrade at start, by hand, and in tests."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

from continuum.errors import DatabaseTooNew
from continuum.settings import REPO_ROOT

ALEMBIC_INI = REPO_ROOT / "db" / "alembic.ini"


def _config() -> Config:
    config = Config(str(ALEMBIC_INI))
    config.set_main_option("script_location", str(REPO_ROOT / "db" / "migrations"))
    return config


def head_revision() -> str:
    """The newest revision this code knows."""
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database up; refuses a database newer than this code."""
    current = current_revision(engine)
    known = {rev.revision for rev in ScriptDirectory.from_config(_config()).walk_revisions()}
    if current is not None and current not in known:
        raise DatabaseTooNew(
            f"the database is at schema revision {current}, which this version of Continuum "
            "does not know; upgrade Continuum before starting it on this database"
        )
    _run(engine, lambda cfg: command.upgrade(cfg, revision))


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Migrate the database down (tests and emergencies)."""
    _run(engine, lambda cfg: command.downgrade(cfg, revision))


def _run(engine: Engine, action) -> None:  # type: ignore[no-untyped-def]
    with engine.begin() as conn:
        config = _config()
        config.attributes["connection"] = conn
        action(config)
