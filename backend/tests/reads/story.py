"""A four-chapter scripted story that exercises every fact table, for the read-layer tests.

    1  Ada Quill meets Bram Stone at Harrowgate; friends; Ada holds the silver key; the
       locked door (thread opened, setup planted); canon: Ada's eyes are grey.
    2  Friendship ends, rivalry starts; Ada gives Bram the key; Ada learns what it opens;
       "Finch" (ambiguous between Tom and Lily Finch) becomes a new entity.
    3  Kell arrives (the Stranger of chapter 1, merged in some tests); the cellar is opened:
       thread closed, setup paid; Ada is called "Addy"; Ada moves to the Old Tower.
    4  Bram dies; Ada and Bram reconcile.
"""

from __future__ import annotations

import uuid

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.schema import (
    CanonFactItem,
    ChapterExtraction,
    CommitmentItem,
    ContinuityFlagItem,
    DynamicsUpdate,
    EventItem,
    Evidence,
    KnowledgeDelta,
    RelationshipUpdate,
    SceneItem,
    StateDelta,
    Summaries,
    ThreadUpdate,
)
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.fakes import ScriptedExtractor, entity

CHAPTERS = {
    1: ("Ada Quill met Bram Stone at Harrowgate. The Stranger watched from the hill. "
        "Ada carried a silver key. Tom Finch and Lily Finch kept the inn at Harrowgate. "
        "Ada and Bram became friends. Ada had grey eyes. A locked door waited in the cellar."),
    2: ("Bram told Ada that the key opens the cellar. Finch argued with the Stranger. "
        "Ada gave the silver key to Bram. Ada and Bram were rivals now. "
        "The Old Tower rose above Harrowgate."),
    3: ("Kell came back to Harrowgate. Bram opened the cellar door with the silver key. "
        "Addy went up to the Old Tower. Kell was a ranger of the north."),
    4: "Bram Stone died in the cellar. Ada wept, and before the end they made peace.",
}


def ev(text_: str, quote: str) -> Evidence:
    """Evidence at the first occurrence of `quote`."""
    start = text_.index(quote)
    return Evidence(start=start, end=start + len(quote), quote=quote, rule="scripted")


def _chapter1(t: str) -> ChapterExtraction:
    return ChapterExtraction(
        new_entities=[entity(t, "Ada Quill", "character", "Ada"), entity(t, "Bram Stone"),
                      entity(t, "The Stranger"), entity(t, "Tom Finch"), entity(t, "Lily Finch"),
                      entity(t, "Harrowgate", "location"), entity(t, "silver key", "object")],
        state_deltas=[StateDelta(kind="gained", subject="Ada", object="silver key",
                                 evidence=ev(t, "Ada carried a silver key")),
                      StateDelta(kind="arrived_at", subject="Ada", object="Harrowgate",
                                 evidence=ev(t, "met Bram Stone at Harrowgate")),
                      StateDelta(kind="arrived_at", subject="Bram Stone", object="Harrowgate",
                                 evidence=ev(t, "met Bram Stone at Harrowgate"))],
        relationship_updates=[RelationshipUpdate(source="Ada", target="Bram Stone",
                                                 type="friend_of", symmetric=True,
                                                 evidence=ev(t, "Ada and Bram became friends"))],
        dynamics_updates=[DynamicsUpdate(a="Ada", b="Bram Stone", tone="warm", tension=0.1,
                                         evidence=ev(t, "became friends"))],
        thread_updates=[ThreadUpdate(thread="The locked door", action="open",
                                     summary="A door in the cellar is locked.", entities=["Ada"],
                                     evidence=ev(t, "A locked door waited in the cellar"))],
        commitments=[CommitmentItem(kind="setup", key="locked door", weight=0.8,
                                    detail="A locked door waits in the cellar.",
                                    evidence=ev(t, "A locked door waited in the cellar")),
                     CommitmentItem(kind="setup", key="watcher on the hill",
                                    detail="The Stranger watches from the hill.",
                                    evidence=ev(t, "The Stranger watched from the hill"))],
        canon_facts=[CanonFactItem(subject="Ada", predicate="eye colour", value="grey",
                                   evidence=ev(t, "Ada had grey eyes"))],
        events=[EventItem(type="meeting", summary="Ada meets Bram at Harrowgate.", subject="Ada",
                          verb="meet", object="Bram Stone", participants=["Ada", "Bram Stone"],
                          impact=0.6, evidence=ev(t, "Ada Quill met Bram Stone"))],
        scene_segmentation=[SceneItem(index=0, start=0, end=len(t), pov="Ada",
                                      location="Harrowgate", summary="Ada meets Bram.",
                                      present=["Ada", "Bram Stone", "The Stranger"])],
        multi_granularity_summaries=Summaries(short="Ada meets Bram at Harrowgate."),
    )


