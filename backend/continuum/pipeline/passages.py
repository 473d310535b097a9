"""Search passages: paragraphs grouped into windows of about a hundred and fifty words."""

from __future__ import annotations

from continuum.pipeline.segment.sentences import split_paragraphs

TARGET_WORDS = 150


def split_passages(text: str, target_words: int = TARGET_WORDS) -> list[tuple[int, int, str]]:
    """(start, end, text) windows of whole paragraphs, each about `target_words` long."""
    passages: list[tuple[int, int, str]] = []
    start = end = None
    words = 0
    for para in split_paragraphs(text):
        if start is None:
            start = para.start
        end = para.end
        words += len(para.text.split())
        if words >= target_words:
            passages.append((start, end, text[start:end]))
            start, words = None, 0
    if start is not None and end is not None:
        passages.append((start, end, text[start:end]))
    return passages
