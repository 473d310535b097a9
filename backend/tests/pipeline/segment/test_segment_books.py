"""The book splitter on the shared novels and on book layouts built from their text."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.segment import BookChapter, looks_like_book, split_book

Reader = Callable[[str], str]
Chapters = Callable[[str], list[BookChapter]]
NOVELS = ("pride_and_prejudice", "treasure_island", "alice_in_wonderland")

ALICE_TITLES = [
    "Down the Rabbit-Hole",
    "The Pool of Tears",
    "A Caucus-Race and a Long Tale",
    "The Rabbit Sends in a Little Bill",
    "Advice from a Caterpillar",
    "Pig and Pepper",
    "A Mad Tea-Party",
    "The Queen’s Croquet-Ground",
    "The Mock Turtle’s Story",
    "The Lobster Quadrille",
    "Who Stole the Tarts?",
    "Alice’s Evidence",
]
TREASURE_TITLES = [
    "The Old Sea-dog at the Admiral Benbow",
    "Black Dog Appears and Disappears",
    "The Black Spot",
    "The Sea-chest",
    "The Last of the Blind Man",
    "The Captain's Papers",
    "I Go to Bristol",
    "At the Sign of the Spy-glass",
    "Powder and Arms",
    "The Voyage",
    "What I Heard in the Apple Barrel",
    "Council of War",
    "How My Shore Adventure Began",
    "The First Blow",
    "The Man of the Island",
    "Narrative Continued by the Doctor: How the Ship Was Abandoned",
    "Narrative Continued by the Doctor: The Jolly-boat's Last Trip",
    "Narrative Continued by the Doctor: End of the First Day's Fighting",
    "Narrative Resumed by Jim Hawkins: The Garrison in the Stockade",
    "Silver's Embassy",
    "The Attack",
    "How My Sea Adventure Began",
    "The Ebb-tide Runs",
    "The Cruise of the Coracle",
    "I Strike the Jolly Roger",
    "Israel Hands",
    '"Pieces of Eight"',
    "In the Enemy's Camp",
    "The Black Spot Again",
    "On Parole",
    "The Treasure-hunt--Flint's Pointer",
    "The Treasure-hunt--The Voice Among the Trees",
    "The Fall of a Chieftain",
    "And Last",
]


def assert_chapters_are_exact(text: str, chapters: list[BookChapter]) -> None:
    assert [c.number for c in chapters] == list(range(1, len(chapters) + 1))
    previous_end = 0
    for chapter in chapters:
        assert text[chapter.start : chapter.end] == chapter.text
        assert chapter.text == chapter.text.strip()
        assert previous_end <= chapter.start <= chapter.end
        previous_end = chapter.end


@pytest.fixture(scope="module")
def alice_chapters(novel_chapters: Chapters) -> list[BookChapter]:
    return novel_chapters("alice_in_wonderland")


def test_pride_and_prejudice_has_61_chapters(novel_chapters: Chapters) -> None:
    chapters = novel_chapters("pride_and_prejudice")

    assert len(chapters) == 61
    # Chapter I's heading sits inside an illustration block; the frontispiece caption
    # "_Chap 34._" and the list of illustrations are front matter, not chapters.
    assert chapters[0].title == "Chapter I"
    assert chapters[0].text.startswith("It is a truth universally acknowledged")
    assert chapters[1].text.startswith("Mr. Bennet was among the earliest")
    assert chapters[45].title == "Chapter XLVI"
    assert chapters[60].title == "Chapter LXI"
    assert chapters[60].text.endswith("had been the means of uniting them.")
    assert all("List of Illustrations" not in c.text and "PREFACE" not in c.text for c in chapters)


def test_treasure_island_has_34_titled_chapters_across_six_parts(
    novel_chapters: Chapters,
) -> None:
    chapters = novel_chapters("treasure_island")

    assert [c.title for c in chapters] == TREASURE_TITLES
    assert chapters[0].text.startswith("SQUIRE TRELAWNEY, Dr. Livesey")
    assert chapters[5].text.endswith("I'll\nbe as silent as the grave.\"")
    assert all("PART " not in c.text for c in chapters)


def test_alice_has_12_titled_chapters(alice_chapters: list[BookChapter]) -> None:
    assert [c.title for c in alice_chapters] == ALICE_TITLES
    assert alice_chapters[0].text.startswith("Alice was beginning to get very tired")
    assert alice_chapters[0].text.endswith("and very soon finished off the cake.")
    assert alice_chapters[-1].text.endswith("and the happy summer days.")


@pytest.mark.parametrize("name", NOVELS)
def test_chapter_offsets_are_exact_and_ordered(
    read_novel: Reader, novel_chapters: Chapters, name: str
) -> None:
    assert_chapters_are_exact(read_novel(name), novel_chapters(name))


@pytest.mark.parametrize("name", NOVELS)
def test_a_novel_looks_like_a_book_and_its_chapters_do_not(
    read_novel: Reader, novel_chapters: Chapters, name: str
) -> None:
    text = read_novel(name)
    chapter = novel_chapters(name)[1]

    assert looks_like_book(text)
    assert not looks_like_book(chapter.text)
    assert [c.text for c in split_book(chapter.text)] == [chapter.text]


def test_gutenberg_license_contents_and_preface_are_skipped(
    alice_chapters: list[BookChapter], read_novel: Reader
) -> None:
    alice = read_novel("alice_in_wonderland")
    preface = read_novel("pride_and_prejudice").split("PREFACE.", 1)[1][:4000]
    contents = "\n\n".join(f"CHAPTER {i}. {title}" for i, title in enumerate(ALICE_TITLES, 1))
    book = (
        "The Project Gutenberg eBook of Alice’s Adventures in Wonderland\n\n"
        "This ebook is for the use of anyone anywhere in the United States.\n\n"
        "*** START OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***\n\n"
        "[Illustration]\n\n\n\nAlice’s Adventures in Wonderland\n\nby Lewis Carroll\n\n"
        f"Contents\n\n{contents}\n\n\nPREFACE.\n\n{preface}\n\n\n{alice}\n\n"
        "*** END OF THE PROJECT GUTENBERG EBOOK ALICE'S ADVENTURES IN WONDERLAND ***\n\n"
        "Section 1. General Terms of Use and Redistributing Project Gutenberg™ electronic works\n"
    )
    chapters = split_book(book)

    assert [c.title for c in chapters] == ALICE_TITLES
    assert [c.text for c in chapters] == [c.text for c in alice_chapters]
    assert_chapters_are_exact(book, chapters)


def test_heading_styles_are_recognised(alice_chapters: list[BookChapter]) -> None:
    bodies = [c.text for c in alice_chapters[:3]]
    layouts = {
        "Chapter Eleven\n\n{0}\n\nChapter Twelve: The Pool\n\n{1}\n\nChapter Thirteen\n{2}": [
            "Chapter Eleven",
            "The Pool",
            "Chapter Thirteen",
        ],
        "# My Book\n\n## Chapter 1\n\n{0}\n\n## Chapter 2 - Tears\n\n{1}\n\n## Chapter 3\n\n{2}": [
            "Chapter 1",
            "Tears",
            "Chapter 3",
        ],
        "I.\n\n{0}\n\nII.\n\nThe Pool of Tears\n\n{1}\n\n\n\nIII.\n\n{2}": [
            None,
            "The Pool of Tears",
            None,
        ],
        "CHAPTER I\nTHE BOY\n\n{0}\n\nSTAVE TWO.\n\nTHE GHOST\n\n{1}\n\nChapter 3\n{2}": [
            "THE BOY",
            "THE GHOST",
            "Chapter 3",
        ],
        "I. A SCANDAL IN BOHEMIA\n\n{0}\n\nII. THE LEAGUE\n\n{1}\n\nIII. Case of Identity\n\n{2}": [
            "A SCANDAL IN BOHEMIA",
            "THE LEAGUE",
            "Case of Identity",
        ],
    }
    for layout, titles in layouts.items():
        book = layout.format(*bodies)
        chapters = split_book(book)

        assert [c.title for c in chapters] == titles, layout
        assert [c.text for c in chapters] == bodies, layout


def test_numbering_runs_on_when_parts_restart_it(alice_chapters: list[BookChapter]) -> None:
    a, b, c, d = (chapter.text for chapter in alice_chapters[:4])
    book = (
        f"PROLOGUE\n\n{a}\n\nBOOK ONE--Underground\n\nCHAPTER I.\n\n{b}\n\nCHAPTER II.\n\n{c}\n\n"
        f"BOOK TWO\n\nCHAPTER I.\n\n{d}\n"
    )
    chapters = split_book(book)

    assert [(c.number, c.title) for c in chapters] == [
        (1, "Prologue"),
        (2, "Chapter I"),
        (3, "Chapter II"),
        (4, "Chapter I"),
    ]
    assert [c.text for c in chapters] == [a, b, c, d]


def test_numbered_sections_inside_titled_chapters_stay_inside(
    alice_chapters: list[BookChapter],
) -> None:
    a, b, c = (chapter.text for chapter in alice_chapters[:3])
    book = f"I. A SCANDAL IN BOHEMIA\n\nI.\n\n{a}\n\nII.\n\n{b}\n\nII. THE LEAGUE\n\n{c}"
    chapters = split_book(book)

    assert [ch.title for ch in chapters] == ["A SCANDAL IN BOHEMIA", "THE LEAGUE"]
    assert chapters[0].text == f"I.\n\n{a}\n\nII.\n\n{b}"


def test_letters_before_chapters_are_kept(alice_chapters: list[BookChapter]) -> None:
    a, b, c, d = (chapter.text for chapter in alice_chapters[:4])
    book = f"Letter 1\n\n{a}\n\nLetter 2\n\n{b}\n\nChapter 1\n\n{c}\n\nChapter 2\n\n{d}"

    assert [ch.title for ch in split_book(book)] == [
        "Letter 1",
        "Letter 2",
        "Chapter 1",
        "Chapter 2",
    ]


def test_short_chapters_of_a_draft_are_kept() -> None:
    draft = "Chapter 1\n\nShe left at dawn.\n\nChapter 2\n\nHe followed her at noon."
    chapters = split_book(draft)

    assert [c.text for c in chapters] == ["She left at dawn.", "He followed her at noon."]


def test_text_without_headings_is_one_chapter() -> None:
    text = "\n\nIt was a dark and stormy night.\n\nThe rain fell in torrents.\n"
    chapters = split_book(text)

    assert chapters == [BookChapter(1, None, text.strip(), 2, len(text) - 1)]
    assert not looks_like_book(text)
    assert split_book("  \n") == []


def test_ten_thousand_headings_are_split_in_one_pass() -> None:
    book = "\n\n".join(
        f"Chapter {n}\n\nShe walked on, and on, for mile {n}." for n in range(1, 10_001)
    )
    chapters = split_book(book)

    assert len(chapters) == 10_000
    assert chapters[-1].text == "She walked on, and on, for mile 10000."
