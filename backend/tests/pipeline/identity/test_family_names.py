"""Families in one roster (Pride and Prejudice, Treasure Island): a mother is not her daughters,
a shared given name is not a shared person, a family is not one of its members."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from continuum.db.engine import read_session, write_session
from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.identity.resolve import resolve_item, resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.pipeline.segment.books import split_book
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.entities import list_entities


def _roster(*people: tuple[str, str, tuple[str, ...]]) -> tuple[Roster, dict[str, uuid.UUID]]:
    """(name, gender, aliases) per character."""
    ids = {p[0]: uuid.uuid4() for p in people}
    return Roster([RosterEntry(id=ids[n], type="character", name=n, aliases=set(a), gender=g)
                   for n, g, a in people]), ids


def test_miss_bennet_is_never_mrs_bennet() -> None:
    roster, ids = _roster(("Mrs. Bennet", "female", ()), ("Mr. Bennet", "male", ()))
    assert resolve_name(roster, "Miss Bennet").entity_id is None
    assert resolve_name(roster, "Miss Elizabeth Bennet").entity_id is None
    assert resolve_name(roster, "Mrs Bennet").entity_id == ids["Mrs. Bennet"]


def test_miss_lucas_is_not_lady_lucas_but_may_be_charlotte_lucas() -> None:
    roster, ids = _roster(("Lady Lucas", "female", ()), ("Charlotte Lucas", "female", ()))
    assert resolve_name(roster, "Miss Lucas").entity_id == ids["Charlotte Lucas"]
    roster, _ = _roster(("Lady Lucas", "female", ()))
    assert resolve_name(roster, "Miss Lucas").entity_id is None


def test_a_daughter_with_her_given_name_does_not_bind_to_her_mother() -> None:
    roster, ids = _roster(("Mrs. Bennet", "female", ("Bennet",)), ("Lizzy", "female", ("Elizabeth",)))
    found = resolve_item(roster, ["Elizabeth Bennet", "Miss Bennet"], "character", "female")
    assert found.entity_id == ids["Lizzy"] and found.rule == "given"
    roster, _ = _roster(("Mrs. Bennet", "female", ("Bennet",)))
    assert resolve_item(roster, ["Elizabeth Bennet", "Bennet"], "character", "female").entity_id is None
    # With her own title she may: "Mrs. Harriet Finch" is Mrs. Finch.
    roster, ids = _roster(("Mrs. Finch", "female", ()))
    assert resolve_item(roster, ["Harriet Finch", "Mrs. Finch"], "character").entity_id == ids["Mrs. Finch"]


def test_a_full_name_needs_the_same_given_name_for_a_shared_surname() -> None:
    roster, ids = _roster(("Jane Bennet", "female", ("Miss Bennet",)))
    assert resolve_item(roster, ["Elizabeth Bennet", "Miss Bennet"], "character").entity_id is None
    assert resolve_item(roster, ["Jenny Bennet", "Miss Bennet"], "character").entity_id == ids["Jane Bennet"]


def test_a_maiden_name_under_miss_is_no_married_name_of_a_woman_of_another_surname() -> None:
    """Emma: "Miss Jane Bates", Jane Fairfax's mother before her marriage, is not Jane
    Fairfax; "Jane Wickham" may still be the Jane of the story, married."""
    roster, ids = _roster(("Jane Fairfax", "female", ("Jane", "Miss Fairfax")),
                          ("Miss Bates", "female", ()))
    assert resolve_item(roster, ["Jane Bates", "Miss Jane Bates"], "character", "female").entity_id is None
    assert resolve_item(roster, ["Jane Wickham"], "character", "female").entity_id == ids["Jane Fairfax"]
    # Pride and Prejudice: the wedding notice's "Miss Lydia Bennet" is Lydia, signed a Wickham.
    roster, ids = _roster(("Lydia Wickham", "female", ("Lydia", "Miss Lydia")))
    assert resolve_item(roster, ["Lydia Bennet", "Miss Lydia Bennet"], "character",
                        "female").entity_id == ids["Lydia Wickham"]


def test_lady_catherine_de_bourgh_is_not_kitty() -> None:
    roster, ids = _roster(("Kitty", "female", ("Catherine",)))
    names = ["Catherine de Bourgh", "Lady Catherine", "Lady Catherine de Bourgh"]
    assert resolve_name(roster, "Lady Catherine").entity_id == ids["Kitty"]  # one name alone: unsure
    assert resolve_item(roster, names, "character", "female").entity_id is None
    # Her family name is one Kitty's names have: then the partial match stands.
    roster, ids = _roster(("Kitty Bennet", "female", ("Catherine",)))
    assert resolve_item(roster, ["Catherine Bennet", "Catherine"], "character").entity_id \
        == ids["Kitty Bennet"]


def test_a_rank_title_with_a_given_name_binds_only_where_that_title_is_worn() -> None:
    roster, ids = _roster(("Sir William", "male", ()))
    assert resolve_item(roster, ["William Lucas", "Sir William Lucas"], "character", "male").entity_id \
        == ids["Sir William"]
    roster, _ = _roster(("Catherine", "female", ()))
    assert resolve_item(roster, ["Catherine de Bourgh", "Lady Catherine de Bourgh"],
                        "character").entity_id is None


def test_a_bare_given_name_is_not_a_person_who_wears_it_under_a_title_of_rank() -> None:
    """Pride and Prejudice, chapter 31: Lady Catherine's "And so would Anne" is her daughter,
    not Darcy's late mother, "Lady Anne Darcy" of chapter 16; the full name still binds."""
    roster, ids = _roster(("Lady Anne Darcy", "female", ("Lady Anne", "Anne Darcy")),
                          ("Fitzwilliam Darcy", "male", ("Mr. Darcy",)))
    assert resolve_name(roster, "Anne").entity_id is None
    assert resolve_item(roster, ["Anne"], "character", "female").entity_id is None
    assert resolve_name(roster, "Anne Darcy").entity_id == ids["Lady Anne Darcy"]
    assert resolve_name(roster, "Lady Anne").entity_id == ids["Lady Anne Darcy"]


