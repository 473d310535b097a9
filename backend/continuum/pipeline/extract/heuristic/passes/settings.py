"""Where a scene is set, said once for the people in it rather than by a verb of motion.

- A fronted place: "Down in Hollin, Martha barred the door", "Three miles below, in the
  Saddle Hut, the surveyor sat by the stove": the clause's subjects are there.
- A place's relative "where": "a light in the Halloran Observatory, where her father was
  listening to the stars": the relative clause's subjects are there.
- A paragraph that opens on a named place ("The Drover's Rest was low and warm and smelled
  of woodsmoke.") and goes on with people acting: the first character who does something
  in the paragraph, before anyone goes anywhere, is there ("THE HISPANIOLA lay some way out,
  and we went under the figureheads and round the sterns of many other ships": a motion
  about the place, to or from nowhere, goes nowhere). A place that stands for its people
  ("All Meryton seemed striving to blacken the man") sets no scene.

Narration only, asserted clauses only (the caller gates), one placement per person per
paragraph for the opening rule. All are presence (`arrived_at`), weaker than a verb of
motion.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from continuum.language.grammar import PRESENT_TAGS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.delta_base import delta
from continuum.pipeline.extract.heuristic.passes.movement import (
    AT_PREPS,
    FROM_PREPS,
    LEAVE_VERBS,
    MOVE_VERBS,
    TO_PREPS,
    company,
    motion_preps,
    nested_place,
)
from continuum.pipeline.extract.heuristic.passes.residence import NOT_NOW_AUX
from continuum.pipeline.extract.schema import StateDelta

SETTING_PREPS = AT_PREPS | {"inside", "within", "outside"}
# Verbs a place "is" in a paragraph's opening sentence: described, not acted on.
DESCRIBING_VERBS = frozenset({"be", "stand", "lie", "smell", "look", "seem", "sit", "feel",
                              "sound", "rise", "loom"})
# Auxiliaries of a plan, a wish or a past ("would stand", "had stood"): residence's, "can" aside.
MODAL_AUX = NOT_NOW_AUX - {"can"}


@dataclass
class Openings:
    """Per paragraph: the named place its first sentence describes, and who has been
    placed there already."""

    place: dict[int, tuple[str, int]] = field(default_factory=dict)
    told_in_past: set[int] = field(default_factory=set)  # its opening sentence is in the past
    placed: set[tuple[int, str]] = field(default_factory=set)
    moved: set[int] = field(default_factory=set)

    def could_set(self, view: ChapterView, verb: Any) -> bool:
        """Cheap test before the assertion gate: a verb a setting rule may place people by."""
        if verb.pos_ not in {"VERB", "AUX"} or view.in_quote(verb):
            return False
        return view.token_para[verb.i] in self.place or verb.dep_ == "relcl" or any(
            c.dep_ in {"prep", "advmod"} and c.i < verb.i for c in verb.children)

    @classmethod
    def build(cls, view: ChapterView) -> Openings:
        out = cls()
        for index, (start, end) in enumerate(view.paragraphs):
            sents = list(view.sentences_in(start, end))
            if len(sents) < 2:
                continue
            s_start, s_end = view.chapter.sentences[sents[0]]
            tokens = view.tokens_between(s_start, s_end)
            root = next((t for t in tokens if t.dep_ == "ROOT"), None)
            if root is None or root.lemma_.lower() not in DESCRIBING_VERBS or view.in_quote(root):
                continue
            subj = next((c for c in root.children if c.dep_ == "nsubj"), None)
            if subj is None or view.is_character(view.key(subj)) or _its_people(subj):
                continue
            found = nested_place(view, subj)
            if found is not None and found[1] is subj:
                out.place[index] = (found[0], s_end)
                if root.tag_ == "VBD":
                    out.told_in_past.add(index)
        return out


# "All Meryton seemed striving to blacken the man": a place with these is its people.
_WHOLE = frozenset({"all", "whole", "every", "half"})


def _its_people(subj: Any) -> bool:
    """Whether a place subject stands for the people in it ("All Meryton", "the whole
    town"): a paragraph opening on them sets no scene."""
    return any(c.dep_ in {"det", "predet", "amod"} and c.lower_ in _WHOLE for c in subj.children)


def setting(view: ChapterView, verb: Any, out: list[StateDelta], openings: Openings) -> None:
    """A clause set in a place by a fronted phrase, a relative "where", or its paragraph's
    opening; the caller has checked that the clause is asserted narration."""
    if verb.pos_ not in {"VERB", "AUX"} or view.in_quote(verb) or verb.tag_ == "VB":
        return
    if verb.tag_ == "VBG" and not any(c.dep_ == "aux" and c.lower_ in {"was", "were"}
                                      for c in verb.children):
        return  # "mending the nets by the door": a participle, unless "was mending"
    if any(c.dep_ == "aux" and c.lower_ in MODAL_AUX for c in verb.children):
        return
    people = company(view, verb)
    if not people:
        return
    lemma = verb.lemma_.lower()
    para = view.token_para[verb.i]
    if lemma in MOVE_VERBS or lemma in LEAVE_VERBS:
        if lemma in LEAVE_VERBS or _goes_elsewhere(view, verb):
            openings.moved.add(para)
        return  # a motion says itself where it goes
    found = _fronted(view, verb, people) or _where(view, verb)
    rule = "setting"
    if found is None:
        found = _opening(view, verb, people, openings)
        rule = "scene_opening"
    if found is None:
        return
    place, noun = found
    for tok, who in people:
        if rule == "scene_opening" and (para, who) in openings.placed:
            continue
        openings.placed.add((para, who))
        out.append(delta(view, verb, "arrived_at", who, place, [tok, noun], rule,
                         0.6 if rule == "setting" else 0.5, tok))


# "went away", "came back": a motion out of the scene, though it names no place.
_AWAY = frozenset({"away", "off", "out", "home", "back"})


def _goes_elsewhere(view: ChapterView, verb: Any) -> bool:
    """Whether a motion goes to or from somewhere, or away: "we went under the figureheads
    and round the sterns of many other ships" only moves about the place the paragraph opened
    on ("THE HISPANIOLA lay some way out"), so its people are still placed there."""
    if any(c.dep_ in {"advmod", "prt"} and c.lower_ in _AWAY for c in verb.children):
        return True
    return any(prep in TO_PREPS or prep in FROM_PREPS for prep, _noun in motion_preps(view, verb))


def _fronted(view: ChapterView, verb: Any, people: list[tuple[Any, str]]) -> tuple[str, Any] | None:
    """"Down in Hollin, Martha …", "At the gate of the Halloran Observatory, her father stood":
    a place phrase before the subject, set off by a comma, heading the clause."""
    first = min(t.i for t, _ in people)
    for prep, noun in motion_preps(view, verb):
        if prep not in SETTING_PREPS or noun.i >= first:
            continue
        tokens = view.doc[noun.i:first]
        if not any(t.text == "," for t in tokens):
            continue
        found = nested_place(view, noun)
        if found is not None:
            return found
    return None


def _where(view: ChapterView, verb: Any) -> tuple[str, Any] | None:
    """"the Drover's Rest, where Daniel sat up late": the relative clause of a place."""
    if verb.dep_ != "relcl" or not any(c.lower_ == "where" and c.dep_ == "advmod"
                                       for c in verb.children):
        return None
    noun = verb.head
    for _ in range(8):  # "the Observatory, a spark of lamplight at the top of the mountain, where"
        if noun.pos_ in {"NOUN", "PROPN"}:
            found = nested_place(view, noun)
            if found is not None:
                return found
        if noun.dep_ not in {"pobj", "prep", "appos"} or noun.head == noun:
            return None
        noun = noun.head
    return None


def _opening(view: ChapterView, verb: Any, people: list[tuple[Any, str]],
             openings: Openings) -> tuple[str, Any] | None:
    para = view.token_para[verb.i]
    opened = openings.place.get(para)
    if opened is None or para in openings.moved or verb.idx < opened[1]:
        return None
    if verb.dep_ not in {"ROOT", "conj"}:
        return None  # the main line of the narration, not a subordinate clause
    if para in openings.told_in_past and verb.tag_ in PRESENT_TAGS:
        return None  # "The old Battery … was our place of study … Dear fellow, I hope he did":
        # the narrator's present, who tells it years after, is not in the scene
    return opened[0], people[0][0]
