"""Offset invariants of every segmenter on arbitrary text built from literary pieces."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from continuum.pipeline.segment import (
    Span,
    split_book,
    split_paragraphs,
    split_scenes,
    split_sentences,
)

PIECES = [
    "Mr.", "Dr. Livesey", "J. R.", "said she.", "“Go!”", "‘Who?’", '"Yes,"', "...", "…", ". . .",
    "?!", "_so_.", "CHAPTER I.", "Chapter Twelve", "PART ONE--The Old Buccaneer", "1", "IV.",
    "[Illustration]", "[Illustration: “Caption”\n\n]", "* * *", "#", "## Scene", "---", "o0o",
    "THE END", "CONTENTS", "*** START OF THE PROJECT GUTENBERG EBOOK X ***",
    "*** END OF THE PROJECT GUTENBERG EBOOK X ***", "word", "Alice", "and", " ", "\n", "\n\n",
    "\n\n\n\n", "\t", "—",
]  # fmt: skip

texts = st.lists(st.sampled_from(PIECES), max_size=60).map(" ".join) | st.text(max_size=200)


def assert_exact(source: str, spans: list[Span]) -> None:
    previous_end = 0
    for span in spans:
        assert source[span.start : span.end] == span.text
        assert span.text and span.text == span.text.strip()
        assert previous_end <= span.start < span.end
        previous_end = span.end


@settings(max_examples=150, deadline=None)
@given(texts)
def test_sentence_paragraph_and_scene_spans_are_exact(text: str) -> None:
    assert_exact(text, split_paragraphs(text))
    assert_exact(text, split_sentences(text))
    assert_exact(text, split_scenes(text))


@settings(max_examples=150, deadline=None)
@given(texts)
def test_book_chapters_are_exact_and_numbered(text: str) -> None:
    chapters = split_book(text)
    previous_end = 0
    for number, chapter in enumerate(chapters, start=1):
        assert chapter.number == number
        assert text[chapter.start : chapter.end] == chapter.text
        assert previous_end <= chapter.start <= chapter.end
        previous_end = chapter.end
