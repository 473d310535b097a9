"""What a name is: a person, a family, a place worn with "the", a deity (no entity)."""

from __future__ import annotations

from pathlib import Path

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from tests.pipeline.extract.heuristic.passes.support import in_novel, novel_chapters


def _kinds(text: str) -> dict[str, str]:
    chapter = analyze_chapter_text(text, StoryContext())
    return {e.name: e.type for e in chapter.entities.values()}


def test_a_family_in_the_plural_is_a_group_and_a_name_ending_in_s_is_a_person() -> None:
    kinds = _kinds("Mr. Bennet came in. The Bennets dined at home. Billy Bones kept a chest "
                   "under his bed, and Billy Bones slept.")
    assert kinds["Bennets"] == "faction"
    assert kinds["Billy Bones"] == "character"
    assert kinds["Mr. Bennet"] == "character"


def test_a_titled_plural_of_a_known_surname_is_a_group() -> None:
    kinds = _kinds("Sir William Lucas called. The Miss Lucases walked to Meryton with Maria Lucas.")
    assert kinds.get("Miss Lucases") == "faction"


def test_a_deity_is_no_entity() -> None:
    kinds = _kinds("God knows what he meant. He prayed to God and went home to Mary Smith.")
    assert "God" not in kinds


def test_a_songs_burden_is_no_entity() -> None:
    # Great Expectations ch. 12: Joe's forge song, whose burden is "Old Clem" (the smiths'
    # patron saint), sung in narration; it was among the book's 50 most-mentioned people.
    song = ("I believe Old Clem stood in that relation towards smiths. It was a mere lyrical "
            "excuse for the introduction of Old Clem's respected name. Thus, you were to hammer "
            "boys round--Old Clem! With a thump and a sound--Old Clem! Beat it out, beat it "
            "out--Old Clem! With a clink for the stout--Old Clem! Joe Gargery sang it.")
    assert in_novel("great_expectations.txt",
                    "With a thump and a sound--Old Clem! Beat it out, beat it out--Old Clem!")
    kinds = _kinds(song)
    assert "Old Clem" not in kinds
    assert kinds["Joe Gargery"] == "character"
    # What is sung is a song: "whenever I sang Old Clem" (GE ch. 15), 'He was whistling "Come,
    # Lasses and Lads."' (Treasure Island ch. 20); whom one sings to is still someone.
    assert in_novel("treasure_island.txt", 'He was whistling "Come, Lasses and Lads."')
    kinds = _kinds("Joe Gargery came in whenever I sang Old Clem, to hear Old Clem's name.")
    assert "Old Clem" not in kinds
    kinds = _kinds('Long John Silver sat by the fire. He was whistling "Come, Lasses and Lads."')
    assert "Lasses" not in kinds
    kinds = _kinds("Mary Smith sang to Jane Fairfax, and Jane Fairfax smiled.")
    assert kinds["Jane Fairfax"] == "character"
    # A person called out after a dash once or twice is still a person.
    kinds = _kinds("He ran to the gate--Joe Gargery! Joe Gargery turned and Joe Gargery waved.")
    assert kinds["Joe Gargery"] == "character"


def test_a_name_worn_with_the_is_no_person() -> None:
    text = ("My father kept the Admiral Benbow inn. A seaman put up at the Admiral Benbow. "
            "Jim Hawkins served at the Admiral Benbow.")
    kinds = _kinds(text)
    assert kinds.get("Admiral Benbow") != "character"
    assert kinds["Jim Hawkins"] == "character"


def test_a_dash_glued_to_a_name_ends_it_and_capn_is_a_captain() -> None:
    chapter = analyze_chapter_text('"Now, Mr. Bones--" said I. "Cap\'n Smollett, sir," said he. '
                                   "Captain Smollett bowed.", StoryContext())
    names = {e.name: e.aliases for e in chapter.entities.values()}
    assert "Mr. Bones" in names and not any("--" in n for n in names)
    smollett = [n for n, aliases in names.items() if "Smollett" in n]
    assert len(smollett) == 1, names


