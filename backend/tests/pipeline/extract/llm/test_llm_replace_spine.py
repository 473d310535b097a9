"""Replacing a chapter with an LLM configured: the later chapters are read again through the
same stages as a first write, so their calls are billed and their names canonicalized."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.llm import CALL_GROUPS
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.pipeline.extract.llm.conftest import MODEL, make_extractor
from tests.pipeline.extract.llm.fake_server import FakeLlmServer

CHAPTERS = [
    "Aldous Finch kept the books of the guild in a cold room. Aldous Finch was a careful man.",
    "Old Finchy smiled at the grey sea that morning. Old Finchy was happy for once in his life.",
    "Uncle Al walked along the harbour wall at dawn. Uncle Al counted the boats as they came in.",
]
EDITED = ("Aldous Finch kept the ledgers of the guild in a cold room. Aldous Finch was a careful "
          "man.")
NICKNAMES = {"Old Finchy": "Aldous Finch", "Uncle Al": "Aldous Finch"}


def nicknames(source: str) -> dict[str, Any]:
    """The model's answer to a canonicalize call: each nickname matched, nothing else."""
    names = json.loads(source).get("names", [])
    return {"items": [{"name": n, "match": NICKNAMES.get(n)} for n in names]}


@pytest.fixture()
def llm_settings(fake: FakeLlmServer, monkeypatch: pytest.MonkeyPatch) -> Any:
    from continuum.settings import get_settings

    for key, value in {"LLM_MODEL": MODEL, "LLM_API_BASE": fake.url, "LLM_API_KEY": "test",
                       "LLM_TIMEOUT": "5"}.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def _calls() -> dict[int, Counter[str]]:
    with read_session() as session:
        rows = session.execute(text("SELECT chapter, pass_name FROM llm_calls")).all()
    out: dict[int, Counter[str]] = {}
    for chapter, pass_name in rows:
        out.setdefault(chapter, Counter())[pass_name] += 1
    return out


def test_replacing_a_chapter_bills_and_canonicalizes_every_rebuilt_chapter(
    clean_db: Any, fake: FakeLlmServer, llm_settings: Any,
) -> None:
    fake.script("canonicalize", nicknames)
    with write_session() as session:
        novel_id = create_novel(session, title="Saltmere")
    extractor = make_extractor(fake)
    for number, chapter in enumerate(CHAPTERS, start=1):
        analyze_chapter(novel_id=novel_id, number=number, text=chapter, extractor=extractor)
    before = _calls()

    result = analyze_chapter(novel_id=novel_id, number=1, text=EDITED, replace=True,
                             extractor=extractor)

    assert result.written["rebuilt_chapters"] == 2
    after = _calls()
    for number in (2, 3):
        spent = after[number] - before[number]
        assert {name for name, _ in CALL_GROUPS} <= set(spent), number  # read again, billed
        assert spent["canonicalize_character"] == 1, number
    with read_session() as session:
        people = session.execute(text(
            "SELECT e.id, v.chapter, v.aliases FROM entities e JOIN entity_versions v "
            "ON v.entity_id = e.id WHERE e.type = 'character' AND v.chapter > 1")).all()
        stats = dict(session.execute(text(
            "SELECT number, extraction_stats FROM chapters")).all())
    aliases = {chapter: set(names) for _, chapter, names in people}
    assert "Old Finchy" in aliases[2] and "Uncle Al" in aliases[3]
    assert len({entity for entity, _, _ in people}) == 1  # the nicknames are Aldous Finch
    assert all("alignment" in stats[n] and stats[n]["chunks"] == 1 for n in (1, 2, 3))
