"""The name filter of entity and canon lists: matches names as of the cap, counts, pages, no spoilers."""

from __future__ import annotations

from sqlalchemy import text

from continuum.db.engine import write_session
from continuum.pipeline.canon_admin import lock_fact
from continuum.pipeline.persist.evidence import EVIDENCE_COLUMNS
from continuum.pipeline.repair import merge_entities
from continuum.reads.canon import page_canon
from continuum.reads.entities import list_entities, page_entities


def names(page) -> list[str]:
    return [e.name for e in page.items]


def test_the_filter_matches_names_and_aliases_case_and_accent_blind(story, read) -> None:
    novel, _ = story
    finches = read(page_entities, novel_id=novel, cap=2, q="FINCH")
    assert sorted(names(finches)) == ["Finch", "Lily Finch", "Tom Finch"] and finches.total == 3
    # "Bram" is only an alias of Bram Stone; a match on the alias still shows the entity's name.
    assert names(read(page_entities, novel_id=novel, cap=2, q="bram")) == ["Bram Stone"]
    assert names(read(page_entities, novel_id=novel, cap=2, q="  hárrowgáte ")) == ["Harrowgate"]
    places = read(page_entities, novel_id=novel, cap=2, type_="location", q="o")
    assert sorted(names(places)) == ["Harrowgate", "Old Tower"] and places.total == 2
    assert read(page_entities, novel_id=novel, cap=2, type_="character", q="tower").total == 0
    # The matches keep the list's order (most mentioned first).
    everyone = [e.name for e in read(list_entities, novel_id=novel, cap=2)]
    assert names(finches) == [n for n in everyone if "finch" in n.lower()]


def test_like_wildcards_are_literal(story, read) -> None:
    novel, _ = story
    assert read(page_entities, novel_id=novel, cap=4, q="Ada Quill").total == 1
    for q in ("%", "_", "a_q", "a%q", "\\"):
        assert read(page_entities, novel_id=novel, cap=4, q=q).total == 0, q
        assert read(page_canon, novel_id=novel, cap=4, q=q).total == 0, q


def test_pages_of_a_filter_add_up_and_count_only_the_matches(story, read) -> None:
    novel, _ = story
    whole = read(page_entities, novel_id=novel, cap=4, q="in")  # the three Finches
    expected = [e for e in read(list_entities, novel_id=novel, cap=4)
                if any("in" in n.lower() for n in (e.name, *e.aliases))]
    assert whole.items == expected and whole.total == len(expected) >= 3
    seen = []
    for offset in range(0, whole.total + 2):
        page = read(page_entities, novel_id=novel, cap=4, q="in", limit=1, offset=offset)
        assert page.total == whole.total and page.offset == offset
        seen += page.items
    assert seen == expected  # the pages past the end are empty but still count the matches


def test_an_alias_learned_later_does_not_match_before(story, read) -> None:
    novel, people = story
    # Ada is first called "Addy" in chapter 3.
    assert read(page_entities, novel_id=novel, cap=2, q="addy").total == 0
    assert read(page_canon, novel_id=novel, cap=2, q="addy").total == 0
    [ada] = read(page_entities, novel_id=novel, cap=3, q="addy").items
    assert ada.id == people["Ada Quill"] and "Addy" in ada.aliases
    [eyes] = read(page_canon, novel_id=novel, cap=3, q="addy").items
    assert (eyes.subject, eyes.value) == ("Ada Quill", "grey")


def test_a_merged_stranger_is_not_found_by_the_name_revealed_later(story, read) -> None:
    novel, people = story
    stranger, kell = people["The Stranger"], people["Kell"]
    with write_session() as session:
        merge_entities(session, novel_id=novel, source=stranger, target=kell)
    for cap in (1, 2):
        assert read(page_entities, novel_id=novel, cap=cap, q="kell").total == 0
        [early] = read(page_entities, novel_id=novel, cap=cap, q="stranger").items
        assert (early.id, early.name, early.aliases) == (kell, "The Stranger", [])
    [late] = read(page_entities, novel_id=novel, cap=3, q="kell").items
    assert late.id == kell and late.name == "Kell"
    assert [e.id for e in read(page_entities, novel_id=novel, cap=3, q="stranger").items] == [kell]


def test_the_canon_filter_sees_subject_fact_and_value_at_the_cap(story, read) -> None:
    novel, _ = story
    assert read(page_canon, novel_id=novel, cap=2, q="kell").total == 0
    assert read(page_canon, novel_id=novel, cap=2, q="ranger").total == 0
    for q in ("Kell", "RANGER", "title"):
        page = read(page_canon, novel_id=novel, cap=3, q=q)
        assert [(f.subject, f.value) for f in page.items] == [("Kell", "ranger")] and page.total == 1
    for q in ("quill", "eye col", "grey"):
        assert [f.value for f in read(page_canon, novel_id=novel, cap=4, q=q).items] == ["grey"]
    assert read(page_canon, novel_id=novel, cap=4, q="  ").total == 2  # blank is no filter
    past = read(page_canon, novel_id=novel, cap=4, q="grey", offset=5)
    assert past.items == [] and past.total == 1


def test_current_only_drops_restated_facts_but_keeps_locked_ones(story, read) -> None:
    novel, _ = story
    with write_session() as session:  # chapter 4 restates Ada's eyes
        session.execute(text(f"""INSERT INTO canon_facts (novel_id, chapter, kind, subject_id, subject,
                                  predicate, value, {EVIDENCE_COLUMNS})
                                 SELECT novel_id, 4, kind, subject_id, subject, predicate,
                                        'storm grey', {EVIDENCE_COLUMNS}
                                   FROM canon_facts WHERE novel_id = :n AND chapter = 1"""),
                        {"n": novel})

    def values(cap: int, **kwargs) -> tuple[list[str], int]:
        page = read(page_canon, novel_id=novel, cap=cap, **kwargs)
        return [f.value for f in page.items], page.total

    assert values(3, current_only=True) == (["grey", "ranger"], 2)  # chapter 4 is not read yet
    assert values(4) == (["grey", "ranger", "storm grey"], 3)
    assert values(4, current_only=True) == (["ranger", "storm grey"], 2)
    assert values(4, current_only=True, q="grey") == (["storm grey"], 1)
    assert values(4, current_only=True, limit=1, offset=1) == (["storm grey"], 2)
    [first] = read(page_canon, novel_id=novel, cap=4, q="grey", limit=1).items
    with write_session() as session:
        lock_fact(session, novel_id=novel, fact_id=first.id)
    assert values(4, current_only=True) == (["grey", "ranger", "storm grey"], 3)