def test_a_full_name_binds_to_the_one_character_known_by_its_given_name() -> None:
    roster, ids = _roster(("Jim", "male", ()), ("Squire Trelawney", "male", ("Trelawney",)))
    assert resolve_item(roster, ["Jim Hawkins"], "character", "male").entity_id == ids["Jim"]
    roster, _ = _roster(("Jim", "male", ()), ("Jim Sparrow", "male", ()))
    assert resolve_item(roster, ["Jim Hawkins"], "character", "male").entity_id is None
    roster, _ = _roster(("Lizzy", "female", ("Eliza",)))
    assert resolve_item(roster, ["Elizabeth Bennet"], "character").entity_id is None  # no diminutive


def test_a_family_in_the_plural_is_none_of_its_members() -> None:
    roster, ids = _roster(("Jane", "female", ("Miss Bennet",)), ("Mr. Hurst", "male", ("Hurst",)),
                          ("Mrs. Philips", "female", ()), ("Lucases", "plural", ()))
    assert resolve_name(roster, "Miss Bennets").entity_id is None
    assert resolve_item(roster, ["Hursts"], "character", "plural").entity_id is None
    assert resolve_item(roster, ["Philipses"], "character").entity_id is None
    assert resolve_item(roster, ["Lucases"], "character", "plural").entity_id == ids["Lucases"]


def test_two_people_of_one_chapter_do_not_share_a_partial_match() -> None:
    roster, ids = _roster(("Maria Lucas", "female", ()))
    assert resolve_item(roster, ["Miss Lucas"], "character").entity_id == ids["Maria Lucas"]
    assert resolve_item(roster, ["Miss Lucas"], "character", taken={ids["Maria Lucas"]}).entity_id is None
    assert resolve_item(roster, ["Maria Lucas"], "character", taken={ids["Maria Lucas"]}).entity_id \
        == ids["Maria Lucas"]


