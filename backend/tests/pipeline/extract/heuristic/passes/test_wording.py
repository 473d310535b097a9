"""wording: nouns with the words around them (and those of a kind, kept for later chapters),
capitalised names and where sentences and paragraphs begin, as the critic's possession check
compares them (sentences of the critic's
golden world and slip classes)."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.nouns_of_kind import extract_nouns_of_kind
from continuum.pipeline.extract.heuristic.passes.wording import (
    extract_names,
    extract_noun_phrases,
    paragraph_starts,
    sentence_starts,
)
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

ViewOf = Callable[..., ChapterView]
CAST = StoryContext(entities=[
    KnownEntity(name="Mara Finch", type="character", aliases=["Mara"], gender="female"),
    KnownEntity(name="Aldous Finch", type="character", aliases=["Aldous"], gender="male"),
    KnownEntity(name="Guild ledger", type="object"),
    KnownEntity(name="silver compass", type="object"),
    KnownEntity(name="brass key", type="object"),  # a word of a known thing is a noun, however tagged
])


def test_each_noun_keeps_the_words_that_tell_it_apart(view: ViewOf) -> None:
    text = ("Mara kept her own ledger in the kitchen, and the inn ledger lay by the fire. Aldous "
            "drew the compass rose on the key of the box, and its key lay by the silver compass.")
    phrases = extract_noun_phrases(view(text, CAST))
    assert all(text[p.start:].startswith(p.head) for p in phrases)
    read = [(p.head, p.before[-2:], p.kind, p.own, p.its, p.complement, p.modifies_next) for p in phrases
            if p.head in ("ledger", "compass", "key")]
    assert read == [
        ("ledger", ["her", "own"], None, "her own ledger", False, False, False),
        ("ledger", ["the", "inn"], "inn", None, False, False, False),
        ("compass", ["drew", "the"], None, None, False, False, True),
        ("key", ["on", "the"], None, None, False, True, False),
        ("key", ["and", "its"], None, None, True, False, False),
        ("compass", ["the", "silver"], "silver", None, False, False, False),
    ]


def test_nouns_of_a_kind_are_kept_for_later_chapters(view: ViewOf) -> None:
    text = ("She put the drawer key back under the inkstand. The old key and the only key lay by the "
            "lock and its key. Tomas found the key of the box, and the drawer key again.")
    assert [(n.head, n.kind) for n in extract_nouns_of_kind(view(text, CAST))] == [
        ("key", "drawer"), ("key", None)]  # "the old key", "the only key": any key
    rose = extract_noun_phrases(view("Tomas drew the compass rose in the margin.", CAST))
    assert [p.modifies_next for p in rose if p.head == "compass"] == [True]


def test_names_with_titles_and_speech(view: ViewOf) -> None:
    text = ('Then Mara lifted the Guild ledger. "Mr. Finch will want it," said Aldous\'s clerk.')
    names = [(n.text, n.in_speech) for n in extract_names(view(text, CAST))]
    assert ("Then Mara", False) in names and ("Mr. Finch", True) in names
    assert ("Aldous's", False) in names
    assert all(text[n.start:].startswith(n.text) for n in extract_names(view(text, CAST)))


def test_sentences_and_paragraphs_begin_where_the_text_does(view: ViewOf) -> None:
    text = "Mara sat by the fire and read. The Guild ledger lay open on her knees.\n\nAldous came in."
    chapter = view(text, CAST)
    assert sentence_starts(chapter) == [0, text.index("The Guild"), text.index("Aldous came")]
    assert paragraph_starts(chapter) == [0, text.index("Aldous came")]
