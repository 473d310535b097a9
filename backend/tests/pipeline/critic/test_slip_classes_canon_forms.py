"""Slip classes of canon beyond plain statements (sentences written for these tests, in a small
invented world; no database): hair and eye colours in comparisons, similes and "the colour of"
forms, owners given as "their"; occupations through possessives, gerunds, livings and
appositives; and facts whose subject is only a pronoun, which must never FAIL and stay silent
when the value is exactly another person's in the scene."""

from __future__ import annotations

import uuid

import pytest

from continuum.pipeline.critic.checks import canon
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.extract.schema import CanonFactItem, ChapterExtraction, EntityItem
from continuum.pipeline.extract.schema import Evidence as Ev
from continuum.reads.world_state import Evidence, LockedFact, WorldState
from tests.pipeline.extract.heuristic.passes.test_canon_colours import NO_COLOUR_OF_HERS

from .test_generalisation import (
    FakeHistory,
    _entity,
    _world,
    earlier_records,
    framed,
    read_canon,
    with_read_records,
)

PEOPLE = ("Nell Brandt", "Ruth Penrose", "Hal Brandt", "Walter Pike")


def _mill() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(*((name, "character") for name in PEOPLE))
    world.locked_canon += [
        LockedFact(ids["Nell Brandt"], "Nell Brandt", "hair_colour", "black",
                   Evidence(1, "Nell had black hair.")),
        LockedFact(ids["Nell Brandt"], "Nell Brandt", "eye_colour", "grey",
                   Evidence(1, "Nell had grey eyes.")),
        LockedFact(ids["Nell Brandt"], "Nell Brandt", "age", "23",
                   Evidence(1, "Nell Brandt was twenty-three.")),
        LockedFact(ids["Nell Brandt"], "Nell Brandt", "occupation", "weaver",
                   Evidence(1, "Nell was a weaver.")),
        LockedFact(ids["Ruth Penrose"], "Ruth Penrose", "hair_colour", "red",
                   Evidence(1, "Ruth had red hair.")),
        LockedFact(ids["Ruth Penrose"], "Ruth Penrose", "age", "19",
                   Evidence(1, "Ruth Penrose was nineteen.")),
        LockedFact(ids["Ruth Penrose"], "Ruth Penrose", "occupation", "seamstress",
                   Evidence(1, "Ruth Penrose was a seamstress.")),
        LockedFact(ids["Hal Brandt"], "Hal Brandt", "occupation", "miller",
                   Evidence(1, "Hal Brandt was the miller.")),
        LockedFact(ids["Hal Brandt"], "Hal Brandt", "age", "30", Evidence(1, "Hal Brandt was thirty.")),
        LockedFact(ids["Walter Pike"], "Walter Pike", "occupation", "clerk of the Mill Company",
                   Evidence(2, "Walter Pike was the clerk of the Mill Company.")),
    ]
    return world, ids


NELL = ("Nell Brandt", "Nell")
RUTH = ("Ruth Penrose", "Ruth")
HAL = ("Hal Brandt", "Hal")
WALTER = ("Walter Pike", "Walter")
GENDER = {"Nell Brandt": "female", "Ruth Penrose": "female", "Hal Brandt": "male", "Walter Pike": "male"}


def _entities(text: str, people: tuple[tuple[str, ...], ...],
              pronouns: dict[str, tuple[str, ...]] | None = None) -> list[EntityItem]:
    items = []
    for name, *surfaces in people:
        found = tuple(s for s in surfaces if s in text) + (pronouns or {}).get(name, ())
        if not found:
            continue
        item = _entity(text, name, *found)
        item.gender = GENDER[name]  # type: ignore[assignment]
        items.append(item)
    return items


def _check(text: str, *people: tuple[str, ...], pronouns: dict[str, tuple[str, ...]] | None = None,
           facts: list[CanonFactItem] | None = None) -> list[tuple[str, str]]:
    world, _ = _mill()
    if facts is None:  # the colours and trades the extractor reads in the text
        facts = [f for f in read_canon(text, world, GENDER)
                 if f.predicate in ("hair_colour", "eye_colour", "occupation", "age")]
    extraction = ChapterExtraction(new_entities=_entities(text, people, pronouns), canon_facts=facts)
    claims = bind_claims(text, extraction, world, FakeHistory())  # type: ignore[arg-type]
    return [(f.severity, f.message) for f in canon.check(claims, world)]


# -- colours in comparisons ------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Nell pulled off her cap. Her hair tumbled down over her collar, as fair as barley and twice as "
    "unruly.",
    "Nell sat by the loom. Her hair was the colour of wet sand in the lamplight.",
    "Nell stood at the door, her hair the colour of new copper under the lamp.",
    "Nell turned from the window. Her hair, brown as a chestnut, had come out of its pins.",
    "Nell came into the mill yard, her hair like spun gold in the morning sun.",
    "Nell waited on the bridge. Her straw-coloured hair blew across her face.",
])
def test_a_colour_compared_or_by_a_thing_contradicts_the_locked_one(text: str) -> None:
    found = _check(text, NELL, pronouns={"Nell Brandt": ("Her", "her")})
    assert [s for s, _m in found] == ["WARN"], (text, found)
    assert "Nell Brandt's" in found[0][1]


@pytest.mark.parametrize("text", [
    "Nell Brandt's hair was as brown as a hazelnut.",
    "Nell Brandt's eyes were as green as the river weed.",
    "Nell Brandt's hair, brown as a hazelnut, came loose from its pins.",
    # "her" after the name in the same sentence: the sentence names her (as the extractor's
    # plain "her eyes were blue" always did)
    "Nell looked up from the shuttle, and her eyes were as blue as cornflowers.",
])
def test_a_named_owner_with_a_colour_word_on_the_part_fails(text: str) -> None:
    found = _check(text, NELL)
    assert [s for s, _m in found] == ["FAIL"], (text, found)


@pytest.mark.parametrize("text", [
    "Nell Brandt's hair was the colour of straw.",
    "Nell Brandt's eyes were the colour of cornflowers.",
    "Nell Brandt's hair shone like copper in the firelight.",
])
def test_a_colour_read_from_a_thing_only_warns(text: str) -> None:
    # copper hair is red and straw is fair, but that is a reading of the image, not a word
    found = _check(text, NELL)
    assert [s for s, _m in found] == ["WARN"], (text, found)


@pytest.mark.parametrize("text", [
    # the locked colour, in a comparison
    "Nell pulled off her cap. Her hair tumbled down, as black as a crow's wing.",
    "Nell Brandt's hair was the colour of soot, and her eyes the colour of slate.",
    # another thing's colour, a state, a denial, no colour at all
    *NO_COLOUR_OF_HERS,
    "Her eyes were as bright as a bird's, and Nell laughed.",
])
def test_a_consistent_or_unrelated_comparison_stays_silent(text: str) -> None:
    assert _check(text, NELL, pronouns={"Nell Brandt": ("Her", "her")}) == [], text


def test_their_hair_is_checked_for_each_of_the_people_just_named() -> None:
    text = ("Nell and Ruth walked out along the towpath in the wind. Nell's shawl blew off at the "
            "lock, and Ruth's bonnet was no use at all. They might have been sisters, their hair "
            "whipped loose and both of them as red as the autumn bracken.")
    found = _check(text, NELL, RUTH)
    assert [s for s, _m in found] == ["WARN"] and "Nell Brandt's hair_colour" in found[0][1]
    # both of them as black: Ruth is red-haired, so it is Ruth who is contradicted
    black = text.replace("red as the autumn bracken", "black as a rook's wing")
    found = _check(black, NELL, RUTH)
    assert [s for s, _m in found] == ["WARN"] and "Ruth Penrose's" in found[0][1]


def test_their_hair_says_nothing_when_it_fits_everyone_or_the_group_is_unclear() -> None:
    text = ("Ruth stood on the bank with her cousin Hal. They walked out to the weir, their hair "
            "as red as the autumn bracken.")
    assert _check(text, RUTH, HAL) == []  # Ruth is red-haired, Hal has no locked colour
    crowd = ("Nell, Ruth, Hal and Walter came down to the weir together. Their hair was as fair as "
             "barley in the sun.")
    assert _check(crowd, NELL, RUTH, HAL, WALTER) == []  # four people: whose hair?


# -- a pronoun subject: never a FAIL, silent when it is another person's value -----------------

def _fact(text: str, quote: str, subject: str, predicate: str, value: str) -> CanonFactItem:
    """A fact as an extractor gives it, framed by the offline reader as the critique does."""
    start = text.index(quote)
    return framed(text, CanonFactItem(subject=subject, predicate=predicate, value=value,
                                      evidence=Ev(start=start, end=start + len(quote), quote=quote,
                                                  rule="test")))


def test_a_pronoun_fact_that_is_another_womans_value_is_silent() -> None:
    # the extractor gave Ruth's age to Nell (both women are in the scene)
    text = ("Nell held the door while Ruth Penrose carried in the bolt of cloth. Ruth set it down "
            "hard, because she was nineteen and tired of being told what to do.")
    fact = _fact(text, "she was nineteen", "Nell Brandt", "age", "19")
    found = _check(text, NELL, RUTH, pronouns={"Nell Brandt": ("she",)}, facts=[fact])
    assert found == [], found


def test_a_pronoun_fact_nobody_else_fits_only_warns() -> None:
    text = ("Nell held the door while Hal carried in the bolt of cloth. She laughed at him, because "
            "she was thirty-five and past caring what the village said.")
    fact = _fact(text, "she was thirty-five", "Nell Brandt", "age", "35")
    found = _check(text, NELL, HAL, pronouns={"Nell Brandt": ("She", "she")}, facts=[fact])
    assert [s for s, _m in found] == ["WARN"], found
    # the same fact with the name written is a FAIL
    named = "Nell Brandt was thirty-five and past caring what the village said."
    fact = _fact(named, "Nell Brandt was thirty-five", "Nell Brandt", "age", "35")
    assert [s for s, _m in _check(named, NELL, facts=[fact])] == ["FAIL"]


def test_a_pronoun_of_the_other_gender_does_not_silence() -> None:
    # Hal is thirty, but "she" cannot be Hal
    text = ("Nell held the door while Hal carried in the bolt of cloth, because she was thirty "
            "and he was slow.")
    fact = _fact(text, "she was thirty", "Nell Brandt", "age", "30")
    found = _check(text, NELL, HAL, pronouns={"Nell Brandt": ("she",), "Hal Brandt": ("he",)},
                   facts=[fact])
    assert [s for s, _m in found] == ["WARN"], found


def test_a_pronoun_age_in_narration_is_silent_when_it_is_the_other_womans() -> None:
    text = ("Ruth Penrose came in with the cloth and Nell took it from her. She was nineteen, "
            "and she was tired.")
    found = _check(text, NELL, RUTH, pronouns={"Nell Brandt": ("She",)})
    assert [f for f in found if "age" in f[1]] == [], found
    # two women in the scene: the extractor gives "She" an age for neither, whatever the number
    found = _check(text.replace("nineteen", "fifteen"), NELL, RUTH, pronouns={"Nell Brandt": ("She",)})
    assert [f for f in found if "age" in f[1]] == [], found
    alone = "Nell Brandt came in with the cloth. She was fifteen, and she was tired."
    found = _check(alone, NELL, pronouns={"Nell Brandt": ("She", "she")})
    assert [s for s, m in found if "age" in m] == ["WARN"], found


def test_her_hair_of_the_other_womans_colour_is_silent() -> None:
    text = "Ruth came in from the rain with Nell behind her. Her hair was as red as a fox."
    assert _check(text, NELL, RUTH, pronouns={"Nell Brandt": ("Her",)}) == []


# -- occupations through livings, gerunds and appositives -------------------------------------------

@pytest.mark.parametrize("text", [
    "Spinning was Ruth Penrose's living, and had been since the winter her father died.",
    "Ruth Penrose's trade was weaving, whatever the parish book said.",
    "Ruth Penrose earned her bread by baking for the whole valley.",
    "Ruth Penrose made a living as a laundress in the lower town.",
    "Ruth Penrose worked as a cook at the mill house that winter.",
    "Ruth Penrose kept a shop at the end of the bridge.",
    "By then Ruth Penrose kept school in the chapel vestry.",
    "Ruth Penrose, the valley's own schoolmistress, sat in the front pew.",
    "Walter Pike, the Company's treasurer, counted the wages twice.",
    "Hal Brandt, a carpenter by the look of his hands, said nothing.",
])
def test_an_occupation_in_another_form_warns_when_it_is_another_trade(text: str) -> None:
    found = _check(text, RUTH, WALTER, HAL)
    assert [s for s, _m in found] == ["WARN"], (text, found)


@pytest.mark.parametrize("text", [
    # the locked trade, or one of its family, in the same forms
    "Sewing was Ruth Penrose's living, and had been since the winter her father died.",
    "Ruth Penrose's trade was dressmaking, whatever the parish book said.",
    "Ruth Penrose earned her bread by sewing for the whole valley.",
    "Hal Brandt, the miller, came up from the weir.",
    "Walter Pike, the Company's clerk, counted the wages twice.",
    # not the person's own trade: a relation, a past post, a place, a vocative
    "Nell Brandt, the miller's sister, came up from the weir.",
    "Hal Brandt, the former carpenter, came up from the weir.",
    "Ruth Penrose walked past the shop where Nell had once kept school.",
    'Ruth Penrose called, "Hal, the baker is here for the flour."',
    # unknown words are not trades
    "Ruth Penrose's living was hard, and her trade was slow that winter.",
    "Waiting was Ruth Penrose's lot, and she bore it.",
])
def test_the_same_trade_or_no_trade_stays_silent(text: str) -> None:
    assert _check(text, RUTH, WALTER, HAL, NELL) == [], text


def test_a_pronoun_trade_is_silent_when_the_other_woman_has_it() -> None:
    text = "Ruth came round the mill with Nell. Weaving was her living, and she was proud of it."
    assert _check(text, NELL, RUTH, pronouns={"Ruth Penrose": ("her",)}) == []
    # two women in the scene: the extractor gives "her" living to neither, whatever the trade
    other = text.replace("Weaving", "Baking")
    assert _check(other, NELL, RUTH, pronouns={"Ruth Penrose": ("her",)}) == []
    alone = other.replace(" with Nell", "")
    found = _check(alone, RUTH, pronouns={"Ruth Penrose": ("her",)})
    assert [s for s, _m in found] == ["WARN"], found


# -- ages by arithmetic ------------------------------------------------------------------------------

# the earlier chapters, read as the critic has them: their text and their records
WRECK = ((1, "Their father had been lost at sea twelve years before, when the Merlin went "
             "down off the weir mouth."),)


def _years(text: str, *people: tuple[str, ...], history: tuple[tuple[int, str], ...] = WRECK,
           pronouns: dict[str, tuple[str, ...]] | None = None) -> list[tuple[str, str]]:
    world, _ = _mill()
    extraction = with_read_records(ChapterExtraction(new_entities=_entities(text, people, pronouns)),
                                   text, world)  # the extractor's ages at a dated event
    claims = bind_claims(text, extraction, world, FakeHistory(*history),  # type: ignore[arg-type]
                         earlier=earlier_records(*history))
    return [(f.severity, f.message) for f in canon.check(claims, world)]


@pytest.mark.parametrize("text", [
    # Hal is thirty: twelve years ago he was eighteen
    '"I was nine years old the year the Merlin went down," said Hal Brandt.',
    "Hal Brandt was nine when the Merlin was wrecked, and he remembered the bell.",
    '"I was twenty-five the winter our father\'s boat sank," said Hal Brandt.',
    # Nell is twenty-three: Hal at thirty was seven when she was born
    "Hal Brandt was fifteen the year Nell Brandt was born.",
])
def test_an_age_at_a_dated_event_that_makes_the_person_another_age_warns(text: str) -> None:
    found = _years(text, HAL, NELL)
    assert [s for s, _m in found] == ["WARN"], (text, found)
    assert "Hal Brandt" in found[0][1]


@pytest.mark.parametrize("text", [
    '"I was eighteen years old the year the Merlin went down," said Hal Brandt.',
    "Hal Brandt was seventeen when the Merlin was wrecked, and he remembered the bell.",
    "Hal Brandt was seven the year Nell Brandt was born.",
    # an event the world does not date, or a person with no locked age
    "Hal Brandt was nine the year the mill burned, and he remembered the bell.",
    "Walter Pike was nine when the Merlin went down.",
])
def test_a_consistent_or_undated_event_stays_silent(text: str) -> None:
    assert _years(text, HAL, NELL, WALTER) == [], text


def test_two_wrecks_at_different_distances_are_not_summed() -> None:
    history = ((1, "The Merlin went down twelve years before."),
               (3, "The Swift was lost at sea five years ago."))
    assert _years('"I was nine the year the Merlin went down," said Hal Brandt.', HAL,
                  history=history) == []


@pytest.mark.parametrize("text", [
    "Ruth Penrose was fifteen when her mother died, and she took in sewing after.",
    "Ruth Penrose was fourteen the winter the river froze.",
    '"You were sixteen when you first came to the mill, Ruth," said Hal.',
])
def test_an_age_dated_by_a_following_clause_is_about_then(text: str) -> None:
    assert [f for f in _years(text, RUTH, HAL) if "age" in f[1]] == [], text


def test_a_possessive_name_is_a_name_and_a_bare_trade_of_the_locked_post_agrees() -> None:
    text = "Nell Brandt's blue eyes followed him to the door."
    fact = _fact(text, "blue eyes", "Nell Brandt", "eye_colour", "blue")
    assert [s for s, _m in _check(text, NELL, facts=[fact])] == ["FAIL"]
    text = "Walter Pike came in. He is the clerk at the mill, and he knows it."
    fact = framed(text, CanonFactItem(subject="Walter Pike", predicate="occupation", value="clerk",
                                      evidence=Ev(start=text.index("He is"), end=text.index(" at the"),
                                                  quote="He is the clerk", rule="test")))
    assert _check(text, WALTER, pronouns={"Walter Pike": ("He", "he")}, facts=[fact]) == []
    other = text.replace("clerk", "treasurer")
    fact = fact.model_copy(update={"value": "treasurer of the Mill Company"})
    assert [s for s, _m in _check(other, WALTER, pronouns={"Walter Pike": ("He", "he")},
                                  facts=[fact])] == ["WARN"]


def test_i_in_speech_said_by_he_is_the_one_man_named_before() -> None:
    text = ("Nell and Hal walked down to the weir mouth at low water.\n\n"
            '"I was nine years old the year the Merlin went down," he said.')
    found = _years(text, NELL, HAL)
    assert [s for s, _m in found] == ["WARN"] and "Hal Brandt" in found[0][1]


def test_he_said_far_from_the_name_is_the_one_man_of_the_last_paragraph_that_names_one() -> None:
    lead = ("Hal walked slower the further they went. Nell did not ask why.\n\n"
            + "The sand ran out in ribs and pools, and the weed lay over everything. " * 8 + "\n\n"
            + "He put his hand on the old timber.\n\n")
    found = _years(lead + '"I was nine years old the year the Merlin went down," he said.', NELL, HAL)
    assert [s for s, _m in found] == ["WARN"] and "Hal Brandt" in found[0][1]
    both = lead.replace("Nell did not ask why", "Walter did not ask why")
    assert _years(both + '"I was nine years old the year the Merlin went down," he said.',
                  NELL, HAL, WALTER) == []  # two men: whose age is it?


# -- trades the parse says are someone's: copulas, "like the N he was", a name beside its noun --------

