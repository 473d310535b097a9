"""Extraction cost and alignment per chapter: real LLM calls (fake provider), offline chapters, the cap."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.errors import ExtractionFailed
from continuum.pipeline.extract.llm import LlmExtractor
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from tests.pipeline.extract.llm.conftest import fake, llm_server, pride_chapters  # noqa: F401
from tests.pipeline.extract.llm.fake_server import FakeLlmServer

# A model in litellm's (installed) price table, so the fake provider's calls cost real dollars.
PRICED_MODEL = "openai/gpt-4o-mini"


@pytest.fixture()
def story(clean_db, fake: FakeLlmServer, pride_chapters: list[str]) -> Iterator[uuid.UUID]:  # noqa: F811
    """Chapters 1-2 of Pride and Prejudice read by the LLM extractor (2 with paraphrased quotes and
    a failed call), chapter 3 by the offline extractor."""
    llm = LlmExtractor(PRICED_MODEL, api_base=fake.url, api_key="test", timeout=5.0,
                       retry_backoff=0.01)
    with write_session() as session:
        novel = create_novel(session, title="Pride and Prejudice")
    analyze_chapter(novel_id=novel, number=1, text=pride_chapters[0], extractor=llm)
    fake.inject("server_error")
    fake.inject("paraphrase", times=1000)
    analyze_chapter(novel_id=novel, number=2, text=pride_chapters[1], extractor=llm)
    fake.reset()
    analyze_chapter(novel_id=novel, number=3, text=pride_chapters[2])
    yield novel


@pytest.fixture()
def client(story) -> Iterator[TestClient]:
    from continuum.api.app import create_app

    with TestClient(create_app(run_worker=False)) as test_client:
        yield test_client


def _billed(novel: uuid.UUID, through: int) -> dict[str, float]:
    """What llm_calls holds for chapters <= through, summed independently of the read."""
    with read_session() as session:
        row = session.execute(text(
            "SELECT count(*) AS calls, sum(tokens_in) AS tokens_in, sum(tokens_out) AS tokens_out, "
            "sum(tokens_cached) AS tokens_cached, sum(cost_usd) AS cost "
            "FROM llm_calls WHERE novel_id = :n AND chapter <= :c"), {"n": novel, "c": through}).one()
    return {"calls": row.calls, "tokens_in": row.tokens_in or 0, "tokens_out": row.tokens_out or 0,
            "tokens_cached": row.tokens_cached or 0, "cost": float(row.cost or 0)}


def test_costs_per_chapter_and_totals(client: TestClient, story: uuid.UUID) -> None:
    body = client.get(f"/api/novels/{story}/extraction", params={"cap": 3}).json()
    rows = {r["chapter"]: r for r in body["chapters"]}
    assert sorted(rows) == [1, 2, 3]
    first, second, offline = rows[1], rows[2], rows[3]

    assert first["extractor"] == f"llm:{PRICED_MODEL}" and first["llm"]
    assert first["calls"] >= 5 and first["failed_calls"] == 0
    assert first["cost_usd"] > 0 and first["tokens_in"] > first["tokens_cached"] > 0
    assert first["cached_share"] == pytest.approx(first["tokens_cached"] / first["tokens_in"], abs=1e-4)
    assert first["alignment"]["dropped_share"] <= 0.2 and not first["alignment"]["warning"]
    assert first["alignment"]["aligned"] > 0
    assert sum(p["calls"] for p in first["passes"]) == first["calls"]
    assert sum(p["cost_usd"] for p in first["passes"]) == pytest.approx(first["cost_usd"], abs=1e-5)

    # Paraphrased quotes are not in the text: dropped, and the chapter is flagged.
    assert second["alignment"]["warning"] and second["alignment"]["dropped_share"] > 0.2
    assert second["alignment"]["dropped"] > second["alignment"]["aligned"]
    for p in second["alignment"]["passes"]:
        assert p["returned"] == p["aligned"] + p["dropped"] + p["invalid"]
    assert second["failed_calls"] >= 1  # the 500 was billed as an attempt
    assert any(p["failed_calls"] for p in second["passes"])

    assert offline == {**offline, "extractor": "offline", "llm": False, "calls": 0, "cost_usd": 0.0,
                       "tokens_in": 0, "alignment": None, "passes": [], "stored": True}

    billed = _billed(story, 3)
    totals = body["totals"]
    assert totals["calls"] == billed["calls"] == first["calls"] + second["calls"]
    assert totals["tokens_in"] == billed["tokens_in"]
    assert totals["tokens_out"] == billed["tokens_out"]
    assert totals["tokens_cached"] == billed["tokens_cached"]
    assert totals["cost_usd"] == pytest.approx(billed["cost"], abs=1e-6)
    assert (totals["chapters"], totals["llm_chapters"], totals["alignment_warnings"]) == (3, 2, 1)
    assert body["drop_warning"] == 0.2


def test_the_cap_hides_later_chapters_costs(client: TestClient, story: uuid.UUID) -> None:
    at_one = client.get(f"/api/novels/{story}/extraction", params={"cap": 1}).json()
    assert [r["chapter"] for r in at_one["chapters"]] == [1]
    billed = _billed(story, 1)
    assert billed["calls"] < _billed(story, 3)["calls"]
    assert at_one["totals"]["calls"] == billed["calls"]
    assert at_one["totals"]["cost_usd"] == pytest.approx(billed["cost"], abs=1e-6)
    assert at_one["totals"]["alignment_warnings"] == 0  # chapter 2's warning is not shown
    assert '"chapter": 2' not in json.dumps(at_one)

    at_zero = client.get(f"/api/novels/{story}/extraction", params={"cap": 0}).json()
    assert at_zero["chapters"] == [] and at_zero["totals"]["calls"] == 0
    assert at_zero["totals"]["cost_usd"] == 0

    assert client.get(f"/api/novels/{story}/chapters/2/extraction", params={"cap": 1}).status_code == 404
    detail = client.get(f"/api/novels/{story}/chapters/2/extraction", params={"cap": 2}).json()
    listed = client.get(f"/api/novels/{story}/extraction", params={"cap": 2}).json()["chapters"][1]
    assert detail == listed and detail["alignment"]["warning"]
    # Without a cap the reader is at the latest chapter.
    assert len(client.get(f"/api/novels/{story}/extraction").json()["chapters"]) == 3


def test_failed_attempts_are_billed_to_their_chapter(client: TestClient, story: uuid.UUID,
                                                     fake: FakeLlmServer,  # noqa: F811
                                                     pride_chapters: list[str]) -> None:  # noqa: F811
    """A chapter whose extraction failed stored nothing, but its calls cost money; shown at its cap."""
    llm = LlmExtractor(PRICED_MODEL, api_base=fake.url, api_key="test", timeout=2.0,
                       max_retries=1, retry_backoff=0.01)
    fake.inject("server_error", times=1000)
    with pytest.raises(ExtractionFailed):
        analyze_chapter(novel_id=story, number=4, text=pride_chapters[3][:3000], extractor=llm)
    fake.reset()
    assert [r["chapter"] for r in client.get(f"/api/novels/{story}/extraction").json()["chapters"]] \
        == [1, 2, 3]  # the default cap is the latest stored chapter
    at_four = client.get(f"/api/novels/{story}/extraction", params={"cap": 4}).json()
    failed = at_four["chapters"][-1]
    assert (failed["chapter"], failed["stored"], failed["extractor"]) == (4, False, None)
    assert failed["calls"] == failed["failed_calls"] >= 1
    assert at_four["totals"]["chapters"] == 3
    assert client.get(f"/api/novels/{story}/chapters/4/extraction",
                      params={"cap": 4}).json()["calls"] == failed["calls"]


def test_unknown_novel_is_404(client: TestClient) -> None:
    assert client.get(f"/api/novels/{uuid.uuid4()}/extraction").status_code == 404
    assert client.get(f"/api/novels/{uuid.uuid4()}/chapters/1/extraction").status_code == 404
