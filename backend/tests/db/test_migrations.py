"""Alembic owns the schema: empty → head → base → head, and a newer database is refused."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from continuum.db.migrate import current_revision, downgrade, head_revision, upgrade
from continuum.errors import DatabaseTooNew

EXPECTED_TABLES = {
    "novels", "entity_types", "chapters", "passages", "entities", "entity_versions",
    "entity_mentions", "events", "plot_threads", "thread_events", "relationships",
    "shared_dynamics", "scenes", "knows_edges", "commitments", "canon_facts",
    "continuity_flags", "state_deltas", "character_states", "located_in_edges",
    "possesses_edges", "critique_reports", "critique_findings", "draft_submissions",
    "ingest_jobs", "llm_calls",
}


@pytest.fixture()
def empty_engine(pg_server_url: str):
    name = f"migrate_{uuid.uuid4().hex[:8]}"
    admin = create_engine(pg_server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_engine(make_url(pg_server_url).set(database=name))
    yield engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


def _tables(engine) -> set[str]:
    with engine.connect() as conn:
        return set(conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars())


def _indexes(engine) -> dict[str, str]:
    with engine.connect() as conn:
        return dict(conn.execute(text(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'")).all())


def test_up_down_up(empty_engine) -> None:
    assert current_revision(empty_engine) is None
    upgrade(empty_engine)
    assert current_revision(empty_engine) == head_revision()
    assert _tables(empty_engine) >= EXPECTED_TABLES
    downgrade(empty_engine, "base")
    assert current_revision(empty_engine) is None
    assert _tables(empty_engine) & EXPECTED_TABLES == set()
    upgrade(empty_engine)
    assert _tables(empty_engine) >= EXPECTED_TABLES


def test_search_and_time_indexes_exist(empty_engine) -> None:
    upgrade(empty_engine)
    indexes = _indexes(empty_engine)
    hnsw = {name for name, ddl in indexes.items() if "USING hnsw" in ddl}
    gin_tsv = {name for name, ddl in indexes.items() if "USING gin" in ddl and "tsv" in ddl}
    assert {"ix_chapters_embedding", "ix_scenes_embedding", "ix_events_embedding"} <= hnsw
    assert {"ix_chapters_tsv", "ix_scenes_tsv"} <= gin_tsv
    assert "(novel_id, chapter" in indexes["ix_events_chapter"]


def test_read_indexes_come_and_go_with_revision_0002(empty_engine) -> None:
    upgrade(empty_engine)
    read_indexes = {"ix_relationships_target", "ix_events_subject", "ix_events_object"}
    indexes = _indexes(empty_engine)
    assert read_indexes <= set(indexes)
    assert all(indexes[name].split(" USING btree ")[1].startswith("(novel_id,") for name in read_indexes)
    downgrade(empty_engine, "0001")
    assert current_revision(empty_engine) == "0001"
    assert read_indexes & set(_indexes(empty_engine)) == set()
    assert _tables(empty_engine) >= EXPECTED_TABLES
    upgrade(empty_engine)
    assert read_indexes <= set(_indexes(empty_engine))


def test_every_table_is_keyed_by_novel(empty_engine) -> None:
    upgrade(empty_engine)
    with empty_engine.connect() as conn:
        missing = conn.execute(text("""
            SELECT t.tablename FROM pg_tables t
             WHERE t.schemaname = 'public' AND t.tablename NOT IN ('alembic_version', 'novels')
               AND NOT EXISTS (SELECT 1 FROM information_schema.columns c
                                WHERE c.table_name = t.tablename AND c.column_name = 'novel_id')
        """)).scalars().all()
    assert missing == []


def test_refuses_a_database_newer_than_the_code(empty_engine) -> None:
    upgrade(empty_engine)
    with empty_engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    with pytest.raises(DatabaseTooNew, match="upgrade Continuum"):
        upgrade(empty_engine)
