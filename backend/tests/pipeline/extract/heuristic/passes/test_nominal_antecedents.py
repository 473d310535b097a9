"""Pronouns whose one antecedent is a kin noun a rule placed: "his wife … Her mind … She was
a woman of mean understanding" is Mrs. Bennet; a name, an unplaced person-noun or speech
between them leaves the pronoun alone."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from tests.pipeline.extract.heuristic.passes.support import in_novel

ViewOf = Callable[..., ChapterView]

BENNETS = StoryContext(entities=[
    KnownEntity(name="Mr. Bennet", type="character", gender="male", mentions=40),
    KnownEntity(name="Mrs. Bennet", type="character", gender="female", mentions=40),
    KnownEntity(name="Charlotte Lucas", type="character", gender="female", mentions=20,
                aliases=["Charlotte"]),
])

# Pride and Prejudice, chapter 1: the narration never names Mrs. Bennet near her portrait.
PORTRAIT = ("Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve, and "
            "caprice, that the experience of three-and-twenty years had been insufficient to "
            "make his wife understand his character. _Her_ mind was less difficult to develope. "
            "She was a woman of mean understanding, little information, and uncertain temper.")


def _keys(view: ChapterView, *words: str) -> list[str | None]:
    return [view.token_key[t.i] for t in view.tokens if t.text in words]


def test_pronouns_after_a_spouse_read_from_a_name_are_that_spouse(view: ViewOf) -> None:
    assert in_novel("pride_and_prejudice.txt", PORTRAIT)
    v = view(PORTRAIT, BENNETS)
    assert _keys(v, "wife") == ["Mrs. Bennet"]
    assert _keys(v, "Her", "She") == ["Mrs. Bennet", "Mrs. Bennet"]


def test_a_name_of_the_same_sex_between_ends_the_chain(view: ViewOf) -> None:
    text = ("Mr. Bennet had been unable to make his wife understand his character. Charlotte "
            "came in at noon. She was a woman of mean understanding.")
    assert _keys(view(text, BENNETS), "She") == ["Charlotte Lucas"]


def test_an_unplaced_person_noun_between_ends_the_chain(view: ViewOf) -> None:
    text = ("Mr. Bennet had been unable to make his wife understand his character. A lady "
            "called at noon. She was a woman of mean understanding.")
    assert _keys(view(text, BENNETS), "She") == [None]


def test_speech_and_a_new_paragraph_end_the_chain(view: ViewOf) -> None:
    spoken = ("Mr. Bennet had been unable to make his wife understand his character. "
              "\u201cShe will not come,\u201d said he. She was a woman of mean understanding.")
    assert _keys(view(spoken, BENNETS), "She") == [None, None]
    paragraph = ("Mr. Bennet had been unable to make his wife understand his character.\n\n"
                 "She was a woman of mean understanding.")
    assert _keys(view(paragraph, BENNETS), "She") == [None]
