"""The critic's look-ups in earlier chapters: the same sentences whether or not an earlier
critique already searched a chapter, and an edited chapter searched afresh."""

from __future__ import annotations

import re
import uuid

from continuum.language.prose import Speech, in_speech, sentences
from continuum.reads.critic_state import PriorText, chapter_sentences_with

CHAPTER_1 = ("Mara promised the captain she would keep the ledger. He nodded. "
             "\"I will,\" she said at last.")
CHAPTER_2 = "The tide came in. Tomas swore he had seen the lantern on the reef."


def _prior(*chapters: str) -> PriorText:
    return PriorText(novel_id=uuid.uuid4(), cap=len(chapters),
                     chapters=list(enumerate(chapters, start=1)))


def test_a_later_critique_reuses_the_search_of_a_chapter_already_read() -> None:
    pattern = r"\b(?:promis|swor)\w*"
    first = _prior(CHAPTER_1).sentences_with(pattern)
    before = chapter_sentences_with.cache_info()
    second = _prior(CHAPTER_1, CHAPTER_2).sentences_with(pattern)
    after = chapter_sentences_with.cache_info()
    assert [s.quote for s in first] == [
        "Mara promised the captain she would keep the ledger."]
    assert [(s.chapter, s.quote) for s in second] == [
        (1, "Mara promised the captain she would keep the ledger."),
        (2, "Tomas swore he had seen the lantern on the reef.")]
    assert after.hits == before.hits + 1  # chapter 1 was not searched again
    assert after.misses == before.misses + 1  # chapter 2 was


def test_an_edited_chapter_is_searched_afresh() -> None:
    pattern = r"\bledger\b"
    assert _prior(CHAPTER_1).sentences_with(pattern)
    edited = CHAPTER_1.replace("ledger", "logbook")
    assert not _prior(edited).sentences_with(pattern)


def test_an_offset_is_in_the_one_speech_around_it() -> None:
    spans = [Speech(10, 20, "a", None, None), Speech(30, 40, "b", None, None),
             Speech(50, 60, "c", None, None)]
    assert in_speech(spans, 9) is None
    assert in_speech(spans, 10) is spans[0]
    assert in_speech(spans, 19) is spans[0]
    assert in_speech(spans, 20) is None
    assert in_speech(spans, 35) is spans[1]
    assert in_speech(spans, 59) is spans[2]
    assert in_speech(spans, 60) is None
    assert in_speech([], 5) is None


def test_a_chapter_searched_whole_finds_the_sentences_each_searched_alone_would() -> None:
    from ..pipeline.extract.heuristic.passes.support import novel_chapters

    chapter = novel_chapters("pride_and_prejudice.txt")[18]
    patterns = [r"\b(?:yes|aye|will|shall|promise|swear|word)\b", r"\bmarr\w*", r"\bCollins\b",
                r"ring\.\s+The", r"^Mr\.", r"\bhope(?!s)", r"(?<=, )madam", r"\b\w+ly\b"]
    for pattern in patterns:
        chapter_sentences_with.cache_clear()
        alone = [s.text for s in sentences(chapter) if re.search(pattern, s.text, re.IGNORECASE)]
        assert [s.quote for s in chapter_sentences_with(pattern, 19, chapter)] == alone, pattern


def test_a_words_look_up_finds_each_word_whole_with_its_crude_plural() -> None:
    prior = _prior("Ruth sat by the harbour walls. The harbourmaster slept.",
                   "A wall fell. The Harbour was quiet.")
    assert [(s.chapter, s.quote) for s in prior.sentences_with_words(["wall", "harbour"])] == \
        [(1, "Ruth sat by the harbour walls.")]
    assert prior.sentences_with_words(["harbour"], plural=False)[0].quote == "Ruth sat by the harbour walls."
    assert [s.quote for s in prior.sentences_with_words(["walls"], plural=False)] == \
        ["Ruth sat by the harbour walls."]
    assert prior.chapter_with_words(["wall", "quiet"]) and not prior.chapter_with_words(["slept", "quiet"])
