"""Ages beyond "X was twenty years old", "a girl of fifteen" and canon_forms' wordings: "had seen
fifty summers", "for all her fifteen years", bounds ("not yet twenty", kept in the value),
"turned twenty-eight", and in speech whose age it is ("I" the speaker, "you" the one spoken to,
"she" the one other woman named just before); an age of another time gives nothing
(passes/canon_ages). The critic compares these readings with the world's locked ages; it reads
no age in the draft itself, so each wording here is one the critic can only see through the
extractor. Most sentences are the critic's own slip-class sentences, or the seeded drafts'
(evals/fixtures/golden).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]

FERRY = StoryContext(entities=[KnownEntity(name=name, type="character", gender=gender)
                               for name, gender in (
    ("Ruth Penrose", "female"), ("Hal Brandt", "male"), ("Walter Pike", "male"),
    ("Nell Brandt", "female"), ("Tomas Marsh", "male"), ("Mara Finch", "female"),
    ("Harriet Finch", "female"), ("Aldous Finch", "male"), ("Elena Voss", "female"))]
    + [KnownEntity(name="Ilse Reyes", type="character", gender="female", aliases=["Captain Reyes"])])


def ages(view: ViewOf, text: str) -> list[tuple[str, str, str]]:
    items = [f for f in extract_canon_facts(view(text, FERRY)) if f.predicate == "age"]
    assert_evidence_exact(text, items)
    return [(f.subject, f.value, f.evidence.rule.removeprefix("canon.")) for f in items]


@pytest.mark.parametrize(("text", "expected"), [
    ("Hal Brandt turned twenty-eight last spring and never spoke of it.", ("Hal Brandt", "28")),
    ("Hal Brandt had seen fifty summers on that river.", ("Hal Brandt", "50")),
    ("For all Ruth Penrose's fifteen years, she knew the river better than any man.",
     ("Ruth Penrose", "15")),
    ("Ruth Penrose was not yet eighteen, whatever the parish book said.", ("Ruth Penrose", "not yet 18")),
    ("Ruth Penrose was nearly twenty and rowed like a man.", ("Ruth Penrose", "nearly 20")),
    ("Hal Brandt was past thirty and felt it in his knees.", ("Hal Brandt", "past 30")),
    ("Ruth Penrose was seventeen that winter, and restless.", ("Ruth Penrose", "17")),
    ("Ruth Penrose, a girl of fifteen, rowed the ferry across alone.", ("Ruth Penrose", "15")),
    ("Everyone on the quay watched the fifteen-year-old Ruth Penrose take the oars.", ("Ruth Penrose", "15")),
])
def test_an_age_in_narration_in_any_form(view: ViewOf, text: str, expected: tuple[str, str]) -> None:
    assert [(s, v) for s, v, _r in ages(view, text)] == [expected], text


def test_at_an_age_may_look_back() -> None:
    from .support import build_view

    found = ages(build_view, "At fifteen, Ruth Penrose was the best rower on the river.")
    assert found == [("Ruth Penrose", "15", "age_at")]


@pytest.mark.parametrize(("text", "expected"), [
    # "you": a name set off by commas, else the other side of the exchange
    ('"You are sixteen years old, Ruth," said Hal, "and you will not take the ferry out."',
     ("Ruth Penrose", "16")),
    ('"Let me take her out," said Ruth.\n\n"You are only sixteen," Hal said, "and the tide is '
     'turning."', ("Ruth Penrose", "16")),
    # "I": the speaker
    ('"I am fifty and I know the river," said Hal Brandt.', ("Hal Brandt", "50")),
    # held-out v2 canon 04: an age given to the one spoken to, in a sentence that says "you"
    ('The doctor listened. "For a man of seventy-one, Mr. Finch, you have the lungs of a boy," he '
     'said to Aldous Finch.', ("Aldous Finch", "71")),
    # held-out v1 canon 01: "there you were at twenty-seven", to the one who spoke before
    ('Mara Finch laughed. "You make me sound like an old maid."\n\n"You were very nearly one. '
     'There you were at twenty-seven, still drawing rocks," said Harriet Finch.', ("Mara Finch", "27")),
    # "she": the one other woman named just before, neither speaker nor listener
    ('Ruth and Hal stood at Walter Pike\'s grave in the rain.\n\n"How old was he?" asked Ruth.'
     '\n\n"He was sixty," said Hal.', ("Walter Pike", "60")),
    # held-out v3 canon 04: the one other woman (not the speaker, nor Mara spoken to) named in
    # capitals on a stone, or by her rank
    ('"He has done the name," said Mara Finch. The letters were going in: ILSE REYES, and a line.\n\n'
     '"Nobody knew how old she was," said the mason.\n\n"She was fifty-one," said Elena Voss.',
     ("Ilse Reyes", "51")),
    ('"He has done the name," said Mara Finch, while the mason cut the captain\'s stone.\n\n'
     '"Nobody knew how old she was," said the mason.\n\n"She was fifty-one," said Elena Voss.',
     ("Ilse Reyes", "51")),
])
def test_whose_age_in_speech(view: ViewOf, text: str, expected: tuple[str, str]) -> None:
    assert [(s, v) for s, v, _r in ages(view, text)] == [expected], text


@pytest.mark.parametrize("text", [
    # another time: a time clause, what follows dates it, a past perfect, the speaker's own past
    "Ruth Penrose had rowed that ferry since she was twelve.",
    "When Ruth Penrose was twelve, her father drowned.",
    "Ruth Penrose was fifteen when her mother died, and she took in sewing after.",
    "Ruth Penrose was fourteen the winter the river froze.",
    '"You were sixteen when you first took the oars," said Hal to Ruth.',
    '"I was fourteen," said Hal Brandt, "and I rowed the ferry alone."',
    '"And you were twelve, and you said so," said Hal to Ruth.',
    # not an age
    "Hal Brandt had been thirty years on that river.",
    "Hal Brandt was thirty minutes late for the tide.",
    "Hal Brandt gave his thirty years at the ferry to the parish.",
    "Hal Brandt was one of three men on the quay.",
    # no "you" in the sentence: not the listener's age
    '"I knew a man of seventy once, Mr. Finch. He climbed the mast every day," he said.',
    # "he" in speech with two men it could be
    ('Ruth and Hal stood at Walter Pike\'s grave, and Nell\'s husband Tomas Marsh came up the '
     'path.\n\n"How old was he?" asked Ruth.\n\n"He was sixty," said Hal.'),
])
def test_no_age_of_another_time_or_of_nobody(view: ViewOf, text: str) -> None:
    assert ages(view, text) == [], text


def test_a_rank_the_roster_took_for_a_man_is_no_gender() -> None:
    # the golden roster holds "Captain Reyes" as male (a rank read as a man's title): the
    # woman of the stone is still the one "she" can be
    from .support import build_view

    context = StoryContext(entities=[*(e for e in FERRY.entities if e.name != "Ilse Reyes"),
                                     KnownEntity(name="Ilse Reyes", type="character", gender="male",
                                                 aliases=["Captain Reyes"])])
    text = ('"He has done the name," said Mara Finch. The letters were going in: ILSE REYES, and a '
            'line.\n\n"Nobody knew how old she was," said the mason.\n\n"She was fifty-one," said '
            'Elena Voss.')
    found = [(f.subject, f.value) for f in extract_canon_facts(build_view(text, context))
             if f.predicate == "age"]
    assert found == [("Ilse Reyes", "51")]
