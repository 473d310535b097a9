"""Shared by the reliability tests: table fingerprints, scratch databases, server subprocesses."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

REPO_ROOT = Path(__file__).resolve().parents[3]
BACKEND = REPO_ROOT / "backend"


def table_names(engine: Engine, *, include_alembic: bool = False) -> list[str]:
    """Every table of the public schema, sorted."""
    with engine.connect() as conn:
        names = conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
        )).scalars().all()
    return [n for n in names if include_alembic or n != "alembic_version"]


def fingerprint(engine: Engine, *, include_alembic: bool = False) -> dict[str, tuple[int, str]]:
    """Row count and md5 of every row's text, per table, in one snapshot."""
    names = table_names(engine, include_alembic=include_alembic)
    out: dict[str, tuple[int, str]] = {}
    with engine.connect() as conn:
        conn.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        for name in names:
            row = conn.execute(text(
                f'SELECT count(*), coalesce(md5(string_agg(t::text, \'\' ORDER BY t::text)), \'\') '
                f'FROM "{name}" t'
            )).one()
            out[name] = (int(row[0]), str(row[1]))
        conn.rollback()
    return out


def counts(engine: Engine) -> dict[str, int]:
    """Row count per table."""
    return {name: n for name, (n, _) in fingerprint(engine).items()}


@contextmanager
def scratch_database(server_url: str, *, template: str | None = None,
                     migrate: bool = False) -> Iterator[str]:
    """A new database on the embedded server (optionally a copy of `template`), dropped after."""
    name = f"ctm_scratch_{uuid.uuid4().hex[:10]}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as conn:
        clause = f' TEMPLATE "{template}"' if template else ""
        conn.execute(text(f'CREATE DATABASE "{name}"{clause}'))
    url = make_url(server_url).set(database=name).render_as_string(hide_password=False)
    try:
        if migrate:
            from continuum.db.migrate import upgrade

            engine = create_engine(url, poolclass=NullPool)
            upgrade(engine)
            engine.dispose()
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def database_name(url: str) -> str:
    """The database part of a URL."""
    return str(make_url(url).database)


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def cli(*args: str) -> list[str]:
    """The command line of `continuum ARGS...` in this interpreter."""
    return [sys.executable, "-m", "continuum.cli", *args]


def child_env(**overrides: str | None) -> dict[str, str]:
    """This process's environment with overrides (None removes a variable)."""
    env = {**os.environ, "PYTHONPATH": str(BACKEND)}
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def wait_http(url: str, process: subprocess.Popen, timeout: float = 90.0) -> None:
    """Wait until `url` answers (or the process dies)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode} before answering")
        try:
            httpx.get(url, timeout=2.0)
            return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer in {timeout}s")


def stop(process: subprocess.Popen, timeout: float = 20.0) -> None:
    """Ask a child to stop, then kill it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout)