@pytest.fixture(scope="module")
def pride(shared_data: Path) -> list[str]:
    return [c.text for c in split_book((shared_data / "novels" / "pride_and_prejudice.txt")
                                       .read_text(encoding="utf-8"))]


def test_a_lone_title_is_no_name_even_when_the_story_knows_it(pride: list[str]) -> None:
    at = pride[15].index("Her daughter, Miss de Bourgh")
    text = pride[15][at - 400 : at + 400]
    known = [KnownEntity(name="Sir William", type="character", gender="male"),
             KnownEntity(name="Miss Lucas", type="character", gender="female")]
    chapter = analyze_chapter_text(text, StoryContext(entities=known))
    names = [m.text for m in chapter.mentions if m.kind == "name"]
    assert "Miss de Bourgh" in names
    assert not {"Miss", "Sir", "Bourgh", "de Bourgh"} & set(names)
    assert not {"Miss", "Sir"} & {e.name for e in chapter.entities.values()}


def test_miss_de_bourgh_is_not_her_mother_lady_catherine(pride: list[str]) -> None:
    start = pride[15].index("Her daughter, Miss de Bourgh")
    text = pride[15][start - 1500 : start + 300]
    assert "Lady Catherine" in text
    chapter = analyze_chapter_text(text, StoryContext())
    keys = {m.entity_key for m in chapter.mentions if m.text == "Miss de Bourgh"}
    lady = {m.entity_key for m in chapter.mentions if m.text.startswith("Lady Catherine")}
    assert keys and lady and not keys & lady


def test_pride_and_prejudice_chapters_keep_mother_daughters_and_lady_catherine_apart(
    clean_db, pride: list[str]
) -> None:
    """Chapters 2 (Kitty), 3 (Elizabeth Bennet, Miss Bennet), 7 (Catherine), 13-14 (Lady Catherine)."""
    with write_session() as session:
        novel = create_novel(session, title="Pride and Prejudice")
    for number, source in enumerate((2, 3, 7, 13, 14), start=1):
        analyze_chapter(novel_id=novel, number=number, text=pride[source - 1])
    with read_session() as session:
        people = list_entities(session=session, novel_id=novel, cap=5, type_="character")
    names = {p.name: set(p.aliases) for p in people}
    assert not {"Elizabeth Bennet", "Miss Bennet", "Miss Elizabeth Bennet"} & names["Mrs. Bennet"]
    kitty = next(aliases for name, aliases in names.items() if name == "Kitty" or "Kitty" in aliases)
    assert not any("Bourgh" in a or a.startswith("Lady") for a in kitty)
    ladies = [n for n, a in names.items() if "Lady Catherine" in {n, *a}]
    assert len(ladies) == 1 and "Bourgh" in ladies[0]
    assert not {"Miss", "Sir"} & set(names)


def test_a_full_name_made_of_one_persons_own_names_binds_to_them() -> None:
    """Great Expectations ch 44: a note "directed to Philip Pip, Esquire" is Pip, who is also
    "Philip" (Philip Pirrip), not a new person; had anyone else answered to "Philip" or to
    "Pip" alone, it would bind to none."""
    pip = ("Philip Pirrip", "male", ("Philip", "Pip", "Mr. Pip", "Handel"))
    roster, ids = _roster(pip, ("Mr. Pumblechook", "male", ()))
    found = resolve_item(roster, ["Philip Pip"], "character", "male")
    assert (found.entity_id, found.rule) == (ids["Philip Pirrip"], "own names")
    roster, _ = _roster(pip, ("Philip Pocket", "male", ("Philip",)))
    assert resolve_item(roster, ["Philip Pip"], "character", "male").entity_id is None
    roster, _ = _roster(("Philip Pirrip", "male", ("Philip",)), ("Pip", "male", ()))
    assert resolve_item(roster, ["Philip Pip"], "character", "male").entity_id is None
