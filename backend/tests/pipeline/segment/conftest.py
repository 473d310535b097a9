"""Fixtures for the segmentation tests: the shared novels, read once per session."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from continuum.pipeline.segment import BookChapter, Span, split_book, split_sentences


@pytest.fixture(scope="session")
def read_novel(shared_data: Path) -> Callable[[str], str]:
    """A cached reader for a shared novel by file stem, e.g. `"treasure_island"`."""

    @cache
    def read(name: str) -> str:
        return (shared_data / "novels" / f"{name}.txt").read_text(encoding="utf-8")

    return read


@pytest.fixture(scope="session")
def novel_paragraph(read_novel: Callable[[str], str]) -> Callable[[str, str], str]:
    """The blank-line-separated paragraph of a novel that contains a phrase."""

    def find(name: str, phrase: str) -> str:
        for block in re.split(r"\n[ \t]*\n", read_novel(name)):
            if phrase in block:
                return block.strip()
        raise AssertionError(f"{phrase!r} not found in {name}")

    return find


@pytest.fixture(scope="session")
def novel_sentences(read_novel: Callable[[str], str]) -> Callable[[str], list[Span]]:
    """The sentences of a shared novel, split once per session."""
    return cache(lambda name: split_sentences(read_novel(name)))


@pytest.fixture(scope="session")
def novel_chapters(read_novel: Callable[[str], str]) -> Callable[[str], list[BookChapter]]:
    """The chapters of a shared novel, split once per session."""
    return cache(lambda name: split_book(read_novel(name)))
