"""state_deltas: generic things changing hands, with pronoun holders and stray parses."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]


def hands(view: ViewOf, text: str) -> tuple[list[tuple[str, str, str | None]], list[str]]:
    result = extract_state_deltas(view(text))
    assert_evidence_exact(text, result.items)
    return ([(d.kind, d.subject, d.object) for d in result.items],
            [o.name for o in result.objects])


def test_handed_to_a_name_the_parser_reads_as_an_infinitive(view: ViewOf) -> None:
    # the small parser tags this "to" as an infinitive marker and "Nell Barrow" as an adverb
    found, objects = hands(view, "Tom Heller handed the map to Nell Barrow. Nell Barrow studied "
                                 "the map.")
    assert found == [("gave", "Tom Heller", "map"), ("received", "Nell Barrow", "map")]
    assert objects == ["map"]


def test_it_is_the_thing_taken_not_the_drawer_it_came_from(view: ViewOf) -> None:
    found, objects = hands(view, "Tom Heller took the map from the drawer. He gave it to Nell "
                                 "Barrow.")
    assert found == [("gained", "Tom Heller", "map"), ("gave", "Tom Heller", "map"),
                     ("received", "Nell Barrow", "map")]
    assert objects == ["map"]


def test_lent_pocketed_and_lost(view: ViewOf) -> None:
    found, _ = hands(view, "Nell Barrow lent Tom Heller her pistol. Tom Heller pocketed the "
                           "purse. Nell Barrow lost the locket in the snow.")
    assert found == [("gave", "Nell Barrow", "pistol"), ("received", "Tom Heller", "pistol"),
                     ("gained", "Tom Heller", "purse"), ("lost", "Nell Barrow", "locket")]
