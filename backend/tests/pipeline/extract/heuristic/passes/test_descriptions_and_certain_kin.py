"""Descriptions from narration, and kin stated only of people the text makes certain."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.descriptions import describe_entities
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from tests.pipeline.extract.heuristic.passes.support import in_novel

ViewOf = Callable[..., ChapterView]


def _descriptions(text: str) -> dict[str, str | None]:
    chapter = analyze_chapter_text(text, StoryContext())
    describe_entities(ChapterView.build(chapter, StoryContext()), chapter.entities)
    return {e.name: e.description for e in chapter.entities.values()}


def test_an_apposition_in_narration_describes_the_person() -> None:
    text = ("Mr. Knightley, a sensible man about seven or eight-and-thirty, was not only a very "
            "old and intimate friend of the family, but particularly connected with it, as the elder "
            "brother of Isabella's husband.")
    assert in_novel("emma.txt", text)
    assert _descriptions(text)["Mr. Knightley"] == "a sensible man about seven or eight-and-thirty"


def test_a_calling_set_off_beside_a_name_describes_the_person_but_a_list_does_not() -> None:
    # Treasure Island, chapters 9 and 33.
    text = ("And the coxswain, Israel Hands, was a careful, wily, old, experienced seaman who "
            "could be trusted at a pinch with almost anything.")
    assert in_novel("treasure_island.txt", text)
    assert _descriptions(text)["Israel Hands"] == "the coxswain"
    text = "I lived on at the hall under the charge of old Redruth, the gamekeeper, almost a prisoner."
    assert _descriptions(text)["Redruth"] == "the gamekeeper"
    # Great Expectations, chapter 4: the calling runs to its comma.
    text = ("Mr. Wopsle, the clerk at church, was to dine with us; and Mr. Hubble the wheelwright "
            "and Mrs. Hubble;")
    assert in_novel("great_expectations.txt", text)
    assert _descriptions(text)["Mr. Wopsle"] == "the clerk at church"
    # Lists part people: nobody here is "the doctor" or "the captain".
    text = ("At the same moment, the doctor, Gray, and Ben Gunn joined us, with smoking muskets, "
            "from among the nutmeg-trees.")
    assert in_novel("treasure_island.txt", text)
    assert _descriptions(text).get("Gray") is None
    text = ("It had been originally meant that the captain, Mr. Arrow, Hunter, Joyce, the doctor, "
            "and the squire were to occupy these six berths.")
    assert not any(_descriptions(text).values())
    # the list's "the squire" describes neither; each is the office of their own title
    assert _descriptions("There were Captain Smollett, the squire, and Dr. Livesey.") == {
        "Captain Smollett": "the captain", "Dr. Livesey": "the doctor"}
    # Treasure Island, chapter 23: a possessive is whose voice it was, not a calling.
    text = "One I recognized for the coxswain's, Israel Hands, that had been Flint's gunner in former days."
    assert in_novel("treasure_island.txt", text)
    assert _descriptions(text).get("Israel Hands") is None


def test_a_copula_in_narration_describes_the_person() -> None:
    text = "Mr. Bennet was so odd a mixture of quick parts, sarcastic humour, reserve, and caprice."
    found = _descriptions(text)["Mr. Bennet"]
    assert found is not None and "mixture of quick parts" in found


HIGHBURY = StoryContext(entities=[
    KnownEntity(name="Frank Churchill", type="character", gender="male", mentions=30,
                aliases=["Frank", "Mr. Frank Churchill"]),
    KnownEntity(name="Mr. Weston", type="character", gender="male", mentions=30),
    KnownEntity(name="Emma Woodhouse", type="character", gender="female", mentions=90,
                aliases=["Emma"]),
])


def _described_in(text: str, context: StoryContext) -> dict[str, str | None]:
    chapter = analyze_chapter_text(text, context)
    describe_entities(ChapterView.build(chapter, context), chapter.entities)
    return {e.name: e.description for e in chapter.entities.values()}


def test_a_he_opening_a_clause_after_a_semicolon_describes_the_person_named_before() -> None:
    """Emma, chapter 23: the second clause is a main clause, the person is named earlier in the
    sentence (so "her father" in the sentence before is no rival), the italics do not hide
    the article, and the semicolon after "man" ends the phrase."""
    text = ("Mr. Weston and his son had arrived, and her father was yet in the midst of his very "
            "civil welcome.\n\nThe Frank Churchill so long talked of, so high in interest, was "
            "actually before her--he was presented to her, and she did not think too much had "
            "been said in his praise; he was a _very_ good looking young man; height, air, "
            "address, all were unexceptionable")
    assert in_novel("emma.txt", text.split("\n\n")[1])
    assert _described_in(text, HIGHBURY)["Frank Churchill"] == "a _very_ good looking young man"
    # A "he" in a clause joined by a comma is no main clause of its own: nothing.
    text = "Frank Churchill came in at noon, and he was a very good looking young man."
    assert _described_in(text, HIGHBURY)["Frank Churchill"] is None


def test_a_name_the_tagger_read_as_a_common_noun_is_still_described() -> None:
    """Great Expectations, chapter 23: spaCy tags "Drummle" NOUN, not PROPN; the apposition
    still describes the person the name is."""
    text = "Drummle, an old-looking young man of a heavy order of architecture, was whistling."
    assert in_novel("great_expectations.txt", text)
    context = StoryContext(entities=[KnownEntity(name="Bentley Drummle", type="character",
                                                 gender="male", mentions=5, aliases=["Drummle"])])
    assert _described_in(text, context)["Bentley Drummle"] == (
        "an old-looking young man of a heavy order of architecture")


def test_a_set_off_modifier_that_points_elsewhere_ends_the_description() -> None:
    text = ("Mr. Gardiner was a sensible, gentlemanlike man, greatly superior to his sister, as well "
            "by nature as education.")
    assert in_novel("pride_and_prejudice.txt", text)
    assert _descriptions(text)["Mr. Gardiner"] == "a sensible, gentlemanlike man"
    # With no comma before it, "his" leaves the phrase meaningless out of context: nothing.
    assert _descriptions("Mr. Gardiner was a great favourite of his sister.").get("Mr. Gardiner") is None


def test_whose_relative_by_a_named_owner_describes_the_person() -> None:
    text = "Biddy was Mr. Wopsle's great-aunt's granddaughter; I confess myself unequal to it."
    assert in_novel("great_expectations.txt", text.split(";")[0])
    assert _descriptions(text)["Biddy"] == "Mr. Wopsle's great-aunt's granddaughter"
    assert _descriptions("Biddy was Mr. Wopsle's great-aunt's kettle.").get("Biddy") is None


def test_a_description_stops_where_its_first_clause_begins() -> None:
    text = ("I found out within a few hours, and may mention at once, that Mrs. Pocket was the only "
            "daughter of a certain quite accidental deceased Knight, who had invented for himself a "
            "conviction that his deceased father would have been made a Baronet but for somebody's "
            "determined opposition arising out of entirely personal motives,--I forget whose, if I "
            "ever knew,--the Sovereign's, the Prime Minister's, the Lord Chancellor's, the "
            "Archbishop of Canterbury's, anybody's,--and had tacked himself on to the nobles of the "
            "earth in right of this quite supposititious fact.")
    assert in_novel("great_expectations.txt", text.split(" but for")[0])
    assert _descriptions(text)["Mrs. Pocket"] == (
        "the only daughter of a certain quite accidental deceased Knight")


def test_a_person_is_described_by_a_noun_for_a_person() -> None:
    # Whole novels' false descriptions: a length of time, an amount, a thing she wrote.
    assert _descriptions("Jane Bennet had been a week in town.").get("Jane Bennet") is None
    assert _descriptions("Harriet Smith was a manner of kindness and sweetness.").get(
        "Harriet Smith") is None
    knightley = _descriptions("Mr. Knightley was a sort of general friend and adviser.")
    assert knightley["Mr. Knightley"] == "a sort of general friend and adviser"
    assert _descriptions("Tom Morgan, an old, grey-haired, mahogany-faced sailor, came up.")[
        "Tom Morgan"] == "an old, grey-haired, mahogany-faced sailor"


def test_an_introduction_by_adjectives_describes_the_person() -> None:
    text = ("Emma Woodhouse, handsome, clever, and rich, with a comfortable home and happy "
            "disposition, seemed to unite some of the best blessings of existence; and had lived "
            "nearly twenty-one years in the world with very little to distress or vex her.")
    assert in_novel("emma.txt", text)
    assert _descriptions(text)["Emma Woodhouse"] == (
        "handsome, clever, and rich, with a comfortable home and happy disposition")
    # Two adjectives say how someone is just then, not who they are.
    assert _descriptions("Jim Hawkins, safe and sound, came home.").get("Jim Hawkins") is None


def test_whose_relative_a_person_is_describes_them() -> None:
    text = "Harriet Smith was the natural daughter of somebody."
    assert in_novel("emma.txt", text)
    assert _descriptions(text)["Harriet Smith"] == "the natural daughter of somebody"
    # "the superior creature of the two" compares; it does not say whose she is.
    assert _descriptions("Harriet Smith was the superior creature of the two.").get(
        "Harriet Smith") is None


def test_speech_pronouns_and_identifications_describe_nobody() -> None:
    said = _descriptions('"Mr. Collins is a very foolish young man," said Elizabeth.')
    assert said.get("Mr. Collins") is None  # one character's opinion of another
    assert _descriptions("Mr. Collins was not a sensible man.").get("Mr. Collins") is None
    assert _descriptions("Jane was the one he admired.").get("Jane") is None
    assert _descriptions("Jane was a friend of his.").get("Jane") is None  # 'his' is lost


def _relations(view: ViewOf, text: str) -> list[tuple[str, str, str]]:
    return [(r.source, r.type, r.target) for r in extract_relationships(view(text))]


def test_a_my_in_speech_states_no_kin(view: ViewOf) -> None:
    text = ('Elizabeth listened. "He was my godfather, and excessively attached to me," '
            'said Mr. Wickham.')
    assert not [r for r in _relations(view, text) if r[1] == "godfather_of"]


def test_a_possessive_of_a_person_just_named_states_kin(view: ViewOf) -> None:
    found = _relations(view, "Jane Bennet sat with her sister Elizabeth by the fire.")
    assert ("Elizabeth", "sister_of", "Jane Bennet") in found


def test_a_possessive_with_two_women_named_before_it_states_nothing(view: ViewOf) -> None:
    text = "Charlotte Lucas met Jane Bennet at the door. Her sister Elizabeth came after."
    assert not [r for r in _relations(view, text) if r[1] == "sister_of"]


def test_an_opening_possessive_continues_the_subject_before(view: ViewOf) -> None:
    text = ("Daniel Quill led the mules up the hill. He was a muleteer by trade. His mother, "
            "Martha Quill, kept the inn at the foot of it.")
    assert ("Martha Quill", "mother_of", "Daniel Quill") in _relations(view, text)


def test_a_relative_named_in_a_gloss_owns_no_later_possessive(view: ViewOf) -> None:
    text = ("Mr. Bingley was good-looking. His brother-in-law, Mr. Hurst, merely looked the "
            "gentleman; but his friend Mr. Darcy soon drew the attention of the room.")
    assert in_novel("pride_and_prejudice.txt", text[text.index("His"):text.index("drew")])
    assert not [r for r in _relations(view, text) if "Mr. Hurst" in (r[0], r[2])
                and r[1] == "friend_of"]


def test_a_brother_in_law_is_an_in_law_never_a_brother(view: ViewOf) -> None:
    text = ("Mr. Bingley was good-looking. His brother-in-law, Mr. Hurst, merely looked the "
            "gentleman; but his friend Mr. Darcy soon drew the attention of the room.")
    found = _relations(view, text)
    assert ("Mr. Hurst", "in_law_of", "Mr. Bingley") in found
    assert not [r for r in found if r[1] == "brother_of"]


def test_two_kin_nouns_that_name_each_others_owner_make_the_tie(view: ViewOf) -> None:
    # Pride and Prejudice ch. 25: "her brother" of Mrs. Bennet and "his sister" of Mr.
    # Gardiner, a sentence apart, are each other; Emma ch. 2: "His father" of Frank
    # Churchill and "his son" of Mr. Weston.
    text = ("Mrs. Bennet had the pleasure of receiving her brother and his wife, who came, as "
            "usual, to spend the Christmas at Longbourn. Mr. Gardiner was a sensible, "
            "gentlemanlike man, greatly superior to his sister, as well by nature as education.")
    assert in_novel("pride_and_prejudice.txt", "Mr. Gardiner was a sensible, gentlemanlike man")
    assert ("Mrs. Bennet", "sister_of", "Mr. Gardiner") in _relations(view, text)
    text = ("Frank Churchill was a fine young man. His father had no apprehension of it. Mr. "
            "Weston saw his son every year in London.")
    assert ("Frank Churchill", "son_of", "Mr. Weston") in _relations(view, text)
    # A woman is nobody's son: "her father … Mr. Weston and his son" are two other people.
    text = ("Emma opened the door, and saw two gentlemen sitting with her father. Mr. Weston "
            "and his son had come early.")
    assert not [r for r in _relations(view, text) if r[1] in {"son_of", "father_of"}]
    # Mr. Weston cannot be Frank's mother.
    text = ("Frank Churchill was a fine young man. His mother had no apprehension of it. Mr. "
            "Weston saw his son every year in London.")
    assert not [r for r in _relations(view, text) if r[1] in {"son_of", "father_of", "mother_of"}]
    # Two earlier owners the noun could answer: nobody.
    text = ("Mrs. Bennet spoke of her brother, and Mrs. Philips of her brother too. Mr. Gardiner "
            "was superior to his sister.")
    assert not [r for r in _relations(view, text) if r[1] in {"sister_of", "brother_of"}]
    # In speech, nothing.
    text = ("“Mrs. Bennet had her brother with her,” said Jane. “Mr. Gardiner was kind to his "
            "sister.”")
    assert not [r for r in _relations(view, text) if r[1] in {"sister_of", "brother_of"}]


def test_a_relative_of_a_relative_is_not_the_first_ones(view: ViewOf) -> None:
    text = "Biddy was Mr. Wopsle's great-aunt's granddaughter; I confess myself"
    assert in_novel("great_expectations.txt", text)
    known = StoryContext(entities=[
        KnownEntity(name="Mr. Wopsle", type="character", gender="male", mentions=20),
        KnownEntity(name="Biddy", type="character", gender="female", mentions=5)])
    found = [(r.source, r.type, r.target) for r in extract_relationships(view(text, known))]
    assert not [r for r in found if r[1] == "granddaughter_of"]


def test_a_marriage_of_pronouns_states_nothing(view: ViewOf) -> None:
    text = ('Frank Churchill spoke of Mrs. Elton. "She was nobody when he married her," said '
            "Mr. Weston.")
    assert not [r for r in _relations(view, text) if r[1] == "married_to"]
    engaged = _relations(view, "Rupert Lisle came in. Clara Greaves had been engaged to him since "
                               "midsummer.")
    assert ("Clara Greaves", "engaged_to", "Rupert Lisle") in engaged
    named = _relations(view, "Harriet Smith married Robert Martin in September.")
    assert ("Harriet Smith", "married_to", "Robert Martin") in named



def test_a_certain_he_or_she_is_described_as_the_name_would_be() -> None:
    # Pride and Prejudice, chapter 10; Great Expectations, chapter 23.
    text = ("As for Mr. Hurst, by whom Elizabeth sat, he was an indolent man, who lived only "
            "to eat, drink, and play at cards.")
    assert in_novel("pride_and_prejudice.txt", "he was an indolent man, who lived only to eat")
    assert _descriptions(text)["Mr. Hurst"] == "an indolent man"
    text = ("Matthew Pocket said he was glad to see me. He was a young-looking man, in spite of "
            "his perplexities and his very grey hair.")
    assert _descriptions(text)["Matthew Pocket"] is not None


def test_a_list_of_adjectives_the_parser_heads_with_the_first_still_describes() -> None:
    # Emma, chapter 11: "a tall, gentleman-like, and very clever man" is parsed with "like"
    # (then "gentlemanlike") heading it and "man" its conjunct.
    text = ("Mr. John Knightley was a tall, gentleman-like, and very clever man; rising in his "
            "profession, domestic, and respectable in his private character.")
    assert in_novel("emma.txt", "Mr. John Knightley was a tall, gentleman-like, and very clever man")
    assert _descriptions(text)["John Knightley"] == "a tall, gentleman-like, and very clever man"


def test_a_superlative_after_the_person_s_own_nature_describes_them() -> None:
    # Pride and Prejudice, chapter 3: "His character" is his own, not another person's; "the
    # proudest … man" ranks him, which describes.
    text = ("Mr. Darcy danced only once with Mrs. Hurst and once with Miss Bingley. His character "
            "was decided. He was the proudest, most disagreeable man in the world, and everybody "
            "hoped that he would never come there again.")
    assert in_novel("pride_and_prejudice.txt", "He was the proudest, most disagreeable man in")
    assert _descriptions(text)["Mr. Darcy"] == "the proudest, most disagreeable man in the world"
    # "the man" alone identifies: nobody is described.
    assert _descriptions("Mr. Darcy came in. He was the man in the corner.").get("Mr. Darcy") is None


def test_a_pronoun_after_a_person_spoken_of_by_a_noun_describes_nobody() -> None:
    # Treasure Island, chapter 6: the squire, not the doctor named before him; Great
    # Expectations, chapter 1: a fancy of Pip's father, not Pip.
    text = ("The squire and David Livesey sat by the fire. I had never seen the squire so near "
            "at hand. He was a tall man, over six feet high, and broad in proportion.")
    assert in_novel("treasure_island.txt", "He was a tall man, over six")
    assert _descriptions(text).get("David Livesey") is None
    text = ("Philip Pirrip looked at the stones. The shape of the letters on my father's gave "
            "me an odd idea that he was a square, stout, dark man, with curly black hair.")
    assert _descriptions(text).get("Philip Pirrip") is None


def test_a_she_after_and_yet_continues_the_topic_through_her_own_youth() -> None:
    # Emma, chapter 3: "Her youth" is Miss Bates's years, not another person; "a failing
    # mother" is inside "the care of" (what her life was given to), and "And yet" links
    # the sentence to the one before: the "she" is Miss Bates, the topic throughout.
    text = ("Miss Bates stood in the very worst predicament in the world for having much of the "
            "public favour. She had never boasted either beauty or cleverness. Her youth had "
            "passed without distinction, and her middle of life was devoted to the care of a "
            "failing mother, and the endeavour to make a small income go as far as possible. "
            "And yet she was a happy woman, and a woman whom no one named without good-will.")
    assert in_novel("emma.txt", "And yet she was a happy woman, and a woman whom no one named")
    assert _descriptions(text)["Miss Bates"] == "a happy woman"
    # A person spoken of as the object of a clause is still a rival: nobody is described.
    text = ("Miss Bates stood at the door. She had never boasted either beauty or cleverness. "
            "She nursed a failing woman. And yet she was a happy woman.")
    assert _descriptions(text).get("Miss Bates") is None
    # "Her son" is another person, owned or not.
    text = ("Miss Bates stood at the door. She had never boasted either beauty or cleverness. "
            "Her son had passed without distinction. And yet she was a happy woman.")
    assert _descriptions(text).get("Miss Bates") is None


def test_a_person_new_to_the_story_is_described_by_the_office_their_title_tells() -> None:
    # Treasure Island, chapter 1: the doctor and the captain, named by their titles.
    text = "Dr. Livesey came late one afternoon to see my father, and Captain Smollett said nothing."
    found = _descriptions(text)
    assert found["Dr. Livesey"] == "the doctor" and found["Captain Smollett"] == "the captain"
    # A rank of birth is no office; a described person keeps the description the text gives.
    text = ("Sir William Lucas had been formerly in trade. Dr. Livesey, a tall man with a powdered "
            "wig, came in.")
    found = _descriptions(text)
    assert next(d for n, d in found.items() if "Lucas" in n) is None
    assert found["Dr. Livesey"] == "a tall man with a powdered wig"


def test_a_person_the_story_knows_is_not_described_again_by_a_title() -> None:
    text = "Dr. Livesey came late one afternoon to see my father."
    context = StoryContext(entities=[KnownEntity(name="Dr. Livesey", type="character",
                                                 described=True)])
    chapter = analyze_chapter_text(text, context)
    describe_entities(ChapterView.build(chapter, context), chapter.entities)
    assert all(e.description is None for e in chapter.entities.values())


def test_a_known_person_never_described_takes_the_office_the_narration_calls_them_by() -> None:
    # Treasure Island: "Mr. Trelawney" of chapter 6 is "Squire Trelawney" in chapter 7.
    known = KnownEntity(name="Mr. Trelawney", type="character", gender="male", mentions=6,
                        aliases=["Trelawney"])
    context = StoryContext(entities=[known])
    text = "Squire Trelawney was hard at work at Bristol, and Squire Trelawney wrote to us."
    assert _described_in(text, context)["Mr. Trelawney"] == "the squire"
    # A title only said in speech is no office of theirs (Israel Hands's "Cap'n Hawkins").
    jim = KnownEntity(name="Jim Hawkins", type="character", gender="male", mentions=60,
                      aliases=["Jim", "Hawkins"])
    text = ("\u201cWell, Cap'n Hawkins,\u201d said Israel Hands, \u201cthere's Cap'n Hawkins "
            "for you.\u201d Jim Hawkins said nothing.")
    found = _described_in(text, StoryContext(entities=[jim]))
    assert found["Jim Hawkins"] is None
