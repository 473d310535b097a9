"""Classes of author slip about who handles a held object (no database; sentences written for
these tests, not taken from any draft set): a hand-over told in any wording clears the use
that follows it, and someone new to the world handling a held object is a WARN."""

from __future__ import annotations

import uuid

from continuum.pipeline.critic.checks import possession
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.reads.world_state import Evidence, Gone, Held, WorldState

from .test_generalisation import FakeHistory, _entity, _world, earlier_records, read_uses


def _held_watch() -> tuple[WorldState, dict[str, uuid.UUID]]:
    world, ids = _world(("Nils Brand", "character"), ("Greta Holm", "character"),
                        ("gold watch", "object"))
    world.holders[ids["gold watch"]] = Held(ids["Nils Brand"], Evidence(9, "Nils kept the gold watch."))
    return world, ids


def _found(text: str, *entities: tuple[str, ...]) -> list[tuple[str, str]]:
    world, _ = _held_watch()
    extraction = ChapterExtraction(new_entities=[_entity(text, e[0], *e[1:]) for e in entities])
    claims = bind_claims(text, read_uses(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
    return [(f.severity, f.message) for f in possession.check(claims, world)]


PEOPLE = (("Nils Brand", "Nils", "He"), ("Greta Holm", "Greta", "She", "her"))


def test_using_the_held_object_without_a_hand_over_is_flagged() -> None:
    text = "Greta wound the gold watch and held it to her ear."
    assert [s for s, _m in _found(text, *PEOPLE)] == ["FAIL"]


def test_a_hand_over_in_any_wording_clears_the_use_after_it() -> None:
    for handing in ("Nils took the gold watch from his waistcoat. He put it into her hand.",
                    "Nils took the gold watch from his waistcoat and pressed it into her palm.",
                    "Nils gave her the gold watch."):
        text = handing + " Greta wound the gold watch and held it to her ear."
        assert _found(text, *PEOPLE) == [], handing


def test_putting_it_on_a_shelf_is_no_hand_over() -> None:
    text = ("Nils took the gold watch from his waistcoat. He put it on the shelf. "
            "Greta wound the gold watch and held it to her ear.")
    assert [s for s, _m in _found(text, *PEOPLE)] == ["FAIL"]


def test_someone_new_handling_the_held_object_is_a_warn() -> None:
    text = "Piet Kemp unlocked the cupboard and took out the gold watch."
    found = _found(text, *PEOPLE, ("Piet Kemp", "Piet Kemp"))
    assert [s for s, _m in found] == ["WARN"]
    assert found[0][1].startswith("Piet Kemp, new in this chapter, takes gold watch, but Nils Brand holds it")


def test_someone_new_with_another_of_the_kind_is_silent() -> None:
    for text in ("Piet Kemp unlocked the cupboard and took out his new watch.",
                 "Piet Kemp unlocked the cupboard and took out a gold watch of his own.",
                 "Piet Kemp looked at the gold watch in the window."):
        assert _found(text, *PEOPLE, ("Piet Kemp", "Piet Kemp")) == [], text


def test_someone_new_with_an_object_of_one_common_word_is_silent() -> None:
    """Wuthering Heights, chapters 24 and 31: "Michael was refastening the lock", "her cousin
    ... pulled out the letter" are not the lock destroyed in chapter 11 nor the letter Nelly
    kept in chapter 15: one word of a kind names no one object."""
    world, ids = _world(("Nils Brand", "character"), ("Greta Holm", "character"), ("letter", "object"))
    world.holders[ids["letter"]] = Held(ids["Nils Brand"], Evidence(9, "Nils kept the letter."))
    text = "Piet Kemp unlocked the cupboard and took out the letter."
    extraction = ChapterExtraction(new_entities=[_entity(text, "Piet Kemp", "Piet Kemp")])
    claims = bind_claims(text, read_uses(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
    assert possession.check(claims, world) == []


def _lost_watch() -> WorldState:
    world, ids = _world(("Nils Brand", "character"), ("Greta Holm", "character"),
                        ("gold watch", "object"))
    world.gone_objects[ids["gold watch"]] = Gone("lost", Evidence(8, "The gold watch was lost in the river."))
    return world


def test_a_lost_object_told_apart_by_a_word_or_a_clause_is_only_a_warn() -> None:
    world = _lost_watch()
    for text, expected in (
            ("Greta wound the gold watch and set it on the table.", ["FAIL"]),
            ("Greta wound the little gold watch and set it on the table.", ["WARN"]),
            ("Greta wound the gold watch she kept on her chain, the one her mother had left her.",
             ["WARN"])):
        extraction = ChapterExtraction(new_entities=[_entity(text, "Greta Holm", "Greta", "She")])
        claims = bind_claims(text, read_uses(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
        assert [f.severity for f in possession.check(claims, world)] == expected, text


def test_an_object_known_by_one_common_word_is_checked_against_nobody() -> None:
    """Great Expectations: Joe's pipe of chapter 35 is not the pipe Mr. Jaggers lights in
    chapter 40. One word of a kind names no one object, so no use of it contradicts a holder
    or a loss of an earlier chapter."""
    world, ids = _world(("Nils Brand", "character"), ("Greta Holm", "character"),
                        ("pipe", "object"), ("letter", "object"))
    world.holders[ids["pipe"]] = Held(ids["Nils Brand"], Evidence(9, "Nils filled his pipe."))
    world.gone_objects[ids["letter"]] = Gone("burned", Evidence(8, "The letter was burned."))
    text = "Greta lighted the pipe at the fire. Then Greta read the letter again."
    extraction = ChapterExtraction(new_entities=[_entity(text, p[0], *p[1:]) for p in PEOPLE])
    claims = bind_claims(text, read_uses(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
    assert possession.check(claims, world) == []


def test_a_bare_kind_long_after_the_holding_is_not_that_object() -> None:
    """Great Expectations, chapter 53: "I had taken up the candle" is not Miss Havisham's
    bare candle of chapter 38. A bare kind is checked only against a recent holding."""
    def found(since: int) -> list[str]:
        world, ids = _world(("Nils Brand", "character"), ("Greta Holm", "character"),
                            ("bare candle", "object"))
        world.holders[ids["bare candle"]] = Held(ids["Nils Brand"],
                                                 Evidence(since, "Nils held the bare candle."))
        text = "Greta took up the candle and went down the stairs."
        extraction = ChapterExtraction(new_entities=[_entity(text, p[0], *p[1:]) for p in PEOPLE])
        claims = bind_claims(text, read_uses(text, world, extraction), world, FakeHistory())  # type: ignore[arg-type]
        return [f.severity for f in possession.check(claims, world)]

    assert found(since=9) == ["WARN"]  # the chapter before: "the candle" may well be it
    assert found(since=10 - possession.RECENT_CHAPTERS) == []


def test_an_earlier_hand_over_or_loss_decides_who_has_an_object_the_world_does_not_hold() -> None:
    """With no holder in the world, the last earlier chapter's fate of the object decides (a
    WARN): the fates the extractor read in those chapters (`ChapterRecords.object_fates`)."""
    world, _ = _world(("Nils Brand", "character"), ("Greta Holm", "character"), ("gold watch", "object"))
    text = "Greta wound the gold watch and held it to her ear."

    def found(*earlier: tuple[int, str]) -> list[tuple[str, str]]:
        extraction = ChapterExtraction(new_entities=[_entity(text, p[0], *p[1:]) for p in PEOPLE])
        records = earlier_records(*earlier)
        claims = bind_claims(text, read_uses(text, world, extraction), world, earlier=records)
        return [(f.severity, f.message) for f in possession.check(claims, world)]

    given = found((4, "Greta gave the gold watch to Nils."))
    assert [s for s, _m in given] == ["WARN"] and "chapter 4 last leaves it with Nils Brand" in given[0][1]
    lost = found((4, "Greta gave the gold watch to Nils."), (6, "The gold watch was lost."))
    assert [s for s, _m in lost] == ["WARN"] and "it was lost in chapter 6" in lost[0][1]
    assert found((4, "Nils gave the gold watch to Greta.")) == []
    assert found((4, "Nils looked at the gold watch.")) == []
