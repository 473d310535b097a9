"""What a local OpenAI-compatible server (llama.cpp, LM Studio, Ollama, vLLM) does differently,
replayed on the fake provider: the answers in `local_answers.py` are the real ones that
`make eval-llm-local` recorded (or, where said, a real server's documented reply)."""

from __future__ import annotations

import copy
import time

import pytest

from continuum.errors import ExtractionFailed
from continuum.pipeline.extract.llm.client import json_text, repetition
from continuum.pipeline.extract.llm.passes import CALL_GROUPS, item_tokens, output_budget
from continuum.pipeline.extract.protocol import StoryContext
from continuum.settings import Settings
from tests.pipeline.extract.llm import local_answers as real
from tests.pipeline.extract.llm.conftest import make_extractor
from tests.pipeline.extract.llm.fake_server import FakeLlmServer

EMPTY = StoryContext()


def test_every_call_asks_for_at_most_what_its_schema_can_fill(
    fake: FakeLlmServer, pride_chapters: list[str]
) -> None:
    extractor = make_extractor(fake)
    extractor.extract(pride_chapters[0], chapter_number=1, context=EMPTY)
    budgets = {r.passes: r.body["max_tokens"] for r in fake.requests}
    assert len(budgets) == len(CALL_GROUPS)
    for passes, budget in budgets.items():
        assert 0 < budget <= 12_000, passes
    # A passage can only hold so many items: a short draft gets a smaller budget than a
    # full chunk, and an entity (name, type, aliases, evidence quote...) is a sizeable item.
    assert output_budget(("new_entities",), 300) < output_budget(("new_entities",), 2000)
    assert 40 <= item_tokens("new_entities") <= 200


def test_a_model_that_repeats_itself_stops_at_the_budget_with_a_clear_error(
    fake: FakeLlmServer,
) -> None:
    # SmolLM2-135M in JSON mode at temperature 0 without a repeat penalty: the interactions
    # call of a clean draft loops '"type":"json", "properties":{' until max_tokens.
    fake.replay(real.LOOP, passes="events")
    extractor = make_extractor(fake, max_concurrency=1)
    with pytest.raises(ExtractionFailed, match="kept repeating itself") as failed:
        extractor.read(real.FENCED_TEXT, chapter_number=11, context=EMPTY)
    statuses = {c.pass_name: c.status for c in failed.value.calls}
    assert statuses["interactions"] == "truncated"
    assert repetition(real.LOOP["choices"][0]["message"]["content"]) > 10
    assert repetition('{"items": [{"a": 1}, {"a": 2}]}') == 0


def test_a_model_that_repeats_whole_items_stops_with_the_same_clear_error(
    fake: FakeLlmServer,
) -> None:
    # Qwen2.5-Coder-1.5B with a repeat penalty of 1.1, golden chapter 1's world_state call:
    # two knowledge items over and over until max_tokens (not a truncated long answer).
    fake.replay(real.ITEM_LOOP, passes="state_deltas")
    extractor = make_extractor(fake, max_concurrency=1, repeat_penalty=1.1)
    with pytest.raises(ExtractionFailed, match=r"kept repeating itself.*A larger model avoids "
                                               r"it \(its repeat penalty, 1.1, did not\)") as failed:
        extractor.read(real.FENCED_TEXT, chapter_number=1, context=EMPTY)
    assert {c.pass_name: c.status for c in failed.value.calls}["world_state"] == "truncated"
    assert 500 < repetition(real.ITEM_LOOP["choices"][0]["message"]["content"]) < 1000


def test_an_answer_cut_off_by_its_budget_fails_with_what_happened(fake: FakeLlmServer) -> None:
    # Qwen, the entities of a 208-word draft: it listed the story's known entities too and
    # ran out of its 640 tokens mid-item; no loop, and smaller chunks would not have helped.
    fake.replay(real.BEYOND_THE_PASSAGE, passes="new_entities")
    extractor = make_extractor(fake, max_concurrency=1)
    with pytest.raises(ExtractionFailed, match=r"stopped at its output limit \(640 tokens, the "
                                               r"budget for a passage this long\)") as failed:
        extractor.read(real.FENCED_TEXT, chapter_number=11, context=EMPTY)
    assert "CHUNK_TOKENS" not in str(failed.value)
    assert {c.pass_name: c.status for c in failed.value.calls}["entities"] == "truncated"


