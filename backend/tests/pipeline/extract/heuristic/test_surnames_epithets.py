"""Entities stage: a place-like surname after a given name, and "the stranger" as a character.

The Saltmere Ledger (evals/fixtures/golden) has a family named Marsh and an unnamed
stranger; the shared novels keep their "… Park" and "… Lane" places.
"""

from __future__ import annotations

from pathlib import Path

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.segment.books import split_book

GOLDEN = Path(__file__).resolve().parents[5] / "evals" / "fixtures" / "golden" / "chapters"


def golden(chapter: int) -> str:
    return (GOLDEN / f"{chapter:02d}.txt").read_text(encoding="utf-8")


def types(text: str, context: StoryContext | None = None) -> dict[str, str]:
    chapter = analyze_chapter_text(text, context or StoryContext())
    return {key: item.type for key, item in chapter.entities.items()}


def test_a_given_name_before_a_place_head_makes_a_person() -> None:
    text = golden(1)
    assert "Beside Tomas sat his sister Elena Marsh." in text and "brother, Ivo Marsh" in text
    found = types(text)
    assert found["Tomas Marsh"] == "character"
    assert found["Elena Marsh"] == "character"
    assert found["Ivo Marsh"] == "character"  # the same surname: the family's


def test_the_story_so_far_supplies_the_given_name() -> None:
    paragraphs = [p for p in golden(4).split("\n\n") if p.startswith((
        "Elena Marsh turned the compass over.", "Elena Marsh kept the compass"))]
    assert len(paragraphs) == 2
    text = "\n\n".join(paragraphs)
    assert types(text).get("Elena Marsh") != "character"  # alone, "Marsh" reads as a place
    roster = StoryContext(entities=[KnownEntity(name="Elena Voss", type="character")])
    assert types(text, roster)["Elena Marsh"] == "character"


def test_places_named_after_people_stay_places(shared_data: Path) -> None:
    novel = (shared_data / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    chapter = next(c.text for c in split_book(novel) if "Lucas Lodge" in c.text
                   and "Sir William Lucas" in c.text)
    found = types(chapter)
    assert found.get("Lucas Lodge", "location") == "location"
    assert all(t != "character" for k, t in found.items() if k.endswith((" Park", " Lodge")))


def test_the_stranger_is_a_character_with_his_pronouns() -> None:
    text = golden(2)
    assert text.count("The stranger") + text.count("the stranger") >= 2
    chapter = analyze_chapter_text(text, StoryContext())
    stranger = chapter.entities["the stranger"]
    assert stranger.type == "character" and stranger.gender == "male"
    said = [m.text.lower() for m in stranger.mentions]
    assert "the stranger" in said and set(said) <= {
        "the stranger", "he", "his", "him", "himself", "i", "me", "my", "myself"}
    assert {"he", "his"} & set(said)  # his pronouns resolve to him
    assert any(m.kind == "nominal" and m.entity_key == "the stranger" for m in chapter.mentions)


def test_a_known_stranger_goes_to_the_entity_carrying_him() -> None:
    text = golden(9)
    assert "the stranger" in text.lower()
    roster = StoryContext(entities=[KnownEntity(name="Ivo Marsh", type="character",
                                                aliases=["the stranger"], gender="male")])
    chapter = analyze_chapter_text(text, roster)
    assert "the stranger" not in chapter.entities
    assert "the stranger" in chapter.entities["Ivo Marsh"].aliases


def test_one_passing_stranger_is_no_character(shared_data: Path) -> None:
    novel = (shared_data / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    chapters = [c.text for c in split_book(novel)]
    lone = [c for c in chapters if c.lower().count("the stranger") == 1]
    assert lone
    for text in lone[:2]:
        assert "the stranger" not in analyze_chapter_text(text, StoryContext()).entities


def test_called_him_a_nickname_makes_it_his_alias() -> None:
    text = golden(6)
    assert "Everyone in Saltmere called him Finchy." in text
    chapter = analyze_chapter_text(text, StoryContext())
    assert "Finchy" not in chapter.entities
    assert "Finchy" in chapter.entities["Aldous Finch"].aliases
    at = text.index("Finchy")
    assert chapter.entity_at(at, at + len("Finchy")) == "Aldous Finch"


def test_a_known_nickname_binds_its_bare_uses_later() -> None:
    text = golden(8)
    assert "Finchy sat down heavily" in text
    roster = StoryContext(entities=[KnownEntity(name="Aldous Finch", type="character",
                                                aliases=["Aldous", "Finchy"], gender="male")])
    chapter = analyze_chapter_text(text, roster)
    at = text.index("Finchy sat")
    assert chapter.entity_at(at, at + len("Finchy")) == "Aldous Finch"


def test_a_description_named_in_dialogue_does_not_name_the_narrations_stranger() -> None:
    # Great Expectations, chapter 18: Jaggers ("the strange gentleman" of the narration)
    # says "The gentleman I speak of is one Mr. Matthew Pocket": he is not Mr. Pocket.
    text = ("The strange gentleman beckoned him out of his place, and Joe went. The strange "
            "gentleman sat down at the table and looked over his pocket-book.\n\n"
            "\u201cThere is a certain tutor,\u201d said the strange gentleman. \u201cThe gentleman "
            "I speak of is one Mr. Matthew Pocket.\u201d")
    chapter = analyze_chapter_text(text, StoryContext())
    named = {m.entity_key for m in chapter.mentions if m.text.lower() == "the strange gentleman"}
    assert named == {"the strange gentleman"}
    assert "the strange gentleman" not in chapter.entities.get(
        "Mr. Matthew Pocket", chapter.entities["the strange gentleman"]).aliases
