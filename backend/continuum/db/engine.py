"""Engines and sessions: one write engine (primary), read sessions routed to a replica.

With DATABASE_READ_URL set, a read session for a novel runs on the replica once the
replica has replayed that novel's latest write, else on the primary (see db/routing.py).
Every write session that changed something records the primary's WAL position after
its commit, for the novel it names (or for "any novel").
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.orm import Session, sessionmaker

from continuum.db.embedded import start_embedded
from continuum.db.routing import ReadRouter, record_write_after_commit
from continuum.settings import Settings, get_settings


def database_url(settings: Settings) -> str:
    """The primary's URL: DATABASE_URL, or the embedded server started on demand."""
    return _normalize(settings.database_url or start_embedded(settings.data_dir))


_engines: dict[str, Engine] = {}
_routers: dict[tuple[str, str], ReadRouter] = {}


def _engine_for(url: str) -> Engine:
    engine = _engines.get(url)
    if engine is None:
        engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
        _engines[url] = engine
    return engine


def _normalize(url: str) -> str:
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def get_engine(settings: Settings | None = None) -> Engine:
    """The write engine (primary)."""
    return _engine_for(database_url(settings or get_settings()))


def get_router(settings: Settings | None = None) -> ReadRouter | None:
    """The read router when DATABASE_READ_URL is set (one per primary/replica pair)."""
    settings = settings or get_settings()
    if not settings.database_read_url:
        return None
    primary_url, replica_url = database_url(settings), _normalize(settings.database_read_url)
    router = _routers.get((primary_url, replica_url))
    if router is None:
        router = ReadRouter(_engine_for(primary_url), _engine_for(replica_url),
                            cache_seconds=settings.read_replica_cache_seconds)
        _routers[(primary_url, replica_url)] = router
    return router


def get_read_engine(settings: Settings | None = None, novel_id: uuid.UUID | None = None) -> Engine:
    """The engine for one read session: the replica when it is set and has replayed the
    novel's latest write (every novel's, when `novel_id` is None), else the primary."""
    settings = settings or get_settings()
    router = get_router(settings)
    if router is None:
        return get_engine(settings)
    return router.engine_for(novel_id)


def dispose_engines() -> None:
    """Close every pooled connection (at shutdown and between tests)."""
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()
    _routers.clear()


@contextmanager
def write_session(engine: Engine | None = None, *, novel_id: uuid.UUID | None = None) -> Iterator[Session]:
    """A session in one transaction on the primary: commits on success, rolls back on error.

    If the transaction wrote anything, the primary's WAL position after the commit is
    recorded for `novel_id` (None: for every novel), so reads stay read-your-writes.
    """
    bind = engine or get_engine()
    factory = sessionmaker(bind=bind, expire_on_commit=False)
    with factory() as session:
        with session.begin():
            yield session
            wrote = session.execute(
                text("SELECT pg_current_xact_id_if_assigned() IS NOT NULL")).scalar_one()
        if wrote:
            record_write_after_commit(bind, novel_id)


@contextmanager
def read_session(engine: Engine | None = None, *, novel_id: uuid.UUID | None = None) -> Iterator[Session]:
    """A read-only session (repeatable read, so one page sees one snapshot).

    Without an explicit engine it is routed: see `get_read_engine`.
    """
    factory = sessionmaker(bind=engine or get_read_engine(novel_id=novel_id), expire_on_commit=False)
    with factory() as session:
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        try:
            yield session
        finally:
            session.rollback()
