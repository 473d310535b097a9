"""The critique binds a draft's names through the cast, exactly as persistence binds a chapter's."""

from __future__ import annotations

import uuid

from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.extract.schema import ChapterExtraction, EntityItem, Evidence, Mention
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.reads.world_state import Named, WorldState

CAPTAIN, STRAY, TRELAWNEY = (uuid.UUID(int=i) for i in (1, 2, 3))
TEXT = "Mr. Smollett came aboard. John Trelawney followed him."


def _world_and_cast() -> tuple[WorldState, Cast]:
    world = WorldState(cap=9)
    world.names = {CAPTAIN: Named("Captain Smollett", (), "character", 1),
                   STRAY: Named("Smollett", (), "character", 8),
                   TRELAWNEY: Named("Mr. Trelawney", ("Squire Trelawney",), "character", 1)}
    cast = Cast(Roster([
        RosterEntry(id=CAPTAIN, type="character", name="Captain Smollett", aliases=set(),
                    gender="male", first_chapter=1, mentions=40),
        RosterEntry(id=STRAY, type="character", name="Smollett", aliases=set(), gender="unknown",
                    first_chapter=8, mentions=2),
        RosterEntry(id=TRELAWNEY, type="character", name="Mr. Trelawney",
                    aliases={"Squire Trelawney"}, gender="male", first_chapter=1, mentions=30),
    ]))
    return world, cast


def _item(name: str, gender: str = "male") -> EntityItem:
    start = TEXT.index(name)
    return EntityItem(name=name, type="character", gender=gender,  # type: ignore[arg-type]
                      mentions=[Mention(start=start, end=start + len(name), text=name)],
                      evidence=Evidence(start=start, end=start + len(name), quote=name, rule="test"))


def test_an_ambiguous_name_binds_to_the_salient_person_as_in_persistence() -> None:
    world, cast = _world_and_cast()
    extraction = ChapterExtraction(new_entities=[_item("Mr. Smollett")])
    claims = bind_claims(TEXT, extraction, world, cast=cast)
    assert claims.local["mr smollett"] == CAPTAIN
    # Without the book's salience the same name is ambiguous and binds nobody.
    assert bind_claims(TEXT, extraction, world).local["mr smollett"] is None


def test_a_full_name_joins_the_person_known_by_title_and_surname() -> None:
    world, cast = _world_and_cast()
    claims = bind_claims(TEXT, ChapterExtraction(new_entities=[_item("John Trelawney")]), world,
                         cast=cast)
    assert claims.local["john trelawney"] == TRELAWNEY


def test_a_name_means_whom_the_extractor_made_of_that_mention() -> None:
    # blind6_clean_03: "Finch sent for me … in his square hand": where the extractor's
    # clusters put a "Finch" on Aldous, the critique reads that mention as Aldous, whatever
    # the name alone would bind to.
    aldous, mara = uuid.UUID(int=11), uuid.UUID(int=12)
    text = "Finch smiled at her. Finch sent for me by boat: a note in his square hand."
    second = text.index("Finch", 1)
    world = WorldState(cap=10)
    world.names = {aldous: Named("Aldous Finch", (), "character", 1),
                   mara: Named("Mara Finch", ("Finch",), "character", 1)}
    cast = Cast(Roster([
        RosterEntry(id=aldous, type="character", name="Aldous Finch", aliases=set(),
                    gender="male", first_chapter=1, mentions=20),
        RosterEntry(id=mara, type="character", name="Mara Finch", aliases={"Finch"},
                    gender="female", first_chapter=1, mentions=100)]))

    def item(name: str, at: int, gender: str) -> EntityItem:
        return EntityItem(name=name, type="character", gender=gender,  # type: ignore[arg-type]
                          mentions=[Mention(start=at, end=at + 5, text="Finch")],
                          evidence=Evidence(start=at, end=at + 5, quote="Finch", rule="test"))

    extraction = ChapterExtraction(new_entities=[item("Mara Finch", 0, "female"),
                                                 item("Aldous Finch", second, "male")])
    claims = bind_claims(text, extraction, world, cast=cast)
    assert claims.person("Finch", second) == aldous
    assert claims.person("Finch", 0) == mara
