"""The possession check compares a draft with the earlier chapters' records, read when those
chapters were written and stored with them (`chapters.records`), through the real spine on the
embedded Postgres: their hand-overs (`ObjectFate`) and their nouns of a kind (`NounOfKind`)."""

from __future__ import annotations

import uuid

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.critic.runner import critique_draft
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel

EXTRACTOR = OfflineExtractor()


def _story(*chapters: str) -> uuid.UUID:
    with write_session() as session:
        novel = create_novel(session, title="The Forge")
    for number, chapter in enumerate(chapters, 1):
        analyze_chapter(novel_id=novel, number=number, text=chapter, policy="warn", extractor=EXTRACTOR)
    return novel


def _possession(novel: uuid.UUID, number: int, draft: str) -> list[tuple[str, str]]:
    with read_session() as session:
        outcome = critique_draft(session, novel_id=novel, number=number, text=draft, extractor=EXTRACTOR)
    assert outcome.status == "ok", outcome.error
    return [(f.severity, f.message) for f in outcome.findings if f.check == "possession"]


def test_an_earlier_chapters_stored_hand_over_decides_who_has_an_object_the_world_does_not_hold(
        clean_db) -> None:
    novel = _story("Greta Holm and Nils Brand kept the inn by the harbour. Nils Brand took the gold watch.",
                   "Nils handed the gold watch back to Greta.")
    found = _possession(novel, 3, "Nils Brand wound the gold watch and held it to his ear.")
    assert [s for s, _m in found] == ["WARN"]
    assert "chapter 2 last leaves it with Greta Holm" in found[0][1]
    assert _possession(novel, 3, "Greta Holm wound the gold watch and held it to her ear.") == []
    # the check reads chapter 2's stored records, not its text: with its hand-overs stored as
    # none, chapter 1 (Nils took it) is the last word, and Nils may wind it
    with write_session() as session:
        session.execute(text("UPDATE chapters SET records = jsonb_set(records, '{object_fates}', '[]') "
                             "WHERE novel_id = :n AND number = 2"), {"n": novel})
    assert _possession(novel, 3, "Nils Brand wound the gold watch and held it to his ear.") == []


def test_another_key_of_an_earlier_chapter_makes_a_bare_key_only_a_warn(clean_db) -> None:
    draft = "Aldous Finch locked the cellar, and put the key on his watch chain."
    lost = "Aldous Finch flung the brass key into the harbour."
    novel = _story("Aldous Finch kept the counting house. Harriet Finch put the drawer key back under "
                   "the inkstand.", lost)
    with read_session() as session:
        stored = session.execute(text("SELECT records->'nouns_of_kind' FROM chapters WHERE novel_id = :n "
                                      "AND number = 1"), {"n": novel}).scalar_one()
    assert {"head": "key", "kind": "drawer"} in stored
    found = _possession(novel, 3, draft)
    assert [s for s, _m in found] == ["WARN"] and "lost in chapter 2" in found[0][1]
    # with no other key in the story, "the key" is the brass key, and it was lost
    novel = _story("Aldous Finch kept the counting house. Harriet Finch put the ledger back under the "
                   "inkstand.", lost)
    assert [s for s, _m in _possession(novel, 3, draft)] == ["FAIL"]
