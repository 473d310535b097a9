"""thread_updates: a deed by someone unnamed ("Somebody had taken the plate") and a decision
still to be taken on a "whether" question open threads; past or declined ones do not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.threads import extract_threads
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, build_view, novel_chapters

ViewOf = Callable[..., ChapterView]
CAST = StoryContext(entities=[
    KnownEntity(name="Anna Lind", type="character", aliases=["Anna"], gender="female"),
    KnownEntity(name="Piet Mors", type="character", aliases=["Piet"], gender="male"),
    KnownEntity(name="Wendover Observatory", type="location"),
])


def threads(view: ViewOf, text: str) -> list[tuple[str, str]]:
    items = extract_threads(view(text, CAST))
    assert_evidence_exact(text, items)
    return [(t.action, t.thread) for t in items]


@pytest.mark.parametrize(("text", "name"), [
    ("Somebody in this house had taken the ledger, and Anna meant to know who.",
     "who took ledger"),
    ("Someone had stolen the brass key from the drawer.", "who stole brass key"),
    ('"Someone has burned the letter," said Anna.', "who burned letter"),
])
def test_a_deed_by_someone_unnamed_opens_who_did_it(view: ViewOf, text: str, name: str) -> None:
    assert threads(view, text) == [("open", name)]


def test_the_unnamed_deed_is_answered_by_a_cleft(view: ViewOf) -> None:
    text = ("Someone had taken the ledger. Weeks later Anna knew the truth: it had been Piet "
            "who took the ledger.")
    assert threads(view, text) == [("open", "who took ledger"), ("close", "who took ledger")]


@pytest.mark.parametrize(("text", "name"), [
    ("The trustees will vote in April on whether to close the Wendover Observatory.",
     "whether trustee close Wendover Observatory"),
    ('"The board will decide whether to sell the ledger," said Piet.',
     "whether board sell ledger"),
    ("The council was to consider whether to close the Wendover Observatory.",
     "whether council close Wendover Observatory"),
])
def test_a_pending_decision_opens_its_question(view: ViewOf, text: str, name: str) -> None:
    assert threads(view, text) == [("open", name)]


@pytest.mark.parametrize("text", [
    "Nobody had taken the ledger after all.",
    "If someone had taken the ledger, Anna would have known.",
    "The trustees voted in April on whether to close the Wendover Observatory.",
    "The trustees will not vote on whether to close the Wendover Observatory.",
    '"We will decide whether to walk to the ledger," said Anna.',
    "Anna decided to close the Wendover Observatory.",
])
def test_decided_denied_or_hypothetical_deeds_open_nothing(view: ViewOf, text: str) -> None:
    assert threads(view, text) == []


def test_no_junk_threads_from_decisions_and_somebodies_in_a_real_novel() -> None:
    for number in (0, 9, 20):
        chapter = novel_chapters("pride_and_prejudice.txt")[number]
        names = [t.thread for t in extract_threads(build_view(chapter)) if t.action == "open"]
        assert not [n for n in names if n.startswith("whether")], names
