"""A narrator named in one chapter tells the next: the spine records it, the context carries it."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.context import load_story_context
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.narration import TOLD_BY_TOM

NAMED = TOLD_BY_TOM
UNNAMED = (
    "I rode into Saltmere at dusk with my coat soaked through. I had the bar over my shoulder "
    "still. I sat down on a bollard at the quay and I watched the boats come in. Nobody spoke "
    "to me, and I was glad of it."
)
THIRD_PERSON = (
    "The miller came down to the mill at first light and found his boy asleep on the sacks. "
    "He woke him, and together they freed the wheel."
)


@pytest.fixture()
def novel(clean_db):
    with write_session() as session:
        return create_novel(session, title="Told by Tom")


def chapters(novel_id) -> list[tuple[int, bool, str | None]]:
    with read_session() as session:
        return [tuple(r) for r in session.execute(text(
            """SELECT c.number, c.first_person, v.name FROM chapters c
                 LEFT JOIN LATERAL (SELECT name FROM entity_versions v
                                     WHERE v.novel_id = c.novel_id AND v.entity_id = c.narrator_id
                                     ORDER BY v.chapter DESC LIMIT 1) v ON true
                WHERE c.novel_id = :n ORDER BY c.number"""), {"n": novel_id})]


def location_of(novel_id, name: str) -> str | None:
    with read_session() as session:
        return session.execute(text(
            """SELECT DISTINCT lv.name FROM located_in_edges l
                 JOIN entity_versions pv ON pv.novel_id = l.novel_id AND pv.entity_id = l.entity_id
                 JOIN entity_versions lv ON lv.novel_id = l.novel_id AND lv.entity_id = l.location_id
                WHERE l.novel_id = :n AND pv.name = :name AND l.valid_to IS NULL"""),
            {"n": novel_id, "name": name}).scalar_one_or_none()


def test_the_narrator_named_in_chapter_one_tells_chapter_two(novel) -> None:
    extractor = OfflineExtractor()
    analyze_chapter(novel_id=novel, number=1, text=NAMED, extractor=extractor)
    with read_session() as session:
        context = load_story_context(session, novel_id=novel, chapter=2, chapter_text=UNNAMED,
                                     max_entities=1)
    assert context.narrator == "Tom"
    assert "Tom" in {e.name for e in context.entities}  # kept though past max_entities
    analyze_chapter(novel_id=novel, number=2, text=UNNAMED, extractor=extractor)
    assert chapters(novel) == [(1, True, "Tom"), (2, True, "Tom")]
    assert location_of(novel, "Tom") == "Saltmere"  # "I rode into Saltmere" is Tom's move


def test_a_third_person_chapter_between_keeps_the_narrator_for_the_next_first_person_one(
    novel,
) -> None:
    extractor = OfflineExtractor()
    for number, text_ in ((1, NAMED), (2, THIRD_PERSON), (3, UNNAMED)):
        analyze_chapter(novel_id=novel, number=number, text=text_, extractor=extractor)
    assert chapters(novel) == [(1, True, "Tom"), (2, False, None), (3, True, "Tom")]


def test_without_a_named_narrator_nothing_is_carried(novel) -> None:
    extractor = OfflineExtractor()
    analyze_chapter(novel_id=novel, number=1, text=UNNAMED, extractor=extractor)
    analyze_chapter(novel_id=novel, number=2, text=UNNAMED.replace("Saltmere", "Dunmore"),
                    extractor=extractor)
    assert chapters(novel) == [(1, True, None), (2, True, None)]
    with read_session() as session:
        context = load_story_context(session, novel_id=novel, chapter=3, chapter_text="",
                                     max_entities=50)
    assert context.narrator is None


def test_the_chapter_pages_name_their_narrator_as_of_the_cap(novel) -> None:
    from continuum.reads.chapters import get_chapter, list_chapters

    extractor = OfflineExtractor()
    for number, text_ in ((1, UNNAMED), (2, NAMED), (3, THIRD_PERSON),
                          (4, UNNAMED.replace("Saltmere", "Dunmore"))):
        analyze_chapter(novel_id=novel, number=number, text=text_, extractor=extractor)
    with read_session() as session:
        listed = list_chapters(session=session, novel_id=novel, cap=3)
        one = get_chapter(session=session, novel_id=novel, cap=1, number=1)
        two = get_chapter(session=session, novel_id=novel, cap=2, number=2)
    assert [(c.first_person, c.narrator.name if c.narrator else None) for c in listed] == [
        (True, None), (True, "Tom"), (False, None)]
    assert one is not None and one.first_person and one.narrator is None
    assert two is not None and two.narrator is not None and two.narrator.type == "character"
    from continuum.reads.entities import get_entity

    with read_session() as session:
        tom_at = {cap: get_entity(session=session, novel_id=novel, cap=cap,
                                  entity_id=two.narrator.id) for cap in (1, 2, 3, 4)}
    assert tom_at[1] is None  # Tom is first named in chapter 2
    assert [tom_at[cap].narrates for cap in (2, 3, 4)] == [[2], [2], [2, 4]]  # type: ignore[union-attr]


def test_a_chapter_title_reaches_the_extractor_through_the_spine(novel) -> None:
    extractor = OfflineExtractor()
    first = NAMED + "\n\nMara Finch waved to us from the bridge, and Mara Finch went on."
    analyze_chapter(novel_id=novel, number=1, text=first, extractor=extractor)
    analyze_chapter(novel_id=novel, number=2, text=UNNAMED, title="Told by Mara Finch",
                    extractor=extractor)
    analyze_chapter(novel_id=novel, number=3, text=UNNAMED.replace("Saltmere", "Dunmore"),
                    extractor=extractor)
    # the title hands chapter 2 to Mara; chapter 3 carries her on
    assert chapters(novel) == [(1, True, "Tom"), (2, True, "Mara Finch"), (3, True, "Mara Finch")]
    with read_session() as session:
        context = load_story_context(session, novel_id=novel, chapter=4, chapter_text="",
                                     max_entities=50, chapter_title="Narrative Resumed by Tom")
    assert (context.chapter_title, context.narrator) == ("Narrative Resumed by Tom", "Mara Finch")
