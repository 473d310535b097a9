"""Relationships in force at the cap: started, not ended at or before it, not superseded yet."""

from __future__ import annotations

from continuum.reads.graphs import entity_graph, relationship_graph
from continuum.reads.relationships import list_relationships
from tests.reads.story import supersede


def _types(read, novel, cap):
    return sorted(r.type for r in read(list_relationships, novel_id=novel, cap=cap))


def test_a_relationship_ends_exactly_at_its_to_chapter(story, read) -> None:
    novel, _ = story
    assert _types(read, novel, 1) == ["friend_of"]
    # friend_of has to_chapter = 2: at cap 2 it is over, the rivalry has begun.
    assert _types(read, novel, 2) == ["rival_of"]
    assert _types(read, novel, 3) == ["mentor_of", "rival_of"]
    assert _types(read, novel, 0) == []


def test_supersession_counts_only_once_its_chapter_is_visible(story, read) -> None:
    novel, _ = story
    supersede(novel, "rival_of", "reconciled_with")
    assert _types(read, novel, 3) == ["mentor_of", "rival_of"]
    assert _types(read, novel, 4) == ["mentor_of", "reconciled_with"]


def test_relationship_rows_name_both_sides_and_carry_the_dynamics(story, read) -> None:
    novel, people = story
    [friends] = read(list_relationships, novel_id=novel, cap=1)
    assert (friends.source.name, friends.target.name) == ("Ada Quill", "Bram Stone")
    assert friends.label == "friend of" and friends.symmetric
    assert (friends.tone, friends.tension) == ("warm", 0.1)
    mine = read(list_relationships, novel_id=novel, cap=3, entity_id=people["Kell"])
    assert [(r.source.name, r.type, r.target.name) for r in mine] == [
        ("Kell", "mentor_of", "Ada Quill")]


def test_relationship_graph_has_the_characters_at_the_cap(story, read) -> None:
    novel, people = story
    graph = read(relationship_graph, novel_id=novel, cap=2)
    names = {n.name for n in graph.nodes}
    assert {"Ada Quill", "Bram Stone", "The Stranger", "Finch"} <= names
    assert "Kell" not in names and "Harrowgate" not in names
    assert [(e.kind, e.label) for e in graph.edges] == [("relationship", "rival of")]


def test_entity_graph_adds_places_holdings_knowledge_and_scenes(story, read) -> None:
    novel, people = story
    ada, bram, key = people["Ada Quill"], people["Bram Stone"], people["silver key"]

    def edges(cap):
        graph = read(entity_graph, novel_id=novel, cap=cap)
        return {(e.source, e.target, e.kind): e for e in graph.edges}

    at1 = edges(1)
    assert (ada, people["Harrowgate"], "located_in") in at1
    assert (ada, key, "possesses") in at1
    assert not any(kind == "knows" for _, _, kind in at1)
    at2 = edges(2)
    assert (bram, key, "possesses") in at2 and (ada, key, "possesses") not in at2
    assert at2[(ada, bram, "knows")].label == "learned from"
    pair = tuple(sorted((ada, bram)))
    assert at2[(*pair, "co_present")].weight == 2.0
    assert (ada, people["Old Tower"], "located_in") in edges(3)
