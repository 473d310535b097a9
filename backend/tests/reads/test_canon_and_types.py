"""Canon facts at the cap with the author's lock/unlock/edit; custom types and presets."""

from __future__ import annotations

import pytest

from continuum.db.engine import write_session
from continuum.errors import Conflict, EmptyText, InvalidInput, NotFound
from continuum.pipeline.canon_admin import edit_fact, lock_fact, unlock_fact
from continuum.pipeline.novel_types import add_entity_type, apply_preset
from continuum.reads.canon import get_canon_fact, list_canon, list_flags
from continuum.reads.types import list_types


def test_canon_facts_at_the_cap(story, read) -> None:
    novel, people = story
    assert [(f.subject, f.predicate, f.value) for f in read(list_canon, novel_id=novel, cap=2)] == [
        ("Ada Quill", "eye colour", "grey")]
    at3 = read(list_canon, novel_id=novel, cap=3)
    assert [f.subject for f in at3] == ["Ada Quill", "Kell"]
    assert all(f.current for f in at3)
    kell = read(list_canon, novel_id=novel, cap=3, entity_id=people["Kell"])
    assert [f.value for f in kell] == ["ranger"]


def test_lock_unlock_and_edit(story, read) -> None:
    novel, _ = story
    [fact] = read(list_canon, novel_id=novel, cap=1)
    with write_session() as session:
        lock_fact(session, novel_id=novel, fact_id=fact.id)
    assert read(get_canon_fact, novel_id=novel, cap=4, fact_id=fact.id).locked
    assert [f.id for f in read(list_canon, novel_id=novel, cap=4, locked_only=True)] == [fact.id]
    with write_session() as session:
        edit_fact(session, novel_id=novel, fact_id=fact.id, value="  storm grey ")
    edited = read(get_canon_fact, novel_id=novel, cap=4, fact_id=fact.id)
    assert (edited.value, edited.edited, edited.locked) == ("storm grey", True, True)
    with write_session() as session:
        unlock_fact(session, novel_id=novel, fact_id=fact.id)
    assert not read(get_canon_fact, novel_id=novel, cap=4, fact_id=fact.id).locked
    with pytest.raises(NotFound), write_session() as session:
        lock_fact(session, novel_id=novel, fact_id=fact.id + 1000)
    with pytest.raises(EmptyText), write_session() as session:
        edit_fact(session, novel_id=novel, fact_id=fact.id, value="   ")


def test_flags_at_the_cap(story, read) -> None:
    novel, _ = story
    assert read(list_flags, novel_id=novel, cap=1) == []
    [flag] = read(list_flags, novel_id=novel, cap=2)
    assert flag.kind == "foreshadowing" and [e.name for e in flag.entities] == ["The Stranger"]
    assert read(list_flags, novel_id=novel, cap=2, kind="callback") == []


def test_types_presets_and_custom_types(story, read) -> None:
    novel, _ = story
    page = read(list_types, novel_id=novel, cap=1)
    counts = {t.name: t.entity_count for t in page.types}
    assert counts == {"character": 5, "location": 1, "faction": 0, "object": 1}
    assert {p.key for p in page.presets} == {"fantasy", "science_fiction", "litrpg", "mystery"}
    with write_session() as session:
        assert apply_preset(session, novel_id=novel, preset="fantasy") == 5
        assert apply_preset(session, novel_id=novel, preset="fantasy") == 0
        assert add_entity_type(session, novel_id=novel, name="Sword Form",
                               description="A fighting style.") == "sword_form"
    page = read(list_types, novel_id=novel, cap=1)
    assert page.genre == "fantasy"
    custom = {t.name: t for t in page.types if not t.core}
    assert custom["magic_system"].preset == "fantasy" and custom["sword_form"].preset is None
    refused = (("magic_system", Conflict), ("character", Conflict), ("9 lives", InvalidInput))
    for bad, error in refused:
        with pytest.raises(error), write_session() as session:
            add_entity_type(session, novel_id=novel, name=bad)
    with pytest.raises(InvalidInput), write_session() as session:
        apply_preset(session, novel_id=novel, preset="western")
