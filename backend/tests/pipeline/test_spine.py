"""The write spine with a scripted extractor: whole chapters, names at the cap, numbering rules."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.errors import Conflict, EmptyText, ExtractionFailed
from continuum.pipeline.extract.schema import ChapterExtraction, Evidence, StateDelta
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.entities import get_entity, list_entities
from tests.fakes import ScriptedExtractor, entity

CHAPTERS = {
    1: "Elizabeth Bennet walked to Meryton with her sister Jane Bennet. Mr. Bennet stayed home.",
    2: "Mr. Darcy arrived at Netherfield. Elizabeth disliked Darcy at once.",
    3: "Lizzy laughed. Darcy went to Pemberley.",
}


def script(text_: str, number: int, context) -> ChapterExtraction:
    items = {
        1: [entity(text_, "Elizabeth Bennet", "character", "Elizabeth"),
            entity(text_, "Jane Bennet"), entity(text_, "Mr. Bennet"),
            entity(text_, "Meryton", "location")],
        2: [entity(text_, "Darcy", "character", "Mr. Darcy"), entity(text_, "Elizabeth"),
            entity(text_, "Netherfield", "location")],
        3: [entity(text_, "Elizabeth", "character", "Lizzy"), entity(text_, "Darcy"),
            entity(text_, "Pemberley", "location")],
    }[number]
    deltas = []
    if number == 2:
        at = text_.index("arrived")
        deltas.append(StateDelta(kind="arrived_at", subject="Mr. Darcy", object="Netherfield",
                                 evidence=Evidence(start=at, end=at + 7, quote="arrived", rule="t")))
    if number == 3:
        at = text_.index("went")
        deltas.append(StateDelta(kind="moved_to", subject="Darcy", object="Pemberley",
                                 evidence=Evidence(start=at, end=at + 4, quote="went", rule="t")))
    return ChapterExtraction(new_entities=items, state_deltas=deltas)


@pytest.fixture()
def novel(clean_db):
    with write_session() as session:
        return create_novel(session, title="Spine test")


def ingest(novel_id, numbers, extractor=None):
    extractor = extractor or ScriptedExtractor(script)
    for n in numbers:
        analyze_chapter(novel_id=novel_id, number=n, text=CHAPTERS[n], extractor=extractor)
    return extractor


def names(novel_id, cap):
    with read_session() as session:
        return {e.name: e for e in list_entities(session=session, novel_id=novel_id, cap=cap)}


def test_entities_appear_at_their_first_chapter(novel) -> None:
    ingest(novel, [1, 2, 3])
    assert "Mr. Darcy" not in names(novel, 1)
    assert {"Elizabeth Bennet", "Jane Bennet", "Mr. Bennet", "Meryton"} <= set(names(novel, 1))
    at2 = names(novel, 2)
    # the page is titled as the book titles him, not by the bare surname
    assert at2["Mr. Darcy"].first_chapter == 2
    # "Elizabeth" in chapter 2 bound to the existing Elizabeth Bennet (partial), no duplicate.
    assert [n for n in at2 if n.startswith("Elizabeth")] == ["Elizabeth Bennet"]


def test_alias_learned_later_is_folded_and_hidden_before(novel) -> None:
    ingest(novel, [1, 2, 3])
    liz = names(novel, 3)["Elizabeth Bennet"]
    assert "Lizzy" in liz.aliases
    assert "Lizzy" not in names(novel, 2)["Elizabeth Bennet"].aliases
    with read_session() as session:
        page = get_entity(session=session, novel_id=novel, cap=1, entity_id=liz.id)
        assert page is not None and "Lizzy" not in page.aliases
        assert [a.chapter for a in page.appearances] == [1]
        darcy = names(novel, 3)["Mr. Darcy"]
        assert get_entity(session=session, novel_id=novel, cap=1, entity_id=darcy.id) is None


def test_mentions_carry_offsets_into_the_chapter(novel) -> None:
    ingest(novel, [1])
    with read_session() as session:
        rows = session.execute(text(
            "SELECT m.start_offset, m.end_offset, m.text, c.text AS chapter FROM entity_mentions m "
            "JOIN chapters c ON c.novel_id = m.novel_id AND c.number = m.chapter "
            "WHERE m.novel_id = :n"), {"n": novel}).all()
    assert rows
    for row in rows:
        assert row.chapter[row.start_offset:row.end_offset] == row.text


def test_materialized_location_follows_the_chapters(novel) -> None:
    ingest(novel, [1, 2, 3])
    with read_session() as session:
        rows = session.execute(text("""
            SELECT l.valid_from, l.valid_to, v.name FROM located_in_edges l
              JOIN entity_versions v ON v.novel_id = l.novel_id AND v.entity_id = l.location_id
             WHERE l.novel_id = :n ORDER BY l.valid_from"""), {"n": novel}).all()
    assert [(r.valid_from, r.valid_to, r.name) for r in rows] == [
        (2, 3, "Netherfield"), (3, None, "Pemberley")]


def test_duplicate_and_gap_are_refused_and_write_nothing(novel) -> None:
    ingest(novel, [1])
    with pytest.raises(Conflict, match="already exists"):
        analyze_chapter(novel_id=novel, number=1, text=CHAPTERS[1],
                        extractor=ScriptedExtractor(script))
    with pytest.raises(Conflict, match="gap"):
        analyze_chapter(novel_id=novel, number=3, text=CHAPTERS[3],
                        extractor=ScriptedExtractor(script))
    with pytest.raises(EmptyText):
        analyze_chapter(novel_id=novel, number=2, text="   \n ",
                        extractor=ScriptedExtractor(script))
    with read_session() as session:
        assert session.execute(text("SELECT count(*) FROM chapters WHERE novel_id = :n"),
                               {"n": novel}).scalar_one() == 1


def test_a_failing_extractor_writes_nothing(novel) -> None:
    def boom(text_, number, context):
        raise RuntimeError("model exploded")

    with pytest.raises(RuntimeError):
        analyze_chapter(novel_id=novel, number=1, text=CHAPTERS[1],
                        extractor=ScriptedExtractor(boom))
    with read_session() as session:
        for table in ("chapters", "entities", "entity_mentions", "critique_reports"):
            assert session.execute(text(f"SELECT count(*) FROM {table}")).scalar_one() == 0


def test_a_draft_the_extractor_could_not_read_is_not_read_twice(novel) -> None:
    """The critique's reading failed: the spine raises that failure (its calls billed once)
    instead of paying for the same reading again, and writes nothing."""
    def refused(text_, number, context):
        raise ExtractionFailed("the model answered prose, not JSON")

    extractor = ScriptedExtractor(refused)
    with pytest.raises(ExtractionFailed, match="prose, not JSON"):
        analyze_chapter(novel_id=novel, number=1, text=CHAPTERS[1], extractor=extractor)
    assert extractor.calls == [1]
    with read_session() as session:
        for table in ("chapters", "entities", "critique_reports"):
            assert session.execute(text(f"SELECT count(*) FROM {table}")).scalar_one() == 0


def test_a_chapter_that_would_leave_a_gap_is_refused_before_it_is_read(novel) -> None:
    """Seen with a local model: chapter 2 of a novel whose chapter 1 had failed was read for
    five minutes (three LLM calls) before the gap was found."""
    extractor = ScriptedExtractor(script)
    with pytest.raises(Conflict, match="would leave a gap"):
        analyze_chapter(novel_id=novel, number=2, text=CHAPTERS[2], extractor=extractor)
    assert extractor.calls == []


def test_replacing_the_latest_chapter_keeps_earlier_ids(novel) -> None:
    ingest(novel, [1, 2])
    before = names(novel, 2)
    analyze_chapter(novel_id=novel, number=2, text=CHAPTERS[2], replace=True,
                    extractor=ScriptedExtractor(script))
    after = names(novel, 2)
    assert after["Elizabeth Bennet"].id == before["Elizabeth Bennet"].id
    assert set(after) == set(before)
    with read_session() as session:
        assert session.execute(text("SELECT count(*) FROM chapters WHERE novel_id = :n"),
                               {"n": novel}).scalar_one() == 2


def test_the_reading_of_the_draft_is_timed_apart_from_the_checks(novel) -> None:
    """The critique reads the draft once for the critic and the wiki alike: its timings show
    that reading as the `read` stage, and `critique` is the comparison alone."""
    import time

    def slow(text_: str, number: int, context) -> ChapterExtraction:
        time.sleep(0.3)
        return script(text_, number, context)

    done = analyze_chapter(novel_id=novel, number=1, text=CHAPTERS[1],
                           extractor=ScriptedExtractor(slow))
    assert done.timings["read"] >= 0.3
    assert done.timings["critique"] < 0.3
    assert done.timings["critique"] >= 0
