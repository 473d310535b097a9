"""The author's hand on canon: lock, unlock and edit a canon fact."""

from __future__ import annotations

import uuid

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.errors import EmptyText, NotFound


def _update(session: Session, *, novel_id: uuid.UUID, fact_id: int, assignments: str,
            extra: dict | None = None) -> None:
    found = session.execute(
        text(f"UPDATE canon_facts SET {assignments} WHERE novel_id = :n AND id = :id RETURNING id"),
        {"n": novel_id, "id": fact_id, **(extra or {})},
    ).first()
    if found is None:
        raise NotFound(f"canon fact {fact_id} does not exist in novel {novel_id}")


def lock_fact(session: Session, *, novel_id: uuid.UUID, fact_id: int) -> None:
    """Lock a fact: later chapters that contradict it raise a canon_contradiction flag."""
    _update(session, novel_id=novel_id, fact_id=fact_id,
            assignments="locked = true, locked_at = coalesce(locked_at, now())")


def unlock_fact(session: Session, *, novel_id: uuid.UUID, fact_id: int) -> None:
    """Unlock a fact."""
    _update(session, novel_id=novel_id, fact_id=fact_id,
            assignments="locked = false, locked_at = NULL")


def edit_fact(session: Session, *, novel_id: uuid.UUID, fact_id: int, value: str) -> None:
    """Replace a fact's value with the author's; the fact is marked edited."""
    if not value.strip():
        raise EmptyText("the new value is empty; send the value the fact should have")
    _update(session, novel_id=novel_id, fact_id=fact_id,
            assignments="value = :value, edited = true", extra={"value": value.strip()})
