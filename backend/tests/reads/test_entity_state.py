"""The character page at the cap: where, what they hold, status, knowledge, ties, canon."""

from __future__ import annotations

import uuid

from continuum.pipeline.extract.schema import ChapterExtraction, StateDelta
from continuum.reads.entity_state import get_entity_state
from continuum.reads.places import location_tree, object_owners
from tests.fakes import entity
from tests.reads.story import ev, ids, ingest_scripted, set_parent


def test_a_character_state_follows_the_cap(story, read) -> None:
    novel, people = story
    ada = people["Ada Quill"]

    def state(cap):
        return read(get_entity_state, novel_id=novel, cap=cap, entity_id=ada)

    at1 = state(1)
    assert at1.entity.name == "Ada Quill" and at1.location.entity.name == "Harrowgate"
    assert [h.entity.name for h in at1.holdings] == ["silver key"]
    assert at1.knowledge == [] and at1.status is None
    assert [r.type for r in at1.relationships] == ["friend_of"]
    assert [(c.predicate, c.value) for c in at1.canon] == [("eye colour", "grey")]
    at2 = state(2)
    assert at2.holdings == [] and [r.type for r in at2.relationships] == ["rival_of"]
    [learned] = at2.knowledge
    assert learned.fact == "the key opens the cellar" and learned.source.name == "Bram Stone"
    assert "Addy" not in at2.aliases
    at3 = state(3)
    assert "Addy" in at3.aliases
    assert (at3.location.entity.name, at3.location.since) == ("Old Tower", 3)


def test_status_objects_and_places(story, read) -> None:
    novel, people = story
    bram = people["Bram Stone"]
    assert read(get_entity_state, novel_id=novel, cap=3, entity_id=bram).status is None
    dead = read(get_entity_state, novel_id=novel, cap=4, entity_id=bram).status
    assert (dead.status, dead.since, dead.evidence_quote) == ("dead", 4, "Bram Stone died")
    key = read(get_entity_state, novel_id=novel, cap=2, entity_id=people["silver key"])
    assert key.holder.entity.name == "Bram Stone" and key.holder.since == 2
    town = read(get_entity_state, novel_id=novel, cap=1, entity_id=people["Harrowgate"])
    assert {o.entity.name for o in town.occupants} == {"Ada Quill", "Bram Stone"}


def test_an_entity_that_does_not_exist_yet_has_no_state(story, read) -> None:
    novel, people = story
    assert read(get_entity_state, novel_id=novel, cap=2, entity_id=people["Kell"]) is None
    assert read(get_entity_state, novel_id=novel, cap=4, entity_id=uuid.uuid4()) is None
    assert read(get_entity_state, novel_id=uuid.uuid4(), cap=4, entity_id=people["Kell"]) is None


def test_location_tree_uses_the_parent_asserted_by_the_cap(story, read) -> None:
    novel, people = story
    set_parent(novel, people["Old Tower"], people["Harrowgate"], chapter=3)
    assert [n.name for n in read(location_tree, novel_id=novel, cap=1)] == ["Harrowgate"]
    assert sorted(n.name for n in read(location_tree, novel_id=novel, cap=2)) == [
        "Harrowgate", "Old Tower"]
    [town] = read(location_tree, novel_id=novel, cap=3)
    assert town.name == "Harrowgate" and town.parent_id is None
    [tower] = town.children
    assert tower.name == "Old Tower" and tower.parent_id == people["Harrowgate"]
    assert [o.name for o in tower.occupants] == ["Ada Quill"]


def test_object_owners_at_the_cap(story, read) -> None:
    novel, _ = story
    assert read(object_owners, novel_id=novel, cap=0) == []
    [at1] = read(object_owners, novel_id=novel, cap=1)
    assert (at1.name, at1.owner.name, at1.since) == ("silver key", "Ada Quill", 1)
    [at2] = read(object_owners, novel_id=novel, cap=2)
    assert (at2.owner.name, at2.since) == ("Bram Stone", 2)


def _told_after_death(text_: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    """Israel Hands dies and is "shot" in the same sentence (Treasure Island, ch. 27); a later
    chapter's stray "married" of him (a misread) comes after both."""
    quote = "Israel Hands" if number == 2 else "he was dead enough, being both shot and drowned"
    deltas = [StateDelta(kind="married", subject="Israel Hands", evidence=ev(text_, quote))] \
        if number == 2 else [
            StateDelta(kind="died", subject="Israel Hands", evidence=ev(text_, "he was dead")),
            StateDelta(kind="injured", subject="Israel Hands", evidence=ev(text_, quote))]
    return ChapterExtraction(new_entities=[entity(text_, "Israel Hands")], state_deltas=deltas)


def test_no_status_told_after_a_death_ends_it(clean_db, read) -> None:
    novel = ingest_scripted("The Hispaniola", {
        1: "Israel Hands fell from the shrouds; he was dead enough, being both shot and drowned.",
        2: "Israel Hands was married, the men said, in Bristol."}, _told_after_death)
    hands = ids(novel)["Israel Hands"]
    for cap in (1, 2):
        status = read(get_entity_state, novel_id=novel, cap=cap, entity_id=hands).status
        assert (status.status, status.since) == ("dead", 1)
