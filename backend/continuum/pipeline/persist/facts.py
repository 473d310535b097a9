"""PERSIST story facts: every pass after new_entities, references bound through the binder.

A reference that does not bind is dropped (only new_entities creates entities).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.pipeline.extract.schema import ChapterExtraction, Evidence
from continuum.pipeline.identity.married_names import named_marriages
from continuum.pipeline.persist.entities import NameBinder
from continuum.pipeline.persist.evidence import EVIDENCE_COLUMNS, EVIDENCE_VALUES, evidence_params
from continuum.pipeline.persist.kinship import (
    CHILD_TYPES,
    PARENT_TYPES,
    SIBLING_TYPES,
    infer_kinship,
)

Vectors = dict[str, Sequence[Sequence[float]]]

# A new relationship of the key type replaces one of these between the same pair.
SUPERSEDES = {
    "married_to": {"engaged_to", "courting"},
    "widow_of": {"married_to"},
    "enemy_of": {"friend_of", "ally_of"},
    "friend_of": {"enemy_of"},
    "ally_of": {"enemy_of"},
}
# Kin of one generation and kin of another cannot both hold between two people: a brother is
# not a father ("Miss Darcy, the daughter of Mr. Darcy" is the late Mr. Darcy's daughter,
# when the story already has her brother called so).
GENERATIONS = PARENT_TYPES | CHILD_TYPES
EXCLUDES = {**{t: SIBLING_TYPES for t in GENERATIONS}, **{t: GENERATIONS for t in SIBLING_TYPES}}
# A spouse on record, living or dead: a married name then tells no new marriage.
SPOUSES = frozenset({"married_to", "widow_of", "widower_of"})
# A person has one of these at a time: a new home ends the one before (`passes/residence`).
ONE_AT_A_TIME = frozenset({"lives_at"})


def _key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()


def persist_facts(
    session: Session,
    *,
    novel_id: uuid.UUID,
    chapter: int,
    text_: str,
    extraction: ChapterExtraction,
    binder: NameBinder,
    vectors: Vectors,
    embedding_model: str,
) -> dict[str, int]:
    """Write all fact passes of one chapter; returns rows written per table."""
    base = {"novel_id": novel_id, "chapter": chapter}
    counts: dict[str, int] = {}

    def insert(table: str, sql: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            session.execute(text(sql), rows)
        counts[table] = counts.get(table, 0) + len(rows)

    event_vectors = vectors.get("events", [])
    events = []
    for i, ev in enumerate(extraction.events):
        involved = [b for b in (binder.bind(p) for p in ev.participants) if b]
        events.append({**base, "ordinal": i, "type": ev.type, "summary": ev.summary,
                       "subject_id": binder.bind(ev.subject), "verb": ev.verb,
                       "object_id": binder.bind(ev.object), "involved": sorted(set(involved)),
                       "impact": ev.impact, "story_order": ev.story_order,
                       "embedding": _vec(event_vectors, i), "model": embedding_model,
                       **evidence_params(ev.evidence)})
    insert("events", f"""INSERT INTO events (novel_id, chapter, ordinal, type, summary, subject_id,
              verb, object_id, involved, impact, story_order, embedding, embedding_model, {EVIDENCE_COLUMNS})
              VALUES (:novel_id, :chapter, :ordinal, :type, :summary, :subject_id, :verb, :object_id,
              :involved, :impact, :story_order, :embedding, :model, {EVIDENCE_VALUES})""", events)

    deltas: list[dict[str, Any]] = []
    for d in extraction.state_deltas:
        subject = binder.bind(d.subject)
        if subject is None:
            continue
        deltas.append({**base, "ordinal": len(deltas), "kind": d.kind, "subject_id": subject,
                       "object_id": binder.bind(d.object), "value": d.value or d.object,
                       **evidence_params(d.evidence)})
    insert("state_deltas", f"""INSERT INTO state_deltas (novel_id, chapter, ordinal, kind, subject_id,
              object_id, value, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :chapter, :ordinal, :kind,
              :subject_id, :object_id, :value, {EVIDENCE_VALUES})""", deltas)

    counts.update(_persist_relationships(session, novel_id=novel_id, chapter=chapter,
                                         extraction=extraction, binder=binder))
    counts["relationships_named_marriages"] = _persist_named_marriages(
        session, novel_id=novel_id, chapter=chapter, text_=text_, binder=binder)
    counts["relationships_inferred"] = infer_kinship(session, novel_id=novel_id, chapter=chapter)

    dynamics: dict[tuple[uuid.UUID, uuid.UUID], dict[str, Any]] = {}
    for dy in extraction.dynamics_updates:
        a, b = binder.bind(dy.a), binder.bind(dy.b)
        if a is None or b is None or a == b:
            continue
        pair = (min(a, b), max(a, b))
        row = dynamics.get(pair)
        if row is None or dy.tension > row["tension"]:
            dynamics[pair] = {**base, "a_id": pair[0], "b_id": pair[1], "tone": dy.tone,
                              "tension": dy.tension, **evidence_params(dy.evidence)}
    insert("shared_dynamics", f"""INSERT INTO shared_dynamics (novel_id, a_id, b_id, chapter, tone,
              tension, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :a_id, :b_id, :chapter, :tone, :tension,
              {EVIDENCE_VALUES})""", list(dynamics.values()))

    thread_rows = []
    for tu in extraction.thread_updates:
        key = _key(tu.thread)
        thread_id = session.execute(
            text("""INSERT INTO plot_threads (novel_id, key, name, opened_chapter)
                    VALUES (:novel_id, :key, :name, :chapter)
                    ON CONFLICT (novel_id, key) DO UPDATE SET key = EXCLUDED.key RETURNING id"""),
            {**base, "key": key, "name": tu.thread},
        ).scalar_one()
        ids = [b for b in (binder.bind(n) for n in tu.entities) if b]
        thread_rows.append({**base, "thread_id": thread_id, "action": tu.action,
                            "summary": tu.summary, "entity_ids": ids,
                            **evidence_params(tu.evidence)})
    insert("thread_events", f"""INSERT INTO thread_events (novel_id, thread_id, chapter, action, summary,
              entity_ids, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :thread_id, :chapter, :action, :summary,
              :entity_ids, {EVIDENCE_VALUES})""", thread_rows)

    flags = []
    for fl in extraction.continuity_flags:
        ids = [b for b in (binder.bind(n) for n in fl.entities) if b]
        flags.append({**base, "kind": fl.kind, "description": fl.description, "entity_ids": ids,
                      **evidence_params(fl.evidence)})
    insert("continuity_flags", f"""INSERT INTO continuity_flags (novel_id, chapter, kind, description,
              entity_ids, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :chapter, :kind, :description,
              :entity_ids, {EVIDENCE_VALUES})""", flags)

    scene_vectors = vectors.get("scenes", [])
    scenes = []
    for i, sc in enumerate(extraction.scene_segmentation):
        present = [b for b in (binder.bind(n, "character") for n in sc.present) if b]
        scenes.append({**base, "ordinal": i, "start": sc.start, "end": sc.end,
                       "pov_id": binder.bind(sc.pov, "character"),
                       "location_id": binder.bind(sc.location, "location"),
                       "time_anchor": sc.time_anchor, "present": sorted(set(present)),
                       "summary": sc.summary, "text": text_[sc.start:sc.end],
                       "embedding": _vec(scene_vectors, i), "model": embedding_model})
    insert("scenes", """INSERT INTO scenes (novel_id, chapter, ordinal, start_offset, end_offset, pov_id,
              location_id, time_anchor, present, summary, text, embedding, embedding_model)
              VALUES (:novel_id, :chapter, :ordinal, :start, :end, :pov_id, :location_id, :time_anchor,
              :present, :summary, :text, :embedding, :model)""", scenes)

    knows = []
    for kd in extraction.knowledge_state_deltas:
        knower = binder.bind(kd.knower, "character")
        if knower is None:
            continue
        shared = [b for b in (binder.bind(n) for n in kd.shared_with) if b]
        knows.append({**base, "knower_id": knower, "fact": kd.fact, "fact_key": _key(kd.fact),
                      "certainty": kd.certainty, "how": kd.how,
                      "source_id": binder.bind(kd.source), "shared_with": shared,
                      **evidence_params(kd.evidence)})
    insert("knows_edges", f"""INSERT INTO knows_edges (novel_id, knower_id, chapter, fact, fact_key,
              certainty, how, source_id, shared_with, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :knower_id,
              :chapter, :fact, :fact_key, :certainty, :how, :source_id, :shared_with, {EVIDENCE_VALUES})""",
           knows)

    counts.update(_persist_commitments(session, novel_id=novel_id, chapter=chapter,
                                       extraction=extraction, vectors=vectors.get("commitments", []),
                                       embedding_model=embedding_model))
    return counts


def _persist_relationships(
    session: Session, *, novel_id: uuid.UUID, chapter: int, extraction: ChapterExtraction,
    binder: NameBinder,
) -> dict[str, int]:
    """Dedupe on directed pair + type; an explicit ending closes the relationship in force."""
    written = 0
    for rel in extraction.relationship_updates:
        source, target = binder.bind(rel.source), binder.bind(rel.target)
        if source is None or target is None or source == target:
            continue
        if rel.type in SIBLING_TYPES and not binder.cast.may_be_siblings(source, target):
            continue  # "his dear sister Elizabeth" of George Wickham: a sister-in-law
        written += _write_relationship(
            session, {"novel_id": novel_id, "source": source, "target": target, "type": rel.type,
                      "chapter": chapter}, symmetric=rel.symmetric, evidence=rel.evidence,
            ended=rel.ended)
    return {"relationships": written}


def _persist_named_marriages(
    session: Session, *, novel_id: uuid.UUID, chapter: int, text_: str, binder: NameBinder,
) -> int:
    """Marriages a wife's title tells (`identity.married_names`), quoting the chapter's first
    use of the title; none when she or he has a spouse on record, or the chapter does not use
    the title."""
    written = 0
    for found in named_marriages(binder.cast):
        used = re.search(r"\s+".join(map(re.escape, found.name.split())), text_)
        if used is None or session.execute(
            text("""SELECT 1 FROM relationships
                     WHERE novel_id = :n AND type = ANY(:types) AND superseded_by_id IS NULL
                       AND from_chapter <= :chapter AND (to_chapter IS NULL OR to_chapter > :chapter)
                       AND (:wife IN (source_id, target_id) OR :husband IN (source_id, target_id))
                     LIMIT 1"""),
            {"n": novel_id, "types": sorted(SPOUSES), "chapter": chapter,
             "wife": found.wife, "husband": found.husband},
        ).first() is not None:
            continue
        evidence = Evidence(start=used.start(), end=used.end(), quote=used.group(),
                            rule="identity.married_name", confidence=0.8)
        written += _write_relationship(
            session, {"novel_id": novel_id, "source": found.wife, "target": found.husband,
                      "type": "married_to", "chapter": chapter}, symmetric=True, evidence=evidence)
    return written


def _write_relationship(session: Session, params: dict[str, Any], *, symmetric: bool,
                        evidence: Evidence, ended: bool = False) -> int:
    """Write one tie (`params`: novel_id, source, target, type, chapter), or end the one in
    force when `ended`; a tie of another generation between the two, or the same tie in force,
    writes nothing. Returns the rows written or ended (0 or 1)."""
    if not ended and params["type"] in EXCLUDES and session.execute(
        text("""SELECT 1 FROM relationships
                 WHERE novel_id = :novel_id AND type = ANY(:excluded) AND to_chapter IS NULL
                   AND superseded_by_id IS NULL AND from_chapter <= :chapter
                   AND ((source_id = :source AND target_id = :target)
                        OR (source_id = :target AND target_id = :source))
                 LIMIT 1"""),
        {**params, "excluded": sorted(EXCLUDES[params["type"]])},
    ).first() is not None:
        return 0
    in_force = session.execute(
        text("""SELECT id FROM relationships
                 WHERE novel_id = :novel_id AND type = :type AND to_chapter IS NULL
                   AND superseded_by_id IS NULL AND from_chapter <= :chapter
                   AND ((source_id = :source AND target_id = :target)
                        OR (is_symmetric AND source_id = :target AND target_id = :source))
                 ORDER BY from_chapter DESC LIMIT 1"""),
        params,
    ).scalar_one_or_none()
    if ended:
        if in_force is None:
            return 0
        session.execute(
            text("UPDATE relationships SET to_chapter = :chapter "
                 "WHERE novel_id = :novel_id AND id = :id"),
            {**params, "id": in_force},
        )
        return 1
    if in_force is not None:
        return 0
    new_id = session.execute(
        text(f"""INSERT INTO relationships (novel_id, source_id, target_id, type, is_symmetric,
                 from_chapter, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :source, :target, :type,
                 :symmetric, :chapter, {EVIDENCE_VALUES}) RETURNING id"""),
        {**params, "symmetric": symmetric, **evidence_params(evidence)},
    ).scalar_one()
    if params["type"] in ONE_AT_A_TIME:
        session.execute(
            text("""UPDATE relationships SET to_chapter = :chapter
                     WHERE novel_id = :novel_id AND type = :type AND source_id = :source
                       AND target_id <> :target AND to_chapter IS NULL
                       AND superseded_by_id IS NULL AND from_chapter <= :chapter"""),
            params,
        )
    replaced = SUPERSEDES.get(params["type"])
    if replaced:
        session.execute(
            text("""UPDATE relationships SET superseded_by_id = :new
                     WHERE novel_id = :novel_id AND type = ANY(:replaced) AND to_chapter IS NULL
                       AND superseded_by_id IS NULL AND from_chapter <= :chapter
                       AND ((source_id = :source AND target_id = :target)
                            OR (source_id = :target AND target_id = :source))"""),
            {**params, "new": new_id, "replaced": sorted(replaced)},
        )
    return 1


def _persist_commitments(
    session: Session, *, novel_id: uuid.UUID, chapter: int, extraction: ChapterExtraction,
    vectors: Sequence[Sequence[float]], embedding_model: str,
) -> dict[str, int]:
    """Setups become open commitments; a payoff closes the oldest open setup with its key."""
    written = 0
    setups = 0
    for item in extraction.commitments:
        key = _key(item.key)
        if item.kind == "payoff":
            paid = session.execute(
                text("""UPDATE commitments SET payoff_chapter = :chapter, payoff_detail = :detail,
                               payoff_quote = :quote, payoff_start = :start, payoff_end = :end
                         WHERE novel_id = :novel_id AND id = (
                               SELECT id FROM commitments WHERE novel_id = :novel_id AND key = :key
                                  AND payoff_chapter IS NULL AND setup_chapter < :chapter
                                ORDER BY setup_chapter LIMIT 1)
                     RETURNING id"""),
                {"novel_id": novel_id, "chapter": chapter, "detail": item.detail, "key": key,
                 "quote": item.evidence.quote, "start": item.evidence.start,
                 "end": item.evidence.end},
            ).scalar_one_or_none()
            written += paid is not None
            continue
        session.execute(
            text(f"""INSERT INTO commitments (novel_id, key, detail, trigger, weight, setup_chapter,
                     embedding, embedding_model, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :key, :detail,
                     :trigger, :weight, :chapter, :embedding, :model, {EVIDENCE_VALUES})"""),
            {"novel_id": novel_id, "key": key, "detail": item.detail, "trigger": item.trigger,
             "weight": item.weight, "chapter": chapter, "embedding": _vec(vectors, setups),
             "model": embedding_model, **evidence_params(item.evidence)},
        )
        setups += 1
        written += 1
    return {"commitments": written}


def _vec(vectors: Sequence[Sequence[float]], index: int) -> str | None:
    if index >= len(vectors):
        return None
    return "[" + ",".join(f"{x:.6f}" for x in vectors[index]) + "]"