def test_a_name_worn_with_the_across_a_line_break_is_no_person() -> None:
    # Treasure Island, chapter 4, hard-wrapped as the Gutenberg text is: the "the" ends a line.
    text = ("No soul would consent to return with us to the Admiral Benbow. Some of the men\n"
            "had been to field-work on the far side of the\nAdmiral Benbow. We slipped along "
            "the hedges till the door of the\nAdmiral Benbow had closed behind us.")
    assert _kinds(text).get("Admiral Benbow") != "character"


def test_the_parser_reads_a_wrapped_line_as_one_line_with_the_same_offsets() -> None:
    from continuum.pipeline.extract.heuristic.nlp import parse, reflow

    text = "She walked to the\nAdmiral Benbow.\n\nHe stayed."
    doc = parse(text)
    assert doc.text == reflow(text) == "She walked to the Admiral Benbow.\n\nHe stayed."
    assert [t.text for t in doc][:6] == ["She", "walked", "to", "the", "Admiral", "Benbow"]
    assert doc[4].idx == text.index("Admiral")
    # A sentence's end, a heading and a title are not wrapped lines; "Mr.\nDarcy" is.
    assert reflow("blown away .\nA mist") == "blown away .\nA mist"
    assert reflow("THE SEA CHEST\nThe captain slept.") == "THE SEA CHEST\nThe captain slept."
    assert reflow("said Mr.\nDarcy, and\nsmiled.") == "said Mr. Darcy, and smiled."


def test_a_name_printed_in_capitals_is_read_as_a_name() -> None:
    from continuum.pipeline.extract.heuristic.nlp import reflow

    # Treasure Island prints its ship's name in capitals, every time.
    assert reflow("We went aboard the HISPANIOLA at noon.") == "We went aboard the Hispaniola at noon."
    # Emphasis is of a word the text also writes in lowercase; headings and numerals stay.
    assert reflow("I never said YOU, and you know it.") == "I never said YOU, and you know it."
    assert reflow("THE SEA CHEST\nIn chapter XIV we sailed.") == "THE SEA CHEST\nIn chapter XIV we sailed."
    # Two such words in a row are an inscription, quoted as printed: a name cut in a stone.
    stone = "the letters went in: ILSE REYES, and a line."
    assert reflow(stone) == stone
    # Emphasis without an article is not a name (Vanity Fair's letter).
    praise = "whose INDUSTRY and OBEDIENCE have endeared her to the school"
    assert reflow(praise) == praise
    chapter = analyze_chapter_text(
        "I was to sail on board the good ship HISPANIOLA. THE HISPANIOLA lay some way out, and "
        "she was a fine ship. The captain was aboard the HISPANIOLA before us.", StoryContext())
    ship = next(e for e in chapter.entities.values() if e.name == "Hispaniola")
    assert [m.text for m in ship.mentions] == ["HISPANIOLA"] * 3  # quoted as printed
    assert ship.type == "location"  # a ship is a place people are on, though she is "she"


def test_a_ship_named_across_a_letters_line_break_is_still_a_ship() -> None:
    # Treasure Island ch. 7, the squire's letter, set out indented: the ship's noun ends one
    # line and her name opens the next, so a space token stands between them.
    letter = ("Blandly himself found the HISPANIOLA, and said that the HISPANIOLA\n"
              "     belonged to him. We shall go man-o'-war fashion on board the good ship\n"
              "     HISPANIOLA.")
    chapter = analyze_chapter_text(letter, StoryContext())
    assert {e.name: e.type for e in chapter.entities.values()}.get("Hispaniola") == "location"


def test_a_known_place_named_once_with_a_title_stays_a_place() -> None:
    from continuum.pipeline.extract.protocol import KnownEntity

    # Chapter 2: the one mention has no "the" and a title, the book's thirty before did.
    inn = KnownEntity(name="Admiral Benbow", type="location", aliases=["Benbow"], mentions=30)
    text = ("The captain aimed one last cut, which had been intercepted by our big signboard "
            "of Admiral Benbow. Black Dog ran down the road.")
    chapter = analyze_chapter_text(text, StoryContext(entities=[inn]))
    assert {e.name: e.type for e in chapter.entities.values()}.get("Admiral Benbow") == "location"
    slip = KnownEntity(name="Kent", type="character", mentions=1)
    moved = analyze_chapter_text("They travelled to Kent in May. They stayed in Kent for a week, "
                                 "and in Kent they were happy.", StoryContext(entities=[slip]))
    assert {e.name: e.type for e in moved.entities.values()}.get("Kent") == "location"


