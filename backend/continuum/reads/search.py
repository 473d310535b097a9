"""Search at the cap: BM25-style full text + dense vectors, fused by RRF, diversified by MMR.

Every candidate list is filtered to chapters <= cap (and entities that exist at the cap)
before ranking, so nothing from a later chapter can surface, not even as a snippet.

A chapter is readable before its vectors are made (pipeline/index.py). Until they are, the
results say it is still being indexed, and it is found by its full text: hybrid search has
the full-text list anyway, and dense search adds the full-text hits of those chapters.
"""

from __future__ import annotations

import logging
import re
import uuid
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.embed import Embedder, EmbeddingError
from continuum.reads.ranking import mmr, reciprocal_rank_fusion
from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, names_at_cap

log = logging.getLogger(__name__)

Mode = Literal["hybrid", "bm25", "dense"]
Kind = Literal["passage", "scene", "event", "entity"]
Key = tuple[Kind, str]

HEADLINE = ("StartSel=«, StopSel=», MaxWords=40, MinWords=15, MaxFragments=2, "
            'FragmentDelimiter=" … "')
# Full text matches ANY of the query's words (a reader's question rarely repeats every word of
# the answer); ranking rewards passages that cover more of them, closer together. A query
# written in web-search syntax (quotes, OR, -word) keeps its operators.
TSQUERY = ("(CASE WHEN :q ~ '\"|(^|\\s)-\\w|\\sOR\\s' THEN websearch_to_tsquery('english', :q) "
           "ELSE CAST(replace(CAST(plainto_tsquery('english', :q) AS text), ' & ', ' | ') AS tsquery) END)")


class SearchHit(BaseModel):
    """One result: where it is (chapter, offsets into the chapter text), a snippet, a score.

    In the snippet, words matching the query are wrapped in « and » (plain text, never HTML).
    """

    kind: Kind
    id: str
    chapter: int
    start: int | None
    end: int | None
    snippet: str
    score: float
    entity: EntityRef | None = None


class SearchResults(BaseModel):
    """Ranked hits for a query at the cap."""

    query: str
    mode: Mode
    cap: int
    dense_available: bool
    indexing: list[int] = Field(
        default_factory=list,
        description="Chapters (<= cap) still being indexed for search: found by full text only.")
    hits: list[SearchHit]


# Cover density (ts_rank_cd) rewards query words close together, but costs ten times what
# ts_rank does per row; on a long novel a common word matches thousands of passages. So the
# cheap rank picks a shortlist (PRESELECT x k) and cover density orders only that.
PRESELECT = 5
BM25_SQL = " UNION ALL ".join(
    f"""(SELECT '{kind}' AS kind, CAST(pre.id AS text) AS id,
                ts_rank_cd(pre.text_tsv, {TSQUERY}, 2) AS score
           FROM (SELECT x.id, x.text_tsv FROM {table} x
                  WHERE x.novel_id = :n AND {asserted_by('x')} AND x.text_tsv @@ {TSQUERY}
                  ORDER BY ts_rank(x.text_tsv, {TSQUERY}, 2) DESC, x.id LIMIT :k * {PRESELECT}) pre
          ORDER BY score DESC LIMIT :k)"""
    for kind, table in (("passage", "passages"), ("scene", "scenes"))
)
BM25_SQL = f"SELECT kind, id, score FROM ({BM25_SQL}) hits ORDER BY score DESC, kind, id LIMIT :k"
# The same, over the chapters still being indexed only (dense search's stand-in for them).
BM25_PENDING_SQL = BM25_SQL.replace(f"AND {asserted_by('x')}",
                                    f"AND {asserted_by('x')} AND x.chapter = ANY(:pending)")

INDEXING_SQL = f"""SELECT c.number FROM chapters c
                    WHERE c.novel_id = :n AND {asserted_by('c', 'number')}
                      AND c.indexed_with IS DISTINCT FROM :model ORDER BY c.number"""

