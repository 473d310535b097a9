"""Slip class: a locked age contradicted in any grammatical form and given to the right person
(sentences written for these tests, in a small invented world; no database). A story only moves
forward, so a draft may age someone a little but never make them younger."""

from __future__ import annotations

import uuid

import pytest

from continuum.pipeline.critic.checks import canon
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.critic.recognisers.canon_record import contradicts
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.reads.world_state import Evidence, LockedFact, Named, WorldState

from .test_generalisation import FakeHistory, _entity, _world, read_canon


def _ferry() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(("Ruth Penrose", "character"), ("Hal Brandt", "character"),
                        ("Walter Pike", "character"), ("Nell Brandt", "character"))
    world.locked_canon += [
        LockedFact(ids["Ruth Penrose"], "Ruth Penrose", "age", "19",
                   Evidence(1, "Ruth Penrose was nineteen.")),
        LockedFact(ids["Hal Brandt"], "Hal Brandt", "age", "30", Evidence(1, "Hal Brandt was thirty.")),
        LockedFact(ids["Walter Pike"], "Walter Pike", "age", "44",
                   Evidence(2, "Walter Pike was forty-four.")),
        LockedFact(ids["Walter Pike"], "Walter Pike", "occupation", "ferryman",
                   Evidence(2, "Walter Pike was the ferryman."))]
    return world, ids


def _ages(text: str, *entities: tuple[str, tuple[str, ...]], gender: dict[str, str] | None = None
          ) -> list[tuple[str, str]]:
    world, _ = _ferry()
    items = [_entity(text, name, *surfaces) for name, surfaces in entities if
             any(s in text for s in surfaces or (name,))]
    for item in items:
        item.gender = (gender or {}).get(item.name, "unknown")  # type: ignore[assignment]
    facts = [f for f in read_canon(text, world, gender) if f.predicate == "age"]  # the extractor's ages
    claims = bind_claims(text, ChapterExtraction(new_entities=items, canon_facts=facts), world,
                         FakeHistory())  # type: ignore[arg-type]
    return [(f.severity, f.message) for f in canon.check(claims, world) if "age" in f.message]


RUTH = ("Ruth Penrose", ("Ruth Penrose", "Ruth"))
HAL = ("Hal Brandt", ("Hal Brandt", "Hal"))


@pytest.mark.parametrize("text", [
    "Ruth Penrose was seventeen that winter, and restless.",  # younger than locked
    "Ruth Penrose was twenty-six that winter, and restless.",  # older than time allows
    "Ruth Penrose, a girl of fifteen, rowed the ferry across alone.",
    "Everyone on the quay watched the fifteen-year-old Ruth Penrose take the oars.",
    "Ruth Penrose was a fifteen-year-old with blistered hands.",
    "Hal Brandt turned twenty-eight last spring and never spoke of it.",
    "Hal Brandt had seen fifty summers on that river.",
    "Ruth Penrose was not yet eighteen, whatever the parish book said.",
    "For all Ruth Penrose's fifteen years, she knew the river better than any man.",
])
def test_a_named_age_in_narration_fails_in_any_form(text: str) -> None:
    found = _ages(text, RUTH, HAL)
    assert [s for s, _m in found] == ["FAIL"], text


@pytest.mark.parametrize("text", [
    "Ruth Penrose was twenty that winter, and restless.",  # a year on: the story moved
    "Ruth Penrose was not yet twenty, whatever the parish book said.",
    "Ruth Penrose was nearly twenty and rowed like a man.",
    "Hal Brandt was past thirty and felt it in his knees.",
    "Hal Brandt had been thirty years on that river.",  # a span of service, not an age
    "Hal Brandt was thirty minutes late for the tide.",
    "Hal Brandt gave his thirty years at the ferry to the parish.",
    "Ruth Penrose had rowed that ferry since she was twelve.",
    "When Ruth Penrose was twelve, her father drowned.",
    "Hal Brandt was one of three men on the quay.",
])
def test_consistent_or_not_an_age_stays_silent(text: str) -> None:
    assert _ages(text, RUTH, HAL) == [], text