def test_where_a_name_stands_among_places_and_quotations_makes_it_a_place() -> None:
    """Pride and Prejudice's "the Lakes" and Emma's "Surry", once listed among the 50
    most-mentioned characters of their books."""
    lakes = ("“We have not determined how far it shall carry us,” said Mrs.\nGardiner; “but "
             "perhaps, to the Lakes.”\n\n“We _will_ know where we have gone. Lakes, mountains,\n"
             "and rivers, shall not be jumbled together in our imaginations.”")
    assert in_novel("pride_and_prejudice.txt", "Lakes, mountains, and rivers, shall not be jumbled")
    # The quotation's "to the Lakes" is parsed under the tag's "said": no one is said to it.
    assert _kinds(lakes).get("Lakes") != "character"
    surry = ("Mr. and Mrs. John Knightley, from having been longer than usual absent from Surry, "
             "were exciting of course rather more than the usual interest.")
    assert in_novel("emma.txt", surry)
    assert _kinds(surry).get("Surry") == "location"


# Great Expectations, chapters 21, 22 and 25: "Hammersmith" is first named in speech ("At
# Hammersmith, west of London."), where the parser gives it nothing but spaCy's PERSON.
TOOK_COACH = ("This collation disposed of at a moderate price (considering the grease, which "
              "was not charged for), we went back to Barnard's Inn and got my little "
              "portmanteau, and then took coach for Hammersmith.")
COMING_DOWN = ("I presented him with a half-share in my boat, which was the occasion of his "
               "often coming down to Hammersmith")


def _kind_of(name: str, text: str, known: KnownEntity) -> tuple[str | None, dict[str, float]]:
    chapter = analyze_chapter_text(text, StoryContext(entities=[known]))
    item = next((e for e in chapter.entities.values() if e.name == name), None)
    return (item.type, item.kind_votes) if item is not None else (None, {})


def test_setting_out_for_a_place_says_it_is_a_place() -> None:
    assert in_novel("great_expectations.txt", TOOK_COACH)
    _type, votes = _kind_of("Hammersmith", TOOK_COACH,
                            KnownEntity(name="Hammersmith", type="character", mentions=1))
    assert votes.get("location", 0) > 0  # "took coach for Hammersmith"
    assert "character" not in votes  # spaCy's PERSON is not kept as the book's evidence
    sent = _kinds("Jane Smith sent for Mr. Jones. Mr. Jones came for Jane Smith.")
    assert sent.get("Mr. Jones") == "character"  # "sent for" and "came for" fetch a person
    steamer = "We found that a steamer for Hamburg was likely to suit our purpose best"
    assert in_novel("great_expectations.txt", steamer)  # ch. 52: a conveyance bound for it
    _type, votes = _kind_of("Hamburg", steamer + ".",
                            KnownEntity(name="Hamburg", type="character", mentions=1))
    assert votes.get("location", 0) > 0
    assert _kinds("Mary Smith waited. The coach for Mr. Jones was late.").get(
        "Mr. Jones") == "character"


def test_a_kind_is_decided_from_the_whole_book_so_far() -> None:
    """One chapter's "coming down to Hammersmith" is a hint; with the chapters before it that
    sent people there, the book says Hammersmith is a place."""
    assert in_novel("great_expectations.txt", COMING_DOWN)
    alone = KnownEntity(name="Hammersmith", type="character", mentions=2)
    assert _kind_of("Hammersmith", COMING_DOWN + ".", alone)[0] == "character"
    told = KnownEntity(name="Hammersmith", type="character", mentions=2,
                       kind_votes={"location": 1.5})
    kind, votes = _kind_of("Hammersmith", COMING_DOWN + ".", told)
    assert kind == "location"
    assert votes == {"location": 1.5}  # this chapter's own evidence, to be added to the book's
    # Earlier chapters that said it is a person keep it one.
    person = KnownEntity(name="Hammersmith", type="character", mentions=2,
                         kind_votes={"character": 6.0, "location": 1.5})
    assert _kind_of("Hammersmith", COMING_DOWN + ".", person)[0] == "character"


