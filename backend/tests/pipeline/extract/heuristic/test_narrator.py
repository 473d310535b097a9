"""The first-person narrator: told by "I", named by the chapter, carried to the next one."""

from __future__ import annotations

from pathlib import Path

import pytest

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.document import AnalyzedChapter
from continuum.pipeline.extract.heuristic.extractor import OfflineExtractor
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.segment.books import split_book
from tests.narration import TOLD_BY_TOM

ADDRESSED = TOLD_BY_TOM
NO_EVIDENCE = (
    "I walked to the quay in the rain. I had the bar over my shoulder still, and my coat was "
    "soaked through. I sat down on a bollard and I watched the boats come in. Nobody spoke to "
    "me, and I was glad of it. I thought of the wheel and of the boy asleep on the sacks."
)


def analyzed(text: str, *, narrator: str | None = None,
             known: tuple[KnownEntity, ...] = ()) -> AnalyzedChapter:
    return analyze_chapter_text(text, StoryContext(entities=list(known), narrator=narrator))


def key_of(chapter: AnalyzedChapter, word: str, after: str) -> str | None:
    """The entity of the first mention `word` after the text `after`."""
    start = chapter.text.index(after) + len(after)
    return next((m.entity_key for m in chapter.mentions if m.start >= start and m.text == word),
                None)


def test_a_name_said_to_me_names_the_narrator_and_the_narrations_i_is_theirs() -> None:
    chapter = analyzed(ADDRESSED)
    assert chapter.first_person
    assert chapter.narrator == "Tom"
    assert key_of(chapter, "I", "rubbing his eyes") == "Tom"  # "Then I will free it," said I.
    assert key_of(chapter, "I", "said I.\n\n") == "Tom"
    assert key_of(chapter, "My", "carried it to the race.") == "Tom"
    assert key_of(chapter, "me", "the water roared under") == "Tom"


def test_names_said_to_someone_else_do_not_name_the_narrator() -> None:
    text = ADDRESSED.replace("said he to me", "said he to the carter").replace(
        "the boy called after me", "the boy called to the carter").replace(
        "\u201cThen I will free it,\u201d said I.\n\n", "")
    chapter = analyzed(text)
    assert chapter.first_person
    assert chapter.narrator is None
    assert key_of(chapter, "I", "carried it") is None


def test_the_narrator_naming_himself_is_enough() -> None:
    text = ("My name is Wren Ashby, and I kept the light at Saltmere for eleven years. I was "
            "young when I came to it. I knew nothing of lamps, and I learned them from the old "
            "keeper before he died. I still have his book of tides on my table.")
    chapter = analyzed(text)
    assert chapter.narrator == "Wren Ashby"
    assert key_of(chapter, "I", "eleven years.") == "Wren Ashby"


def test_a_name_in_a_list_after_me_is_not_the_narrator_naming_himself() -> None:
    text = ("I was frightened of them all. I had seen two of them with my own eyes, and the "
            "worst of the specimens seen by me, Black Dog and the blind beggar, would not rest. "
            "I barred the door and I sat by it all night with my mother. In the morning I saw "
            "that Black Dog had left his cutlass in the snow by the gate.")
    chapter = analyzed(text)
    assert chapter.first_person
    assert chapter.entities["Black Dog"].type == "character"
    assert chapter.narrator is None


def test_a_letters_signature_and_a_journal_heading_name_the_writer() -> None:
    letter = ("Dear Judy,\n\nI arrived on Tuesday and I have not stopped since. My room looks on "
              "the yard, and I can hear the children from my desk. I told the cook that I would "
              "dine with them. I think I shall like it here, Judy.\n\nYours ever, Sallie "
              "McBride.\n\nP.S. I forgot to say that Sallie McBride is a fine name for a matron.")
    assert analyzed(letter).narrator == "Sallie McBride"
    diary = ("Mina Murray's Journal\n\n24 July. Whitby.--I met Lucy at the station, and I "
             "thought she looked sweeter than ever. I walked with her up to the house. I am to "
             "stay a month, and I have my own room. My shorthand will keep me busy, and I mean to "
             "write in it every night. Mina Murray is a lucky girl.")
    assert analyzed(diary).narrator == "Mina Murray"


def test_third_person_narration_has_no_narrator() -> None:
    text = ("Elizabeth walked to Meryton with Jane. \u201cI shall buy a ribbon,\u201d said "
            "Elizabeth. \u201cI shall not,\u201d said Jane. They came home by the lane, and Mr. "
            "Bennet met them at the gate.")
    chapter = analyzed(text)
    assert not chapter.first_person
    assert chapter.narrator is None


def test_the_previous_narrator_tells_a_chapter_with_no_evidence_of_its_own() -> None:
    tom = KnownEntity(name="Tom", type="character", gender="male")
    chapter = analyzed(NO_EVIDENCE, narrator="Tom", known=(tom,))
    assert chapter.narrator == "Tom"
    assert "Tom" in chapter.entities  # present in the chapter, though never named in it
    assert key_of(chapter, "I", "in the rain.") == "Tom"
    assert analyzed(NO_EVIDENCE).narrator is None  # nothing carried, nothing guessed


