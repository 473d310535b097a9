"""events: realis clause verbs with a character, typed, summarized, ordered."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.events import extract_events, verb_class
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.schema import EventItem

from .support import assert_evidence_exact, novel_chapters

ViewOf = Callable[..., ChapterView]


def events(view: ViewOf, text: str) -> list[EventItem]:
    v = view(text)
    items = extract_events(v, extract_state_deltas(v).verbs)
    assert_evidence_exact(text, items)
    return items


def test_verb_classes() -> None:
    assert verb_class("walk") == "movement"
    assert verb_class("whisper") == "communication"
    assert verb_class("stab") == "conflict"
    assert verb_class("dance") == "social"
    assert verb_class("steal") in {"possession", "conflict"}
    assert verb_class("notice") == "perception"
    assert verb_class("sneeze") == "other"


def test_an_event_has_type_participants_and_a_compact_summary(view: ViewOf) -> None:
    [give, read] = events(view, "Mr. Darcy gave the letter to Elizabeth. Then Elizabeth read "
                                "the letter.")
    assert (give.type, give.verb, give.subject) == ("possession", "give", "Mr. Darcy")
    assert give.participants == ["Mr. Darcy", "Elizabeth"]
    assert give.summary == "Mr. Darcy gave the letter to Elizabeth"
    assert (read.verb, read.subject, read.object) == ("read", "Elizabeth", "the letter")
    assert give.story_order == 0 and read.story_order == 1
    assert give.impact > read.impact  # a change of possession weighs more than reading


def test_conflict_with_a_death_weighs_most(view: ViewOf) -> None:
    [kill] = events(view, "Israel Hands killed Tom Morgan.")
    assert kill.type == "conflict"
    assert kill.participants == ["Israel Hands", "Tom Morgan"]
    assert kill.impact >= 0.9


def test_irrealis_clauses_are_not_events(view: ViewOf) -> None:
    assert events(view, "Mr. Bennet did not answer Mrs. Bennet.") == []
    assert events(view, "Elizabeth would visit Jane.") == []
    assert events(view, "Did Jane see Mr. Bingley?") == []
    assert events(view, "If Jane saw Mr. Bingley, she would smile.") == []


def test_dialogue_tags_are_not_events_but_reported_pasts_are(view: ViewOf) -> None:
    items = events(view, "“I have seen Mr. Darcy,” said Elizabeth.")
    assert [e.verb for e in items] == ["see"]
    assert items[0].evidence.confidence < 0.75  # said inside quotes: believed less


def test_a_flashback_is_ordered_before_the_present(view: ViewOf) -> None:
    items = events(view, "Jim Hawkins walked to the inn. Long ago, Captain Flint had once "
                         "buried the treasure.")
    order = {e.verb: e.story_order for e in items}
    assert order["bury"] is not None and order["walk"] is not None
    assert order["bury"] < order["walk"]


def test_first_chapter_of_pride_and_prejudice(view: ViewOf) -> None:
    text = novel_chapters("pride_and_prejudice.txt")[0]
    items = events(view, text)
    summaries = [e.summary for e in items]
    assert "Mr. Bennet replied" in summaries
    # What is only asked, wished or planned ("Is he married or single?", "you must visit
    # him as soon as he comes", "I will visit them all") stays out.
    assert not [e for e in items if e.verb in {"marry", "visit"}]
    assert not [e for e in items if e.evidence.quote.endswith("he comes")]


def test_possession_needs_a_thing_that_changes_hands(view: ViewOf) -> None:
    # Pride and Prejudice, chapters 13-16: verbs of giving and taking with no object held.
    text = ("Mr. Collins had kept the necessary terms. His father had brought up Mr. Collins. "
            "Jane took her arm. Mr. Collins took his leave. The subjection had given Mr. Collins "
            "great humility. Mr. Darcy gave the letter to Elizabeth. Jim found the treasure.")
    kinds = {(e.verb, e.object): e.type for e in events(view, text)}
    assert kinds[("give", "the letter")] == "possession"
    assert kinds[("find", "the treasure")] == "possession"
    assert all(t != "possession" for (verb, obj), t in kinds.items()
               if obj not in {"the letter", "the treasure"}), kinds
