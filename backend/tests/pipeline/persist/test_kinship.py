"""Kinship worked out from stated ties: one step, no spreading of a wrong tie, no duplicates."""

from __future__ import annotations

import uuid

from continuum.pipeline.persist.kinship import Tie, derive

FATHER, MOTHER, JANE, LIZZY, LYDIA, AUNT, UNCLE, WICKHAM, BINGLEY, COUSIN = (
    uuid.UUID(int=i) for i in range(1, 11))
GENDERS = {FATHER: "male", MOTHER: "female", JANE: "female", LIZZY: "female", LYDIA: "female",
           AUNT: "female", UNCLE: "male", WICKHAM: "male", BINGLEY: "male", COUSIN: "male"}


def _triples(ties: list[Tie]) -> set[tuple[uuid.UUID, uuid.UUID, str]]:
    return {(i.source, i.target, i.type) for i in derive(ties, GENDERS)}


def _sym(a: uuid.UUID, b: uuid.UUID, type_: str) -> tuple[uuid.UUID, uuid.UUID, str]:
    first, second = sorted((a, b), key=str)
    return first, second, type_


def test_children_of_one_father_are_sisters_and_share_him() -> None:
    found = _triples([Tie(FATHER, JANE, "father_of"), Tie(LIZZY, FATHER, "daughter_of"),
                      Tie(LYDIA, LIZZY, "sister_of")])
    assert _sym(JANE, LIZZY, "sibling_of") in found
    assert _sym(JANE, LYDIA, "sibling_of") in found
    assert (LYDIA, FATHER, "daughter_of") in found
    assert not any({s, t} == {FATHER, JANE} or {s, t} == {LIZZY, FATHER} for s, t, _ in found)


def test_a_parents_sister_and_her_husband_are_aunt_and_uncle() -> None:
    found = _triples([Tie(MOTHER, LIZZY, "mother_of"), Tie(AUNT, MOTHER, "sister_of"),
                      Tie(UNCLE, AUNT, "married_to"), Tie(UNCLE, COUSIN, "father_of")])
    assert (AUNT, LIZZY, "aunt_of") in found
    assert (UNCLE, LIZZY, "uncle_of") in found
    assert _sym(LIZZY, COUSIN, "cousin_of") in found


def test_a_sisters_husband_is_an_in_law_and_never_a_brother() -> None:
    ties = [Tie(FATHER, LIZZY, "father_of"), Tie(FATHER, LYDIA, "father_of"),
            Tie(LYDIA, WICKHAM, "married_to"), Tie(WICKHAM, LIZZY, "brother_of"),
            Tie(BINGLEY, JANE, "married_to"), Tie(JANE, LIZZY, "sister_of")]
    found = _triples(ties)
    assert _sym(WICKHAM, LIZZY, "in_law_of") not in found  # already related: stated as brother
    assert _sym(BINGLEY, LIZZY, "in_law_of") in found
    assert _sym(BINGLEY, LYDIA, "in_law_of") in found
    assert not any(t == "sibling_of" and WICKHAM in (s, o) for s, o, t in found)
    assert not any(t in {"son_of", "daughter_of"} and s == WICKHAM for s, _, t in found)


def test_a_daughters_husband_is_her_parents_in_law() -> None:
    # Mr. Bennet's daughters marry: each husband is his son-in-law, not his son.
    ties = [Tie(FATHER, LYDIA, "father_of"), Tie(LYDIA, WICKHAM, "married_to"),
            Tie(JANE, FATHER, "daughter_of"), Tie(BINGLEY, JANE, "married_to")]
    found = _triples(ties)
    assert _sym(WICKHAM, FATHER, "in_law_of") in found
    assert _sym(BINGLEY, FATHER, "in_law_of") in found
    assert not any(FATHER in (s, o) and t != "in_law_of" and WICKHAM in (s, o)
                   for s, o, t in found)


