"""The names a character's words carry, and narration that writes or addresses a name
(passes/namings, ported from the critic's recognisers/secrets and checks/knowledge): quoted speech
with its speaker, sentences, names and kinships; the words around a name that make it say who
someone is; a narrated verb of writing, addressing or marking with the names in its clause. The
critic's knowledge check matches the secret identities on record against these and reads no
such wording in the draft itself. The sentences are the critic's slip-class sentences
(tests/pipeline/critic/test_slip_classes_secrets.py, test_slip_classes.py, test_structural.py).
"""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.namings import (
    extract_name_writings,
    extract_quoted_speech,
    name_runs,
)
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import NameRun, NameWriting, QuotedSpeech

ViewOf = Callable[..., ChapterView]

PEOPLE = StoryContext(entities=[KnownEntity(name=name, type="character") for name in
                                ("Olaf Holm", "Greta Holm", "Nils Brand", "Karl Brand", "Elena Voss",
                                 "Harriet Finch", "Ivo Marsh")])


def spoken(view: ViewOf, text: str) -> list[QuotedSpeech]:
    return extract_quoted_speech(view(text, PEOPLE))


def writings(view: ViewOf, text: str) -> list[NameWriting]:
    return extract_name_writings(view(text, PEOPLE))


def runs(text: str) -> list[NameRun]:
    return name_runs(text, 0, len(text))


def test_a_name_with_the_words_that_say_who_someone_is() -> None:
    (run,) = runs("the stranger was Nils Brand")
    assert (run.words, run.after_is, run.copula_gap) == (["Nils", "Brand"], True, 0)
    (run,) = runs("the ferryman was his brother Nils, home at last")
    assert (run.words, run.after_is, run.copula_gap) == (["Nils"], False, 2)
    (run,) = runs("the carter took him for Nils")
    assert run.after_for_as and run.copula_gap is None
    (run,) = runs("Nils Brand was alive after all")
    assert run.alive_after and not run.after_is
    (run,) = runs("Nils Brand had drowned off the point; nobody was alive to see it")
    assert not run.alive_after  # the clause ends first


def test_titles_possessives_and_initials() -> None:
    found = runs("Thank you kindly, Mr. Brand. That back room was Ivo Marsh's all summer")
    assert [r.words for r in found] == [["Thank"], ["Mr", "Brand"], ["That"], ["Ivo", "Marsh"]]
    possessive = found[-1]
    assert possessive.after_is
    (signed,) = [r for r in runs("Yours ever, I. M.") if r.initials]
    assert signed.words == ["I", "M"]


def test_quoted_speech_with_its_speaker_and_names(view: ViewOf) -> None:
    text = ('The ferry bumped against the jetty and the ferryman threw the rope.\n\n'
            '"Thank you kindly, Mr. Brand," said Olaf Holm, and stepped ashore.')
    (speech,) = spoken(view, text)
    assert speech.speaker == "Olaf Holm" and text[speech.start:speech.end].startswith("Thank")
    (sentence,) = speech.sentences
    assert [r.words for r in sentence.names] == [["Thank"], ["Mr", "Brand"]]
    assert not sentence.question and not sentence.as_dead


def test_a_question_a_memory_and_what_a_sentence_says(view: ViewOf) -> None:
    text = ('"Was it Jonah Crane who forged that ledger?" said Elena Voss.\n\n'
            '"Poor Nils Brand drowned off the point," said Olaf Holm.')
    asked, mourned = spoken(view, text)
    assert asked.sentences[0].question and not asked.sentences[0].as_dead
    assert {"jonah", "crane"} <= set(asked.sentences[0].proper)
    assert {"forg", "ledger"} <= set(asked.sentences[0].stems)
    assert mourned.sentences[0].as_dead


def test_kinships_said_of_a_man_alive_and_about(view: ViewOf) -> None:
    text = ('Karl came into the mill at noon.\n\n"Your brother left this coat on my bench '
            'yesterday," said Olaf Holm. "Give it to him when you cross."')
    first = spoken(view, text)[0]
    assert first.alive_now
    (kin,) = first.kin
    assert (kin.how, kin.kin, kin.text) == ("yours", "brother", "Your brother") and "Karl" in kin.near
    memory = ('Karl came into the mill at noon.\n\n"Your brother used to sit on that bench for '
              'hours," said Olaf Holm.')
    assert not spoken(view, memory)[0].alive_now
    out_there = ('Olaf Holm shaded his eyes at the ferry.\n\n"That is my son-in-law\'s brother out '
                 'there, Piet," said Olaf Holm.')
    assert [(k.how, k.kin) for k in spoken(view, out_there)[0].kin if k.how == "identity"] == \
        [("identity", "brother")]
    assert [(k.how, k.owner) for k in spoken(view, '"Karl\'s brother is back today," said Olaf.')[0].kin] == \
        [("owned", "Karl")]


def test_writing_out_or_addressing_a_name(view: ViewOf) -> None:
    text = ("Elena Voss wrote across the outside, in her best hand: Mr. Ivo Marsh, the lighthouse.")
    opening = [w for w in writings(view, text) if w.how == "opening"]
    assert [(w.writer.text, w.verb_text, [r.words for r in w.names]) for w in opening] == \
        [("Elena Voss", "wrote", [["Mr", "Ivo", "Marsh"]])]
    text = ("Elena Voss sat at her desk in the inn parlour. After supper she carefully wrote the "
            "bill out to Mr. Ivo Marsh, the lighthouse, Heron Rock.")
    found = writings(view, text)
    assert not [w for w in found if w.how == "opening"]
    (wrote,) = [w for w in found if w.verb == "write"]
    assert wrote.how == "addressed" and wrote.writer.text == "she"
    assert text[wrote.start:wrote.end].startswith("After supper")
    assert ["Ivo", "Marsh"] in [r.words[-2:] for r in wrote.names]


def test_marking_a_name_but_not_drawing_a_chair(view: ViewOf) -> None:
    struck = ("Harriet Finch opened the parish book, took up her pen and struck the name Ivo Marsh "
              "off the roll of the lost at sea.")
    (mark,) = [w for w in writings(view, struck) if w.how == "marking"]
    assert (mark.verb_text, mark.writer.text) == ("struck", "Harriet Finch")
    assert ["Ivo", "Marsh"] in [r.words for r in mark.names]
    lined = ("Then Harriet Finch sharpened her pencil, drew a firm line through the name Ivo Marsh "
             "in the ledger of the drowned, and closed it.")
    assert [w.verb for w in writings(view, lined) if w.how == "marking"] == ["draw"]
    chair = "Harriet Finch drew a chair up to the fire and read aloud the letter from Ivo Marsh."
    assert not [w for w in writings(view, chair) if w.how == "marking"]
