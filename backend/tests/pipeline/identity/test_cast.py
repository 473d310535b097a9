"""The cast: salience decides ambiguous names, a name never founds a twin, kinds change."""

from __future__ import annotations

import uuid

import pytest

from continuum.db.engine import read_session, write_session
from continuum.language.names import same_given
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.resolve import resolve_item, resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.entities import list_entities
from tests.fakes import ScriptedExtractor, entity


def _cast(*people: tuple[str, int, str, tuple[str, ...]]) -> tuple[Cast, dict[str, uuid.UUID]]:
    """(name, mentions, gender, aliases) per person."""
    entries = [RosterEntry(id=uuid.uuid4(), type="character", name=name, aliases=set(aliases),
                           gender=gender, mentions=mentions)
               for name, mentions, gender, aliases in people]
    return Cast(Roster(entries)), {e.name: e.id for e in reversed(entries)}


def test_an_ambiguous_name_binds_to_the_far_more_mentioned_candidate() -> None:
    cast, ids = _cast(("Captain Smollett", 120, "male", ()), ("Smollett", 5, "unknown", ()))
    assert resolve_name(cast.roster, "Mr. Smollett").entity_id == ids["Captain Smollett"]
    assert resolve_name(cast.roster, "Mr. Smollett").rule == "partial"


def test_candidates_named_about_as_often_stay_ambiguous() -> None:
    cast, _ = _cast(("Captain Smollett", 20, "male", ()), ("Smollett", 10, "unknown", ()))
    assert resolve_name(cast.roster, "Mr. Smollett").entity_id is None
    assert resolve_name(cast.roster, "Mr. Smollett").rule == "ambiguous"


def test_miss_bennet_is_never_the_sister_called_miss_elizabeth_however_salient() -> None:
    cast, ids = _cast(("Elizabeth Bennet", 2900, "female", ("Miss Elizabeth",)),
                      ("Jane Bennet", 900, "female", ()))
    assert resolve_name(cast.roster, "Miss Bennet").entity_id == ids["Jane Bennet"]
    cast, _ = _cast(("Elizabeth Bennet", 2900, "female", ("Miss Elizabeth",)),
                    ("Jane Bennet", 900, "female", ("Miss Jane",)))
    assert resolve_name(cast.roster, "Miss Bennet").entity_id is None


def test_a_name_that_titles_an_entity_never_founds_a_second_one() -> None:
    cast, ids = _cast(("Mr. Bingley", 600, "male", ()), ("Mr. Bingley", 30, "male", ()),
                      ("Miss Bingley", 200, "female", ()))
    found = cast.bind_item(["Mr. Bingley"], "character", "unknown")
    assert found.entity_id is not None
    assert cast.entry(found.entity_id).mentions == 600


def test_a_full_name_joins_the_one_person_known_by_title_and_surname() -> None:
    cast, ids = _cast(("Mr. Darcy", 1500, "male", ("Darcy",)), ("Miss Darcy", 120, "female", ()))
    assert cast.bind_item(["Fitzwilliam Darcy"], "character", "male").entity_id == ids["Mr. Darcy"]
    assert cast.bind_item(["Georgiana Darcy"], "character",
                          "female").entity_id == ids["Miss Darcy"]
    # Without a gender, the surname alone does not say which of them it is.
    assert resolve_item(cast.roster, ["Fitzwilliam Darcy"], "character", "unknown").entity_id is None


def test_a_surname_title_never_binds_to_a_given_name() -> None:
    cast, ids = _cast(("Fitzwilliam Darcy", 117, "male", ("Mr. Fitzwilliam Darcy",)))
    assert resolve_name(cast.roster, "Colonel Fitzwilliam").entity_id is None
    assert resolve_name(cast.roster, "Mr. Darcy").entity_id == ids["Fitzwilliam Darcy"]


@pytest.mark.parametrize(("a", "b", "same"), [
    ("lizzy", "elizabeth", True), ("eliza", "elizabeth", True), ("kitty", "catherine", True),
    ("jack", "john", True), ("jim", "james", True), ("bill", "billy", True),
    ("caroline", "charlotte", False),  # both have the diminutive "chick": still two names
    ("mary", "maria", False), ("lydia", "lizzy", False), ("jane", "elizabeth", False),
])
def test_diminutives_come_from_the_nicknames_dataset(a: str, b: str, same: bool) -> None:
    assert same_given(a, b) is same


