"""Database liveness."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.orm import Session


def database_version(*, session: Session) -> str:
    """'PostgreSQL 18.x, pgvector 0.8.x'."""
    row = session.execute(
        text("""SELECT current_setting('server_version') AS pg,
                       (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS vector""")
    ).one()
    return f"PostgreSQL {row.pg}, pgvector {row.vector}"
