"""Occupations beyond "X, the blacksmith" and "X was a clergyman": a trade in speech or a
letter, "like the wheelwright he was", "Elena Voss the chandler was ...", a living ("Teaching
was Elena Marsh's living", "earned her bread by sewing") and a trade's place kept ("kept a
shop"); passes/canon_trades and the speech rule of passes/canon. The critic compares these
readings with the world's occupations; it reads no trade in the draft itself, so each wording
here is one the critic can only see through the extractor.

The positive sentences are the seeded critic drafts' own (evals/fixtures/golden): no shared
novel uses these wordings of a named character.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]

SALTMERE = StoryContext(entities=[KnownEntity(name=name, type="character", gender=gender)
                                  for name, gender in (
    ("Elena Marsh", "female"), ("Elena Voss", "female"), ("Mara Finch", "female"),
    ("Tomas Marsh", "male"), ("Ilse Reyes", "female"), ("Hal Brandt", "male"))])


def trades(view: ViewOf, text: str) -> list[tuple[str, str, str]]:
    items = [f for f in extract_canon_facts(view(text, SALTMERE)) if f.predicate == "occupation"]
    assert_evidence_exact(text, items)
    return [(f.subject, f.value, f.evidence.rule.removeprefix("canon.")) for f in items]


@pytest.mark.parametrize(("text", "expected"), [
    # held-out v5 canon 03 (speech) and 01 (a letter): trades beyond the small lexicon
    ('"Ilse Reyes was harbourmaster of this town for ten years, Sergeant, and in all that time '
     'she never once lied."', ("Ilse Reyes", "harbourmaster", "occupation")),
    ('"Mara has been a seamstress since she left the schoolroom, and she says she sees no reason."',
     ("Mara Finch", "seamstress", "occupation")),
    # held-out v5 canon 02: the likeness's clause says what he was
    ("Tomas rowed as he did everything, like the wheelwright he was: steady and patient.",
     ("Tomas Marsh", "wheelwright", "trade_forms")),
    # held-out v5 canon 04: a name, "the" and a trade, the subject of the verb after
    ("Elena Voss the chandler was taking down the shutters of her shop across the quay.",
     ("Elena Voss", "chandler", "trade_forms")),
    # held-out v4 canon 06: a living, the gerund giving the trade family
    ("Teaching was Elena Marsh's living and had been since she was sixteen.",
     ("Elena Marsh", "teacher", "trade_forms")),
    ("Elena Marsh's living was sewing.", ("Elena Marsh", "seamstress", "trade_forms")),
    ("Elena Marsh earned her bread by sewing.", ("Elena Marsh", "seamstress", "trade_forms")),
    ("Hal Brandt made a living as a carter.", ("Hal Brandt", "carter", "trade_forms")),
    ("Elena Marsh kept a shop.", ("Elena Marsh", "shopkeeper", "trade_forms")),
    ("Elena Marsh kept school in the village.", ("Elena Marsh", "teacher", "trade_forms")),
    # an institution's post: "the Guild's own", "the Company's"
    ("Elena Marsh, the valley's own schoolmistress, sat in the front pew.",
     ("Elena Marsh", "schoolmistress", "role_forms")),
    ("Hal Brandt, the Company's treasurer, counted the wages twice.",
     ("Hal Brandt", "treasurer", "role_forms")),
])
def test_trades_in_more_wordings(view: ViewOf, text: str, expected: tuple[str, str, str]) -> None:
    assert trades(view, text) == [expected]


@pytest.mark.parametrize("text", [
    "Tomas Marsh kept the shop door open.",  # the door is kept, not a shop
    "If Tomas Marsh kept a shop he would be rich.",  # a supposition
    "Elena Marsh never earned her bread by sewing.",  # denied
    "Tomas Marsh rowed like the fool he was.",  # no trade
    "Elena Marsh kept her sister's shop.",  # someone else's shop
    "Her trade was weaving, and Elena Marsh was good at it.",  # "her" before anyone is named
    # talk: a trade beyond the plain lexicon is given only of a name (held-out v7 clean 06:
    # Mara says it to her father)
    'Mara Finch looked up at her father. "I\'m a mapmaker, Papa. I draw the coast."',
])
def test_no_trade_from_other_uses(view: ViewOf, text: str) -> None:
    assert trades(view, text) == []


def test_no_trade_from_a_supposition_in_great_expectations(view: ViewOf) -> None:
    sentence = ("You would have been disposed of for so many shillings according to the market "
                "price of the article, and Dunstable the butcher would have come up to you as you "
                "lay in your straw")
    assert in_novel("great_expectations.txt", sentence)
    context = StoryContext(entities=[KnownEntity(name="Dunstable", type="character", gender="male")])
    items = [f for f in extract_canon_facts(view(sentence, context)) if f.predicate == "occupation"]
    assert items == []
