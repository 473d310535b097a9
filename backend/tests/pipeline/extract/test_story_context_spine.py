"""The spine hands the offline extractor what earlier chapters established: relationships
(so "her father" names someone), open setups (so a payoff is recognised) and open threads
(so an answer closes its question). Real embedded Postgres, real extractor."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.context import load_story_context
from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.threads import list_commitments, list_threads

CHAPTERS = {
    1: ("Mara Finch was the only daughter of Aldous Finch. Aldous Finch kept the accounts of "
        "the Harbour Guild in Saltmere. \"There is a pistol in the drawer of my desk,\" Aldous "
        "Finch said. Mara Finch set out to find who had forged the Guild ledger."),
    2: ("Mara Finch went up to the tower. Mara Finch fired the pistol at Jonah Crane. At last "
        "Mara Finch found who had forged the Guild ledger. Mara Finch told her father that "
        "Jonah Crane had forged the ledger."),
}


@pytest.fixture(scope="module")
def extractor() -> OfflineExtractor:
    return OfflineExtractor()


def test_later_chapters_see_relationships_setups_and_threads(clean_db, extractor) -> None:
    with write_session() as session:
        novel_id = create_novel(session, title="Context test")
    analyze_chapter(novel_id=novel_id, number=1, text=CHAPTERS[1], extractor=extractor)
    with read_session() as session:
        context = load_story_context(session, novel_id=novel_id, chapter=2,
                                     chapter_text=CHAPTERS[2], max_entities=50)
    assert [(r.source, r.type, r.target) for r in context.relationships] == [
        ("Mara Finch", "daughter_of", "Aldous Finch")]
    assert context.open_setups == ["pistol"]
    assert context.open_threads == ["who forged guild ledger"]

    analyze_chapter(novel_id=novel_id, number=2, text=CHAPTERS[2], extractor=extractor)
    with read_session() as session:
        knows = session.execute(text(
            """SELECT v.name, k.fact FROM knows_edges k
                 JOIN entity_versions v ON v.novel_id = k.novel_id AND v.entity_id = k.knower_id
                WHERE k.novel_id = :n AND k.chapter = 2"""), {"n": novel_id}).all()
        assert ("Aldous Finch", "Jonah Crane had forged the ledger") in {tuple(r) for r in knows}
        [paid] = list_commitments(session=session, novel_id=novel_id, cap=2)
        assert (paid.key, paid.status, paid.payoff_chapter) == ("pistol", "paid", 2)
        assert paid.payoff_quote is not None and paid.payoff_quote.startswith("Mara Finch fired")
        [before] = list_commitments(session=session, novel_id=novel_id, cap=1)
        assert before.status == "open"  # the payoff is not visible at cap 1
        assert [(t.name, t.status) for t in list_threads(session=session, novel_id=novel_id,
                                                          cap=1)] == [
            ("who forged guild ledger", "open")]
        assert [(t.name, t.status) for t in list_threads(session=session, novel_id=novel_id,
                                                          cap=2)] == [
            ("who forged guild ledger", "closed")]


def test_the_context_sums_what_earlier_chapters_said_of_a_kind(clean_db, extractor) -> None:
    """Each chapter keeps its own evidence of a name's kind with the entity's version; the
    context of a later chapter is their sum, so a kind is decided from the book so far."""
    chapters = {1: "Mara Finch travelled to Kent in May, and Mara Finch was glad.",
                2: "Mara Finch stayed in Kent for a week. Mara Finch smiled."}
    with write_session() as session:
        novel_id = create_novel(session, title="Kinds test")
    for number, body in chapters.items():
        analyze_chapter(novel_id=novel_id, number=number, text=body, extractor=extractor)
    with read_session() as session:
        kept = dict(session.execute(text(
            """SELECT v.chapter, v.kind_votes FROM entity_versions v
                WHERE v.novel_id = :n AND v.name = 'Kent' ORDER BY v.chapter"""),
            {"n": novel_id}).all())
        after = {c: {e.name: e.kind_votes for e in load_story_context(
            session, novel_id=novel_id, chapter=c, chapter_text="", max_entities=50).entities}
            for c in (2, 3)}
    assert kept[1]["location"] > 0 and kept[2]["location"] > 0  # "travelled to", "stayed in"
    assert after[2]["Kent"] == kept[1]
    assert after[3]["Kent"] == {"location": kept[1]["location"] + kept[2]["location"]}
    assert "character" in after[3]["Mara Finch"]


def test_the_context_says_who_an_earlier_chapter_described(clean_db, extractor) -> None:
    """A person the book has described is marked so; one it has only named is not, so a later
    chapter may still describe them by the office their title tells."""
    chapters = {1: "Mara Finch, a tall young woman of twenty, met Jonah Crane at the quay. "
                   "Jonah Crane said nothing, and Mara Finch went home.",
                2: "Mara Finch smiled."}
    with write_session() as session:
        novel_id = create_novel(session, title="Described test")
    analyze_chapter(novel_id=novel_id, number=1, text=chapters[1], extractor=extractor)
    with read_session() as session:
        known = {e.name: e.described for e in load_story_context(
            session, novel_id=novel_id, chapter=2, chapter_text=chapters[2],
            max_entities=50).entities}
    assert known["Mara Finch"] is True
    assert known["Jonah Crane"] is False


def test_the_context_marks_whom_the_story_has_dead_before_the_chapter(clean_db, extractor) -> None:
    """A death read in chapter 2 marks the person dead in the context of chapter 3, never of
    chapter 2 itself, and the pronoun resolver of chapter 3 reads it."""
    chapters = {1: "Nell Barrow and Anna Lind walked to the mill. Anna Lind laughed.",
                2: "Anna Lind fell ill in the winter. Anna Lind died in the night.",
                3: "Nell Barrow came in. Anna Lind was spoken of. She laughed."}
    with write_session() as session:
        novel_id = create_novel(session, title="Deaths test")
    for number in (1, 2):
        analyze_chapter(novel_id=novel_id, number=number, text=chapters[number], extractor=extractor)
    with read_session() as session:
        dead = {c: {e.name for e in load_story_context(
            session, novel_id=novel_id, chapter=c, chapter_text=chapters[3],
            max_entities=50).entities if e.dead} for c in (2, 3)}
        context = load_story_context(session, novel_id=novel_id, chapter=3,
                                     chapter_text=chapters[3], max_entities=50)
    assert dead == {2: set(), 3: {"Anna Lind"}}
    analyzed = analyze_chapter_text(chapters[3], context)
    [she] = [m for m in analyzed.mentions if m.kind == "pronoun" and m.text == "She"]
    nell = next(m.entity_key for m in analyzed.mentions if m.text == "Nell Barrow")
    assert she.entity_key == nell != "Anna Lind"
