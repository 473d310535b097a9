"""thread_updates: plot threads opened, advanced and closed."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.threads import extract_threads
from continuum.pipeline.extract.protocol import StoryContext

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]
OPEN = StoryContext(open_threads=["find treasure", "who stole letter"])


def threads(view: ViewOf, text: str, context: StoryContext | None = None) -> list[tuple]:
    items = extract_threads(view(text, context))
    assert_evidence_exact(text, items)
    return [(t.action, t.thread, t.entities) for t in items]


def test_quests_and_mysteries_open_threads(view: ViewOf) -> None:
    assert threads(view, "Jim Hawkins set out to find the treasure.") == [
        ("open", "find treasure", ["Jim Hawkins"])]
    assert threads(view, "Squire Trelawney was determined to discover who had stolen the "
                         "letter.") == [("open", "who stole letter", ["Squire Trelawney"])]
    assert threads(view, "The mystery of the missing letter troubled Elizabeth.") == [
        ("open", "mystery of letter", ["Elizabeth"])]


def test_an_open_thread_is_not_opened_twice(view: ViewOf) -> None:
    assert threads(view, "Jim Hawkins set out to find the treasure.", OPEN) == []


def test_progress_and_close_of_threads_from_context(view: ViewOf) -> None:
    assert threads(view, "Jim Hawkins searched for the treasure all day.", OPEN) == [
        ("progress", "find treasure", ["Jim Hawkins"])]
    assert threads(view, "At last Jim Hawkins found the treasure.", OPEN) == [
        ("close", "find treasure", ["Jim Hawkins"])]
    assert threads(view, "Jim Hawkins did not find the treasure.", OPEN) == []


def test_open_then_close_in_one_chapter(view: ViewOf) -> None:
    text = ("Jim Hawkins set out to find the treasure. He searched the island. At last he "
            "found the treasure in a cave.")
    assert [a for a, _, _ in threads(view, text)] == ["open", "close"]
