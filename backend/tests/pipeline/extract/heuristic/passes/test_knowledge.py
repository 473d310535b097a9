"""knowledge_state_deltas: who learns what, how, from whom."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.knowledge import extract_knowledge
from continuum.pipeline.extract.protocol import KnownEntity, KnownRelationship, StoryContext

from .support import assert_evidence_exact, in_novel

ViewOf = Callable[..., ChapterView]


def learned(view: ViewOf, text: str) -> list[tuple]:
    items = extract_knowledge(view(text))
    assert_evidence_exact(text, items)
    return [(k.knower, k.fact, k.how, k.source, k.shared_with, k.certainty) for k in items]


def test_learning_and_discovering(view: ViewOf) -> None:
    assert learned(view, "Elizabeth learned that Mr. Wickham had left.") == [
        ("Elizabeth", "Mr. Wickham had left", "discovered", None, [], 0.85)]
    assert learned(view, "Jim Hawkins discovered that Silver was a pirate.") == [
        ("Jim Hawkins", "Silver was a pirate", "discovered", None, [], 0.9)]
    assert learned(view, "Jim Hawkins found out who had taken the key.") == [
        ("Jim Hawkins", "who had taken the key", "discovered", None, [], 0.85)]


def test_being_told_names_the_source(view: ViewOf) -> None:
    assert learned(view, "Mr. Darcy told Elizabeth that Wickham had lied.") == [
        ("Elizabeth", "Wickham had lied", "told", "Mr. Darcy", [], 0.8)]
    assert learned(view, "Jane was told by Mr. Bingley that he would return.") == [
        ("Jane", "he would return", "told", "Mr. Bingley", [], 0.8)]
    assert learned(view, "Elizabeth heard from Jane that Mr. Bingley had gone.") == [
        ("Elizabeth", "Mr. Bingley had gone", "told", "Jane", [], 0.7)]


def test_knowing_is_a_state_with_low_certainty(view: ViewOf) -> None:
    [(knower, fact, how, _, _, certainty)] = learned(view, "Elizabeth knew that Darcy loved her.")
    assert (knower, fact) == ("Elizabeth", "Darcy loved her")
    assert certainty <= 0.5


def test_secrets_shared_record_both_sides(view: ViewOf) -> None:
    found = learned(view, "Jim Hawkins told Dr. Livesey the secret of the map.")
    assert ("Jim Hawkins", "the secret of the map", "told", None, ["Dr. Livesey"], 0.9) in found
    assert ("Dr. Livesey", "the secret of the map", "told", "Jim Hawkins", [], 0.85) in found


def test_negated_or_asked_knowledge_is_not_learned(view: ViewOf) -> None:
    assert learned(view, "Elizabeth did not know that Darcy loved her.") == []
    assert learned(view, "Did Elizabeth learn that Wickham had left?") == []
    sentence = ("“My dear Mr. Bennet,” said his lady to him one day, “have you heard that "
                "Netherfield Park is let at last?”")
    assert in_novel("pride_and_prejudice.txt", sentence)
    assert learned(view, sentence) == []


def test_a_reply_is_not_knowledge(view: ViewOf) -> None:
    assert learned(view, "Mr. Bennet replied that he had not.") == []


FINCHES = [KnownEntity(name=name, type="character", gender=gender) for name, gender in (
    ("Mara Finch", "female"), ("Aldous Finch", "male"), ("Harriet Finch", "female"),
    ("Tomas Marsh", "male"))]


def who_learned(view: ViewOf, text: str, context: StoryContext) -> list[tuple]:
    items = extract_knowledge(view(text, context))
    assert_evidence_exact(text, items)
    return [(k.knower, k.fact, k.source) for k in items]


def test_a_kin_noun_listener_is_resolved_through_known_relationships(view: ViewOf) -> None:
    text = "Mara told her father that the Guild ledger had been forged."
    known = StoryContext(entities=FINCHES, relationships=[
        KnownRelationship(source="Mara Finch", type="daughter_of", target="Aldous Finch"),
        KnownRelationship(source="Harriet Finch", type="mother_of", target="Mara Finch")])
    assert who_learned(view, text, known) == [
        ("Aldous Finch", "the Guild ledger had been forged", "Mara Finch")]
    # Without a known father, nobody is credited.
    assert who_learned(view, text, StoryContext(entities=FINCHES)) == []
    # Two candidate fathers: no guess.
    two = known.model_copy(update={"relationships": [
        *known.relationships,
        KnownRelationship(source="Tomas Marsh", type="father_of", target="Mara Finch")]})
    assert who_learned(view, text, two) == []


def test_a_kin_noun_is_resolved_through_the_chapters_own_relationships(view: ViewOf) -> None:
    text = ("Mara, Aldous Finch's only daughter, came home late. Mara told her father that the "
            "Guild ledger had been forged.")
    assert who_learned(view, text, StoryContext(entities=FINCHES)) == [
        ("Aldous Finch", "the Guild ledger had been forged", "Mara Finch")]


def test_hearing_from_someone_credits_the_hearer(view: ViewOf) -> None:
    assert who_learned(view, "Tomas heard from Mara that the ledger was forged.",
                       StoryContext(entities=FINCHES)) == [
        ("Tomas Marsh", "the ledger was forged", "Mara Finch")]


def test_a_clause_never_runs_into_the_next_sentence(view: ViewOf) -> None:
    text = "Tomas read the two letters on the lid: I.M.\n\nHe did not say anything to his sister."
    assert who_learned(view, text, StoryContext(entities=FINCHES)) == []
