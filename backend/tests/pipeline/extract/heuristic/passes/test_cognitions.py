"""The narration's forms of knowing who someone is and of thinking of someone as alive and about
(passes/cognitions, ported from the critic's recognisers/secrets): a narrated verb of knowing or
realising with its subject and clause, and a proper name in a modal clause of the story's now with
the person whose clause holds it. The critic's knowledge check compares these with the secret
identities on record and reads no such wording in the draft itself. The sentences are the
critic's slip-class sentences (tests/pipeline/critic/test_slip_classes_secrets.py).
"""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.cognitions import extract_cognitions, extract_modal_namings
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import Cognition, ModalNaming

ViewOf = Callable[..., ChapterView]

FERRY = StoryContext(entities=[KnownEntity(name=name, type="character")
                               for name in ("Olaf Holm", "Greta Holm", "Nils Brand")])


def knowing(view: ViewOf, text: str) -> list[Cognition]:
    return extract_cognitions(view(text, FERRY))


def namings(view: ViewOf, text: str) -> list[ModalNaming]:
    return extract_modal_namings(view(text, FERRY))


def test_a_verb_of_knowing_with_its_subject_and_clause(view: ViewOf) -> None:
    text = "Olaf Holm knew now that the quiet ferryman with the scarred hands was Nils Brand."
    (item,) = knowing(view, text)
    assert (item.verb, item.verb_text, item.subject.text, item.told_before) == \
        ("know", "knew", "Olaf Holm", False)
    assert text[item.clause_start:item.clause_end].strip() == \
        "now that the quiet ferryman with the scarred hands was Nils Brand."
    assert (item.sentence_start, item.sentence_end) == (0, len(text))
    (item,) = knowing(view, "Halfway across, Olaf Holm realised that the ferryman was Nils.")
    assert (item.verb, item.subject.text) == ("realise", "Olaf Holm")


def test_a_denial_a_question_or_speech_knows_nothing(view: ViewOf) -> None:
    assert knowing(view, "Olaf Holm did not know that the ferryman was Nils Brand.") == []
    assert knowing(view, "Olaf Holm never knew that the ferryman was Nils Brand.") == []
    assert knowing(view, "Did Olaf Holm know that the ferryman was Nils Brand?") == []
    assert knowing(view, '"I know that the ferryman is Nils Brand," said Olaf Holm.') == []


def test_a_telling_in_the_paragraphs_just_before_is_marked(view: ViewOf) -> None:
    text = ("Greta told her father everything in the boathouse.\n\n"
            "Olaf Holm knew now that the ferryman was Nils Brand.")
    (item,) = knowing(view, text)
    assert item.told_before
    (item,) = knowing(view, text.replace("Greta told her father", "Greta sat with her father"))
    assert not item.told_before


def test_a_name_in_a_modal_clause_with_the_person_whose_clause_holds_it(view: ViewOf) -> None:
    text = ("Olaf Holm would not charge a penny for the crossing to Nils Brand; the river had "
            "kept him long enough.")
    items = namings(view, text)
    assert [(i.name, i.before, i.thinker.text) for i in items if i.name in ("Nils", "Brand")] == \
        [("Nils", "to", "Olaf Holm"), ("Brand", "Nils", "Olaf Holm")]
    # the name is its own clause's subject: the thinker is the subject of the clause above
    text = "Olaf Holm carved two letters into the oar, so that Nils would know whose it was."
    (item,) = namings(view, text)
    assert (item.name, item.thinker.text) == ("Nils", "Olaf Holm")
    assert item.root_start == text.index("carved")


def test_a_counterfactual_a_plain_past_or_a_question_holds_no_modal_naming(view: ViewOf) -> None:
    assert [i for i in namings(view, "Olaf Holm thought that Nils Brand would have laughed at the new boat.")
            if i.name in ("Nils", "Brand")] == []
    assert [i for i in namings(view, "Olaf Holm remembered how Nils Brand had rowed the ferry every spring.")
            if i.name in ("Nils", "Brand")] == []
    assert namings(view, "Would Olaf Holm charge a penny for the crossing to Nils Brand?") == []
