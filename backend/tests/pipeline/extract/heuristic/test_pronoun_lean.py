"""A name two people of different sexes share goes to the one its pronouns speak of."""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

FINCHES = StoryContext(entities=[
    KnownEntity(name="Mara Finch", type="character", gender="female", mentions=100,
                aliases=["Mara"]),
    KnownEntity(name="Aldous Finch", type="character", gender="male", mentions=20,
                aliases=["Aldous"]),
])


def _finch_is(text: str) -> str:
    chapter = analyze_chapter_text(text, FINCHES)
    return next(e.name for e in chapter.entities.values() if "Finch" in {e.name, *e.aliases})


def test_he_makes_finch_the_man_though_the_woman_is_named_more() -> None:
    assert _finch_is("Finch came down the stairs. He was tired. Finch sat by the fire, and he "
                     "lit a pipe. Finch smoked, and he said nothing.") == "Aldous Finch"


def test_she_keeps_finch_the_woman() -> None:
    assert _finch_is("Finch came down the stairs. She was tired. Finch sat by the fire, and she "
                     "lit a lamp. Finch read, and she said nothing.") == "Mara Finch"


def test_one_pronoun_is_too_little_to_move_a_name() -> None:
    assert _finch_is("Finch came down the stairs. He was tired.") == "Mara Finch"
