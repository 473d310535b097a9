"""The LLM extractor through the real litellm client, against the fake provider on 127.0.0.1."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from continuum.errors import ExtractionFailed
from continuum.pipeline.chunking import chunk_text
from continuum.pipeline.extract.llm import CALL_GROUPS
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import PASS_NAMES, ChapterExtraction
from tests.pipeline.extract.llm.conftest import make_extractor
from tests.pipeline.extract.llm.fake_server import FakeLlmServer

EMPTY = StoryContext()


def evidences(extraction: ChapterExtraction) -> list[Any]:
    return [item.evidence for name in PASS_NAMES
            for item in (getattr(extraction, name) if isinstance(getattr(extraction, name), list)
                         else []) if hasattr(item, "evidence")]


def test_a_whole_chapter_becomes_an_aligned_extraction(
    fake: FakeLlmServer, pride_chapters: list[str]
) -> None:
    text = pride_chapters[2]  # chapter 3: two chunks
    assert len(chunk_text(text)) == 2
    extractor = make_extractor(fake)
    progress: list[float] = []
    context = StoryContext(entities=[KnownEntity(name="Mr. Bennet", type="character")])

    reading = extractor.read(text, chapter_number=3, context=context,
                             progress=lambda _what, done: progress.append(done))
    extraction = reading.extraction

    assert extractor.name == "llm:openai/fake-model"
    ChapterExtraction.model_validate(extraction.model_dump())
    for name in PASS_NAMES:
        assert getattr(extraction, name), f"{name} is empty"
    for evidence in evidences(extraction):
        assert text[evidence.start:evidence.end] == evidence.quote
        assert evidence.rule.startswith("llm:")
    for entity in extraction.new_entities:
        assert entity.mentions
        for mention in entity.mentions:
            assert text[mention.start:mention.end] == mention.text
    names = [(e.name, e.type) for e in extraction.new_entities]
    assert len(names) == len(set(names)), "entities found by both chunks are merged"
    scenes = extraction.scene_segmentation
    assert [s.index for s in scenes] == list(range(len(scenes)))
    assert all(a.end == b.start for a, b in zip(scenes, scenes[1:], strict=False))
    assert scenes[-1].end == len(text)
    assert extraction.multi_granularity_summaries.long
    assert progress[-1] == 1.0 and progress == sorted(progress)

    stats = reading.stats
    assert stats is not None
    assert stats["dropped"] == 0 and stats["aligned"] > 20 and stats["drop_rate"] == 0.0
    assert stats["chunks"] == 2
    # Five calls per chunk and one that combines the two parts' summaries.
    assert [c.pass_name for c in reading.calls].count("combine_summaries") == 1
    assert len(reading.calls) == 2 * len(CALL_GROUPS) + 1 == len(fake.requests)
    assert all(c.status == "ok" and c.tokens_in > 0 and c.tokens_out > 0
               for c in reading.calls)
    assert all(c.cost_usd == 0.0 for c in reading.calls)  # unknown model: no price


def test_the_passes_of_a_chunk_share_one_prompt_prefix(
    fake: FakeLlmServer, pride_chapters: list[str]
) -> None:
    text = pride_chapters[2]
    extractor = make_extractor(fake)
    reading = extractor.read(text, chapter_number=3, context=EMPTY)

    chunk_calls = [r for r in fake.requests if r.passes != ("chapter_summary",
                                                           "multi_granularity_summaries")]
    by_prefix: dict[str, list[Any]] = {}
    for request in chunk_calls:
        by_prefix.setdefault(request.prefix_hash, []).append(request)
    assert len(by_prefix) == 2, "one prefix per chunk"
    for requests in by_prefix.values():
        assert len(requests) == len(CALL_GROUPS)
        prefixes = {repr(r.body["messages"][:-1]) for r in requests}
        assert len(prefixes) == 1
        assert "<chapter_text>" in requests[0].body["messages"][1]["content"]
        assert all(r.body["messages"][-1]["content"].startswith("PASS: ") for r in requests)
        # The first call of a chunk goes alone; the others start after it has answered.
        first = min(requests, key=lambda r: r.arrived)
        assert all(r.arrived >= first.finished for r in requests if r is not first)
    long_prefix = max(by_prefix.values(), key=lambda rs: rs[0].prefix_tokens)
    cached = sorted(r.cached_tokens for r in long_prefix)
    assert cached[0] == 0 and all(c == long_prefix[0].prefix_tokens for c in cached[1:])
    assert sum(c.tokens_cached for c in reading.calls) == sum(cached)


def test_concurrency_is_bounded(fake: FakeLlmServer, pride_chapters: list[str]) -> None:
    fake.latency.scale = 0.05  # 75 ms + output time per call
    extractor = make_extractor(fake, max_concurrency=2)
    extractor.extract(pride_chapters[2], chapter_number=3, context=EMPTY)
    events = sorted([(r.arrived, 1) for r in fake.requests]
                    + [(r.finished, -1) for r in fake.requests])
    running, peak = 0, 0
    for _, step in events:
        running += step
        peak = max(peak, running)
    assert peak == 2


FAILURES = [
    ("rate_limit", {"times": 4, "retry_after": 0.01}, "still failing after 4 attempts"),
    ("server_error", {"times": 4}, "still failing after 4 attempts"),
    ("timeout", {"times": 4, "sleep": 2.0}, "still failing after 4 attempts"),
    ("truncated", {}, "stopped at its output limit"),
    ("malformed", {}, "not JSON"),
    ("wrong_shape", {}, "not the object"),
    ("refusal", {}, "refused"),
]


@pytest.mark.parametrize(("kind", "options", "message"), FAILURES,
                         ids=[f[0] for f in FAILURES])
def test_a_failed_call_fails_the_chapter_with_nothing_returned(
    fake: FakeLlmServer, pride_chapters: list[str], kind: str, options: dict[str, Any],
    message: str,
) -> None:
    fake.inject(kind, passes="events", **options)
    extractor = make_extractor(fake, timeout=1.0 if kind == "timeout" else 5.0)
    result: ChapterExtraction | None = None
    with pytest.raises(ExtractionFailed, match=message) as raised:
        result = extractor.extract(pride_chapters[0], chapter_number=1, context=EMPTY)
    assert result is None
    calls = raised.value.calls
    assert len(calls) == len(fake.requests)  # every call made is accounted for
    failed = [c for c in calls if c.status != "ok"]
    assert failed and all(c.pass_name == "interactions" for c in failed)
    if "times" in options:  # transient: the first attempt and three retries
        assert len([r for r in fake.requests if "events" in r.passes]) == 4


def test_a_transient_error_is_retried(fake: FakeLlmServer, pride_chapters: list[str]) -> None:
    fake.inject("server_error", passes="new_entities")
    fake.inject("timeout", passes="events", sleep=2.0)
    extractor = make_extractor(fake, timeout=1.0)
    reading = extractor.read(pride_chapters[0], chapter_number=1, context=EMPTY)
    assert reading.extraction.new_entities and reading.extraction.events
    statuses = sorted(c.status for c in reading.calls if c.status != "ok")
    assert statuses == ["server_error", "timeout"]


def test_retry_after_is_honoured(fake: FakeLlmServer, pride_chapters: list[str]) -> None:
    fake.inject("rate_limit", passes="new_entities", retry_after=0.6)
    extractor = make_extractor(fake, retry_backoff=0.0)  # without the header: no wait at all
    extraction = extractor.extract(pride_chapters[0], chapter_number=1, context=EMPTY)
    assert extraction.new_entities
    limited, retried = [r for r in fake.requests if r.passes == ("new_entities",)]
    assert limited.status == 429 and retried.status == 200
    assert 0.6 <= retried.arrived - limited.finished < 3.0


def test_paraphrased_quotes_are_dropped_and_counted(
    fake: FakeLlmServer, pride_chapters: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    text = pride_chapters[0]
    clean = make_extractor(fake).extract(text, chapter_number=1, context=EMPTY)
    fake.reset()
    fake.inject("paraphrase", passes="events")  # the whole interactions call is paraphrased
    extractor = make_extractor(fake)
    with caplog.at_level(logging.WARNING):
        reading = extractor.read(text, chapter_number=1, context=EMPTY)
    extraction = reading.extraction

    assert extraction.events == [] and extraction.relationship_updates == []
    assert extraction.new_entities == clean.new_entities
    assert extraction.canon_facts == clean.canon_facts
    stats = reading.stats
    assert stats is not None
    dropped = len(clean.events) + len(clean.relationship_updates) + len(clean.dynamics_updates)
    assert stats["dropped"] == dropped > 0
    assert stats["by_pass"]["events"]["dropped"] == len(clean.events)
    assert stats["drop_rate"] == round(dropped / (dropped + stats["aligned"]), 4)
    assert stats["drop_rate"] > 0.2
    assert any("items dropped" in r.getMessage() for r in caplog.records)


def test_a_malformed_item_costs_only_itself(fake: FakeLlmServer, pride_chapters: list[str]) -> None:
    text = pride_chapters[0]
    clean = make_extractor(fake).extract(text, chapter_number=1, context=EMPTY)
    fake.reset()
    fake.inject("bad_item", passes="canon_facts")
    extractor = make_extractor(fake)
    reading = extractor.read(text, chapter_number=1, context=EMPTY)
    assert reading.extraction.canon_facts == clean.canon_facts
    assert reading.extraction.state_deltas == clean.state_deltas
    assert reading.stats is not None
    by_pass = reading.stats["by_pass"]
    assert by_pass["canon_facts"]["invalid"] == 1 and by_pass["state_deltas"]["invalid"] == 1
    assert reading.stats["invalid"] == 3 and reading.stats["dropped"] == 0


def test_quotes_are_aligned_loosely_and_rewritten_to_the_text(
    fake: FakeLlmServer, pride_chapters: list[str]
) -> None:
    text = pride_chapters[0]
    # The model straightens the curly quotes, drops the italics marks, rewraps the lines.
    fake.script("events", {"items": [
        {"type": "dialogue", "summary": "He does not mind hearing it.", "verb": "says",
         "evidence": {"quote": '"You want to tell me, and I have no objection to hearing it."'}},
        {"type": "dialogue", "summary": "She asks about Netherfield.", "verb": "asks",
         "evidence": {"quote": "MY DEAR MR. BENNET, said his lady to him one day"}},
    ]})
    extraction = make_extractor(fake).extract(text, chapter_number=1, context=EMPTY)
    quotes = [e.evidence.quote for e in extraction.events]
    assert quotes[0] == "You_ want to tell me, and I have no objection to hearing it."
    assert quotes[1] == "My dear Mr. Bennet,” said his lady to him one day"
    for event in extraction.events:
        assert text[event.evidence.start:event.evidence.end] == event.evidence.quote


def test_entity_names_must_be_in_the_text(fake: FakeLlmServer, pride_chapters: list[str]) -> None:
    text = pride_chapters[0]
    quote = "Mr. Bennet replied that he had not."
    fake.script("new_entities", {"items": [
        {"name": "Mr Bennet", "type": "character", "aliases": ["Bennet", "Papa Bennet"],
         "evidence": {"quote": quote}},
        {"name": "Fitzwilliam Darcy", "type": "character", "evidence": {"quote": quote}},
        {"name": "Elizabeth Bennet", "type": "character", "aliases": ["Lizzy"],
         "evidence": {"quote": "Lizzy is not a bit better than the others"}},
    ]})
    context = StoryContext(entities=[KnownEntity(name="Elizabeth Bennet", type="character")])
    extractor = make_extractor(fake)
    reading = extractor.read(text, chapter_number=1, context=context)
    entities = {e.name: e for e in reading.extraction.new_entities}
    assert set(entities) == {"Mr Bennet", "Elizabeth Bennet"}
    bennet = entities["Mr Bennet"]
    assert bennet.aliases == ["Bennet"]  # "Papa Bennet" is not in the text
    assert {m.text for m in bennet.mentions} >= {"Mr. Bennet"}
    # The known name is kept; the mentions are of the surface form the text uses.
    assert {m.text for m in entities["Elizabeth Bennet"].mentions} == {"Lizzy"}
    assert reading.stats is not None
    assert reading.stats["by_pass"]["new_entities"]["dropped"] == 1


def test_the_relationship_prompt_defines_ended(fake: FakeLlmServer,
                                               pride_chapters: list[str]) -> None:
    make_extractor(fake).extract(pride_chapters[0], chapter_number=1, context=EMPTY)
    request = next(r for r in fake.requests if "relationship_updates" in r.passes)
    instruction = request.body["messages"][-1]["content"]
    assert "ended=true only when the text of THIS chapter ends the relationship" in instruction
    assert "to_chapter" in instruction


def test_retry_after_is_capped(fake: FakeLlmServer, pride_chapters: list[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    from continuum.pipeline.extract.llm import client

    monkeypatch.setattr(client, "RETRY_AFTER_CAP", 0.2)  # 60 s in production
    fake.inject("rate_limit", passes="new_entities", retry_after=3600)
    extraction = make_extractor(fake).extract(pride_chapters[0], chapter_number=1,
                                              context=EMPTY)
    assert extraction.new_entities
    limited, retried = [r for r in fake.requests if r.passes == ("new_entities",)]
    assert 0.2 <= retried.arrived - limited.finished < 2.0
