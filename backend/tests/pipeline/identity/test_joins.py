"""Joins: a bare given name founded as a person of its own joins the one person whose full
name the book later gives, from that chapter on, and never below it."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.joins import find_joins, given_name_twins
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.pipeline.replace import clear_from_chapter
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.entities import get_entity, list_entities
from tests.conftest import chapters_of


def _roster(*people: tuple[str, str, tuple[str, ...]]) -> tuple[Roster, dict[str, uuid.UUID]]:
    """(name, gender, aliases) per person."""
    entries = [RosterEntry(id=uuid.uuid4(), type="character", name=name, aliases=set(aliases),
                           gender=gender, mentions=10) for name, gender, aliases in people]
    return Roster(entries), {e.name: e.id for e in entries}


def _joins(roster: Roster) -> set[tuple[uuid.UUID, uuid.UUID]]:
    return {(j.twin, j.person) for j in given_name_twins(roster)}


def test_a_bare_given_name_joins_the_one_person_whose_full_name_begins_with_it() -> None:
    roster, ids = _roster(("Caroline Bingley", "female", ("Miss Bingley",)),
                          ("Caroline", "unknown", ()), ("Mr. Bingley", "male", ()))
    assert _joins(roster) == {(ids["Caroline"], ids["Caroline Bingley"])}


def test_a_given_name_the_name_lists_lack_joins_when_nobody_bears_it_as_a_surname() -> None:
    """Great Expectations: "Bentley" is Bentley Drummle, though no name list holds "Bentley"."""
    roster, ids = _roster(("Bentley Drummle", "male", ("Drummle",)), ("Bentley", "male", ()))
    assert _joins(roster) == {(ids["Bentley"], ids["Bentley Drummle"])}
    # A word someone of the cast bears as a surname is that family's, not a given name.
    roster, _ = _roster(("Bentley Drummle", "male", ()), ("Bentley", "male", ()),
                        ("Mrs. Bentley", "female", ()))
    assert _joins(roster) == set()
    roster, _ = _roster(("Startop Smith", "male", ()), ("Startop", "male", ()),
                        ("Ned Startop", "male", ()))
    assert _joins(roster) == set()


def test_a_given_name_two_people_could_bear_joins_nobody() -> None:
    roster, _ = _roster(("John Silver", "male", ()), ("John Trelawney", "male", ()),
                        ("John", "male", ()))
    assert _joins(roster) == set()
    roster, _ = _roster(("Caroline Bingley", "female", ()), ("Caroline", "female", ()),
                        ("Caroline", "female", ()))
    assert _joins(roster) == set()


def test_a_lady_titled_by_her_given_name_is_not_the_bare_name_of_another_family() -> None:
    """Pride and Prejudice: "Catherine" is Kitty Bennet, never Lady Catherine de Bourgh."""
    roster, _ = _roster(("Catherine de Bourgh", "female", ("Lady Catherine",)),
                        ("Catherine", "female", ()))
    assert _joins(roster) == set()


def test_genders_must_agree_and_the_twin_must_be_named_by_nothing_else() -> None:
    roster, _ = _roster(("Frances Price", "female", ()), ("Frances", "male", ()))
    assert _joins(roster) == set()
    roster, _ = _roster(("Caroline Bingley", "female", ()), ("Caroline", "female", ("Carry",)))
    assert _joins(roster) == set()
    roster, _ = _roster(("Miss Bingley", "female", ()), ("Caroline", "female", ()))
    assert _joins(roster) == set(), "no full name given yet: nothing says whose name it is"


def test_a_name_the_book_has_since_given_one_person_joins_its_twin_to_that_person() -> None:
    """Treasure Island: "Hawkins" of chapter 5 is Jim once "Hawkins" is one of Jim's names."""
    roster, ids = _roster(("Jim Hawkins", "male", ("Jim", "Hawkins")), ("Hawkins", "unknown", ()),
                          ("Mrs. Hawkins", "female", ()))
    assert _joins(roster) == set()  # given names only: the rule for a bare given name
    assert {(j.twin, j.person) for j in find_joins(Cast(roster))} == {
        (ids["Hawkins"], ids["Jim Hawkins"])}
    roster.add_alias(ids["Mrs. Hawkins"], "Hawkins")  # two people called so: nobody's
    assert find_joins(Cast(roster)) == []


