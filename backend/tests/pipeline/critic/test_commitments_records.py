"""The commitments check compares the acts a later draft refers back to with the records the
earlier chapters' reading stored (`told_acts`, `exchanges` in `chapters.records`), not their
text: real embedded Postgres, the real spine and the offline extractor."""

from __future__ import annotations

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.language.promises import told
from continuum.pipeline.critic.history import load_earlier_records
from continuum.pipeline.critic.runner import critique_draft
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.extract.schema import ChapterRecords
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel

SCENES = ("Ruth Penrose sat on the ferry steps in the rain. Hal Brandt walked Ruth home from the "
          "fair. The carter had a new horse at the fair.")
AGREED = "At the fair Hal and the carter agreed that the cart would wait at the mill gate."
ASKED = ('"Burn the letters," said the old woman on the ferry steps. "All of them, before the '
         'wedding. Promise me."\n\n"I will," said Ruth.\n\nThe rain came on again.')
PLAIN = "The rain came on again, and Ruth went in."
ARRANGED = ("Hal found the cart waiting at the mill gate, exactly as he and the carter had agreed "
            "at the fair.")
PROMISED = ("On the ferry steps Ruth had promised the old woman that she would burn the letters "
            "before the wedding.")


def _story(second: str) -> object:
    extractor = OfflineExtractor()
    with write_session() as session:
        novel = create_novel(session, title="The Mill")
    analyze_chapter(novel_id=novel, number=1, text=SCENES, policy="warn", extractor=extractor)
    analyze_chapter(novel_id=novel, number=2, text=second, policy="warn", extractor=extractor)
    return novel


def _severities(novel: object, draft: str) -> list[str]:
    with read_session() as session:
        outcome = critique_draft(session, novel_id=novel, number=3, text=draft,  # type: ignore[arg-type]
                                 extractor=OfflineExtractor())
    assert outcome.status == "ok", outcome.error
    return [f.severity for f in outcome.findings if f.check == "commitments"]


def _forget(novel: object, kind: str) -> None:
    """Chapter 2's stored records without the records of one kind (its text unchanged)."""
    with write_session() as session:
        stored = session.execute(text("SELECT records::text FROM chapters "
                                      "WHERE novel_id = :n AND number = 2"), {"n": novel}).scalar_one()
        records = ChapterRecords.model_validate_json(stored).model_copy(update={kind: []})
        session.execute(text("UPDATE chapters SET records = CAST(:r AS jsonb) "
                             "WHERE novel_id = :n AND number = 2"),
                        {"r": records.model_dump_json(), "n": novel})


def test_an_agreement_an_earlier_chapter_told_is_on_record_by_its_stored_act(clean_db) -> None:
    novel = _story(AGREED)
    with read_session() as session:
        acts = list(load_earlier_records(session, novel_id=novel, cap=2).each("told_acts"))  # type: ignore[arg-type]
    assert [(n, told("agree", act.families), {"cart", "mill", "gate"} <= set(act.words)) for n, act in acts] \
        == [(2, True, True)]
    assert _severities(novel, ARRANGED) == []
    _forget(novel, "told_acts")  # the text still tells it; the check reads the record
    assert _severities(novel, ARRANGED) == ["FAIL"]


def test_a_request_answered_i_will_is_a_promise_on_record_by_its_stored_exchange(clean_db) -> None:
    novel = _story(ASKED)
    with read_session() as session:
        exchanges = list(load_earlier_records(session, novel_id=novel, cap=2).each("exchanges"))  # type: ignore[arg-type]
    assert [(n, exchange.start) for n, exchange in exchanges] == [(2, ASKED.index('"I will,"'))]
    assert any({"burn", "letters"} <= set(words) for words in exchanges[0][1].asked)
    assert _severities(novel, PROMISED) == []
    _forget(novel, "exchanges")
    assert _severities(novel, PROMISED) == ["FAIL"]


def test_a_promise_no_earlier_chapter_records_fails(clean_db) -> None:
    novel = _story(PLAIN)
    assert _severities(novel, PROMISED) == ["FAIL"]
    assert _severities(novel, ARRANGED) == ["FAIL"]


def test_a_chapter_with_no_records_stored_has_its_acts_and_exchanges_read_from_its_text(clean_db) -> None:
    novel = _story(ASKED + " " + AGREED)
    with write_session() as session:
        stored = load_earlier_records(session, novel_id=novel, cap=2)  # type: ignore[arg-type]
        session.execute(text("UPDATE chapters SET records = NULL WHERE novel_id = :n"), {"n": novel})
        read = load_earlier_records(session, novel_id=novel, cap=2)  # type: ignore[arg-type]
    for kind in ("told_acts", "exchanges"):
        assert list(read.each(kind)) == list(stored.each(kind)) != [], kind
    assert _severities(novel, PROMISED) == []
