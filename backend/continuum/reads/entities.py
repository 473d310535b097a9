"""Entities at the cap: lists by type and the entity page, names as of the cap."""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.matching import contains_pattern, names_match
from continuum.reads.paging import DEFAULT_LIMIT, Page, window
from continuum.reads.rows import dicts
from continuum.reads.visibility import (
    asserted_by,
    counted_as,
    entity_exists,
    latest_version,
    names_at_cap,
)


class EntitySummary(BaseModel):
    """An entity in a list: names as of the cap and how often it is mentioned up to it."""

    id: uuid.UUID
    name: str
    type: str
    aliases: list[str]
    first_chapter: int
    mention_count: int


class Appearance(BaseModel):
    """How often an entity is mentioned in one chapter."""

    chapter: int
    mentions: int


class MentionSample(BaseModel):
    """One mention with the sentence around it."""

    chapter: int
    start: int
    end: int
    text: str
    context: str
    context_start: int


class EntityDetail(EntitySummary):
    """The entity page."""

    description: str | None
    appearances: list[Appearance]
    mentions: list[MentionSample]
    narrates: list[int] = []  # chapters up to the cap told by this character as "I"


class EntityPage(Page[EntitySummary]):
    """A page of the entities at the cap, most mentioned first."""


def _person_of(session: Session, *, novel_id: uuid.UUID, cap: int,
               entity_id: uuid.UUID) -> uuid.UUID:
    """The person an entity was joined into by the cap (following joins), else itself."""
    seen = {entity_id}
    while True:
        into = session.execute(
            text("""SELECT joined_into FROM entities
                     WHERE novel_id = :n AND id = :id AND joined_chapter <= :cap"""),
            {"n": novel_id, "id": entity_id, "cap": cap}).scalar_one_or_none()
        if into is None or into in seen:
            return entity_id
        seen.add(into)
        entity_id = into


EntitySort = Literal["mentions", "name", "first"]
ORDER: dict[str, str] = {
    "mentions": "mention_count DESC, vis.name, vis.id",
    "name": "lower(vis.name), vis.name, vis.id",
    "first": "vis.first_chapter, mention_count DESC, vis.name, vis.id",
}


def _entities(
    session: Session, *, novel_id: uuid.UUID, cap: int, type_: str | None, limit: int | None,
    offset: int, q: str | None = None, sort: EntitySort = "mentions",
) -> tuple[list[EntitySummary], int]:
    rows = dicts(session.execute(
        text(f"""WITH {names_at_cap()},
                      mentioned AS (SELECT {counted_as('me')} AS entity_id, count(*) AS mentions
                                      FROM entity_mentions m
                                      JOIN entities me ON me.novel_id = m.novel_id
                                                      AND me.id = m.entity_id
                                     WHERE m.novel_id = :n AND {asserted_by('m')}
                                     GROUP BY 1)
                 SELECT vis.id, vis.name, vis.type, vis.aliases, vis.first_chapter,
                        coalesce(mc.mentions, 0) AS mention_count, count(*) OVER () AS total
                   FROM vis LEFT JOIN mentioned mc ON mc.entity_id = vis.id
                  WHERE (CAST(:type AS text) IS NULL OR vis.type = :type)
                    AND (CAST(:q AS text) IS NULL OR {names_match('vis')})
                  ORDER BY {ORDER[sort]}{window(limit, offset)}"""),
        {"n": novel_id, "cap": cap, "type": type_, "q": contains_pattern(q)},
    ))
    total = rows[0]["total"] if rows else 0
    if not rows and offset:  # a page past the end still reports the total
        total = _entities(session, novel_id=novel_id, cap=cap, type_=type_, limit=1, offset=0,
                          q=q)[1]
    return [EntitySummary.model_validate(r) for r in rows], total


def list_entities(
    *, session: Session, novel_id: uuid.UUID, cap: int, type_: str | None = None
) -> list[EntitySummary]:
    """Entities that exist at the cap (optionally one type), most mentioned first."""
    return _entities(session, novel_id=novel_id, cap=cap, type_=type_, limit=None, offset=0)[0]


def page_entities(
    *, session: Session, novel_id: uuid.UUID, cap: int, type_: str | None = None,
    limit: int = DEFAULT_LIMIT, offset: int = 0, q: str | None = None,
    sort: EntitySort = "mentions",
) -> EntityPage:
    """One page of `list_entities` (only names or aliases at the cap containing `q`) and its total."""
    items, total = _entities(session, novel_id=novel_id, cap=cap, type_=type_, limit=limit,
                             offset=offset, q=q, sort=sort)
    return EntityPage(items=items, total=total, limit=limit, offset=offset)


def get_entity(
    *, session: Session, novel_id: uuid.UUID, cap: int, entity_id: uuid.UUID
) -> EntityDetail | None:
    """The entity page as of the cap, or None when it does not exist yet.

    A twin joined into a person by the cap opens the person's page, and the person's
    appearances include the twin's mentions."""
    entity_id = _person_of(session, novel_id=novel_id, cap=cap, entity_id=entity_id)
    params = {"n": novel_id, "cap": cap, "id": entity_id}
    params["ids"] = [entity_id, *session.execute(
        text("""SELECT id FROM entities
                 WHERE novel_id = :n AND joined_into = :id AND joined_chapter <= :cap"""),
        params).scalars()]
    row = session.execute(
        text(f"""SELECT e.id, v.name, v.type, v.aliases, v.description, e.first_chapter
                   FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND e.id = :id AND {entity_exists('e')}"""),
        params,
    ).one_or_none()
    if row is None:
        return None
    appearances = session.execute(
        text(f"""SELECT chapter, count(*) AS mentions FROM entity_mentions m
                  WHERE m.novel_id = :n AND m.entity_id = ANY(:ids) AND {asserted_by('m')}
                  GROUP BY chapter ORDER BY chapter"""),
        params,
    ).all()
    samples = session.execute(
        text(f"""SELECT DISTINCT ON (m.chapter) m.chapter, m.start_offset AS start,
                        m.end_offset AS end, m.text,
                        greatest(m.start_offset - 160, 0) AS context_start,
                        substr(c.text, greatest(m.start_offset - 160, 0) + 1,
                               m.end_offset - greatest(m.start_offset - 160, 0) + 160) AS context
                   FROM entity_mentions m
                   JOIN chapters c ON c.novel_id = m.novel_id AND c.number = m.chapter
                  WHERE m.novel_id = :n AND m.entity_id = ANY(:ids) AND {asserted_by('m')}
                  ORDER BY m.chapter, m.start_offset
                  LIMIT 12"""),
        params,
    ).all()
    narrates = session.execute(
        text(f"""SELECT number FROM chapters c
                  WHERE c.novel_id = :n AND c.narrator_id = :id AND {asserted_by('c', 'number')}
                  ORDER BY number"""),
        params,
    ).scalars().all()
    mention_count = sum(a.mentions for a in appearances)
    return EntityDetail(
        **row._asdict(),
        mention_count=mention_count,
        narrates=list(narrates),
        appearances=[Appearance.model_validate(a._asdict()) for a in appearances],
        mentions=[MentionSample.model_validate(s._asdict()) for s in samples],
    )
