"""Who the words call by a role noun (passes/role_namings, ported from the critic's reading of
"said the landlady" in DraftClaims.role): a copular clause with the noun a few words after its
article, a trade set off after a name as the descriptions read it in the parse, and "the
NOUN, NAME"; for one noun, the first naming at each place (`called_by`)."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.role_namings import called_by, extract_role_namings


def _called(view: ChapterView, noun: str) -> list[tuple[str, str, bool]]:
    return [(n.who, view.text[n.start:n.end], n.named_after)
            for n in called_by(noun, extract_role_namings(view))]


def test_a_copular_clause_names_the_role_a_few_words_after_its_article(
        view: Callable[..., ChapterView]) -> None:
    chapter = view("Elena Voss was a widow, and the landlady of the Lantern. She had been the "
                   "old landlady there for twenty years. Tomas was sure. The ox was the ox.")
    assert _called(chapter, "landlady") == [
        ("Elena Voss", "Elena Voss was a widow, and the landlady", False),
        ("She", "She had been the old landlady", False)]
    assert _called(chapter, "widow") == [("Elena Voss", "Elena Voss was a widow", False)]
    assert not [n for n in extract_role_namings(chapter) if n.noun == "ox"]  # too short a noun


def test_a_trade_beside_a_name_and_the_noun_before_a_name(view: Callable[..., ChapterView]) -> None:
    # Treasure Island, chapters 9 and 33: a list parts people, so nobody there is "the doctor"
    chapter = view("I lived on at the hall under the charge of old Redruth, the gamekeeper, "
                   "almost a prisoner. And the coxswain, Israel Hands, was a careful, wily, old, "
                   "experienced seaman.")
    assert _called(chapter, "gamekeeper") == [("Redruth", "Redruth, the gamekeeper", False)]
    assert _called(chapter, "coxswain") == [("Israel Hands", "the coxswain, Israel Hands", True)]
    listed = view("At the same moment, the doctor, Gray, and Ben Gunn joined us.")
    assert [n for n in extract_role_namings(listed) if not n.named_after] == []
