"""Find an entity by name or id as of a cap, for tools that take what an agent types."""

from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from continuum.errors import InvalidInput, NotFound
from continuum.language.names import normalize
from continuum.reads.entities import EntitySummary, list_entities
from continuum.reads.novels import get_novel, latest_chapter


def resolve_cap(session: Session, novel_id: uuid.UUID, cap: int | None) -> int:
    """The requested cap, or the latest chapter; unknown novels are an error."""
    if get_novel(session=session, novel_id=novel_id) is None:
        raise NotFound(f"novel {novel_id} does not exist")
    if cap is not None and cap < 0:
        raise InvalidInput("cap must be 0 or more")
    return latest_chapter(session=session, novel_id=novel_id) if cap is None else cap


def find_entity(
    session: Session, *, novel_id: uuid.UUID, cap: int, name: str, type_: str | None = None
) -> EntitySummary:
    """The one entity a name or id refers to at the cap (exact name, then alias, then partial)."""
    entities = list_entities(session=session, novel_id=novel_id, cap=cap, type_=type_)
    try:
        wanted = uuid.UUID(name)
        for entity in entities:
            if entity.id == wanted:
                return entity
    except ValueError:
        pass
    key = normalize(name)
    for rule in (
        lambda e: normalize(e.name) == key,
        lambda e: any(normalize(a) == key for a in e.aliases),
        lambda e: key in normalize(e.name) or any(key in normalize(a) for a in e.aliases),
    ):
        hits = [e for e in entities if rule(e)]
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            names = ", ".join(sorted(e.name for e in hits)[:8])
            raise InvalidInput(f"{name!r} matches several entities at chapter {cap}: {names}")
    raise NotFound(f"nothing called {name!r} exists at chapter {cap}")