def test_a_name_worn_with_the_or_counted_is_no_person_for_its_given_name() -> None:
    # Treasure Island: "the Union Jack" and "the Jolly Roger" end in given names, read past
    # their first word (an adjective to WordNet); Great Expectations' "as is done by many
    # Johns" counts a kind of men.
    text = ("I beheld the Union Jack flutter in the air above a wood. They ran up the Jolly "
            "Roger over the stockade. The steamer went by, with her captain shouting (as is "
            "done by many Johns).")
    kinds = {e.name: e.type for e in analyze_chapter_text(text, StoryContext()).entities.values()}
    assert kinds.get("Union Jack") != "character" and kinds.get("Jolly Roger") != "character"
    assert kinds.get("Johns") != "character"
    # A given name after "the" once, among plain mentions, is still a person.
    jack = analyze_chapter_text("Jack went up the hill. The Jack of that day was brave. Jack "
                                "smiled.", StoryContext())
    assert {e.name: e.type for e in jack.entities.values()}.get("Jack") == "character"


def test_a_name_glossed_by_any_kind_of_person_is_a_person() -> None:
    # The gloss is any noun that always names a person: a trade ("the blacksmith"), a kin or
    # a role, a descriptive name's head; one list (`relation_words.KINDS_OF_PEOPLE`), shared
    # with the descriptions pass. A place noun glosses no person.
    from continuum.pipeline.extract.heuristic.analyze import type_votes
    from continuum.pipeline.extract.heuristic.mentions import find_name_mentions
    from continuum.pipeline.extract.heuristic.nlp import parse

    def votes(text: str) -> dict[str, float]:
        doc = parse(text)
        mention = next(m for m in find_name_mentions(doc) if m.text == "Harwood")
        return dict(type_votes(doc, mention, []))

    for gloss in ("blacksmith", "gamekeeper", "landlady", "orphan", "stranger"):
        assert votes(f"Mr. Pumblechook met Harwood, the {gloss}.").get("character", 0) > 0, gloss
    assert "character" not in votes("Mr. Pumblechook met Harwood, the river.")


def test_a_town_of_the_world_is_a_place(shared_data: Path) -> None:
    """GeoNames' towns, countries and states lean a bare name to a place that the parser took
    for a person or a body: LitBank's Sherlock Holmes ("his summons to Odessa", "not far from
    Carlsbad") and Treasure Island ("making by the coast road for Bristol")."""
    from continuum.language.gazetteer import is_known_place

    assert is_known_place("Bristol") and is_known_place("odessa") and is_known_place("Georgia")
    assert not is_known_place("Darcy") and not is_known_place("Meryton")
    coref = shared_data / "litbank-dev" / "coref"
    holmes = next(coref.glob("1661_*.txt")).read_text(encoding="utf-8")
    kinds = _kinds(holmes)
    assert kinds["Odessa"] == "location" and kinds["Carlsbad"] == "location"
    assert kinds["Irene Adler"] == "character"
    treasure = next(coref.glob("120_*.txt")).read_text(encoding="utf-8")
    assert _kinds(treasure)["Bristol"] == "location"