def test_a_wifes_title_founded_before_the_wedding_joins_the_wife_once_on_record() -> None:
    """Emma: the "Mrs. Robert Martin" of Emma's daydream (chapter 7) is Harriet once she
    marries him (chapter 54); before, nothing says whose title it is."""
    roster, ids = _roster(("Harriet Smith", "female", ("Harriet",)),
                          ("Robert Martin", "male", ("Mr. Martin",)),
                          ("Mrs. Robert Martin", "unknown", ()))
    cast = Cast(roster)
    assert find_joins(cast) == []
    cast.spouses = {ids["Robert Martin"]: {ids["Harriet Smith"]},
                    ids["Harriet Smith"]: {ids["Robert Martin"]}}
    assert {(j.twin, j.person) for j in find_joins(cast)} == {
        (ids["Mrs. Robert Martin"], ids["Harriet Smith"])}
    # His mother, "Mrs. Martin" of the farm, is not the wife on record: a title with the
    # surname alone joins only a woman who signs herself so.
    farm, farm_ids = _roster(("Harriet Smith", "female", ("Harriet",)),
                             ("Robert Martin", "male", ("Mr. Martin",)),
                             ("Mrs. Martin", "female", ()))
    farm_cast = Cast(farm)
    farm_cast.spouses = {farm_ids["Robert Martin"]: {farm_ids["Harriet Smith"]},
                         farm_ids["Harriet Smith"]: {farm_ids["Robert Martin"]}}
    assert find_joins(farm_cast) == []
    # The title's own entity on record as his wife is his wife: it joins nobody.
    cast.spouses[ids["Robert Martin"]].add(ids["Mrs. Robert Martin"])
    assert find_joins(cast) == []


def test_mrs_wickham_joins_lydia_once_she_signs_herself_a_wickham_born_a_bennet() -> None:
    roster, ids = _roster(("Lydia Wickham", "female", ("Lydia", "Miss Lydia")),
                          ("George Wickham", "male", ("Mr. Wickham",)),
                          ("Mrs. Wickham", "female", ()))
    assert find_joins(Cast(roster)) == [], "not yet known as born to another name"
    roster.add_alias(ids["Lydia Wickham"], "Lydia Bennet")
    assert [(j.twin, j.person) for j in find_joins(Cast(roster))] == [
        (ids["Mrs. Wickham"], ids["Lydia Wickham"])]


def test_a_wifes_title_names_the_one_woman_engaged_to_him_when_no_wedding_is_on_record() -> None:
    """Pride and Prejudice: Jane is engaged to Mr. Bingley in chapter 56; the "Mrs. Bingley"
    Mrs. Bennet visits in chapter 61 is she."""
    roster, ids = _roster(("Jane Bennet", "female", ("Jane",)), ("Mr. Bingley", "male", ()),
                          ("Caroline Bingley", "female", ("Miss Bingley",)))
    cast = Cast(roster)
    assert cast.bind_item(["Mrs. Bingley"], "character", "female").entity_id is None
    cast.fiances = {ids["Mr. Bingley"]: {ids["Jane Bennet"]},
                    ids["Jane Bennet"]: {ids["Mr. Bingley"]}}
    assert cast.bind_item(["Mrs. Bingley"], "character", "female").entity_id == ids["Jane Bennet"]


@pytest.fixture()
def novel(clean_db):
    with write_session() as session:
        return create_novel(session, title="Pride and Prejudice, two chapters")


def _named(people, name: str):
    return [p for p in people if p.name == name or name in p.aliases]