def test_a_chapter_that_speaks_of_the_previous_narrator_is_told_by_someone_else() -> None:
    tom = KnownEntity(name="Tom Pryor", type="character", aliases=["Tom"], gender="male")
    text = NO_EVIDENCE + (" Tom Pryor had gone up to the mill without a word to anyone. I did "
                          "not blame Tom Pryor for it.")
    chapter = analyzed(text, narrator="Tom", known=(tom,))
    assert chapter.first_person
    assert chapter.narrator is None


def test_the_narrators_acts_are_his_and_the_extraction_names_him() -> None:
    text = ("I rode into Saltmere at dusk with the ledger under my arm. I gave the ledger to "
            "Mara Finch at the Lantern Inn.\n\n" + ADDRESSED)
    extraction = OfflineExtractor().extract(text, chapter_number=3, context=StoryContext())
    assert (extraction.first_person, extraction.narrator) == (True, "Tom")
    deltas = {(d.kind, d.subject, d.object) for d in extraction.state_deltas}
    assert {("moved_to", "Tom", "Saltmere"), ("gave", "Tom", "ledger"),
            ("received", "Mara Finch", "ledger")} <= deltas
    assert {s.pov for s in extraction.scene_segmentation} == {"Tom"}


def test_a_chapter_title_hands_the_telling_to_a_known_character() -> None:
    known = (KnownEntity(name="Dr. Livesey", type="character", gender="male"),
             KnownEntity(name="Captain Smollett", type="character", gender="male"),
             KnownEntity(name="Tom", type="character", gender="male"))
    for title in ("Narrative Continued by the Doctor: The Stockade", "Told by Dr. Livesey"):
        chapter = analyze_chapter_text(NO_EVIDENCE, StoryContext(
            entities=list(known), narrator="Tom", chapter_title=title))
        assert chapter.narrator == "Dr. Livesey", title  # overrides the previous narrator
        assert "Dr. Livesey" in chapter.entities  # told by him, though never named in it
        assert key_of(chapter, "I", "in the rain.") == "Dr. Livesey"
    # a title naming nobody known, or a bare title two people bear, names no one
    for title in ("The Stockade", "Narrative Continued by the Captain's Wife",
                  "Narrative Continued by the Mister"):
        chapter = analyze_chapter_text(NO_EVIDENCE, StoryContext(
            entities=[*known, KnownEntity(name="Mr. Arrow", type="character"),
                      KnownEntity(name="Mr. Dance", type="character")], chapter_title=title))
        assert chapter.narrator is None, title


@pytest.fixture(scope="module")
def treasure_island(shared_data: Path) -> list[tuple[str, str | None]]:
    text = (shared_data / "novels" / "treasure_island.txt").read_text(encoding="utf-8")
    return [(c.text, c.title) for c in split_book(text)]


def tellers(chapters: list[tuple[str, str | None]], *, titles: bool) -> list[str | None]:
    narrators: list[str | None] = []
    previous: str | None = None
    known: dict[str, KnownEntity] = {}
    for text, title in chapters:
        chapter = analyze_chapter_text(text, StoryContext(
            entities=list(known.values()), narrator=previous,
            chapter_title=title if titles else None))
        narrators.append(chapter.narrator)
        if chapter.first_person:
            previous = chapter.narrator
        for item in chapter.entities.values():
            known[item.name] = KnownEntity(name=item.name, type=item.type, aliases=item.aliases,
                                           gender=item.gender)
    return narrators


def test_treasure_island_is_told_by_jim_and_by_the_doctor_where_the_titles_say_so(
    treasure_island: list[tuple[str, str | None]],
) -> None:
    narrators = tellers(treasure_island[:20], titles=True)
    # Jim is first addressed by name in chapter 3; "Narrative Continued by the Doctor" for
    # 16-18; "Narrative Resumed by Jim Hawkins" at 19.
    assert narrators[2:15] == ["Jim"] * 13
    assert narrators[15:18] == ["Dr. Livesey"] * 3
    assert narrators[18] == "Jim"
    # without the titles the doctor's chapters still are not Jim's: their narration speaks
    # of "Jim Hawkins" as a third party
    untitled = tellers(treasure_island[:18], titles=False)
    assert untitled[14] == "Jim"  # carried into chapter 15 ...
    assert untitled[15:18] == [None, None, None]  # ... but not into the doctor's


def test_a_name_asked_back_is_not_the_narrator_naming_himself(
    treasure_island: list[tuple[str, str | None]],
) -> None:
    # Ch. 3: '"Black Dog?" I asked.' repeats the captain's word for another man; the chapter is
    # still Jim's, whom the captain and the doctor address.
    dog = KnownEntity(name="Black Dog", type="character", gender="male", mentions=9)
    chapter = analyze_chapter_text(treasure_island[2][0], StoryContext(entities=[dog]))
    assert "Black Dog" in {m.text for m in chapter.mentions}
    assert chapter.narrator == "Jim"


