"""Who knows what, as of the cap."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.visibility import asserted_by, latest_version


class KnowerRow(BaseModel):
    """A character who learned a fact, when, how and from whom."""

    knower_id: uuid.UUID
    knower: str
    fact: str
    chapter: int
    how: str
    source: str | None
    certainty: float
    evidence_quote: str | None


def who_knows(*, session: Session, novel_id: uuid.UUID, cap: int, query: str) -> list[KnowerRow]:
    """Characters who learned a fact matching the words of `query` by the cap."""
    rows = session.execute(
        text(f"""SELECT k.knower_id, v.name AS knower, k.fact, k.chapter, k.how,
                        sv.name AS source, k.certainty, k.evidence_quote
                   FROM knows_edges k
                   JOIN entities e ON e.novel_id = k.novel_id AND e.id = k.knower_id
                   LEFT JOIN entities se ON se.novel_id = k.novel_id AND se.id = k.source_id
                   LEFT JOIN LATERAL (SELECT name FROM entity_versions sv
                                       WHERE sv.novel_id = se.novel_id AND sv.entity_id = se.id
                                         AND sv.chapter <= :cap
                                       ORDER BY sv.chapter DESC LIMIT 1) sv ON true,
                        {latest_version('e')}
                  WHERE k.novel_id = :n AND {asserted_by('k')}
                    AND to_tsvector('english', k.fact) @@ plainto_tsquery('english', :q)
                  ORDER BY k.chapter, v.name"""),
        {"n": novel_id, "cap": cap, "q": query},
    ).all()
    return [KnowerRow.model_validate(r._asdict()) for r in rows]
