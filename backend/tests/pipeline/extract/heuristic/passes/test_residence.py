"""residence: where people live, read from the wordings of real novels, and "went home" sent there."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.residence import Homes
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, KnownRelationship, StoryContext

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]

CAST = [
    KnownEntity(name="Emma Woodhouse", type="character", gender="female",
                aliases=["Emma", "Miss Woodhouse"], mentions=300),
    KnownEntity(name="Mr. Darcy", type="character", gender="male", aliases=["Darcy"], mentions=200),
    KnownEntity(name="Elizabeth Bennet", type="character", gender="female",
                aliases=["Elizabeth"], mentions=300),
    KnownEntity(name="Harriet Smith", type="character", gender="female", aliases=["Harriet"]),
    KnownEntity(name="Hartfield", type="location", mentions=40),
    KnownEntity(name="Pemberley", type="location", mentions=30),
    KnownEntity(name="Longbourn", type="location", mentions=40),
    KnownEntity(name="Netherfield", type="location", mentions=30),
    KnownEntity(name="West Hall", type="location", mentions=2),
]


def homes(view: ViewOf, text: str, known: list[KnownRelationship] | None = None) -> list[tuple[str, str]]:
    found = Homes.build(view(text, StoryContext(entities=CAST, relationships=known or [])))
    for update in found.updates:
        assert text[update.evidence.start:update.evidence.end] == update.evidence.quote
    return [(u.source, u.target) for u in found.updates]


@pytest.mark.parametrize(("text", "expected"), [
    # Emma, chapter 16; Pride and Prejudice, chapter 50.
    ("It was Miss Woodhouse of Hartfield who had spoken.", ("Emma Woodhouse", "Hartfield")),
    ("Mr. Darcy of Pemberley bowed to them.", ("Mr. Darcy", "Pemberley")),
    ("Elizabeth lived at Longbourn with her sisters.", ("Elizabeth Bennet", "Longbourn")),
    ("They came to Longbourn, the village where Elizabeth lived.", ("Elizabeth Bennet", "Longbourn")),
    ("Elizabeth went home to Longbourn.", ("Elizabeth Bennet", "Longbourn")),
])
def test_a_home_is_read_from_its_wordings(view: ViewOf, text: str, expected: tuple[str, str]) -> None:
    assert homes(view, text) == [expected]


@pytest.mark.parametrize("text", [
    "Elizabeth would live at Netherfield if she could.",   # a wish
    "Harriet had lived at West Hall as a child.",            # a former home
    "Elizabeth did not live at Netherfield.",                # a negation
    "She lived at Longbourn.",                               # nobody named: whose home is a guess
    "Elizabeth walked to Longbourn.",                         # a walk, not a home
    "Harriet spoke of the shrubberies of Hartfield.",        # a place of, not a person of
    "They sailed on the Harriet of Pemberley.",              # a ship: a name with an article
    # Pride and Prejudice, chapter 45: the home of the lady Georgiana lives with, not hers.
    "Harriet came in with Emma, and the lady with whom she lived in Longbourn.",
])
def test_no_home_from_a_wish_a_past_a_guess_or_a_walk(view: ViewOf, text: str) -> None:
    assert homes(view, text) == []


def deltas_with_home(view: ViewOf, text: str, person: str, home: str) -> list:
    """The deltas of `text` read with the story knowing `person` lives at `home`."""
    known = [KnownRelationship(source=person, type="lives_at", target=home)]
    items = extract_state_deltas(view(text, StoryContext(entities=CAST, relationships=known))).items
    assert_evidence_exact(text, items)
    return items


def test_going_home_goes_to_the_home_the_story_knows(view: ViewOf) -> None:
    text = "Emma walked to Netherfield with Harriet. Emma walked home alone. Harriet walked home."
    items = deltas_with_home(view, text, "Emma Woodhouse", "Hartfield")
    assert [(d.kind, d.subject, d.object) for d in items] == [
        ("moved_to", "Emma Woodhouse", "Netherfield"),
        ("moved_to", "Harriet Smith", "Netherfield"),
        ("moved_to", "Emma Woodhouse", "Hartfield"),   # her home
        ("left", "Harriet Smith", None),               # no home known: the place ends, no guess
    ]


def test_a_home_said_in_the_chapter_is_used_from_then_on(view: ViewOf) -> None:
    text = ("Elizabeth walked home. Elizabeth lived at Longbourn now. Elizabeth went to "
            "Pemberley. Elizabeth walked home.")
    items = deltas_with_home(view, text, "Elizabeth Bennet", "Netherfield")
    went = [d.object for d in items if d.kind == "moved_to"]
    assert went == ["Netherfield", "Pemberley", "Longbourn"]  # the old home, then the new one


def test_leaving_home_leaves_it(view: ViewOf) -> None:
    # Great Expectations, chapter 52: "I left home" had sent Pip home to the Temple.
    text = "Emma walked home. Emma left home early the next day."
    items = deltas_with_home(view, text, "Emma Woodhouse", "Hartfield")
    assert [(d.kind, d.subject, d.object) for d in items] == [
        ("moved_to", "Emma Woodhouse", "Hartfield"), ("left", "Emma Woodhouse", "Hartfield")]