def test_at_an_age_may_look_back_so_it_only_warns() -> None:
    found = _ages("At fifteen, Ruth Penrose was the best rower on the river.", RUTH)
    assert [s for s, _m in found] == ["WARN"]


def test_you_i_and_a_named_listener_in_speech() -> None:
    text = '"You are sixteen years old, Ruth," said Hal, "and you will not take the ferry out."'
    assert [s for s, _m in _ages(text, RUTH, HAL)] == ["WARN"]
    text = ('"Let me take her out," said Ruth.\n\n"You are only sixteen," Hal said, "and the tide '
            'is turning."')
    found = _ages(text, RUTH, HAL)
    assert [s for s, _m in found] == ["WARN"] and "Ruth Penrose" in found[0][1]
    text = '"I am fifty and I know the river," said Hal Brandt.'
    found = _ages(text, RUTH, HAL)
    assert [s for s, _m in found] == ["WARN"] and "Hal Brandt's age" in found[0][1]
    # a time clause is about then; the speaker's own age agrees
    for quiet in ('"You were sixteen when you first took the oars," said Hal to Ruth.',
                  '"I am thirty-one and I know the river," said Hal Brandt.',
                  # the speaker's own past: the story's now is not in it
                  '"I was fourteen," said Hal Brandt, "and I rowed the ferry alone."',
                  '"And you were twelve, and you said so," said Hal to Ruth.'):
        assert _ages(quiet, RUTH, HAL) == [], quiet


def test_he_or_she_in_speech_is_the_one_other_person_named_before() -> None:
    # (the extractor does not know the world's locked posts: "the ferryman's grave" no longer
    # names Walter Pike, the locked ferryman; his name does)
    genders = {"Ruth Penrose": "female", "Hal Brandt": "male", "Walter Pike": "male"}
    text = ('Ruth and Hal stood at Walter Pike\'s grave in the rain.\n\n"How old was he?" asked '
            'Ruth.\n\n"He was sixty," said Hal. "He told me so himself."')
    found = _ages(text, RUTH, HAL, ("Walter Pike", ("Walter Pike",)), gender=genders)
    assert [s for s, _m in found] == ["WARN"] and "Walter Pike's age" in found[0][1]
    # two men it could be: nobody can say whose age it is
    two = ('Ruth and Hal stood at Walter Pike\'s grave, and Nell\'s husband Tom Acre came up the '
           'path.\n\n"How old was he?" asked Ruth.\n\n"He was sixty," said Hal.')
    world, ids = _ferry()
    world.names[uuid.uuid4()] = Named("Tom Acre", (), "character", 1)
    items = [_entity(two, "Ruth Penrose", "Ruth"), _entity(two, "Hal Brandt", "Hal"),
             _entity(two, "Tom Acre"), _entity(two, "Walter Pike")]
    items[0].gender, items[1].gender, items[2].gender, items[3].gender = "female", "male", "male", "male"
    facts = [f for f in read_canon(two, world, {**genders, "Tom Acre": "male"}) if f.predicate == "age"]
    claims = bind_claims(two, ChapterExtraction(new_entities=items, canon_facts=facts), world,
                         FakeHistory())  # type: ignore[arg-type]
    assert [f for f in canon.check(claims, world) if "age" in f.message] == []


def test_bounds_and_the_direction_of_time() -> None:
    assert contradicts(19, 17, None) and not contradicts(19, 20, None) and contradicts(19, 25, None)
    assert contradicts(19, 19, "not yet") and not contradicts(19, 20, "not yet")
    assert contradicts(40, 50, "over") and not contradicts(40, 35, "past")
    assert not contradicts(44, 45, "about") and contradicts(44, 60, "about")
