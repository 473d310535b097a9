"""merge_entities repoints every reference in every table and keeps names spoiler-free."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.embed import HashingEmbedder
from continuum.errors import InvalidInput, NotFound
from continuum.pipeline.repair import merge_entities
from continuum.reads.canon import list_flags
from continuum.reads.chapter_extras import list_scenes
from continuum.reads.entities import get_entity, list_entities
from continuum.reads.graphs import entity_graph
from continuum.reads.search import search
from continuum.reads.timeline import list_events


def references(entity_id: uuid.UUID) -> dict[str, int]:
    """How many rows of every uuid / uuid[] column in the schema point at the entity."""
    counts = {}
    with read_session() as session:
        columns = session.execute(text(
            """SELECT table_name, column_name, udt_name FROM information_schema.columns
                WHERE table_schema = 'public' AND udt_name IN ('uuid', '_uuid')
                  AND column_name <> 'novel_id'""")).all()
        for table, column, udt in columns:
            test = f"{column} = :e" if udt == "uuid" else f":e = ANY({column})"
            n = session.execute(text(f"SELECT count(*) FROM {table} WHERE {test}"),
                                {"e": entity_id}).scalar_one()
            if n:
                counts[f"{table}.{column}"] = n
    return counts


def _dynamics(novel, a, b, chapter, tension) -> None:
    with write_session() as session:
        session.execute(text(
            """INSERT INTO shared_dynamics (novel_id, a_id, b_id, chapter, tone, tension)
               VALUES (:n, least(CAST(:a AS uuid), CAST(:b AS uuid)),
                       greatest(CAST(:a AS uuid), CAST(:b AS uuid)), :c, 'tense', :t)"""),
            {"n": novel, "a": a, "b": b, "c": chapter, "t": tension})


def _combined(counts: dict[str, int]) -> dict[str, int]:
    """Fold shared_dynamics a_id/b_id together: a merge may swap a pair's order."""
    out = {k: v for k, v in counts.items() if not k.startswith("shared_dynamics.")}
    pairs = sum(v for k, v in counts.items() if k.startswith("shared_dynamics."))
    return {**out, "shared_dynamics": pairs} if pairs else out


@pytest.mark.parametrize(("source", "target"), [("The Stranger", "Kell"), ("Bram Stone", "Finch")])
def test_merge_repoints_every_reference(story, source, target) -> None:
    novel, people = story
    src, tgt = people[source], people[target]
    before_source, before_target = _combined(references(src)), _combined(references(tgt))
    assert len(before_source) >= 7, before_source  # mentions, events, scenes, flags or facts...
    with read_session() as session:
        chapters = session.execute(text(
            "SELECT count(DISTINCT chapter) FROM entity_versions WHERE entity_id IN (:s, :t)"),
            {"s": src, "t": tgt}).scalar_one()

    with write_session() as session:
        counts = merge_entities(session, novel_id=novel, source=src, target=tgt)
    assert counts["entity_mentions"] == before_source["entity_mentions.entity_id"]

    assert references(src) == {}
    expected = {key: before_source.get(key, 0) + before_target.get(key, 0)
                for key in {*before_source, *before_target}}
    # One row per entity and, for versions, one per chapter in which either was named.
    expected.update({"entities.id": 1, "entity_versions.entity_id": chapters})
    assert _combined(references(tgt)) == expected


def test_merge_keeps_one_dynamics_row_per_ordered_pair(story) -> None:
    novel, people = story
    stranger, kell = people["The Stranger"], people["Kell"]
    ada, bram = people["Ada Quill"], people["Bram Stone"]
    _dynamics(novel, stranger, ada, 1, 0.4)
    _dynamics(novel, kell, ada, 1, 0.2)  # the same pair and chapter once merged
    _dynamics(novel, stranger, bram, 2, 0.5)
    _dynamics(novel, stranger, kell, 2, 0.9)  # the two halves: meaningless after the merge
    with write_session() as session:
        merge_entities(session, novel_id=novel, source=stranger, target=kell)
    with read_session() as session:
        rows = session.execute(text(
            """SELECT a_id, b_id, chapter, tension FROM shared_dynamics
                WHERE novel_id = :n AND :k IN (a_id, b_id) ORDER BY chapter"""),
            {"n": novel, "k": kell}).all()
    assert [(r.chapter, r.tension) for r in rows] == [(1, 0.2), (2, 0.5)]
    assert all(r.a_id < r.b_id for r in rows)
    assert {ada, bram} == {r.a_id if r.b_id == kell else r.b_id for r in rows}


def test_merged_names_stay_as_of_the_cap(story, read) -> None:
    novel, people = story
    stranger, kell = people["The Stranger"], people["Kell"]
    with write_session() as session:
        merge_entities(session, novel_id=novel, source=stranger, target=kell)
    early = read(get_entity, novel_id=novel, cap=2, entity_id=kell)
    assert (early.name, early.aliases, early.first_chapter) == ("The Stranger", [], 1)
    late = read(get_entity, novel_id=novel, cap=3, entity_id=kell)
    assert late.name == "Kell" and "The Stranger" in late.aliases
    assert late.mention_count == 3
    assert read(get_entity, novel_id=novel, cap=4, entity_id=stranger) is None
    names = {e.name for e in read(list_entities, novel_id=novel, cap=2)}
    assert "The Stranger" in names and "Kell" not in names

    def quarrel(cap):
        [event] = [e for e in read(list_events, novel_id=novel, cap=cap) if e.type == "conflict"]
        return event.object

    assert (quarrel(2).id, quarrel(2).name) == (kell, "The Stranger")
    assert quarrel(3).name == "Kell"
    [scene] = read(list_scenes, novel_id=novel, cap=2, number=1)
    assert "The Stranger" in {p.name for p in scene.present}
    [flag] = read(list_flags, novel_id=novel, cap=2)
    assert [(e.id, e.name) for e in flag.entities] == [(kell, "The Stranger")]
    nodes = {n.id: n.name for n in read(entity_graph, novel_id=novel, cap=2).nodes}
    assert nodes[kell] == "The Stranger" and stranger not in nodes
    hits = read(search, novel_id=novel, cap=2, q="Stranger", embedder=HashingEmbedder()).hits
    assert [(h.entity.id, h.entity.name) for h in hits if h.entity] == [(kell, "The Stranger")]


def test_merge_refuses_nonsense(story) -> None:
    novel, people = story
    with pytest.raises(InvalidInput), write_session() as session:
        merge_entities(session, novel_id=novel, source=people["Kell"], target=people["Kell"])
    with pytest.raises(NotFound), write_session() as session:
        merge_entities(session, novel_id=novel, source=uuid.uuid4(), target=people["Kell"])
