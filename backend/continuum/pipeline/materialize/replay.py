"""Replay `state_deltas` in (chapter, ordinal) order into bitemporal projections.

An interval row is in force at cap N when valid_from <= N and (valid_to IS NULL or
valid_to > N). A state replaced within the chapter that opened it is dropped, so a
character who moves twice in one chapter is in one place at the end of it. A loss told of
the thing itself ("the key was lost": subject and object are the thing) ends whoever held
it; a death ends the character's place after the chapter that tells it (the dead are at
the place of death at the end of that chapter, and nowhere after), and no status told after
it (an injury, a marriage) ends the death. A move is to a place
when its object is a place in the entity's version of the move's chapter.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

MOVES = {"moved_to", "arrived_at"}
GAINS = {"gained", "received"}
LOSSES = {"gave", "lost", "destroyed"}
STATUS = {"died": "dead", "killed": "dead", "injured": "injured", "married": "married",
          "engaged": "engaged"}


@dataclass
class _Open:
    row: dict
    valid_from: int


class _Projection:
    """Open intervals keyed by what they are about; closed rows collected for writing."""

    def __init__(self) -> None:
        self.open: dict[tuple, _Open] = {}
        self.rows: list[dict] = []

    def start(self, key: tuple, row: dict, chapter: int) -> None:
        self.close(key, chapter)
        self.open[key] = _Open(row, chapter)

    def close(self, key: tuple, chapter: int) -> None:
        current = self.open.pop(key, None)
        if current is None or current.valid_from == chapter:
            return
        self.rows.append({**current.row, "valid_from": current.valid_from, "valid_to": chapter})

    def finish(self) -> list[dict]:
        for current in self.open.values():
            self.rows.append({**current.row, "valid_from": current.valid_from, "valid_to": None})
        self.open.clear()
        return self.rows


def materialize_novel(session: Session, *, novel_id: uuid.UUID) -> dict[str, int]:
    """Rebuild all projections of a novel from its state deltas (inside the caller's transaction)."""
    for table in ("character_states", "located_in_edges", "possesses_edges"):
        session.execute(text(f"DELETE FROM {table} WHERE novel_id = :n"), {"n": novel_id})
    deltas = session.execute(
        # The object's kind as of the delta's chapter (its entity version): "Bristol", taken
        # for a person in chapter 1, is a place people go to from chapter 6.
        text("""SELECT d.id, d.chapter, d.kind, d.subject_id, d.object_id, d.value,
                       COALESCE((SELECT v.type FROM entity_versions v
                                  WHERE v.novel_id = d.novel_id AND v.entity_id = d.object_id
                                    AND v.chapter <= d.chapter
                                  ORDER BY v.chapter DESC LIMIT 1), o.type) AS object_type
                  FROM state_deltas d
                  LEFT JOIN entities o ON o.novel_id = d.novel_id AND o.id = d.object_id
                 WHERE d.novel_id = :n ORDER BY d.chapter, d.ordinal"""),
        {"n": novel_id},
    ).all()
    located, possesses, states = _Projection(), _Projection(), _Projection()
    owner_of: dict[uuid.UUID, uuid.UUID] = {}
    dead: set[uuid.UUID] = set()  # a status told after a death does not end it
    for d in deltas:
        base = {"novel_id": novel_id, "source_delta_id": d.id}
        if d.kind in MOVES and d.object_id and d.object_type == "location":
            located.start((d.subject_id,), {**base, "entity_id": d.subject_id,
                                            "location_id": d.object_id}, d.chapter)
        elif d.kind == "left":
            located.close((d.subject_id,), d.chapter)
        elif d.kind in GAINS and d.object_id:
            previous = owner_of.get(d.object_id)
            if previous is not None:
                possesses.close((previous, d.object_id), d.chapter)
            owner_of[d.object_id] = d.subject_id
            possesses.start((d.subject_id, d.object_id), {**base, "owner_id": d.subject_id,
                                                          "object_id": d.object_id}, d.chapter)
        elif d.kind in LOSSES and d.object_id:
            # "The key was lost": a loss told of the thing itself ends whoever held it.
            holder = owner_of.get(d.object_id) if d.subject_id == d.object_id else d.subject_id
            possesses.close((holder, d.object_id), d.chapter)
            if holder is not None and owner_of.get(d.object_id) == holder:
                del owner_of[d.object_id]
            if d.kind == "destroyed":
                states.start((d.object_id,), {**base, "entity_id": d.object_id,
                                              "status": "destroyed"}, d.chapter)
        elif d.kind in STATUS or d.kind == "status":
            status = STATUS.get(d.kind) or (d.value or "unknown")
            if d.subject_id in dead:
                continue  # "he was dead enough, being both shot and drowned": still dead
            if status == "dead":  # the dead are nowhere after the chapter of their death
                located.close((d.subject_id,), d.chapter + 1)
                dead.add(d.subject_id)
            states.start((d.subject_id,), {**base, "entity_id": d.subject_id, "status": status},
                         d.chapter)
    counts = {}
    for table, projection, columns in (
        ("located_in_edges", located, "entity_id, location_id"),
        ("possesses_edges", possesses, "owner_id, object_id"),
        ("character_states", states, "entity_id, status"),
    ):
        rows = projection.finish()
        if rows:
            values = ", ".join(":" + c.strip() for c in columns.split(","))
            session.execute(
                text(f"""INSERT INTO {table} (novel_id, {columns}, valid_from, valid_to, source_delta_id)
                         VALUES (:novel_id, {values}, :valid_from, :valid_to, :source_delta_id)"""),
                rows,
            )
        counts[table] = len(rows)
    return counts
