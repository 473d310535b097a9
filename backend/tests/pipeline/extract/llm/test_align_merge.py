"""Span alignment, chunk merging, schema derivation and the prompt layout (no server)."""

from __future__ import annotations

from typing import Any

import pytest

from continuum.pipeline.chunking import Chunk
from continuum.pipeline.extract import schema as s
from continuum.pipeline.extract.llm.align import TextIndex
from continuum.pipeline.extract.llm.client import retry_after
from continuum.pipeline.extract.llm.convert import ChunkResult
from continuum.pipeline.extract.llm.merge import merge_chunks, merge_entities
from continuum.pipeline.extract.llm.passes import CALL_GROUPS, PASSES, pass_schema
from continuum.pipeline.extract.llm.prompts import chunk_messages, context_block
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

TEXT = ("“My dear Mr.\nBennet,” said his lady to him one day, “have you heard that\n"
        "Netherfield Park is let at last?”\n\nMr. Bennet replied that he had not. "
        "“_You_ want to tell me, and I have no objection to hearing it.” "
        "Mr. Bennet replied that he had not.")


def found(index: TextIndex, quote: str, near: tuple[int, int] | None = None) -> str | None:
    span = index.find(quote, near=near)
    return None if span is None else index.text[span.start:span.end]


def test_quotes_are_found_verbatim_then_loosely() -> None:
    index = TextIndex(TEXT)
    assert found(index, "Netherfield Park is let at last?") == "Netherfield Park is let at last?"
    assert found(index, "my dear mr. bennet, said his lady") == (
        "My dear Mr.\nBennet,” said his lady")
    assert found(index, '"You want to tell me"') == "You_ want to tell me"
    assert found(index, "have you heard ... Netherfield Park is let at last") == (
        "have you heard that\nNetherfield Park is let at last")
    assert found(index, "Netherfield Park is to be let at last") is None
    assert found(index, "last at let is Park Netherfield") is None
    assert found(index, "   ") is None


def test_a_quote_is_found_near_its_chunk_first() -> None:
    quote = "Mr. Bennet replied that he had not."
    text = f"{quote} {'And so it went on. ' * 100}{quote}"
    index = TextIndex(text)
    first, last = text.find(quote), text.rfind(quote)
    assert index.find(quote).start == first  # type: ignore[union-attr]
    assert index.find(quote, near=(last - 10, len(text))).start == last  # type: ignore[union-attr]
    assert index.find(quote.upper(), near=(last - 10, len(text))).start == last  # type: ignore[union-attr]


def test_names_are_found_as_whole_words_across_line_breaks() -> None:
    index = TextIndex(TEXT)
    assert [TEXT[sp.start:sp.end] for sp in index.occurrences("Mr Bennet")] == [
        "Mr.\nBennet", "Mr. Bennet", "Mr. Bennet"]
    assert index.occurrences("Ben") == []
    assert index.contains_name("Netherfield Park") and not index.contains_name("Pemberley")


def _evidence(start: int, end: int) -> s.Evidence:
    return s.Evidence(start=start, end=end, quote="x" * (end - start), rule="llm:test")


def _entity(name: str, type_: str = "character", owner: str | None = None,
            mentions: tuple[tuple[int, int], ...] = (), aliases: tuple[str, ...] = (),
            at: int = 0) -> s.EntityItem:
    return s.EntityItem(name=name, type=type_, owner=owner, aliases=list(aliases),
                        mentions=[s.Mention(start=a, end=b, text="x") for a, b in mentions],
                        evidence=_evidence(at, at + 1))


def test_entities_merge_by_name_and_type_and_objects_by_owner() -> None:
    merged = merge_entities([
        [_entity("Mr. Bennet", mentions=((0, 10),), aliases=("Bennet",)),
         _entity("the sword", "object", owner="Bob", at=5),
         _entity("the sword", "object", owner="Ann", at=6),
         _entity("Netherfield", "location", at=7)],
        [_entity("Mr Bennet", mentions=((0, 10), (40, 50)), aliases=("Mr. B",), at=3),
         _entity("Netherfield", "character", at=8)],
    ])
    keys = [(e.name, e.type, e.owner) for e in merged]
    assert keys == [("Mr. Bennet", "character", None), ("the sword", "object", "Bob"),
                    ("the sword", "object", "Ann"), ("Netherfield", "location", None),
                    ("Netherfield", "character", None)]
    bennet = merged[0]
    assert bennet.aliases == ["Bennet", "Mr. B"]
    assert [(m.start, m.end) for m in bennet.mentions] == [(0, 10), (40, 50)]


def test_an_ownerless_object_joins_the_only_owned_one() -> None:
    merged = merge_entities([[_entity("the ring", "object", owner="Frodo", at=1)],
                             [_entity("The Ring", "object", mentions=((9, 17),), at=9)]])
    assert len(merged) == 1 and merged[0].owner == "Frodo"
    assert [(m.start, m.end) for m in merged[0].mentions] == [(9, 17)]


