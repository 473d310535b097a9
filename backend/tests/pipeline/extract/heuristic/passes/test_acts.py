"""Who acts or speaks, and how it is told (passes/acts, ported from the critic's entity check):
each verb with its subject as written, or the owner of a voice or a hand that is its subject,
told in the story's now or before it, reported, in a relative clause, remembered, in speech; each
passage of quoted speech with its speaker and how the saying is told. The critic's entity check
compares these with the world's dead and reads no such wording in the draft itself. Sentences
are the critic's (tests/pipeline/critic/test_structural.py, test_slip_classes_secrets.py) and
Treasure Island's.
"""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.heuristic.passes.acts import extract_acts, extract_utterances
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.protocol import KnownEntity, StoryContext
from continuum.pipeline.extract.schema import Act, Utterance

ViewOf = Callable[..., ChapterView]

HARBOUR = StoryContext(entities=[KnownEntity(name=name, type="character")
                                 for name in ("Ilse Reyes", "Agnes Hale", "Mara Finch", "Pell")])


def acts(view: ViewOf, text: str) -> dict[str, Act]:
    """The acts with a subject, by the verb as written."""
    return {a.verb_text: a for a in extract_acts(view(text, HARBOUR)) if a.subject is not None}


def utterances(view: ViewOf, text: str) -> list[Utterance]:
    return extract_utterances(view(text, HARBOUR))


def test_an_act_of_the_story_now_with_its_subject(view: ViewOf) -> None:
    text = ("At the end of the quay, by the steps where the Watch boat was tied, Ilse Reyes was "
            "walking slowly along the edge of the harbour wall with her hands clasped behind her back.")
    act = acts(view, text)["walking"]
    assert (act.verb, act.subject.proper if act.subject else None) == ("walk", True)
    assert text[act.sentence_start:act.sentence_end] == text
    assert act.finite and act.main_clause and act.tense == "past"
    assert not (act.before_now or act.reported or act.quoted or act.remembered or act.copula)


def test_a_perfect_a_modal_or_a_habit_is_told_before_now(view: ViewOf) -> None:
    perfect = "Ilse Reyes had walked the harbour wall every evening of her life."
    assert acts(view, perfect)["walked"].before_now
    assert acts(view, "Ilse Reyes would have walked the harbour wall in any weather.")["walked"].before_now
    # Treasure Island, chapter 3: a habit of the past
    habit = [a for a in extract_acts(view("He used to come here with a blind beggar, he used.", HARBOUR))
             if a.verb_text in ("used", "come")]
    assert [(a.verb_text, a.before_now) for a in habit] == [("used", True), ("come", True), ("used", False)]
    # a past perfect dated in the story's day is recent, not before now
    dated = acts(view, "Pell unfolded the paper at the gate. Warden Hale had stamped the permit "
                       "herself that morning, in green ink.")["stamped"]
    assert (dated.recent, dated.today, dated.before_now) == (True, True, False)
    undated = acts(view, "Warden Hale had stamped the permit herself, in green ink.")["stamped"]
    assert (undated.recent, undated.before_now) == (False, True)


def test_a_reported_act_a_relative_clause_and_a_lifetime(view: ViewOf) -> None:
    reported = acts(view, "Mara remembered how Ilse Reyes walked the harbour wall in the rain.")["walked"]
    assert reported.reported and not reported.main_clause
    kept = acts(view, "The plaque named Warden Hale, who kept the bridge from the year of the "
                      "flood until the day she died.")["kept"]
    assert kept.relative and kept.until_death
    framed = acts(view, "Mara remembered the first winter of the war. Captain Reyes walked down "
                        "the quay every night with a lantern.")["walked"]
    assert framed.remembered and not framed.reported


def test_a_voice_acts_for_its_owner(view: ViewOf) -> None:
    act = acts(view, "Pell rowed hard. Warden Hale's voice rang out from the end of the bridge, "
                     "calling him in.")["rang"]
    assert act.subject is not None and (act.subject.text, act.through) == ("Warden Hale", "voice")
    assert not act.recollection
    memory = acts(view, "Pell rowed hard. Warden Hale's voice came back to him, calling him in.")["came"]
    assert memory.through == "voice" and memory.recollection


def test_a_state_is_no_act_but_a_place_is(view: ViewOf) -> None:
    found = acts(view, "The captain was standing at the map. Pell was tired. Reyes was at the helm.")
    assert [(a.verb, a.copula) for a in found.values()] == [("stand", False), ("be", False)]
    assert found["was"].subject is not None and found["was"].subject.text == "Reyes"
    (tired,) = [a for a in extract_acts(view("Pell was tired.", HARBOUR)) if a.subject is not None]
    assert tired.copula


def test_speech_and_its_speaker(view: ViewOf) -> None:
    text = '"Two men on the cell stairs all night, Sergeant," said Captain Reyes.'
    (said,) = utterances(view, text)
    assert said.text == "Two men on the cell stairs all night, Sergeant,"
    assert said.speaker is not None and (said.speaker.text, said.speaker.pronoun) == ("Captain Reyes", False)
    assert not said.told_before and not said.remembered
    # the subject of a verb inside the quotation is quoted
    assert acts(view, text)["said"].subject is not None
    assert [a.quoted for a in extract_acts(view(text, HARBOUR)) if a.subject is not None] == [True, False]
    (once,) = utterances(view, '"Keep rowing, boy," she said once.')
    assert once.speaker is not None and once.speaker.pronoun and once.told_before
    (often,) = utterances(view, '"Keep rowing, boy," said Pell, as he had said a hundred times.')
    assert often.speaker is not None and often.speaker.text == "Pell" and often.told_before