def test_through_the_spine_caroline_joins_miss_bingley_when_the_book_names_her(
        novel, shared_data) -> None:
    """Chapter 8 of Pride and Prejudice calls Miss Bingley "Caroline" (her brother speaks);
    chapter 21 has Jane read a letter "from Caroline Bingley". Read as chapters 1 and 2."""
    chapters = chapters_of(shared_data, "pride_and_prejudice.txt")
    analyze_chapter(novel_id=novel, number=1, text=chapters[7])
    analyze_chapter(novel_id=novel, number=2, text=chapters[20])
    with read_session() as session:
        early = list_entities(session=session, novel_id=novel, cap=1)
        late = list_entities(session=session, novel_id=novel, cap=2)
        (twin,) = [p for p in early if p.name == "Caroline"]
        (miss,) = [p for p in early if p.name == "Miss Bingley"]
        assert "Caroline" not in miss.aliases, "below the chapter that names her, two entities"
        (person,) = _named(late, "Caroline")
        assert person.id == miss.id and person.name == "Caroline Bingley"
        assert twin.id not in {p.id for p in late}
        page = get_entity(session=session, novel_id=novel, cap=2, entity_id=twin.id)
        assert page is not None and page.id == miss.id, "the twin's page opens the person's"
        assert 1 in {a.chapter for a in page.appearances}
        assert page.mention_count == person.mention_count
        below = get_entity(session=session, novel_id=novel, cap=1, entity_id=twin.id)
        assert below is not None and below.id == twin.id and below.aliases == []


def test_replacing_the_chapter_that_joined_them_undoes_the_join(novel, shared_data) -> None:
    chapters = chapters_of(shared_data, "pride_and_prejudice.txt")
    analyze_chapter(novel_id=novel, number=1, text=chapters[7])
    analyze_chapter(novel_id=novel, number=2, text=chapters[20])
    joined = "SELECT count(*) FROM entities WHERE novel_id = :n AND joined_into IS NOT NULL"
    with write_session() as session:
        assert session.execute(text(joined), {"n": novel}).scalar_one() == 1
        clear_from_chapter(session, novel_id=novel, chapter=2)
        assert session.execute(text(joined), {"n": novel}).scalar_one() == 0
    with read_session() as session:
        people = list_entities(session=session, novel_id=novel, cap=1)
    assert [p.name for p in people if p.name == "Caroline"] == ["Caroline"]


def test_the_twins_ties_in_force_are_the_persons_from_the_join(novel) -> None:
    from continuum.pipeline.extract.schema import ChapterExtraction, Evidence, RelationshipUpdate
    from continuum.reads.relationships import list_relationships
    from tests.fakes import ScriptedExtractor, entity

    chapters = {1: "Jane wrote to Caroline. Miss Bingley smiled.",
                2: "Miss Bingley signed the letter Caroline Bingley."}

    def person(text_: str, name: str, *aliases: str):
        item = entity(text_, name, "character", *aliases)
        item.gender = "female"
        return item

    def script(text_: str, number: int, context) -> ChapterExtraction:
        if number == 1:
            tie = RelationshipUpdate(source="Jane", target="Caroline", type="friend_of",
                                     symmetric=True, evidence=Evidence(
                                         start=0, end=23, quote=text_[:23], rule="scripted"))
            return ChapterExtraction(new_entities=[person(text_, "Jane"), person(text_, "Caroline"),
                                                   person(text_, "Miss Bingley")],
                                     relationship_updates=[tie])
        return ChapterExtraction(new_entities=[person(text_, "Miss Bingley", "Caroline Bingley")])

    extractor = ScriptedExtractor(script)
    for number, text_ in chapters.items():
        analyze_chapter(novel_id=novel, number=number, text=text_, extractor=extractor)
    with read_session() as session:
        def ties(cap: int) -> set[tuple[str, str, str]]:
            return {(r.source.name, r.type, r.target.name)
                    for r in list_relationships(session=session, novel_id=novel, cap=cap)}
        assert ties(1) == {("Jane", "friend_of", "Caroline")}
        assert ties(2) == {("Jane", "friend_of", "Caroline Bingley")}
