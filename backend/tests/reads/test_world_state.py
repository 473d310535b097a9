"""The critic's world at a cap: the dead, and what the record has them do after their death."""

from __future__ import annotations

from continuum.db.engine import read_session
from continuum.pipeline.extract.schema import ChapterExtraction, EventItem, StateDelta
from continuum.reads.world_state import load_world
from tests.fakes import entity
from tests.reads.story import ev, ids, ingest_scripted

CHAPTERS = {
    1: "Lucy Westenra walked by the sea. Lucy died in the night.",
    2: "They buried Lucy. Then Lucy walked in the churchyard, white in the moonlight.",
}


def _event(t: str, quote: str, verb: str) -> EventItem:
    return EventItem(type="action", summary=quote, subject="Lucy Westenra", verb=verb,
                     participants=["Lucy Westenra"], evidence=ev(t, quote))


def _script(t: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    lucy = entity(t, "Lucy Westenra", "character", "Lucy")
    if number == 1:
        return ChapterExtraction(
            new_entities=[lucy],
            state_deltas=[StateDelta(kind="died", subject="Lucy", evidence=ev(t, "Lucy died"))],
            events=[_event(t, "Lucy Westenra walked by the sea", "walk"),
                    _event(t, "Lucy died", "die")])
    return ChapterExtraction(new_entities=[lucy], events=[
        _event(t, "buried Lucy", "bury"), _event(t, "Lucy walked in the churchyard", "walk")])


def test_the_world_keeps_what_the_dead_do_after_their_death_by_the_cap(clean_db) -> None:
    novel = ingest_scripted("Undead", CHAPTERS, _script)
    lucy = ids(novel)["Lucy Westenra"]
    with read_session() as session:
        at1 = load_world(session=session, novel_id=novel, cap=1)
        at2 = load_world(session=session, novel_id=novel, cap=2)
    assert at1.dead[lucy].chapter == 1 and at1.acts_after_death == {}  # her life is no afterlife
    assert at2.acts_after_death == {lucy: [(2, "bury"), (2, "walk")]}
