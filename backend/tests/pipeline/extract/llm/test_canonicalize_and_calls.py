"""LLM canonicalization against the fake provider, and call records written to `llm_calls`."""

from __future__ import annotations

import json
import uuid

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

from continuum.errors import ExtractionFailed
from continuum.pipeline.extract.llm import LlmCall, canonicalize_with_llm, record_llm_calls
from continuum.pipeline.extract.llm.canonicalize import nearest
from tests.pipeline.extract.llm.conftest import MODEL
from tests.pipeline.extract.llm.fake_server import FakeLlmServer


def _sent(fake: FakeLlmServer) -> dict[str, list[str]]:
    content = fake.requests[-1].body["messages"][1]["content"]
    payload = content.split("<name_lists>\n", 1)[1].split("\n</name_lists>", 1)[0]
    return json.loads(payload)  # type: ignore[no-any-return]


def test_names_are_matched_to_the_roster_or_to_none(fake: FakeLlmServer) -> None:
    calls: list[LlmCall] = []
    roster = ["Elizabeth Bennet", "Charles Bingley", "Fitzwilliam Darcy"]
    result = canonicalize_with_llm(["Miss Bennet", "Mr. Darcy", "Mr. Collins"], roster,
                                   "character", MODEL, api_base=fake.url, api_key="test",
                                   calls=calls)
    assert result == {"Miss Bennet": "Elizabeth Bennet", "Mr. Darcy": "Fitzwilliam Darcy",
                      "Mr. Collins": None}
    assert [c.pass_name for c in calls] == ["canonicalize_character"]
    assert calls[0].status == "ok" and calls[0].tokens_in > 0


def test_an_answer_outside_the_roster_sent_is_no_match(fake: FakeLlmServer) -> None:
    fake.script("canonicalize", {"items": [
        {"name": "Lizzy", "match": "Elizabeth Darcy"},       # not in the roster
        {"name": "Jane", "match": "jane bennet"},            # normalized: the roster entry
        {"name": "Kitty", "match": 3},                       # malformed: skipped
        {"name": "Somebody else", "match": "Jane Bennet"},   # not a name we asked about
    ]})
    result = canonicalize_with_llm(["Lizzy", "Jane", "Kitty"], ["Jane Bennet", "Kitty Bennet"],
                                   "character", MODEL, api_base=fake.url, api_key="test")
    assert result == {"Lizzy": None, "Jane": "Jane Bennet", "Kitty": None}


def test_the_roster_is_capped_to_the_most_similar_entries(fake: FakeLlmServer) -> None:
    roster = [f"Officer Number {i}" for i in range(120)] + ["George Wickham"]
    canonicalize_with_llm(["Mr. Wickham"], roster, "character", MODEL, api_base=fake.url,
                          api_key="test")
    sent = _sent(fake)
    assert sent["names"] == ["Mr. Wickham"] and sent["type"] == "character"
    assert len(sent["roster"]) == 50 and sent["roster"][0] == "George Wickham"
    assert nearest(["a"], ["x", "y"]) == ["x", "y"]


def test_nothing_to_match_makes_no_call(fake: FakeLlmServer) -> None:
    assert canonicalize_with_llm(["Jane"], [], "character", MODEL, api_base=fake.url) == {
        "Jane": None}
    assert canonicalize_with_llm([], ["Jane"], "character", MODEL, api_base=fake.url) == {}
    assert fake.requests == []


def test_a_failed_canonicalization_raises(fake: FakeLlmServer) -> None:
    fake.inject("malformed")
    with pytest.raises(ExtractionFailed, match="not JSON"):
        canonicalize_with_llm(["Jane"], ["Jane Bennet"], "character", MODEL, api_base=fake.url,
                              api_key="test")


def test_calls_are_recorded_in_llm_calls(clean_db: Engine) -> None:
    calls = [
        LlmCall("entities", MODEL, tokens_in=2100, tokens_out=640, tokens_cached=1900,
                latency_ms=1520, cost_usd=0.0012345678, status="ok"),
        LlmCall("interactions", MODEL, latency_ms=30, status="rate_limited"),
    ]
    job_id = uuid.uuid4()
    with Session(clean_db) as session, session.begin():
        novel_id = session.execute(
            text("INSERT INTO novels (title) VALUES ('Pride and Prejudice') RETURNING id")
        ).scalar_one()
        assert record_llm_calls(session, novel_id=novel_id, chapter=3, job_id=job_id,
                                calls=calls) == 2
        assert record_llm_calls(session, novel_id=novel_id, chapter=3, job_id=job_id,
                                calls=[]) == 0
    with Session(clean_db) as session:
        rows = session.execute(text(
            "SELECT chapter, job_id, pass_name, model, tokens_in, tokens_out, tokens_cached, "
            "latency_ms, cost_usd, status FROM llm_calls WHERE novel_id = :n ORDER BY id"),
            {"n": novel_id}).all()
    assert [(*r[:8], float(r[8]), r[9]) for r in rows] == [
        (3, job_id, "entities", MODEL, 2100, 640, 1900, 1520, 0.001235, "ok"),
        (3, job_id, "interactions", MODEL, 0, 0, 0, 30, 0.0, "rate_limited"),
    ]
