"""PERSIST canon facts: a locked fact is never overwritten; a contradiction becomes a flag."""

from __future__ import annotations

import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.language.names import normalize
from continuum.pipeline.extract.schema import CanonFactItem
from continuum.pipeline.persist.entities import NameBinder
from continuum.pipeline.persist.evidence import EVIDENCE_COLUMNS, EVIDENCE_VALUES, evidence_params

# Predicates with one true value per subject; kinship and the like may hold many at once.
SINGLE_VALUED = {"age", "eye_colour", "hair_colour", "title", "occupation", "height", "birthplace"}


def persist_canon_facts(
    session: Session, *, novel_id: uuid.UUID, chapter: int, items: list[CanonFactItem],
    binder: NameBinder,
) -> dict[str, int]:
    """Insert new canon facts; contradicting a locked one raises a canon_contradiction flag."""
    facts = flags = dropped = 0
    for item in items:
        subject_id = binder.bind(item.subject)
        if subject_id is None:
            dropped += 1
            continue  # only new_entities creates; an unbound subject is dropped
        if item.predicate not in SINGLE_VALUED:
            locked = None
        else:
            locked = session.execute(
                text("""SELECT id, value, chapter, evidence_quote FROM canon_facts
                         WHERE novel_id = :novel_id AND locked AND predicate = :predicate
                           AND chapter < :chapter
                           AND subject_id = :subject_id
                         ORDER BY chapter DESC LIMIT 1"""),
                {"novel_id": novel_id, "predicate": item.predicate, "chapter": chapter,
                 "subject_id": subject_id, "subject": item.subject},
            ).one_or_none()
        if locked is not None:
            if normalize(locked.value) != normalize(item.value):
                session.execute(
                    text(f"""INSERT INTO continuity_flags (novel_id, chapter, kind, severity,
                             description, entity_ids, origin, {EVIDENCE_COLUMNS})
                             VALUES (:novel_id, :chapter, 'canon_contradiction', 'FAIL', :description,
                             :entity_ids, 'canon', {EVIDENCE_VALUES})"""),
                    {"novel_id": novel_id, "chapter": chapter,
                     "description": (f"{item.subject}'s {item.predicate} is locked as "
                                     f"{locked.value!r} (chapter {locked.chapter}) but this chapter "
                                     f"says {item.value!r}"),
                     "entity_ids": [subject_id] if subject_id else [],
                     **evidence_params(item.evidence)},
                )
                flags += 1
            continue
        session.execute(
            text(f"""INSERT INTO canon_facts (novel_id, chapter, kind, subject_id, subject, predicate,
                     value, {EVIDENCE_COLUMNS}) VALUES (:novel_id, :chapter, :kind, :subject_id,
                     :subject, :predicate, :value, {EVIDENCE_VALUES})"""),
            {"novel_id": novel_id, "chapter": chapter, "kind": item.kind, "subject_id": subject_id,
             "subject": item.subject, "predicate": item.predicate, "value": item.value,
             **{**evidence_params(item.evidence), "confidence": item.confidence}},
        )
        facts += 1
    return {"canon_facts": facts, "canon_contradictions": flags, "canon_unbound": dropped}
