"""Canon facts and continuity flags asserted by the cap."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.refs import EntityRef
from continuum.reads.visibility import asserted_by, entity_ref, entity_refs, id_exists


class CanonFactRow(BaseModel):
    """A canon fact; `current` is false once a later fact (by the cap) restates it."""

    id: int
    chapter: int
    kind: str
    subject: str
    subject_entity: EntityRef | None
    predicate: str
    value: str
    confidence: float
    locked: bool
    edited: bool
    current: bool
    evidence_quote: str | None


class FlagRow(BaseModel):
    """A continuity flag: foreshadowing, setup, callback, contradiction, accepted override."""

    id: int
    chapter: int
    kind: str
    severity: str
    description: str
    origin: str
    entities: list[EntityRef]
    evidence_quote: str | None


CANON_SQL = f"""
SELECT * FROM (
  SELECT c.id, c.chapter, c.kind, c.predicate, c.value, c.confidence, c.locked, c.edited,
         c.evidence_quote, c.subject_id,
         {entity_ref('c.novel_id', 'c.subject_id')} AS subject_entity, c.subject AS subject_text,
         row_number() OVER (PARTITION BY coalesce(CAST(c.subject_id AS text), lower(c.subject)),
                                         lower(c.predicate)
                            ORDER BY c.chapter DESC, c.id DESC) = 1 AS current
    FROM canon_facts c
   WHERE c.novel_id = :n AND {asserted_by('c')}
     AND (c.subject_id IS NULL OR {id_exists('c.novel_id', 'c.subject_id')})
) f
 WHERE (CAST(:entity AS uuid) IS NULL OR f.subject_id = :entity)
   AND (CAST(:fact AS bigint) IS NULL OR f.id = :fact)
   AND (NOT CAST(:locked_only AS boolean) OR f.locked)
 ORDER BY f.chapter, f.id"""


def _canon(session: Session, params: dict) -> list[CanonFactRow]:
    rows = session.execute(text(CANON_SQL), params).all()
    return [CanonFactRow(**{k: v for k, v in r._asdict().items()
                            if k not in ("subject_id", "subject_text")},
                         subject=(r.subject_entity or {}).get("name") or r.subject_text)
            for r in rows]


def list_canon(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None = None,
    locked_only: bool = False,
) -> list[CanonFactRow]:
    """Canon facts asserted by the cap (optionally about one entity, or only locked ones)."""
    return _canon(session, {"n": novel_id, "cap": cap, "entity": entity_id, "fact": None,
                            "locked_only": locked_only})


def get_canon_fact(
    *, session: Session, novel_id: uuid.UUID, cap: int, fact_id: int
) -> CanonFactRow | None:
    """One canon fact, or None when it does not exist or lies beyond the cap."""
    found = _canon(session, {"n": novel_id, "cap": cap, "entity": None, "fact": fact_id,
                             "locked_only": False})
    return found[0] if found else None


def list_flags(
    *, session: Session, novel_id: uuid.UUID, cap: int, kind: str | None = None,
    severity: str | None = None,
) -> list[FlagRow]:
    """Continuity flags raised in chapters up to the cap, in chapter order."""
    rows = session.execute(
        text(f"""SELECT f.id, f.chapter, f.kind, f.severity, f.description, f.origin,
                        f.evidence_quote, {entity_refs('f.novel_id', 'f.entity_ids')} AS entities
                   FROM continuity_flags f
                  WHERE f.novel_id = :n AND {asserted_by('f')}
                    AND (CAST(:kind AS text) IS NULL OR f.kind = :kind)
                    AND (CAST(:severity AS text) IS NULL OR f.severity = :severity)
                  ORDER BY f.chapter, f.id"""),
        {"n": novel_id, "cap": cap, "kind": kind, "severity": severity},
    ).all()
    return [FlagRow.model_validate(r._asdict()) for r in rows]
