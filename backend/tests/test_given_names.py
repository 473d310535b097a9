"""A given name's sex: from the lists of English fiction's names, and for a diminutive they
lack, from the full names the nickname dataset says it stands for."""

from __future__ import annotations

from pathlib import Path

from continuum.language.names import given_gender
from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.protocol import StoryContext


def test_a_diminutive_takes_the_sex_of_the_full_names_it_stands_for() -> None:
    assert given_gender("isabella") == "female" and given_gender("john") == "male"
    assert given_gender("millie") == "female"  # Amelia, Emily (Camille)
    assert given_gender("tilly") == "female"  # Matilda
    assert given_gender("jimmie") == "male"  # James, Jim
    # either sex, or too few of its full names known to say
    assert given_gender("freddie") is None  # Frederick, Frieda
    assert given_gender("terry") is None  # Teresa, Theresa, but also Terence, Terri
    assert given_gender("zorblax") is None


def test_the_maid_millie_does_not_take_the_strangers_pronouns(shared_data: Path) -> None:
    # The Invisible Man (LitBank): "Millie, her lymphatic maid" is the only name near the
    # stranger's "his hat and coat"; a woman's diminutive, she is no antecedent of "his".
    text = (shared_data / "litbank-dev" / "coref" /
            "5230_the_invisible_man_a_grotesque_romance_brat.txt").read_text(encoding="utf-8")
    chapter = analyze_chapter_text(text, StoryContext())
    millie = next(k for k, e in chapter.entities.items() if e.name == "Millie")
    assert chapter.entities[millie].gender == "female"
    male = [m.text for m in chapter.mentions
            if m.kind == "pronoun" and m.entity_key == millie and m.text.lower() in {"he", "him", "his"}]
    assert male == []
