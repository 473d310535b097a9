"""Replace chapter 2 of 5: what chapter 2 asserts changes, ids stay, chapters 3-5 are rebuilt."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.schema import ChapterExtraction, Evidence, StateDelta
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.fakes import ScriptedExtractor, entity

CHAPTERS = {
    1: "Mara lived in Saltmere.",
    2: "Mara sailed to Greyhaven. Tomas waved.",
    3: "Tomas met Elena in Greyhaven.",
    4: "Elena went to Saltmere.",
    5: "Mara, Tomas and Elena dined together.",
}
NEW_TWO = "Mara rode to Heron Rock. Ivo watched her."
PLACES = ("Saltmere", "Greyhaven", "Heron Rock")


def script(text_: str, number: int, context) -> ChapterExtraction:
    if "EXPLODE" in text_:
        raise RuntimeError("extractor blew up")
    items = [entity(text_, w, "location" if w in PLACES else "character")
             for w in ("Mara", "Tomas", "Elena", "Ivo", *PLACES) if w in text_]
    deltas = []
    for verb in ("sailed to", "went to", "rode to"):
        if verb in text_:
            at = text_.index(verb)
            place = next(p for p in PLACES if p in text_[at:])
            subject = text_[:at].split(".")[-1].strip().split()[0]
            deltas.append(StateDelta(kind="moved_to", subject=subject, object=place,
                                     evidence=Evidence(start=at, end=at + len(verb), quote=verb,
                                                       rule="scripted")))
    return ChapterExtraction(new_entities=items, state_deltas=deltas)


def _snapshot(novel_id):
    with read_session() as session:
        ids = dict(session.execute(text(
            "SELECT DISTINCT ON (entity_id) name, entity_id FROM entity_versions "
            "WHERE novel_id = :n ORDER BY entity_id, chapter"), {"n": novel_id}).all())
        firsts = dict(session.execute(text(
            "SELECT v.name, e.first_chapter FROM entities e JOIN entity_versions v "
            "ON v.novel_id = e.novel_id AND v.entity_id = e.id WHERE e.novel_id = :n"),
            {"n": novel_id}).all())
        places = session.execute(text("""
            SELECT l.valid_from, l.valid_to, v.name FROM located_in_edges l
              JOIN entity_versions v ON v.novel_id = l.novel_id AND v.entity_id = l.location_id
             WHERE l.novel_id = :n ORDER BY l.valid_from, v.name"""), {"n": novel_id}).all()
        chapters = session.execute(text(
            "SELECT number, text FROM chapters WHERE novel_id = :n ORDER BY number"),
            {"n": novel_id}).all()
        counts = {t: session.execute(text(f"SELECT count(*) FROM {t} WHERE novel_id = :n"),
                                     {"n": novel_id}).scalar_one()
                  for t in ("entities", "entity_mentions", "state_deltas", "critique_reports")}
    return {"ids": ids, "firsts": firsts, "places": [tuple(p) for p in places],
            "chapters": [tuple(c) for c in chapters], "counts": counts}


@pytest.fixture()
def five(clean_db):
    with write_session() as session:
        novel_id = create_novel(session, title="Replace")
    extractor = ScriptedExtractor(script)
    for n in range(1, 6):
        analyze_chapter(novel_id=novel_id, number=n, text=CHAPTERS[n], extractor=extractor)
    return novel_id


def test_replacing_chapter_two_of_five(five) -> None:
    before = _snapshot(five)
    result = analyze_chapter(novel_id=five, number=2, text=NEW_TWO, replace=True,
                             extractor=ScriptedExtractor(script))
    assert result.written["rebuilt_chapters"] == 3
    after = _snapshot(five)
    # Chapter 2 now says something else; 3-5 keep their text.
    assert after["chapters"] == [(1, CHAPTERS[1]), (2, NEW_TWO), *before["chapters"][2:]]
    # Ids are stable for everyone who still exists; Tomas now first appears in chapter 3.
    for name in ("Mara", "Tomas", "Elena", "Saltmere", "Greyhaven"):
        assert after["ids"][name] == before["ids"][name], name
    assert after["firsts"]["Tomas"] == 3 and after["firsts"]["Ivo"] == 2
    assert "Ivo" not in before["ids"]
    # Mara is at Heron Rock from chapter 2; Elena's chapter-4 move is rebuilt as before.
    assert (2, None, "Heron Rock") in after["places"]
    assert (4, None, "Saltmere") in after["places"]
    assert after["counts"]["critique_reports"] == 5


def test_a_failed_replace_changes_nothing(five) -> None:
    before = _snapshot(five)
    with pytest.raises(RuntimeError):
        analyze_chapter(novel_id=five, number=2, text="EXPLODE " + NEW_TWO, replace=True,
                        extractor=ScriptedExtractor(script))
    assert _snapshot(five) == before


def test_a_failure_while_rebuilding_later_chapters_changes_nothing(five) -> None:
    before = _snapshot(five)
    calls = {"n": 0}

    def flaky(text_, number, context):
        calls["n"] += 1
        if number == 4:
            raise RuntimeError("failed on chapter 4 during the rebuild")
        return script(text_, number, context)

    with pytest.raises(RuntimeError):
        analyze_chapter(novel_id=five, number=2, text=NEW_TWO, replace=True,
                        extractor=ScriptedExtractor(flaky))
    assert _snapshot(five) == before
