"""Hair and eye colours beyond the plain "her red hair": comparisons, likenesses, "-coloured",
a colour on a clause beside the hair, hair "worn" a colour, "their" hair, hyphenated
descriptions and "X, with his black hair" (passes/canon_colours and the colour rules of
passes/canon). The critic compares these readings with the locked canon; it reads no colour in
the draft itself, so each wording here is one the critic can only see through the extractor.

The rule says how sure a reading is: `colour_parsed` for a colour word on the hair or eyes
(the critic may FAIL it), `colour_likeness` for a colour read from a thing or a clause beside
them, `colour_shared` for "their" hair, `compound` for a hyphenated description (the critic
only WARNs on those).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]

MILL = StoryContext(entities=[KnownEntity(name=name, type="character", gender=gender) for name, gender in (
    ("Nell Brandt", "female"), ("Ruth Penrose", "female"), ("Hal Brandt", "male"),
    ("Walter Pike", "male"), ("Jonah Crane", "male"), ("Tomas Marsh", "male"))])


def colours(view: ViewOf, text: str, context: StoryContext | None = MILL) -> list[tuple[str, str, str, str]]:
    v = view(text, context)
    items = [f for f in extract_canon_facts(v) if f.predicate in ("hair_colour", "eye_colour")]
    assert_evidence_exact(text, items)
    return [(f.subject, f.predicate, f.value, f.evidence.rule.removeprefix("canon.")) for f in items]


# -- verbatim from the novels ---------------------------------------------------------------------

def test_a_colour_word_on_hair_in_a_list_of_features(view: ViewOf) -> None:
    # Great Expectations, chapter 4
    text = ("\u201cMrs. Joe,\u201d said Uncle Pumblechook, a large hard-breathing middle-aged\n"
            "slow man, with a mouth like a fish, dull staring eyes, and sandy hair\n"
            "standing upright on his head, so that he looked as if he had just been\n"
            "all but choked, and had that moment come to, \u201cI have brought you as the\n"
            "compliments of the season.\u201d")
    assert in_novel("great_expectations.txt", text.split(", \u201cI have")[0])
    assert colours(view, text, None) == [("Uncle Pumblechook", "hair_colour", "sandy", "colour_parsed")]


def test_a_colour_word_on_hair_in_a_with_phrase_of_a_named_man(view: ViewOf) -> None:
    # Silas Marner, chapter 11
    text = ("Solomon Macey, a small hale old man with an abundant crop of long white\n"
            "hair reaching nearly to his shoulders, advanced to the indicated spot.")
    assert in_novel("silas_marner.txt", text.rstrip("."))  # "..., bowing reverently"
    assert colours(view, text, None) == [("Solomon Macey", "hair_colour", "white", "colour_parsed")]


def test_red_eyes_are_no_colour_and_a_far_pronoun_owns_no_likeness(view: ViewOf) -> None:
    # Great Expectations, chapter 20: "red-eyed" is weeping or drink, not a colour of eyes
    jew = ("There was a red-eyed\nlittle Jew who came into the Close while I was loitering there.")
    assert in_novel("great_expectations.txt", jew.rstrip("."))  # "..., in company with"
    assert colours(view, jew, None) == []
    # Dracula, chapter 23: "he" is Harker, four sentences after "Quincey Morris" was named
    text = ("_3 October._--The time seemed terrible long whilst we were waiting for\n"
            "the coming of Godalming and Quincey Morris. The Professor tried to keep\n"
            "our minds active by using them all the time. I could see his beneficent\n"
            "purpose, by the side glances which he threw from time to time at Harker.\n"
            "The poor fellow is overwhelmed in a misery that is appalling to see.\n"
            "Last night he was a frank, happy-looking man, with strong, youthful\n"
            "face, full of energy, and with dark brown hair.")
    assert in_novel("dracula.txt", text)
    assert [c for c in colours(view, text, None) if c[0] == "Quincey Morris"] == []


# -- comparisons and likenesses --------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value", "rule"), [
    # a colour word on the part itself
    ("Nell Brandt's hair, brown as a hazelnut, came loose from its pins.", "brown", "colour_forms"),
    ("Nell waited on the bridge. Her straw-coloured hair blew across her face.", "straw", "colour_parsed"),
    # a colour word in a clause beside the hair
    ("Nell pulled off her cap. Her hair tumbled down over her collar, as fair as barley and twice "
     "as unruly.", "fair", "colour_likeness"),
    # a colour read from a thing
    ("Nell Brandt's hair was the colour of straw.", "straw", "colour_likeness"),
    ("Nell stood at the door, her hair the colour of new copper under the lamp.", "new copper",
     "colour_likeness"),
    ("Nell came into the mill yard, her hair like spun gold in the morning sun.", "gold",
     "colour_likeness"),
    ("Nell Brandt's hair shone like copper in the firelight.", "copper", "colour_likeness"),
    # hair worn a colour: the clause's subject owns it
    ("Nell Brandt pulled off her cap and shook out hair as black as a rook.", "black", "colour_likeness"),
])
def test_a_colour_compared_or_read_from_a_thing(view: ViewOf, text: str, value: str, rule: str) -> None:
    assert colours(view, text) == [("Nell Brandt", "hair_colour", value, rule)]


# Sentences that give Nell no colour of her hair or eyes; the critic's tests judge them too
# (`tests/pipeline/critic/test_slip_classes_canon_forms.py`).
NO_COLOUR_OF_HERS = [
    # the colour belongs to something else in the sentence
    "Nell pulled off her cap, and her face was as red as a brick from the wind.",
    "Nell tied back her hair with a ribbon as blue as the sky.",
    "Nell's hair was hidden under a bonnet the colour of straw.",
    "Her hair came down as she ran, and the sky behind her was as red as fire.",
    # a state or a denial, not the colour she has
    "Nell Brandt's eyes were red with weeping, and she would not look at him.",
    "Nell Brandt's hair was white with flour from the mill.",
    "Nell Brandt's hair was not brown, whatever the parish clerk had written.",
    # no colour at all
    "Nell Brandt's hair was as wild as the mill race.",
]


@pytest.mark.parametrize("text", [
    *NO_COLOUR_OF_HERS,
    # two women in the scene: whose is "her"?
    "Ruth came in from the rain with Nell behind her. Her hair was as red as a fox.",
])
def test_no_colour_of_another_thing_a_state_or_an_unclear_owner(view: ViewOf, text: str) -> None:
    assert colours(view, text) == []


# -- "their" hair -----------------------------------------------------------------------------------

def test_their_hair_is_each_of_the_two_or_three_people_just_named(view: ViewOf) -> None:
    text = ("Nell and Ruth walked out along the towpath in the wind. Nell's shawl blew off at the "
            "lock, and Ruth's bonnet was no use at all. They might have been sisters, their hair "
            "whipped loose and both of them as red as the autumn bracken.")
    assert colours(view, text) == [("Nell Brandt", "hair_colour", "red", "colour_shared"),
                                   ("Ruth Penrose", "hair_colour", "red", "colour_shared")]
    crowd = ("Nell, Ruth, Hal and Walter came down to the weir together. Their hair was as fair as "
             "barley in the sun.")
    assert colours(view, crowd) == []  # four people: whose hair?


# -- hyphenated descriptions and "with his" ---------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("A red-haired woman stood on the bridge, and Nell Brandt, red-haired and furious, waved at him.",
     [("Nell Brandt", "hair_colour", "red", "compound")]),
    ("The constable wrote it down. Name: Nell Brandt. Description: small, black-haired, grey-eyed.",
     [("Nell Brandt", "hair_colour", "black", "compound"),
      ("Nell Brandt", "eye_colour", "grey", "compound")]),
    ("Nell Brandt stood on the bridge. A fair-haired boy ran past.", []),  # someone else's hair
    ("Hal Brandt felt light-headed on the bridge.", []),  # dizzy, not fair
])
def test_a_hyphenated_description_of_the_person_it_hangs_on(
        view: ViewOf, text: str, expected: list[tuple[str, str, str, str]]) -> None:
    assert colours(view, text) == expected


def test_with_his_hair_after_a_name_is_the_named_mans(view: ViewOf) -> None:
    # the coreference gives "his" to Tomas, the last man named before; the with-phrase hangs
    # on Jonah Crane
    text = ("The bigger boy was plainly Tomas. The thinner one beside him, leaning in, was Jonah "
            "Crane, with his black hair falling into his eyes and a pen behind his ear even then.")
    assert colours(view, text) == [("Jonah Crane", "hair_colour", "black", "possessive")]
