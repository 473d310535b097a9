"""CANONICALIZE in the spine: a nickname no rule can place is matched by the LLM, once."""

from __future__ import annotations

from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.fakes import ScriptedExtractor, entity
from tests.pipeline.extract.llm.conftest import MODEL

CH1 = "Aldous Finch kept the Guild's books."
CH2 = "Old Finchy smiled at the sea."


def script(text_: str, number: int, context) -> ChapterExtraction:
    name = "Aldous Finch" if number == 1 else "Old Finchy"
    return ChapterExtraction(new_entities=[entity(text_, name)])


def test_the_llm_places_a_name_no_rule_can(clean_db, fake, monkeypatch) -> None:
    from continuum.settings import get_settings

    for key, value in {"LLM_MODEL": MODEL, "LLM_API_BASE": fake.url, "LLM_API_KEY": "test",
                       "LLM_TIMEOUT": "5"}.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    fake.script("canonicalize", {"items": [{"name": "Old Finchy", "match": "Aldous Finch"}]})
    try:
        with write_session() as session:
            novel_id = create_novel(session, title="Saltmere")
        extractor = ScriptedExtractor(script)
        analyze_chapter(novel_id=novel_id, number=1, text=CH1, extractor=extractor)
        result = analyze_chapter(novel_id=novel_id, number=2, text=CH2, extractor=extractor)
    finally:
        get_settings.cache_clear()
    assert result.written["canonicalized"] == 1
    with read_session() as session:
        entities = session.execute(text("SELECT count(*) FROM entities")).scalar_one()
        aliases = session.execute(text(
            "SELECT aliases FROM entity_versions WHERE chapter = 2")).scalar_one()
        calls = session.execute(text("SELECT pass_name FROM llm_calls")).scalars().all()
    assert entities == 1 and "Old Finchy" in aliases
    assert calls == ["canonicalize_character"]
    assert [r.passes for r in fake.requests] == [("canonicalize",)]
