"""Golden scoring on a tiny hand-made key and snapshots, so a scoring bug fails here."""

from __future__ import annotations

import copy
from typing import Any

from evals.common import Ent, NameIndex
from evals.golden_scoring import (
    CapScore,
    KeyCast,
    Placement,
    Rel,
    Snapshot,
    rel_compatible,
    score_cap,
    score_characters,
    score_knowledge,
    score_locations,
    score_possessions,
    score_relationships,
    score_threads,
)

TEXTS = {
    1: "Ann Lee went to the Mill. Ann Dunn stayed home. Bo Lee sailed. The visitor came. "
       "Cy Dunn smiled. Ann laughed.",
    2: "Everyone called her Nan. Nan found the lamp.",
    3: "The visitor was Bo Lee.",
}

KEY: dict[str, Any] = {
    "chapters": 3,
    "characters": [
        {"name": "Ann Lee", "aliases": ["Ann", "Nan"], "first_chapter": 1,
         "alias_first_chapter": {"Nan": 2}},
        {"name": "Ann Dunn", "aliases": ["Ann"], "first_chapter": 1},
        {"name": "Bo Lee", "aliases": ["Bo", "the visitor"], "first_chapter": 1},
        {"name": "Cy Dunn", "aliases": ["Cy"], "first_chapter": 1},
    ],
    "locations": [{"name": "Mill House", "aliases": ["the Mill"]}, {"name": "Town"}],
    "location_at_end_of_chapter": {"Ann Lee": {"1": "Mill House", "2": None}},
    "location_evidence": {"Ann Lee": {"1": {"chapter": 1, "evidence": "Ann Lee went to the Mill."},
                                      "2": {"chapter": 2, "evidence": "Nan found the lamp."}}},
    "holder_at_end_of_chapter": {"the lamp": {"1": "Ann Lee", "2": None}},
    "holder_evidence": {"the lamp": {"1": {"chapter": 1, "evidence": "x"}, "2": None}},
    "knowledge": [{"knower": "Ann Lee", "fact": "the lamp was stolen", "learned_in": 2,
                   "evidence": "Nan found the lamp.", "evidence_chapter": 2}],
    "secrets": [{"fact": "the visitor is Bo Lee", "not_known_by_end": ["Cy Dunn"]}],
    "relationships": [
        {"source": "Ann Lee", "target": "Bo Lee", "type": "sibling_of", "from_chapter": 1,
         "to_chapter": None, "symmetric": True, "evidence": "e1", "evidence_chapter": 1},
        {"source": "Ann Lee", "target": "Cy Dunn", "type": "engaged_to", "from_chapter": 1,
         "to_chapter": 2, "symmetric": True, "evidence": "e2", "evidence_chapter": 1},
        {"source": "Cy Dunn", "target": "Ann Lee", "type": "parent_of", "from_chapter": 1,
         "to_chapter": None, "symmetric": False, "evidence": "e3", "evidence_chapter": 1},
    ],
    "threads": [{"name": "who stole the lamp", "opened": 1, "closed": 2,
                 "open_evidence": "o", "close_evidence": "c"}],
    "nickname": {"character": "Ann Lee", "alias": "Nan", "introduced": 2,
                 "evidence": "Everyone called her Nan.",
                 "bare_uses": [{"chapter": 2, "evidence": "Nan found the lamp."}]},
    "identity_reveal": {"surface": "the visitor", "character": "Bo Lee", "first_seen": 1,
                        "revealed": 3, "character_first_named": 1,
                        "evidence": "The visitor was Bo Lee."},
    "ambiguous_first_names": [{"surface": "Ann", "candidates": ["Ann Lee", "Ann Dunn"],
                               "evidence_chapter": 1, "evidence": "Ann laughed."}],
}

ANN = Ent(id="ann", name="Ann Lee", type="character", aliases=("Ann",), mentions=9)
DUNN = Ent(id="dunn", name="Ann Dunn", type="character", aliases=("Ann",))
BO = Ent(id="bo", name="Bo Lee", type="character", aliases=("Bo",))
CY = Ent(id="cy", name="Cy Dunn", type="character", aliases=("Cy",))
MILL = Ent(id="mill", name="Mill House", type="location", aliases=("Mill",))
TOWN = Ent(id="town", name="Town", type="location")
LAMP = Ent(id="lamp", name="lamp", type="object")


def snap(cap: int, *ents: Ent, **kw: Any) -> Snapshot:
    return Snapshot(cap=cap, index=NameIndex.build(ents), **kw)


