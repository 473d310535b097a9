"""on_stage: the people acting in a scene set at one place are at that place; a place only
talked of, or said of another time, sets no scene, and a person the chapter moves is left to
the movement."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.on_stage import on_stage
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact

ViewOf = Callable[..., ChapterView]
CAST = StoryContext(entities=[
    KnownEntity(name="Anna Lind", type="character", aliases=["Anna"], gender="female"),
    KnownEntity(name="Piet Mors", type="character", aliases=["Piet"], gender="male"),
    KnownEntity(name="Jonas Brel", type="character", aliases=["Jonas"], gender="male"),
    KnownEntity(name="Brackley", type="location"),
    KnownEntity(name="Golden Fleece", type="location"),
    KnownEntity(name="Hollin", type="location"),
])


def staged(view: ViewOf, text: str, context: StoryContext = CAST) -> list[tuple[str, str, str | None]]:
    chapter = view(text, context)
    items = on_stage(chapter, extract_state_deltas(chapter).items)
    assert_evidence_exact(text, items)
    return [(d.kind, d.subject, d.object) for d in items
            if d.evidence.rule == "state_deltas.on_stage"]


def test_people_acting_in_a_scene_set_at_one_place_are_there(view: ViewOf) -> None:
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Piet Mors bought two of them. He laughed at the price. Anna counted "
            "the coins. Jonas Brel, who had seen her at Brackley once, waved.")
    assert sorted(staged(view, text)) == [("arrived_at", "Anna Lind", "Brackley"),
                                         ("arrived_at", "Piet Mors", "Brackley")]


def test_a_presence_cites_what_set_the_scene_there(view: ViewOf) -> None:
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Piet Mors bought two of them. He laughed at the price.")
    chapter = view(text, CAST)
    items = on_stage(chapter, extract_state_deltas(chapter).items)
    piet = next(d for d in items if d.subject == "Piet Mors")
    assert (piet.evidence.rule, piet.evidence.quote) == (
        "state_deltas.on_stage", "Anna Lind sold her cheeses at Brackley from a cart")


def test_a_person_acting_once_or_only_described_is_not_on_stage(view: ViewOf) -> None:
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Anna counted the coins. Piet Mors was a tall man with a red beard. "
            "Jonas Brel waved once.")
    assert staged(view, text) == [("arrived_at", "Anna Lind", "Brackley")]


def test_a_place_only_talked_of_sets_no_scene(view: ViewOf) -> None:
    text = ('"I was at Brackley on Monday," said Anna Lind. "Everyone was at Brackley." '
            "Piet Mors nodded and filled his pipe.")
    assert staged(view, text) == []


def test_a_place_of_another_time_or_of_someone_s_circumstances_sets_no_scene(view: ViewOf) -> None:
    text = ("Anna Lind had lived at Brackley as a girl, and had been happy at Brackley. "
            "Piet Mors, a cousin settled in Brackley, would stay at Brackley. "
            "Jonas Brel listened.")
    assert staged(view, text) == []


def test_two_places_of_like_weight_set_no_scene(view: ViewOf) -> None:
    text = ("The carrier stopped at Brackley and then stopped at Hollin. Anna Lind waited at "
            "Brackley, and Piet Mors waited at Hollin. Jonas Brel slept.")
    assert staged(view, text) == []


def test_a_person_the_chapter_moves_is_left_to_the_movement(view: ViewOf) -> None:
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Piet Mors left Brackley before noon. He took the cart. Jonas Brel "
            "counted the money. He kept the accounts.")
    found = staged(view, text)
    assert ("arrived_at", "Jonas Brel", "Brackley") in found
    assert not [f for f in found if f[1] == "Piet Mors"]


def test_a_presence_takes_its_place_in_text_order(view: ViewOf) -> None:
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Jonas Brel counted the money. He kept the accounts.\n\n* * *\n\n"
            "At dusk Jonas Brel rode to Hollin.")
    chapter = view(text, CAST)
    items = on_stage(chapter, extract_state_deltas(chapter).items)
    jonas = [(d.object, d.evidence.rule) for d in items if d.subject == "Jonas Brel"
             and d.kind in {"arrived_at", "moved_to"}]
    assert jonas == [("Brackley", "state_deltas.on_stage"), ("Hollin", "state_deltas.movement")]


def test_a_move_told_in_a_quoted_letter_sets_no_scene(view: ViewOf) -> None:
    # Mrs. Gardiner's letter (Pride and Prejudice ch. 52) tells of Wickham going to London;
    # Elizabeth, reading it, is not in London.
    text = ("Anna Lind opened the letter and read it under the trees.\n\n"
            "\u201cPiet Mors went to Brackley on Monday, and Jonas Brel arrived at Brackley "
            "the day after. They stayed a week.\u201d\n\n"
            "Anna folded the letter. Anna walked on slowly.")
    assert staged(view, text) == []


def test_where_someone_lives_in_a_relative_clause_sets_no_scene(view: ViewOf) -> None:
    # "the lady with whom she lived in London" (P&P ch. 45) says who the lady is.
    text = ("Anna Lind greeted Piet Mors and the lady with whom he lived at Brackley. "
            "The lady with whom he lived at Brackley smiled. Anna sat down. Anna talked "
            "of the weather. Piet answered her.")
    assert staged(view, text) == []


def test_a_move_of_someone_not_acting_in_the_scene_sets_no_scene(view: ViewOf) -> None:
    # Great Expectations ch 49: Pip learns at Satis House "that Estella was in Paris"; Miss
    # Havisham, acting there, had been put in Paris.
    cast = StoryContext(entities=[*CAST.entities, KnownEntity(
        name="Estella", type="character", gender="female"), KnownEntity(name="Paris", type="location")])
    text = ("Anna Lind sat by the fire. Piet Mors watched her. I found, on questioning the servants, "
            "that Estella was in Paris. Anna Lind wept. Piet Mors took her hand.")
    assert not [s for s in staged(view, text, cast) if s[2] == "Paris"]
    # Her own move, when she acts in the scene, still sets it.
    text = ("Estella arrived in Paris. Anna Lind sat by the fire. Piet Mors watched her. Estella "
            "smiled. Anna Lind wept. Piet Mors took her hand.")
    assert ("arrived_at", "Anna Lind", "Paris") in staged(view, text, cast)


def test_a_move_told_in_a_past_perfect_sets_no_scene(view: ViewOf) -> None:
    # Pride and Prejudice ch 52: Mrs. Gardiner's letter, read at Longbourn, says "He had
    # followed them purposely to town"; nobody reading it is in London.
    text = ("Anna Lind opened the letter and sat down. Piet Mors had followed them purposely to "
            "Brackley. Piet Mors paid for everything. Anna Lind wept. Piet Mors had gone on to "
            "Brackley. Piet Mors wrote to her daily. Anna read it again.")
    assert not [s for s in staged(view, text) if s[2] == "Brackley"]
    # Emma ch 1: "He had returned to a late dinner, and now walked up to Hartfield": the
    # second verb is the scene's now.
    text = ("Anna Lind sat by the fire. Piet Mors had returned to a late dinner, and now walked "
            "up to Brackley. Anna Lind smiled. Piet Mors sat down. Anna Lind poured the tea.")
    assert ("arrived_at", "Anna Lind", "Brackley") in staged(view, text)


@pytest.mark.parametrize(("text", "goes"), [
    # Golden fixture 2 ch 4: "Daniel went back down to Hollin before dark, and Clara stood at
    # the gate": Daniel leaves; Clara and the others stay up at the observatory.
    ("Anna Lind waited at the gate. Anna Lind talked to Jonas Brel. Jonas Brel went back down "
     "to Hollin before dark, and Anna stood at the gate. Piet Mors came up later. Piet Mors "
     "talked of the clock. Anna Lind watched him.", False),
    # Someone arriving where nobody has acted yet sets the scene for those acting after.
    ("Jonas Brel walked down to Hollin. Jonas Brel knocked at the inn door. Anna Lind opened "
     "it. Anna Lind laughed. Piet Mors poured the ale. Piet Mors sat down.", True),
    # A place others go to as well is where the scene goes (golden fixture 1, ch 10: the
    # wedding party walks down to the Lantern Inn, and Elena Marsh goes ahead).
    ("Anna Lind waited at the gate. Anna Lind talked to Jonas Brel. Jonas Brel walked down to "
     "Hollin. Piet Mors followed him to Hollin. Anna Lind went ahead. Anna Lind laughed.", True),
    # The mover acting after the move takes the scene along.
    ("Anna Lind waited at the gate. Anna Lind talked to Jonas Brel. Jonas Brel went down to "
     "Hollin. Jonas Brel knocked at the inn door. Anna Lind followed him. Anna Lind sat down.",
     True),
    # Emma ch 22: "when he set out for Bath again, there was a general expectation": Emma,
    # acting after it in Highbury, had been put in Bath (and Treasure Island's squire, in the
    # Admiral Benbow scene the doctor sets out for, stayed there for fourteen chapters).
    ("When Jonas Brel set out for Hollin again, there was a general expectation of news. Jonas "
     "Brel laughed at it. Anna Lind wished him well. Anna Lind thought of the wedding. Jonas "
     "Brel smiled.", False),
    # Reaching the place still sets it.
    ("Jonas Brel reached Hollin at noon. Jonas Brel laughed at it. Anna Lind wished him well. "
     "Anna Lind thought of the wedding. Jonas Brel smiled.", True),
])
def test_a_move_that_leaves_the_scene_sets_none_and_one_that_arrives_does(
        view: ViewOf, text: str, goes: bool) -> None:
    hollin = [s for s in staged(view, text) if s[2] == "Hollin"]
    if goes:
        assert ("arrived_at", "Anna Lind", "Hollin") in hollin
    else:
        assert hollin == []


def test_a_party_called_only_they_takes_the_scene_where_it_goes(view: ViewOf) -> None:
    # Pride and Prejudice, ch. 3: "They returned, therefore, in good spirits to Longbourn,
    # the village where they lived, … They found Mr. Bennet still up." Nobody is moved by the
    # unresolved "they", but the scene is at Longbourn and whoever acts in it is there.
    text = ("The evening passed off pleasantly. They returned, therefore, in good spirits to "
            "Brackley. They found Piet Mors still up. Piet laid down his book. He asked about "
            "the evening.")
    assert staged(view, text) == [("arrived_at", "Piet Mors", "Brackley")]
    # ch. 47: "They travelled as expeditiously as possible; and sleeping one night on the
    # road, reached Longbourn by dinnertime the next day."
    text = ("They travelled as expeditiously as possible; and sleeping one night on the road, "
            "reached Brackley by dinnertime the next day. Anna Lind jumped out. She hurried "
            "into the house.")
    assert staged(view, text) == [("arrived_at", "Anna Lind", "Brackley")]


def test_a_party_s_move_told_in_speech_or_before_sets_no_scene(view: ViewOf) -> None:
    text = ('"They went to Hollin on Monday," said Anna Lind. They had gone to Hollin before. '
            "Piet Mors laid down his book. He asked about the evening.")
    assert staged(view, text) == []


def test_a_party_named_by_a_noun_takes_the_scene_where_it_goes(view: ViewOf) -> None:
    # Pride and Prejudice, ch. 21: "the girls" walk to Meryton, where Wickham joins them.
    text = ("After breakfast, the girls walked to Brackley. Piet Mors joined them on their "
            "entering the town. He talked of the ball. He laughed at the price of ribbons.")
    assert staged(view, text) == [("arrived_at", "Piet Mors", "Brackley")]
    text = ("After breakfast, her sisters walked to Brackley. Piet Mors joined them on their "
            "entering the town. He talked of the ball. He laughed at the price of ribbons.")
    assert staged(view, text) == []  # someone's kin are people: the movement's to place


def test_someone_who_acts_only_by_pronoun_is_not_put_on_stage(view: ViewOf) -> None:
    # Pride and Prejudice ch. 3: "Mr. Bennet protested against any description of finery.
    # She was therefore obliged to seek another branch of the subject, and related …": the
    # resolver took "She" for the Mrs. Hurst of Mrs. Bennet's quotation, and Mrs. Hurst was
    # at Longbourn for the rest of the book. A person on stage acts by name at least once.
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Piet Mors was a tall man. He bought two of them. He laughed at the "
            "price. Anna counted the coins.")
    assert staged(view, text) == [("arrived_at", "Anna Lind", "Brackley")]


def test_someone_found_as_they_are_is_on_stage_but_not_someone_found_out(view: ViewOf) -> None:
    # Great Expectations ch. 46, at Mill Pond Bank: "I found Provis comfortably settled" and
    # later "he answered": Provis is there. A finding out ("found Jonas Brel was ill") is no
    # act of Jonas's, so his one wave does not put him on stage.
    text = ("The fair was held at Brackley that year. Anna Lind sold her cheeses at Brackley "
            "from a cart. Anna found Piet Mors comfortably settled by the cart. He laughed at "
            "the price. Anna found Jonas Brel was ill. Jonas waved.")
    assert sorted(staged(view, text)) == [("arrived_at", "Anna Lind", "Brackley"),
                                         ("arrived_at", "Piet Mors", "Brackley")]


def test_a_clause_that_names_the_scene_sets_it_on_its_own(view: ViewOf) -> None:
    # Pride and Prejudice ch. 19 opens "The next day opened a new scene at Longbourn. Mr.
    # Collins made his declaration in form." and names Longbourn no more: one plain "at X"
    # is not enough to set a scene, a clause that says the scene is there is.
    said = ("The next day opened a new scene at Brackley. Piet Mors made his offer in form. "
            "He spoke for an hour. Anna Lind listened, and Anna Lind refused him.")
    assert sorted(staged(view, said)) == [("arrived_at", "Anna Lind", "Brackley"),
                                         ("arrived_at", "Piet Mors", "Brackley")]
    plain = said.replace("opened a new scene at Brackley", "was fine at Brackley")
    assert staged(view, plain) == []



def test_taking_someone_somewhere_is_one_vote_for_the_scene(view: ViewOf) -> None:
    # Great Expectations ch. 41: "It was midnight before I took him round to Essex Street,
    # and saw him safely in at his own dark door" — Pip comes back, and Herbert, who acts
    # afterwards at home, is not at Essex Street. Taking "us", the teller goes there, and so
    # does the telling ("He conducted us to Gerrard Street, Soho", ch. 26); and a move of
    # one's own still sets the scene.
    for move, set_there in (("took him", False), ("took us", True), ("went", True)):
        text = (f"Piet Mors sat late. Then Jonas Brel {move} to Brackley, and saw him in at "
                "his own door. Jonas lit the lamp. Anna Lind poured the tea. Anna laughed.")
        found = ("arrived_at", "Anna Lind", "Brackley") in staged(view, text)
        assert found == set_there, move


def test_who_acts_only_after_the_party_goes_home_is_not_at_the_scene_s_place(
        view: ViewOf) -> None:
    # Great Expectations, ch. 10: Pip fetches Joe from the Three Jolly Bargemen, "Joe went all
    # the way home", and Mrs. Joe, who acts only in the kitchen after, was never at the inn.
    text = ("Anna Lind walked to the Golden Fleece. Anna sat at the Golden Fleece. Piet Mors "
            "drank his ale. Piet paid the landlord. Piet went all the way home with Anna. "
            "Jonas Brel was waiting in the kitchen. Jonas scolded them. Jonas laughed.")
    assert [s for s in staged(view, text) if s[1] == "Jonas Brel"] == []
    before = text.replace("Piet went all the way home with Anna. ", "")
    assert ("arrived_at", "Jonas Brel", "Golden Fleece") in staged(view, before)
