"""Ages at a dated event (passes/dated_ages, ported from the critic's recognisers/canon_years):
an age when a ship went down or someone was born, and an age then with the years since, whose
subject stays as written for the critic to bind (in speech the quotation's speaker, and for a
"he"/"she" speaker the names of the paragraphs before). The critic sums the years against the
locked age and reads no such wording in the draft itself. The sentences are the critic's
slip-class sentences (tests/pipeline/critic/test_slip_classes_canon_forms.py).
"""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.passes.dated_ages import dated_ages, dated_events


def test_an_age_when_a_ship_went_down_or_someone_was_born() -> None:
    text = "Hal Brandt was nine when the Merlin was wrecked, and he remembered the bell."
    (item,) = dated_ages(text)
    assert (item.form, item.who, item.age, item.event, item.wreck, item.born, item.spoken) == \
        ("event", "Hal Brandt", 9, "the Merlin was wrecked", True, None, False)
    assert text[item.who_start:].startswith("Hal Brandt") and item.evidence.quote.endswith("wrecked")
    (item,) = dated_ages("Hal Brandt was fifteen the year Nell Brandt was born.")
    assert (item.event, item.born, item.wreck) == ("Nell Brandt was born", "Nell Brandt", False)
    (item,) = dated_ages("Hal Brandt had been nine the winter the Merlin went down, and he remembered.")
    assert (item.age, item.event) == (9, "the Merlin went down")
    assert dated_ages("Hal Brandt was nine the year the mill burned, and he remembered the bell.") == []


def test_an_i_in_speech_keeps_its_speaker() -> None:
    text = '"I was nine years old the year the Merlin went down," said Hal Brandt.'
    (item,) = dated_ages(text)
    assert (item.who, item.spoken, item.speaker) == ("I", True, "Hal Brandt")
    assert item.names_before == []
    text = ("Nell and Hal walked down to the weir mouth at low water.\n\n"
            '"I was nine years old the year the Merlin went down," he said.')
    (item,) = dated_ages(text)
    # its own paragraph up to "he", then the one before
    assert (item.speaker, item.names_before) == ("he", [["Merlin"], ["Nell", "Hal"]])


def test_an_age_then_and_the_years_since() -> None:
    text = ('"I have ground the valley\'s corn for forty years, since I came to the mill a boy of '
            'fifteen," said Hal Brandt.')
    (item,) = dated_ages(text)
    assert (item.form, item.who, item.age, item.years, item.speaker) == \
        ("since", "I", 15, 40, "Hal Brandt")
    (item,) = dated_ages("Hal Brandt had kept the weir twenty years, since he was taken on at "
                         "four-and-twenty.")
    assert (item.who, item.age, item.years) == ("he", 24, 20)


def test_no_age_no_dated_event() -> None:
    assert dated_ages("Hal Brandt had kept the weir twenty years, since he took it on at four "
                      "shillings a week.") == []
    assert dated_ages("Hal Brandt was nine, and the Merlin went down.") == []


def test_an_event_dated_by_the_years_before_keeps_its_sentence_and_its_wreck() -> None:
    # the record the critic sums an age at the same wreck in a later chapter with
    text = ("Nell sat by the fire. Their father had been lost at sea twelve years before, when the "
            "Merlin went down off the weir mouth. The mill burned five years ago.")
    wreck, fire = dated_events(text)
    assert (wreck.years, wreck.wreck) == (12, "went down")
    assert text[wreck.start:].startswith("Their father") and wreck.quote.endswith("weir mouth.")
    assert (fire.years, fire.wreck) == (5, None)
    assert dated_events("Nell sat by the fire for years.") == []
