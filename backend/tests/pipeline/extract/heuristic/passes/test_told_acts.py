"""The acts a sentence tells (`language.promises.acts_told`), read once per sentence from the
words of any family it holds, agree with asking each family of the whole sentence
(`tells_act`), on every sentence of a real novel."""

from __future__ import annotations

from pathlib import Path

from continuum.language.promises import ACTS_TOLD, VOWED, acts_told, tells_act
from continuum.language.prose import sentences
from continuum.pipeline.extract.heuristic.passes.told_acts import told_acts


def _each_family(text: str) -> list[str]:
    found = [key for key, (family, kind) in ACTS_TOLD.items() if tells_act(family, kind, text)]
    return [key for key in found if key == "promise" or key not in VOWED] if "promise" in found else found


def test_acts_told_agree_with_each_familys_own_search(shared_data: Path) -> None:
    text = (shared_data / "novels" / "treasure_island.txt").read_text(encoding="utf-8")
    told = [s.text for s in sentences(text) if _each_family(s.text)]
    assert len(told) > 500
    assert all(acts_told(s.text) == _each_family(s.text) for s in sentences(text))


def test_a_warning_said_is_one_only_of_what_will_come() -> None:
    assert "warn" in acts_told('"The reef will have one of them," she said.')
    assert "warn" not in acts_told('"The reef is quiet tonight," she said.')
    assert acts_told("He lent Tomas ten shillings.") == ["debt", "loan"]
    assert acts_told("The sea was grey.") == []


def test_a_told_act_keeps_its_content_words() -> None:
    (act,) = told_acts("Elena swore on the harbour wall that she would find him.")
    assert "promise" in act.families and {"harbour", "wall"} <= set(act.words)
