"""Ready to shard by novel (Citus): every table is keyed by novel_id, every read filters by it.

The read-query check is dynamic: every GET route of the API runs against an ingested novel,
every SQL statement the read layer (continuum/reads/) sends is captured, and each table it
reads must be pinned to a novel: `alias.novel_id = <bound novel id>` or joined on novel_id
to a table that is. A new read that forgets the filter fails here.
"""

from __future__ import annotations

import contextlib
import inspect
import re
import uuid
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event, text

pytestmark = pytest.mark.timeout(300)

DISTRIBUTION_COLUMN = {"novels": "id"}
"""Tables whose distribution column is not `novel_id`: `novels.id` *is* the novel id."""

REFERENCE_TABLES: dict[str, str] = {}
"""Tables Citus would replicate to every node instead of sharding. None so far: the genre
presets are Python data, not rows; `alembic_version` stays a coordinator-local table."""

CROSS_NOVEL_READS = {
    ("continuum.reads.novels", "list_novels"):
        "the catalogue of every novel: a small multi-shard query on the novels table",
    ("continuum.reads.jobs", "get_job"):
        "GET /api/jobs/{job_id} carries no novel; the job id is globally unique (one-shard fan-out)",
    ("continuum.reads.review", "get_submission"):
        "GET /api/review/{submission_id} carries no novel; the submission id is globally unique",
    ("continuum.reads.health", "database_version"):
        "reads server settings and pg_extension, no table of ours",
}
"""Read functions allowed to run a statement without a novel filter, and why."""

KEYWORDS = {"where", "on", "join", "left", "right", "inner", "outer", "cross", "full", "group",
            "order", "limit", "using", "union", "natural", "lateral", "offset", "having", "window",
            "except", "intersect", "for", "returning", "as"}
TABLE_REF = re.compile(r"\b(?:from|join)\s+([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?",
                       re.IGNORECASE)


