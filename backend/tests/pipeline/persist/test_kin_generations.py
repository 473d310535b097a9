"""A brother is not a father: a tie of one generation is not written over one of another."""

from __future__ import annotations

from sqlalchemy import text

from continuum.db.engine import read_session
from continuum.pipeline.extract.schema import ChapterExtraction, RelationshipUpdate
from tests.fakes import entity
from tests.reads.story import ev, ingest_scripted

# Pride and Prejudice: chapter 31 names Georgiana Darcy's brother, chapter 37 her late father
# by the name her brother goes by ("Miss Darcy, the daughter of Mr. Darcy").
CHAPTERS = {
    1: "Mr. Darcy spoke with affectionate praise of his sister’s proficiency. Georgiana smiled.",
    2: "Miss Darcy, the daughter of Mr. Darcy, was there. Mr. Darcy's friend Bingley came too.",
}


def _script(t: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    people = [entity(t, "Fitzwilliam Darcy", "character", "Mr. Darcy"),
              entity(t, "Georgiana Darcy", "character", "Georgiana", "Miss Darcy")]
    if number == 1:
        return ChapterExtraction(new_entities=people, relationship_updates=[RelationshipUpdate(
            source="Georgiana Darcy", target="Mr. Darcy", type="sister_of",
            evidence=ev(t, "his sister’s"))])
    people.append(entity(t, "Bingley", "character"))
    return ChapterExtraction(new_entities=people, relationship_updates=[
        RelationshipUpdate(source="Georgiana Darcy", target="Mr. Darcy", type="daughter_of",
                           evidence=ev(t, "Miss Darcy, the daughter of Mr. Darcy")),
        RelationshipUpdate(source="Bingley", target="Mr. Darcy", type="friend_of",
                           evidence=ev(t, "Mr. Darcy's friend Bingley"))])


def test_a_sister_on_record_is_not_made_a_daughter(clean_db) -> None:
    novel = ingest_scripted("Pemberley", CHAPTERS, _script)
    with read_session() as session:
        rows = session.execute(text(
            "SELECT type, from_chapter FROM relationships WHERE novel_id = :n ORDER BY type"),
            {"n": novel}).all()
    assert [tuple(r) for r in rows] == [("friend_of", 2), ("sister_of", 1)]
