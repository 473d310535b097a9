"""state_deltas: movement in the wordings of ordinary narrative prose, and talk that is no move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]


def moves(view: ViewOf, text: str) -> list[tuple[str, str, str | None]]:
    items = extract_state_deltas(view(text)).items
    assert_evidence_exact(text, items)
    return [(d.kind, d.subject, d.object) for d in items
            if d.kind in {"moved_to", "arrived_at", "left"}]


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom Heller climbed up to the Old Mill. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Old Mill")),
    ("Tom Heller went over to Hatherley Grange. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Hatherley Grange")),
    ("Nell Barrow came in. Tom Heller made his way to the Red Lion.",
     ("moved_to", "Tom Heller", "Red Lion")),
    ("Tom Heller was shown into the library at Hatherley Grange. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Hatherley Grange")),
    ("Tom Heller crossed to the Red Lion. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Red Lion")),
    ("Nell Barrow came in. Nell Barrow stepped into the Red Lion.",
     ("moved_to", "Nell Barrow", "Red Lion")),
])
def test_movement_verbs_and_phrases(view: ViewOf, text: str, expected: tuple[str, str, str]) -> None:
    assert moves(view, text) == [expected]


def test_first_person_movement_in_dialogue_is_not_the_speakers(view: ViewOf) -> None:
    text = '"I went to the Red Lion last night," said Tom Heller. Nell Barrow nodded.'
    assert moves(view, text) == []


def test_movement_reported_in_speech_moves_the_one_named_not_the_speaker(view: ViewOf) -> None:
    text = 'Tom Heller came in. "Nell Barrow went to the Old Mill," he said.'
    assert moves(view, text) == [("moved_to", "Nell Barrow", "Old Mill")]
