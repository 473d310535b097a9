"""What a name is: a person, a family, a place worn with "the", a deity (no entity)."""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import StoryContext


def _kinds(text: str) -> dict[str, str]:
    chapter = analyze_chapter_text(text, StoryContext())
    return {e.name: e.type for e in chapter.entities.values()}


def test_a_family_in_the_plural_is_a_group_and_a_name_ending_in_s_is_a_person() -> None:
    kinds = _kinds("Mr. Bennet came in. The Bennets dined at home. Billy Bones kept a chest "
                   "under his bed, and Billy Bones slept.")
    assert kinds["Bennets"] == "faction"
    assert kinds["Billy Bones"] == "character"
    assert kinds["Mr. Bennet"] == "character"


def test_a_titled_plural_of_a_known_surname_is_a_group() -> None:
    kinds = _kinds("Sir William Lucas called. The Miss Lucases walked to Meryton with Maria Lucas.")
    assert kinds.get("Miss Lucases") == "faction"


def test_a_deity_is_no_entity() -> None:
    kinds = _kinds("God knows what he meant. He prayed to God and went home to Mary Smith.")
    assert "God" not in kinds


def test_a_name_worn_with_the_is_no_person() -> None:
    text = ("My father kept the Admiral Benbow inn. A seaman put up at the Admiral Benbow. "
            "Jim Hawkins served at the Admiral Benbow.")
    kinds = _kinds(text)
    assert kinds.get("Admiral Benbow") != "character"
    assert kinds["Jim Hawkins"] == "character"


def test_a_dash_glued_to_a_name_ends_it_and_capn_is_a_captain() -> None:
    chapter = analyze_chapter_text('"Now, Mr. Bones--" said I. "Cap\'n Smollett, sir," said he. '
                                   "Captain Smollett bowed.", StoryContext())
    names = {e.name: e.aliases for e in chapter.entities.values()}
    assert "Mr. Bones" in names and not any("--" in n for n in names)
    smollett = [n for n, aliases in names.items() if "Smollett" in n]
    assert len(smollett) == 1, names
