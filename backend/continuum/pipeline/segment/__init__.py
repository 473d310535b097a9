"""Segmentation of literary text: sentences, paragraphs, scenes and a whole book's chapters."""

from continuum.pipeline.segment.books import BookChapter, looks_like_book, split_book
from continuum.pipeline.segment.scenes import split_scenes
from continuum.pipeline.segment.sentences import Span, split_paragraphs, split_sentences

__all__ = [
    "BookChapter",
    "Span",
    "looks_like_book",
    "split_book",
    "split_paragraphs",
    "split_scenes",
    "split_sentences",
]
