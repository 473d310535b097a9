"""The critique with an LLM configured: the checks compare the LLM's claims, so a
contradiction only the model reads is caught by the check that owns it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.canon_admin import lock_fact
from continuum.pipeline.critic.runner import critique_draft
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.pipeline.extract.llm.conftest import make_extractor
from tests.pipeline.extract.llm.fake_server import FakeLlmServer

CHAPTER_1 = ("Aldous Finch died of the fever in the first week of the winter. The whole town "
             "buried Aldous Finch beside the chapel, and his daughter wept at the grave.")
# No verb the offline reader takes for an act: a sentence fragment about the dead man.
DRAFT = ("At the harbour wall at dawn, Aldous Finch, with his ledger open on his knee, and the "
         "boats one by one under his eye as they came in.")


def _critiques(fake: FakeLlmServer, chapter_1: str, draft: str, lock: str | None = None) -> tuple[Any, Any]:
    """Chapter 1 read offline (its canon facts of the predicate `lock` locked), then the draft
    of chapter 2 critiqued by the offline reader and by the LLM (the fake server), for the same
    world; the LLM's critique must have run."""
    with write_session() as session:
        novel_id = create_novel(session, title="Saltmere")
    analyze_chapter(novel_id=novel_id, number=1, text=chapter_1, extractor=OfflineExtractor())
    if lock is not None:
        with write_session() as session:
            for (fact_id,) in session.execute(text(
                    "SELECT id FROM canon_facts WHERE novel_id = :n AND predicate = :p"),
                    {"n": novel_id, "p": lock}).all():
                lock_fact(session, novel_id=novel_id, fact_id=fact_id)
    with read_session() as session:
        offline = critique_draft(session, novel_id=novel_id, number=2, text=draft,
                                 extractor=OfflineExtractor())
        llm = critique_draft(session, novel_id=novel_id, number=2, text=draft,
                             extractor=make_extractor(fake))
    assert llm.status == "ok", llm.error
    return offline, llm