def test_nothing_is_derived_from_an_inferred_tie_or_twice() -> None:
    ties = [Tie(FATHER, JANE, "father_of"), Tie(FATHER, LIZZY, "father_of")]
    derived = derive(ties, GENDERS)
    assert [(i.type, i.because) for i in derived] == [
        ("sibling_of", (Tie(FATHER, JANE, "father_of"), Tie(FATHER, LIZZY, "father_of")))]
    # An unrelated kind of tie (a friendship) is no family.
    assert derive([Tie(JANE, LIZZY, "friend_of"), Tie(LIZZY, LYDIA, "friend_of")], GENDERS) == []


def test_an_unknown_gender_makes_no_aunt_or_uncle() -> None:
    genders = {**GENDERS, AUNT: "unknown"}
    found = {(i.source, i.target, i.type) for i in derive(
        [Tie(MOTHER, LIZZY, "mother_of"), Tie(AUNT, MOTHER, "sister_of")], genders)}
    assert not any(t in {"aunt_of", "uncle_of"} for _, _, t in found)


def test_inferred_ties_are_written_with_their_chapter_reasons_and_shown_from_it(clean_db) -> None:
    """Stated in chapters 1 and 2, the sisters' tie is written at chapter 2, read from cap 2."""
    from sqlalchemy import text

    from continuum.db.engine import read_session, write_session
    from continuum.pipeline.persist.kinship import infer_kinship
    from continuum.pipeline.submit import create_novel
    from continuum.reads.relationships import list_relationships

    with write_session() as session:
        novel = create_novel(session, title="Kin")
        ids = {}
        for name, gender in (("Mr. Bennet", "male"), ("Jane", "female"), ("Elizabeth", "female")):
            ids[name] = session.execute(
                text("""INSERT INTO entities (novel_id, type, first_chapter, gender)
                        VALUES (:n, 'character', 1, :g) RETURNING id"""), {"n": novel, "g": gender},
            ).scalar_one()
            session.execute(text("""INSERT INTO entity_versions (novel_id, entity_id, chapter, name, type)
                                    VALUES (:n, :e, 1, :name, 'character')"""),
                            {"n": novel, "e": ids[name], "name": name})
        for chapter, child in ((1, "Jane"), (2, "Elizabeth")):
            session.execute(text("""INSERT INTO relationships (novel_id, source_id, target_id, type,
                                           from_chapter, evidence_rule)
                                    VALUES (:n, :s, :t, 'father_of', :c, 'relationships.possessive')"""),
                            {"n": novel, "s": ids["Mr. Bennet"], "t": ids[child], "c": chapter})
            written = infer_kinship(session, novel_id=novel, chapter=chapter)
            assert written == (0 if chapter == 1 else 1)
        assert infer_kinship(session, novel_id=novel, chapter=2) == 0  # never twice
    with read_session() as session:
        early = list_relationships(session=session, novel_id=novel, cap=1)
        late = list_relationships(session=session, novel_id=novel, cap=2)
    assert not any(r.type == "sibling_of" for r in early)
    sisters = [r for r in late if r.type == "sibling_of"]
    assert len(sisters) == 1 and sisters[0].from_chapter == 2 and sisters[0].symmetric
    assert {sisters[0].source.name, sisters[0].target.name} == {"Jane", "Elizabeth"}
    quote = sisters[0].evidence_quote or ""
    assert quote.startswith("Follows from: ") and quote.endswith(".")
    assert set(quote[len("Follows from: "):-1].split("; ")) == {
        "Mr. Bennet father of Jane", "Mr. Bennet father of Elizabeth"}


def test_a_parents_parent_is_a_grandparent() -> None:
    # Mr. Bennet's daughter Lydia and her child: he is its grandfather, nothing else to it.
    ties = [Tie(FATHER, LYDIA, "father_of"), Tie(LIZZY, LYDIA, "sister_of"),
            Tie(LIZZY, COUSIN, "mother_of")]
    found = _triples(ties)
    assert (FATHER, COUSIN, "grandfather_of") in found  # through Lizzy, Lydia's sister
    assert not any({s, o} == {FATHER, COUSIN} and t != "grandfather_of" for s, o, t in found)
