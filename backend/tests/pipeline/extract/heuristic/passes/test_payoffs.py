"""Payoffs (passes/payoffs, ported from the critic's checks/commitments): a thing acted on with a
payoff wording, one a past-perfect clause sets up, and one delivered by referring back to a
spoken act. The critic looks each up in the earlier chapters and reads no such wording in the
draft itself, so each wording here is one the critic can only see through the extractor. The
sentences are the critic's (tests/pipeline/critic/test_structural.py, test_slip_classes.py,
test_generalisation.py, test_recognisers.py before the port).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.payoffs import extract_payoffs
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import PayoffItem

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]

QUAY = StoryContext(entities=[KnownEntity(name=name, type="character")
                              for name in ("Tomas Marsh", "Mara Finch", "Ivo Marsh", "Aldous Finch")])


def read(view: ViewOf, text: str, form: str | None = None) -> list[PayoffItem]:
    items = extract_payoffs(view(text, QUAY))
    assert_evidence_exact(text, items)
    return [p for p in items if form is None or p.form == form]


# -- wording --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "thing", "spoken"), [
    ("At last Aldous unlocked the sea chest he had brought back from Greyhaven, just as he had sworn "
     "he would on the day he came home.", "sea chest", False),  # had sworn he would
    ("Tomas took down the old harpoon that had hung above the forge door since his father's time.",
     "harpoon", False),  # since his father's time
    ("Underneath it lay the sea chest that Ivo had buried there, eleven years ago, and sworn to come "
     "back for.", "sea chest", False),  # sworn to come back for
    ("Mara had made her swear not to open the walnut casket.", "walnut casket", False),
    ("The lamp had waited all these years on the shelf.", "shelf", False),  # all these years
    ('"You promised me the weathervane by Michaelmas," said the parson.', "weathervane", True),
])
def test_a_payoff_wording_and_the_thing_it_acts_on(view: ViewOf, text: str, thing: str,
                                                   spoken: bool) -> None:
    assert [(p.thing, p.spoken, p.soft) for p in read(view, text, "wording")] == [(thing, spoken, False)]


def test_several_wordings_in_one_passage(view: ViewOf) -> None:
    text = ("It was the letter the captain had spoken of in the boat, the one she had sworn would be "
            "waiting at the Watch post. Underneath it lay the sea chest that Ivo had buried there, "
            'eleven years ago, and sworn to come back for. "You promised me the weathervane by '
            'Michaelmas," said the parson.')
    assert [(p.thing, p.spoken) for p in read(view, text, "wording")] == [
        ("letter", False), ("sea chest", False), ("weathervane", True)]


def test_plain_past_perfect_prose_pays_nothing_off(view: ViewOf) -> None:
    # Pride and Prejudice, chapter 2: an intention, not a promise paid off.
    text = ("Mr. Bennet was among the earliest of those who waited on Mr. Bingley. He had always "
            "intended to visit him, though to the last always assuring his wife that he should not go.")
    assert read(view, text) == []


def test_a_wording_thing_must_end_in_a_noun(view: ViewOf) -> None:
    # the marker's first noun phrase ends in a verb: "her doctor told" acts on nothing
    assert read(view, "Mara had promised she would do as her doctor told.") == []


# -- structure ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "thing", "soft"), [
    # a past-perfect relative clause: a hiding long ago, or a recent one (soft)
    ("Tomas dug beneath the third stone of the quay and lifted out the tin box his father had "
     "buried there forty years ago.", "tin box", False),
    ("Tomas lifted out the tin box his father had buried under the quay.", "tin box", True),
    # "where ... had lain": the thing is what lay there, not the place
    ("Mara knelt by the hearth, where the oilskin packet had lain since her childhood, and drew it "
     "out.", "oilskin packet", False),
    # promised by nobody named (Emma, chapter 20): soft; with an agent, not
    ("Mara unwrapped the oilskin packet which had been promised to her years ago.",
     "oilskin packet", True),
    ("Mara unwrapped the oilskin packet which had been promised to her years ago by Tomas.",
     "oilskin packet", False),
    # "as he had promised" on the verb acting on it
    ("Just as he had promised, Tomas gave Mara the silver thimble.", "silver thimble", False),
    # "at last" only after an oath told just before, and then soft
    ("Mara promised her father she would never open it. The winter passed. At last Mara opened "
     "the walnut casket and read the deed inside.", "walnut casket", True),
    # the thing named earlier in the chapter: soft
    ("Tomas found a tin box in the forge. Then he lifted out the tin box his father had buried "
     "there forty years ago.", "tin box", True),
])
def test_a_thing_set_up_by_structure(view: ViewOf, text: str, thing: str, soft: bool) -> None:
    assert [(p.thing, p.soft, p.spoken) for p in read(view, text, "structure")] == [(thing, soft, False)]


@pytest.mark.parametrize("text", [
    "At last Mara opened the walnut casket and read the deed inside.",  # "at last" alone
    "At last Mara sat down by the fire.",
    "Mara wore the ribbon which she had kept in her heart ever since.",  # a feeling kept
    "Mara picked up a glove that Tomas had stood holding for a long time.",  # a person stood
    "He went down to the harbour wall instead and sat on the stones at the end of it, where he had "
    "sat as a boy on the night the Kestrel was lost.",
])
def test_no_thing_set_up(view: ViewOf, text: str) -> None:
    assert read(view, text, "structure") == []


def test_a_thing_that_stayed_put_since_long_ago(view: ViewOf) -> None:
    text = "At the back of the drawer lay the brass bell that had hung over the mill door since long ago."
    assert [p.thing for p in read(view, text)] == ["brass bell"]


# -- delivered ------------------------------------------------------------------------------------

def test_a_thing_delivered_by_a_promise_on_an_occasion(view: ViewOf) -> None:
    text = ("Mara untied the parcel on the kitchen table. It was the green silk shawl that Tomas had "
            "promised her at the harvest fair, folded in tissue paper.")
    [item] = read(view, text, "delivered")
    assert (item.thing, item.person, item.verb, item.verb_lemma) == (
        "green silk shawl", False, "promised", "promise")
    assert (item.speaker, item.speaker_named) == ("Tomas", True)
    assert item.speaker_start == text.index("Tomas")
    assert item.occasions == [["harvest"]]


def test_a_name_shouted_and_where_he_had_said_it_would_be(view: ViewOf) -> None:
    shouted = ("The prisoner was a thin man from the mill, Walter Pike, whose name Tomas had shouted "
               "across the square on the night of the fire.")
    assert [(p.thing, p.person, p.occasions) for p in read(view, shouted, "delivered")] == [
        ("Walter Pike", True, [["square"], ["fire"]])]
    where = ("Under the loose hearthstone, just where Tomas had said on the quay that it would be, "
             "was a tin whistle wrapped in oilcloth.")
    assert [(p.thing, p.verb_lemma, p.occasions) for p in read(view, where, "delivered")] == [
        ("tin whistle", "say", [["quay"]])]


def test_the_noun_of_a_chart_of_islands_and_a_clause_with_no_relative_word(view: ViewOf) -> None:
    chart = "It was the chart of the southern islands that Ivo had promised her in the lighthouse."
    assert [(p.thing, p.occasions) for p in read(view, chart, "delivered")] == [
        ("chart southern islands", [["lighthouse"]])]
    barrel = "It was the barrel Aldous had promised the street."
    assert [p.thing for p in read(view, barrel, "delivered")] == ["barrel"]


@pytest.mark.parametrize("text", [
    "Mara kept the velvet purse that Tomas had never mentioned.",  # negated
    "Mara had a velvet purse which Tomas would have described at the fair.",  # never said
    "Mara found the key that Tomas had given to the council.",  # a hand-over, not a spoken act
])
def test_nothing_delivered(view: ViewOf, text: str) -> None:
    assert read(view, text, "delivered") == []


def test_a_delivered_thing_told_of_before_in_the_chapter(view: ViewOf) -> None:
    """The chapter itself tells of the act first (the sentence with the thing's words and the
    same verb, or the thing in speech): the critic then asks no earlier chapter for it."""
    shawl = ("It was the green silk shawl that Tomas had promised her at the harvest fair, folded in "
             "tissue paper.")
    [item] = read(view, shawl, "delivered")
    assert not item.told_before and item.capitalised == ["It", "Tomas"]
    told = "At the harvest fair Tomas promised Mara a green silk shawl. " + shawl
    [item] = read(view, told, "delivered")
    assert item.told_before
    spoken = '"Bring me a green silk shawl," said Mara at the harvest fair. ' + shawl
    [item] = read(view, spoken, "delivered")
    assert item.told_before
    other = "At the harvest fair Tomas bought Mara a blue cotton apron. " + shawl
    [item] = read(view, other, "delivered")
    assert not item.told_before