def test_a_contradiction_only_the_llm_reads_is_caught_by_the_entity_check(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    fake.script("events", {"items": [{
        "type": "action", "summary": "Aldous Finch counts the boats at the harbour",
        "subject": "Aldous Finch", "verb": "count", "object": None,
        "participants": ["Aldous Finch"], "impact": 0.5,
        "evidence": {"quote": DRAFT, "confidence": 0.9}}]})
    offline, llm = _critiques(fake, CHAPTER_1, DRAFT)
    assert offline.status == "ok" and not [f for f in offline.findings if f.check == "entity"]
    dead = [f for f in llm.findings if f.check == "entity"]
    assert dead and dead[0].severity == "FAIL", llm.findings
    assert "Aldous Finch died in chapter 1" in dead[0].message
    assert dead[0].draft_quote == DRAFT and dead[0].evidence_chapter == 1
    assert llm.calls and all(c.status == "ok" for c in llm.calls)  # what the critique cost


HELD = ("Tomas Brandt and his brother Ivo Brandt walked down to the harbour, where Mara Finch was "
        "waiting for them. Tomas said he was sorry. Tomas Brandt gave the silver compass to Ivo "
        "Brandt, and Ivo thanked him. Mara Finch smiled at her friends and said goodbye.")
USED = ("Mara Finch came down to the quay alone and sat on the wall. Mara Finch turned the silver "
        "compass over in her palm.")


def test_with_an_llm_the_possession_check_still_compares_the_objects_of_the_draft(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no `ObjectUse` records; the offline reader's stand in, so a held
    object used by someone else is caught whichever extractor read the draft."""
    offline, llm = _critiques(fake, HELD, USED)
    held = [f.message for f in offline.findings if f.check == "possession"]
    assert held and "Ivo Brandt holds it since chapter 1" in held[0], offline.findings
    assert [f.message for f in llm.findings if f.check == "possession"] == held


FOUND_FIRST = ("Mara Finch came down to the quay alone. At dawn the silver compass was found in the "
               "nets. Mara Finch turned the silver compass over in her palm.")


def test_with_an_llm_the_possession_check_still_reads_a_thing_moved_on_in_the_draft(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no `ObjectFate` records; the offline reader's stand in, so a held
    object the draft has found again before someone uses it is no contradiction whichever
    extractor read the draft (without them the LLM's critique FAILs the use)."""
    offline, llm = _critiques(fake, HELD, FOUND_FIRST)
    assert [f for f in offline.findings if f.check == "possession"] == []
    assert [f for f in llm.findings if f.check == "possession"] == []
    assert llm.reading.extraction.object_fates == []  # the LLM's own claims: none
    used = [f for f in _critiques(fake, HELD, USED)[1].findings if f.check == "possession"]
    assert [f.severity for f in used] == ["FAIL"]  # the same use, with nothing found before it


PROMISED = ("Mara Finch came down to the quay alone and sat on the wall. Exactly as Tomas Brandt "
            "had agreed with her at the regatta, Mara Finch sold the boat.")


def test_with_an_llm_the_commitments_check_still_compares_the_acts_referred_back_to(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no back-references; the offline reader's stand in, so an
    agreement the record never shows is caught whichever extractor read the draft."""
    offline, llm = _critiques(fake, HELD, PROMISED)
    agreed = [f.message for f in offline.findings if f.check == "commitments"]
    assert agreed, offline.findings
    assert [f.message for f in llm.findings if f.check == "commitments"] == agreed


PAID = ("Mara Finch came down to the quay alone and dug beneath the third stone of the wall. She "
        "lifted out the tin box her father had buried there forty years ago. Inside lay the green "
        "silk shawl that Tomas Brandt had promised her at the harbour.")


def test_with_an_llm_the_commitments_check_still_compares_the_payoffs(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no payoffs; the offline reader's stand in, so a thing paid off that
    was never set up, and one delivered by a promise the record never shows, are caught whichever
    extractor read the draft."""
    offline, llm = _critiques(fake, HELD, PAID)
    paid = [f.message for f in offline.findings if f.check == "commitments"]
    assert any("pays off 'tin box'" in m for m in paid), offline.findings
    assert any("what Tomas Brandt had promised ('green silk shawl')" in m for m in paid), paid
    assert [f.message for f in llm.findings if f.check == "commitments"] == paid


SECRET = ("Mara Finch and Tomas Brandt walked down to the harbour in the rain. Mara Finch learned "
          "that the stranger was Ivo Marsh. Tomas Brandt went home to his supper.")
TOLD = ("Tomas Brandt came down to the quay alone and sat on the wall. Tomas Brandt told the "
        "carter at the gate that the stranger was Ivo Marsh, home at last.")


def test_with_an_llm_the_knowledge_check_still_reads_a_characters_own_words(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no voices; the offline reader's stand in, so a secret identity
    given away in a reported clause by someone who has not learned it is caught whichever
    extractor read the draft."""
    offline, llm = _critiques(fake, SECRET, TOLD)
    said = [f.message for f in offline.findings if f.check == "knowledge" and "says who" in f.message]
    assert said and "Tomas Brandt says who Ivo Marsh is" in said[0], offline.findings
    assert [f.message for f in llm.findings if f.check == "knowledge" and "says who" in f.message] == said


KNEW = ("Tomas Brandt came down to the quay alone and sat on the wall. Tomas Brandt knew now that "
        "the stranger was Ivo Marsh.")


def test_with_an_llm_the_knowledge_check_still_reads_who_knows_who_someone_is(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no verbs of knowing who someone is; the offline reader's stand
    in, so a secret identity known in narration by someone who has not learned it is caught
    whichever extractor read the draft."""
    offline, llm = _critiques(fake, SECRET, KNEW)
    knew = [f.message for f in offline.findings if f.check == "knowledge" and "knew who" in f.message]
    assert knew and "Tomas Brandt knew who Ivo Marsh is" in knew[0], offline.findings
    assert [f.message for f in llm.findings if f.check == "knowledge" and "knew who" in f.message] == knew


SAID = ("Tomas Brandt came down to the quay alone and sat on the wall.\n\n"
        "\"That stranger on the jetty is Ivo Marsh,\" said Tomas Brandt.")
WROTE = ("Tomas Brandt came down to the quay alone and sat on the wall. Tomas Brandt wrote on the "
         "parcel in a large hand: Mr. Ivo Marsh, the lighthouse.")


def test_with_an_llm_the_knowledge_check_still_reads_names_in_speech_and_on_paper(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no quoted speech with its names, nor names put to paper; the
    offline reader's stand in, so a secret identity said or written out by someone who has not
    learned it is caught whichever extractor read the draft."""
    for draft, wanted in ((SAID, "Tomas Brandt says who Ivo Marsh is"),
                          (WROTE, "Tomas Brandt wrote the name Ivo Marsh")):
        offline, llm = _critiques(fake, SECRET, draft)
        found = [f.message for f in offline.findings if f.check == "knowledge" and wanted in f.message]
        assert found, offline.findings
        assert [f.message for f in llm.findings if f.check == "knowledge" and wanted in f.message] == found

ACTS = ("Mara Finch came down to the quay alone and sat on the wall. Aldous Finch was counting the "
        "boats as they came in.")


def test_with_an_llm_the_entity_check_still_reads_who_acts(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no acts with their subjects; the offline reader's stand in, so
    the dead acting in the narration's now is caught whichever extractor read the draft."""
    offline, llm = _critiques(fake, CHAPTER_1, ACTS)
    assert [f.severity for f in offline.findings if f.check == "entity"] == ["FAIL"], offline.findings
    dead = [f for f in llm.findings if f.check == "entity"]
    assert [(f.severity, f.message) for f in dead] == [
        ("FAIL", "Aldous Finch died in chapter 1 but acts here (counting)")], llm.findings
    assert dead[0].draft_quote == "Aldous Finch was counting the boats as they came in."


WRECKED = ("Hal Brandt was thirty years old. Their father had been lost at sea twelve years before, "
           "when the Merlin went down off the weir mouth.")
NINE = '"I was nine years old the year the Merlin went down," said Hal Brandt.'


def test_with_an_llm_the_canon_check_still_sums_an_age_at_a_dated_event(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """The LLM's claims carry no ages at a dated event; the offline reader's stand in, so an age
    the years since a wreck make impossible is caught whichever extractor read the draft."""
    offline, llm = _critiques(fake, WRECKED, NINE, lock="age")
    summed = [f.message for f in offline.findings if f.check == "canon"]
    assert summed and "which makes Hal Brandt 21; the locked age is 30" in summed[0], offline.findings
    assert [f.message for f in llm.findings if f.check == "canon"] == summed


WINTERS = ("Hal Brandt went red to the ears, as he had not done since he was fourteen. Hal Brandt "
           "had fourteen winters behind him and no more.")


def test_with_an_llm_the_canon_check_weighs_the_llms_facts_as_the_offline_reader_frames_them(
    clean_db: Any, fake: FakeLlmServer,
) -> None:
    """An age only the LLM reads is framed by the offline reader (a time clause, whom its
    sentence names), so a named age contradicting the lock FAILs and one "since he was fourteen"
    is about then."""
    fake.script("canon_facts", {"items": [
        {"subject": "Hal Brandt", "predicate": "age", "value": "14", "kind": "attribute",
         "confidence": 0.9, "evidence": {"quote": quote, "confidence": 0.9}}
        for quote in ("he was fourteen", "Hal Brandt had fourteen winters behind him")]})
    offline, llm = _critiques(fake, WRECKED, WINTERS, lock="age")
    assert not [f for f in offline.findings if f.check == "canon"], offline.findings
    found = [(f.severity, f.draft_quote) for f in llm.findings if f.check == "canon"]
    assert found == [("FAIL", "Hal Brandt had fourteen winters behind him and no more.")], llm.findings
