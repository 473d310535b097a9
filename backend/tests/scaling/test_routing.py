"""The read router's decisions that need no standby: positions, fallbacks, the write record."""

from __future__ import annotations

import uuid

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.pool import NullPool

from continuum.db.engine import write_session
from continuum.db.routing import ANY_NOVEL, ReadRouter, parse_lsn, record_write_after_commit
from continuum.pipeline.submit import create_novel


def test_lsns_order_like_wal_positions() -> None:
    assert parse_lsn(None) is None
    assert parse_lsn("0/0") == 0
    values = [parse_lsn(v) for v in ("0/FFFFFFFF", "1/0", "1/1", "16/B374D848")]
    assert values == sorted(values) and len(set(values)) == 4


def _positions(engine: Engine) -> dict[uuid.UUID, int]:
    with engine.connect() as conn:
        return {r.novel_id: parse_lsn(r.lsn) for r in conn.execute(  # type: ignore[misc]
            text("SELECT novel_id, lsn::text AS lsn FROM novel_write_positions"))}


def test_writes_record_positions_that_only_move_forward(clean_db: Engine) -> None:
    with write_session() as session:
        novel = create_novel(session, title="Positions")
    positions = _positions(clean_db)
    assert ANY_NOVEL in positions and novel not in positions  # the session named no novel
    with write_session(novel_id=novel) as session:
        session.execute(text("UPDATE novels SET genre = 'x' WHERE id = :n"), {"n": novel})
    first = _positions(clean_db)[novel]
    with clean_db.connect() as conn:
        now = parse_lsn(conn.execute(text("SELECT pg_current_wal_insert_lsn()::text")).scalar_one())
    assert first is not None and now is not None and first <= now
    # A read-only write session records nothing.
    with write_session(novel_id=novel) as session:
        session.execute(text("SELECT 1"))
    assert _positions(clean_db)[novel] == first
    # A racing older position never moves it back.
    with clean_db.begin() as conn:
        conn.execute(text("UPDATE novel_write_positions SET lsn = '0/1' WHERE novel_id = :n"), {"n": novel})
    record_write_after_commit(clean_db, novel)
    again = _positions(clean_db)[novel]
    assert again is not None and again >= first
    with clean_db.begin() as conn:
        conn.execute(text("UPDATE novel_write_positions SET lsn = 'FF/0' WHERE novel_id = :n"), {"n": novel})
    record_write_after_commit(clean_db, novel)
    assert _positions(clean_db)[novel] == parse_lsn("FF/0")


def test_reads_fall_back_to_the_primary(clean_db: Engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    with write_session() as session:
        novel = create_novel(session, title="Fallback")
    # A "replica" that is not in recovery has no replay position: never trusted.
    not_a_standby = ReadRouter(clean_db, create_engine(clean_db.url, poolclass=NullPool), cache_seconds=0)
    assert not_a_standby.engine_for(novel) is clean_db
    # An unreachable replica: reads go to the primary.
    gone = create_engine(f"postgresql+psycopg://postgres:@/nowhere?host={tmp_path}", poolclass=NullPool)
    unreachable = ReadRouter(clean_db, gone, cache_seconds=0)
    assert unreachable.engine_for(novel) is clean_db
    assert unreachable.engine_for(None) is clean_db
    assert unreachable.routes == {"primary": 2}


def test_every_spine_commit_records_the_novel_position(clean_db: Engine) -> None:
    """Direct callers of the spine (MCP save_chapter, the worker's jobs) get read-your-writes too."""
    from continuum.pipeline.extract.schema import ChapterExtraction
    from continuum.pipeline.spine import analyze_chapter
    from tests.fakes import ScriptedExtractor

    with write_session() as session:
        novel = create_novel(session, title="Spine positions")
    assert novel not in _positions(clean_db)
    empty = ScriptedExtractor(lambda text_, number, context: ChapterExtraction())
    analyze_chapter(novel_id=novel, number=1, text="Ada walked to the mill.", title=None,
                    policy="warn", extractor=empty)
    ingested = _positions(clean_db)[novel]
    with clean_db.connect() as conn:
        chapter_lsn = parse_lsn(conn.execute(text("SELECT pg_current_wal_insert_lsn()::text")).scalar_one())
    assert ingested is not None and chapter_lsn is not None and ingested <= chapter_lsn
