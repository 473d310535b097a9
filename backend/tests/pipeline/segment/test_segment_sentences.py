"""Literary sentence and paragraph segmentation, checked on passages of the shared novels."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from continuum.pipeline.segment import Span, split_paragraphs, split_sentences

Paragraph = Callable[[str, str], str]
Sentences = Callable[[str], list[Span]]
NOVELS = ("pride_and_prejudice", "treasure_island", "alice_in_wonderland")


def sentences(text: str) -> list[str]:
    return [span.text for span in split_sentences(text)]


def assert_offsets(source: str, spans: list[Span]) -> None:
    previous_end = 0
    for span in spans:
        assert source[span.start : span.end] == span.text
        assert span.text and span.text == span.text.strip()
        assert previous_end <= span.start < span.end
        previous_end = span.end


def test_honorifics_never_end_a_sentence(novel_paragraph: Paragraph) -> None:
    mrs = novel_paragraph("pride_and_prejudice", "for Mrs. Long has just been here")
    doctor = novel_paragraph("treasure_island", "SQUIRE TRELAWNEY, Dr. Livesey")
    saint = novel_paragraph("pride_and_prejudice", "his presentation at St. James’s had made him")

    assert sentences(mrs) == [mrs]
    assert sentences(doctor) == [doctor]
    assert any("at St. James’s had made him" in s for s in sentences(saint))


def test_no_sentence_of_the_novels_ends_on_a_title(novel_sentences: Sentences) -> None:
    title_at_end = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Capt|Col|Rev|Prof)\.$")
    for name in NOVELS:
        ended_on_title = [s.text for s in novel_sentences(name) if title_at_end.search(s.text)]
        assert ended_on_title == [], name


def test_initials_stay_in_one_sentence(novel_paragraph: Paragraph) -> None:
    dedication = novel_paragraph("pride_and_prejudice", "To J. Comyns Carr")
    # The dedication sits inside an illustration block: its caption is one sentence.
    assert any(
        s.startswith("_To J. Comyns Carr") and "inscribed_" in s for s in sentences(dedication)
    )
    assert sentences("J. R. R. Tolkien wrote it. W. H. Smith sold it.") == [
        "J. R. R. Tolkien wrote it.",
        "W. H. Smith sold it.",
    ]


def test_pronoun_i_still_ends_a_sentence() -> None:
    assert sentences("“It was not I. Then who was it?” asked Jane.") == [
        "“It was not I.",
        "Then who was it?” asked Jane.",
    ]


def test_number_abbreviation_before_a_digit() -> None:
    assert sentences("He lodged at No. 4 Gracechurch Street. No. He would not.") == [
        "He lodged at No. 4 Gracechurch Street.",
        "No.",
        "He would not.",
    ]


@pytest.mark.parametrize("ellipsis", ["...", "…", ". . ."])
def test_ellipsis_is_one_terminator_and_lowercase_continues(ellipsis: str) -> None:
    # The novels have no ellipses; these are Alice's words with one inserted.
    continued = (
        f"‘I wonder if I shall fall right THROUGH the earth{ellipsis} how funny it’ll seem!’"
    )
    ended = f"‘I wonder if I shall fall right THROUGH the earth{ellipsis} How funny it’ll seem!’"

    assert sentences(continued) == [continued]
    assert sentences(ended) == [
        f"‘I wonder if I shall fall right THROUGH the earth{ellipsis}",
        "How funny it’ll seem!’",
    ]


def test_runs_of_terminators_are_one() -> None:
    assert sentences("‘Off with her head?!’ The Queen turned crimson!! Alice said nothing.") == [
        "‘Off with her head?!’",
        "The Queen turned crimson!!",
        "Alice said nothing.",
    ]


def test_closing_quotes_are_absorbed(novel_paragraph: Paragraph) -> None:
    sail = novel_paragraph("treasure_island", '"Sail!" says he. "We sail tomorrow!"')
    assert sentences(sail)[-2:] == ['"Sail!" says he.', '"We sail tomorrow!"']


def test_closing_italic_markers_are_absorbed(novel_paragraph: Paragraph) -> None:
    preface = novel_paragraph("pride_and_prejudice", "difficulty._ Persuasion, _relatively faint")
    split = sentences(preface)
    ending = next(s for s in split if s.endswith("difficulty._"))
    assert split[split.index(ending) + 1].startswith("Persuasion, _relatively faint")


def test_dialogue_attribution_stays_attached(novel_paragraph: Paragraph) -> None:
    cried = novel_paragraph("pride_and_prejudice", "who has taken it?” cried his wife")
    asked = novel_paragraph("alice_in_wonderland", "‘Is that the way YOU manage?’ Alice asked.")
    said = novel_paragraph("treasure_island", '"Well, then," said he, "this is the berth for me.')

    assert sentences(cried) == [cried]
    assert sentences(asked)[0] == "‘Is that the way YOU manage?’ Alice asked."
    assert sentences('"Who are you?" she asked. "Go!" Mr. Bennet said.') == [
        '"Who are you?" she asked.',
        '"Go!" Mr. Bennet said.',
    ]
    assert any('matey," he\ncried to the man' in s for s in sentences(said))


def test_a_new_sentence_after_a_quote_is_not_taken_for_attribution(
    novel_paragraph: Paragraph,
) -> None:
    owls = novel_paragraph("treasure_island", 'drunk as owls." And I')

    assert sentences(owls) == [
        '"Clumsy fellows," said I; "they must still be drunk as owls."',
        "And I\nthought how Captain Smollett would have set them skipping.",
    ]


def test_paragraph_breaks_end_sentences_and_single_newlines_do_not(
    read_novel: Callable[[str], str],
) -> None:
    treasure = read_novel("treasure_island")
    opening = treasure[treasure.index("1\n\nThe Old Sea-dog") :][:600]
    pride = read_novel("pride_and_prejudice")
    first = pride[pride.index("It is a truth universally") :][:200]

    assert sentences(opening)[:2] == ["1", "The Old Sea-dog at the Admiral Benbow"]
    assert sentences(first)[0] == (
        "It is a truth universally acknowledged, that a single man in possession\n"
        "of a good fortune must be in want of a wife."
    )


def test_paragraphs_split_on_blank_lines_only() -> None:
    text = "  First line\nwrapped.\n\n\n   Second.\n \t\nThird\n"
    assert [p.text for p in split_paragraphs(text)] == ["First line\nwrapped.", "Second.", "Third"]


@pytest.mark.parametrize("name", NOVELS)
def test_spans_are_exact_ordered_and_inside_paragraphs(
    read_novel: Callable[[str], str], novel_sentences: Sentences, name: str
) -> None:
    text = read_novel(name)
    paragraphs = split_paragraphs(text)
    spans = novel_sentences(name)

    assert_offsets(text, paragraphs)
    assert_offsets(text, spans)
    ends = {p.end for p in paragraphs}
    assert ends <= {s.end for s in spans}


def test_blank_text_has_no_sentences() -> None:
    assert split_sentences("") == []
    assert split_sentences(" \n\n \t") == []
    assert split_paragraphs("\n\n") == []
