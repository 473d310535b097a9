"""Entity types of a novel (core and custom) with how many entities of each exist at the cap."""

from __future__ import annotations

import uuid

from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.reads.presets import CORE_TYPE_DESCRIPTIONS, PRESETS, Preset
from continuum.reads.visibility import entity_exists, latest_version


class EntityTypeRow(BaseModel):
    """An entity type: core types always exist, custom ones are added by the author."""

    name: str
    description: str
    core: bool
    preset: str | None
    entity_count: int


class TypesPage(BaseModel):
    """The novel's types and the presets it can apply."""

    genre: str | None
    types: list[EntityTypeRow]
    presets: list[Preset]


def list_types(*, session: Session, novel_id: uuid.UUID, cap: int) -> TypesPage:
    """Core types, the novel's custom types and any type in use, with counts at the cap."""
    params = {"n": novel_id, "cap": cap}
    counts = dict(session.execute(
        text(f"""SELECT v.type, count(*) FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND {entity_exists('e')} GROUP BY v.type"""),
        params,
    ).tuples().all())
    custom = session.execute(
        text("""SELECT name, description, core, preset FROM entity_types
                 WHERE novel_id = :n ORDER BY core DESC, name"""),
        params,
    ).all()
    genre = session.execute(text("SELECT genre FROM novels WHERE id = :n"), params).scalar()
    rows = {name: EntityTypeRow(name=name, description=description, core=True, preset=None,
                                entity_count=0)
            for name, description in CORE_TYPE_DESCRIPTIONS.items()}
    for t in custom:
        rows.setdefault(t.name, EntityTypeRow(name=t.name, description=t.description,
                                              core=t.core, preset=t.preset, entity_count=0))
    for name in counts:
        rows.setdefault(name, EntityTypeRow(name=name, description="", core=False, preset=None,
                                            entity_count=0))
    for row in rows.values():
        row.entity_count = int(counts.get(row.name, 0))
    return TypesPage(genre=genre, types=list(rows.values()), presets=list(PRESETS.values()))
