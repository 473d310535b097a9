"""Load the novel's roster (names as of a chapter) from entity_versions."""

from __future__ import annotations

import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.language.names import normalize
from continuum.pipeline.identity.roster import Roster, RosterEntry


def load_roster(session: Session, *, novel_id: uuid.UUID, before_chapter: int) -> Roster:
    """Every entity first seen before `before_chapter`, with its latest names and its salience;
    an entity joined into another by then is that other's (its names are the other's aliases)."""
    rows = session.execute(
        text(
            """
            WITH mentioned AS (
              SELECT m.entity_id, count(*) AS mentions FROM entity_mentions m
               WHERE m.novel_id = :novel_id AND m.chapter < :before AND m.kind = 'name'
               GROUP BY m.entity_id)
            SELECT DISTINCT ON (v.entity_id)
                   v.entity_id, v.name, v.aliases, v.type, e.gender, e.first_chapter,
                   coalesce(mc.mentions, 0) AS mentions
              FROM entity_versions v
              JOIN entities e ON e.novel_id = v.novel_id AND e.id = v.entity_id
              LEFT JOIN mentioned mc ON mc.entity_id = v.entity_id
             WHERE v.novel_id = :novel_id AND v.chapter < :before
               AND (e.joined_chapter IS NULL OR e.joined_chapter >= :before)
             ORDER BY v.entity_id, v.chapter DESC
            """
        ),
        {"novel_id": novel_id, "before": before_chapter},
    ).all()
    uses = _name_uses(session, novel_id=novel_id, before_chapter=before_chapter)
    return Roster(
        [
            RosterEntry(
                id=r.entity_id, type=r.type, name=r.name, aliases=set(r.aliases),
                gender=r.gender, first_chapter=r.first_chapter, mentions=r.mentions,
                name_uses=uses.get(r.entity_id, {}),
            )
            for r in rows
        ]
    )


def _name_uses(session: Session, *, novel_id: uuid.UUID,
               before_chapter: int) -> dict[uuid.UUID, dict[str, int]]:
    """How often each entity has been named by each of their names before the chapter. Every
    entity's, not only those first founded as people: "Redruth", taken for a town in Treasure
    Island's chapter 6, is Tom Redruth from chapter 7 (its versions say so; `entities.type`
    keeps the kind it was founded with), and his page's title goes by these counts."""
    uses: dict[uuid.UUID, dict[str, int]] = {}
    for entity_id, surface, n in session.execute(
        text("""SELECT m.entity_id, m.text, count(*) FROM entity_mentions m
                 WHERE m.novel_id = :novel_id AND m.chapter < :before AND m.kind = 'name'
                 GROUP BY m.entity_id, m.text"""),
        {"novel_id": novel_id, "before": before_chapter},
    ):
        found = uses.setdefault(entity_id, {})
        key = normalize(surface)
        found[key] = found.get(key, 0) + n
    return uses
