"""The whole-book scorer on a tiny invented key and snapshot, and the real keys validate."""

from __future__ import annotations

import pytest
from evals.wholebook.key import BookKey, available_keys, load_key
from evals.wholebook.score import (
    implied_triples,
    score_book,
    score_cap,
    score_deaths,
    superseded,
)

KEY = BookKey.model_validate({
    "book": "tiny.txt", "chapters": 2,
    "people": [
        {"id": "eliza", "display": "Elizabeth Bennet", "main": True, "gender": "female",
         "names": [{"name": "Elizabeth Bennet", "from": 1}, {"name": "Lizzy", "from": 1},
                   {"name": "Mrs. Darcy", "from": 2, "kind": "married"}],
         "shared_names": ["Miss Bennet"]},
        {"id": "jane", "display": "Jane Bennet", "main": True, "gender": "female",
         "names": [{"name": "Jane", "from": 1}]},
        {"id": "darcy", "display": "Fitzwilliam Darcy", "main": True, "gender": "male",
         "names": [{"name": "Mr. Darcy", "from": 1}, {"name": "Darcy", "from": 1}]},
    ],
    "relationships": [{"a": "eliza", "b": "jane", "type": "sibling", "from": 1},
                      {"a": "eliza", "b": "darcy", "type": "married", "from": 2}],
    "whereabouts": [{"chapter": 1, "person": "jane", "place": "Netherfield"},
                    {"chapter": 2, "person": "eliza", "place": "Pemberley"}],
    "places": [{"name": "Netherfield"}, {"name": "Pemberley"}, {"name": "Kent"}],
    "not_people": ["Bennets"],
})


def _ent(id_: str, name: str, type_: str = "character", aliases=(), mentions: int = 10) -> dict:
    return {"id": id_, "name": name, "type": type_, "aliases": list(aliases),
            "mentions": mentions, "first_chapter": 1}


def _cap(entities, relationships=(), states=None) -> dict:
    return {"entities": entities, "relationships": list(relationships), "states": states or {}}


def test_one_entity_per_person_scores_one_and_a_split_or_a_join_is_counted() -> None:
    good = score_cap(KEY, _cap([_ent("e", "Elizabeth Bennet", aliases=["Lizzy"]),
                                _ent("j", "Jane"), _ent("d", "Mr. Darcy")]), 1)
    assert good["main_one_entity"] == 1.0 and good["joins"] == 0
    assert good["duplicate_names"] == 0 and good["display_right"] == pytest.approx(1 / 3)
    bad = score_cap(KEY, _cap([_ent("e", "Lizzy"), _ent("e2", "Elizabeth Bennet"),
                               _ent("j", "Jane", aliases=["Lizzy"]), _ent("d", "Mr. Darcy"),
                               _ent("d2", "Mr. Darcy"), _ent("k", "Kent")]), 1)
    assert bad["main_split"]["eliza"] == ["Lizzy", "Elizabeth Bennet"]
    assert bad["joins"] == 1 and bad["duplicate_names"] == 1
    assert bad["top_non_persons"] == 1 and bad["non_persons"] == ["Kent"]


def test_relationships_are_folded_to_the_key_vocabulary_and_judged() -> None:
    ents = [_ent("e", "Elizabeth Bennet"), _ent("j", "Jane"), _ent("d", "Mr. Darcy"),
            _ent("b", "Bennets")]
    rels = [{"type": "sister_of", "source": "j", "target": "e", "from_chapter": 1, "quote": ""},
            {"type": "father_of", "source": "d", "target": "e", "from_chapter": 1, "quote": ""},
            {"type": "friend_of", "source": "b", "target": "e", "from_chapter": 1, "quote": ""},
            {"type": "neighbour_of", "source": "d", "target": "j", "from_chapter": 1,
             "quote": ""},
            # a home is a tie to a place, judged by the whereabouts, not as a relationship
            {"type": "lives_at", "source": "e", "target": "k", "from_chapter": 1, "quote": ""}]
    ents.append(_ent("k", "Kent", "location"))
    scores = score_cap(KEY, _cap(ents, rels), 1)
    assert (scores["rel_right"], scores["rel_wrong"], scores["rel_unjudged"]) == (1, 2, 1)
    assert scores["rel_recall"] == 1.0  # the marriage is not in force at chapter 1


def test_ties_the_key_entails_are_right_but_not_wanted_for_recall() -> None:
    stated = {("married", "camilla", "raymond"), ("sibling", "camilla", "matthew"),
              ("married", "belinda", "matthew"), ("parent", "matthew", "herbert"),
              ("parent", "matthew", "jane"), ("parent", "old", "matthew")}
    implied = implied_triples(stated)
    assert {("in_law", "belinda", "camilla"), ("in_law", "matthew", "raymond"),
            ("aunt_uncle", "camilla", "herbert"), ("aunt_uncle", "raymond", "jane"),
            ("grandparent", "old", "herbert"), ("sibling", "herbert", "jane"),
            ("in_law", "belinda", "old")} <= implied
    assert not implied & stated
    assert ("in_law", "camilla", "herbert") not in implied  # an aunt is no in-law
    assert ("aunt_uncle", "belinda", "herbert") not in implied  # a mother is no aunt


