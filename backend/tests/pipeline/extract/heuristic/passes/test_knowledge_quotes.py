"""knowledge_state_deltas from dialogue: a quoted statement told to someone is known to them.

"'He is your brother,' she told Anna": Anna learns the quotation; a question, an order,
a guess or the speaker's own state teaches nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.knowledge import extract_knowledge
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext

from .support import assert_evidence_exact, novel_chapters

ViewOf = Callable[..., ChapterView]
CAST = StoryContext(entities=[
    KnownEntity(name=name, type="character", gender=gender) for name, gender in (
        ("Anna Grey", "female"), ("Mara Finch", "female"), ("Tomas Marsh", "male"),
        ("Ivo Marsh", "male"), ("Jonah Crane", "male"))])


def knows(view: ViewOf, text: str) -> list[tuple]:
    items = extract_knowledge(view(text, CAST))
    assert_evidence_exact(text, items)
    return [(k.knower, k.fact, k.how, k.source) for k in items]


def test_a_quoted_statement_told_to_someone_is_known_to_them(view: ViewOf) -> None:
    assert knows(view, 'Ivo Marsh stood at the door. "He is your brother," she told Anna.') == [
        ("Anna Grey", "He is your brother", "told", None)]
    assert knows(view, '"The stranger is Ivo Marsh," Tomas said to Mara.') == [
        ("Mara Finch", "The stranger is Ivo Marsh", "told", "Tomas Marsh")]
    assert knows(view, '"Ivo is alive," Tomas whispered to Mara.') == [
        ("Mara Finch", "Ivo is alive", "told", "Tomas Marsh")]
    assert knows(view, '"The ledger was forged by Jonah," Mara told Anna, and went out.') == [
        ("Anna Grey", "The ledger was forged by Jonah", "told", "Mara Finch")]


def test_questions_orders_guesses_and_moods_teach_nothing(view: ViewOf) -> None:
    for text in ('"Did you take the letter?" Mara asked Anna.',
                 '"Come here," Mara told Anna.',
                 '"I am very tired," Mara told Anna.',
                 'Ivo Marsh stood at the door. "He might be your brother," Mara told Anna.',
                 '"What does Jonah mean," said Mara to Anna, "by listening?"',
                 '"The stranger is Ivo Marsh," Tomas said.'):  # no listener named
        assert knows(view, text) == [], text


def test_dialogue_in_the_novel_adds_no_questions_as_facts(view: ViewOf) -> None:
    # "What does Mr. Darcy mean," said she to Charlotte, "by listening to my conversation
    # with Colonel Forster?" — a question split by its speech tag.
    text = novel_chapters("pride_and_prejudice.txt")[5]
    assert "What does Mr. Darcy mean" in text
    quoted = [k for k in extract_knowledge(view(text)) if k.evidence.rule == "knowledge.told_quote"]
    assert quoted == []
