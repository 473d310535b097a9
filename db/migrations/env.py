"""Alembic environment: runs against the connection Continuum hands it, or its settings' URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

target_metadata = None  # the schema is written as SQL in versions/, not reflected from models

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    from continuum.db.engine import get_engine

    with get_engine().connect() as conn:
        _run(conn)
        conn.commit()
