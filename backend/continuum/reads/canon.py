"""Canon facts and continuity flags asserted by the cap."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.matching import contains_pattern, names_match, text_matches
from continuum.reads.paging import DEFAULT_LIMIT, Page, window
from continuum.reads.refs import EntityRef
from continuum.reads.rows import dicts
from continuum.reads.visibility import (
    asserted_by,
    entity_exists,
    entity_refs,
    names_at_cap,
    ref_json,
)


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


# `current` is decided over every fact by the cap, so the subject filter is applied to the whole
# partition key (a fact about one entity is restated only by facts about that entity).
CANON_SQL = f"""
WITH facts AS (
  SELECT c.id, c.chapter, c.kind, c.predicate, c.value, c.confidence, c.locked, c.edited,
         c.evidence_quote, c.subject_id, c.subject AS subject_text,
         row_number() OVER (PARTITION BY coalesce(CAST(c.subject_id AS text), lower(c.subject)),
                                         lower(c.predicate)
                            ORDER BY c.chapter DESC, c.id DESC) = 1 AS current
    FROM canon_facts c
    LEFT JOIN entities se ON se.novel_id = c.novel_id AND se.id = c.subject_id
   WHERE c.novel_id = :n AND {asserted_by('c')}
     AND (c.subject_id IS NULL OR {entity_exists('se')})
     AND (CAST(:entity AS uuid) IS NULL
          OR coalesce(CAST(c.subject_id AS text), lower(c.subject)) = CAST(:entity AS text))),
{names_at_cap('subjects', 'SELECT subject_id FROM facts')},
f AS (
  SELECT f.*, count(*) OVER () AS total FROM facts f
   WHERE (CAST(:entity AS uuid) IS NULL OR f.subject_id = :entity)
     AND (CAST(:fact AS bigint) IS NULL OR f.id = :fact)
     AND (NOT CAST(:locked_only AS boolean) OR f.locked)
     AND (NOT CAST(:current_only AS boolean) OR f.current OR f.locked){{match}}
   ORDER BY f.chapter, f.id{{window}}),
{names_at_cap('vis', 'SELECT subject_id FROM f')}
SELECT f.id, f.chapter, f.kind, f.predicate, f.value, f.confidence, f.locked, f.edited,
       f.evidence_quote, f.subject_id, f.subject_text, f.current, f.total,
       {ref_json('sv')} AS subject_entity
  FROM f LEFT JOIN vis sv ON sv.id = f.subject_id
 ORDER BY f.chapter, f.id"""


# The filter sees what the row shows at the cap: the subject's names as of the cap (its text only
# when it names no entity), the predicate and the value. Only spliced in when there is a filter,
# so the unfiltered list never names every subject before the page is cut.
CANON_MATCH = f"""
     AND (EXISTS (SELECT 1 FROM subjects s WHERE s.id = f.subject_id AND {names_match('s')})
          OR (NOT EXISTS (SELECT 1 FROM subjects s WHERE s.id = f.subject_id)
              AND {text_matches('f.subject_text')})
          OR {text_matches("replace(f.predicate, '_', ' ')")} OR {text_matches('f.value')})"""


class CanonPage(Page[CanonFactRow]):
    """A page of the canon facts asserted by the cap, in chapter order."""


def _canon(session: Session, params: dict, limit: int | None = None,
           offset: int = 0) -> tuple[list[CanonFactRow], int]:
    q = contains_pattern(params.get("q"))
    sql = CANON_SQL.replace("{window}", window(limit, offset)).replace("{match}",
                                                                       CANON_MATCH if q else "")
    rows = dicts(session.execute(text(sql), {"current_only": False, **params, "q": q}))
    total = rows[0]["total"] if rows else 0
    if not rows and offset:  # a page past the end still reports the total
        total = _canon(session, params, 1, 0)[1]
    return [CanonFactRow(**{k: v for k, v in r.items()
                            if k not in ("subject_id", "subject_text", "total")},
                         subject=(r["subject_entity"] or {}).get("name") or r["subject_text"])
            for r in rows], total


def list_canon(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None = None,
    locked_only: bool = False,
) -> list[CanonFactRow]:
    """Canon facts asserted by the cap (optionally about one entity, or only locked ones)."""
    return _canon(session, {"n": novel_id, "cap": cap, "entity": entity_id, "fact": None,
                            "locked_only": locked_only})[0]


def page_canon(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID | None = None,
    locked_only: bool = False, limit: int = DEFAULT_LIMIT, offset: int = 0, q: str | None = None,
    current_only: bool = False,
) -> CanonPage:
    """One page of `list_canon` and its total; `q` keeps facts whose subject, predicate or value
    contain it, `current_only` drops facts restated by the cap (unless locked)."""
    items, total = _canon(session, {"n": novel_id, "cap": cap, "entity": entity_id, "fact": None,
                                    "locked_only": locked_only, "q": q,
                                    "current_only": current_only}, limit, offset)
    return CanonPage(items=items, total=total, limit=limit, offset=offset)


def get_canon_fact(
    *, session: Session, novel_id: uuid.UUID, cap: int, fact_id: int
) -> CanonFactRow | None:
    """One canon fact, or None when it does not exist or lies beyond the cap."""
    found = _canon(session, {"n": novel_id, "cap": cap, "entity": None, "fact": fact_id,
                             "locked_only": False})[0]
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
