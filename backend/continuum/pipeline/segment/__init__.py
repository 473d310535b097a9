"""Segmentation of literary text: sentences, paragraphs, scenes and a book's chapters."""

from continuum.pipeline.segment.sentences import Span, split_paragraphs, split_sentences

__all__ = ["Span", "split_paragraphs", "split_sentences"]
