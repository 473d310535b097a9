"""Words that are a character's own outside quotation marks (no database; sentences written for
these tests, not taken from any draft set): a reported clause, a line written after a colon, a
diary or letter laid into the chapter, a letter read aloud and signed with initials. Each is the
character's statement, so a secret identity they have not learned may not be given away there."""

from __future__ import annotations

from continuum.pipeline.critic.checks import knowledge
from continuum.pipeline.critic.claims import bind_claims
from continuum.pipeline.extract.schema import ChapterExtraction

from .test_generalisation import FakeHistory, _entity, with_read_records
from .test_slip_classes_secrets import _secret_world

# Nils Brand's secret (the ferryman is Nils) is known to Karl Brand and Greta Holm, not to Olaf Holm.
PEOPLE = (("Olaf Holm", "Olaf Holm", "Olaf"), ("Greta Holm", "Greta Holm", "Greta"),
          ("Karl Brand", "Karl Brand", "Karl"))


def _claims(text: str):  # type: ignore[no-untyped-def]
    world, _ = _secret_world()
    extraction = with_read_records(ChapterExtraction(new_entities=[_entity(text, *p) for p in PEOPLE]),
                                   text, world)
    return bind_claims(text, extraction, world, FakeHistory()), world  # type: ignore[arg-type]


def _found(text: str) -> list[tuple[str, str]]:
    claims, world = _claims(text)
    return [(f.severity, f.draft_quote or "") for f in knowledge.check(claims, world)]


def _voiced(text: str) -> list[tuple[str, str, str]]:
    """The voices the extractor reads, with the character the knowledge check binds each to."""
    claims, _world = _claims(text)
    bound = [(v, knowledge.voice_owner(claims, v)) for v in claims.extraction.voices]
    return [(v.how, claims.name_of(who), claims.text[v.start:v.end]) for v, who in bound if who is not None]


def test_a_reported_clause_is_its_subjects_statement() -> None:
    text = ("The rain had stopped by noon. Olaf told the carter at the gate that the ferryman was "
            "Nils Brand, home at last after nine years.")
    assert _voiced(text)[0][:2] == ("reported", "Olaf Holm")
    assert [s for s, _q in _found(text)] == ["FAIL"]
    # a knower may say it; a denial or a question gives nothing away
    assert _found(text.replace("Olaf told", "Greta told")) == []
    assert _found("Olaf never told anyone that the ferryman was Nils Brand.") == []


def test_a_bare_he_reports_for_the_last_person_named_in_the_paragraph() -> None:
    text = ("Olaf came in from the yard and hung up his coat. He swore to the boy that the ferryman "
            "was Nils Brand.")
    assert _voiced(text) == [("reported", "Olaf Holm", "that the ferryman was Nils Brand")]


def test_what_is_written_after_a_colon_is_the_writers() -> None:
    text = ("Olaf dipped his pen, thought a moment about the wording, and wrote: Paid to Nils Brand, "
            "ferryman, two shillings.")
    assert [s for s, _q in _found(text)] == ["WARN"]
    assert _found(text.replace("Olaf dipped", "Karl dipped")) == []


def test_a_diary_introduced_as_someones_is_theirs() -> None:
    diary = ("Olaf had kept the book since the spring. From Olaf Holm's daybook, in his square hand:\n\n"
             "Tuesday. Rain. I rowed across with Nils and we spoke of the nets all the way.\n\n"
             "Wednesday. Fair. Mended the pier.")
    assert _voiced(diary)[0][:2] == ("document", "Olaf Holm")
    assert [s for s, _q in _found(diary)] == ["WARN"]
    # the dead remembered in a diary give nothing away
    mourning = diary.replace("I rowed across with Nils and we spoke of the nets all the way.",
                             "I thought of poor Nils, drowned these nine years.")
    assert _found(mourning) == []


def test_a_letter_read_aloud_belongs_to_the_initials_it_is_signed_with() -> None:
    text = ("Karl broke the seal and read it out.\n\n"
            "\"'Karl. The boat is mended and the nets are dry.\n\n"
            "\"'Give my thanks to Nils for the loan of the oars. O. H.'\"\n\n"
            "Karl folded it away.")
    assert [(h, w) for h, w, _t in _voiced(text)] == [("document", "Olaf Holm")]
    assert [s for s, _q in _found(text)] == ["WARN"]
    assert _found(text.replace("O. H.", "G. H.")) == []  # Greta knows


def test_a_signature_claims_the_first_person_paragraphs_above_it() -> None:
    text = ("The note was pinned to the door.\n\n"
            "I saw Nils at the quay this morning and he waved to me from the ferry.\n\n"
            "Yours in haste,\nOlaf Holm")
    assert _voiced(text)[0][:2] == ("document", "Olaf Holm")
    assert [s for s, _q in _found(text)] == ["WARN"]


def test_a_document_of_someone_unknown_is_nobodys() -> None:
    # "Inga Holm" is no established character: the book is not Olaf's or Greta's by surname
    diary = ("From Inga Holm's daybook:\n\n"
             "Tuesday. I rowed across with Nils and we spoke of the nets all the way.")
    assert _voiced(diary) == []
    assert _found(diary) == []


# -- turns in a two-person exchange, and a name given away by its initials -------------------------

def test_an_unattributed_reply_is_the_speaker_of_two_turns_back() -> None:
    from continuum.language.prose import speeches

    text = ('The clerk asked her about the ferryman.\n\n'
            '"The ferryman," said Olaf Holm. "He came on the packet."\n\n'
            '"Did you know him?"\n\n'
            '"Not then. I did not know then that the ferryman was Nils Brand."\n\n'
            'The clerk wrote it down.\n\n'
            '"Anything else?"')
    found = [(s.text[:10], s.speaker) for s in speeches(text)]
    assert found[:4] == [("The ferrym", "Olaf Holm"), ("He came on", "Olaf Holm"),
                         ("Did you kn", None), ("Not then. ", "Olaf Holm")]
    assert found[4] == ("Anything e", None)  # narration ended the exchange
    assert [s for s, _q in _found(text)] == ["FAIL"]


def test_a_secret_name_given_away_by_its_initials_is_a_warn() -> None:
    text = '"There is N.B. cut in the oar of his," said Olaf Holm. "Plain as day."'
    assert [s for s, _q in _found(text)] == ["WARN"]
    assert _found(text.replace("N.B.", "O.H.")) == []
    assert _found(text.replace("Olaf Holm", "Greta Holm")) == []  # Greta knows
