"""dynamics_updates and scene_segmentation."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.dynamics import extract_dynamics
from continuum.pipeline.extract.heuristic.passes.scenes import extract_scenes
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import DynamicsUpdate, SceneItem

from .support import assert_evidence_exact, novel_chapters

ViewOf = Callable[..., ChapterView]
PLACES = StoryContext(entities=[KnownEntity(name="Meryton", type="location"),
                                KnownEntity(name="Longbourn", type="location")])


def dynamics(view: ViewOf, text: str) -> dict[frozenset[str], DynamicsUpdate]:
    items = extract_dynamics(view(text))
    assert_evidence_exact(text, items)
    return {frozenset((d.a, d.b)): d for d in items}


def scenes(view: ViewOf, text: str, context: StoryContext | None = None) -> list[SceneItem]:
    v = view(text, context)
    return extract_scenes(v, extract_state_deltas(v).items)


def test_a_quarrel_is_hostile_and_tense(view: ViewOf) -> None:
    text = ("“You are a villain,” cried Elizabeth angrily to Mr. Darcy.\n\n"
            "“I despise you,” replied Mr. Darcy coldly.\n\n"
            "“Then leave my house,” said Elizabeth, in a fury.")
    pair = dynamics(view, text)[frozenset({"Elizabeth", "Mr. Darcy"})]
    assert pair.tone == "hostile"
    assert pair.tension > 0.5


def test_affection_is_warm_and_calm(view: ViewOf) -> None:
    text = ("“My dearest Jane,” said Elizabeth warmly, “I am so happy for you.”\n\n"
            "Jane embraced her with affection and thanked her.")
    pair = dynamics(view, text)[frozenset({"Elizabeth", "Jane"})]
    assert pair.tone == "warm"
    assert pair.tension < 0.2


def test_mr_and_mrs_bennet_talk_in_chapter_one(view: ViewOf) -> None:
    text = novel_chapters("pride_and_prejudice.txt")[0]
    pairs = dynamics(view, text)
    bennets = pairs[frozenset({"Mr. Bennet", "Mrs. Bennet"})]
    assert bennets.tone in {"tense", "playful"}
    assert 0.1 < bennets.tension < 0.8
    # Mrs. Long, Sir William and Lady Lucas are only talked about.
    assert not [p for p in pairs if p & {"Mrs. Long", "Sir William", "Lady Lucas"}]


def test_scene_breaks_cast_place_time_pov_and_summary(view: ViewOf) -> None:
    text = ("The next morning Elizabeth walked to Meryton with Jane. Elizabeth bought a ribbon "
            "there, and Jane laughed at her.\n\n* * *\n\nThree days later Mr. Darcy arrived at "
            "Longbourn. He spoke to Mr. Bennet in the library.")
    first, second = scenes(view, text, PLACES)
    assert (first.index, second.index) == (0, 1)
    assert text[first.start:first.end].endswith("laughed at her.")
    assert text[second.start:second.end].startswith("Three days later")
    assert first.present == ["Elizabeth", "Jane"]
    assert (first.pov, first.location, first.time_anchor) == ("Elizabeth", "Meryton",
                                                              "The next morning")
    assert (second.pov, second.location, second.time_anchor) == ("Mr. Darcy", "Longbourn",
                                                                 "Three days later")
    assert first.summary == "The next morning Elizabeth walked to Meryton with Jane."


def test_first_person_narration_without_a_known_narrator_has_no_pov(view: ViewOf) -> None:
    text = ("I walked to the inn that evening. I saw the captain there, and I spoke to him. "
            "I was afraid of Black Dog.")
    [scene] = scenes(view, text)
    assert scene.pov is None
    assert scene.time_anchor == "that evening"


def test_people_only_talked_about_are_not_present(view: ViewOf) -> None:
    text = novel_chapters("pride_and_prejudice.txt")[0]
    [scene] = scenes(view, text)
    assert {"Mr. Bennet", "Mrs. Bennet"} <= set(scene.present)
    assert not {"Mrs. Long", "Sir William", "Lady Lucas", "Lizzy"} & set(scene.present)
    assert scene.time_anchor == "one day"
    assert scene.summary in " ".join(text.split())


def test_scene_breaks_in_alice(view: ViewOf) -> None:
    text = novel_chapters("alice_in_wonderland.txt")[0]
    found = scenes(view, text)
    assert len(found) == 2  # the chapter has one "* * *" break
    assert all(s.pov == "Alice" for s in found)
    assert found[0].end <= found[1].start