def test_alice_talking_to_herself_in_single_quotes_is_not_a_first_person_narration(
    shared_data: Path,
) -> None:
    text = (shared_data / "novels" / "alice_in_wonderland.txt").read_text(encoding="utf-8")
    chapters = split_book(text)
    for chapter in chapters[1:3]:  # the Pool of Tears, the Caucus-Race: '‘Oh, my poor little feet, I wonder'
        assert not analyzed(chapter.text).first_person, chapter.title


def told_by_pip(shared_data: Path, number: int, *others: KnownEntity) -> AnalyzedChapter:
    """A chapter of Great Expectations read after Pip told the one before, `others` known."""
    text = (shared_data / "novels" / "great_expectations.txt").read_text(encoding="utf-8")
    pip = KnownEntity(name="Philip Pirrip", type="character", aliases=["Pip", "Philip"],
                      gender="male")
    return analyzed(split_book(text)[number - 1].text, narrator="Philip Pirrip",
                    known=(pip, *others))


def test_a_new_name_others_only_say_to_the_narrator_is_the_narrators(shared_data: Path) -> None:
    """Great Expectations, chapter 22: Herbert renames Pip ("Would you mind Handel for a
    familiar name?") and then says it to him ("Then, my dear Handel," said he). Handel is
    a name of the narrator, not a new person, and the pronouns read near it are not his."""
    herbert = KnownEntity(name="Herbert Pocket", type="character", aliases=["Herbert"],
                          gender="male")
    read = told_by_pip(shared_data, 22, herbert)
    assert read.narrator == "Philip Pirrip"
    assert "Handel" not in read.entities
    assert "Handel" in read.entities["Philip Pirrip"].aliases
    assert key_of(read, "Handel", "Then, my dear ") == "Philip Pirrip"
    # a known character said to the narrator is not folded: Herbert keeps his own entity
    assert "Herbert" not in read.entities["Philip Pirrip"].aliases


def test_a_name_the_narration_speaks_of_is_not_folded_into_the_narrator() -> None:
    text = ("\u201cCome in, Flopson,\u201d said Herbert to me. \u201cNo, Flopson, not now.\u201d "
            "I nodded to him. Flopson went out with the children, and Flopson shut the door.")
    herbert = KnownEntity(name="Herbert Pocket", type="character", aliases=["Herbert"])
    read = analyzed(text, narrator="Tom", known=(KnownEntity(name="Tom", type="character"),
                                                herbert))
    assert "Flopson" in read.entities  # named by the narration: a person of their own
    assert all("Flopson" not in item.aliases for item in read.entities.values())


def test_a_name_that_opens_the_narrators_split_sentence_is_not_his_own(shared_data: Path) -> None:
    """Great Expectations, chapter 33: '"Mr. Jaggers," said I, by way of putting it neatly on
    somebody else, "has the reputation of being more in the secrets of that dismal place
    than any man in London."' The name is the subject of Pip's sentence, which the next
    quotation goes on with in lower case; it does not hand the chapter to Mr. Jaggers."""
    jaggers = KnownEntity(name="Mr. Jaggers", type="character", aliases=["Jaggers"],
                          gender="male")
    read = told_by_pip(shared_data, 33, jaggers)
    assert read.narrator == "Philip Pirrip"
    assert key_of(read, "I", "back to Hammersmith, and ") == "Philip Pirrip"


def test_a_name_after_an_elided_word_is_spoken_of_not_called(shared_data: Path) -> None:
    # Treasure Island ch. 11, Israel Hands to Silver: "I've had a'most enough o' Cap'n
    # Smollett; he's hazed me long enough". The apostrophe of "o'" is a letter left out, not
    # a quotation opening on the name: Smollett is spoken of, not called. "Barbecue" in the
    # same speech, set off by a comma and a colon, is called.
    from continuum.language.quotes import quote_regions
    from continuum.pipeline.extract.heuristic.coref import KeyedSpan, token_quote_ids
    from continuum.pipeline.extract.heuristic.narrator import is_vocative
    from continuum.pipeline.extract.heuristic.nlp import parse

    novel = (shared_data / "novels" / "treasure_island.txt").read_text(encoding="utf-8")
    start = novel.index("\"But look here,\" he went on")
    text = novel[start:novel.index("that.\"", start) + len("that.\"")]
    doc = parse(text)
    quote_ids = token_quote_ids(doc, quote_regions(text))

    def span(name: str) -> KeyedSpan:
        first = next(t.i for t in doc if t.idx == text.index(name))
        last = next(t.i for t in doc if t.idx + len(t) == text.index(name) + len(name))
        return KeyedSpan(first, last + 1, name)

    assert not is_vocative(doc, span("Cap'n Smollett"), quote_ids)
    assert is_vocative(doc, span("Barbecue"), quote_ids)
