"""Possession and places through the whole spine, on The Saltmere Ledger (evals/fixtures/golden).

The offline extractor tracks the brass key as an object entity; the materializer hands it
from giver to receiver, ends it when the text says it was lost, and a death ends the
character's place after the chapter that tells it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel

GOLDEN = Path(__file__).resolve().parents[3] / "evals" / "fixtures" / "golden" / "chapters"


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


@pytest.fixture()
def saltmere(clean_db, extractor):
    with write_session() as session:
        novel_id = create_novel(session, title="The Saltmere Ledger")
    for number in range(1, 9):
        text_ = (GOLDEN / f"{number:02d}.txt").read_text(encoding="utf-8")
        analyze_chapter(novel_id=novel_id, number=number, text=text_, extractor=extractor)
    return novel_id


def _names(session, novel_id) -> dict:
    rows = session.execute(text("""SELECT DISTINCT ON (entity_id) entity_id, name, type
                                     FROM entity_versions WHERE novel_id = :n
                                    ORDER BY entity_id, chapter DESC"""), {"n": novel_id}).all()
    return {r.entity_id: (r.name, r.type) for r in rows}


def holders(novel_id, thing: str, cap: int) -> list[str]:
    with read_session() as session:
        names = _names(session, novel_id)
        rows = session.execute(text("""SELECT owner_id, object_id FROM possesses_edges
                                        WHERE novel_id = :n AND valid_from <= :cap
                                          AND (valid_to IS NULL OR valid_to > :cap)"""),
                               {"n": novel_id, "cap": cap}).all()
    return sorted(names[r.owner_id][0] for r in rows if names[r.object_id][0] == thing)


def place_of(novel_id, who: str, cap: int) -> list[str]:
    with read_session() as session:
        names = _names(session, novel_id)
        rows = session.execute(text("""SELECT entity_id, location_id FROM located_in_edges
                                        WHERE novel_id = :n AND valid_from <= :cap
                                          AND (valid_to IS NULL OR valid_to > :cap)"""),
                               {"n": novel_id, "cap": cap}).all()
    return sorted(names[r.location_id][0] for r in rows if names[r.entity_id][0] == who)


def test_the_brass_key_changes_hands_and_is_lost(saltmere) -> None:
    with read_session() as session:
        objects = {name for name, type_ in _names(session, saltmere).values() if type_ == "object"}
    assert "brass key" in objects
    assert not objects & {"door", "room", "morning", "hand", "money"}
    assert holders(saltmere, "brass key", 1) == ["Mara Finch"]
    assert holders(saltmere, "brass key", 4) == ["Tomas Marsh"]
    assert holders(saltmere, "brass key", 5) == ["Jonah Crane"]
    assert holders(saltmere, "brass key", 8) == []  # thrown into the harbour: lost


def test_death_ends_the_place_after_its_chapter(saltmere) -> None:
    assert place_of(saltmere, "Ilse Reyes", 6) == ["Guildhall"]
    assert place_of(saltmere, "Ilse Reyes", 7) == ["Heron Rock"]  # died on Heron Rock
    assert place_of(saltmere, "Ilse Reyes", 8) == []


def test_a_loss_told_of_the_thing_itself_ends_its_holder(clean_db) -> None:
    from continuum.pipeline.extract.schema import ChapterExtraction, Evidence, StateDelta
    from tests.fakes import ScriptedExtractor, entity

    chapters = {1: "Aldous Finch gave the brass key to Mara.",
                2: "The brass key was lost, and nobody in Saltmere ever saw it again."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        ev = Evidence(start=0, end=len(text_), quote=text_, rule="t")
        if number == 1:
            return ChapterExtraction(
                new_entities=[entity(text_, "Mara"), entity(text_, "Aldous Finch"),
                              entity(text_, "brass key", "object")],
                state_deltas=[StateDelta(kind="gave", subject="Aldous Finch", object="brass key",
                                         evidence=ev),
                              StateDelta(kind="received", subject="Mara", object="brass key",
                                         evidence=ev)])
        return ChapterExtraction(
            new_entities=[entity(text_, "brass key", "object")],
            state_deltas=[StateDelta(kind="lost", subject="brass key", object="brass key",
                                     evidence=ev)])

    with write_session() as session:
        novel_id = create_novel(session, title="Lost key")
    extractor = ScriptedExtractor(script)
    for number, text_ in chapters.items():
        analyze_chapter(novel_id=novel_id, number=number, text=text_, extractor=extractor)
    assert holders(novel_id, "brass key", 1) == ["Mara"]
    assert holders(novel_id, "brass key", 2) == []


def test_a_move_to_a_name_retyped_as_a_place_puts_the_person_there(clean_db, extractor) -> None:
    # Treasure Island's "Bristol" was a person in chapter 1 and a place from chapter 6; its
    # entity row keeps the first kind, its versions the later one. The moves of chapter 2
    # are to a place as of chapter 2, so they are whereabouts.
    with write_session() as session:
        novel_id = create_novel(session, title="Probe")
    chapters = ["Mara Finch sat by the fire. Bristol laughed.",
                "Mara Finch travelled to Bristol in May. She stayed in Bristol for a week, and "
                "she walked about Bristol. Later she went back to Bristol. Mara Finch was "
                "happy in Bristol."]
    for number, text_ in enumerate(chapters, start=1):
        analyze_chapter(novel_id=novel_id, number=number, text=text_, extractor=extractor)
    with read_session() as session:
        kinds = session.execute(text("""SELECT v.chapter, v.type, e.type FROM entity_versions v
                                          JOIN entities e ON e.id = v.entity_id
                                         WHERE v.name = 'Bristol' ORDER BY v.chapter""")).all()
    assert [tuple(k) for k in kinds] == [(1, "character", "character"), (2, "location", "character")]
    assert place_of(novel_id, "Mara Finch", 1) == []
    assert place_of(novel_id, "Mara Finch", 2) == ["Bristol"]
