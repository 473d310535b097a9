"""How a sentence gives a canon fact (passes/canon_frames, ported from the critic's canon check
and recognisers/canon_subjects): a time clause before it, a trade of the past in its sentence,
speech, and who it is written of (the names of the evidence and of its sentence up to it, a
"he"/"she" leading it, its first pronoun). The critic weighs these marks and reads no draft
itself. The sentences are the critic's slip-class sentences (tests/pipeline/critic).
"""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.passes.canon_frames import frame_canon_facts
from continuum.pipeline.extract.schema import CanonFactItem, Evidence, FactFrame


def _frame(text: str, quote: str, predicate: str = "age", value: str = "14") -> FactFrame:
    start = text.index(quote)
    fact = CanonFactItem(subject="Tomas Marsh", predicate=predicate, value=value,
                         evidence=Evidence(start=start, end=start + len(quote), quote=quote, rule="test"))
    (framed,) = frame_canon_facts(text, [fact])
    assert framed.frame is not None
    return framed.frame


def test_a_fact_in_a_time_clause_is_about_then() -> None:
    assert _frame("He went red to the ears, as he had not done since he was fourteen.",
                  "he was fourteen").then
    assert _frame("When Ruth Penrose was twelve, her father drowned.", "Ruth Penrose was twelve").then
    assert not _frame("Tomas was fourteen, and he went red to the ears.", "Tomas was fourteen").then


def test_a_trade_of_the_past_is_bygone() -> None:
    text = "Hal Brandt had been a shipwright in his youth, before the mill."
    assert _frame(text, "a shipwright", "occupation", "shipwright").bygone
    text = "Walter Pike was never once a fishmonger, whatever the boys said."
    assert not _frame(text, "a fishmonger", "occupation", "fishmonger").bygone
    text = "Walter Pike the fishmonger was rolling up the awning of his stall."
    assert not _frame(text, "Walter Pike the fishmonger", "occupation", "fishmonger").bygone


def test_who_a_fact_is_written_of() -> None:
    text = ("Nell held the door while Ruth Penrose carried in the bolt of cloth. Ruth set it down "
            "hard, because she was nineteen and tired of being told what to do.")
    frame = _frame(text, "she was nineteen", value="19")
    assert frame.pronoun_led and frame.pronoun == "she" and frame.names == []
    assert frame.names_before == ["Ruth"]  # its sentence names Ruth before it, not Nell
    assert text[frame.sentence_start:frame.sentence_end].startswith("Ruth set it down")
    frame = _frame("Nell Brandt's blue eyes followed him to the door.", "Nell Brandt's blue eyes",
                   "eye_colour", "blue")
    assert frame.names == ["Nell Brandt", "Brandt"] and not frame.pronoun_led
    assert frame.pronoun is None


def test_a_fact_in_speech_is_spoken() -> None:
    text = 'Elena Marsh pinned the hem. "I am forty, and I know my own mind," said Elena Voss.'
    frame = _frame(text, "I am forty", value="40")
    assert frame.spoken and frame.names == []
    assert not _frame(text.replace('"', ""), "I am forty", value="40").spoken


def test_a_framed_fact_is_kept_as_it_is() -> None:
    text = "Tomas was fourteen."
    fact = CanonFactItem(subject="Tomas", predicate="age", value="14", frame=FactFrame(then=True),
                         evidence=Evidence(start=0, end=18, quote=text[:18], rule="test"))
    assert frame_canon_facts(text, [fact]) == [fact]
