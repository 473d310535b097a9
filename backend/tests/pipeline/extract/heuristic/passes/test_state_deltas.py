"""state_deltas: movement, possession, death, marriage and injury, gated and in text order."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, in_novel, novel_chapters

ViewOf = Callable[..., ChapterView]
PLACES = StoryContext(entities=[
    KnownEntity(name="Meryton", type="location"),
    KnownEntity(name="Longbourn", type="location"),
    KnownEntity(name="Elizabeth Bennet", type="character", aliases=["Elizabeth"]),
])


def deltas(view: ViewOf, text: str, context: StoryContext | None = None) -> list[tuple]:
    v = view(text, context)
    items = extract_state_deltas(v).items
    assert_evidence_exact(text, items)
    return [(d.kind, d.subject, d.object) for d in items]


def test_entering_a_named_place_is_an_arrival(view: ViewOf) -> None:
    sentence = "Elizabeth entered the drawing-room at Netherfield"
    assert in_novel("pride_and_prejudice.txt", sentence)
    assert deltas(view, sentence + ".") == [("arrived_at", "Elizabeth", "Netherfield")]


def test_movement_to_from_and_at(view: ViewOf) -> None:
    assert deltas(view, "Mr. Bingley arrived at Netherfield on Monday.") == [
        ("arrived_at", "Mr. Bingley", "Netherfield")]
    assert deltas(view, "Jane left London the next morning.") == [("left", "Jane", "London")]


def test_pronoun_subjects_resolve_and_order_is_text_order(view: ViewOf) -> None:
    text = ("The next morning Elizabeth walked to Meryton, and she returned to Longbourn "
            "at noon.")
    assert deltas(view, text, PLACES) == [
        ("moved_to", "Elizabeth Bennet", "Meryton"),
        ("moved_to", "Elizabeth Bennet", "Longbourn"),
    ]


def test_blocked_movements_produce_nothing(view: ViewOf) -> None:
    assert deltas(view, "Elizabeth did not walk to Meryton.", PLACES) == []
    assert deltas(view, "Elizabeth wanted to walk to Meryton.", PLACES) == []
    assert deltas(view, "If Elizabeth walked to Meryton, she would see him.", PLACES) == []
    assert deltas(view, "Will Elizabeth walk to Meryton?", PLACES) == []


def test_giving_is_a_loss_for_one_and_a_gain_for_the_other(view: ViewOf) -> None:
    assert deltas(view, "Mr. Darcy gave the letter to Elizabeth.") == [
        ("gave", "Mr. Darcy", "letter"), ("received", "Elizabeth", "letter")]
    assert deltas(view, "Captain Smollett gave Jim Hawkins the map.") == [
        ("gave", "Captain Smollett", "map"), ("received", "Jim Hawkins", "map")]


def test_possession_changes(view: ViewOf) -> None:
    assert deltas(view, "Jim Hawkins lost the key.") == [("lost", "Jim Hawkins", "key")]
    assert deltas(view, "Billy Bones burnt the chart.") == [
        ("destroyed", "Billy Bones", "chart")]
    assert deltas(view, "Jim Hawkins received a letter from Dr. Livesey.") == [
        ("received", "Jim Hawkins", "letter")]


def test_light_verbs_and_abstractions_are_not_possessions(view: ViewOf) -> None:
    assert deltas(view, "Mr. Bennet took delight in vexing her.") == []
    assert deltas(view, "Elizabeth lost her temper.") == []
    assert deltas(view, "Mr. Collins gave Elizabeth a look of triumph.") == []


def test_death_and_killing_name_the_victim_as_subject(view: ViewOf) -> None:
    assert deltas(view, "Tom Morgan was killed by the pirates.") == [
        ("killed", "Tom Morgan", None)]
    assert deltas(view, "Israel Hands killed Tom Morgan.") == [
        ("killed", "Tom Morgan", "Israel Hands")]
    assert deltas(view, "Old Pew died that night.") == [("died", "Old Pew", None)]
    assert deltas(view, "Captain Flint was dead.") == [("died", "Captain Flint", None)]
    assert deltas(view, "Captain Flint was not dead.") == []


def test_a_near_death_is_no_death(view: ViewOf) -> None:
    for text in ("Tom Morgan was almost killed by the pirates.", "Old Pew nearly died that night.",
                 "Captain Flint was half dead with rum.", "Captain Flint was as good as dead.",
                 "Captain Flint lay all but dead on the sand."):
        assert [d for d in deltas(view, text) if d[0] in ("died", "killed")] == [], text
    assert deltas(view, "Captain Flint was quite dead.") == [("died", "Captain Flint", None)]


def test_a_death_said_in_dialogue_of_a_pronoun_is_not_recorded(view: ViewOf) -> None:
    # whom "he" means across a conversation is a guess; a name, or narration, is not
    said = 'Long John Silver came up the path. "He\'s dead," said Morgan, "and he died hard."'
    assert [d for d in deltas(view, said) if d[0] == "died"] == []
    named = '"Captain Flint is dead," said Morgan.'
    assert [d for d in deltas(view, named) if d[0] == "died"] == [("died", "Captain Flint", None)]
    narrated = "Captain Smollett came up the path. He was dead by nightfall."
    assert [d for d in deltas(view, narrated) if d[0] == "died"] == [
        ("died", "Captain Smollett", None)]


def test_marriage_engagement_and_injury(view: ViewOf) -> None:
    assert deltas(view, "Lydia married Wickham.") == [
        ("married", "Lydia", "Wickham"), ("married", "Wickham", "Lydia")]
    assert deltas(view, "Jane was engaged to Mr. Bingley.") == [
        ("engaged", "Jane", "Mr. Bingley"), ("engaged", "Mr. Bingley", "Jane")]
    assert deltas(view, "Jim Hawkins was wounded by Israel Hands.") == [
        ("injured", "Jim Hawkins", "Israel Hands")]
    assert deltas(view, "Jane was engaged in conversation with Mr. Bingley.") == []


def test_question_in_dialogue_is_no_marriage(view: ViewOf) -> None:
    text = novel_chapters("pride_and_prejudice.txt")[0]
    items = extract_state_deltas(view(text)).items
    assert not [d for d in items if d.kind == "married"]  # "Is he married or single?"


def test_feelings_hurt_and_figures_of_speech_change_nothing(view: ViewOf) -> None:
    assert deltas(view, "Her coldness hurt Elizabeth.") == []
    assert deltas(view, "Jim Hawkins hurt his ankle.") == [("injured", "Jim Hawkins", None)]
    assert deltas(view, "Jim Hawkins was badly hurt.") == [("injured", "Jim Hawkins", None)]
    assert deltas(view, "Elizabeth was dying with laughter.") == []
    assert deltas(view, "Charlotte was engaged.") == []  # busy, or betrothed to nobody named


def test_dialogue_in_the_present_tense_is_a_plan(view: ViewOf) -> None:
    text = "“Mrs. Bennet and Lydia are going in the carriage to Meryton,” said Jane."
    assert deltas(view, text, PLACES) == []
    text = "“Lydia went to Meryton this morning,” said Jane."
    assert deltas(view, text, PLACES) == [("moved_to", "Lydia", "Meryton")]


def test_a_figurative_death_is_no_death(view: ViewOf) -> None:
    # Whoever says "I" is alive to say it; starving is dying only "to death"; dying of a
    # feeling is a manner of speaking.
    for text in ("Old Pew was gone, and I starved on the island.",
                 "Old Pew starved in the cottage all winter.",
                 "Old Pew nearly laughed, and Tom Morgan died of shame.",
                 "\"I died of fright,\" said Tom Morgan."):
        assert [d for d in deltas(view, text) if d[0] == "died"] == [], text
    assert deltas(view, "Old Pew starved to death in the cottage.") == [("died", "Old Pew", None)]
    assert deltas(view, "Old Pew died of a fever.") == [("died", "Old Pew", None)]


def test_the_narrator_never_dies_in_the_telling() -> None:
    from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
    from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

    # A first-person narrator who "died" of a feeling is telling the story; Old Pew is dead.
    context = StoryContext(narrator="Jim Hawkins", entities=[
        KnownEntity(name="Jim Hawkins", type="character", gender="male", mentions=900),
        KnownEntity(name="Old Pew", type="character", gender="male", mentions=20)])
    text = ("I was alone that night. I lay still, and I listened. I heard the tapping of the "
            "stick, and I died a thousand deaths in the dark. I waited. Then Old Pew died in "
            "the road, and I ran home. I was glad, and I slept.")
    deltas = OfflineExtractor().extract(text, chapter_number=5, context=context).state_deltas
    assert [(d.subject) for d in deltas if d.kind == "died"] == ["Old Pew"]


def test_a_death_in_single_quotes_beside_a_double_quoted_story_is_speech(view: ViewOf) -> None:
    # Wuthering Heights ch. 17 tells Isabella's story in double quotes; then Heathcliff, in the
    # book's straight single quotes: "I sent for Kenneth, and he came; but not till the beast
    # had changed into carrion: he was both dead and cold". Said in dialogue of a pronoun, the
    # death is Hindley's or nobody's, never the doctor's (Kenneth had been dead on record from
    # ch. 17 to the end).
    chapter = novel_chapters("wuthering_heights.txt")[16]
    start = chapter.index("'Correctly,' he remarked")
    text = chapter[:chapter.index("\n\n", start)]
    context = StoryContext(entities=[
        KnownEntity(name="Kenneth", type="character", gender="male", aliases=["Mr. Kenneth"]),
        KnownEntity(name="Mr. Heathcliff", type="character", gender="male",
                    aliases=["Heathcliff"])])
    assert [d for d in deltas(view, text, context) if d[0] == "died"] == []


def test_a_death_needs_a_named_or_certain_victim(view: ViewOf) -> None:
    # Wuthering Heights: "two hours after the mother died" is not the daughter named beside it;
    # a "he" among several men is a guess; "dead to me" is a manner of speaking.
    for text in ("Catherine Linton was born that night, two hours after the mother died.",
                 "That night was born the Catherine Linton you saw at the Heights: a puny child; "
                 "and two hours after the mother died.",
                 "Tom Morgan met Mr. Silver and Mr. Hands on the road. He died that night.",
                 "Tom Morgan came home. Old Pew was dead to him."):
        assert [d for d in deltas(view, text) if d[0] in ("died", "killed")] == [], text
    assert [d for d in deltas(view, "Tom Morgan sat down. He died that night.") if d[0] == "died"] == [
        ("died", "Tom Morgan", None)]


def test_a_death_reported_in_narration_or_a_sound_dying_away_is_no_death(view: ViewOf) -> None:
    # Wuthering Heights, chapter 24: "I exclaimed that he had killed Linton" is Nelly's cry,
    # not the story's fact; Silas Marner, chapter 16: "any higher title has died away from
    # Raveloe lips" beside Mrs. Godfrey Cass.
    for text in ("Israel Hands stood at the door. I exclaimed that he had killed Tom Morgan.",
                 "Old Pew stood at the door. I exclaimed that Israel Hands had killed Tom Morgan.",
                 # a character's own telling, in quotation marks, reports it too
                 "\"Old Pew stood at the door. I exclaimed that Israel Hands had killed Tom "
                 "Morgan,\" said Tom Morgan.",
                 "Tom Morgan (any higher title has died away from the lips of the village) "
                 "came in."):
        assert [d for d in deltas(view, text) if d[0] in ("died", "killed")] == [], text
    assert [d for d in deltas(view, "Old Pew stood at the door. Israel Hands had killed Tom "
                                    "Morgan.") if d[0] == "killed"] == [
        ("killed", "Tom Morgan", "Israel Hands")]


PLAYHOUSES = StoryContext(entities=[
    KnownEntity(name=name, type="location") for name in ("Camberwell", "Bosworth Field",
                                                          "Glastonbury")])


def test_a_death_to_come_or_played_in_several_places_is_no_death(view: ViewOf) -> None:
    # Great Expectations, chapter 18: Matthew's place "was to be at Miss Havisham's head, when
    # she lay dead" (she dies in chapter 49); chapter 15: Mr. Wopsle, reading a play aloud,
    # "died amiably at Camberwell, and exceedingly game on Bosworth Field".
    for sentence in ("The Matthew whose place was to be at Miss Havisham's head, when she lay "
                     "dead, in her bride's dress on the bride's table.",
                     "Mr.\nWopsle died amiably at Camberwell, and exceedingly game on Bosworth\n"
                     "Field, and in the greatest agonies at Glastonbury."):
        assert in_novel("great_expectations.txt", sentence)
        text = "Miss Havisham sat in the room. " + sentence.replace("\n", " ")
        assert deltas(view, text, PLAYHOUSES) == [], sentence  # no death, and no place
    # the same clauses, told as having happened, are deaths
    assert [d for d in deltas(view, "Miss Havisham sat in the room. The Matthew was at Miss "
                                    "Havisham's head, when she lay dead.") if d[0] == "died"] == [
        ("died", "Miss Havisham", None)]
    assert deltas(view, "Mr. Wopsle died amiably at Camberwell, and was buried on the hill.",
                  PLAYHOUSES) == [("arrived_at", "Mr. Wopsle", "Camberwell"),
                                  ("died", "Mr. Wopsle", None)]


def test_no_more_is_dead_only_ending_its_clause(view: ViewOf) -> None:
    # Emma, chapter 45: "The great Mrs. Churchill was no more."
    assert in_novel("emma.txt", "The great Mrs. Churchill was no more.")
    assert deltas(view, "Old Pew sat down. The great Old Pew was no more.") == [
        ("died", "Old Pew", None)]
    for text in ("Old Pew was no more than a child.", "Old Pew was no more a stranger.",
                 "Old Pew was no more afraid of them.", "Old Pew would be no more."):
        assert [d for d in deltas(view, text) if d[0] == "died"] == [], text


def test_dying_told_without_die(view: ViewOf) -> None:
    told = [  # each novel's own sentence, and the same form said of a named person
        ("treasure_island.txt", "And not long after, without another word, he passed away.",
         "Tom Redruth stumbled. Not long after, without a word, Tom Redruth passed away.",
         "Tom Redruth"),
        ("treasure_island.txt", "without sign or sound, he went to his Maker",
         "Hunter lingered all day. Some time in the night, Hunter went to his Maker.", "Hunter"),
        ("great_expectations.txt", "Gargery had departed this life on Monday last",
         "Mrs. Gargery had departed this life on Monday last.", "Mrs. Gargery"),
        ("treasure_island.txt", "The captain had been struck dead by thundering apoplexy.",
         "Billy Bones had been struck dead by thundering apoplexy.", "Billy Bones"),
    ]
    for book, sentence, text, who in told:
        assert in_novel(book, sentence), sentence
        assert [d for d in deltas(view, text) if d[0] == "died"] == [("died", who, None)], text
    letter = "that they begged to inform me that Mrs. J.\nGargery had departed this life"
    assert in_novel("great_expectations.txt", letter)  # news brought is the story's fact
    assert deltas(view, "They begged to inform me that Mrs. Gargery had departed this life.") \
        == [("died", "Mrs. Gargery", None)]
    assert deltas(view, "They exclaimed that Mrs. Gargery had departed this life.") == []
    assert deltas(view, "Old Pew breathed his last. Black Dog gave up the ghost.") == [
        ("died", "Old Pew", None), ("died", "Black Dog", None)]
    for text in ("Old Pew passed away the time with cards.", "Old Pew went to his master.",
                 "The look came back, and passed away.", "Old Pew stopped him dead.",
                 "Old Pew gave the ghost a fright.", "Old Pew departed for London."):
        assert [d for d in deltas(view, text) if d[0] == "died"] == [], text


def test_the_shooter_is_not_his_own_victim_through_him(view: ViewOf) -> None:
    # Treasure Island, ch. 22: the captain's wound; "him" is the captain, never Job.
    sentence = "for it was Job that shot him first"
    assert in_novel("treasure_island.txt", sentence)
    job = StoryContext(entities=[KnownEntity(name="Job Anderson", type="character",
                                             gender="male", aliases=["Job"])])
    assert deltas(view, "Anderson's ball--" + sentence + "--had broken his arm.", job) == []
    assert deltas(view, "Job Anderson shot himself with a pistol.", job) == [
        ("injured", "Job Anderson", "Job Anderson")]
