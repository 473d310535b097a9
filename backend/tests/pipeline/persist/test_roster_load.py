"""The roster loaded before a chapter: names, kinds and how often each name was used."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.persist.roster_load import load_roster
from continuum.pipeline.segment.books import split_book
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel


def test_a_person_first_taken_for_a_place_has_his_name_uses_counted(clean_db, shared_data: Path) -> None:
    """Treasure Island: "Redruth" of chapter 6, on its one mention, is taken for a town; from
    chapter 7 the entity is Tom Redruth the gamekeeper. His page's title goes by how often the
    book uses each of his names, so those counts must be there for him as for anyone founded
    as a person ("Thomas Redruth", once in the log's list, must not outweigh "Tom Redruth")."""
    novel_text = (shared_data / "novels" / "treasure_island.txt").read_text(encoding="utf-8")
    chapters = [c.text for c in split_book(novel_text)]
    with write_session() as session:
        novel = create_novel(session, title="Treasure Island")
    for number in range(1, 8):
        analyze_chapter(novel_id=novel, number=number, text=chapters[number - 1])
    with read_session() as session:
        roster = load_roster(session, novel_id=novel, before_chapter=8)
        founded = dict(session.execute(text("SELECT id, type FROM entities WHERE novel_id = :n"),
                                       {"n": novel}).all())
    redruth = next(e for e in roster.entries.values() if e.name == "Tom Redruth")
    assert redruth.type == "character" and founded[redruth.id] == "location"
    assert redruth.name_uses.get("tom redruth", 0) >= 1
    assert redruth.name_uses.get("redruth", 0) >= 2