def test_key_cast_leaves_out_shared_late_and_hidden_surfaces() -> None:
    cast = KeyCast(KEY)
    assert cast.surfaces("Ann Lee", 1) == ["ann lee"]  # "Ann" is shared, "Nan" comes in ch 2
    assert cast.surfaces("Ann Lee", 2) == ["ann lee", "nan"]
    assert "visitor" in cast.surfaces("Bo Lee", 1)
    assert "visitor" not in cast.surfaces("Bo Lee", 2, hidden=False)
    assert "visitor" in cast.surfaces("Bo Lee", 3, hidden=False)


def test_primary_prefers_the_entity_with_most_surfaces() -> None:
    nan = Ent(id="nan", name="Nan", type="character", mentions=50)
    both = Ent(id="ann", name="Ann Lee", type="character", aliases=("Nan",))
    cast = KeyCast(KEY)
    assert cast.primary(snap(2, both, nan).index, "Ann Lee", 2) == "ann"
    assert cast.primary(snap(2, both, nan).index, "Ann Lee", 2, without="Nan") == "ann"
    assert cast.primary(snap(2, nan).index, "Ann Lee", 2, without="Nan") is None


def test_locations_right_wrong_and_null() -> None:
    cast, out = KeyCast(KEY), CapScore(cap=1)
    score_locations(KEY, cast, snap(1, ANN, MILL, TOWN, location={"ann": Placement("mill", 1)}),
                    out)
    assert (out.tallies["locations"].hit, out.tallies["locations"].total) == (1, 1)

    out = CapScore(cap=1)
    score_locations(KEY, cast, snap(1, ANN, MILL, TOWN, location={"ann": Placement("town", 1)}),
                    out)
    assert out.tallies["locations"].hit == 0
    miss = out.misses[0]
    assert (miss.expected, miss.got, miss.evidence_chapter) == ("Mill House", "Town", 1)

    out = CapScore(cap=2)  # the key says null: right only when we have no location either
    score_locations(KEY, cast, snap(2, ANN, MILL), out)
    assert out.tallies["locations"].hit == 1
    out = CapScore(cap=2)
    score_locations(KEY, cast, snap(2, ANN, MILL, location={"ann": Placement("mill", 1)}), out)
    assert out.tallies["locations"].hit == 0


def test_location_takes_the_latest_edge_of_a_split_character() -> None:
    split = Ent(id="ann2", name="Ann Lee", type="character")  # a duplicate entity
    location = {"ann": Placement("town", 1), "ann2": Placement("mill", 1)}
    out = CapScore(cap=1)
    score_locations(KEY, KeyCast(KEY), snap(1, ANN, split, MILL, TOWN, location=location), out)
    assert out.tallies["locations"].total == 1
    location = {"ann": Placement("mill", 1), "ann2": Placement("town", 2)}
    out = CapScore(cap=1)
    score_locations(KEY, KeyCast(KEY), snap(1, ANN, split, MILL, TOWN, location=location), out)
    assert out.tallies["locations"].hit == 0  # town is the later statement


def test_possessions_holder_missing_object_and_lost() -> None:
    cast = KeyCast(KEY)
    out = CapScore(cap=1)
    score_possessions(KEY, cast, snap(1, ANN, LAMP, holder={"lamp": Placement("ann", 1)}), out)
    assert out.tallies["possessions"].hit == 1
    out = CapScore(cap=1)
    score_possessions(KEY, cast, snap(1, ANN), out)  # no object entity at all
    assert out.tallies["possessions"].hit == 0 and out.misses[0].got == "(no object entity)"
    out = CapScore(cap=2)  # lost in chapter 2: nobody holds it
    score_possessions(KEY, cast, snap(2, ANN, LAMP), out)
    assert out.tallies["possessions"].hit == 1


def test_knowledge_is_recall_with_half_the_content_words_and_counts_leaks() -> None:
    cast = KeyCast(KEY)
    out = CapScore(cap=1)
    score_knowledge(KEY, cast, snap(1, ANN, knowledge={"ann": [("the lamp was stolen", 1)]}),
                    out)
    assert out.tallies["knowledge"].total == 0  # learned in chapter 2: not scored at cap 1
    out = CapScore(cap=2)
    score_knowledge(KEY, cast, snap(2, ANN, knowledge={"ann": [("the lamp was blue", 2)]}),
                    out)  # 1 of 2 content words ("lamp", "stolen"): exactly half is enough
    assert out.tallies["knowledge"].hit == 1
    out = CapScore(cap=2)
    score_knowledge(KEY, cast, snap(2, ANN, knowledge={"ann": [("someone took it", 2)]}), out)
    assert out.tallies["knowledge"].hit == 0 and out.misses[0].got == "someone took it"
    out = CapScore(cap=2)
    score_knowledge(KEY, cast, snap(2, ANN, knowledge={"ann": [("the lamp had been stolen",
                                                                2)]}), out)
    assert out.tallies["knowledge"].hit == 1 and out.leaks == 0
    out = CapScore(cap=2)
    score_knowledge(KEY, cast, snap(2, ANN, CY, knowledge={"cy": [("the visitor is Bo", 1)]}),
                    out)
    assert out.leaks == 1 and out.misses[-1].category == "knowledge_leak"


