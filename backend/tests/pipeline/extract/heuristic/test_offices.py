"""Offices as names: "the squire" is the one Squire of the story, or nobody."""

from __future__ import annotations

from pathlib import Path

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

SQUIRE = KnownEntity(name="John Trelawney", type="character", gender="male", mentions=22,
                     aliases=["Squire Trelawney", "Trelawney"])
DOCTOR = KnownEntity(name="David Livesey", type="character", gender="male", mentions=60,
                     aliases=["Dr. Livesey", "Livesey"])


def mentions_of(text: str, *known: KnownEntity) -> dict[str, list[str]]:
    chapter = analyze_chapter_text(text, StoryContext(entities=list(known)))
    return {key: [m.text for m in item.mentions] for key, item in chapter.entities.items()}


def test_the_office_is_the_one_person_who_holds_it(shared_data: Path) -> None:
    # Treasure Island ch. 7: neither man is named in the sentence, only their offices.
    novel = (shared_data / "novels" / "treasure_island.txt").read_text(encoding="utf-8")
    at = novel.index("The doctor had to go")
    sentence = novel[at:novel.index(";", novel.index("hard at work at Bristol", at))]
    assert "\n" in sentence  # as printed, across its line breaks
    found = mentions_of(sentence, SQUIRE, DOCTOR)
    assert found["David Livesey"] == ["The doctor", "his"]  # "his practice": the doctor's
    assert found["John Trelawney"] == ["the squire"]


def test_an_office_two_people_hold_names_nobody() -> None:
    flint = KnownEntity(name="Captain Flint", type="character", gender="male", mentions=40)
    smollett = KnownEntity(name="Alexander Smollett", type="character", gender="male",
                           mentions=30, aliases=["Captain Smollett"])
    found = mentions_of("The captain came on deck, and the squire followed him.",
                        flint, smollett, SQUIRE)
    assert "Captain Flint" not in found and "Alexander Smollett" not in found
    assert found["John Trelawney"] == ["the squire"]


def test_an_office_nobody_holds_and_an_office_before_a_name_are_left_alone() -> None:
    found = mentions_of("The doctor was sent for. Then the squire Trelawney rode up.", SQUIRE)
    assert "David Livesey" not in found
    assert all(m != "the squire" for names in found.values() for m in names)


def test_an_office_holders_sex_is_only_what_her_name_tells() -> None:
    # The golden fixture's harbourmaster: the roster took "Captain Ilse Reyes" for a man by
    # her rank. "The captain" is hers, but the mason's "He" after it is not (nor is she "he").
    reyes = KnownEntity(name="Ilse Reyes", type="character", gender="male", mentions=40,
                        aliases=["Captain Ilse Reyes", "Captain Reyes"])
    found = mentions_of("Elena had known the captain for ten years. He has done the name, "
                        "the mason said.", reyes)
    assert found["Ilse Reyes"] == ["the captain"]
