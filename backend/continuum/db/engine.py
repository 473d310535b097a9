"""Engines and sessions: one write engine (primary), one read engine (replica or primary)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session, sessionmaker

from continuum.db.embedded import start_embedded
from continuum.settings import Settings, get_settings


def database_url(settings: Settings) -> str:
    """The primary's URL: DATABASE_URL, or the embedded server started on demand."""
    return _normalize(settings.database_url or start_embedded(settings.data_dir))


_engines: dict[str, Engine] = {}


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


def get_read_engine(settings: Settings | None = None) -> Engine:
    """The read engine: the replica when DATABASE_READ_URL is set, else the primary."""
    settings = settings or get_settings()
    if settings.database_read_url:
        return _engine_for(_normalize(settings.database_read_url))
    return get_engine(settings)


def dispose_engines() -> None:
    """Close every pooled connection (at shutdown and between tests)."""
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


@contextmanager
def write_session(engine: Engine | None = None) -> Iterator[Session]:
    """A session in one transaction on the primary: commits on success, rolls back on error."""
    factory = sessionmaker(bind=engine or get_engine(), expire_on_commit=False)
    with factory() as session, session.begin():
        yield session


@contextmanager
def read_session(engine: Engine | None = None) -> Iterator[Session]:
    """A read-only session (repeatable read, so one page sees one snapshot)."""
    factory = sessionmaker(bind=engine or get_read_engine(), expire_on_commit=False)
    with factory() as session:
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
        try:
            yield session
        finally:
            session.rollback()
