"""The earlier chapters' records: stored with each chapter as it is written, read back for the
critic of the chapters after it (never a chapter beyond the cap), and read from the stored
text when a chapter has none stored (written before the column existed)."""

from __future__ import annotations

from sqlalchemy import text

from continuum.db.engine import write_session
from continuum.pipeline.critic.history import load_earlier_records
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel

FIRST = ("Tomas Marsh stood on the quay at dawn. He gave the silver compass to Ivo and walked "
         "back up the hill to the chapel without a word.")
SECOND = "Ivo Marsh flung the brass key into the harbour. Nobody saw him do it."


def _fates(earlier) -> list[tuple[int, str, list[str]]]:  # type: ignore[no-untyped-def]
    return [(number, fate.verb, fate.words) for number, fate in earlier.each("object_fates")]


def test_a_chapters_records_are_stored_with_it_and_read_back_below_no_later_cap(clean_db) -> None:
    with write_session() as session:
        novel = create_novel(session, title="The Lighthouse")
    analyze_chapter(novel_id=novel, number=1, text=FIRST)
    analyze_chapter(novel_id=novel, number=2, text=SECOND)
    with write_session() as session:
        stored = session.execute(text("SELECT number FROM chapters WHERE novel_id = :n AND "
                                      "records IS NOT NULL ORDER BY number"), {"n": novel}).scalars().all()
        assert stored == [1, 2]
        assert load_earlier_records(session, novel_id=novel, cap=0).chapters == ()
        at_one = _fates(load_earlier_records(session, novel_id=novel, cap=1))
        assert [(n, verb) for n, verb, _ in at_one] == [(1, "gave")]
        assert at_one[0][2][:2] == ["silver", "compass"]
        at_two = _fates(load_earlier_records(session, novel_id=novel, cap=2))
        assert [(n, verb) for n, verb, _ in at_two] == [(1, "gave"), (2, "flung")]


def test_records_none_stored_are_read_from_the_text_and_stored_with_the_next_chapter(clean_db) -> None:
    with write_session() as session:
        novel = create_novel(session, title="The Lighthouse")
    analyze_chapter(novel_id=novel, number=1, text=FIRST)
    with write_session() as session:
        stored = _fates(load_earlier_records(session, novel_id=novel, cap=1))
        session.execute(text("UPDATE chapters SET records = NULL WHERE novel_id = :n"), {"n": novel})
        read = load_earlier_records(session, novel_id=novel, cap=1)
        assert _fates(read) == stored and [n for n, _h, _r in read.unstored] == [1]
    analyze_chapter(novel_id=novel, number=2, text=SECOND)
    with write_session() as session:
        again = load_earlier_records(session, novel_id=novel, cap=1)
        assert again.unstored == () and _fates(again) == stored