def test_a_town_name_that_is_a_persons_name_stays_a_person(shared_data: Path) -> None:
    # "Washington, who …" (LitBank's Mohicans): the town does not outweigh the person's
    # "who", since spaCy's place label and the town are one prior.
    coref = shared_data / "litbank-dev" / "coref"
    mohicans = next(coref.glob("940_*.txt")).read_text(encoding="utf-8")
    assert _kinds(mohicans)["Washington"] == "character"
    # The first or last words of a longer name are a given name or a surname ("Ogden" of
    # "Ogden Ford", LitBank's Piccadilly Jim), and so is a word of a person the story knows
    # ("Weston": a town in Florida, a man in Emma).
    jim = next(coref.glob("2005_*.txt")).read_text(encoding="utf-8")
    assert _kinds(jim)["Ogden Ford"] == "character"
    # A name with a word dropped from it is not the town its rest spells: Dracula's "the Old
    # Mon" (the devil, in a Scots captain's mouth) is no "Mon".
    dracula = (shared_data / "novels" / "dracula.txt").read_text(encoding="utf-8")
    start = dracula.index("came to the Dardanelles and had to wait")
    end = dracula.index("This mixture of simplicity")
    kinds = _kinds(dracula[start:end])
    assert kinds.get("Old Mon") != "location" and kinds["Black Sea"] == "location"
    from continuum.pipeline.extract.heuristic.analyze import _world_place

    assert _world_place(("weston",), {("weston",)}, set())
    assert not _world_place(("weston",), {("weston",)}, {"mr.", "weston"})
    assert not _world_place(("ogden",), {("ogden",), ("ogden", "ford")}, set())
    assert _world_place(("york",), {("york",), ("new", "york")}, set())


def test_a_close_is_a_place_and_no_surname_of_a_known_given_name() -> None:
    # Great Expectations, ch. 20: "Bartholomew Close" is a street, not a full name for the
    # infant Bartholomew of Pip's family tombstones (ch. 1).
    context = StoryContext(entities=[
        KnownEntity(name="Bartholomew", type="character", gender="male", mentions=1)])
    chapter = analyze_chapter_text(
        "This time, I made the tour of Little Britain, and turned into Bartholomew Close; and "
        "now I became aware that other people were waiting about for Mr. Jaggers.", context)
    close = chapter.entities.get("Bartholomew Close")
    assert close is not None and close.type == "location"
    assert "Bartholomew Close" not in chapter.entities.get("Bartholomew", close).aliases


def test_a_titled_surname_is_the_person_a_name_said_twice_was_taken_for_a_place() -> None:
    # Treasure Island: "Blandly", twice in the squire's letter (ch. 7), was taken for a place;
    # "Mr. Blandly and the like" (ch. 10) is the man, and the page becomes his. A place the book
    # has named many times keeps its kind.
    text = "Boatfuls of the squire's friends, Mr. Blandly and the like, coming out to wish him good voyage."
    slip = KnownEntity(name="Blandly", type="location", mentions=2)
    chapter = analyze_chapter_text(text, StoryContext(entities=[slip]))
    item = chapter.entities["Blandly"]
    assert item.type == "character" and "Mr. Blandly" in item.aliases
    town = KnownEntity(name="Blandly", type="location", mentions=12)
    chapter = analyze_chapter_text(text, StoryContext(entities=[town]))
    assert chapter.entities.get("Blandly") is None or chapter.entities["Blandly"].type == "location"
    assert chapter.entities["Mr. Blandly"].type == "character"
    # So may the bare name (golden fixture 3's "Tuppence", taken for a place where it is
    # first said: "Tuppence searched the Theatre Royal all that night"), unless the chapter
    # says more for no person: Great Expectations ch. 31, the "Hamlet" of ch. 4's "the Ghost
    # in Hamlet", is a play read and a part ("You're out in your reading of Hamlet … The last
    # Hamlet as I dressed, made the same mistakes in his reading"), not one of the people.
    nickname = KnownEntity(name="Tuppence", type="location", mentions=1)
    chapter = analyze_chapter_text("Tuppence searched the Theatre Royal all that night.",
                                   StoryContext(entities=[nickname]))
    assert chapter.entities["Tuppence"].type == "character"
    play = KnownEntity(name="Hamlet", type="location", mentions=1)
    chapter = analyze_chapter_text(
        "You're out in your reading of Hamlet when you get your legs in profile. The last Hamlet "
        "as I dressed, made the same mistakes in his reading at rehearsal.",
        StoryContext(entities=[play]))
    assert chapter.entities.get("Hamlet") is None or chapter.entities["Hamlet"].type == "location"


