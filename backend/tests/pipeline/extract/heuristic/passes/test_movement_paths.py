"""state_deltas: "found herself in X", "walked down Bell Street", "woke in X"; a destination
named in the same clause wins over the way there."""

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
    ("Nell Barrow came in. Tom Heller found himself in Hatherley Grange.",
     [("arrived_at", "Tom Heller", "Hatherley Grange")]),
    ("Nell Barrow came in. Nell Barrow found herself at the Red Lion.",
     [("arrived_at", "Nell Barrow", "Red Lion")]),
    ("Nell Barrow came in. Tom Heller walked down Bell Street.",
     [("moved_to", "Tom Heller", "Bell Street")]),
    ("Nell Barrow came in. Tom Heller walked up Bell Street.",
     [("moved_to", "Tom Heller", "Bell Street")]),
    ("Nell Barrow came in. Tom Heller woke in Hatherley Grange.",
     [("arrived_at", "Tom Heller", "Hatherley Grange")]),
    # The destination, not the street on the way
    ("Nell Barrow came in. Tom Heller hurried along Fleet Street to the Red Lion.",
     [("moved_to", "Tom Heller", "Red Lion")]),
])
def test_finding_oneself_and_going_along_a_way(
        view: ViewOf, text: str, expected: list[tuple[str, str, str]]) -> None:
    assert moves(view, text) == expected


@pytest.mark.parametrize("text", [
    "Nell Barrow came in. Tom Heller found himself a seat.",
    "Nell Barrow came in. Tom Heller did not find himself in Hatherley Grange.",
    "Nell Barrow came in. Tom Heller looked down Bell Street.",
    "Nell Barrow came in. Tom Heller walked down the stairs.",
])
def test_no_place_no_move(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []
