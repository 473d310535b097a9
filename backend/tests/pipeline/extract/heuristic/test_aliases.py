"""Alias clustering on real text: one person under many names, never two people by guesswork."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.segment.books import split_book

SISTERS = ["Jane Bennet", "Elizabeth Bennet", "Mary Bennet", "Catherine Bennet", "Lydia Bennet"]


@pytest.fixture(scope="module")
def novel(shared_data: Path) -> str:
    return (shared_data / "novels" / "pride_and_prejudice.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def chapters(novel: str) -> list[str]:
    return [c.text for c in split_book(novel)]


def paragraph_with(text: str, needle: str) -> str:
    at = text.index(needle)
    start = text.rfind("\n\n", 0, at)
    end = text.find("\n\n", at)
    return text[start + 2 if start >= 0 else 0 : end if end >= 0 else len(text)]


def key_of(chapter: AnalyzedChapter, surface: str) -> str:
    """The entity key of the first name mention written exactly `surface`."""
    keys = [m.entity_key for m in chapter.mentions if m.kind == "name" and m.text == surface]
    assert keys, f"no name mention {surface!r}"
    return keys[0]


def test_titled_bare_and_full_names_of_darcy_are_one_character(novel: str, chapters: list[str]) -> None:
    text = chapters[2] + "\n\n" + paragraph_with(novel, "heard Mr. Fitzwilliam Darcy formerly")
    chapter = analyze_chapter_text(text, StoryContext())
    keys = {key_of(chapter, s) for s in ("Mr. Darcy", "Darcy", "Mr. Fitzwilliam Darcy")}
    assert len(keys) == 1
    darcy = chapter.entities[keys.pop()]
    assert darcy.name == "Fitzwilliam Darcy"  # the longest full name, without its title
    assert {"Mr. Darcy", "Darcy", "Mr. Fitzwilliam Darcy"} <= set(darcy.aliases)
    assert darcy.gender == "male"


def test_mr_and_mrs_bennet_are_two_people(chapters: list[str]) -> None:
    chapter = analyze_chapter_text(chapters[1], StoryContext())
    mr, mrs = key_of(chapter, "Mr. Bennet"), key_of(chapter, "Mrs. Bennet")
    assert mr != mrs
    assert chapter.entities[mr].gender == "male" and chapter.entities[mrs].gender == "female"


def test_a_wife_is_not_a_daughter_of_the_same_name(chapters: list[str]) -> None:
    chapter = analyze_chapter_text(chapters[2], StoryContext())
    assert "Elizabeth Bennet" in chapter.entities
    assert key_of(chapter, "Mrs. Bennet") != "Elizabeth Bennet"
    assert key_of(chapter, "Lady Lucas") != key_of(chapter, "Maria Lucas")


def test_miss_bennet_is_not_bound_when_several_sisters_are_known(novel: str) -> None:
    text = paragraph_with(novel, "as to Miss Bennet, he could not conceive")
    sisters = [KnownEntity(name=n, type="character", gender="female") for n in SISTERS]
    chapter = analyze_chapter_text(text, StoryContext(entities=sisters))
    assert key_of(chapter, "Miss Bennet") not in SISTERS


def test_miss_bennet_binds_when_exactly_one_sister_fits(novel: str) -> None:
    text = paragraph_with(novel, "as to Miss Bennet, he could not conceive")
    known = [
        KnownEntity(name="Jane Bennet", type="character", gender="female"),
        KnownEntity(name="Mrs. Bennet", type="character", gender="female"),  # Miss is not Mrs.
        KnownEntity(name="Mr. Bennet", type="character", gender="male"),
    ]
    chapter = analyze_chapter_text(text, StoryContext(entities=known))
    assert key_of(chapter, "Miss Bennet") == "Jane Bennet"


def test_the_eldest_miss_bennet_is_no_given_named_sister(chapters: list[str]) -> None:
    # Chapter 3: "looking at the eldest Miss Bennet" (Jane) beside "Elizabeth Bennet had been
    # obliged ... to sit down": which daughter "Miss Bennet" is, the names do not say.
    chapter = analyze_chapter_text(chapters[2], StoryContext())
    assert key_of(chapter, "Miss Bennet") != key_of(chapter, "Elizabeth Bennet")
    assert "Miss Bennet" not in chapter.entities[key_of(chapter, "Elizabeth Bennet")].aliases


@pytest.mark.parametrize("signal", [
    "The Miss Pinkertons were at the window.",  # the title on the plural
    "Ann Pinkerton and Lucy Pinkerton sat apart.",  # two daughters by given name
    "The youngest Miss Pinkerton laughed.",  # a rank before the title
])
def test_a_family_with_several_daughters_keeps_miss_and_a_sister_apart(signal: str) -> None:
    text = (f"{signal} Miss Pinkerton poured the tea. Lucy Pinkerton sat down by the fire, and "
            "she smiled at Miss Pinkerton.")
    chapter = analyze_chapter_text(text, StoryContext())
    assert key_of(chapter, "Miss Pinkerton") != key_of(chapter, "Lucy Pinkerton")


def test_a_family_with_one_daughter_in_sight_may_join_them() -> None:
    text = ("Miss Pinkerton poured the tea. Lucy Pinkerton sat down by the fire, and she smiled "
            "at Miss Pinkerton.")
    chapter = analyze_chapter_text(text, StoryContext())
    assert key_of(chapter, "Miss Pinkerton") == key_of(chapter, "Lucy Pinkerton")


def test_a_known_alias_binds_directly(chapters: list[str]) -> None:
    known = [KnownEntity(name="Jane Bennet", type="character", aliases=["Jane", "Miss Bennet"])]
    chapter = analyze_chapter_text(chapters[2], StoryContext(entities=known))
    assert key_of(chapter, "Jane") == "Jane Bennet"


def test_diminutives_join_the_given_name(chapters: list[str]) -> None:
    chapter = analyze_chapter_text(chapters[2], StoryContext())
    assert key_of(chapter, "Lizzy") == key_of(chapter, "Elizabeth")


def test_a_full_name_spelt_two_ways_is_still_the_diminutives(chapters: list[str]) -> None:
    # Chapter 3's "Catherine and Lydia" are Kitty and Lydia: the dataset's full names of
    # "Kitty" are Catherine and Katherine, one name spelt two ways. "Nancy" is Ann, Anne or
    # Nancy, so "Anne" alone is not a Nancy.
    kitty = KnownEntity(name="Kitty", type="character", gender="female", mentions=5)
    chapter = analyze_chapter_text(chapters[2], StoryContext(entities=[kitty]))
    assert key_of(chapter, "Catherine") == "Kitty"
    nancy = KnownEntity(name="Nancy", type="character", gender="female", mentions=5)
    chapter = analyze_chapter_text("Anne came in. Anne sat down.", StoryContext(entities=[nancy]))
    assert key_of(chapter, "Anne") != "Nancy"


def test_colonel_fitzwilliam_is_not_fitzwilliam_darcy(novel: str) -> None:
    start = novel.index("with him a Colonel Fitzwilliam")
    text = novel[start - 1500 : start + 1500] + "\n\n" + paragraph_with(novel, "heard Mr. Fitzwilliam Darcy")
    chapter = analyze_chapter_text(text, StoryContext())
    assert key_of(chapter, "Colonel Fitzwilliam") != key_of(chapter, "Mr. Fitzwilliam Darcy")


def test_a_bare_surname_shared_by_two_people_stays_apart() -> None:
    text = (
        "Mr. George Knightley was among the earliest of those who waited on Mr. Bingley. "
        "Mr. John Knightley was quite disconcerted. Knightley laughed."
    )
    chapter = analyze_chapter_text(text, StoryContext())
    bare = key_of(chapter, "Knightley")
    assert bare not in {key_of(chapter, "Mr. George Knightley"), key_of(chapter, "Mr. John Knightley")}


def test_a_bare_surname_beside_a_couple_is_the_husband() -> None:
    # A surname said alone names a man: "Bennet" beside Mr. and Mrs. Bennet is he.
    text = (
        "Mr. Bennet was among the earliest of those who waited on Mr. Bingley. "
        "Mrs. Bennet was quite disconcerted. Bennet laughed."
    )
    chapter = analyze_chapter_text(text, StoryContext())
    assert key_of(chapter, "Bennet") == key_of(chapter, "Mr. Bennet")


def test_a_wife_called_by_her_husbands_given_name_keeps_her_title(shared_data: Path) -> None:
    text = (shared_data / "novels" / "great_expectations.txt").read_text(encoding="utf-8")
    chapter = analyze_chapter_text(split_book(text)[1].text, StoryContext())
    names = {e.name: e.gender for e in chapter.entities.values()}
    assert names.get("Mrs. Joe Gargery") == "female"  # Pip's sister, not "Joe Gargery"
    assert names.get("Joe Gargery") == "male"


def test_a_wifes_title_with_a_husbands_given_name_is_not_the_older_mrs() -> None:
    # Emma, chapter 55: "Mr. and Mrs. Robert Martin" — Harriet, not his mother Mrs. Martin.
    context = StoryContext(entities=[
        KnownEntity(name="Mrs. Martin", type="character", gender="female", mentions=40),
        KnownEntity(name="Robert Martin", type="character", gender="male", mentions=120,
                    aliases=["Mr. Martin", "Mr. Robert Martin"]),
        KnownEntity(name="Mrs. Joe Gargery", type="character", gender="female", mentions=90,
                    aliases=["Mrs. Joe"])])
    chapter = analyze_chapter_text("Mr. and Mrs. Robert Martin called at Hartfield. Mrs. Martin "
                                   "stayed at the farm. Mrs. Joe Gargery was out.", context)
    owners = {m.text: m.entity_key for m in chapter.mentions if m.kind == "name"}
    assert owners["Mrs. Martin"] == "Mrs. Martin"
    assert owners.get("Mrs. Robert Martin") != "Mrs. Martin"
    assert owners["Mrs. Joe Gargery"] == "Mrs. Joe Gargery"


def test_a_wifes_title_with_an_initial_stays_with_her_name() -> None:
    # Great Expectations: "Mrs. J. Gargery" is Mrs. Joe Gargery.
    context = StoryContext(entities=[
        KnownEntity(name="Mrs. Joe Gargery", type="character", gender="female", mentions=90,
                    aliases=["Mrs. Joe"])])
    chapter = analyze_chapter_text("Mrs. J. Gargery was out. Mrs. Joe Gargery came back.", context)
    owners = {m.text: m.entity_key for m in chapter.mentions if m.kind == "name"}
    assert owners.get("Mrs. J. Gargery") == "Mrs. Joe Gargery"


def test_a_diminutive_and_its_pet_form_are_one_person(shared_data: Path) -> None:
    # Treasure Island, chapter 2: Black Dog's "Bill" and the captain's "Billy" are Billy Bones.
    text = (shared_data / "novels" / "treasure_island.txt").read_text(encoding="utf-8")
    chapter = analyze_chapter_text(split_book(text)[1].text, StoryContext())
    bones = key_of(chapter, "Billy Bones")
    assert key_of(chapter, "Bill") == bones
    assert key_of(chapter, "Billy") == bones


def test_a_bare_surname_is_not_a_woman_known_by_her_title_alone() -> None:
    # Treasure Island, chapter 5: the officer's "Well, then, Hawkins" is said to Jim.
    context = StoryContext(entities=[
        KnownEntity(name="Mrs. Hawkins", type="character", gender="female", mentions=12)])
    chapter = analyze_chapter_text(
        "Mrs. Hawkins was at the inn. \"Well, then, Hawkins, what were they after?\" asked the "
        "officer.", context)
    assert key_of(chapter, "Hawkins") != key_of(chapter, "Mrs. Hawkins")


def test_a_bare_given_name_is_not_a_known_person_who_wears_it_under_a_rank() -> None:
    # Pride and Prejudice, chapter 31: Lady Catherine's "Anne" is her daughter, not Darcy's
    # late mother, "Lady Anne Darcy" of chapter 16.
    context = StoryContext(entities=[
        KnownEntity(name="Lady Anne Darcy", type="character", gender="female", aliases=["Anne Darcy"]),
        KnownEntity(name="Lady Catherine de Bourgh", type="character", gender="female",
                    aliases=["Lady Catherine"])])
    text = ("“I should have been a great proficient,” said Lady Catherine. “And so would Anne, "
            "if her health had allowed her to apply.”")
    chapter = analyze_chapter_text(text, context)
    assert key_of(chapter, "Anne") != "Lady Anne Darcy"
    chapter = analyze_chapter_text("Lady Anne Darcy was his mother. Anne Darcy died young.", context)
    assert key_of(chapter, "Anne Darcy") == key_of(chapter, "Lady Anne Darcy")


def test_a_person_taken_for_a_town_on_one_mention_takes_his_full_name() -> None:
    # Treasure Island: "Redruth" of chapter 6, typed a town on one mention, is Tom Redruth.
    context = StoryContext(entities=[
        KnownEntity(name="Redruth", type="location", mentions=1)])
    text = ("Tom Redruth, the gamekeeper, came for me. Redruth said nothing. Redruth and I "
            "walked on. He was a grim old man, and Redruth kept his counsel.")
    chapter = analyze_chapter_text(text, context)
    assert key_of(chapter, "Tom Redruth") == key_of(chapter, "Redruth")
    assert chapter.entities[key_of(chapter, "Redruth")].type == "character"
    context = StoryContext(entities=[
        KnownEntity(name="Redruth", type="location", mentions=30)])
    chapter = analyze_chapter_text(text, context)  # a town of thirty mentions stays a town
    assert chapter.entities[key_of(chapter, "Redruth")].type == "location"


def test_a_surname_once_taken_for_a_person_goes_to_the_salient_man_who_carries_it() -> None:
    # Treasure Island: "Hawkins", said to the narrator in chapter 5, became a person of its
    # own; from chapter 6 the narrator is "Jim Hawkins", and "Hawkins" is he.
    context = StoryContext(entities=[
        KnownEntity(name="Jim", type="character", gender="male", mentions=120),
        KnownEntity(name="Hawkins", type="character", mentions=4)])
    chapter = analyze_chapter_text(
        "Jim Hawkins came in. \"Hawkins shall come as cabin-boy,\" said the squire.", context)
    assert key_of(chapter, "Hawkins") == key_of(chapter, "Jim Hawkins") == "Jim"
    context = StoryContext(entities=[
        KnownEntity(name="Jim", type="character", gender="male", mentions=20),
        KnownEntity(name="Hawkins", type="character", mentions=40)])
    chapter = analyze_chapter_text(
        "Jim Hawkins came in. \"Hawkins shall come as cabin-boy,\" said the squire.", context)
    assert key_of(chapter, "Hawkins") == "Hawkins"  # named about as often: the name stays his


def test_a_younger_son_named_by_his_wifes_title_is_not_the_elder() -> None:
    # Emma, chapter 6: "Mr. John Knightley's" portrait, with "Mrs. John Knightley" known, is
    # the younger brother's; the "Mr. Knightley" of the story is the elder.
    context = StoryContext(entities=[
        KnownEntity(name="Mr. Knightley", type="character", gender="male", mentions=95),
        KnownEntity(name="Mrs. John Knightley", type="character", gender="female", mentions=2)])
    text = "Mr. Knightley came in. It was a portrait like Mr. John Knightley's, and Mr. Knightley liked it."
    chapter = analyze_chapter_text(text, context)
    assert key_of(chapter, "Mr. John Knightley") != key_of(chapter, "Mr. Knightley") == "Mr. Knightley"
    # With no such wife, the full name fills out the one known by title and surname.
    chapter = analyze_chapter_text(text, StoryContext(entities=context.entities[:1]))
    assert key_of(chapter, "Mr. John Knightley") == key_of(chapter, "Mr. Knightley")


def test_a_surname_said_alone_is_no_given_name_of_a_full_name() -> None:
    # Emma: Frank signs "F. C. Weston Churchill"; that is not Mr. Weston, called "Weston".
    context = StoryContext(entities=[
        KnownEntity(name="Mr. Weston", type="character", gender="male", mentions=300,
                    aliases=["Weston", "Captain Weston"])])
    chapter = analyze_chapter_text("Mr. Weston laughed. The letter was signed Weston Churchill, "
                                   "and Weston Churchill was the writer.", context)
    assert key_of(chapter, "Weston Churchill") != "Mr. Weston"


def _great_expectations(shared_data: Path) -> list[str]:
    return (shared_data / "novels" / "great_expectations.txt").read_text(encoding="utf-8").splitlines()


def test_a_wifes_title_on_a_mans_full_name_is_his_wife(shared_data: Path) -> None:
    # Great Expectations, chapter 48: "So here's to Mrs. Bentley Drummle" is Estella, married
    # to Bentley Drummle; neither in a chapter that names him too nor against the known man is
    # she him, and her page keeps the title ("Bentley" is no given name the data knows).
    lines = _great_expectations(shared_data)
    toast = "\n".join(lines[16052:16064])
    assert "Mrs. Bentley Drummle" in toast
    both = "\n".join(lines[8282:8292]) + "\n\n" + toast
    owners = {m.text: m.entity_key for m in analyze_chapter_text(both, StoryContext()).mentions
              if m.kind == "name"}
    assert owners["Bentley Drummle"] != owners["Mrs. Bentley Drummle"]
    assert owners["Mrs. Bentley Drummle"] == "Mrs. Bentley Drummle"
    known = StoryContext(entities=[KnownEntity(name="Drummle", type="character", gender="male",
                                               mentions=200, aliases=["Bentley Drummle", "Mr. Drummle"])])
    chapter = analyze_chapter_text(toast, known)
    owners = {m.text: m.entity_key for m in chapter.mentions if m.kind == "name"}
    assert owners["Mrs. Bentley Drummle"] == "Mrs. Bentley Drummle"
    assert "Bentley Drummle" not in chapter.entities


def test_a_husbands_name_is_not_his_wifes_though_she_came_first(shared_data: Path) -> None:
    # Great Expectations, chapter 57: Joe of himself, "you know'd as J. Gargery's power to part
    # you and Tickler in sunders were not fully equal to his inclinations". The story has
    # known his late wife as "Mrs. J. Gargery" since chapter 15; he is not she.
    lines = _great_expectations(shared_data)
    start = next(i for i, line in enumerate(lines) if "J. Gargery's" in line)
    text = "\n".join(lines[start - 3 : start + 3])
    assert "J. Gargery's" in text
    known = StoryContext(entities=[
        KnownEntity(name="Mrs. Joe Gargery", type="character", gender="female", mentions=188,
                    aliases=["Mrs. J. Gargery", "Mrs. Joe"], dead=True),
        KnownEntity(name="Joe Gargery", type="character", gender="male", mentions=1365,
                    aliases=["Joe", "Joseph Gargery", "Mr. Gargery"])])
    chapter = analyze_chapter_text(text, known)
    assert key_of(chapter, "J. Gargery") != "Mrs. Joe Gargery"


def test_mum_said_to_a_woman_is_no_one(shared_data: Path) -> None:
    # Great Expectations, chapter 4: Pumblechook's "I have brought you, Mum, a bottle of sherry".
    lines = _great_expectations(shared_data)
    text = "\n".join(lines[898:906])
    assert "Mum" in text
    chapter = analyze_chapter_text(text, StoryContext())
    assert "Mum" not in {m.text for m in chapter.mentions if m.kind == "name"}


def test_a_younger_sisters_full_name_does_not_fill_out_the_eldest_miss() -> None:
    """Emma: "Miss Bates" is the eldest daughter; "Miss Jane Bates" a younger one."""
    text = ("The marriage of Lieut. Fairfax of the ----regiment of infantry,\n"
            "and Miss Jane Bates, had had its day of fame and pleasure.")
    context = StoryContext(entities=[KnownEntity(name="Miss Bates", type="character",
                                                 gender="female")])
    chapter = analyze_chapter_text(text, context)
    assert key_of(chapter, "Miss Jane Bates") != "Miss Bates"


def test_a_king_is_not_a_commoner_of_his_given_name() -> None:
    """Treasure Island: the King George of the toasts is not George Merry, either way."""
    merry = StoryContext(entities=[KnownEntity(name="George Merry", type="character",
                                               gender="male", aliases=["George", "Merry"])])
    chapter = analyze_chapter_text("George Merry drank to King George.", merry)
    assert key_of(chapter, "King George") != "George Merry"
    king = StoryContext(entities=[KnownEntity(name="King George", type="character",
                                              gender="male")])
    chapter = analyze_chapter_text("George Merry stood up; George Merry drank.", king)
    assert key_of(chapter, "George Merry") != "King George"


def test_miss_and_a_given_named_daughter_told_apart_in_one_breath(chapters: list[str]) -> None:
    # Chapter 3, Mrs. Bennet's account of the ball: "First of all, he asked Miss Lucas. ...
    # the two fourth with Maria Lucas": the speaker tells the eldest and Maria apart.
    paragraph = paragraph_with(chapters[2], "First of all, he asked Miss Lucas")
    chapter = analyze_chapter_text(paragraph, StoryContext())
    assert key_of(chapter, "Miss Lucas") != key_of(chapter, "Maria Lucas")


def test_a_given_name_then_miss_is_one_woman_named_again() -> None:
    text = "Jane Fairfax came in from the garden, and Miss Fairfax sat down by the fire."
    chapter = analyze_chapter_text(text, StoryContext())
    assert key_of(chapter, "Miss Fairfax") == key_of(chapter, "Jane Fairfax")


def test_the_name_a_quotation_calls_is_the_one_its_tag_speaks_to(chapters: list[str]) -> None:
    # Chapter 5: '"_You_ began the evening well, Charlotte," said Mrs. Bennet, with civil
    # self-command, to Miss Lucas.' The story knows her so far only as "Miss Lucas".
    paragraph = paragraph_with(chapters[4], "began the evening well, Charlotte")
    known = [KnownEntity(name="Miss Lucas", type="character", gender="female", mentions=2),
             KnownEntity(name="Mrs. Bennet", type="character", gender="female", mentions=9)]
    chapter = analyze_chapter_text(paragraph, StoryContext(entities=known))
    assert key_of(chapter, "Charlotte") == "Miss Lucas"
    assert "Charlotte" in chapter.entities["Miss Lucas"].aliases
    # Known by a given name already, the listener is not renamed by the call.
    maria = KnownEntity(name="Maria Lucas", type="character", gender="female", mentions=2)
    text = "\u201cYou began well, Charlotte,\u201d said Mrs. Bennet to Maria Lucas."
    chapter = analyze_chapter_text(text, StoryContext(entities=[maria, known[1]]))
    assert key_of(chapter, "Charlotte") != "Maria Lucas"


def test_a_name_worn_with_the_is_no_known_persons_name(chapters: list[str]) -> None:
    """Pride and Prejudice: "the Bell" (ch. 37) and "the George" (ch. 39) are inns, not a pet
    form of William Collins nor George Wickham's given name."""
    context = StoryContext(entities=[
        KnownEntity(name="William Collins", type="character", gender="male", aliases=["Mr. Collins"],
                    mentions=200),
        KnownEntity(name="George Wickham", type="character", gender="male",
                    aliases=["Mr. Wickham", "Wickham"], mentions=150)])
    bell = paragraph_with(chapters[36], "at the Bell")
    chapter = analyze_chapter_text(bell, context)
    assert key_of(chapter, "Bell") != "William Collins"
    assert chapter.entities[key_of(chapter, "Bell")].type != "character"
    george = paragraph_with(chapters[38], "got to the George")
    chapter = analyze_chapter_text(george, context)
    assert key_of(chapter, "George") != "George Wickham"


def test_a_title_of_a_place_keeps_its_title_in_the_display_name(shared_data: Path) -> None:
    """Great Expectations, ch. 31: Mr. Wopsle's Hamlet is "King of Denmark", not "of Denmark"."""
    novel = (shared_data / "novels" / "great_expectations.txt").read_text(encoding="utf-8")
    text = split_book(novel)[30].text
    chapter = analyze_chapter_text(paragraph_with(text, "of Denmark. That is his employer"),
                                   StoryContext())
    assert "King of Denmark" in chapter.entities
    assert not any(name.startswith("of ") for name in chapter.entities)


def test_an_adjective_before_a_given_name_describes_her_whatever_the_tagger_says(
        shared_data: Path) -> None:
    """Vanity Fair (LitBank): "Honest Jemima had all the bills" is Miss Jemima Pinkerton, as
    "Jemima" is; the tagger reads "Honest Jemima" as a body, which had kept the adjective as a
    name word, and the bare "Jemima" then had two people to choose from and went to neither."""
    text = (shared_data / "litbank-dev" / "coref" / "599_vanity_fair_brat.txt").read_text(encoding="utf-8")
    chapter = analyze_chapter_text(text, StoryContext())
    assert key_of(chapter, "Honest Jemima") == key_of(chapter, "Jemima") == key_of(chapter, "Miss Jemima")


def test_a_womans_title_and_an_office_name_two_people(shared_data: Path) -> None:
    """Emma, ch. 38: "Dr. and Mrs. Hughes" are a couple, and Miss Marjoribanks (LitBank) is
    not her father "Dr Marjoribanks" (nor he her late mother): a woman's Miss or Mrs. and an
    office's title with one surname name two people, whatever the pronouns lean to."""
    emma = [c.text for c in split_book((shared_data / "novels" / "emma.txt").read_text(encoding="utf-8"))]
    chapter = analyze_chapter_text(paragraph_with(emma[37], "Dr. Hughes I"), StoryContext())
    assert key_of(chapter, "Dr. Hughes") != key_of(chapter, "Mrs. Hughes")
    text = (shared_data / "litbank-dev" / "coref" / "41286_miss_marjoribanks_brat.txt").read_text(
        encoding="utf-8")
    chapter = analyze_chapter_text(text, StoryContext())
    keys = {key_of(chapter, name) for name in ("Miss Marjoribanks", "Dr Marjoribanks", "Mrs Marjoribanks")}
    assert len(keys) == 3
