"""Scene segmentation at break markers, wide gaps and markdown headings."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.segment import BookChapter, split_scenes

Paragraph = Callable[[str, str], str]


@pytest.fixture()
def two_passages(novel_paragraph: Paragraph) -> tuple[str, str]:
    first = novel_paragraph("pride_and_prejudice", "It is a truth universally acknowledged")
    second = novel_paragraph("pride_and_prejudice", "Mr. Bennet was among the earliest")
    return first, second


@pytest.mark.parametrize(
    "marker",
    [
        "* * *",
        "***",
        "#",
        "~",
        "---",
        "o0o",
        "          *       *       *       *       *",
        "~ ~ ~",
        "# # #",
        "———",
    ],
)
def test_marker_lines_start_a_new_scene(two_passages: tuple[str, str], marker: str) -> None:
    first, second = two_passages
    text = f"{first}\n\n{marker}\n\n{second}\n"

    assert [scene.text for scene in split_scenes(text)] == [first, second]


def test_three_blank_lines_start_a_new_scene(two_passages: tuple[str, str]) -> None:
    first, second = two_passages

    assert [s.text for s in split_scenes(f"{first}\n\n\n\n{second}")] == [first, second]
    assert [s.text for s in split_scenes(f"{first}\n\n\n{second}")] == [f"{first}\n\n\n{second}"]


def test_markdown_headings_start_a_new_scene(two_passages: tuple[str, str]) -> None:
    first, second = two_passages
    text = f"## At Longbourn\n\n{first}\n\n## The Visit\n{second}"

    assert [scene.text for scene in split_scenes(text)] == [first, second]


def test_text_without_breaks_is_one_scene(two_passages: tuple[str, str]) -> None:
    first, second = two_passages
    text = f"\n{first}\n\n{second}\n\n"

    assert [scene.text for scene in split_scenes(text)] == [text.strip()]
    assert split_scenes("  \n\n ") == []


def test_prose_dashes_and_asterisks_are_not_breaks() -> None:
    text = "He paused--\n\nand went on. *Really*, she thought.\n\n-- \n\nThe end."
    assert len(split_scenes(text)) == 1


def test_alice_first_chapter_has_two_scenes(
    novel_chapters: Callable[[str], list[BookChapter]],
) -> None:
    chapter = novel_chapters("alice_in_wonderland")[0]
    scenes = split_scenes(chapter.text)

    assert len(scenes) == 2
    assert scenes[0].text.endswith("buttered toast,) she very soon finished it off.")
    assert scenes[1].text.startswith("‘What a curious feeling!’ said Alice")
    for scene in scenes:
        assert chapter.text[scene.start : scene.end] == scene.text
    assert scenes[0].end < scenes[1].start
