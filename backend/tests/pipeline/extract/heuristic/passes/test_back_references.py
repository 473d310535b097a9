"""Acts referred back to (passes/back_references, ported from the critic's recognisers/vows): a
vow, agreement, arrangement, warning, prediction, debt or thing left in keeping told as a past
perfect clause of its own, as an "as"-clause on what it pays off, or as a noun with a clause that
places it in the past, with the occasion it is pinned to. The critic looks these up in the earlier
chapters and reads no such wording in the draft itself, so each wording here is one the critic
can only see through the extractor. The sentences are the critic's slip-class sentences
(tests/pipeline/critic/test_slip_classes_agreements.py, test_slip_classes_commitments.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.back_references import extract_back_references
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import BackReferenceItem

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]

FERRY = StoryContext(entities=[KnownEntity(name=name, type="character")
                               for name in ("Ruth Penrose", "Hal Brandt")])


def read(view: ViewOf, text: str) -> list[BackReferenceItem]:
    items = extract_back_references(view(text, FERRY))
    assert_evidence_exact(text, items)
    return items


@pytest.mark.parametrize(("text", "kind", "form", "occasion"), [
    # a past-perfect clause of its own
    ("Ruth had sworn on the ferry steps that she would never wear her mother's shawl again, and "
     "tonight she put it on.", "promise", "clause", ["ferry", "steps"]),
    ("Hal had vowed on the night of the fire that he would rebuild the mill wheel with his own "
     "hands, and so he did.", "promise", "clause", ["fire"]),
    ("She came up the lane because Hal had fixed the day with her at the fair, the last Monday "
     "before the harvest, at the mill gate.", "agree", "clause", ["fair"]),
    ("It was exactly what Ruth had warned him of on the ferry steps: that the river would rise in "
     "March and take the lower field.", "warn", "clause", ["ferry", "steps"]),
    ("Ruth had lent Hal ten shillings at the fair, and now he paid them back.", "debt", "clause",
     ["fair"]),
    # an "as"-clause on the act it pays off
    ("Hal left the cart at the mill gate at six, exactly as they had agreed at the fair.", "agree",
     "as", ["fair"]),
    ("Exactly as Ruth had arranged it with the carter at the fair, the cart stood at the mill gate.",
     "agree", "as", ["fair"]),
    ("The carter was at the mill gate at six, just as Hal had settled it with him on the ferry steps.",
     "agree", "as", ["ferry", "steps"]),
    ("The mill roof fell in, just as Hal had warned her it would, on the night of the fire.", "warn",
     "as", None),
    ("The price of flour doubled, exactly as Ruth had predicted at the fair.", "warn", "as", ["fair"]),
    ("The river took the lower field, as the miller had foretold at the fair.", "warn", "as", ["fair"]),
    ("The mill roof fell in that winter, just as Hal had said it would.", "warn", "as", None),
    # a bare participle "as agreed" with an occasion
    ("The cart stood at the mill gate at six, as agreed at the fair.", "agree", "as", ["fair"]),
    # a noun the act was about
    ("Hal laid out on the counter the ten shillings he had borrowed from the miller at the fair, "
     "and the debt was paid.", "debt", "noun", ["fair"]),
    ("Ruth paid back the forty pounds her father had borrowed from the carter for the new wagon, "
     "coin by coin.", "debt", "noun", None),
    # a commitment noun
    ("It was the bargain Hal had struck with the miller at the fair, and now it fell due.",
     "bargain", "noun", ["fair"]),
    ("She paid him the oath she had taken on the ferry steps, every word of it.", "oath", "noun",
     ["ferry", "steps"]),
    ("Hal counted out the debt he owed the miller, coin by coin.", "debt", "noun", None),
    ("It was the appointment Hal had made with the carter at the fair, and he kept it to the minute.",
     "appointment", "noun", ["fair"]),
    # things left in keeping or put by for a day to come
    ("Ruth laid on the table the sealed purse that Hal had left with her at the fair, to be given "
     "to the miller if he did not come back.", "deposit", "noun", ["fair"]),
    ("Ruth set down the brandy, the one she had put by unopened for the night of the harvest.",
     "deposit", "noun", None),
])
def test_an_act_referred_back_to_is_read_with_its_occasion(
        view: ViewOf, text: str, kind: str, form: str, occasion: list[str] | None) -> None:
    items = read(view, text)
    assert items, text
    item = items[0]
    assert (item.kind, item.form) == (kind, form), (text, items)
    if occasion is not None:
        assert item.occasion_words == occasion, (text, item)
        assert not item.needs_shown_occasion and not item.spoken


def test_a_letter_is_an_occasion_whose_text_need_not_be_on_the_page(view: ViewOf) -> None:
    text = ("She came up the lane because Hal had fixed the day with her in his last letter, the last "
            "Monday before the harvest.")
    [item] = read(view, text)
    assert item.occasion_written and item.occasion_words == ["letter"]


def test_a_place_part_is_the_place_and_a_time_is_what_follows_it(view: ViewOf) -> None:
    [item] = read(view, "Hal had sworn at the back of the mill that he would say nothing.")
    assert item.occasion_words == ["mill"]
    [item] = read(view, "Hal had sworn that night in the lighthouse that he would say nothing.")
    assert item.occasion_words == ["lighthouse"]


@pytest.mark.parametrize("text", [
    # a simple past in speech or an as-clause refers back only to an occasion on record
    '"We settled it on the ferry steps," said Hal, "every Sunday, whatever the weather."',
    "The boy is yours for seven years, as we settled it between us at the fair.",
    # a commitment noun with a bare participle, likewise
    "Hal paid the wager laid on the ferry steps in full, and the miller laughed.",
])
def test_a_simple_past_or_a_participle_needs_an_occasion_on_record(view: ViewOf, text: str) -> None:
    items = read(view, text)
    assert [i.needs_shown_occasion for i in items] == [True], (text, items)
    assert items[0].spoken == text.startswith('"')


@pytest.mark.parametrize("text", [
    # settle / fix without terms are not arrangements
    "Hal had settled into the chair by the fire at the fair.",
    "Ruth had fixed the pump on the ferry steps before breakfast.",
    "Ruth had fixed the pump with a new washer on the ferry steps.",
    "Hal had settled down on the ferry steps with the carter.",
    # never agreed, or only would have
    "Hal had never agreed to anything at the fair.",
    "Hal would have agreed at the fair to anything she asked.",
    # going on, not done
    "Hindley has been borrowing money on his land.",
    # not a thing kept for anyone
    "Hal put by his tools and went home.",
    "Hal left the mill at six and walked to the fair.",
    # the story's now: a settlement made in this chapter
    "On the ferry steps Hal and Ruth settled it between them: every Sunday, whatever the weather.",
    # "said" looks back only in "as he had said it would"
    "Hal had said on the ferry steps that the mill was cold.",
    # a participle that is not the making of the promise; one with no occasion
    "He has the promise of a post at the mill, now quartered in the ferry steps.",
    "Hal paid the wager laid in full.",
])
def test_words_of_arranging_that_refer_back_to_nothing_give_nothing(view: ViewOf, text: str) -> None:
    assert read(view, text) == [], text


def test_an_occasion_that_names_no_place_is_none(view: ViewOf) -> None:
    [item] = read(view, "Hal had sworn in his heart that he would rebuild the mill wheel.")
    assert item.occasion is None
    [item] = read(view, "Hal had sworn to Ruth Penrose that he would rebuild the mill wheel.")
    assert item.occasion is None


def test_the_chapters_sentences_before_that_tell_an_act_of_its_kind(view: ViewOf) -> None:
    """The critic looks for the act's own words in the chapter's sentences before it that tell
    an act of its kind; a warning "said" only as what will come."""
    text = ("Hal swore on the quay that he would mend the wheel by spring. The rain came on. "
            "Ruth had sworn on the ferry steps that she would never wear her mother's shawl again, "
            "and tonight she put it on.")
    [item] = read(view, text)
    assert item.said_before == ["Hal swore on the quay that he would mend the wheel by spring."]
    assert item.capitalised == []
    warned = ('"The weir will take one of you," Ruth said. Ruth said nothing more. '
              "Hal had warned them at the weir that the river would rise, and it did.")
    [item] = [i for i in read(view, warned) if i.kind == "warn"]
    assert item.said_before == ['"The weir will take one of you," Ruth said.']
