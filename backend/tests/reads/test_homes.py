"""A home is where a person lives, apart from where they are: one at a time, by the cap."""

from __future__ import annotations

from sqlalchemy import text

from continuum.db.engine import read_session
from continuum.pipeline.extract.schema import ChapterExtraction, RelationshipUpdate, StateDelta
from continuum.reads.entity_state import get_entity_state
from tests.fakes import entity
from tests.reads.story import ev, ids, ingest_scripted

CHAPTERS = {
    1: "Ada Quill of Harrowgate kept the inn. The Old Tower stood on the hill.",
    2: "Ada walked up to the Old Tower and stayed the night.",
    3: "Ada lived at the Old Tower now, and Harrowgate was far below.",
}


def _script(t: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    people = [entity(t, "Ada Quill", "character", "Ada"), entity(t, "Old Tower", "location")]
    if "Harrowgate" in t:
        people.append(entity(t, "Harrowgate", "location"))
    if number == 1:
        return ChapterExtraction(new_entities=people, relationship_updates=[RelationshipUpdate(
            source="Ada Quill", target="Harrowgate", type="lives_at",
            evidence=ev(t, "Ada Quill of Harrowgate"))])
    if number == 2:
        return ChapterExtraction(new_entities=people, state_deltas=[StateDelta(
            kind="moved_to", subject="Ada", object="Old Tower",
            evidence=ev(t, "Ada walked up to the Old Tower"))])
    return ChapterExtraction(new_entities=people, relationship_updates=[RelationshipUpdate(
        source="Ada", target="Old Tower", type="lives_at",
        evidence=ev(t, "Ada lived at the Old Tower"))])


def test_a_home_is_kept_apart_from_the_place_and_a_new_one_ends_the_old(clean_db, read) -> None:
    novel = ingest_scripted("Homes", CHAPTERS, _script)
    ada = ids(novel)["Ada Quill"]

    def state(cap):  # type: ignore[no-untyped-def]
        return read(get_entity_state, novel_id=novel, cap=cap, entity_id=ada)

    at1, at2, at3 = state(1), state(2), state(3)
    assert at1.location is None and (at1.home.entity.name, at1.home.since) == ("Harrowgate", 1)
    assert at2.location.entity.name == "Old Tower" and at2.home.entity.name == "Harrowgate"
    assert (at3.home.entity.name, at3.home.since) == ("Old Tower", 3)
    with read_session() as session:
        rows = session.execute(text(
            """SELECT from_chapter, to_chapter FROM relationships
                WHERE novel_id = :n AND type = 'lives_at' ORDER BY from_chapter"""),
            {"n": novel}).all()
    assert [tuple(r) for r in rows] == [(1, 3), (3, None)]  # one home at a time
