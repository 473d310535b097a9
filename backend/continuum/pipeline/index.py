"""INDEX: a chapter's search vectors, made after the chapter is readable, as a job of its own.

The write spine commits a chapter without vectors and queues an `index` job for it; this
stage fills them in. Every passage, scene and event of the chapter without a vector from the
configured embedder is cut where the model stops reading, hashed, and looked up in the
novel's `embedding_cache`; only texts never embedded before go to the model (a replaced
chapter re-embeds what changed, a scene that opens like its first passage costs nothing).
Vectors are written a batch at a time, each batch in its own short transaction (cache rows
first, then the rows that use them), so a worker killed in the middle resumes where it
stopped. The chapter counts as indexed (`chapters.indexed_with`) only once none of its rows
lacks a vector. Running it again on an indexed chapter writes nothing.

The chapter summary and commitment setups are not embedded: no search reads their vectors.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import Connection, Engine, text
from sqlalchemy.orm import Session

from continuum.embed import Embedder, as_read

# The searched kinds: table and the text its vector is made of.
SOURCES: tuple[tuple[str, str], ...] = (
    ("passages", "text"), ("scenes", "text"), ("events", "summary"))
KINDS = tuple(table for table, _ in SOURCES)
BATCH = 128
"""Texts embedded and committed together: what a crash can cost at most, besides the model call."""

Progress = Callable[[str, float], None]


@dataclass
class IndexResult:
    """What one index run did to a chapter."""

    chapter: int
    texts: int = 0
    reused: int = 0
    embedded: int = 0  # distinct texts sent to the model; the other texts reused a vector
    indexed: bool = False
    timings: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {"chapter": self.chapter, "texts": self.texts, "reused": self.reused,
                "embedded": self.embedded, "indexed": self.indexed, "timings": self.timings}


def queue_index(session: Session | Connection, *, novel_id: uuid.UUID, chapters: list[int]) -> int:
    """Queue an index job for each chapter that has none waiting (in the caller's transaction)."""
    if not chapters:
        return 0
    result = session.execute(text(
        """INSERT INTO ingest_jobs (novel_id, kind, chapter_number, text)
           SELECT :n, 'index', c, '' FROM unnest(CAST(:chapters AS integer[])) AS c
            WHERE NOT EXISTS (SELECT 1 FROM ingest_jobs j
                               WHERE j.novel_id = :n AND j.kind = 'index' AND j.chapter_number = c
                                 AND j.status = 'queued')
            ORDER BY c"""), {"n": novel_id, "chapters": sorted(set(chapters))})
    return int(getattr(result, "rowcount", 0) or 0)


def queue_unindexed(conn: Connection, *, model: str) -> int:
    """Queue index jobs for every chapter not indexed with `model` and not waiting for it
    (a changed EMBEDDING_MODEL, or jobs that ran out of attempts); returns how many."""
    with conn.begin():
        result = conn.execute(text(
            """INSERT INTO ingest_jobs (novel_id, kind, chapter_number, text)
               SELECT c.novel_id, 'index', c.number, '' FROM chapters c
                WHERE c.indexed_with IS DISTINCT FROM :model
                  AND NOT EXISTS (SELECT 1 FROM ingest_jobs j
                                   WHERE j.novel_id = c.novel_id AND j.kind = 'index'
                                     AND j.chapter_number = c.number
                                     AND j.status IN ('queued', 'running'))
                ORDER BY c.novel_id, c.number"""), {"model": model})
    return int(getattr(result, "rowcount", 0) or 0)


def index_chapter(*, engine: Engine, novel_id: uuid.UUID, chapter: int, embedder: Embedder,
                  progress: Progress | None = None) -> IndexResult:
    """Give every searched row of the chapter its vector; returns what it took."""
    model = embedder.model_id
    result = IndexResult(chapter=chapter)
    clock = _Clock(result.timings)
    say = progress or (lambda _stage, _done: None)
    with engine.connect() as conn:
        missing = [(table, int(r.id), r.body) for table, column in SOURCES
                   for r in conn.execute(text(
                       f"""SELECT id, {column} AS body FROM {table}
                            WHERE novel_id = :n AND chapter = :c
                              AND (embedding IS NULL OR embedding_model IS DISTINCT FROM :m)
                            ORDER BY id"""), {"n": novel_id, "c": chapter, "m": model})]
        conn.rollback()
    result.texts = len(missing)
    read = as_read(embedder, [body or "" for _, _, body in missing])
    hashes = [text_hash(t) for t in read]
    clock("read")
    with engine.connect() as conn:
        cached = set(conn.execute(text(
            """SELECT text_hash FROM embedding_cache
                WHERE novel_id = :n AND model = :m AND text_hash = ANY(:h)"""),
            {"n": novel_id, "m": model, "h": list(set(hashes))}).scalars())
        conn.rollback()
    todo: dict[str, str] = {}  # hash -> the text as the model reads it, each one once
    for cut, key in zip(read, hashes, strict=True):
        if key not in cached:
            todo.setdefault(key, cut)
    result.reused = len(missing) - len(todo)
    rows = list(zip([m[0] for m in missing], [m[1] for m in missing], hashes, strict=True))
    if cached:
        with engine.begin() as conn:
            _use_cache(conn, novel_id, model, [r for r in rows if r[2] in cached])
    clock("reuse")
    keys = list(todo)
    for begin in range(0, len(keys), BATCH):
        say(f"index: embedding {begin + 1}-{min(begin + BATCH, len(keys))} of {len(keys)} texts",
            begin / max(1, len(keys)))
        batch = keys[begin:begin + BATCH]
        vectors = embedder.embed([todo[k] for k in batch])
        clock("embed")
        with engine.begin() as conn:
            conn.execute(text(
                """INSERT INTO embedding_cache (novel_id, model, text_hash, embedding)
                   SELECT :n, :m, h, CAST(v AS vector)
                     FROM unnest(CAST(:h AS text[]), CAST(:v AS text[])) AS b(h, v)
                   ON CONFLICT DO NOTHING"""),
                {"n": novel_id, "m": model, "h": batch, "v": [_literal(v) for v in vectors]})
            wanted = set(batch)
            _use_cache(conn, novel_id, model, [r for r in rows if r[2] in wanted])
        result.embedded += len(batch)
        clock("write")
    with engine.begin() as conn:
        result.indexed = mark_indexed(conn, novel_id=novel_id, chapter=chapter, model=model)
    clock("write")
    say("index: done", 1.0)
    return result


def mark_indexed(conn: Connection, *, novel_id: uuid.UUID, chapter: int, model: str) -> bool:
    """Stamp the chapter indexed with `model` when none of its searched rows lacks a vector."""
    complete = " AND ".join(
        f"""NOT EXISTS (SELECT 1 FROM {table} x WHERE x.novel_id = :n AND x.chapter = :c
                          AND (x.embedding IS NULL OR x.embedding_model IS DISTINCT FROM :m))"""
        for table in KINDS)
    done = conn.execute(text(
        f"""UPDATE chapters SET indexed_with = :m
             WHERE novel_id = :n AND number = :c AND {complete}
            RETURNING number"""), {"n": novel_id, "c": chapter, "m": model}).first()
    return done is not None


def _use_cache(conn: Connection, novel_id: uuid.UUID, model: str,
               rows: list[tuple[str, int, str]]) -> None:
    """Copy cached vectors into the rows that read those texts (still lacking one)."""
    for table in KINDS:
        mine = [(row_id, key) for kind, row_id, key in rows if kind == table]
        if not mine:
            continue
        conn.execute(text(
            f"""UPDATE {table} AS x SET embedding = c.embedding, embedding_model = :m
                  FROM unnest(CAST(:ids AS bigint[]), CAST(:h AS text[])) AS w(id, h)
                  JOIN embedding_cache c ON c.novel_id = :n AND c.model = :m AND c.text_hash = w.h
                 WHERE x.novel_id = :n AND x.id = w.id
                   AND (x.embedding IS NULL OR x.embedding_model IS DISTINCT FROM :m)"""),
            {"n": novel_id, "m": model, "ids": [i for i, _ in mine], "h": [k for _, k in mine]})


def text_hash(text_: str) -> str:
    return hashlib.sha256(text_.encode("utf-8")).hexdigest()


def _literal(vector: list[float]) -> str:
    return "[" + ",".join(f"{x:.6f}" for x in vector) + "]"


class _Clock:
    """Adds the seconds since the last call to a named phase."""

    def __init__(self, timings: dict[str, float]) -> None:
        self.timings = timings
        self.since = time.perf_counter()

    def __call__(self, phase: str) -> None:
        now = time.perf_counter()
        self.timings[phase] = round(self.timings.get(phase, 0.0) + now - self.since, 4)
        self.since = now