def test_a_name_glossed_by_a_place_noun_is_a_place() -> None:
    # Pride and Prejudice ch. 3: Longbourn had been a character until ch. 7 (its first
    # mentions are "to Longbourn" after verbs the type votes do not count and "at Longbourn"
    # in speech); the gloss says what it is.
    sentence = ("They returned, therefore, in good spirits to Longbourn, the village where they "
                "lived, and of which they were the principal inhabitants.")
    assert in_novel("pride_and_prejudice.txt", sentence)
    assert _kinds("The evening passed off pleasantly. " + sentence)["Longbourn"] == "location"
    # a person's gloss that shares a word with a place's head is no place
    kinds = _kinds("Mr. Jaggers, the head of the firm, spoke. Mr. Jaggers said nothing more.")
    assert kinds["Mr. Jaggers"] == "character"


def test_a_form_of_address_a_maker_and_an_exclamation_name_no_one() -> None:
    # Pride and Prejudice ch. 52: Mrs. Gardiner's letter opens "My dear Niece," (it was a
    # place of the book's); Treasure Island ch. 21: "he went to his Maker" (God, a place too);
    # Emma ch. 15: "“Good Heaven!” cried Mr. Elton" (a character of its own).
    assert in_novel("pride_and_prejudice.txt", "“My dear Niece,")
    assert in_novel("treasure_island.txt", "he went to his Maker")
    assert in_novel("emma.txt", "“Good Heaven!” cried Mr. Elton")
    kinds = _kinds("“My dear Niece,” she wrote. Mary Smith read it. In the night he went to his "
                   "Maker, and Tom Gray wept. “Good Heaven!” cried Mr. Elton. “Good Heaven!” "
                   "cried Mr. Elton again.")
    assert {"Niece", "Maker", "Good Heaven"}.isdisjoint(kinds)
    assert kinds["Mr. Elton"] == "character"


def test_a_bank_that_ends_a_name_is_a_place() -> None:
    # Great Expectations ch. 46: Clara's house "upon Mill Pond Bank, Chinks's Basin" had been a
    # body like "the Bank of England", so nobody could arrive there.
    kinds = _kinds("It was called Mill Pond Bank, Chinks's Basin. Tom Heller came unexpectedly "
                   "round a corner, upon Mill Pond Bank, and Tom Heller knocked at the door.")
    assert kinds["Mill Pond Bank"] == "location"


def test_what_is_done_at_like_or_from_someone_makes_a_person() -> None:
    # LitBank dev excerpts: The Call of the Wild's dogs, Vanity Fair's dancers, Dracula's Attila.
    kinds = _kinds("There were the fox terriers, a score of them at least, who yelped fearful "
                   "promises at Toots and Ysabel looking out of the windows at them.")
    assert kinds["Toots"] == kinds["Ysabel"] == "character"
    kinds = _kinds("For she could not only sing like a lark, or a Mrs. Billington, and dance "
                   "like Hillisberg or Parisot; and embroider beautifully.")
    assert kinds["Parisot"] == "character"
    kinds = _kinds("I am going among the latter, who claim to be descended from Attila and the Huns.")
    assert kinds["Attila"] == "character"
    # What only a person has "of" them (Emma ch. 20; Fairfax is a town of the world too).
    kinds = _kinds("Some years passed away from the death of poor Fairfax, before his return.")
    assert kinds["Fairfax"] == "character"
    assert _kinds("He walked to the heart of Bristol and back.")["Bristol"] == "location"
    # A place still: what is said "at" it or compared with it by a verb of seeming; and one
    # of a kind ("lain like a Trojan", Treasure Island ch. 21) is nobody.
    kinds = _kinds("The boats waited at Bristol. The town looked like Bristol. He walked to Bristol.")
    assert kinds["Bristol"] == "location"
    assert "Trojan" not in _kinds("Tom Redruth came in. He had lain like a Trojan behind his "
                                  "mattress in the gallery; he had followed every order.")


def test_a_family_plural_of_a_surname_in_the_chapter_is_a_group_once_read_so() -> None:
    # This Side of Paradise (LitBank dev): "The Blaines were attached to no city. They were
    # the Blaines of Lake Geneva" (the second read as a place by spaCy).
    kinds = _kinds("Amory Blaine inherited from his mother every trait. His father, Stephen "
                   "Blaine, was an ineffectual man. The Blaines were attached to no city. They "
                   "were the Blaines of Lake Geneva; they had quite enough relatives.")
    assert kinds["Blaines"] == "faction"