def test_relationship_types_are_compatible_by_family_and_direction() -> None:
    assert rel_compatible("parent_of", ("s", "t"), "daughter_of", ("t", "s"))
    assert not rel_compatible("parent_of", ("s", "t"), "daughter_of", ("s", "t"))
    assert rel_compatible("parent_of", ("s", "t"), "father_of", ("s", "t"))
    assert rel_compatible("sibling_of", ("s", "t"), "brother_of", ("t", "s"))
    assert not rel_compatible("engaged_to", ("s", "t"), "married_to", ("s", "t"))


def test_relationship_recall_precision_and_ended_relationships() -> None:
    cast = KeyCast(KEY)
    ours = [Rel("bo", "ann", "brother_of"), Rel("ann", "cy", "engaged_to", True),
            Rel("ann", "cy", "daughter_of")]
    out = CapScore(cap=1)
    score_relationships(KEY, cast, snap(1, ANN, BO, CY, relationships=ours), out)
    assert (out.tallies["rel_recall"].hit, out.tallies["rel_recall"].total) == (3, 3)
    assert out.tallies["rel_precision"].hit == 3
    out = CapScore(cap=2)  # the engagement ended in chapter 2: ours is stale there
    score_relationships(KEY, cast, snap(2, ANN, BO, CY, relationships=ours), out)
    assert out.tallies["rel_recall"].total == 2
    assert (out.tallies["rel_precision"].hit, out.tallies["rel_precision"].total) == (2, 3)
    assert out.pair_precision.hit == 3  # same pair as the parent_of row, so pair-only is right
    out = CapScore(cap=1)
    score_relationships(KEY, cast, snap(1, ANN, BO, CY, relationships=[
        Rel("ann", "cy", "married_to", True)]), out)
    assert out.tallies["rel_recall"].hit == 0 and out.tallies["rel_precision"].hit == 0
    assert out.misses[1].got == ["Ann Lee married_to Cy Dunn"]  # wrong type, right pair


def test_a_tie_the_keys_rows_entail_is_right_but_not_needed() -> None:
    # Bo Lee is Ann's brother; once Cy marries Bo, Cy is Ann's in-law though no row says so.
    key = {**KEY, "relationships": [
        {"source": "Ann Lee", "target": "Bo Lee", "type": "sibling_of", "from_chapter": 1,
         "to_chapter": None, "symmetric": True, "evidence": "e1", "evidence_chapter": 1},
        {"source": "Cy Dunn", "target": "Bo Lee", "type": "married_to", "from_chapter": 2,
         "to_chapter": None, "symmetric": True, "evidence": "e2", "evidence_chapter": 2}]}
    ours = [Rel("ann", "cy", "in_law_of", True), Rel("cy", "ann", "cousin_of", True)]
    out = CapScore(cap=2)
    score_relationships(key, KeyCast(key), snap(2, ANN, BO, CY, relationships=ours), out)
    assert (out.tallies["rel_precision"].hit, out.tallies["rel_precision"].total) == (1, 2)
    assert (out.pair_precision.hit, out.pair_precision.total) == (1, 2)
    assert (out.tallies["rel_recall"].hit, out.tallies["rel_recall"].total) == (0, 2)
    out = CapScore(cap=1)  # before the marriage nothing entails it
    score_relationships(key, KeyCast(key), snap(1, ANN, BO, CY, relationships=ours[:1]), out)
    assert out.tallies["rel_precision"].hit == 0


def test_threads_status_at_the_cap() -> None:
    out = CapScore(cap=1)
    score_threads(KEY, snap(1, threads=[("Who stole the lamp?", "progressing")]), out)
    assert out.tallies["threads"].hit == 1
    out = CapScore(cap=2)
    score_threads(KEY, snap(2, threads=[("Who stole the lamp?", "open")]), out)
    assert out.tallies["threads"].hit == 0 and out.misses[0].expected == "closed"
    out = CapScore(cap=2)
    score_threads(KEY, snap(2, threads=[("the weather", "closed")]), out)
    assert out.tallies["threads"].hit == 0 and out.misses[0].got is None


