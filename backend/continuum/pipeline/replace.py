"""Replace: undo what chapters k..latest asserted so they can be written again, in the
caller's transaction. Entities first seen in those chapters keep their ids when the
rebuild finds them again (matched by type and normalized name)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.language.names import normalize


@dataclass
class ReplacePlan:
    """The chapters after k to rebuild, and the entity ids to hand back out."""

    later: list[tuple[int, str | None, str, str]] = field(default_factory=list)
    reuse: dict[tuple[str, str], uuid.UUID] = field(default_factory=dict)


def clear_from_chapter(session: Session, *, novel_id: uuid.UUID, chapter: int) -> ReplacePlan:
    """Remove everything chapters >= `chapter` asserted; returns what must be rebuilt."""
    params = {"n": novel_id, "c": chapter}
    plan = ReplacePlan()
    plan.later = [tuple(r) for r in session.execute(text(
        """SELECT number, title, text, source FROM chapters
            WHERE novel_id = :n AND number > :c ORDER BY number"""), params)]
    for entity_id, type_, names in session.execute(text(
            """SELECT e.id, e.type, array_agg(v.name) FROM entities e
                 JOIN entity_versions v ON v.novel_id = e.novel_id AND v.entity_id = e.id
                WHERE e.novel_id = :n AND e.first_chapter >= :c GROUP BY e.id, e.type"""), params):
        for name in names:
            plan.reuse.setdefault((type_, normalize(name)), entity_id)
    session.execute(text("""UPDATE relationships SET to_chapter = NULL
                             WHERE novel_id = :n AND to_chapter >= :c"""), params)
    # A join a cleared chapter made is undone: the twin is itself again until it is re-read.
    session.execute(text("""UPDATE entities SET joined_into = NULL, joined_chapter = NULL
                             WHERE novel_id = :n AND joined_chapter >= :c"""), params)
    session.execute(text("""UPDATE relationships SET superseded_by_id = NULL
                             WHERE novel_id = :n AND superseded_by_id IN (
                                   SELECT id FROM relationships
                                    WHERE novel_id = :n AND from_chapter >= :c)"""), params)
    session.execute(text("""UPDATE commitments SET payoff_chapter = NULL, payoff_detail = NULL,
                                   payoff_quote = NULL, payoff_start = NULL, payoff_end = NULL
                             WHERE novel_id = :n AND payoff_chapter >= :c"""), params)
    for sql in (
        "DELETE FROM relationships WHERE novel_id = :n AND from_chapter >= :c",
        "DELETE FROM entity_versions WHERE novel_id = :n AND chapter >= :c",
        "DELETE FROM plot_threads WHERE novel_id = :n AND opened_chapter >= :c",
        "DELETE FROM critique_reports WHERE novel_id = :n AND chapter >= :c "
        "AND submission_id IS NULL",
        # Chapter-keyed facts (mentions, events, scenes, knowledge, ...) cascade from here.
        "DELETE FROM chapters WHERE novel_id = :n AND number >= :c",
        "DELETE FROM entities WHERE novel_id = :n AND first_chapter >= :c",
    ):
        session.execute(text(sql), params)
    return plan