def test_no_call_is_sent_after_one_has_failed(fake: FakeLlmServer,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen with Qwen on one call at a time: after world_state looped, the interactions call
    # queued behind it was still sent (the worker took it up before the chapter's thread,
    # slow to wake on a busy CPU, heard of the failure), and the CPU spent minutes on a
    # chapter already failed. The chapter's thread is made that slow here.
    from continuum.pipeline.extract.llm import extractor as module

    wait = module.wait

    def slow_wait(*args, **kwargs):  # type: ignore[no-untyped-def]
        done = wait(*args, **kwargs)
        time.sleep(0.3)
        return done

    monkeypatch.setattr(module, "wait", slow_wait, raising=True)
    extractor = make_extractor(fake, max_concurrency=1)
    # The chapter fails for the loop, not for the calls the loop made it abandon (the run
    # reported "interactions: abandoned after another call failed" until it was told apart).
    for _ in range(3):
        fake.requests.clear()
        fake.replay(real.ITEM_LOOP, passes="new_entities")
        with pytest.raises(ExtractionFailed, match="kept repeating itself"):
            extractor.read(real.FENCED_TEXT, chapter_number=1, context=EMPTY)
    assert [r.passes for r in fake.requests] == [
        ("chapter_summary", "multi_granularity_summaries", "scene_segmentation"),
        ("new_entities",)]


def test_a_model_that_answers_its_schema_fails_the_chapter_with_nothing_returned(
    fake: FakeLlmServer,
) -> None:
    # SmolLM2-135M, asked for the summaries call, answered with a piece of the JSON schema.
    fake.replay(real.SMOLLM2_SCHEMA_ECHO, passes="chapter_summary")
    extractor = make_extractor(fake)
    with pytest.raises(ExtractionFailed, match="no 'chapter_summary' key") as failed:
        extractor.read(real.FENCED_TEXT, chapter_number=11, context=EMPTY)
    assert len(fake.requests) == 1 and failed.value.calls[0].status == "ok"


def test_a_one_pass_call_answered_without_its_key_is_read(fake: FakeLlmServer) -> None:
    # Qwen2.5-Coder-1.5B's entities call on golden chapter 1: {"items": [...]} alone.
    fake.replay(real.ENTITIES_BARE, passes="new_entities")
    extractor = make_extractor(fake, max_concurrency=1)
    reading = extractor.read(real.GOLDEN_1, chapter_number=1, context=EMPTY)
    names = {e.name for e in reading.extraction.new_entities}
    assert {"Mara Finch", "Aldous Finch", "Jonah Crane"} <= names
    assert "none" not in {a for e in reading.extraction.new_entities for a in e.aliases}
    assert reading.stats is not None
    assert reading.stats["by_pass"]["new_entities"]["aligned"] >= 5


def test_temperature_and_repeat_penalty_are_sent_when_set(fake: FakeLlmServer) -> None:
    extractor = make_extractor(fake, temperature=0.0, repeat_penalty=1.1)
    extractor.extract("Anne Elliot walked to Uppercross.", chapter_number=1, context=EMPTY)
    body = fake.requests[0].body
    assert body["temperature"] == 0.0 and body["repeat_penalty"] == 1.1
    plain = make_extractor(fake)
    fake.reset()
    plain.extract("Anne Elliot walked to Uppercross.", chapter_number=1, context=EMPTY)
    assert "temperature" not in fake.requests[0].body
    assert "repeat_penalty" not in fake.requests[0].body


def test_a_server_without_json_mode_is_asked_for_json_in_the_prompt_only(
    fake: FakeLlmServer, pride_chapters: list[str]
) -> None:
    # LM Studio's reply to response_format {"type": "json_object"}, word for word.
    fake.reject_option("response_format", "'response_format.type' must be 'json_schema' or 'text'")
    extractor = make_extractor(fake)
    extraction = extractor.extract(pride_chapters[0], chapter_number=1, context=EMPTY)
    assert extraction.new_entities and extraction.chapter_summary
    statuses = [r.status for r in fake.requests]
    assert statuses[0] == 400 and statuses[1:] == [200] * len(CALL_GROUPS)
    assert all("response_format" not in r.body for r in fake.requests[1:])
    assert extractor.client.json_mode is False


def test_a_server_that_rejects_repeat_penalty_is_sent_none_after(fake: FakeLlmServer) -> None:
    fake.reject_option("repeat_penalty", "Unrecognized request argument supplied: repeat_penalty")
    extractor = make_extractor(fake, repeat_penalty=1.1)
    extractor.extract("Anne Elliot walked to Uppercross.", chapter_number=1, context=EMPTY)
    assert [r.status for r in fake.requests][:2] == [400, 200]
    assert all("repeat_penalty" not in r.body for r in fake.requests[1:])


def test_another_bad_request_still_fails_at_once(fake: FakeLlmServer) -> None:
    fake.reject_option("messages", "model 'nope' not found")
    extractor = make_extractor(fake)
    with pytest.raises(ExtractionFailed, match="rejected the request"):
        extractor.extract("Anne Elliot walked.", chapter_number=1, context=EMPTY)
    assert len(fake.requests) == 1


def test_a_fenced_answer_with_prose_around_it_is_read(
    fake: FakeLlmServer, pride_chapters: list[str]
) -> None:
    fake.replay(real.FENCED, passes="chapter_summary")
    extractor = make_extractor(fake)
    reading = extractor.read(real.FENCED_TEXT, chapter_number=1, context=EMPTY)
    assert reading.extraction.chapter_summary == real.FENCED_SUMMARY
    assert reading.calls[0].status == "ok"


@pytest.mark.parametrize(("content", "expected"), [
    ('```json\n{"a": 1}\n```', '{"a": 1}'),
    ('Here is the JSON:\n```json\n{"a": 1}\n```\nThe passage has one item.', '{"a": 1}'),
    ('```\n{"a": 1}', '{"a": 1}'),  # a fence the output limit cut off
    ('The answer: {"a": {"b": 2}} as asked.', '{"a": {"b": 2}}'),
    ('{"a": 1}', '{"a": 1}'),
])
def test_json_is_found_inside_fences_and_prose(content: str, expected: str) -> None:
    assert json_text(content) == expected


def test_an_answer_without_usage_is_recorded_with_estimated_tokens(
    fake: FakeLlmServer,
) -> None:
    fake.replay(real.without_usage(real.FENCED), passes="chapter_summary")
    extractor = make_extractor(fake)
    first = extractor.read(real.FENCED_TEXT, chapter_number=1, context=EMPTY).calls[0]
    assert first.status == "ok" and first.tokens_in > 100 and first.tokens_out > 10


def test_a_slow_first_token_shows_as_progress_while_waiting(fake: FakeLlmServer) -> None:
    fake.replay(copy.deepcopy(real.FENCED), passes="chapter_summary", sleep=0.6)
    extractor = make_extractor(fake, heartbeat=0.05)
    seen: list[tuple[str, float]] = []
    extractor.extract(real.FENCED_TEXT, chapter_number=1, context=EMPTY,
                      progress=lambda what, done: seen.append((what, done)))
    waiting = [w for w, d in seen if "waiting for the model" in w]
    assert waiting and "summaries" in waiting[0] and all(d == 0.0 for w, d in seen
                                                         if w in waiting)
    assert seen[-1][1] == 1.0


@pytest.mark.parametrize(("base", "local"), [
    ("http://127.0.0.1:8080/v1", True), ("http://localhost:11434", True),
    ("http://192.168.1.20:1234/v1", True), ("http://host.docker.internal:8000/v1", True),
    ("https://api.openai.com/v1", False), (None, False),
])
def test_a_local_server_gets_timeouts_for_a_cpu_and_one_call_at_a_time(
    base: str | None, local: bool
) -> None:
    settings = Settings(llm_model="openai/m", llm_api_base=base)
    assert settings.llm_is_local() is local
    assert settings.llm_call_timeout == (900.0 if local else 60.0)
    assert settings.llm_concurrency == (1 if local else 4)
    chosen = Settings(llm_model="openai/m", llm_api_base=base, llm_timeout=30,
                      llm_max_concurrency=3)
    assert (chosen.llm_call_timeout, chosen.llm_concurrency) == (30, 3)

