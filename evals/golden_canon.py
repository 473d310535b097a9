"""The golden key's locked canon facts: lock the stored ones as an author would, and compare
values ("twenty-three" is 23; "clerk" agrees with "clerk of the Harbour Guild")."""

from __future__ import annotations

import re
import uuid
from typing import Any

from evals.common import norm_name


def lock_key_canon(novel_id: uuid.UUID, key: dict[str, Any]) -> list[dict[str, Any]]:
    """Lock, as an author would, the stored canon facts whose subject and predicate the key
    marks locked (subject by the fact's text or its entity's names); per key fact, the values
    found and how many rows were locked."""
    from continuum.db.engine import write_session
    from sqlalchemy import text

    from evals.golden_scoring import KeyCast

    cast = KeyCast(key)
    report = []
    with write_session() as session:
        rows = session.execute(text(
            """SELECT c.id, c.subject, c.predicate, c.value, v.name, v.aliases
                 FROM canon_facts c
                 LEFT JOIN LATERAL (SELECT ev.name, ev.aliases FROM entity_versions ev
                                     WHERE ev.novel_id = c.novel_id AND ev.entity_id = c.subject_id
                                     ORDER BY ev.chapter DESC LIMIT 1) v ON true
                WHERE c.novel_id = :n ORDER BY c.chapter, c.id"""), {"n": novel_id}).all()
        for fact in key["canon_facts"]:
            if not fact.get("locked"):
                continue
            surfaces = set(cast.surfaces(fact["subject"], key["chapters"]))
            hits = [r for r in rows if r.predicate == fact["predicate"] and surfaces & {
                norm_name(x) for x in (r.subject, r.name or "", *(r.aliases or []))}]
            if hits:
                session.execute(text("UPDATE canon_facts SET locked = true, locked_at = now() "
                                     "WHERE novel_id = :n AND id = ANY(:ids)"),
                                {"n": novel_id, "ids": [r.id for r in hits]})
            report.append({**{k: fact[k] for k in ("subject", "predicate", "value", "chapter",
                                                    "evidence")},
                           "found": [r.value for r in hits], "locked_rows": len(hits),
                           "agrees": any(same_value(fact["value"], r.value) for r in hits)})
    return report


def number_value(text_: str) -> int | None:
    """23 for "twenty-three" or "23"; None when the text is not a number."""
    from continuum.language.numbers import TENS, UNITS

    words = re.split(r"[\s-]+", text_.strip().lower())
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    if len(words) == 1 and words[0] in UNITS:
        return UNITS[words[0]]
    if words and words[0] in TENS and (len(words) == 1 or (
            len(words) == 2 and words[1] in UNITS and 0 < UNITS[words[1]] < 10)):
        return TENS[words[0]] + (UNITS[words[1]] if len(words) == 2 else 0)
    return None


def same_value(key_value: str, ours: str) -> bool:
    """A stored canon value agrees with the key's: equal, the same number, or one inside
    the other ("clerk" / "clerk of the Harbour Guild")."""
    a, b = norm_name(key_value), norm_name(ours)
    if not a or not b:
        return False
    na, nb = number_value(key_value), number_value(ours)
    if na is not None or nb is not None:
        return na == nb
    return a == b or f" {a} " in f" {b} " or f" {b} " in f" {a} "