def test_characters_recall_aliases_and_precision() -> None:
    nan = Ent(id="nan", name="Nan", type="character")
    junk = Ent(id="junk", name="Everyone", type="character")
    out = CapScore(cap=2)
    score_characters(KEY, KeyCast(KEY), snap(2, ANN, DUNN, BO, nan, junk), out, TEXTS)
    assert (out.tallies["characters"].hit, out.tallies["characters"].total) == (3, 4)  # no Cy
    alias_misses = {m.item for m in out.misses if m.category == "aliases"}
    assert "Nan → Ann Lee" in alias_misses  # a separate entity: fragmentation
    assert "Cy Dunn → Cy Dunn" in alias_misses
    assert not any(m.item.startswith("Ann →") for m in out.misses)  # shared: never scored
    assert (out.tallies["char_precision"].hit, out.tallies["char_precision"].total) == (4, 5)


def test_identity_rules() -> None:
    good_ann = Ent(id="ann", name="Ann Lee", type="character", aliases=("Ann", "Nan"))
    visitor = Ent(id="vis", name="the visitor", type="character")
    score = score_cap(KEY, snap(2, good_ann, DUNN, BO, CY, visitor,
                                mentions={(2, "nan"): {"ann"}}), TEXTS)
    assert all(t.hit == t.total for t in score.checks.values()), score.misses

    leaky = Ent(id="bo", name="Bo Lee", type="character", aliases=("the visitor",))
    score = score_cap(KEY, snap(2, good_ann, DUNN, leaky, CY), TEXTS)
    assert score.checks["'the visitor' is not shown as Bo Lee before chapter 3"].hit == 0

    revealed = score_cap(KEY, snap(3, good_ann, DUNN, leaky, CY), TEXTS)
    assert revealed.checks["the reveal binds 'the visitor' to Bo Lee"].hit == 1
    assert revealed.checks["the reveal reuses Bo Lee from chapter 1"].hit == 1
    new_bo = Ent(id="bo2", name="Bo", type="character", first_chapter=3, aliases=("the visitor",))
    late = score_cap(KEY, snap(3, good_ann, DUNN, BO, CY, new_bo), TEXTS)
    assert late.checks["the reveal reuses Bo Lee from chapter 1"].hit == 0

    nick = Ent(id="nan", name="Nan", type="character")
    split = score_cap(KEY, snap(2, ANN, DUNN, BO, CY, nick, mentions={(2, "nan"): {"nan"}}),
                      TEXTS)
    assert split.checks["nickname 'Nan' is an alias of Ann Lee"].hit == 0
    assert split.checks["bare 'Nan' in chapter 2 is Ann Lee"].hit == 0

    only_one = Ent(id="dunn", name="Ann Dunn", type="character")
    amb = score_cap(KEY, snap(1, ANN, only_one, BO, CY), TEXTS)
    assert amb.checks["bare 'Ann' is not bound to just one of them"].hit == 0
    assert amb.checks["Ann Lee and Ann Dunn are distinct entities"].hit == 1


def test_score_cap_is_pure() -> None:
    key = copy.deepcopy(KEY)
    score_cap(key, snap(2, ANN, DUNN, BO, CY), TEXTS)
    assert key == KEY


def test_a_surname_inside_a_longer_name_is_not_a_use_of_the_alias() -> None:
    from evals.golden_scoring import _sentence_with

    texts = {1: "Elena Marsh sewed. Tomas Marsh hammered.", 2: '"Marsh," Jonah said.'}
    assert _sentence_with(texts, "Marsh", 1) == (None, None)
    assert _sentence_with(texts, "Marsh", 2) == ('"Marsh," Jonah said.', 2)
    assert _sentence_with({1: "The stranger smiled."}, "the stranger", 1)[1] == 1


def test_averages_are_means_of_the_scored_caps_and_patterns_group_misses() -> None:
    from evals.golden import averages, patterns
    from evals.golden_scoring import Miss

    one, two = CapScore(cap=1), CapScore(cap=2)
    one.tallies["locations"].add(True)
    two.tallies["locations"].add(False)
    two.tallies["locations"].add(True)
    assert averages([one, two])["locations"] == (1.0 + 0.5) / 2
    assert averages([one, two])["threads"] is None
    misses = [Miss("locations", c, "Mara", "A", "B") for c in (1, 2, 3)]
    misses.append(Miss("threads", 2, "who", "open", None))
    top = patterns(misses)
    assert top[0][:3] == ("locations", "Mara", [1, 2, 3])