def test_a_name_things_are_called_by_is_no_one() -> None:
    # Great Expectations ch. 8: Estella scorns Pip, who "calls the knaves Jacks"; he later
    # wonders why Joe taught him "to call those picture-cards Jacks". Read as a person,
    # "Jacks" took Estella's "she" for the rest of the chapter.
    chapter = novel_chapters("great_expectations.txt")[7]
    found = analyze_chapter_text(chapter, StoryContext(narrator="Pip"))
    kinds = {e.name: e.type for e in found.entities.values()}
    assert kinds.get("Jacks") != "character"
    assert not [m for m in found.mentions if m.entity_key == "Jacks" and m.kind == "pronoun"]
    # A name given to people is still theirs: "called his sons Tom and Ned".
    kinds = _kinds("Mr. Grey called his sons Tom and Ned. Tom laughed, and Ned ran to the mill.")
    assert kinds.get("Tom") == "character" and kinds.get("Ned") == "character"


def test_a_quotations_first_word_is_not_the_speaker_of_its_tag() -> None:
    # Great Expectations ch. 2: the parser makes "Drat" the subject of "interposed" (and "that
    # boy" its gloss); a word inside the quotation speaks nothing, and a gloss is set off.
    sentence = "“Drat that boy,” interposed my sister, frowning at me over her work"
    assert in_novel("great_expectations.txt", sentence)
    kinds = _kinds("“Who's firing?” said I.\n\n" + sentence + ", “what a questioner he is.”")
    assert kinds.get("Drat") != "character"
    assert _kinds("“Yes,” said Drat, frowning at me over her work.").get("Drat") == "character"


def test_a_name_spoken_to_after_an_interjection_or_an_endearment_is_a_person() -> None:
    # LitBank's North and South: "' Ah Newton ! ' said she"; Great Expectations ch. 22:
    # "“Then, my dear Handel,” said he" (the tag's subject is the speaker, not Handel).
    assert in_novel("great_expectations.txt", "“Then, my dear Handel,” said he")
    from continuum.pipeline.extract.heuristic.analyze import type_votes
    from continuum.pipeline.extract.heuristic.mentions import find_name_mentions
    from continuum.pipeline.extract.heuristic.nlp import parse

    def votes(text: str, name: str) -> dict[str, float]:
        doc = parse(text)
        mention = next(m for m in find_name_mentions(doc) if m.text == name)
        return dict(type_votes(doc, mention, []))

    assert votes("“Ah Newton!” said she, “I think we shall all be sorry.”", "Newton").get(
        "character", 0) > 0
    assert votes("“Then, my dear Handel,” said he, turning round.", "Handel").get(
        "character", 0) > 0


def test_a_part_played_or_a_play_read_is_no_person() -> None:
    # Great Expectations ch. 31: Mr. Wopsle's dresser, "You're out in your reading of Hamlet
    # when you get your legs in profile", and Pip would rather "play Hamlet to Joe's Ghost":
    # Hamlet is a part and a play, which had made him one of the book's 50 most-mentioned
    # people. Whom one plays with or acts for is still someone.
    assert in_novel("great_expectations.txt", "You're out in your reading of Hamlet")
    assert in_novel("great_expectations.txt", "play Hamlet to")
    kinds = _kinds("The dresser spoke to Mr. Wopsle. You're out in your reading of Hamlet, he "
                   "said. I would rather play Hamlet to Joe's Ghost than marry, thought Herbert.")
    assert "Hamlet" not in kinds
    assert kinds["Mr. Wopsle"] == "character"
    # a part acted outweighs being laughed at, which a person may be too
    kinds = _kinds("Mr. Wopsle acted Hamlet, and Herbert laughed at Hamlet.")
    assert "Hamlet" not in kinds
    kinds = _kinds("Estella played cards with Pip, and Pip acted for Estella.")
    assert kinds["Estella"] == "character"
