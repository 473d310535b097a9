"""Identity repair: merge two entities into one, retroactively, in the caller's transaction.

Every reference to the source in every table is repointed to the target, the names and
aliases of both are merged chapter by chapter (so a reader at an early cap still sees only
the names known then), the source is deleted and the projections are rebuilt.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.errors import InvalidInput, NotFound
from continuum.language.names import normalize
from continuum.pipeline.chapters import lock_novel
from continuum.pipeline.materialize import materialize_novel

# Each statement repoints one kind of reference; ARRAY(...) keeps id arrays free of repeats.
_ARRAY = "ARRAY(SELECT DISTINCT x FROM unnest(array_replace({col}, :s, :t)) x)"
_ONE = "CASE WHEN {col} = :s THEN CAST(:t AS uuid) ELSE {col} END"

REPOINT: dict[str, str] = {
    "entity_mentions": """UPDATE entity_mentions SET entity_id = :t
                             WHERE novel_id = :n AND entity_id = :s""",
    "events": f"""UPDATE events SET subject_id = {_ONE.format(col='subject_id')},
                         object_id = {_ONE.format(col='object_id')},
                         involved = {_ARRAY.format(col='involved')}
                   WHERE novel_id = :n AND (:s IN (subject_id, object_id) OR :s = ANY(involved))""",
    "relationships": f"""UPDATE relationships SET source_id = {_ONE.format(col='source_id')},
                                target_id = {_ONE.format(col='target_id')}
                          WHERE novel_id = :n AND :s IN (source_id, target_id)""",
    "scenes": f"""UPDATE scenes SET pov_id = {_ONE.format(col='pov_id')},
                         location_id = {_ONE.format(col='location_id')},
                         present = {_ARRAY.format(col='present')}
                   WHERE novel_id = :n AND (:s IN (pov_id, location_id) OR :s = ANY(present))""",
    "knows_edges": f"""UPDATE knows_edges SET knower_id = {_ONE.format(col='knower_id')},
                              source_id = {_ONE.format(col='source_id')},
                              shared_with = {_ARRAY.format(col='shared_with')}
                        WHERE novel_id = :n
                          AND (:s IN (knower_id, source_id) OR :s = ANY(shared_with))""",
    "canon_facts": """UPDATE canon_facts SET subject_id = :t
                         WHERE novel_id = :n AND subject_id = :s""",
    "continuity_flags": f"""UPDATE continuity_flags
                                SET entity_ids = {_ARRAY.format(col='entity_ids')}
                             WHERE novel_id = :n AND :s = ANY(entity_ids)""",
    "state_deltas": f"""UPDATE state_deltas SET subject_id = {_ONE.format(col='subject_id')},
                               object_id = {_ONE.format(col='object_id')}
                         WHERE novel_id = :n AND :s IN (subject_id, object_id)""",
    "critique_findings": f"""UPDATE critique_findings
                                 SET entity_ids = {_ARRAY.format(col='entity_ids')}
                              WHERE novel_id = :n AND :s = ANY(entity_ids)""",
    "thread_events": f"""UPDATE thread_events SET entity_ids = {_ARRAY.format(col='entity_ids')}
                          WHERE novel_id = :n AND :s = ANY(entity_ids)""",
    "entity_versions": """UPDATE entity_versions SET parent_id = :t
                           WHERE novel_id = :n AND parent_id = :s""",
    # A twin joined into the source is joined into the target; the target itself, if it was
    # joined into the source, is now one with it and joined into nothing.
    "entities": """UPDATE entities
                      SET joined_into = CASE WHEN id = :t THEN NULL ELSE CAST(:t AS uuid) END,
                          joined_chapter = CASE WHEN id = :t THEN NULL ELSE joined_chapter END
                    WHERE novel_id = :n AND joined_into = :s""",
}

# shared_dynamics keeps one row per ordered pair (a_id < b_id) and chapter.
_OTHER = "CASE WHEN d.a_id = :s THEN d.b_id ELSE d.a_id END"
DYNAMICS = (
    """DELETE FROM shared_dynamics WHERE novel_id = :n
          AND ((a_id = :s AND b_id = :t) OR (a_id = :t AND b_id = :s))""",
    f"""DELETE FROM shared_dynamics d WHERE d.novel_id = :n AND :s IN (d.a_id, d.b_id)
          AND EXISTS (SELECT 1 FROM shared_dynamics o WHERE o.novel_id = d.novel_id
                         AND o.chapter = d.chapter AND o.a_id = least({_OTHER}, CAST(:t AS uuid))
                         AND o.b_id = greatest({_OTHER}, CAST(:t AS uuid)))""",
    f"""UPDATE shared_dynamics d SET a_id = least({_OTHER}, CAST(:t AS uuid)),
                                   b_id = greatest({_OTHER}, CAST(:t AS uuid))
         WHERE d.novel_id = :n AND :s IN (d.a_id, d.b_id)""",
)

CLEANUP = (
    # A relationship between the two halves of one entity means nothing any more.
    "DELETE FROM relationships WHERE novel_id = :n AND source_id = :t AND target_id = :t",
    # Two copies of one tie: drop the one the other covers entirely.
    """DELETE FROM relationships r2 USING relationships r1
        WHERE r2.novel_id = :n AND r1.novel_id = :n AND r1.id <> r2.id AND r1.type = r2.type
          AND :t IN (r2.source_id, r2.target_id)
          AND ((r1.source_id = r2.source_id AND r1.target_id = r2.target_id)
               OR (r1.is_symmetric AND r1.source_id = r2.target_id AND r1.target_id = r2.source_id))
          AND (r1.from_chapter, r1.id) < (r2.from_chapter, r2.id)
          AND (r1.to_chapter IS NULL
               OR (r2.to_chapter IS NOT NULL AND r1.to_chapter >= r2.to_chapter))""",
    """UPDATE entity_versions SET parent_id = NULL
        WHERE novel_id = :n AND entity_id = :t AND parent_id = :t""",
)


@dataclass(frozen=True)
class _Version:
    chapter: int
    name: str
    aliases: list[str]
    description: str | None
    type: str
    parent_id: uuid.UUID | None
    attributes: dict[str, Any]


def merge_entities(
    session: Session, *, novel_id: uuid.UUID, source: uuid.UUID, target: uuid.UUID
) -> dict[str, int]:
    """Fold `source` into `target` everywhere; returns how many rows changed per table."""
    if source == target:
        raise InvalidInput("an entity cannot be merged into itself: pick two different entities")
    lock_novel(session, novel_id=novel_id)
    found = session.execute(
        text("""SELECT id, first_chapter, gender FROM entities
                 WHERE novel_id = :n AND id IN (:s, :t) FOR UPDATE"""),
        {"n": novel_id, "s": source, "t": target},
    ).all()
    by_id = {r.id: r for r in found}
    for which, entity_id in (("source", source), ("target", target)):
        if entity_id not in by_id:
            raise NotFound(f"{which} entity {entity_id} does not exist in novel {novel_id}")
    params = {"n": novel_id, "s": source, "t": target}
    counts = {table: session.execute(text(sql), params).rowcount  # type: ignore[attr-defined]
              for table, sql in REPOINT.items()}
    counts["shared_dynamics"] = sum(session.execute(text(sql), params).rowcount  # type: ignore[attr-defined]
                                    for sql in DYNAMICS)
    counts["entity_versions"] += _merge_versions(session, novel_id=novel_id, source=source,
                                                 target=target)
    for sql in CLEANUP:
        session.execute(text(sql), params)
    session.execute(
        text("""UPDATE entities SET first_chapter = least(first_chapter, :first),
                       gender = CASE WHEN gender = 'unknown' THEN :gender ELSE gender END
                 WHERE novel_id = :n AND id = :t"""),
        {**params, "first": by_id[source].first_chapter, "gender": by_id[source].gender},
    )
    session.execute(text("DELETE FROM entities WHERE novel_id = :n AND id = :s"), params)
    counts.update({f"materialized_{k}": v
                   for k, v in materialize_novel(session, novel_id=novel_id).items()})
    return counts


def _load_versions(
    session: Session, novel_id: uuid.UUID, entity_id: uuid.UUID
) -> dict[int, _Version]:
    rows = session.execute(
        text("""SELECT chapter, name, aliases, description, type, parent_id, attributes
                  FROM entity_versions WHERE novel_id = :n AND entity_id = :e ORDER BY chapter"""),
        {"n": novel_id, "e": entity_id},
    ).all()
    return {r.chapter: _Version(r.chapter, r.name, list(r.aliases), r.description, r.type,
                                r.parent_id, dict(r.attributes or {})) for r in rows}


def _merge_versions(
    session: Session, *, novel_id: uuid.UUID, source: uuid.UUID, target: uuid.UUID
) -> int:
    """Rewrite the target's versions so that at every chapter it has both entities' names."""
    src = _load_versions(session, novel_id, source)
    tgt = _load_versions(session, novel_id, target)
    target_type = next(iter(tgt.values())).type if tgt else None
    merged: list[dict[str, Any]] = []
    sv = tv = None
    for chapter in sorted(set(src) | set(tgt)):
        sv, tv = src.get(chapter, sv), tgt.get(chapter, tv)
        # Before the target was named, only the source's names were known: show those.
        main, other = (tv, sv) if tv is not None else (sv, None)
        assert main is not None
        names = [*main.aliases, *((other.name, *other.aliases) if other else ())]
        aliases, seen = [], {normalize(main.name)}
        for alias in names:
            if normalize(alias) not in seen:
                seen.add(normalize(alias))
                aliases.append(alias)
        parent = main.parent_id or (other.parent_id if other else None)
        merged.append({
            "n": novel_id, "e": target, "chapter": chapter, "name": main.name, "aliases": aliases,
            "description": main.description or (other.description if other else None),
            "type": tv.type if tv is not None else (target_type or main.type),
            "parent": None if parent in (source, target) else parent,
            "attributes": json.dumps({**(other.attributes if other else {}), **main.attributes}),
        })
    session.execute(
        text("DELETE FROM entity_versions WHERE novel_id = :n AND entity_id IN (:s, :t)"),
        {"n": novel_id, "s": source, "t": target},
    )
    if merged:
        session.execute(
            text("""INSERT INTO entity_versions (novel_id, entity_id, chapter, name, aliases,
                           description, type, parent_id, attributes)
                    VALUES (:n, :e, :chapter, :name, :aliases, :description, :type, :parent,
                            CAST(:attributes AS jsonb))"""),
            merged,
        )
    return len(src)