def test_a_mention_inside_another_entitys_mention_is_dropped() -> None:
    merged = merge_entities([[_entity("Mr. Bennet", mentions=((0, 10),)),
                              _entity("Bennet", mentions=((4, 10), (20, 26)), at=4)]])
    assert [(m.start, m.end) for m in merged[1].mentions] == [(20, 26)]


def _chunk_result(index: int, start: int, end: int, **items: list[Any]) -> ChunkResult:
    return ChunkResult(Chunk(index, start, end, "x" * (end - start)), items=dict(items))


def test_overlap_duplicates_are_kept_once_and_scenes_renumbered() -> None:
    delta = s.StateDelta(kind="moved_to", subject="Jane", object="Netherfield",
                         evidence=_evidence(90, 110))
    same_in_next_chunk = delta.model_copy()
    elsewhere = delta.model_copy(update={"evidence": _evidence(150, 160)})

    def scene(start: int, present: list[str]) -> s.SceneItem:
        return s.SceneItem(index=0, start=start, end=start, present=present)

    merged = merge_chunks([
        _chunk_result(0, 0, 120, state_deltas=[delta], scene_segmentation=[scene(0, ["Jane"]),
                                                                            scene(60, ["Ann"])]),
        _chunk_result(1, 100, 200, state_deltas=[same_in_next_chunk, elsewhere],
                      scene_segmentation=[scene(100, ["Bob"]), scene(140, ["Kit"])]),
    ], 200)
    assert merged["state_deltas"] == [delta, elsewhere]
    scenes = merged["scene_segmentation"]
    assert [(sc.index, sc.start, sc.end) for sc in scenes] == [(0, 0, 60), (1, 60, 140),
                                                               (2, 140, 200)]
    assert scenes[1].present == ["Ann", "Bob"]  # the continuation in chunk 2 joins it


def test_every_pass_schema_comes_from_its_schema_model() -> None:
    for name, spec in PASSES.items():
        if spec.target is None:
            continue
        assert spec.item is not None
        # what the reader finds in the text (mentions, the kind's evidence, a canon fact's frame)
        # is never asked
        expected = set(spec.target.model_fields) - {"mentions", "kind_votes", "frame"}
        if name == "scene_segmentation":
            expected = expected - {"index", "start", "end"} | {"opening_quote"}
        assert set(spec.item.model_fields) == expected, name
        if "evidence" in expected:
            assert set(spec.item.model_fields["evidence"].annotation.model_fields) == {  # type: ignore[union-attr]
                "quote", "confidence"}
    assert '"ended"' in pass_schema("relationship_updates")
    assert "kind_votes" not in pass_schema("new_entities")
    assert sorted(p for _, group in CALL_GROUPS for p in group) == sorted(s.PASS_NAMES)


@pytest.mark.parametrize(("model", "cached"), [("anthropic/claude-3-5-haiku-latest", True),
                                                ("openai/gpt-4o-mini", False)])
def test_the_prefix_is_marked_for_anthropic_prompt_caching(model: str, cached: bool) -> None:
    chunk = Chunk(0, 0, len(TEXT), TEXT)
    messages = chunk_messages(model, StoryContext(), chunk, ("events",), chapter_number=1,
                              chunks=1)
    content = messages[1]["content"]
    if cached:
        assert content[0]["cache_control"] == {"type": "ephemeral"}
        assert TEXT in content[0]["text"]
    else:
        assert isinstance(content, str) and TEXT in content
    assert messages[-1]["content"].startswith("PASS: events\n")


class _Headers(Exception):
    def __init__(self, headers: dict[str, str]) -> None:
        super().__init__("rate limited")
        self.litellm_response_headers = headers


def test_retry_after_is_read_in_seconds_milliseconds_or_as_a_date() -> None:
    assert retry_after(_Headers({"retry-after": "2.5"})) == 2.5
    assert retry_after(_Headers({"retry-after-ms": "300"})) == 0.3
    assert retry_after(_Headers({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"})) == 0.0
    assert retry_after(_Headers({})) is None
    assert retry_after(ValueError("no headers")) is None


def test_the_context_tells_the_model_whom_the_story_has_dead() -> None:
    # the offline reader keeps pronouns off them (`coref._acts_now`); the model is told too
    block = context_block(StoryContext(entities=[
        KnownEntity(name="Mrs. Churchill", type="character", dead=True),
        KnownEntity(name="Emma Woodhouse", type="character", aliases=["Emma"])]))
    assert "- Mrs. Churchill (character; dead before this chapter)" in block.splitlines()
    assert "- Emma Woodhouse (character; also Emma)" in block.splitlines()
