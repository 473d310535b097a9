"""Replace: remove what a chapter asserted so it can be written again in the same transaction.

Only the latest chapter can be replaced in this build: rebuilding the chapters after an
earlier one (DESIGN.md §6 "Replace") is not implemented yet and is refused clearly.
"""

from __future__ import annotations

import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.errors import Conflict


def clear_from_chapter(session: Session, *, novel_id: uuid.UUID, chapter: int) -> None:
    """Undo everything chapter `chapter` (the latest) asserted; entity ids seen before it stay."""
    latest = session.execute(
        text("SELECT coalesce(max(number), 0) FROM chapters WHERE novel_id = :n"), {"n": novel_id}
    ).scalar_one()
    if chapter < latest:
        raise Conflict(
            f"replacing chapter {chapter} would require rebuilding chapters {chapter + 1}-{latest}, "
            "which this build does not support yet; replace the latest chapter only"
        )
    params = {"n": novel_id, "c": chapter}
    session.execute(text("UPDATE relationships SET to_chapter = NULL "
                         "WHERE novel_id = :n AND to_chapter = :c"), params)
    session.execute(text("UPDATE commitments SET payoff_chapter = NULL, payoff_detail = NULL, "
                         "payoff_quote = NULL, payoff_start = NULL, payoff_end = NULL "
                         "WHERE novel_id = :n AND payoff_chapter = :c"), params)
    session.execute(text("DELETE FROM relationships WHERE novel_id = :n AND from_chapter = :c"), params)
    session.execute(text("DELETE FROM entity_versions WHERE novel_id = :n AND chapter = :c"), params)
    session.execute(text("DELETE FROM plot_threads WHERE novel_id = :n AND opened_chapter = :c"), params)
    session.execute(text("DELETE FROM critique_reports WHERE novel_id = :n AND chapter = :c "
                         "AND submission_id IS NULL"), params)
    # Chapter-keyed facts cascade from the chapter row.
    session.execute(text("DELETE FROM chapters WHERE novel_id = :n AND number = :c"), params)
    session.execute(text("DELETE FROM entities WHERE novel_id = :n AND first_chapter = :c"), params)
