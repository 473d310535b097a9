"""Custom entity types of a novel: add one, or apply a genre preset's set."""

from __future__ import annotations

import re
import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.errors import Conflict, InvalidInput, NotFound
from continuum.reads.presets import CORE_TYPE_DESCRIPTIONS, PRESETS

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,49}$")


def type_key(name: str) -> str:
    """'Magic System' → 'magic_system'; refuses names that cannot be a type key."""
    key = re.sub(r"[\s\-]+", "_", name.strip().lower())
    if not _NAME.match(key):
        raise InvalidInput(f"{name!r} is not a usable type name: use 1-50 letters, digits or "
                           "underscores, starting with a letter (e.g. 'magic_system')")
    return key


def add_entity_type(
    session: Session, *, novel_id: uuid.UUID, name: str, description: str = ""
) -> str:
    """Add a custom type to the novel; returns its key. An existing name is a conflict."""
    _require_novel(session, novel_id)
    key = type_key(name)
    if key in CORE_TYPE_DESCRIPTIONS:
        raise Conflict(f"{key!r} is a core type and always exists")
    added = session.execute(
        text("""INSERT INTO entity_types (novel_id, name, description) VALUES (:n, :name, :d)
                ON CONFLICT (novel_id, name) DO NOTHING RETURNING id"""),
        {"n": novel_id, "name": key, "d": description.strip()},
    ).first()
    if added is None:
        raise Conflict(f"the novel already has a type {key!r}")
    return key


def apply_preset(session: Session, *, novel_id: uuid.UUID, preset: str) -> int:
    """Add every type of a genre preset the novel lacks; returns how many were added."""
    _require_novel(session, novel_id)
    chosen = PRESETS.get(preset)
    if chosen is None:
        raise InvalidInput(f"unknown preset {preset!r}; choose one of {', '.join(PRESETS)}")
    added = 0
    for t in chosen.types:
        added += session.execute(
            text("""INSERT INTO entity_types (novel_id, name, description, preset)
                    VALUES (:n, :name, :d, :preset)
                    ON CONFLICT (novel_id, name) DO NOTHING RETURNING id"""),
            {"n": novel_id, "name": t.name, "d": t.description, "preset": chosen.key},
        ).first() is not None
    session.execute(text("UPDATE novels SET genre = coalesce(genre, :g), updated_at = now() "
                         "WHERE id = :n"), {"n": novel_id, "g": chosen.key})
    return added


def _require_novel(session: Session, novel_id: uuid.UUID) -> None:
    if session.execute(text("SELECT 1 FROM novels WHERE id = :n"), {"n": novel_id}).first() is None:
        raise NotFound(f"novel {novel_id} does not exist")
