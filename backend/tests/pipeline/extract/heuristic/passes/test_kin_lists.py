"""Kin nouns: a list of people after "her father" is no apposition, and a relationship the
story already holds tells whose "her father" is."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, KnownRelationship, StoryContext

ViewOf = Callable[..., ChapterView]
PEOPLE = [
    KnownEntity(name="Anna Lind", type="character", aliases=["Anna"], gender="female"),
    KnownEntity(name="Piet Mors", type="character", aliases=["Piet"], gender="male"),
    KnownEntity(name="Jonas Brel", type="character", aliases=["Jonas"], gender="male"),
    KnownEntity(name="Evert Lind", type="character", aliases=["Evert"], gender="male"),
    KnownEntity(name="Brackley", type="location"),
]


def test_a_list_after_a_kin_noun_is_not_its_gloss(view: ViewOf) -> None:
    text = "Anna Lind, her father, Piet and Jonas all sat down to supper."
    found = [(r.source, r.type, r.target) for r in extract_relationships(
        view(text, StoryContext(entities=PEOPLE)))]
    assert not [r for r in found if r[1] in {"father_of", "parent_of", "child_of",
                                            "daughter_of"}], found


def test_a_gloss_still_names_the_kin(view: ViewOf) -> None:
    text = "Anna Lind came in. Her father, Evert Lind, was asleep by the fire."
    found = [(r.source, r.type, r.target) for r in extract_relationships(
        view(text, StoryContext(entities=PEOPLE)))]
    assert ("Evert Lind", "father_of", "Anna Lind") in found


def test_a_known_relationship_resolves_her_father(view: ViewOf) -> None:
    context = StoryContext(entities=PEOPLE, relationships=[
        KnownRelationship(source="Evert Lind", type="father_of", target="Anna Lind")])
    text = "Anna Lind waved from the gate. Her father walked to Brackley."
    moved = [(d.kind, d.subject, d.object) for d in extract_state_deltas(view(text, context)).items]
    assert moved == [("moved_to", "Evert Lind", "Brackley")]
    # with two fathers on record nobody is chosen
    context.relationships.append(
        KnownRelationship(source="Piet Mors", type="father_of", target="Anna Lind"))
    assert extract_state_deltas(view(text, context)).items == []