def test_a_siblings_sibling_and_their_spouses_are_entailed() -> None:
    # Pride and Prejudice: Mrs. Bennet's sister Mrs. Philips and brother Mr. Gardiner.
    stated = {("sibling", "mrs_bennet", "mrs_philips"), ("sibling", "gardiner", "mrs_bennet"),
              ("married", "mr_philips", "mrs_philips"), ("married", "gardiner", "mrs_gardiner")}
    implied = implied_triples(stated)
    assert {("sibling", "gardiner", "mrs_philips"), ("in_law", "gardiner", "mr_philips"),
            ("in_law", "mrs_gardiner", "mrs_philips")} <= implied
    assert ("in_law", "mr_philips", "mrs_gardiner") not in implied  # two steps: spouses' in-laws


def test_an_engagement_the_keys_marriage_ended_is_right_but_not_wanted() -> None:
    key = KEY.model_copy(update={"relationships": [
        *KEY.relationships,
        KEY.relationships[1].model_copy(update={"type": "engaged", "from_": 1})]})
    ents = [_ent("e", "Elizabeth Bennet"), _ent("j", "Jane"), _ent("d", "Mr. Darcy")]
    married = {"type": "married_to", "source": "e", "target": "d", "from_chapter": 2, "quote": ""}
    engaged = {**married, "type": "engaged_to", "from_chapter": 1}
    at_one = score_cap(key, _cap(ents, [engaged]), 1)
    assert at_one["rel_recall"] == 0.5 and at_one["rel_right"] == 1  # engaged, in force at 1
    at_two = score_cap(key, _cap(ents, [married]), 2)
    assert "engaged darcy eliza" not in at_two["missing_relationships"]
    assert score_cap(key, _cap(ents, [married, engaged]), 2)["rel_wrong"] == 0
    assert superseded({("married", "a", "b"), ("engaged", "a", "b"), ("engaged", "a", "c")}) == {
        ("engaged", "a", "b")}


def test_whereabouts_and_stamped_names_are_read_at_their_chapter() -> None:
    place = _ent("n", "Netherfield House", "location")
    caps = {
        1: _cap([_ent("e", "Elizabeth Bennet", aliases=["Mrs. Darcy"]), _ent("j", "Jane"),
                 place], states={"j": {"location": "n", "status": None, "description": None}}),
        2: _cap([_ent("e", "Elizabeth Bennet", aliases=["Mrs. Darcy"]), _ent("j", "Jane"),
                 place], states={"e": {"location": "n", "status": None, "description": None}}),
    }
    scores = score_book(KEY, {"caps": caps})
    assert scores["where_recall"] == 0.5 and scores["where_precision"] == 0.5
    assert scores["stamped_early"] == 1  # "Mrs. Darcy" shown at cap 1, before her marriage


def test_a_death_shown_before_its_chapter_is_wrong_and_a_told_death_is_shown_at_the_end() -> None:
    key = BookKey.model_validate({**KEY.model_dump(by_alias=True), "deaths": [
        {"person": "darcy", "chapter": 2}, {"person": "jane", "chapter": 1, "before_story": True}]})
    ents = [_ent("e", "Elizabeth Bennet"), _ent("d", "Mr. Darcy"), _ent("x", "Nobody Known")]
    dead = {"status": "dead", "location": None, "description": None}
    caps = {1: _cap(ents, states={"e": dead, "x": dead}),
            2: _cap(ents, states={"e": dead, "d": dead})}
    scores = score_deaths(key, caps)
    # Elizabeth never dies: shown dead from cap 1, counted once; "Nobody Known" is nobody's
    assert scores["deaths_early"] == 1 and scores["death_rows"] == ["eliza shown dead at cap 1"]
    assert scores["death_recall"] == 1.0  # Darcy's death, told in chapter 2, shown at the end
    caps[2]["states"].pop("d")
    assert score_deaths(key, caps)["death_recall"] == 0.0
    early = {1: _cap(ents, states={"d": dead}), 2: _cap(ents, states={"d": dead})}
    assert score_deaths(key, early)["deaths_early"] == 1  # dead at cap 1, dies in chapter 2


@pytest.mark.parametrize("stem", sorted(available_keys()))
def test_every_real_key_validates_and_covers_enough(stem: str) -> None:
    key = load_key(available_keys()[stem])
    assert sum(p.main for p in key.people) >= 12
    assert len(key.relationships) >= 16
    assert len({w.chapter for w in key.whereabouts}) >= 15