DENSE_SQL = " UNION ALL ".join(
    f"""(SELECT '{kind}' AS kind, CAST(x.id AS text) AS id,
                x.embedding <=> CAST(:qv AS vector) AS distance
           FROM {table} x
          WHERE x.novel_id = :n AND {asserted_by('x')} AND x.embedding IS NOT NULL
            AND x.embedding_model = :model
          ORDER BY distance LIMIT :k)"""
    for kind, table in (("passage", "passages"), ("scene", "scenes"), ("event", "events"))
)
DENSE_SQL = f"""SELECT kind, id, distance FROM ({DENSE_SQL}) hits
                 ORDER BY distance, kind, id LIMIT :k"""

ENTITY_SQL = f"""
WITH {names_at_cap()},
candidates AS (  -- a cheap necessary condition first: a name shares a word with the query
  SELECT * FROM vis
   WHERE lower(vis.name || ' ' || array_to_string(vis.aliases, ' ')) LIKE ANY(:patterns))
SELECT * FROM (
  SELECT CAST(c.id AS text) AS id, c.first_chapter AS chapter, c.name, c.type,
         ' ' || regexp_replace(lower(c.name), '[^[:alnum:]]+', ' ', 'g') || ' ' AS key,
         ARRAY(SELECT ' ' || regexp_replace(lower(a), '[^[:alnum:]]+', ' ', 'g') || ' '
                 FROM unnest(c.aliases) a) AS alias_keys,
         (SELECT count(*) FROM entity_mentions m WHERE m.novel_id = :n
             AND m.entity_id = c.id AND {asserted_by('m')}) AS mentions
    FROM candidates c) ent
 WHERE ent.key = :nq OR strpos(ent.key, :nq) > 0 OR strpos(:nq, ent.key) > 0
    OR EXISTS (SELECT 1 FROM unnest(ent.alias_keys) ak
                WHERE strpos(ak, :nq) > 0 OR strpos(:nq, ak) > 0)
 ORDER BY (ent.key = :nq) DESC, ent.mentions DESC, ent.name LIMIT :k"""

# Where each candidate is and its vector (for MMR): cheap, for every fused candidate.
_LOCATED: tuple[tuple[Kind, str, str, str], ...] = (
    ("passage", "passages", "start_offset", "end_offset"),
    ("scene", "scenes", "start_offset", "end_offset"),
    ("event", "events", "evidence_start", "evidence_end"))
CANDIDATE_SQL: dict[Kind, str] = {
    kind: f"""SELECT CAST(x.id AS text) AS id, x.chapter, x.{start} AS start, x.{end} AS end,
                     CAST(x.embedding AS real[]) AS vector
                FROM {table} x WHERE x.novel_id = :n AND {asserted_by('x')}
                 AND x.id = ANY(CAST(:ids AS bigint[]))"""
    for kind, table, start, end in _LOCATED
}
# The highlighted snippet: ts_headline is the costly part, so only for the hits shown.
SNIPPET_SQL: dict[Kind, str] = {
    "passage": f"""SELECT CAST(p.id AS text) AS id,
                          ts_headline('english', p.text, {TSQUERY}, :opts) AS snippet
                     FROM passages p WHERE p.novel_id = :n AND {asserted_by('p')}
                      AND p.id = ANY(CAST(:ids AS bigint[]))""",
    "scene": f"""SELECT CAST(s.id AS text) AS id,
                        ts_headline('english', s.text, {TSQUERY}, :opts) AS snippet
                   FROM scenes s WHERE s.novel_id = :n AND {asserted_by('s')}
                    AND s.id = ANY(CAST(:ids AS bigint[]))""",
    "event": f"""SELECT CAST(ev.id AS text) AS id, ev.summary AS snippet
                   FROM events ev WHERE ev.novel_id = :n AND {asserted_by('ev')}
                    AND ev.id = ANY(CAST(:ids AS bigint[]))""",
}


def _normalized(q: str) -> str:
    return " " + " ".join(re.sub(r"[\W_]+", " ", q.lower()).split()) + " "


