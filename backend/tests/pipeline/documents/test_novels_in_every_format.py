"""Two shared novels written out by pandoc in every format read back chapter for chapter as the
plain text splits: same count and titles, same first and last words, words within 1%, no
heading in a body, and the contents, copyright and "also by" pages left out."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from continuum.pipeline.documents import Limits, Manuscript, read_document
from continuum.settings import Settings
from tests.documents_kit import BOOKS, FORMATS, Reference, reference

CASES = [(book, fmt) for book in BOOKS for fmt in FORMATS]
_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


def words(text: str) -> list[str]:
    """The words of a text, without punctuation, italics marks or scene-break ornaments."""
    return _WORD.findall(text)


@pytest.fixture(scope="module")
def references(shared_data: Path) -> Callable[[str], Reference]:
    @cache
    def get(book: str) -> Reference:
        title, author, _, _ = BOOKS[book]
        text = (shared_data / "novels" / f"{book}.txt").read_text(encoding="utf-8")
        return reference(text, title, author)

    return get


@pytest.fixture(scope="module")
def read(novel_document: Callable[[str, str], Path]) -> Callable[[str, str], Manuscript]:
    @cache
    def get(book: str, fmt: str) -> Manuscript:
        path = novel_document(book, fmt)
        return read_document(path.name, path.read_bytes(), limits=Limits.of(Settings()))

    return get


@pytest.mark.parametrize(("book", "fmt"), CASES, ids=[f"{b}.{f}" for b, f in CASES])
def test_every_chapter_comes_back(book: str, fmt: str, read, references) -> None:  # type: ignore[no-untyped-def]
    document, truth = read(book, fmt), references(book)
    assert document.format.key == fmt
    assert [c.title for c in document.chapters] == [title for title, _ in truth.chapters]
    for chapter, (title, body) in zip(document.chapters, truth.chapters, strict=True):
        got, want = words(chapter.text), words(body)
        assert got[:6] == want[:6], title
        assert got[-6:] == want[-6:], title
        assert abs(len(got) - len(want)) <= 0.01 * len(want), (title, len(got), len(want))
        assert not chapter.text.startswith(title or "\0"), title


@pytest.mark.parametrize(("book", "fmt"), CASES, ids=[f"{b}.{f}" for b, f in CASES])
def test_front_and_back_matter_is_left_out(book: str, fmt: str, read) -> None:  # type: ignore[no-untyped-def]
    document = read(book, fmt)
    author = BOOKS[book][1]
    assert {"Contents", "Copyright", f"Also by {author}"} <= set(document.dropped)
    texts = "\n".join(c.text for c in document.chapters)
    assert "All rights reserved" not in texts
    assert "A Second Book" not in texts


def test_italics_and_scene_breaks_survive_as_text(read) -> None:  # type: ignore[no-untyped-def]
    for fmt in FORMATS:
        first, second = (c.text for c in read("alice_in_wonderland", fmt).chapters[:2])
        assert "_I_ shan\u2019t be able!" in second, fmt
        if fmt != "odt":  # pandoc's ODT writer drops horizontal rules; the reader is not at fault
            assert "\n\n* * *\n\n" in first, fmt


def test_part_headings_open_no_chapter_of_their_own(read) -> None:  # type: ignore[no-untyped-def]
    for fmt in FORMATS:
        document = read("treasure_island", fmt)
        assert not any((c.title or "").startswith("Part ") for c in document.chapters), fmt
        assert all("The Old Buccaneer" not in c.text for c in document.chapters), fmt