@pytest.mark.parametrize("text", [
    "Ruth Penrose has been a cobbler since she left the dame school, and she says so to anyone.",
    "Hal rowed as he did everything, like the wheelwright he was, slow and even.",
    "Walter Pike the fishmonger was rolling up the awning of his stall.",
    '"Walter Pike was harbourmaster of this valley for nine years," said Hal. "Ask anyone."',
    "In the end Hal Brandt became a shipwright at the yard below the weir.",
])
def test_a_trade_said_of_someone_in_the_parse_warns_when_it_is_another(text: str) -> None:
    found = _check(text, RUTH, WALTER, HAL, pronouns={"Hal Brandt": ("he",)})
    assert [s for s, _m in found] == ["WARN"], (text, found)


@pytest.mark.parametrize("text", [
    # the locked trade, its family, or a word it contains
    "Ruth Penrose has been a dressmaker since she left the dame school.",
    "Hal rowed as he did everything, like the miller he was, slow and even.",
    "Walter Pike the clerk was rolling up the awning of his stall.",
    # a past trade, a denial, a trade of someone else, an intensifying "never once"
    "Hal Brandt had been a shipwright in his youth, before the mill.",
    "Walter Pike was never a fishmonger, whatever the boys said.",
    "Hal Brandt talked to the wheelwright about the axle for an hour.",
    "Ruth Penrose was a good friend to the cobbler's wife, and never once late with the rent.",
])
def test_the_same_trade_a_past_one_or_anothers_stays_silent(text: str) -> None:
    assert _check(text, RUTH, WALTER, HAL, pronouns={"Hal Brandt": ("he",)}) == [], text


# -- session 5: a pluperfect age at a dated event, the years since an age, hyphenated colours,
#    hair worn as a colour -----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    # Hal is thirty: twelve years ago he was eighteen, not nine
    "Hal Brandt had been nine the winter the Merlin went down, and he remembered the bell.",
    # Hal is thirty: forty years since he came at fifteen makes him fifty-five
    '"I have ground the valley\'s corn for forty years, since I came to the mill a boy of fifteen," '
    'said Hal Brandt.',
    "Hal Brandt had kept the weir twenty years, since he was taken on at four-and-twenty.",
])
def test_an_age_then_and_the_years_since_that_make_another_age_warn(text: str) -> None:
    found = _years(text, HAL, NELL, pronouns={"Hal Brandt": ("he",)})
    assert [s for s, _m in found] == ["WARN"], (text, found)
    assert "Hal Brandt" in found[0][1]


@pytest.mark.parametrize("text", [
    "Hal Brandt had been eighteen the winter the Merlin went down, and he remembered the bell.",
    '"I have ground the valley\'s corn for twelve years, since I came to the mill a lad of '
    'eighteen," said Hal Brandt.',
    # not an age: money, a count of years without one
    "Hal Brandt had kept the weir twenty years, since he took it on at four shillings a week.",
])
def test_an_age_then_and_the_years_since_that_agree_stay_silent(text: str) -> None:
    assert _years(text, HAL, NELL, pronouns={"Hal Brandt": ("he",)}) == [], text


@pytest.mark.parametrize("text", [
    "The constable wrote it down. Name: Nell Brandt. Description: small, fair-haired, a scar on "
    "the chin.",
    "A red-haired woman stood on the bridge, and Nell Brandt, red-haired and furious, waved at him.",
    "Nell Brandt, grey-eyed and blue-eyed by turns in the lamplight, said nothing.",
    "Nell Brandt pulled off her cap and shook out hair as fair as barley.",
])
def test_a_colour_hyphenated_to_a_part_or_worn_as_one_warns(text: str) -> None:
    found = _check(text, NELL, HAL)
    assert "WARN" in [s for s, _m in found] and "FAIL" not in [s for s, _m in found], (text, found)
    assert all("Nell Brandt" in m for _s, m in found)


@pytest.mark.parametrize("text", [
    "The constable wrote it down. Name: Nell Brandt. Description: small, black-haired, grey-eyed.",
    "Nell Brandt pulled off her cap and shook out hair as black as a rook.",
    "A fair-haired boy ran past Nell Brandt on the bridge.",  # someone else's hair
])
def test_a_hyphenated_or_worn_colour_that_agrees_stays_silent(text: str) -> None:
    assert _check(text, NELL, HAL) == [], text
