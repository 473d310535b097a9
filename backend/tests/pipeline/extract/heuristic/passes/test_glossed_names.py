"""A new name glossed by a tie the story has one holder of is that holder's name."""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.extract.protocol import KnownEntity, KnownRelationship, StoryContext
from continuum.pipeline.extract.schema import ChapterExtraction

from .support import in_novel

# Great Expectations, ch. 48.
GLOSS = ("I asked him if he had ever seen Miss Havisham's adopted daughter, Mrs.\n"
         "Bentley Drummle. He said no. To avoid being too abrupt, I then spoke\n"
         "of the Aged and of Miss Skiffins.")
CAST = [KnownEntity(name="Estella", type="character", gender="female", mentions=400),
        KnownEntity(name="Miss Havisham", type="character", gender="female", mentions=300),
        KnownEntity(name="Bentley Drummle", type="character", gender="male", mentions=60)]
ADOPTED = KnownRelationship(source="Miss Havisham", type="guardian_of", target="Estella")


def read(ties: list[KnownRelationship], cast: list[KnownEntity] = CAST) -> ChapterExtraction:
    context = StoryContext(entities=cast, relationships=ties)
    return OfflineExtractor().extract(GLOSS, chapter_number=48, context=context)


def test_the_one_adopted_daughter_on_record_is_the_name_the_gloss_gives() -> None:
    assert in_novel("great_expectations.txt", "Miss Havisham's adopted daughter, Mrs.\nBentley Drummle")
    found = read([ADOPTED])
    people = {e.name: e for e in found.new_entities if e.type == "character"}
    assert "Mrs. Bentley Drummle" not in people
    assert people["Estella"].aliases == ["Mrs. Bentley Drummle"]
    assert not [r for r in found.relationship_updates if r.type in {"ward_of", "guardian_of"}]


def test_without_one_holder_on_record_the_gloss_is_a_new_person() -> None:
    # No adoption on record: a ward of Miss Havisham's, as the text says.
    alone = read([])
    assert "Mrs. Bentley Drummle" in {e.name for e in alone.new_entities}
    assert ("Mrs. Bentley Drummle", "ward_of", "Miss Havisham") in {
        (r.source, r.type, r.target) for r in alone.relationship_updates}
    # Two wards on record: which one the gloss names is not said.
    sarah = KnownEntity(name="Sarah Pocket", type="character", gender="female", mentions=40)
    two = read([ADOPTED, ADOPTED.model_copy(update={"target": "Sarah Pocket"})], [*CAST, sarah])
    assert "Mrs. Bentley Drummle" in {e.name for e in two.new_entities}
