"""canon_facts: age, eye and hair colour, title, occupation, kinship."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts, parse_number
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships

from .support import assert_evidence_exact, in_novel

GOLDEN = Path(__file__).resolve().parents[6] / "evals" / "fixtures" / "golden"

ViewOf = Callable[..., ChapterView]


def facts(view: ViewOf, text: str) -> list[tuple]:
    v = view(text)
    items = extract_canon_facts(v, extract_relationships(v))
    assert_evidence_exact(text, items)
    return [(f.subject, f.predicate, f.value) for f in items]


@pytest.mark.parametrize(("words", "value"), [
    ("twenty", 20), ("three-and-twenty", 23), ("five and twenty", 25), ("twenty-one", 21),
    ("17", 17), ("fifteen", 15), ("a few", None),
])
def test_number_words(words: str, value: int | None) -> None:
    assert parse_number(words) == value


def test_ages(view: ViewOf) -> None:
    assert facts(view, "Elizabeth was twenty years old.") == [("Elizabeth", "age", "20")]
    assert facts(view, "Lydia, a girl of fifteen, laughed.") == [("Lydia", "age", "15")]
    assert facts(view, "Mr. Bennet, a man of fifty, sat down.") == [("Mr. Bennet", "age", "50")]
    assert facts(view, "Elizabeth was not twenty years old.") == []


def test_eye_and_hair_colour(view: ViewOf) -> None:
    assert facts(view, "Elizabeth turned her dark eyes to him.") == [
        ("Elizabeth", "eye_colour", "dark")]
    assert facts(view, "Jim Hawkins had red hair.") == [("Jim Hawkins", "hair_colour", "red")]
    assert facts(view, "Elizabeth praised her fine eyes.") == []  # "fine" is no colour


def test_possessive_colour_skips_a_woman_named_in_a_relative_clause(view: ViewOf) -> None:
    # the golden novel's chapter 10: "her" is Mara's (the subject), not the seamstress's
    sentence = ("Mara wore the dress that Elena Marsh had hemmed at the forge, and a ribbon the "
                "blue of the sea in her black hair.")
    chapter = (GOLDEN / "chapters" / "10.txt").read_text(encoding="utf-8")
    assert sentence in chapter
    v = view(chapter)
    hair = [(f.subject, f.value) for f in extract_canon_facts(v, extract_relationships(v))
            if f.predicate == "hair_colour" and f.evidence.quote in sentence]
    assert hair == [("Mara", "black")]


def test_compound_colour_from_treasure_island(view: ViewOf) -> None:
    sentence = "The man whom he called Morgan--an old, grey-haired, mahogany-faced sailor"
    assert in_novel("treasure_island.txt", sentence)
    found = facts(view, sentence + "--came forward.")
    assert ("Morgan", "hair_colour", "grey") in found
    assert ("Morgan", "occupation", "sailor") in found


def test_titles_from_pride_and_prejudice(view: ViewOf) -> None:
    sentence = "Sir William and Lady Lucas are determined to go, merely on that account;"
    assert in_novel("pride_and_prejudice.txt", sentence)
    # "Sir William and Lady Lucas" also names a married couple (relationships._couple).
    assert facts(view, sentence) == [("Sir William", "title", "Sir"),
                                     ("Lady Lucas", "title", "Lady"),
                                     ("Lady Lucas", "kinship", "married to Sir William")]


def test_occupations(view: ViewOf) -> None:
    assert facts(view, "Mr. Collins was a clergyman.") == [
        ("Mr. Collins", "occupation", "clergyman")]
    assert facts(view, "Ben Gunn, the sailor, came up.") == [("Ben Gunn", "occupation", "sailor")]
    assert facts(view, "Mr. Bennet was not a clergyman.") == []
    # Treasure Island ch. 7, the squire's letter: the name closing the clause is its reader.
    letter = '"I have a boatswain who pipes, Livesey; so things shall go well," he wrote.'
    assert [f for f in facts(view, letter) if f[1] == "occupation"] == []
    said = '"We shall want a cook, Silver, who knows the sea," he wrote.'
    assert ("Silver", "occupation", "cook") in facts(view, said)


def test_kinship_comes_from_relationships(view: ViewOf) -> None:
    assert facts(view, "Elizabeth was the daughter of Mr. Bennet.") == [
        ("Elizabeth", "kinship", "daughter of Mr. Bennet")]
    assert facts(view, "Wickham was no longer Darcy's friend.") == []  # ended, and no kin