@pytest.fixture()
def novel(clean_db):
    with write_session() as session:
        return create_novel(session, title="Cast")


def _read(novel: uuid.UUID, chapters: dict[int, str], script, *caps: int) -> tuple[list, ...]:
    """Read the chapters through the spine with the scripted extractor; the entities at each cap."""
    extractor = ScriptedExtractor(script)
    for number, text_ in chapters.items():
        analyze_chapter(novel_id=novel, number=number, text=text_, extractor=extractor)
    with read_session() as session:
        return tuple(list_entities(session=session, novel_id=novel, cap=cap) for cap in caps)


def test_through_the_spine_a_later_chapter_never_mints_a_twin(novel) -> None:
    chapters = {1: "Mr. Bingley came. Mr. Bingley danced. Mr. Bingley left.",
                2: "Mr. Bingley returned."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        item = entity(text_, "Mr. Bingley")
        if number == 2:
            item.gender = "female"  # a misread the rules would refuse: still no second one
        return ChapterExtraction(new_entities=[item])

    people, = _read(novel, chapters, script, 2)
    assert [(p.name, p.mention_count) for p in people] == [("Mr. Bingley", 4)]


def test_through_the_spine_initials_that_fit_nobody_found_no_person(novel) -> None:
    # Treasure Island ch. 29: Flint's mark; his given name the book never tells, so "J. F."
    # is nobody of the cast, and no page of its own beside Captain Flint's
    chapters = {1: "Captain Flint was dead. Flint had buried it.",
                2: '"Yes," said one, "that\'s Flint, sure enough. J. F., and a score below."'}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        if number == 1:
            return ChapterExtraction(new_entities=[entity(text_, "Captain Flint", "character",
                                                          "Flint")])
        return ChapterExtraction(new_entities=[entity(text_, "Flint"), entity(text_, "J. F.")])

    people, = _read(novel, chapters, script, 2)
    assert [p.name for p in people] == ["Captain Flint"]


def test_through_the_spine_initials_still_bind_to_the_person_they_fit(novel) -> None:
    chapters = {1: "John Trelawney wrote. John Trelawney sealed it.", 2: "Yours, J. T."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        return ChapterExtraction(new_entities=[
            entity(text_, "John Trelawney" if number == 1 else "J. T.")])

    people, = _read(novel, chapters, script, 2)
    assert [(p.name, p.mention_count) for p in people] == [("John Trelawney", 3)]


def test_through_the_spine_a_person_becomes_a_place_from_the_chapter_that_says_so(novel) -> None:
    chapters = {1: "Hunsford, near Westerham, Kent.", 2: "They set off for Kent."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        return ChapterExtraction(new_entities=[
            entity(text_, "Kent", "character" if number == 1 else "location")])

    before, after = _read(novel, chapters, script, 1, 2)
    assert [(e.name, e.type) for e in before] == [("Kent", "character")]
    assert [(e.name, e.type) for e in after] == [("Kent", "location")]
    assert before[0].id == after[0].id


def test_through_the_spine_a_married_name_joins_the_wife_from_its_chapter(novel) -> None:
    from continuum.pipeline.extract.schema import Evidence, RelationshipUpdate

    chapters = {1: "Charlotte Lucas married Mr. Collins.", 2: "Charlotte Lucas walked.",
                3: "Mrs. Collins poured the tea."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        if number == 3:
            item = entity(text_, "Mrs. Collins")
            item.gender = "female"
            return ChapterExtraction(new_entities=[item])
        people = [entity(text_, "Charlotte Lucas")]
        people[0].gender = "female"
        if number == 1:
            collins = entity(text_, "Mr. Collins")
            collins.gender = "male"
            people.append(collins)
            return ChapterExtraction(new_entities=people, relationship_updates=[
                RelationshipUpdate(source="Charlotte Lucas", target="Mr. Collins",
                                   type="married_to", symmetric=True,
                                   evidence=Evidence(start=0, end=len(text_), quote=text_,
                                                     rule="scripted"))])
        return ChapterExtraction(new_entities=people)

    before, after = ({e.name: e.aliases for e in at} for at in _read(novel, chapters, script, 2, 3))
    assert "Mrs. Collins" not in before["Charlotte Lucas"]
    assert set(after) == {"Charlotte Lucas", "Mr. Collins"}
    assert "Mrs. Collins" in after["Charlotte Lucas"]


def test_a_person_is_titled_by_the_fullest_name_from_the_chapter_that_gives_it(novel) -> None:
    chapters = {1: "Lizzy laughed. Lizzy ran.", 2: "Elizabeth Bennet, called Lizzy, smiled."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        if number == 1:
            return ChapterExtraction(new_entities=[entity(text_, "Lizzy")])
        return ChapterExtraction(new_entities=[entity(text_, "Lizzy", "character",
                                                      "Elizabeth Bennet")])

    first, second = _read(novel, chapters, script, 1, 2)
    assert [(e.name, e.aliases) for e in first] == [("Lizzy", [])]
    assert [(e.name, e.aliases) for e in second] == [("Elizabeth Bennet", ["Lizzy"])]


def test_a_page_keeps_the_full_name_the_book_uses_most_across_chapters(novel) -> None:
    # Treasure Island: "Jim Hawkins" through the book, "James Hawkins" once on a document;
    # without the counts of earlier chapters the fuller given name would title the page.
    chapters = {1: "Jim Hawkins ran. Jim Hawkins hid. Jim Hawkins slept.",
                2: "The paper said: James Hawkins, cabin boy. James Hawkins, his mark."}

    def script(text_: str, number: int, context) -> ChapterExtraction:
        if number == 1:
            return ChapterExtraction(new_entities=[entity(text_, "Jim Hawkins")])
        return ChapterExtraction(new_entities=[entity(text_, "Jim Hawkins", "character",
                                                      "James Hawkins")])

    second, = _read(novel, chapters, script, 2)
    assert [(e.name, e.aliases) for e in second] == [("Jim Hawkins", ["James Hawkins"])]


def test_a_titled_full_name_is_not_the_one_known_by_title_and_surname_alone() -> None:
    cast, _ = _cast(("Mr. Knightley", 400, "male", ("Knightley",)))
    found = cast.bind_item(["John Knightley", "Mr. John Knightley"], "character", "male")
    assert found.entity_id is None  # Mr. Knightley's younger brother


def test_a_mans_sister_by_birth_shares_his_surname() -> None:
    cast, ids = _cast(("George Wickham", 700, "male", ("Mr. Wickham", "Wickham")),
                      ("Elizabeth Bennet", 2900, "female", ("Miss Eliza Bennet", "Lizzy")),
                      ("Mr. Gardiner", 80, "male", ()), ("Mrs. Bennet", 490, "female", ()),
                      ("Isabella Knightley", 90, "female", ()), ("Emma Woodhouse", 900, "female", ()),
                      ("Mr. Knightley", 1000, "male", ()), ("John Knightley", 160, "male", ()))
    assert not cast.may_be_siblings(ids["George Wickham"], ids["Elizabeth Bennet"])  # an in-law
    assert cast.may_be_siblings(ids["Mr. Gardiner"], ids["Mrs. Bennet"])  # she married
    assert cast.may_be_siblings(ids["Isabella Knightley"], ids["Emma Woodhouse"])  # women marry
    assert cast.may_be_siblings(ids["Mr. Knightley"], ids["John Knightley"])
    assert cast.may_be_siblings(ids["Mr. Knightley"], uuid.uuid4())  # not in the cast yet


def test_a_wifes_title_binds_to_the_woman_who_signs_herself_with_the_surname() -> None:
    # Pride and Prejudice: Lydia signs "Lydia Wickham" in chapter 47; "Mrs. Wickham" of
    # chapter 49 is she, not a new woman, though the wedding is nowhere on record.
    cast, ids = _cast(("Lydia Wickham", 580, "female", ("Lydia", "Lydia Bennet", "Miss Lydia",
                                                         "London Lydia")),
                      ("Mr. Wickham", 700, "male", ("Wickham", "George Wickham")),
                      ("Georgiana Darcy", 190, "female", ("Miss Darcy",)),
                      ("Mr. Darcy", 1500, "male", ("Darcy",)))
    assert cast.bind_item(["Mrs. Wickham"], "character", "female").entity_id == ids["Lydia Wickham"]
    # His sister carries his surname from birth ("Miss Darcy"): she is not "Mrs. Darcy".
    assert cast.bind_item(["Mrs. Darcy"], "character", "female").entity_id is None
    # Once "Mrs. Wickham", the newspaper's "Miss Lydia Bennet" (chapter 53) is still she;
    # a "Miss Wickham" is not, nor is a "Mrs. Wickham" without a woman signing so.
    cast.learn_alias(ids["Lydia Wickham"], "Mrs. Wickham")
    assert cast.bind_item(["Miss Lydia Bennet"], "character", "female").entity_id == ids["Lydia Wickham"]
    assert cast.bind_item(["Miss Wickham"], "character", "female").entity_id is None
    unsigned, _ = _cast(("Lydia", 580, "female", ("Miss Lydia", "London Lydia")),
                        ("Mr. Wickham", 700, "male", ("Wickham",)))
    assert unsigned.bind_item(["Mrs. Wickham"], "character", "female").entity_id is None


def test_a_wifes_title_with_her_husbands_full_name_binds_to_his_wife_on_record() -> None:
    # Emma: "Harriet Smith marries Robert Martin" (chapter 54), then "Mr. and Mrs. Robert
    # Martin" (chapter 55) — Harriet, not his mother, the "Mrs. Martin" of the farm.
    cast, ids = _cast(("Harriet Smith", 600, "female", ("Harriet",)),
                      ("Robert Martin", 120, "male", ("Mr. Martin", "Mr. Robert Martin")),
                      ("Mrs. Martin", 40, "female", ()))
    assert cast.bind_item(["Mrs. Robert Martin"], "character", "female").entity_id is None
    cast.spouses = {ids["Robert Martin"]: {ids["Harriet Smith"]},
                    ids["Harriet Smith"]: {ids["Robert Martin"]}}
    assert cast.bind_item(["Mrs. Robert Martin"], "character", "female").entity_id == \
        ids["Harriet Smith"]
    assert cast.bind_item(["Mrs. Martin"], "character", "female").entity_id == ids["Mrs. Martin"]


def test_a_mans_full_name_with_another_surname_is_another_man() -> None:
    # Treasure Island, chapter 8: "Tom Morgan" is not the "Tom" of Tom Redruth.
    cast, ids = _cast(("Tom Redruth", 40, "male", ("Tom", "Redruth")))
    assert resolve_item(cast.roster, ["Tom Morgan", "Morgan"], "character", "male").entity_id is None
    assert resolve_item(cast.roster, ["Tom Redruth"], "character", "male").entity_id == ids["Tom Redruth"]
    # A woman may take a new surname by marriage: "Lydia Wickham" is the "Lydia" of the story.
    cast, ids = _cast(("Lydia Bennet", 90, "female", ("Lydia",)))
    assert resolve_item(cast.roster, ["Lydia Wickham"], "character", "female").entity_id == \
        ids["Lydia Bennet"]


def test_a_bare_surname_does_not_bind_to_a_woman_known_by_her_title() -> None:
    cast, ids = _cast(("Mrs. Hawkins", 12, "female", ()), ("Jim", 80, "male", ("Jim Hawkins",)))
    assert resolve_item(cast.roster, ["Hawkins"], "character", "unknown").entity_id == ids["Jim"]
    cast, ids = _cast(("Mrs. Hawkins", 12, "female", ()))
    assert resolve_item(cast.roster, ["Hawkins"], "character", "unknown").entity_id is None
    assert resolve_item(cast.roster, ["Hawkins"], "character", "female").entity_id == ids["Mrs. Hawkins"]


def test_a_surname_is_never_the_given_name_of_a_fullest_name() -> None:
    from continuum.pipeline.identity.cast import fullest_name

    # Emma: Frank signs "F. C. Weston Churchill"; "Weston" is Mr. Weston's surname.
    assert fullest_name(["Mr. Weston", "Weston", "Weston Churchill"]) is None
    assert fullest_name(["Orlick", "Dolge", "Dolge Orlick"]) == "Dolge Orlick"


def test_the_fullest_name_is_the_common_one_and_keeps_a_rank_but_sheds_mr() -> None:
    from continuum.pipeline.identity.cast import fullest_name

    # Treasure Island: "Jim Hawkins" ten times, "James Hawkins" once (a document).
    assert fullest_name(["Jim", "Jim Hawkins", "James Hawkins", "Hawkins"],
                        {"jim hawkins": 10, "james hawkins": 1}) == "Jim Hawkins"
    # without counts, the fuller given name, as before
    assert fullest_name(["Eliza Bennet", "Elizabeth Bennet"]) == "Elizabeth Bennet"
    # a titled full name gives the page its full name when the book says it twice, or
    # calls the person by the given name alone ...
    darcy = ["Mr. Darcy", "Darcy", "Mr. Fitzwilliam Darcy"]
    assert fullest_name(darcy, {"mr darcy": 400, "mr fitzwilliam darcy": 2}) == \
        "Fitzwilliam Darcy"
    assert fullest_name([*darcy, "Fitzwilliam"], {"mr fitzwilliam darcy": 1}) == \
        "Fitzwilliam Darcy"
    # ... not when said once: Emma's "Miss Jane Bates" is Miss Bates's late sister
    assert fullest_name(darcy, {"mr darcy": 400, "mr fitzwilliam darcy": 1}) is None
    assert fullest_name(["Miss Bates", "Miss Jane Bates"], {"miss jane bates": 1}) is None
    # ... a rank stays with it, and a titled and an untitled use of one name count together
    assert fullest_name(["Catherine de Bourgh", "Lady Catherine", "Lady Catherine de Bourgh"],
                        {"lady catherine de bourgh": 3, "catherine de bourgh": 1}) == \
        "Lady Catherine de Bourgh"
    assert fullest_name(["Sir William", "Lucas", "Sir William Lucas"]) == "Sir William Lucas"
    # a wife's title wears her husband's name, never hers
    assert fullest_name(["Mrs. Joe Gargery", "Mrs. Joe"]) is None
    # a capitalised word before a surname is no given name
    assert fullest_name(["Orlick", "Old Orlick", "Mr. Orlick"], {"old orlick": 22}) is None


def test_without_a_full_name_a_page_is_titled_by_the_name_the_book_uses() -> None:
    from continuum.pipeline.identity.cast import page_name

    # Great Expectations: a lisped first meeting, then "Mr. Wemmick" hundreds of times.
    assert page_name("Mithter Wemmick", ["Mithter Wemmick", "Mr. Wemmick", "Wemmick"],
                     {"mithter wemmick": 1, "mr wemmick": 300, "wemmick": 500}) == "Mr. Wemmick"
    # a bare surname the book also titles gives way to the title ("Mrs. Gardiner")
    assert page_name("Gardiner", ["Gardiner", "Mrs. Gardiner"],
                     {"gardiner": 20, "mrs gardiner": 10}) == "Mrs. Gardiner"
    # a given name titled "Miss" is no surname; a shorter form of the title does not replace
    # it; a title as a character says it is not the page's
    assert page_name("Estella", ["Estella", "Miss Estella"], {"estella": 800}) is None
    assert page_name("Mrs. Joe Gargery", ["Mrs. Joe Gargery", "Mrs. Joe"],
                     {"mrs joe gargery": 5, "mrs joe": 300}) is None
    assert page_name("Flint", ["Flint", "Captain Flint", "Cap'n Flint"],
                     {"flint": 40, "cap'n flint": 15, "captain flint": 5}) == "Captain Flint"
    # a name used about as often as another keeps the page
    assert page_name("Isabella", ["Isabella", "Bella"], {"isabella": 40, "bella": 20}) is None
    # a description gives way to the name revealed, however often it was used (Treasure
    # Island's "the blind man", Pew from ch. 5)
    assert page_name("the blind man", ["the blind man", "Pew", "Master Pew"],
                     {"the blind man": 68, "pew": 60, "master pew": 2}) == "Pew"
    assert page_name("Kitty", ["Kitty"], {"kitty": 20}) is None
