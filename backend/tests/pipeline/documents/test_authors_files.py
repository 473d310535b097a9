"""Files as authors and shops make them: a Word file with heading styles, an EPUB full of front
matter, a Markdown manuscript with titled headings, and a plain Word file without any."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuum.pipeline.documents import Limits, Manuscript, read_document
from continuum.settings import Settings
from tests.documents_kit import (
    FRONT_MATTER_TITLES,
    HAND_MADE_TITLES,
    front_matter_epub,
    hand_made_docx,
)


def read(path: Path) -> Manuscript:
    return read_document(path.name, path.read_bytes(), limits=Limits.of(Settings()))


def test_a_word_file_splits_at_its_heading_styles(tmp_path: Path) -> None:
    path = tmp_path / "lighthouse.docx"
    hand_made_docx(path)
    document = read(path)
    assert [c.title for c in document.chapters] == HAND_MADE_TITLES
    assert document.title == "The Lighthouse Keeper"
    assert "Acknowledgements" in document.dropped
    first, second, third = (c.text for c in document.chapters)
    assert first.startswith("She read the words _Come home_ twice before she believed them.")
    assert first.endswith("he had been dead for nine years.")
    assert "\n\n* * *\n\nBy evening the fog" in second
    # A level-2 heading inside a chapter is a scene break, not a chapter of its own.
    assert third.endswith("* * *\n\nThe keeper was waiting at the top of the stairs.")
    everything = "\n".join(c.text for c in document.chapters)
    for leaked in ("Copyright", "Mara Quill", "Thanks to everyone", "The Letter", "Morning"):
        assert leaked not in everything


def test_an_epub_keeps_its_chapters_and_drops_its_front_matter(tmp_path: Path) -> None:
    path = tmp_path / "harbour.epub"
    front_matter_epub(path)
    document = read(path)
    assert [c.title for c in document.chapters] == FRONT_MATTER_TITLES
    assert document.chapters[0].text.startswith("Nell came down to the harbour before dawn")
    assert all(c.text.endswith("* * *\n\nThe lamp burned on.") for c in document.chapters)
    assert "She said _nothing_ to anyone." in document.chapters[1].text
    everything = "\n".join(c.text for c in document.chapters)
    for leaked in ("cover image", "Ann Tide", "All rights reserved", "For my mother", "Contents",
                   "The Salt Road", "Chapter One", "The Harbour\n"):
        assert leaked not in everything
    assert {"Copyright", "Also by Ann Tide"} <= set(document.dropped)


def test_a_markdown_manuscript_splits_at_titled_headings(tmp_path: Path) -> None:
    path = tmp_path / "draft.md"
    path.write_text("---\ntitle: Draft\n---\n\n# The Letter\n\nEllen read the *letter* twice.\n\n"
                    "* * *\n\nShe slept.\n\n# The Ball\n\nThey danced until **dawn**.\n",
                    encoding="utf-8")
    document = read(path)
    assert [(c.title, c.text) for c in document.chapters] == [
        ("The Letter", "Ellen read the _letter_ twice.\n\n* * *\n\nShe slept."),
        ("The Ball", "They danced until dawn."),
    ]


def test_a_word_file_without_heading_styles_splits_like_text(tmp_path: Path) -> None:
    import docx

    word = docx.Document()
    for number, sentence in ((1, "Ada walked to the mill."), (2, "Bram followed her home.")):
        word.add_paragraph(f"CHAPTER {number}")
        word.add_paragraph(sentence)
    word.save(str(tmp_path / "plain.docx"))
    document = read(tmp_path / "plain.docx")
    assert [(c.title, c.text) for c in document.chapters] == [
        ("Chapter 1", "Ada walked to the mill."), ("Chapter 2", "Bram followed her home.")]


def test_one_chapter_of_a_document_reads_as_one_chapter(tmp_path: Path) -> None:
    path = tmp_path / "lighthouse.docx"
    hand_made_docx(path)
    chapter = read(path).as_one_chapter()
    assert chapter.title == "The Letter"
    assert "\n\n* * *\n\nThe Crossing\n\nShe read the words" in chapter.text


@pytest.mark.parametrize("name", ["notes.txt", "notes"])
def test_plain_text_goes_to_the_text_splitter(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text("CHAPTER I.\n\nAda walked.\n\nCHAPTER II.\n\nBram ran.\n", encoding="utf-8")
    document = read(path)
    assert document.format.key == "txt"
    assert [c.text for c in document.chapters] == ["Ada walked.", "Bram ran."]
