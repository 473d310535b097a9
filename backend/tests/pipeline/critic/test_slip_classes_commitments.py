"""Slip class: narration that refers back to a vow, promise, oath, bargain or debt the record
never shows, with or without the word "promise" (sentences written for these tests, in a small
invented world; no database)."""

from __future__ import annotations

import pytest

from continuum.pipeline.critic.checks import commitments
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.extract.schema import ChapterExtraction

from .test_generalisation import FakeHistory, _entity, _world, read_back_references, read_payoffs

# The earlier chapters: the ferry steps, the mill fire and the fair are on the page.
ON_PAGE = FakeHistory((2, "Ruth sat on the ferry steps in the rain."),
                      (3, "The mill burned on the night of the fire."),
                      (5, "Hal walked Ruth home from the fair."))


def _found(text: str, history: FakeHistory = ON_PAGE) -> list[tuple[str, str]]:
    world, _ = _world(("Ruth Penrose", "character"), ("Hal Brandt", "character"))
    items = [_entity(text, name, *surfaces) for name, surfaces in
             (("Ruth Penrose", ("Ruth Penrose", "Ruth")), ("Hal Brandt", ("Hal Brandt", "Hal")))
             if any(s in text for s in surfaces)]
    extraction = ChapterExtraction(new_entities=items, back_references=read_back_references(text, world),
                                   payoffs=read_payoffs(text, world))
    claims = bind_claims(text, extraction, world, history, earlier=history.records)  # type: ignore[arg-type]
    return [(f.severity, f.message) for f in commitments.check(claims, world)]


@pytest.mark.parametrize("text", [
    # a vow told as a main clause, pinned to a scene the chapters show
    "Ruth had sworn on the ferry steps that she would never wear her mother's shawl again, and "
    "tonight she put it on.",
    "Hal had vowed on the night of the fire that he would rebuild the mill wheel with his own "
    "hands, and so he did.",
    "Hal had promised Ruth on the ferry steps that he would paint the boat blue by midsummer.",
    # a commitment noun with a clause in the past
    "It was the bargain Hal had struck with the miller at the fair, and now it fell due.",
    "She paid him the oath she had taken on the ferry steps, every word of it.",
    # a zero relative the parser reads as a clause of its own
    "It was the lantern Hal had promised the whole lane on the night of the fire, hung at last.",
])
def test_an_unrecorded_vow_pinned_to_a_scene_on_the_page_fails(text: str) -> None:
    found = _found(text)
    assert [s for s, _m in found] == ["FAIL"], (text, found)


def test_unpinned_or_off_the_page_vows_only_warn_or_pass() -> None:
    # pinned to an occasion the chapters do not know: it may have been made off the page
    found = _found("Hal had sworn at the regatta that he would never race the ferry again, and "
                   "he kept his word.")
    assert [s for s, _m in found] == ["WARN"]
    # a commitment noun with no occasion: a debt may be owed off the page
    found = _found("Hal counted out the debt he owed the miller, coin by coin.")
    assert [s for s, _m in found] == ["WARN"]
    # a plain vow with no occasion, or a negated one: nothing to look up
    for text in ("Hal had promised to be home by six, and he was.",
                 "Ruth had never sworn anything on the ferry steps in her life.",
                 "Ruth had sworn often enough that she would leave, and never had."):
        assert _found(text) == [], text


@pytest.mark.parametrize("text", [
    "Ruth had sworn on the ferry steps that she would never wear her mother's shawl again, and "
    "tonight she put it on.",
    "It was the bargain Hal had struck with the miller at the fair, and now it fell due.",
])
def test_a_vow_the_record_holds_passes(text: str) -> None:
    held = FakeHistory((2, "On the ferry steps Ruth swore she would never wear her mother's "
                           "shawl again."),
                       (5, "At the fair Hal and the miller struck a bargain over the mill wheel."))
    assert _found(text, held) == [], text


def test_the_draft_may_tell_of_the_vow_itself() -> None:
    text = ("On the ferry steps Ruth swore she would never wear her mother's shawl again. A year "
            "later, Ruth had sworn on the ferry steps that she would never wear her mother's shawl "
            "again, and tonight she put it on.")
    assert [s for s, _m in _found(text)] == []