def _chapter2(t: str) -> ChapterExtraction:
    return ChapterExtraction(
        new_entities=[entity(t, "Ada", "character"), entity(t, "Bram", "character"),
                      entity(t, "Finch"), entity(t, "The Stranger"),
                      entity(t, "Old Tower", "location"), entity(t, "silver key", "object")],
        state_deltas=[StateDelta(kind="gave", subject="Ada", object="silver key",
                                 evidence=ev(t, "Ada gave the silver key")),
                      StateDelta(kind="received", subject="Bram", object="silver key",
                                 evidence=ev(t, "gave the silver key to Bram"))],
        relationship_updates=[
            RelationshipUpdate(source="Ada", target="Bram", type="friend_of", symmetric=True,
                               ended=True, evidence=ev(t, "rivals now")),
            RelationshipUpdate(source="Ada", target="Bram", type="rival_of", symmetric=True,
                               evidence=ev(t, "Ada and Bram were rivals now"))],
        knowledge_state_deltas=[KnowledgeDelta(knower="Ada", fact="the key opens the cellar",
                                               how="told", source="Bram",
                                               evidence=ev(t, "the key opens the cellar"))],
        thread_updates=[ThreadUpdate(thread="The locked door", action="progress",
                                     summary="The key opens the cellar.", entities=["Bram"],
                                     evidence=ev(t, "the key opens the cellar"))],
        continuity_flags=[ContinuityFlagItem(kind="foreshadowing", entities=["The Stranger"],
                                             description="The Stranger quarrels with Finch.",
                                             evidence=ev(t, "Finch argued with the Stranger"))],
        events=[EventItem(type="transfer", summary="Ada gives the silver key to Bram.",
                          subject="Ada", verb="give", object="Bram", impact=0.8, story_order=1,
                          participants=["Ada", "Bram"], evidence=ev(t, "Ada gave the silver key")),
                EventItem(type="conflict", summary="Finch argues with the Stranger.",
                          subject="Finch", verb="argue", object="The Stranger", impact=0.3,
                          story_order=0,
                          participants=["Finch", "The Stranger"],
                          evidence=ev(t, "Finch argued with the Stranger"))],
        scene_segmentation=[SceneItem(index=0, start=0, end=len(t), pov="Ada",
                                      location="Harrowgate", summary="The key changes hands.",
                                      present=["Ada", "Bram", "The Stranger"])],
        multi_granularity_summaries=Summaries(short="Ada gives Bram the silver key."),
    )


def _chapter3(t: str) -> ChapterExtraction:
    return ChapterExtraction(
        new_entities=[entity(t, "Kell"), entity(t, "Bram", "character"),
                      entity(t, "Ada", "character", "Addy"), entity(t, "Old Tower", "location"),
                      entity(t, "Harrowgate", "location"), entity(t, "silver key", "object")],
        state_deltas=[StateDelta(kind="moved_to", subject="Addy", object="Old Tower",
                                 evidence=ev(t, "Addy went up to the Old Tower"))],
        relationship_updates=[RelationshipUpdate(source="Kell", target="Addy", type="mentor_of",
                                                 evidence=ev(t, "Kell came back"))],
        thread_updates=[ThreadUpdate(thread="The locked door", action="close",
                                     summary="Bram opens the cellar door.", entities=["Bram"],
                                     evidence=ev(t, "Bram opened the cellar door"))],
        commitments=[CommitmentItem(kind="payoff", key="locked door",
                                    detail="The cellar door is opened.",
                                    evidence=ev(t, "Bram opened the cellar door"))],
        canon_facts=[CanonFactItem(subject="Kell", predicate="title", value="ranger",
                                   evidence=ev(t, "Kell was a ranger of the north"))],
        events=[EventItem(type="discovery", summary="Bram opens the cellar door with the key.",
                          subject="Bram", verb="open", impact=0.9, participants=["Bram"],
                          evidence=ev(t, "Bram opened the cellar door"))],
        scene_segmentation=[SceneItem(index=0, start=0, end=len(t), pov="Kell",
                                      location="Harrowgate", summary="Kell returns.",
                                      present=["Kell", "Bram", "Addy"])],
        multi_granularity_summaries=Summaries(short="Kell returns; the cellar is opened."),
    )


