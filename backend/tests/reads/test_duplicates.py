"""Duplicate candidates at the cap: partial and fuzzy names in a type, one name across types."""

from __future__ import annotations

from continuum.db.engine import write_session
from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.spine import analyze_chapter
from continuum.pipeline.submit import create_novel
from continuum.reads.duplicates import find_duplicates
from tests.fakes import ScriptedExtractor, entity


def _pairs(read, novel, cap):
    return {(p.keep.name, p.merge.name): p for p in read(find_duplicates, novel_id=novel, cap=cap)}


def test_partial_names_become_candidates_only_once_both_exist(story, read) -> None:
    novel, _ = story
    assert not any("Finch" in pair for pair in _pairs(read, novel, 1))
    at2 = _pairs(read, novel, 2)
    finch = {pair for pair in at2 if "Finch" in pair}
    assert finch == {("Tom Finch", "Finch"), ("Lily Finch", "Finch")}
    assert at2[("Tom Finch", "Finch")].reason.startswith("partial name")
    assert ("Tom Finch", "Lily Finch") not in at2 and ("Lily Finch", "Tom Finch") not in at2


def test_misspellings_and_one_name_across_types(clean_db, read) -> None:
    text_ = ("Raven flew over Raven. Marianne Dashwood and Marianna Dashwod spoke. "
             "Mr. Palmer and Mrs. Palmer sat down.")

    def script(t, number, context):
        return ChapterExtraction(new_entities=[
            entity(t, "Raven"), entity(t, "Raven", "location"), entity(t, "Marianne Dashwood"),
            entity(t, "Marianna Dashwod"), entity(t, "Mr. Palmer"), entity(t, "Mrs. Palmer")])

    with write_session() as session:
        novel = create_novel(session, title="Dups")
    analyze_chapter(novel_id=novel, number=1, text=text_, extractor=ScriptedExtractor(script))
    pairs = read(find_duplicates, novel_id=novel, cap=1)
    by_names = {frozenset((p.keep.name, p.merge.name)): p for p in pairs}
    raven = by_names[frozenset({"Raven"})]
    assert not raven.same_type and {raven.keep.type, raven.merge.type} == {"character", "location"}
    spelled = by_names[frozenset({"Marianne Dashwood", "Marianna Dashwod"})]
    assert spelled.same_type and spelled.reason.startswith("similar spelling")
    assert frozenset({"Mr. Palmer", "Mrs. Palmer"}) not in by_names
