"""state_deltas: movement in the wordings of ordinary narrative prose, and talk that is no move."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]


def moves(view: ViewOf, text: str) -> list[tuple[str, str, str | None]]:
    items = extract_state_deltas(view(text)).items
    assert_evidence_exact(text, items)
    return [(d.kind, d.subject, d.object) for d in items
            if d.kind in {"moved_to", "arrived_at", "left"}]


@pytest.mark.parametrize(("text", "expected"), [
    ("Tom Heller climbed up to the Old Mill. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Old Mill")),
    ("Tom Heller went over to Hatherley Grange. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Hatherley Grange")),
    ("Nell Barrow came in. Tom Heller made his way to the Red Lion.",
     ("moved_to", "Tom Heller", "Red Lion")),
    ("Tom Heller was shown into the library at Hatherley Grange. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Hatherley Grange")),
    ("Tom Heller crossed to the Red Lion. Nell Barrow waited.",
     ("moved_to", "Tom Heller", "Red Lion")),
    ("Nell Barrow came in. Nell Barrow stepped into the Red Lion.",
     ("moved_to", "Nell Barrow", "Red Lion")),
    # Treasure Island: the destination hangs on the way of travelling, and a ship is boarded.
    ("Nell Barrow waited. Tom Heller set out on foot for the Red Lion.",
     ("moved_to", "Tom Heller", "Red Lion")),
    ("Nell Barrow waited. Tom Heller went by coach to Hatherley Grange.",
     ("moved_to", "Tom Heller", "Hatherley Grange")),
    ("Nell Barrow waited. Tom Heller went aboard the Hispaniola.",
     ("moved_to", "Tom Heller", "Hispaniola")),
    # Great Expectations ch. 46: "I came unexpectedly round a corner, upon Mill Pond Bank."
    ("Nell Barrow waited. Tom Heller came unexpectedly round a corner, upon the Red Lion.",
     ("arrived_at", "Tom Heller", "Red Lion")),
])
def test_movement_verbs_and_phrases(view: ViewOf, text: str, expected: tuple[str, str, str]) -> None:
    assert moves(view, text) == [expected]


def test_first_person_movement_in_dialogue_is_not_the_speakers(view: ViewOf) -> None:
    text = '"I went to the Red Lion last night," said Tom Heller. Nell Barrow nodded.'
    assert moves(view, text) == []


def test_movement_reported_in_speech_moves_the_one_named_not_the_speaker(view: ViewOf) -> None:
    text = 'Tom Heller came in. "Nell Barrow went to the Old Mill," he said.'
    assert moves(view, text) == [("moved_to", "Nell Barrow", "Old Mill")]


def test_a_move_told_in_speech_as_before_now_moves_nobody(view: ViewOf) -> None:
    # Pride and Prejudice, chapter 52: Mrs. Gardiner's letter tells of Wickham's arrival
    # weeks before; it had kept him in London through chapter 53.
    text = ('Tom Heller came in. "Nell Barrow, indeed, had gone to the Old Mill on their first '
            'arrival," he said. "Nell Barrow would go to the Red Lion," he added.')
    assert moves(view, text) == []


def test_a_persons_name_in_the_possessive_is_their_house(view: ViewOf) -> None:
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    # Emma, chapter 3; Great Expectations, chapter 11 ("At the appointed time I returned to
    # Miss Havisham's"): the place is the house, named after the person's entity.
    people = StoryContext(entities=[
        KnownEntity(name="Harriet Smith", type="character", gender="female", aliases=["Harriet"]),
        KnownEntity(name="Mrs. Goddard", type="character", gender="female"),
        KnownEntity(name="Miss Havisham", type="character", gender="female")])
    text = ("Harriet Smith walked back to Mrs. Goddard's in the rain. Harriet listened to Mrs. "
            "Goddard's account of the school. Miss Havisham sat by the fire.")
    result = extract_state_deltas(view(text, people))
    assert [(d.kind, d.subject, d.object) for d in result.items if d.kind == "moved_to"] == [
        ("moved_to", "Harriet Smith", "Mrs. Goddard's")]
    houses = [e for e in result.objects if e.type == "location"]
    assert [(e.name, [m.text for m in e.mentions]) for e in houses] == [
        ("Mrs. Goddard's", ["Mrs. Goddard's"])]  # "Mrs. Goddard's account" is no house


def told_by_pip(text: str, chapter: int, *others: tuple[str, str, str | None]) -> set[tuple[str, str]]:
    """(who, where) of every move and presence in a chapter Pip tells, with `others`
    ((name, type, gender) of the story's other people and places) known before it."""
    from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    known = [KnownEntity(name="Pip", type="character", gender="male", mentions=900)]
    known += [KnownEntity(name=name, type=type_, gender=gender or "unknown", mentions=20,
                          aliases=["Barnard's"] if name == "Barnard's Inn" else [])
              for name, type_, gender in others]
    deltas = OfflineExtractor().extract(text, chapter_number=chapter, context=StoryContext(
        narrator="Pip", entities=known)).state_deltas
    return {(d.subject, d.object or "") for d in deltas if d.kind in {"moved_to", "arrived_at"}}


def test_a_first_person_narrations_we_is_at_least_the_narrator() -> None:
    # Great Expectations, chapter 33 ("We came to Richmond all too soon"), told by Pip:
    # whoever else "we" holds, the narrator is there. "We" in a quotation is no one.
    text = ("I had not seen Estella for a year. I wrote to her, and I waited for the day. "
            "I was ready long before it, and I was glad when it came. I took her hand. "
            "We came to Richmond all too soon. I left her at the door, and I walked about "
            "for an hour. \"We went to Hammersmith once,\" said Estella. I said nothing, "
            "and I went in. I sat by the fire, and I thought of her.")
    assert told_by_pip(text, 33, ("Estella", "character", "female"),
                       ("Richmond", "location", None), ("Hammersmith", "location", None)) == {
        ("Pip", "Richmond")}


def test_a_first_person_we_holds_whom_its_paragraph_has_act_by_name() -> None:
    # Great Expectations ch. 53: "Herbert got a large bottle of stuff for my arm; … It was
    # daylight when we reached the Temple": Herbert is home too. Estella, named in another
    # paragraph, is not in the "we".
    text = ("Estella sat by the window. I had not seen her for a year, and I was glad of it. "
            "I said nothing to her.\n\nI went down the stairs. Herbert got a large bottle of "
            "stuff for my arm, and I was just able to bear the pain. It was daylight when we "
            "reached the Temple, and I went to bed. I slept until noon, and I woke.")
    assert told_by_pip(text, 53, ("Herbert", "character", "male"),
                       ("Estella", "character", "female"), ("Temple", "location", None)) == {
        ("Pip", "Temple"), ("Herbert", "Temple")}


def test_a_we_that_moves_two_people_is_one_statement_of_the_scenes_place() -> None:
    # Great Expectations ch. 22: after the Theatre, "we went back to Barnard's Inn … and then
    # took coach for Hammersmith", where Mrs. Pocket then acts. The "we" (Pip and Herbert)
    # is one statement: it does not make Barnard's Inn the place she is.
    text = ("I went to the Theatre in the afternoon, and I laughed until I ached. I was tired "
            "after it, and I said so.\n\nHerbert met me at the door. In the evening we went "
            "back to Barnard's Inn and got my portmanteau, and then took coach for Hammersmith. "
            "I was glad of the ride.\n\nMrs. Pocket sat in a garden chair. Mrs. Pocket read a "
            "book, and I watched her. I sat down, and I waited.")
    assert ("Mrs. Pocket", "Barnard's Inn") not in told_by_pip(
        text, 22, ("Herbert", "character", "male"), ("Mrs. Pocket", "character", "female"),
        ("Theatre", "location", None), ("Barnard's Inn", "location", None),
        ("Hammersmith", "location", None))


def test_a_first_person_narrations_with_us_takes_the_narrator_along() -> None:
    # Great Expectations, chapter 31: after the play, "I invited him, and he went to Barnard's
    # with us": Pip (the "us") goes home to Barnard's Inn too. "With us" in a quotation is no one.
    text = ("I was tired after the play, and I was cold. I had laughed until I ached, and I was "
            "sorry for it. I saw Mr. Wopsle at the door. I invited him, and he went to "
            "Barnard's with us, wrapped up to the eyes. \"He went to Hammersmith with us "
            "once,\" said I. I sat by the fire, and I thought of the play. I went to bed.")
    assert told_by_pip(text, 31, ("Mr. Wopsle", "character", "male"),
                       ("Barnard's Inn", "location", None), ("Hammersmith", "location", None)) == {
        ("Mr. Wopsle", "Barnard's Inn"), ("Pip", "Barnard's Inn")}


def test_a_first_person_narrations_us_escorted_somewhere_is_the_narrator() -> None:
    # Great Expectations, chapter 26: "He conducted us to Gerrard Street, Soho": Pip, one of
    # the "us", goes there with the guests. "Us" in a quotation is no one.
    assert in_novel("great_expectations.txt", "He conducted us to Gerrard Street, Soho, to a "
                                              "house on the south side of that street.")
    text = ("I was tired of the office, and I said so. I met Mr. Jaggers at the door, and I "
            "followed him out. Mr. Jaggers conducted us to Gerrard Street, and I looked about "
            "me. \"He took us to Hammersmith once,\" said I. I sat by the fire, and I waited.")
    assert told_by_pip(text, 26, ("Mr. Jaggers", "character", "male"),
                       ("Gerrard Street", "location", None), ("Hammersmith", "location", None)) == {
        ("Mr. Jaggers", "Gerrard Street"), ("Pip", "Gerrard Street")}


def test_the_person_got_somewhere_goes_with_the_one_who_gets_them_there(view: ViewOf) -> None:
    # Emma ch. 17: "She got her to Hartfield, and shewed her the most unvarying kindness":
    # Emma brings Harriet home from Mrs. Goddard's; both are at Hartfield.
    assert sorted(moves(view, "Nell Barrow cried. Tom Heller got Nell Barrow to the Red Lion, "
                              "and gave her tea.")) == [
        ("moved_to", "Nell Barrow", "Red Lion"), ("moved_to", "Tom Heller", "Red Lion")]


def test_an_escorted_pronoun_goes_only_when_whom_it_means_is_certain(view: ViewOf) -> None:
    # Emma ch. 48: "Mrs. Weston, who had been calling on her daughter-in-law elect, … to relate
    # all the particulars … Mr. Weston had accompanied her to Mrs. Bates's": with Emma and
    # Mrs. Weston both named before it, the "her" is the resolver's guess (it guessed Emma).
    assert moves(view, "Nell Barrow met Marianne at the gate. Wickham walked her to the "
                       "Red Lion.") == [("moved_to", "Wickham", "Red Lion")]
    assert sorted(moves(view, "Nell Barrow cried at the gate. Wickham walked her to the "
                              "Red Lion.")) == [
        ("moved_to", "Nell Barrow", "Red Lion"), ("moved_to", "Wickham", "Red Lion")]


def test_a_memory_that_carries_someone_back_moves_nobody(view: ViewOf) -> None:
    # Treasure Island, chapter 10: the song "carried me back to the old Admiral Benbow in a
    # second", on board the Hispaniola.
    assert moves(view, "The old tune rose from the deck. It carried Tom Heller back to the Red "
                       "Lion in a second.") == []
    assert ("moved_to", "Tom Heller", "Red Lion") in moves(
        view, "Nell Barrow came in. Nell Barrow carried Tom Heller back to the Red Lion.")


def test_going_home_ends_the_place_on_record_and_names_no_house(view: ViewOf) -> None:
    # Emma, chapter 45: Emma calls at Mrs. Bates's, then "walked home"; which house is her
    # home the sentence does not say, so she is no longer at Mrs. Bates's and nowhere else.
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    people = StoryContext(entities=[
        KnownEntity(name="Emma Woodhouse", type="character", gender="female", aliases=["Emma"]),
        KnownEntity(name="Mrs. Bates", type="character", gender="female"),
        KnownEntity(name="Harriet Smith", type="character", gender="female", aliases=["Harriet"])])
    text = ("Emma walked to Mrs. Bates's with Harriet. Emma walked home alone. Harriet talked "
            "of home. Mrs. Bates had worked her way home over ten years.")
    items = extract_state_deltas(view(text, people)).items
    assert [(d.kind, d.subject, d.object, d.value) for d in items] == [
        ("moved_to", "Emma Woodhouse", "Mrs. Bates's", None),
        ("moved_to", "Harriet Smith", "Mrs. Bates's", None),
        ("left", "Emma Woodhouse", None, "home"),
    ]
    # The Saltmere Ledger, chapter 10: he rowed out to Heron Rock, "and she knew that he was
    # home": being home may be just where he went, so it ends nothing.
    rowed = extract_state_deltas(view("Harriet rowed out to Mrs. Bates's. Later Emma knew that "
                                      "Harriet was home.", people)).items
    assert [(d.kind, d.object) for d in rowed] == [("moved_to", "Mrs. Bates's")]


def test_going_ashore_leaves_the_ship_and_names_no_shore(view: ViewOf) -> None:
    # Treasure Island, chapter 17: "we waded ashore as fast as we could" (the lemmatizer reads
    # "waded" as "wad"). Which shore the sentence does not say: the ship on record ends.
    people = StoryContext(entities=[
        KnownEntity(name="Tom Heller", type="character", gender="male"),
        KnownEntity(name="Hispaniola", type="location")])
    text = ("Tom Heller went aboard the Hispaniola. With all this in his mind, Tom Heller "
            "waded ashore as fast as he could.")
    items = extract_state_deltas(view(text, people)).items
    assert [(d.kind, d.subject, d.object, d.value) for d in items] == [
        ("moved_to", "Tom Heller", "Hispaniola", None),
        ("left", "Tom Heller", None, "ashore"),
    ]
    assert_evidence_exact(text, items)
    # Their next deed in the sentence done at a named place lands them there (ch. 18, the
    # captain's log: "came ashore this day and flew British colours on the log-house in
    # Treasure Island"); a deed with a subject of its own says nothing of theirs.
    people.entities.append(KnownEntity(name="Skeleton Island", type="location"))
    flag = ("Tom Heller came ashore this day and flew his colours on the hut in Skeleton Island.")
    items = extract_state_deltas(view(flag, people)).items
    assert [(d.kind, d.subject, d.object) for d in items] == [
        ("arrived_at", "Tom Heller", "Skeleton Island")]
    assert_evidence_exact(flag, items)
    other = extract_state_deltas(view("Tom Heller came ashore, and the gulls flew over the hut "
                                      "in Skeleton Island.", people)).items
    assert [(d.kind, d.object, d.value) for d in other] == [("left", None, "ashore")]
    # A shore the text names is where they go; a wish to go ashore moves nobody.
    named = extract_state_deltas(view("Tom Heller went ashore to the Hispaniola. Tom Heller "
                                      "wanted to go ashore.", people)).items
    assert [(d.kind, d.object) for d in named] == [("moved_to", "Hispaniola")]


def test_on_reaching_a_place_is_the_main_subjects_arrival(view: ViewOf) -> None:
    # Emma, chapter 45: "Emma, on reaching home, called the housekeeper directly".
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    people = StoryContext(entities=[
        KnownEntity(name="Emma Woodhouse", type="character", gender="female", aliases=["Emma"]),
        KnownEntity(name="Bath", type="location")])
    items = extract_state_deltas(view("Emma drove to Bath. Emma, on reaching home, called the "
                                      "housekeeper directly.", people)).items
    assert [(d.kind, d.object) for d in items] == [("moved_to", "Bath"), ("left", None)]
    talk = extract_state_deltas(view("Emma thought of reaching Bath by noon.", people)).items
    assert talk == []


def test_saying_good_bye_to_a_place_leaves_it() -> None:
    from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    from .support import novel_chapters

    # Treasure Island, chapter 7, told by Jim: "I said good-bye to Mother and the cove where
    # I had lived since I was born, and the dear old Admiral Benbow" on his way to Bristol.
    # His mother is in the list but is no place; a good-bye said in a quotation moves nobody.
    context = StoryContext(narrator="Jim Hawkins", entities=[
        KnownEntity(name="Jim Hawkins", type="character", gender="male", mentions=500),
        KnownEntity(name="Tom Redruth", type="character", gender="male", mentions=20),
        KnownEntity(name="Admiral Benbow", type="location", mentions=30)])
    chapter = novel_chapters("treasure_island.txt")[6]
    assert "I said good-bye to Mother" in chapter
    deltas = OfflineExtractor().extract(chapter, chapter_number=7, context=context).state_deltas
    # (The chapter's other leaving is the doctor's: "the doctor came last night from London".)
    assert [(d.kind, d.subject, d.object) for d in deltas
            if d.kind == "left" and d.evidence.rule.endswith("farewell")] == [
        ("left", "Jim Hawkins", "Admiral Benbow")]
    spoken = '"I said good-bye to the Admiral Benbow," said Tom Redruth. Jim Hawkins nodded.'
    deltas = OfflineExtractor().extract(spoken, chapter_number=7, context=context).state_deltas
    assert not [d for d in deltas if d.kind == "left"]


def test_a_name_with_his_before_it_is_no_place_even_when_the_story_knows_it(view: ViewOf) -> None:
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    text = ("Tom Heller's skull was fractured in falling, and some time in the following "
            "night, without sign or sound, he went to his Maker.")
    known = StoryContext(entities=[
        KnownEntity(name="Tom Heller", type="character", gender="male"),
        KnownEntity(name="Maker", type="location")])  # a misreading an earlier chapter made
    items = extract_state_deltas(view(text, known)).items
    assert not [d for d in items if d.object == "Maker"]


@pytest.mark.parametrize("text", [
    "Tom Heller was going the next morning to Hatherley Grange.",
    "Tom Heller was leaving on Tuesday for the Red Lion.",
])
def test_a_progressive_with_a_later_time_is_a_plan_not_a_move(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []


@pytest.mark.parametrize(("text", "simple_past", "move"), [
    # Great Expectations ch 29: Estella is at Satis House at the chapter's end.
    ("I learnt that Estella had but just come home from France, and that she was going to London.",
     "went", ("moved_to", "Estella", "London")),
    # Emma ch 28: on the way, seen from Ford's; Mrs. Weston ends the chapter at Randalls.
    ("Mrs. Weston and Frank Churchill were walking into Highbury, to Hartfield of course.",
     "walked", ("moved_to", "Frank Churchill", "Highbury")),
    ("Tom Heller was walking to the Red Lion when the rain began.",
     "walked", ("moved_to", "Tom Heller", "Red Lion")),
])
def test_a_progressive_is_a_plan_or_a_journey_under_way_not_an_arrival(
        view: ViewOf, text: str, simple_past: str, move: tuple[str, str, str]) -> None:
    assert not [m for m in moves(view, text) if m[0] in {"moved_to", "arrived_at"}]
    past = text.replace("was going", simple_past).replace("were walking", simple_past) \
        .replace("was walking", simple_past)
    assert move in moves(view, past)  # the same journey told as done is a move


@pytest.mark.parametrize("text", [
    "His going to Hatherley Grange surprised Nell Barrow. Tom Heller said nothing.",
    "Tom Heller disliked the scheme of their all going to Hatherley Grange.",
    # Pride and Prejudice ch 43: at Pemberley, Darcy asks when she left home.
    "Nell Barrow sat down. Tom Heller repeated his inquiries as to the time of her having "
    "left Hatherley Grange.",
])
def test_a_gerund_after_a_possessive_names_the_going_and_moves_nobody(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []


def test_a_gerund_opening_a_clause_is_still_a_move(view: ViewOf) -> None:
    assert ("moved_to", "Tom Heller", "Red Lion") in moves(
        view, "Going to the Red Lion, Tom Heller met Nell Barrow.")


@pytest.mark.parametrize("text", [
    # The Marchbank Pearls ch. 4: Walter stays behind in the theatre.
    "It was the last night, and everyone but Tom Heller went back to the Red Lion.",
    "Everybody but Tom Heller and Nell Barrow walked to Hatherley Grange.",
])
def test_whoever_but_leaves_out_does_not_go(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []



@pytest.mark.parametrize("text", [
    # Pride and Prejudice ch. 32: Darcy's visits to the Parsonage, not one journey there.
    "Tom Heller came so often to the Red Lion that Nell Barrow wondered at it.",
    "Nell Barrow walked daily to Hatherley Grange.",
    # Great Expectations ch. 34: "I was usually at Hammersmith about half the week".
    "Tom Heller was usually at the Red Lion about half the week.",
])
def test_a_habitual_motion_moves_nobody(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []
    # Said once, it is a presence.
    once = text.replace("usually ", "").replace("so often", "").replace(" daily", "")
    assert moves(view, once) != []


def test_a_participle_takes_the_time_of_the_clause_it_hangs_on(view: ViewOf) -> None:
    # Pride and Prejudice ch. 12: Mrs. Bennet, at home, had counted on the girls staying on.
    said = ("But Mrs. Bennet, who had calculated on her daughters remaining at Netherfield till "
            "the following Tuesday, which would exactly finish Jane\u2019s week, could not bring "
            "herself to receive them with pleasure before.")
    assert in_novel("pride_and_prejudice.txt", said)
    context = StoryContext(entities=[
        KnownEntity(name="Mrs. Bennet", type="character", gender="female"),
        KnownEntity(name="Jane", type="character", gender="female"),
        KnownEntity(name="Netherfield", type="location")])
    text = f"Jane had gone to bed. {said} Her answer, therefore, was not propitious."
    items = extract_state_deltas(view(text, context)).items
    assert [d for d in items if d.kind in {"moved_to", "arrived_at"}] == []


def test_a_possessive_place_is_the_one_place_the_story_names_so(view: ViewOf) -> None:
    # Great Expectations ch 31: "Barnard's" is Barnard's Inn, not a house of the Mr. Barnard
    # the story met in chapter 21 (Barnard's Inn is named for him).
    text = "Herbert Pocket said he thought it would be kind, and he went to Barnard's with us."
    known = StoryContext(entities=[
        KnownEntity(name="Herbert Pocket", type="character", gender="male", aliases=["Herbert"]),
        KnownEntity(name="Mr. Barnard", type="character", gender="male", aliases=["Barnard"]),
        KnownEntity(name="Barnard's Inn", type="location")])
    places = {d.object for d in extract_state_deltas(view(text, known)).items if d.kind == "moved_to"}
    assert places == {"Barnard's Inn"}
    alone = StoryContext(entities=known.entities[:2])  # no such place: the man's house
    places = {d.object for d in extract_state_deltas(view(text, alone)).items if d.kind == "moved_to"}
    assert places == {"Mr. Barnard's"}


def test_taking_leave_of_people_ends_the_place_on_record(view: ViewOf) -> None:
    # Pride and Prejudice ch 12: Elizabeth and Jane leave Netherfield for home.
    text = "Elizabeth Bennet took leave of the whole party in the liveliest spirits."
    assert in_novel("pride_and_prejudice.txt", text.replace("Elizabeth Bennet", "Elizabeth"))
    assert ("left", "Elizabeth Bennet", None) in moves(view, text)


@pytest.mark.parametrize("text", [
    # Great Expectations ch 41: what Provis said when he left, the night before.
    "Tom Heller had said, on taking leave of Nell Barrow, that he would come to breakfast.",
    "Tom Heller had taken leave of Nell Barrow before the rain began.",
    "Tom Heller would take leave of Nell Barrow in the morning.",
])
def test_a_leave_taken_at_another_time_moves_nobody(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []


def test_someone_gone_in_the_narrations_now_leaves_the_place_on_record(view: ViewOf) -> None:
    text = ("The door had soon shut out Frank Churchill. Short had been the notice--short their "
            "meeting; he was gone; and Emma felt so sorry to part.")
    assert in_novel("emma.txt", text.split(". ", 1)[1].rstrip("."))
    assert ("left", "Frank Churchill", None) in moves(view, text)


@pytest.mark.parametrize("text", [
    # Great Expectations ch 30: a heart, not Pip, is gone.
    "Tom Heller arrived at the Red Lion safe,--but not sound, for his heart was gone.",
    "When Tom Heller was gone, Nell Barrow sat down on her stool.",  # a clause of time
    "Nell Barrow thought that Tom Heller was gone.",
    "Tom Heller had been gone an hour.",
])
def test_gone_of_something_else_or_at_another_time_leaves_nothing(view: ViewOf, text: str) -> None:
    assert not [m for m in moves(view, text) if m[0] == "left" and m[2] is None]


@pytest.mark.parametrize("text", [
    # Pride and Prejudice ch 52 and Emma: "town" bare after a preposition is London.
    "He had followed them purposely to town.",
    "Jane Bennet went up to town on Monday.",
    "Mr. Bingley returned to town for the winter.",
])
def test_town_standing_bare_is_the_capital_the_story_knows(view: ViewOf, text: str) -> None:
    known = StoryContext(entities=[
        KnownEntity(name="Mr. Bingley", type="character", gender="male", aliases=["Bingley"]),
        KnownEntity(name="Jane Bennet", type="character", gender="female", aliases=["Jane"]),
        KnownEntity(name="London", type="location")])
    text = "Mr. Bingley bowed. " + text
    places = {d.object for d in extract_state_deltas(view(text, known)).items if d.kind == "moved_to"}
    assert places == {"London"}
    # A story that has named no London: the word is no place.
    alone = StoryContext(entities=known.entities[:2])
    assert not [d for d in extract_state_deltas(view(text, alone)).items if d.kind == "moved_to"]


@pytest.mark.parametrize("text", [
    "Jane Bennet went to the town the next morning.",
    "Jane Bennet went to a country town the next morning.",
    "Jane Bennet went to her own town the next morning.",
])
def test_a_town_with_a_word_before_it_is_not_the_capital(view: ViewOf, text: str) -> None:
    known = StoryContext(entities=[
        KnownEntity(name="Jane Bennet", type="character", gender="female", aliases=["Jane"]),
        KnownEntity(name="London", type="location")])
    assert "London" not in {d.object for d in extract_state_deltas(view(text, known)).items}


@pytest.mark.parametrize(("text", "traveller"), [
    # Pride and Prejudice ch 46: leaving Lambton; she reaches Longbourn the next chapter.
    ("Nell Barrow, after all the misery of the morning, found herself seated in the carriage, "
     "and on the road to Hatherley Grange.", "Nell Barrow"),
    ("Tom Heller met Nell Barrow in the lane on his way to Hatherley Grange.", "Tom Heller"),
])
def test_on_the_road_to_a_place_has_left_the_place_on_record(
        view: ViewOf, text: str, traveller: str) -> None:
    assert moves(view, text) == [("left", traveller, None)]


@pytest.mark.parametrize("text", [
    '"I was on the road to Hatherley Grange," said Tom Heller.',  # talk of it
    "Tom Heller had been on the road to Hatherley Grange.",  # another time
    "Tom Heller was on the road to ruin.",  # no place of the story
])
def test_a_road_talked_of_or_of_another_time_leaves_nothing(view: ViewOf, text: str) -> None:
    assert moves(view, text) == []


def test_a_past_perfect_move_that_only_dates_something_else_moves_nobody(view: ViewOf) -> None:
    # Great Expectations ch 33: Estella, in London, had been put in France for eleven chapters.
    text = ("Nell Barrow had never left her aunt's house until she had gone to Hatherley Grange, "
            "she told me.")
    assert moves(view, text) == []
    # The same past perfect in a main clause of the narration still tells where she is.
    assert ("moved_to", "Nell Barrow", "Hatherley Grange") in moves(
        view, "Nell Barrow had gone to Hatherley Grange.")


def test_a_when_clause_of_a_habit_places_nobody(view: ViewOf) -> None:
    # Emma ch. 2: "Emma … was sometimes taken by surprize at his being still able to pity 'poor
    # Miss Taylor,' when they left her at Randalls": each time they left her, not a scene.
    assert in_novel("emma.txt", "was sometimes taken by surprize at his being still able to pity")
    people = StoryContext(entities=[
        KnownEntity(name="Emma Woodhouse", type="character", gender="female", aliases=["Emma"]),
        KnownEntity(name="Miss Taylor", type="character", gender="female"),
        KnownEntity(name="Randalls", type="location")])
    habit = ("Emma, well as she knew her father, was sometimes taken by surprize at his being "
             "still able to pity 'poor Miss Taylor,' when they left her at Randalls in the "
             "centre of every domestic comfort.")
    assert extract_state_deltas(view(habit, people)).items == []
    once = "Emma was taken by surprize when they left Miss Taylor at Randalls."
    assert [(d.kind, d.subject, d.object) for d in extract_state_deltas(view(once, people)).items] \
        == [("arrived_at", "Miss Taylor", "Randalls")]


def test_gone_or_come_with_be_is_a_move(view: ViewOf) -> None:
    assert moves(view, "Nell Barrow waited. Tom Heller was gone to Hatherley Grange.") == [
        ("moved_to", "Tom Heller", "Hatherley Grange")]
    assert moves(view, "Nell Barrow waited. Tom Heller and Nell Barrow were come to the Red "
                       "Lion.") == [("moved_to", "Tom Heller", "Red Lion"),
                                    ("moved_to", "Nell Barrow", "Red Lion")]


def test_a_him_after_a_he_outside_us_is_not_the_one_man_named() -> None:
    # Great Expectations, chapter 41, told by Pip: Herbert is one of "us", so the "he" who
    # would "leave us together" is someone else (Provis), and so is "him", taken to Essex
    # Street; with no such "he", the one man named is whom "him" means.
    people = (("Herbert", "character", "male"), ("Essex Street", "location", None))
    text = ("Herbert said, \"Certainly,\" but looked perplexed and dismayed. We were anxious for "
            "the time when he would go to his lodging and leave us together, but he sat late. "
            "It was midnight before I took him round to Essex Street, and saw him in at his "
            "own dark door.")
    assert in_novel("great_expectations.txt", "It was midnight before I took him round to Essex Street")
    assert ("Herbert", "Essex Street") not in told_by_pip(text, 41, *people)
    text = ("Herbert said, \"Certainly,\" but looked perplexed and dismayed. Herbert sat late. "
            "It was midnight before I took him round to Essex Street.")
    assert ("Herbert", "Essex Street") in told_by_pip(text, 41, *people)


def test_a_couple_named_as_one_moves_both(view: ViewOf) -> None:
    # "Mr. and Mrs. John Knightley, their five children, … all reaching Hartfield" (Emma
    # ch. 11): the period's way of naming a couple names the two of them.
    context = StoryContext(entities=[
        KnownEntity(name="Mr. Weston", type="character", gender="male"),
        KnownEntity(name="Mrs. Weston", type="character", gender="female"),
        KnownEntity(name="Hartfield", type="location")])
    assert sorted(moves(lambda t: view(t, context),
                        "Mr. and Mrs. Weston walked to Hartfield that morning.")) == [
        ("moved_to", "Mr. Weston", "Hartfield"), ("moved_to", "Mrs. Weston", "Hartfield")]
    # The wife said alone moves alone.
    assert moves(lambda t: view(t, context), "Mrs. Weston walked to Hartfield that morning.") == [
        ("moved_to", "Mrs. Weston", "Hartfield")]


def test_steps_directed_and_a_face_turned_to_a_place_are_the_going(view: ViewOf) -> None:
    # Great Expectations, ch. 40 and ch. 16: the going told by the steps or the face.
    assert in_novel("great_expectations.txt", "I turned my face, on my own account, to Little Britain.")
    assert in_novel("great_expectations.txt", "Three Jolly Bargemen, therefore, I directed my steps.")
    assert moves(view, "Nell Barrow waited. Tom Heller turned his face, on his own account, to "
                       "the Red Lion.") == [("moved_to", "Tom Heller", "Red Lion")]
    assert moves(view, "Nell Barrow waited. To the Red Lion, therefore, Tom Heller directed his "
                       "steps.") == [("moved_to", "Tom Heller", "Red Lion")]
    for text in ("Tom Heller turned his face to the fire.",  # a face turned to no place
                 "Tom Heller turned to the Red Lion in his thoughts.",  # no steps, no face
                 "Tom Heller turned the face of the clock to the Red Lion."):  # not his own
        assert moves(view, "Nell Barrow waited. " + text) == [], text


def test_turning_into_a_place_is_going_there(view: ViewOf) -> None:
    # Great Expectations, ch. 41: Pip back from Essex Street; "turning to" someone is no move.
    assert in_novel("great_expectations.txt", "the street was empty when I turned back into the Temple")
    assert moves(view, "Nell Barrow waited. The street was empty when Tom Heller turned back "
                       "into the Red Lion.") == [("moved_to", "Tom Heller", "Red Lion")]
    for text in ("Tom Heller turned into a frog.", "Tom Heller turned to Nell Barrow.",
                 "Tom Heller turned to the Red Lion with a sigh."):
        assert moves(view, "Nell Barrow waited. " + text) == [], text