def _chapter4(t: str) -> ChapterExtraction:
    return ChapterExtraction(
        new_entities=[entity(t, "Bram Stone"), entity(t, "Ada", "character")],
        state_deltas=[StateDelta(kind="died", subject="Bram Stone",
                                 evidence=ev(t, "Bram Stone died"))],
        relationship_updates=[RelationshipUpdate(source="Ada", target="Bram Stone",
                                                 type="reconciled_with", symmetric=True,
                                                 evidence=ev(t, "they made peace"))],
        events=[EventItem(type="death", summary="Bram dies in the cellar.", subject="Bram Stone",
                          verb="die", impact=1.0, participants=["Bram Stone"],
                          evidence=ev(t, "Bram Stone died"))],
        multi_granularity_summaries=Summaries(short="Bram dies."),
    )


SCRIPTS = {1: _chapter1, 2: _chapter2, 3: _chapter3, 4: _chapter4}


def script(text_: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    return SCRIPTS[number](text_)


def ingest_story(upto: int = 4, title: str = "Harrowgate") -> uuid.UUID:
    """Create a novel and run chapters 1..upto through the real spine, then index them."""
    from continuum.jobs.worker import Worker

    with write_session() as session:
        novel_id = create_novel(session, title=title)
    extractor = ScriptedExtractor(script)
    for number in range(1, upto + 1):
        analyze_chapter(novel_id=novel_id, number=number, text=CHAPTERS[number],
                        extractor=extractor)
    Worker(kinds=("index",)).drain()
    return novel_id


def ingest_scripted(title: str, chapters: dict[int, str], script_of) -> uuid.UUID:  # type: ignore[no-untyped-def]
    """Create a novel and run `chapters` through the real spine with a scripted extractor."""
    with write_session() as session:
        novel_id = create_novel(session, title=title)
    extractor = ScriptedExtractor(script_of)
    for number, chapter in chapters.items():
        analyze_chapter(novel_id=novel_id, number=number, text=chapter, extractor=extractor)
    return novel_id


def ids(novel_id: uuid.UUID) -> dict[str, uuid.UUID]:
    """Entity ids by their latest name."""
    with read_session() as session:
        rows = session.execute(text(
            """SELECT DISTINCT ON (entity_id) entity_id, name FROM entity_versions
                WHERE novel_id = :n ORDER BY entity_id, chapter DESC"""), {"n": novel_id}).all()
    return {r.name: r.entity_id for r in rows}


def supersede(novel_id: uuid.UUID, old_type: str, new_type: str) -> None:
    """Mark the `old_type` relationship superseded by the `new_type` one (the spine never does)."""
    with write_session() as session:
        session.execute(text(
            """UPDATE relationships r SET superseded_by_id = (
                   SELECT id FROM relationships WHERE novel_id = :n AND type = :new)
                WHERE novel_id = :n AND type = :old"""),
            {"n": novel_id, "old": old_type, "new": new_type})


def set_parent(novel_id: uuid.UUID, child: uuid.UUID, parent: uuid.UUID, chapter: int) -> None:
    """Assert a location's parent in a chapter (the spine does not persist `parent` yet)."""
    with write_session() as session:
        session.execute(text(
            """UPDATE entity_versions SET parent_id = :p
                WHERE novel_id = :n AND entity_id = :c AND chapter = :ch"""),
            {"n": novel_id, "c": child, "p": parent, "ch": chapter})
