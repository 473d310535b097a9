"""Identity rules with real names: ambiguity binds to none, nicknames stick, locked canon holds."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.schema import CanonFactItem, ChapterExtraction, Evidence
from continuum.pipeline.identity.resolve import resolve_item, resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.entities import list_entities
from tests.fakes import ScriptedExtractor, entity


def _roster(*names: tuple[str, ...]) -> tuple[Roster, dict[str, uuid.UUID]]:
    ids = {n[0]: uuid.uuid4() for n in names}
    roster = Roster([RosterEntry(id=ids[n[0]], type="character", name=n[0], aliases=set(n[1:]))
                     for n in names])
    return roster, ids


def test_a_first_name_shared_by_two_characters_binds_to_none() -> None:
    roster, _ = _roster(("Elizabeth Bennet",), ("Elizabeth Lucas",))
    assert resolve_name(roster, "Elizabeth").entity_id is None
    assert resolve_name(roster, "Elizabeth").rule == "ambiguous"


def test_a_unique_partial_name_binds() -> None:
    roster, ids = _roster(("Elizabeth Bennet",), ("Charlotte Lucas",))
    assert resolve_name(roster, "Elizabeth").entity_id == ids["Elizabeth Bennet"]
    assert resolve_name(roster, "Miss Lucas").entity_id == ids["Charlotte Lucas"]


def test_miss_bennet_among_sisters_binds_to_none() -> None:
    roster, _ = _roster(("Jane Bennet",), ("Elizabeth Bennet",), ("Mary Bennet",),
                        ("Mr. Bennet",))
    assert resolve_name(roster, "Miss Bennet").entity_id is None


def test_titles_of_different_gender_never_merge() -> None:
    roster, ids = _roster(("Mr. Bennet",))
    assert resolve_name(roster, "Mrs. Bennet").entity_id is None
    assert resolve_name(roster, "Mr Bennet").entity_id == ids["Mr. Bennet"]


def test_a_womans_title_never_binds_a_person_known_by_an_office() -> None:
    # Emma: "Mrs. Hughes" is the wife of "Dr. Hughes"; "Miss Campbell" is not Colonel Campbell.
    roster, ids = _roster(("Dr. Hughes",), ("Colonel Campbell",))
    assert resolve_name(roster, "Mrs. Hughes").entity_id is None
    assert resolve_name(roster, "Miss Campbell").entity_id is None
    assert resolve_name(roster, "Doctor Hughes").entity_id == ids["Dr. Hughes"]


def test_a_person_with_a_married_name_the_chapter_glosses_binds_to_herself() -> None:
    # Great Expectations ch. 48: the reader folds "Mrs. Bentley Drummle" into Estella
    # (`passes.glossed_names`); the item must bind to her, not found a second Estella.
    roster, ids = _roster(("Estella",), ("Bentley Drummle", "Drummle"))
    found = resolve_item(roster, ["Estella", "Mrs. Bentley Drummle"], "character", "female")
    assert found.entity_id == ids["Estella"]


def test_fuzzy_binds_only_a_single_close_candidate() -> None:
    roster, ids = _roster(("Wickham",), ("Fitzwilliam",))
    assert resolve_name(roster, "Wickam").entity_id == ids["Wickham"]
    assert resolve_name(roster, "Zzyzx").entity_id is None


CHAPTERS = {
    1: "Elizabeth Bennet and Elizabeth Lucas walked together.",
    2: "Elizabeth laughed.",
    3: "Aldous Finch came home; everyone called him Finchy.",
    4: "Finchy smiled at the sea.",
    5: "Mara had grey eyes.",
    6: "Mara had blue eyes.",
}


def script(text_: str, number: int, context) -> ChapterExtraction:
    items = {
        1: [entity(text_, "Elizabeth Bennet"), entity(text_, "Elizabeth Lucas")],
        2: [entity(text_, "Elizabeth")],
        3: [entity(text_, "Aldous Finch", "character", "Finchy")],
        4: [entity(text_, "Finchy")],
        5: [entity(text_, "Mara")],
        6: [entity(text_, "Mara")],
    }[number]
    facts = []
    if number in (5, 6):
        colour = "grey" if number == 5 else "blue"
        at = text_.index(colour)
        facts.append(CanonFactItem(subject="Mara", predicate="eye_colour", value=colour,
                                   evidence=Evidence(start=at, end=at + len(colour), quote=colour,
                                                     rule="scripted")))
    return ChapterExtraction(new_entities=items, canon_facts=facts)


@pytest.fixture()
def novel(clean_db):
    with write_session() as session:
        return create_novel(session, title="Identity")


def _ingest(novel_id, upto: int) -> None:
    extractor = ScriptedExtractor(script)
    for n in range(1, upto + 1):
        analyze_chapter(novel_id=novel_id, number=n, text=CHAPTERS[n], extractor=extractor)


def test_ambiguous_elizabeth_creates_no_binding_to_either(novel) -> None:
    _ingest(novel, 2)
    with read_session() as session:
        rows = session.execute(text(
            "SELECT v.name FROM entity_mentions m JOIN entity_versions v "
            "ON v.novel_id = m.novel_id AND v.entity_id = m.entity_id "
            "WHERE m.novel_id = :n AND m.chapter = 2"), {"n": novel}).scalars().all()
    assert "Elizabeth Bennet" not in rows and "Elizabeth Lucas" not in rows
    # Nor does it found a third Elizabeth, whom every later bare "Elizabeth" would bind to
    # (Treasure Island's "John" page, between John Silver and John Trelawney).
    with read_session() as session:
        people = {p.name for p in list_entities(session=session, novel_id=novel, cap=2)}
    assert people == {"Elizabeth Bennet", "Elizabeth Lucas"}


def test_a_nickname_resolves_to_the_existing_character_next_chapter(novel) -> None:
    _ingest(novel, 4)
    with read_session() as session:
        people = list_entities(session=session, novel_id=novel, cap=4)
    finches = [p for p in people if "Finchy" in (p.name, *p.aliases)]
    assert len(finches) == 1 and finches[0].name == "Aldous Finch"
    assert finches[0].mention_count == 3  # "Aldous Finch" + "Finchy" in 3, "Finchy" in 4


def test_a_locked_canon_fact_survives_and_raises_a_flag(novel) -> None:
    _ingest(novel, 5)
    with write_session() as session:
        session.execute(text("UPDATE canon_facts SET locked = true WHERE novel_id = :n"),
                        {"n": novel})
    analyze_chapter(novel_id=novel, number=6, text=CHAPTERS[6], extractor=ScriptedExtractor(script))
    with read_session() as session:
        values = session.execute(text(
            "SELECT value FROM canon_facts WHERE novel_id = :n AND predicate = 'eye_colour'"),
            {"n": novel}).scalars().all()
        flags = session.execute(text(
            "SELECT description, chapter FROM continuity_flags WHERE novel_id = :n "
            "AND kind = 'canon_contradiction'"), {"n": novel}).all()
    assert values == ["grey"]
    assert len(flags) == 1 and flags[0].chapter == 6 and "'grey'" in flags[0].description


def test_a_title_of_the_other_gender_never_binds_through_a_bare_alias() -> None:
    bingley = uuid.uuid4()
    roster = Roster([RosterEntry(id=bingley, type="character", name="Mr. Bingley",
                                 aliases={"Bingley"}, gender="male")])
    assert resolve_name(roster, "Mrs. Bingley").entity_id is None
    assert resolve_name(roster, "Bingley").entity_id == bingley


def _salient_roster(*people: tuple[str, str, int]) -> tuple[Roster, dict[str, uuid.UUID]]:
    ids = {name: uuid.uuid4() for name, _, _ in people}
    return Roster([RosterEntry(id=ids[name], type="character", name=name, gender=gender,
                               mentions=mentions) for name, gender, mentions in people]), ids


def test_a_title_and_an_initial_bind_to_the_one_person_it_abbreviates() -> None:
    from continuum.pipeline.identity.resolve import resolve_item

    # Emma, chapter 9 ("Mr. E.") and Great Expectations ("Mrs. J." for Mrs. Joe).
    roster, ids = _salient_roster(("Mr. Elton", "male", 40), ("Mrs. Elton", "female", 20),
                                  ("Mrs. Joe Gargery", "female", 30), ("Emma Woodhouse", "female", 300))
    assert resolve_item(roster, ["Mr. E."], "character", "male").entity_id == ids["Mr. Elton"]
    assert resolve_item(roster, ["Mrs. J."], "character", "female").entity_id == ids["Mrs. Joe Gargery"]
    assert resolve_item(roster, ["Miss E."], "character", "female").entity_id is None
    assert resolve_item(roster, ["Mr. W."], "character", "male").entity_id is None


def test_an_initial_two_people_share_binds_to_none_unless_one_is_far_more_named() -> None:
    from continuum.pipeline.identity.resolve import resolve_item

    # Pride and Prejudice, chapter 46: "Colonel F." in Jane's letter, with two colonels F.
    roster, ids = _salient_roster(("Colonel Forster", "male", 30), ("Colonel Fitzwilliam", "male", 50))
    assert resolve_item(roster, ["Colonel F."], "character", "male").entity_id is None
    roster, ids = _salient_roster(("Colonel Forster", "male", 30), ("Colonel Fitzwilliam", "male", 5))
    assert resolve_item(roster, ["Colonel F."], "character", "male").entity_id == ids["Colonel Forster"]
    # A rank is no "Mr.": the hero, "Mr. Fitzwilliam Darcy" and far the most named, is no
    # "Colonel F." (whole-book P&P had moved Darcy to Hertfordshire with Colonel Forster).
    roster, ids = _salient_roster(("Colonel Forster", "male", 30), ("Colonel Fitzwilliam", "male", 50),
                                  ("Mr. Fitzwilliam Darcy", "male", 1500))
    assert resolve_item(roster, ["Colonel F."], "character", "male").entity_id is None


def test_initials_alone_bind_to_the_one_person_whose_full_name_they_abbreviate() -> None:
    from continuum.pipeline.identity.resolve import resolve_item

    # Treasure Island ch. 7: Squire Trelawney's letter and its postscripts are signed "J. T.".
    roster, ids = _salient_roster(("John Trelawney", "male", 40), ("Captain Flint", "male", 30),
                                  ("Jim Hawkins", "male", 300), ("Mr. Snell", "male", 50))
    assert resolve_item(roster, ["J. T."], "character").entity_id == ids["John Trelawney"]
    assert resolve_item(roster, ["J.H."], "character").entity_id == ids["Jim Hawkins"]
    assert resolve_item(roster, ["A. H."], "character").entity_id is None
    # No guess from a surname's letter when the book tells no given name: Silas Marner's
    # "I. H. S." on the cake (kept as "H. S.") is not Mr. Snell, so "J. F." is nobody either.
    assert resolve_item(roster, ["H. S."], "character").entity_id is None
    assert resolve_item(roster, ["J. F."], "character").entity_id is None
    # Two people the initials fit alike, named about as often: nobody.
    roster, ids = _salient_roster(("John Trelawney", "male", 40), ("Jane Tyler", "female", 35))
    assert resolve_item(roster, ["J. T."], "character").entity_id is None


def test_a_kings_name_is_not_a_commoners() -> None:
    # Treasure Island: Silver's "King George's English" is the king, not George Merry.
    from continuum.pipeline.identity.resolve import resolve_item

    roster, ids = _roster(("King George", "George"))
    assert resolve_item(roster, ["George Merry", "Merry"], "character", "male").entity_id is None
    assert resolve_item(roster, ["King George"], "character").entity_id == ids["King George"]
    roster, ids = _roster(("George Merry", "George", "Merry"))
    assert resolve_item(roster, ["King George"], "character", "male").entity_id is None


def test_a_given_named_daughter_is_not_the_wife_known_by_title_and_surname() -> None:
    from continuum.pipeline.identity.resolve import resolve_item

    # Pride and Prejudice, chapter 3: "Maria Lucas" is not "Lady Lucas", Sir William's wife,
    # as "Elizabeth Bennet" is not "Mrs. Bennet"; a rank with a given name is no wife's title.
    roster, _ = _salient_roster(("Lady Lucas", "female", 3), ("Sir William Lucas", "male", 5))
    assert resolve_item(roster, ["Maria Lucas"], "character", "female").entity_id is None
    roster, _ = _salient_roster(("Mrs. Bennet", "female", 30), ("Mr. Bennet", "male", 30))
    assert resolve_item(roster, ["Elizabeth Bennet"], "character", "female").entity_id is None
    roster, ids = _roster(("Lady Anne Darcy",))
    assert resolve_item(roster, ["Anne Darcy"], "character", "female").entity_id == ids["Lady Anne Darcy"]
