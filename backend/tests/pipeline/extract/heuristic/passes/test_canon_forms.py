"""canon_facts in varied wordings: ages, colours and trades the dependency rules miss.

Each text introduces its people by name first, as a chapter would, so the entities stage
knows them; pronouns resolve through the coreference the other passes use.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]


def facts(view: ViewOf, text: str, predicate: str | None = None) -> list[tuple[str, str, str]]:
    v = view(text)
    items = extract_canon_facts(v, extract_relationships(v))
    assert_evidence_exact(text, items)
    return [(f.subject, f.predicate, f.value) for f in items
            if predicate is None or f.predicate == predicate]


@pytest.mark.parametrize(("text", "expected"), [
    ("Mr. Crane came in. Mr. Crane was a tall man of about sixty.", ("Mr. Crane", "about 60")),
    ("Anna Leigh came in. Anna Leigh, aged thirty, ran the shop.", ("Anna Leigh", "30")),
    ("Nell Barrow came in. She was nineteen, and her hair was red.", ("Nell Barrow", "19")),
    ("Tess Avery came down the lane. At nineteen, Tess Avery was already the village "
     "schoolmistress.", ("Tess Avery", "19")),
    ("Tom Heller came in. Tom Heller was the forty-year-old son of a miller.", ("Tom Heller", "40")),
    ("Mrs. Quill came in. Mrs. Quill, the mother of three, was sixty.", ("Mrs. Quill", "60")),
])
def test_ages_in_varied_wordings(view: ViewOf, text: str, expected: tuple[str, str]) -> None:
    assert facts(view, text, "age") == [(expected[0], "age", expected[1])]


@pytest.mark.parametrize("text", [
    '"If I were a woman of forty," said Nell Barrow, "I would marry him." Nell Barrow left.',
    "Tom Heller came in. It was nine o'clock when Tom Heller arrived.",
    "Tom Heller came in. Tom Heller was three miles away. At ten, Tom Heller was in bed.",
    "Tom Heller and Nell Barrow came in. Tom Heller and Nell Barrow were seventeen in all.",
    "Nell Barrow came in. Nell Barrow was twenty when she married.",
    "Tom Heller came in. He had been fourteen when the compass was made.",
    "Nell Barrow came in. Nell Barrow was not a woman of forty.",
])
def test_no_age_from_talk_counts_times_or_backstory(view: ViewOf, text: str) -> None:
    assert facts(view, text, "age") == []


def test_colours_after_the_noun_and_by_comparison(view: ViewOf) -> None:
    text = ("Nell Barrow came in. Her eyes were the colour of slate. She had hair the colour of "
            "straw.")
    assert facts(view, text) == [("Nell Barrow", "eye_colour", "slate"),
                                 ("Nell Barrow", "hair_colour", "straw")]
    text = "Nell Barrow's eyes were grey. Nell Barrow laughed. Nell Barrow's hair was black."
    assert facts(view, text) == [("Nell Barrow", "eye_colour", "grey"),
                                 ("Nell Barrow", "hair_colour", "black")]


def test_colour_shades_and_coordinated_features(view: ViewOf) -> None:
    text = ("Tom Heller came in. He had blue eyes and fair hair. His hair, iron-grey at the "
            "temples, was cut short. Tom Heller had eyes of a pale blue.")
    assert facts(view, text) == [
        ("Tom Heller", "eye_colour", "blue"), ("Tom Heller", "hair_colour", "fair"),
        ("Tom Heller", "hair_colour", "iron-grey"), ("Tom Heller", "eye_colour", "pale blue")]


def test_no_colour_from_dialogue_or_negation(view: ViewOf) -> None:
    text = ('"You have grey eyes," said Tom Heller to Nell Barrow. Nell Barrow did not have red '
            "hair.")
    assert facts(view, text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom Heller was the village blacksmith. Tom Heller nodded.", ("Tom Heller", "blacksmith")),
    ("The harbourmaster, Jonah Pike, waved. Jonah Pike sat down.", ("Jonah Pike", "harbourmaster")),
    ("The blacksmith Tom Heller nodded. Tom Heller sat down.", ("Tom Heller", "blacksmith")),
    ("Nell Barrow worked as a seamstress in the town. Nell Barrow sang.", ("Nell Barrow", "seamstress")),
    ("Nell Barrow was a clockmaker by trade. Nell Barrow sang.", ("Nell Barrow", "clockmaker")),
    ("Anna Leigh was forty years old, a widow, and the keeper of the Red Lion. Anna Leigh sang.",
     ("Anna Leigh", "keeper of the Red Lion")),
    ("Jonah Pike came in, and he was the treasurer of the Harbour Guild.",
     ("Jonah Pike", "treasurer of the Harbour Guild")),
])
def test_occupations_in_varied_wordings(view: ViewOf, text: str, expected: tuple[str, str]) -> None:
    assert facts(view, text, "occupation") == [(expected[0], "occupation", expected[1])]


@pytest.mark.parametrize("text", [
    "Tom Heller was tired, and the doctor came in. The doctor said nothing.",
    "Tom Heller came in. Tom Heller was the son of a miller.",
    "The squire, the doctor, Tom Heller and I went out. Tom Heller looked at the captain.",
    "Tom Heller came in. Tom Heller was his apprentice.",
    "Nell Barrow came in. Nell Barrow was not a seamstress.",
    '"You are a seamstress, I suppose," said Tom Heller to Nell Barrow.',
    # Pride and Prejudice, chapter 16: the officers are Mr. Wickham's, not Mr. Collins's trade
    "With such rivals for the notice of the fair as Mr. Wickham and the\nofficers, Mr. Collins "
    "seemed to sink into insignificance.",
])
def test_no_occupation_from_lists_kin_or_talk(view: ViewOf, text: str) -> None:
    assert facts(view, text, "occupation") == []


@pytest.mark.parametrize(("sentence", "quoted"), [
    ("It had\nbeen originally meant that the captain, Mr. Arrow, Hunter, Joyce, the\ndoctor, and "
     "the squire were to occupy the cabins.", "the captain, Mr. Arrow, Hunter, Joyce"),
    ("Captain Smollett, the squire, and Dr. Livesey were talking together on\nthe quarter-deck.",
     "Captain Smollett, the squire, and Dr. Livesey were talking"),
    ("The doctor and\nGray and I for one; the squire, Hunter, and Joyce upon the other.",
     "the squire, Hunter, and Joyce upon the other"),
    ("Alexander Smollett, master; David Livesey, ship's\n     doctor; Abraham Gray, carpenter's "
     "mate.", "Abraham Gray, carpenter's mate"),
])
def test_no_occupation_from_treasure_island_rosters(view: ViewOf, sentence: str, quoted: str) -> None:
    assert in_novel("treasure_island.txt", quoted)
    assert facts(view, sentence, "occupation") == []


def test_a_pronoun_holder_with_a_rival_of_its_gender_gives_no_fact(view: ViewOf) -> None:
    # Pride and Prejudice, chapter 13: "He" is Mr. Collins, but Mr. Bennet is named just before.
    text = ("Mr. Collins was punctual to his time. Mr. Bennet indeed said little; but the ladies "
            "were ready enough to talk, and Mr. Collins seemed neither in need of encouragement. "
            "He was a tall, heavy-looking young man of five-and-twenty.")
    assert facts(view, text, "age") == []
    # One man named before the pronoun: the pronoun is his.
    alone = ("Mr. Collins was punctual to his time, and the ladies were ready enough to talk. "
             "He was a tall, heavy-looking young man of five-and-twenty.")
    assert facts(view, alone, "age") == [("Mr. Collins", "age", "25")]
    # A woman named beside him does not make "he" ambiguous.
    mixed = "Nell Barrow came in with Tom Heller. He was forty, and she was nineteen."
    assert ("Tom Heller", "age", "40") in facts(view, mixed, "age")


def test_a_verbless_sentence_with_a_possessive_colour_ends(view: ViewOf) -> None:
    """spaCy hands out a new Token object on every access, so a parse walk must compare tokens
    with ==, never `is`: a climb to the root guarded by `head is not tok` never stopped on a
    sentence without a verb ("Her hair, black as a crow's wing.") and hung the whole ingest."""
    import signal

    def too_long(*_args: object) -> None:
        raise TimeoutError("the canon pass did not finish")

    previous = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(30)
    try:
        found = facts(view, "Nell Barrow came in from the rain. Her hair, black as a crow's wing. "
                            "Her eyes, grey.")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert ("Nell Barrow", "hair_colour", "black") in found
