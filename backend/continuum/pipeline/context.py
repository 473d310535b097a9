"""INGEST + CONTEXT: the story so far, as the extractor sees it (names in the chapter first)."""

from __future__ import annotations

import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.pipeline.extract.protocol import (
    EntityTypeDef,
    KnownEntity,
    KnownRelationship,
    StoryContext,
)


def load_story_context(
    session: Session, *, novel_id: uuid.UUID, chapter: int, chapter_text: str, max_entities: int,
    chapter_title: str | None = None,
) -> StoryContext:
    """Entities named in the chapter first, then by recency, each marked dead when the story
    has them dead before this chapter; open threads; recent events; relationships still in
    force (so "her father" can be resolved to a name); the narrator of the latest
    first-person chapter (kept in the roster even past `max_entities`)."""
    rows = session.execute(
        text("""WITH seen AS (SELECT m.entity_id, max(m.chapter) AS last_seen,
                                 count(*) FILTER (WHERE m.kind = 'name') AS mentions
                            FROM entity_mentions m WHERE m.novel_id = :n AND m.chapter < :chapter
                           GROUP BY m.entity_id)
                   , votes AS (SELECT entity_id, jsonb_object_agg(kind, weight) AS kind_votes
                               FROM (SELECT v.entity_id, j.key AS kind, sum(j.value::float) AS weight
                                       FROM entity_versions v, jsonb_each_text(v.kind_votes) j
                                      WHERE v.novel_id = :n AND v.chapter < :chapter
                                      GROUP BY v.entity_id, j.key) k
                              GROUP BY entity_id)
                SELECT DISTINCT ON (v.entity_id) v.entity_id, v.name, v.aliases, v.type, e.gender,
                       s.last_seen, coalesce(s.mentions, 0) AS mentions, k.kind_votes,
                       v.description IS NOT NULL AS described
                  FROM entity_versions v JOIN entities e ON e.novel_id = v.novel_id AND e.id = v.entity_id
                  LEFT JOIN seen s ON s.entity_id = v.entity_id
                  LEFT JOIN votes k ON k.entity_id = v.entity_id
                 WHERE v.novel_id = :n AND v.chapter < :chapter
                   AND (e.joined_chapter IS NULL OR e.joined_chapter >= :chapter)
                 ORDER BY v.entity_id, v.chapter DESC"""),
        {"n": novel_id, "chapter": chapter},
    ).all()
    lowered = chapter_text.lower()

    def named_here(row) -> bool:  # type: ignore[no-untyped-def]
        return any(name.lower() in lowered for name in (row.name, *row.aliases))

    ranked = sorted(rows, key=lambda r: (not named_here(r), -(r.last_seen or 0), r.name))
    narrator_id = _previous_narrator(session, novel_id=novel_id, chapter=chapter)
    kept = ranked[:max_entities]
    kept += [r for r in ranked[max_entities:] if r.entity_id == narrator_id]
    dead = set(session.execute(
        text("""SELECT entity_id FROM character_states
                 WHERE novel_id = :n AND status = 'dead' AND valid_from < :chapter
                   AND (valid_to IS NULL OR valid_to >= :chapter)"""),
        {"n": novel_id, "chapter": chapter},
    ).scalars())
    entities = [
        KnownEntity(name=r.name, type=r.type, aliases=list(r.aliases), gender=r.gender,
                    mentions=r.mentions, kind_votes=dict(r.kind_votes or {}),
                    described=r.described, dead=r.entity_id in dead)
        for r in kept
    ]
    narrator = next((r.name for r in rows if r.entity_id == narrator_id), None)
    threads = session.execute(
        text("""SELECT t.name FROM plot_threads t
                 WHERE t.novel_id = :n AND t.opened_chapter < :chapter
                   AND NOT EXISTS (SELECT 1 FROM thread_events te WHERE te.novel_id = t.novel_id
                                   AND te.thread_id = t.id AND te.action = 'close' AND te.chapter < :chapter)
                 ORDER BY t.opened_chapter DESC LIMIT 50"""),
        {"n": novel_id, "chapter": chapter},
    ).scalars().all()
    events = session.execute(
        text("""SELECT summary FROM events WHERE novel_id = :n AND chapter < :chapter
                 ORDER BY chapter DESC, impact DESC, ordinal LIMIT 30"""),
        {"n": novel_id, "chapter": chapter},
    ).scalars().all()
    setups = session.execute(
        text("""SELECT key FROM commitments WHERE novel_id = :n AND setup_chapter < :chapter
                   AND (payoff_chapter IS NULL OR payoff_chapter >= :chapter)
                 ORDER BY setup_chapter DESC LIMIT 100"""),
        {"n": novel_id, "chapter": chapter},
    ).scalars().all()
    names = {r.entity_id: r.name for r in rows}
    relationships = [
        KnownRelationship(source=names[r.source_id], type=r.type, target=names[r.target_id])
        for r in session.execute(
            text("""SELECT source_id, target_id, type FROM relationships
                     WHERE novel_id = :n AND from_chapter < :chapter
                       AND (to_chapter IS NULL OR to_chapter >= :chapter)
                     ORDER BY from_chapter DESC, id LIMIT 300"""),
            {"n": novel_id, "chapter": chapter},
        )
        if r.source_id in names and r.target_id in names
    ]
    types = session.execute(
        text("SELECT name, description FROM entity_types WHERE novel_id = :n AND NOT core ORDER BY name"),
        {"n": novel_id},
    ).all()
    return StoryContext(
        entities=entities,
        open_threads=list(threads),
        open_setups=list(dict.fromkeys(setups)),
        recent_events=list(events),
        custom_types=[EntityTypeDef(name=t.name, description=t.description) for t in types],
        relationships=relationships,
        narrator=narrator,
        chapter_title=chapter_title,
    )


def _previous_narrator(session: Session, *, novel_id: uuid.UUID, chapter: int) -> uuid.UUID | None:
    """The narrator of the latest first-person chapter before `chapter` (None if unnamed)."""
    return session.execute(
        text("""SELECT narrator_id FROM chapters
                 WHERE novel_id = :n AND number < :chapter AND first_person
                 ORDER BY number DESC LIMIT 1"""),
        {"n": novel_id, "chapter": chapter},
    ).scalar_one_or_none()
