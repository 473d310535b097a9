"""PERSIST joins: a twin of the cast becomes part of the person it is, from this chapter on.

`identity.joins` finds them ("Caroline" is Caroline Bingley, "Mrs. Wickham" Lydia); this
writes each one with the chapter's number, so every read below the chapter still shows the
two apart:
- `entities.joined_into` / `joined_chapter` hide the twin from every read from the chapter
  on (`reads.visibility.entity_exists`);
- the twin's names become the person's aliases in the cast, and so in the person's entity
  version of this chapter;
- the twin's ties in force are carried over to the person from this chapter (the old rows
  end with it), so the person's page keeps what the twin's said.
"""

from __future__ import annotations

import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.joins import Join, find_joins

RULE = "identity.joined"

# The twin's ties in force, now the person's (each end that was the twin is the person); a
# tie to the person itself means nothing, and one the person already has is not repeated.
_CARRY = f"""
WITH carried AS (
  SELECT r.novel_id,
         CASE WHEN r.source_id = :twin THEN CAST(:person AS uuid) ELSE r.source_id END AS source_id,
         CASE WHEN r.target_id = :twin THEN CAST(:person AS uuid) ELSE r.target_id END AS target_id,
         r.type, r.is_symmetric, r.evidence_quote, r.confidence
    FROM relationships r
   WHERE r.novel_id = :n AND :twin IN (r.source_id, r.target_id)
     AND :person NOT IN (r.source_id, r.target_id)
     AND r.to_chapter IS NULL AND r.superseded_by_id IS NULL)
INSERT INTO relationships (novel_id, source_id, target_id, type, is_symmetric, from_chapter,
                           evidence_quote, evidence_rule, confidence)
SELECT c.novel_id, c.source_id, c.target_id, c.type, c.is_symmetric, :chapter,
       c.evidence_quote, '{RULE}', c.confidence
  FROM carried c
 WHERE NOT EXISTS (
       SELECT 1 FROM relationships o
        WHERE o.novel_id = c.novel_id AND o.type = c.type AND o.to_chapter IS NULL
          AND o.superseded_by_id IS NULL
          AND ((o.source_id = c.source_id AND o.target_id = c.target_id)
               OR (o.is_symmetric AND o.source_id = c.target_id AND o.target_id = c.source_id)))
"""

_END = """
UPDATE relationships SET to_chapter = :chapter
 WHERE novel_id = :n AND :twin IN (source_id, target_id) AND to_chapter IS NULL
   AND superseded_by_id IS NULL AND from_chapter <= :chapter
"""


def join_twins(session: Session, *, novel_id: uuid.UUID, chapter: int, cast: Cast) -> list[Join]:
    """Write every join the cast now supports, fold each twin into its person in the cast,
    and return them (the caller moves this chapter's references from twin to person)."""
    joins = find_joins(cast)
    for join in joins:
        params = {"n": novel_id, "twin": join.twin, "person": join.person, "chapter": chapter}
        session.execute(text("""UPDATE entities SET joined_into = :person, joined_chapter = :chapter
                                 WHERE novel_id = :n AND id = :twin"""), params)
        session.execute(text(_CARRY), params)
        session.execute(text(_END), params)
        cast.join(join.twin, join.person)
    return joins