def search(
    *, session: Session, novel_id: uuid.UUID, cap: int, q: str, limit: int = 10,
    mode: Mode = "hybrid", embedder: Embedder | None = None,
) -> SearchResults:
    """Passages, scenes, events and entities from chapters <= cap that match `q`, best first."""
    k = max(limit * 4, 40)
    params = {"n": novel_id, "cap": cap, "q": q, "k": k}
    bm25: dict[Key, float] = {}
    dense: dict[Key, float] = {}
    entities: dict[Key, dict] = {}
    if mode in ("hybrid", "bm25"):
        bm25 = {(r.kind, r.id): float(r.score) for r in session.execute(text(BM25_SQL), params)}
    dense_available = embedder is not None
    indexing: list[int] = []
    if mode in ("hybrid", "dense") and embedder is not None:
        indexing = list(session.execute(text(INDEXING_SQL),
                                        {**params, "model": embedder.model_id}).scalars())
        try:
            dense = _dense(session, params, embedder, q)
        except EmbeddingError:
            if mode == "dense":
                raise
            log.warning("query embedding failed; hybrid search falls back to full text")
            dense_available = False
        if mode == "dense" and indexing:
            pending = {(r.kind, r.id): float(r.score) for r in session.execute(
                text(BM25_PENDING_SQL), {**params, "pending": indexing})}
            dense = {key: 1.0 - score for key, score in
                     reciprocal_rank_fusion([list(dense), list(pending)]).items()}
    if mode == "hybrid":
        nq = _normalized(q)
        if nq.strip():
            patterns = [f"%{word}%" for word in nq.split()]
            for r in session.execute(text(ENTITY_SQL), {**params, "nq": nq, "patterns": patterns}):
                entities[("entity", r.id)] = r._asdict()
    if mode == "bm25":
        order, scores = list(bm25), bm25
    elif mode == "dense":
        order, scores = list(dense), {key: 1.0 - d for key, d in dense.items()}
    else:
        scores = reciprocal_rank_fusion([list(bm25), list(dense), list(entities)])
        order = list(scores)
    details = _rows(session, CANDIDATE_SQL, params, [key for key in order if key[0] != "entity"])
    if mode == "hybrid":
        vectors = {key: d["vector"] for key, d in details.items() if d.get("vector")}
        relevant = {key: scores[key] for key in order if key in details or key in entities}
        order = mmr(relevant, vectors, limit)
    shown = [key for key in order if key in entities or key in details][:limit]
    snippets = _rows(session, SNIPPET_SQL, {**params, "opts": HEADLINE},
                     [key for key in shown if key in details])
    hits: list[SearchHit] = []
    for key in shown:
        if key in entities:
            e = entities[key]
            hits.append(SearchHit(kind="entity", id=e["id"], chapter=e["chapter"], start=None,
                                  end=None, snippet=e["name"], score=scores[key],
                                  entity=EntityRef(id=e["id"], name=e["name"], type=e["type"])))
        elif key in snippets:
            d = details[key]
            hits.append(SearchHit(kind=key[0], id=key[1], chapter=d["chapter"],
                                  start=d["start"], end=d["end"], snippet=snippets[key]["snippet"],
                                  score=scores[key]))
    return SearchResults(query=q, mode=mode, cap=cap, dense_available=dense_available,
                         indexing=indexing, hits=hits)


def _dense(session: Session, params: dict, embedder: Embedder, q: str) -> dict[Key, float]:
    vector = embedder.embed([q])[0]
    # Filtered HNSW scans must keep going until enough rows pass the cap filter (pgvector 0.8).
    session.execute(text("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), "
                         "set_config('hnsw.ef_search', '200', true)"))
    rows = session.execute(
        text(DENSE_SQL),
        {**params, "qv": "[" + ",".join(f"{x:.6f}" for x in vector) + "]",
         "model": embedder.model_id},
    )
    return {(r.kind, r.id): float(r.distance) for r in rows}


def _rows(session: Session, queries: dict[Kind, str], params: dict, keys: list[Key]) -> dict[Key, dict]:
    """One query per kind for the given candidates, keyed like the candidates."""
    found: dict[Key, dict] = {}
    for kind, sql in queries.items():
        ids = [i for k, i in keys if k == kind]
        if ids:
            for r in session.execute(text(sql), {**params, "ids": ids}):
                found[(kind, r.id)] = r._asdict()
    return found
