"""object_uses: the objects of the narration's now, as the critic's possession check compares
them — handled, on someone, present, found and handed on — and the wordings that are no use
now (a perfect, a modal, a negation, a memory, speech, another thing named by a compound)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.object_uses import extract_object_uses
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import ObjectUse

ViewOf = Callable[..., ChapterView]
CAST = StoryContext(entities=[
    KnownEntity(name="Ruth Penrose", type="character", aliases=["Ruth"], gender="female"),
    KnownEntity(name="Hal Brandt", type="character", aliases=["Hal"], gender="male"),
    KnownEntity(name="tin whistle", type="object"),
    KnownEntity(name="silver thimble", type="object"),
])


def uses(view: ViewOf, text: str, *how: str) -> list[ObjectUse]:
    found = extract_object_uses(view(text, CAST))
    for use in found:
        assert text[use.evidence.start:use.evidence.end] == use.evidence.quote
    return [u for u in found if not how or u.how in how]


def read(view: ViewOf, text: str, how: str) -> list[tuple[str, str | None, str]]:
    """(phrase, user as written, verb) of each record of one kind."""
    return [(" ".join(u.words), u.user.text if u.user else None, u.verb) for u in uses(view, text, how)]


# -- handled -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Tomas turned the silver compass over in his palm.", ("silver compass", "Tomas", "turn")),
    ("Ivo rubbed the brass key with his thumb.", ("brass key", "Ivo", "rub")),
    ("He took the key and unlocked the door.", ("key", "He", "take")),
])
def test_the_object_of_a_verb_with_a_subject_is_handled(view: ViewOf, text: str,
                                                        expected: tuple[str, str, str]) -> None:
    assert expected in read(view, text, "handled")


def test_with_an_instrument_and_from_someone(view: ViewOf) -> None:
    found = uses(view, "Aldous opened the box with the brass key.", "handled")
    assert any(u.instrument and u.words[-1] == "key" for u in found)
    taken = uses(view, "Hal took the whistle from her and blew it.", "handled")
    assert [u.source for u in taken if u.words[-1] == "whistle" and u.evidence.rule != "object_uses.words"] \
        == ["her"]


@pytest.mark.parametrize("text", [
    "Ivo had weighed the brass key in his hand once, years ago.",
    "Ivo would take the brass key tomorrow.",
    "Ivo did not take the brass key.",
    "Ivo looked at the brass key in the shop window.",
    '"I took the brass key," said Ivo.',
])
def test_no_handling_now(view: ViewOf, text: str) -> None:
    assert [u for u in uses(view, text, "handled") if u.words[-1] == "key"] == []


def test_a_compound_names_another_thing(view: ViewOf) -> None:
    text = "In the bottom corner she drew the compass rose."
    assert [u for u in uses(view, text) if u.words[-1] == "compass"] == []


def test_the_words_give_a_use_the_parse_splits(view: ViewOf) -> None:
    text = "Hal stood by the stove. Later Hal took the silver thimble from him and tried it on."
    found = [u for u in uses(view, text, "handled") if u.evidence.rule == "object_uses.words"]
    assert [(u.words, u.user.text if u.user else None, u.verb, u.source) for u in found] == [
        (["silver", "thimble"], "Later Hal", "took", "him")]
    # "the same road" is no object in words either
    assert all(u.evidence.rule != "object_uses.words" for u in uses(view, "Hal took the same road home."))


# -- on someone ----------------------------------------------------------------------------------

def test_lying_on_someones_knees_is_on_them(view: ViewOf) -> None:
    text = "Mara sat by the fire and read. Jonah's ledger lay open on her knees."
    found = uses(view, text, "on_person")
    assert [(u.words[-1], u.user.text if u.user else None, u.possessor.text if u.possessor else None)
            for u in found] == [("ledger", "her", "Jonah")]


# -- present and found ---------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "verb", "resting"), [
    ("The tin whistle glinted in the lamplight as Hal lifted his lantern.", "glint", True),
    ("Hal set the lamp down. On the mantel, beside the clock, lay the tin whistle.", "lie", True),
    ("Hal slammed the dresser drawer, and the tin whistle rattled inside it.", "rattle", False),
])
def test_an_object_present_through_any_verb(view: ViewOf, text: str, verb: str, resting: bool) -> None:
    found = [u for u in uses(view, text, "present") if u.words[-2:] == ["tin", "whistle"]]
    assert found and found[0].verb == verb and found[0].resting is resting, found


def test_the_words_give_a_presence_the_parse_loses(view: ViewOf) -> None:
    text = "Hal ran down the lane. The tin whistle on its cord bumped against his chest."
    found = [u for u in uses(view, text, "present") if u.evidence.rule == "object_uses.named"]
    assert [(u.words, u.verb_text) for u in found] == [(["tin", "whistle"], "bumped")]


def test_where_a_lost_thing_lies_and_a_memory_are_marked(view: ViewOf) -> None:
    lost = uses(view, "Somewhere at the bottom of the harbour the tin whistle lay in the mud.", "present")
    assert lost and all(u.where_lost for u in lost)
    text = "Hal remembered the ferry.\n\nHal had first met Ruth there. The tin whistle hung by the door."
    assert [u.remembered for u in uses(view, text, "present") if u.words[-1] == "whistle"] == [True]


@pytest.mark.parametrize("text", [
    "Hal remembered how the tin whistle swung on its cord when his father rowed.",
    "The tin whistle had gone over the side years before.",
    "Hal wished the tin whistle still hung by the door.",
])
def test_no_presence_now(view: ViewOf, text: str) -> None:
    assert [u for u in uses(view, text, "present") if u.words[-1] == "whistle"] == []


def test_finding_a_thing(view: ViewOf) -> None:
    text = "Ruth emptied the flour bin, and at the bottom she found the brass key."
    assert ("brass key", None, "find") in read(view, text, "found")
    assert read(view, "Ruth never found the brass key.", "found") == []


# -- handed on -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Nils gave her the gold watch.",
    "Nils took the gold watch from his waistcoat. He put it into her hand.",
    "Nils took the gold watch from his waistcoat and pressed it into her palm.",
    "Ruth took the gold watch out of her apron and held it out to Hal.",
])
def test_a_hand_over_in_any_wording(view: ViewOf, text: str) -> None:
    assert "watch" in {u.words[-1] for u in uses(view, text, "handed")}


def test_putting_it_on_a_shelf_is_no_hand_over(view: ViewOf) -> None:
    text = "Nils took the gold watch from his waistcoat. He put it on the shelf."
    assert uses(view, text, "handed") == []