def public_tables(engine: Engine) -> set[str]:
    with engine.connect() as conn:
        return set(conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'alembic_version'")).scalars())


def test_every_table_is_keyed_by_novel(engine: Engine) -> None:
    with engine.connect() as conn:
        columns = defaultdict(set)
        for table, column in conn.execute(text(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = 'public'")):
            columns[table].add(column)
        # Citus requires the distribution column in every primary key and unique constraint.
        constraints = conn.execute(text(
            """SELECT c.conrelid::regclass::text AS tbl, c.conname,
                      array_agg(a.attname::text ORDER BY a.attnum) AS cols
                 FROM pg_constraint c
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
                 JOIN pg_namespace s ON s.oid = c.connamespace AND s.nspname = 'public'
                WHERE c.contype IN ('p', 'u') GROUP BY 1, 2""")).all()
    tables = public_tables(engine)
    assert "chapters" in tables and "novel_write_positions" in tables
    unkeyed = sorted(t for t in tables if t not in REFERENCE_TABLES
                     and DISTRIBUTION_COLUMN.get(t, "novel_id") not in columns[t])
    assert unkeyed == [], f"tables without novel_id (shard key) and not declared reference tables: {unkeyed}"
    assert set(REFERENCE_TABLES) <= tables
    loose = sorted(f"{r.tbl}.{r.conname}{r.cols}" for r in constraints
                   if r.tbl in tables and r.tbl not in REFERENCE_TABLES
                   and DISTRIBUTION_COLUMN.get(r.tbl, "novel_id") not in r.cols)
    assert loose == [], f"primary/unique keys that do not include the shard key: {loose}"


def read_tables(sql: str, tables: set[str]) -> set[str]:
    """Our tables a statement reads."""
    return {m.group(1).lower() for m in TABLE_REF.finditer(sql)} & tables


def unpinned_tables(sql: str, tables: set[str]) -> list[str]:
    """The tables a statement reads without pinning them to one novel (see module doc)."""
    missing = []
    for match in TABLE_REF.finditer(sql):
        table = match.group(1).lower()
        if table not in tables:
            continue  # a CTE, a function or a subquery alias
        alias = match.group(2)
        alias = table if alias is None or alias.lower() in KEYWORDS else alias
        key = re.escape(DISTRIBUTION_COLUMN.get(table, "novel_id"))
        qualified = rf"\b{re.escape(alias)}\.{key}\b"
        bare = rf"(?<![\w.]){key}\b" if alias == table else qualified
        pinned = re.search(rf"(?:{qualified}|{bare})\s*(?:=|\bIN\b)|=\s*(?:{qualified}|{bare})",
                           sql, re.IGNORECASE)
        if not pinned:
            missing.append(f"{table} {alias}")
    return missing


def test_the_check_catches_a_read_without_the_novel_filter() -> None:
    tables = {"entities", "chapters", "novels"}
    assert unpinned_tables("SELECT * FROM entities e WHERE e.id = :id", tables) == ["entities e"]
    assert unpinned_tables(
        "SELECT * FROM entities e JOIN chapters c ON c.number = e.first_chapter WHERE e.novel_id = :n",
        tables) == ["chapters c"]
    assert unpinned_tables("SELECT count(*) FROM chapters", tables) == ["chapters chapters"]
    assert unpinned_tables(
        "SELECT * FROM entities e JOIN chapters c ON c.novel_id = e.novel_id AND c.number = 1 "
        "WHERE e.novel_id = :n", tables) == []
    assert unpinned_tables("SELECT n.id FROM novels n WHERE n.id = :n", tables) == []
    assert unpinned_tables("SELECT max(number) FROM chapters WHERE novel_id = :n", tables) == []


def _caller() -> tuple[str, str] | None:
    """The continuum.reads function on the stack, if any."""
    for frame in inspect.stack(context=0):
        module = frame.frame.f_globals.get("__name__", "")
        if module.startswith("continuum.reads."):
            return module, frame.function
    return None


@pytest.fixture()
def captured(clean_db: Engine) -> Iterator[list[tuple[tuple[str, str], str, Any]]]:
    seen: list[tuple[tuple[str, str], str, Any]] = []

    def capture(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        caller = _caller()
        if caller is not None:
            seen.append((caller, statement, parameters))

    event.listen(Engine, "before_cursor_execute", capture)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", capture)


def test_every_read_query_filters_by_novel(clean_db: Engine, captured, shared_data: Path) -> None:  # type: ignore[no-untyped-def]
    from continuum.api.app import create_app
    from continuum.jobs.worker import Worker
    from continuum.pipeline.segment.books import split_book

    chapters = split_book((shared_data / "novels" / "alice_in_wonderland.txt").read_text(encoding="utf-8"))
    app = create_app(run_worker=False)
    with TestClient(app) as client:
        novel = client.post("/api/novels", json={"title": "Alice"}).json()["id"]
        for chapter in chapters[:2]:
            job = client.post(f"/api/novels/{novel}/chapters", json={"text": chapter.text}).json()["job_id"]
            worker = Worker(engine=clean_db)
            assert worker.run_one()
            worker._lock_engine.dispose()
        characters = client.get(f"/api/novels/{novel}/characters").json()
        characters = characters["items"] if isinstance(characters, dict) else characters
        values = {"novel_id": novel, "entity_id": characters[0]["id"], "number": "1", "job_id": job,
                  "submission_id": str(uuid.uuid4())}
        routes = [p for p, ops in app.openapi()["paths"].items() if "get" in ops and p.startswith("/api/")]
        exercised = []
        for route in routes:
            names = re.findall(r"{(\w+)}", route)
            assert all(n in values for n in names), f"no value for a path parameter of {route}"
            path = route.format(**values)
            reply = client.get(path, params={"q": "Rabbit", "a": values["entity_id"],
                                             "b": values["entity_id"]})
            assert reply.status_code < 500, (path, reply.text)
            exercised.append(path)
    assert len(exercised) >= 20, exercised
    # The MCP read tools go through the same read layer.
    from continuum.mcp import server as mcp

    name = characters[0]["name"]
    for tool, args in [(mcp.get_chapter, (novel, 1)), (mcp.get_character, (novel, name)),
                       (mcp.where_is, (novel, name)), (mcp.who_has, (novel, "key")),
                       (mcp.who_knows, (novel, "the rabbit")), (mcp.get_timeline, (novel,)),
                       (mcp.get_threads, (novel,)), (mcp.get_commitments, (novel,)),
                       (mcp.get_canon_facts, (novel,)), (mcp.search_story, (novel, "Rabbit"))]:
        with contextlib.suppress(ValueError):  # a clear "not found" tool error still ran its queries
            tool(*args)
    # The critic reads earlier chapters lazily, only for some claims: ask it directly.
    from continuum.db.engine import read_session
    from continuum.reads.critic_state import load_prior_text

    with read_session() as session:
        load_prior_text(session=session, novel_id=uuid.UUID(novel), cap=2).sentences_with(r"\brabbit\b")

    tables = public_tables(clean_db)
    modules_seen = {caller[0] for caller, _, _ in captured}
    problems = []
    for caller, sql, parameters in captured:
        if caller in CROSS_NOVEL_READS:
            continue
        if not read_tables(sql, tables):
            continue  # e.g. set_config() for the vector index: no table, nothing to shard
        missing = unpinned_tables(sql, tables)
        bound = parameters.values() if isinstance(parameters, dict) else parameters or ()
        if missing or not any(str(v) == novel or v == uuid.UUID(novel) for v in bound):
            problems.append(f"{caller[0]}.{caller[1]}: {missing or 'no novel id bound'}\n{sql}")
    assert problems == [], "\n\n".join(problems)
    # Ingest (the critic reads the story so far) and the routes reached every read module with SQL.
    reads_dir = Path(__file__).resolve().parents[2] / "continuum" / "reads"
    with_sql = {f"continuum.reads.{p.stem}" for p in reads_dir.glob("*.py") if "execute(" in p.read_text()}
    assert with_sql - modules_seen == set(), "read modules no GET route exercised"
