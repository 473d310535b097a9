"""state_deltas: things put into someone's hands, taken out, kept with someone, in their
pocket, or theirs by charge — with the quieter wordings that must stay silent."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]
CAST = StoryContext(entities=[
    KnownEntity(name="Anna Lind", type="character", aliases=["Anna"], gender="female"),
    KnownEntity(name="Piet Mors", type="character", aliases=["Piet"], gender="male"),
    KnownEntity(name="Jonas Brel", type="character", aliases=["Jonas"], gender="male"),
])
HANDS = {"gave", "received", "gained", "lost", "destroyed"}


def hands(view: ViewOf, text: str) -> list[tuple[str, str, str | None]]:
    items = extract_state_deltas(view(text, CAST)).items
    assert_evidence_exact(text, items)
    return [(d.kind, d.subject, d.object) for d in items if d.kind in HANDS]


@pytest.mark.parametrize(("text", "thing"), [
    ("Anna Lind put the sextant into Piet's hands.", "sextant"),
    ("Anna Lind pressed the brass key into Piet's palm.", "brass key"),
    ("Anna Lind laid the little almanac in Piet's lap.", "little almanac"),
    ("Anna Lind left the ledger in Piet's keeping.", "ledger"),
])
def test_into_someones_hands_is_a_handover(view: ViewOf, text: str, thing: str) -> None:
    assert hands(view, text) == [("gave", "Anna Lind", thing), ("received", "Piet Mors", thing)]


def test_into_ones_own_hands_is_taking(view: ViewOf) -> None:
    assert hands(view, "Anna Lind put the sextant into her own hands.") == [
        ("gained", "Anna Lind", "sextant")]


def test_taken_out_and_drawn_out(view: ViewOf) -> None:
    assert hands(view, "Piet Mors took out the chronometer.") == [
        ("gained", "Piet Mors", "chronometer")]
    assert hands(view, "Piet Mors drew out the letter.") == [("gained", "Piet Mors", "letter")]


@pytest.mark.parametrize(("text", "who", "thing"), [
    ("The sextant stayed with Anna.", "Anna Lind", "sextant"),
    ("The key remained with Jonas Brel.", "Jonas Brel", "key"),
    ("The letter was in the inside pocket of his coat. Piet Mors", None, "letter"),
    ("The logbook was Piet's charge.", "Piet Mors", "logbook"),
    ("The watch was in Jonas Brel's hand.", "Jonas Brel", "watch"),
])
def test_a_thing_kept_with_or_by_someone(view: ViewOf, text: str, who: str | None,
                                         thing: str) -> None:
    found = hands(view, text)
    if who is None:
        assert found == []  # "his" with no one before it: no holder to give it to
    else:
        assert found == [("gained", who, thing)]


@pytest.mark.parametrize("text", [
    "Anna Lind put her hands into her pockets.",
    "Anna Lind put her trust in Piet's judgement.",
    "Anna Lind drew a chair to the fire.",
    "The news stayed with Anna for days.",
    "Anna Lind was in Piet's debt.",
    "Anna Lind took out her temper on the door.",
    "Anna Lind did not put the sextant into Piet's hands.",
])
def test_hands_and_keeping_stay_silent(view: ViewOf, text: str) -> None:
    assert hands(view, text) == []
