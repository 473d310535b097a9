"""Words of a character's own outside quotation marks (passes/voices, ported from the critic's
recognisers/voices): the clause under a narrated verb of saying or believing, what is written
after a verb of writing and its colon, and a letter, note or diary laid into the chapter (owned
by a cue, signed at its foot, or read aloud inside a quotation). The critic's knowledge check
binds each to a character and reads no such wording in the draft itself, so each wording here is
one the critic can only see through the extractor. The sentences are the critic's slip-class
sentences (tests/pipeline/critic/test_slip_classes_voices.py) and variants of them.
"""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.voices import extract_voices
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import Voice

ViewOf = Callable[..., ChapterView]

FERRY = StoryContext(entities=[KnownEntity(name=name, type="character")
                               for name in ("Olaf Holm", "Greta Holm", "Karl Brand")])


def read(view: ViewOf, text: str) -> list[Voice]:
    items = extract_voices(view(text, FERRY))
    for item in items:
        assert 0 <= item.start < item.end <= len(text), item
        if item.how != "document":  # a subject as written; a document's owner may be cut down
            assert text[item.who.start:item.who.start + len(item.who.text)] == item.who.text
    return items


def _plain(text: str, items: list[Voice]) -> list[tuple[str, str, str]]:
    return [(v.how, v.who.text, text[v.start:v.end]) for v in items]


def test_the_clause_under_a_verb_of_saying_is_its_subjects(view: ViewOf) -> None:
    text = ("The rain had stopped by noon. Olaf told the carter at the gate that the ferryman was "
            "Nils Brand, home at last after nine years.")
    (voice,) = read(view, text)
    assert (voice.how, voice.who.text, voice.who.proper, voice.cue) == ("reported", "Olaf", True, "tell")
    assert text[voice.start:voice.end].startswith("that the ferryman was Nils Brand")


def test_a_verb_of_believing_reports_as_well(view: ViewOf) -> None:
    text = "Greta suspected that the ferryman was Nils Brand."
    assert _plain(text, read(view, text)) == [("reported", "Greta", "that the ferryman was Nils Brand")]


def test_a_denial_a_question_or_a_quotation_reports_nothing(view: ViewOf) -> None:
    assert read(view, "Olaf never told anyone that the ferryman was Nils Brand.") == []
    assert read(view, "Had Olaf told the carter that the ferryman was Nils Brand?") == []
    assert read(view, 'Olaf said, "The ferryman was Nils Brand."') == []
    assert read(view, '"The ferryman," Olaf told the carter, "was Nils Brand."') == []


def test_a_bare_he_is_kept_as_written_for_the_critic_to_bind(view: ViewOf) -> None:
    text = ("Olaf came in from the yard and hung up his coat. He swore to the boy that the ferryman "
            "was Nils Brand.")
    (voice,) = read(view, text)
    assert (voice.how, voice.who.text, voice.who.pronoun) == ("reported", "He", True)
    assert voice.who.start == text.index("He swore")
    assert text[voice.start:voice.end] == "that the ferryman was Nils Brand"


def test_what_is_written_after_a_colon_is_the_writers(view: ViewOf) -> None:
    text = ("Olaf dipped his pen, thought a moment about the wording, and wrote: Paid to Nils Brand, "
            "ferryman, two shillings.")
    (voice,) = [v for v in read(view, text) if v.how == "written"]
    assert (voice.who.text, voice.cue) == ("Olaf", "write")
    assert text[voice.start:voice.end].strip() == "Paid to Nils Brand, ferryman, two shillings."
    # without the colon the words are the narrator's
    assert [v for v in read(view, text.replace("wrote:", "wrote")) if v.how == "written"] == []


def test_a_diary_introduced_as_someones_runs_to_the_end_or_the_signature(view: ViewOf) -> None:
    diary = ("Olaf had kept the book since the spring. From Olaf Holm's daybook, in his square hand:\n\n"
             "Tuesday. Rain. I rowed across with Nils and we spoke of the nets all the way.\n\n"
             "Wednesday. Fair. Mended the pier.")
    (voice,) = [v for v in read(view, diary) if v.how == "document"]
    assert (voice.who.text, voice.initials) == ("Olaf Holm", False)  # "From" is no part of the name
    assert diary[voice.start:voice.end].startswith("Tuesday.")
    assert diary[voice.start:voice.end].endswith("Mended the pier.")
    # without the colon the cue lays no document into the chapter
    assert [v for v in read(view, diary.replace("hand:", "hand.")) if v.how == "document"] == []


def test_a_letter_from_someone_is_theirs(view: ViewOf) -> None:
    text = ("The post came at noon with a letter from Karl Brand:\n\n"
            "I am well and the boat is mended.\n\n"
            "Yours ever, K. B.")
    (voice,) = [v for v in read(view, text) if v.how == "document"]
    assert voice.who.text == "Karl Brand"
    assert text[voice.start:voice.end] == "I am well and the boat is mended.\n\nYours ever, K. B."


def test_a_signature_claims_the_first_person_paragraphs_above_it(view: ViewOf) -> None:
    text = ("The note was pinned to the door.\n\n"
            "I saw Nils at the quay this morning and he waved to me from the ferry.\n\n"
            "Yours in haste,\nOlaf Holm")
    (voice,) = read(view, text)
    assert (voice.how, voice.who.text, voice.initials) == ("document", "Olaf Holm", False)
    assert text[voice.start:voice.end].startswith("I saw Nils")
    # a paragraph in the third person above a signature is the narrator's
    assert read(view, text.replace("I saw Nils", "Karl saw Nils").replace("to me", "to him")) == []


def test_a_letter_read_aloud_belongs_to_the_initials_it_is_signed_with(view: ViewOf) -> None:
    text = ("Karl broke the seal and read it out.\n\n"
            "\"'Karl. The boat is mended and the nets are dry.\n\n"
            "\"'Give my thanks to Nils for the loan of the oars. O. H.'\"\n\n"
            "Karl folded it away.")
    (voice,) = [v for v in read(view, text) if v.how == "document"]
    assert (voice.who.text, voice.initials, voice.cue) == ("O. H", True, "signature")
    assert text[voice.start:voice.end].startswith("\"'Karl. The boat")
    # a quotation that does not open with a nested quote is speech, not a letter
    assert [v for v in read(view, text.replace("\"'", "\"")) if v.how == "document"] == []
