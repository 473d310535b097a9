"""thread_updates: plot threads opened, advanced and closed."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.threads import extract_threads
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

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


# The Saltmere Ledger (evals/fixtures/golden): a mystery opened by a question and closed
# by its answer, and an identity asked about and then stated.
SALTMERE = StoryContext(entities=[
    KnownEntity(name=name, type="character", gender=gender) for name, gender in (
        ("Mara Finch", "female"), ("Tomas Marsh", "male"), ("Jonah Crane", "male"),
        ("Ivo Marsh", "male"))])


def saltmere(open_threads: list[str]) -> StoryContext:
    return SALTMERE.model_copy(update={"open_threads": open_threads})


def test_a_question_a_goal_verb_takes_opens_a_thread(view: ViewOf) -> None:
    assert threads(view, "Mara set out to find who had forged the Guild ledger.", SALTMERE) == [
        ("open", "who forged guild ledger", ["Mara Finch"])]
    assert threads(view, "Mara resolved to find out who the stranger was.", SALTMERE) == [
        ("open", "who stranger was", ["Mara Finch"])]
    assert threads(view, "Mara did not set out to find who had forged the Guild ledger.",
                   SALTMERE) == []
    # A question about nothing nameable ("what it meant") opens nothing.
    assert threads(view, "Mara resolved to find out what it meant.", SALTMERE) == []


def test_the_answer_closes_the_question(view: ViewOf) -> None:
    text = ("At last Mara found who had forged the Guild ledger: it was Jonah Crane, her "
            "father's own clerk.")
    assert threads(view, text, saltmere(["who forged guild ledger"])) == [
        ("close", "who forged guild ledger", ["Mara Finch", "Jonah Crane"])]
    # Finding the ledger itself does not answer who forged it.
    assert threads(view, "At last Mara found the Guild ledger.",
                   saltmere(["who forged guild ledger"])) == [
        ("progress", "who forged guild ledger", ["Mara Finch"])]
    # An unrelated question answered closes nothing.
    assert threads(view, "At last Mara found who had stolen the boat.",
                   saltmere(["who forged guild ledger"])) == []


def test_an_identity_statement_closes_a_who_thread(view: ViewOf) -> None:
    ctx = saltmere(["who stranger was"])
    # The reveal makes "The stranger" a mention of Ivo Marsh, so he comes first.
    assert threads(view, "The stranger was Tomas's lost brother, Ivo Marsh.", ctx) == [
        ("close", "who stranger was", ["Ivo Marsh", "Tomas Marsh"])]
    # Describing him answers nothing; neither does a guess or a question.
    assert threads(view, "The stranger was a tall man with a dark beard.", ctx) == []
    assert threads(view, "The stranger was sitting by the fire.", ctx) == []
    assert threads(view, "Perhaps the stranger was Tomas's lost brother.", ctx) == []
    assert threads(view, "Was the stranger Tomas's lost brother?", ctx) == []
