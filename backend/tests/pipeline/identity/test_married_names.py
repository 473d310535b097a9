"""A married name tells a marriage: Lydia Bennet called "Mrs. Wickham" is Wickham's wife, from
the chapter that first calls her so; a name that could be anyone's tells nothing."""

from __future__ import annotations

import uuid

from sqlalchemy import text

from continuum.db.engine import read_session
from continuum.pipeline.extract.schema import ChapterExtraction, RelationshipUpdate
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.married_names import named_marriages
from continuum.pipeline.identity.roster import Roster, RosterEntry
from tests.fakes import entity
from tests.reads.story import ev, ingest_scripted


def _cast(*people: tuple[str, str, tuple[str, ...]]) -> tuple[Cast, dict[str, uuid.UUID]]:
    """(name, gender, aliases) per person."""
    entries = [RosterEntry(id=uuid.uuid4(), type="character", name=name, aliases=set(aliases),
                           gender=gender, mentions=10) for name, gender, aliases in people]
    return Cast(Roster(entries)), {e.name: e.id for e in entries}


def _pairs(cast: Cast) -> set[tuple[uuid.UUID, uuid.UUID, str]]:
    return {(m.wife, m.husband, m.name) for m in named_marriages(cast)}


def test_a_woman_born_to_one_family_and_called_by_a_wifes_title_of_another_is_married() -> None:
    cast, ids = _cast(("Lydia Bennet", "female", ("Lydia", "Mrs. Wickham")),
                      ("George Wickham", "male", ("Mr. Wickham",)),
                      ("Jane Bennet", "female", ("Miss Bennet", "Mrs. Bingley")),
                      ("Mr. Bingley", "male", ()),
                      ("Harriet Smith", "female", ("Miss Smith", "Mrs. Robert Martin")),
                      ("Robert Martin", "male", ()), ("Mrs. Martin", "female", ()))
    assert _pairs(cast) == {
        (ids["Lydia Bennet"], ids["George Wickham"], "Mrs. Wickham"),
        (ids["Jane Bennet"], ids["Mr. Bingley"], "Mrs. Bingley"),
        (ids["Harriet Smith"], ids["Robert Martin"], "Mrs. Robert Martin")}


def test_a_woman_known_by_a_given_name_alone_is_the_wife_his_full_name_says() -> None:
    # Great Expectations ch. 48: Estella, "Mrs. Bentley Drummle".
    cast, ids = _cast(("Estella", "female", ("Miss Estella", "Mrs. Bentley Drummle")),
                      ("Bentley Drummle", "male", ("Drummle", "Mr. Drummle")))
    assert _pairs(cast) == {(ids["Estella"], ids["Bentley Drummle"], "Mrs. Bentley Drummle")}
    # His surname alone could be any Drummle's wife.
    cast, _ = _cast(("Estella", "female", ("Mrs. Drummle",)), ("Bentley Drummle", "male", ("Drummle",)))
    assert _pairs(cast) == set()


def test_a_wifes_title_that_tells_no_new_marriage_writes_none() -> None:
    # No name of her own family: "Mrs. Bennet" is no news.
    cast, _ = _cast(("Mrs. Bennet", "female", ()), ("Mr. Bennet", "male", ()))
    assert _pairs(cast) == set()
    # Two men bear the surname: whose wife she is, is not certain.
    cast, _ = _cast(("Lydia Bennet", "female", ("Mrs. Wickham",)), ("George Wickham", "male", ()),
                    ("old Mr. Wickham", "male", ("Mr. Wickham",)))
    assert _pairs(cast) == set()
    # Her own family's name: a "Miss Bingley" is her brother's sister, never his wife.
    cast, _ = _cast(("Caroline Bingley", "female", ("Miss Bingley", "Mrs. Bingley")),
                    ("Mr. Bingley", "male", ()))
    assert _pairs(cast) == set()
    # "Mrs. Robert Martin" with no Robert Martin in the cast.
    cast, _ = _cast(("Harriet Smith", "female", ("Mrs. Robert Martin",)),
                    ("Mr. Martin", "male", ()), ("William Martin", "male", ()))
    assert _pairs(cast) == set()


CHAPTERS = {
    1: "Lydia Bennet laughed. Mr. Wickham bowed; Lydia was engaged to Mr. Wickham.",
    2: "Mrs. Wickham came home. Lydia Bennet had gone to Newcastle.",
}


def _script(t: str, number: int, context) -> ChapterExtraction:  # type: ignore[no-untyped-def]
    wickham = entity(t, "George Wickham", "character", "Mr. Wickham")
    wickham.gender = "male"
    lydia = entity(t, "Lydia Bennet", "character", *(("Mrs. Wickham",) if number == 2 else ()))
    lydia.gender = "female"
    ties = [RelationshipUpdate(source="Lydia Bennet", target="George Wickham", type="engaged_to",
                               symmetric=True, evidence=ev(t, "engaged to Mr. Wickham"))] \
        if number == 1 else []
    return ChapterExtraction(new_entities=[lydia, wickham], relationship_updates=ties)


def test_the_marriage_is_written_from_the_chapter_that_first_uses_the_name(clean_db) -> None:
    novel = ingest_scripted("Longbourn", CHAPTERS, _script)
    with read_session() as session:
        rows = session.execute(text(
            """SELECT type, from_chapter, evidence_quote, evidence_rule, superseded_by_id IS NULL
                 FROM relationships WHERE novel_id = :n ORDER BY from_chapter"""),
            {"n": novel}).all()
    assert [tuple(r) for r in rows] == [
        ("engaged_to", 1, "engaged to Mr. Wickham", "scripted", False),
        ("married_to", 2, "Mrs. Wickham", "identity.married_name", True)]
