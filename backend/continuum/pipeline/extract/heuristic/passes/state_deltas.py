"""state_deltas: movement, possession, death, marriage and injury, from verbs and their arguments.

Subjects resolve through mentions (pronouns included); only asserted clauses count (see
gates). Kinds follow the materializer: `killed` and `injured` have the victim as subject
and the agent (if named) as object; `destroyed` has the holder or destroyer as subject.
List order is text order, which is the ordinal. Movement and presence live in `movement`,
things changing hands in `possession`; deaths, injuries and unions here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from continuum.language.pronouns import REFLEXIVE_PRONOUNS
from continuum.pipeline.extract.heuristic.gates import SPEECH_HEADS, head_lemma, near_thing
from continuum.pipeline.extract.heuristic.passes.certainty import certain
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.delta_base import (
    BODY_PARTS,
    delta,
    house_items,
    told_in_several_places,
)
from continuum.pipeline.extract.heuristic.passes.movement import (
    ARRIVE_VERBS,
    CONFINE_VERBS,
    FAREWELL_VERBS,
    LEAVE_VERBS,
    MOVE_VERBS,
    STAY_VERBS,
    STEP_LEMMAS,
    confined,
    en_route,
    farewell,
    found_self,
    gone,
    movement,
    placed_others,
    presence,
)
from continuum.pipeline.extract.heuristic.passes.possession import (
    DESTROY_VERBS,
    GAIN_VERBS,
    GIVE_VERBS,
    HOLD_VERBS,
    LOSE_VERBS,
    PLACE_VERBS,
    RECEIVE_VERBS,
    STAY_WITH_VERBS,
    STOW_VERBS,
    THROW_VERBS,
    hand_over,
    holding,
    kept_by,
    possession,
)
from continuum.pipeline.extract.heuristic.passes.residence import Homes
from continuum.pipeline.extract.heuristic.passes.settings import Openings, setting
from continuum.pipeline.extract.heuristic.passes.things import ObjectRegistry
from continuum.pipeline.extract.schema import EntityItem, StateDelta

DIE_VERBS = frozenset({"die", "perish", "expire", "starve", "drown", "succumb"})
# Verbs that bring news as fact, not a claim: "they begged to inform me that Mrs. J. Gargery had
# departed this life" (Great Expectations, ch. 34) is the death, "exclaimed that he had killed
# Linton" is not.
NEWS_HEADS = frozenset({"inform", "notify", "acquaint"})
# "I starved", "I died of shame": whoever says "I" or "we" is alive to say it (`_may_die`),
# and a person starves to death only when the text says "to death".
TELLERS = frozenset({"i", "we"})
FIGURATIVE_CAUSES = frozenset({
    "shame", "laughter", "laughing", "fright", "fear", "mortification", "embarrassment",
    "vexation", "boredom", "ennui", "curiosity", "impatience", "envy", "jealousy", "longing",
    "suspense", "astonishment", "surprise", "horror", "delight", "joy", "dulness", "dullness",
    "thirst", "hunger", "cold", "heat"})
KILL_VERBS = frozenset(
    {"kill", "murder", "slay", "assassinate", "execute", "strangle", "behead", "hang",
     "drown", "poison", "butcher", "massacre", "slaughter"}
)
INJURE_VERBS = frozenset({"wound", "injure", "hurt", "stab", "shoot", "maim"})
# "hurt" and "injure" are as often about feelings and wrongs; they need a physical cue.
SOFT_INJURIES = frozenset({"hurt", "injure"})
PHYSICAL_CUES = frozenset({"badly", "severely", "seriously", "mortally", "slightly", "grievously",
                           "fatally", "dangerously"})
WEAPONS = frozenset({"knife", "sword", "pistol", "gun", "musket", "cutlass", "dagger", "ball",
                     "shot", "bullet", "blow", "stick", "club", "axe", "stone"})
MARRY_VERBS = frozenset({"marry", "wed"})
# Dying told without "die", by the verb and the word that makes it a death: "he passed away",
# "had departed this life", "went to his Maker", "breathed his last", "gave up the ghost".
DEATH_IDIOMS = {
    "pass": ("prt", frozenset({"away"})),
    "depart": ("dobj", frozenset({"life"})),
    "breathe": ("dobj", frozenset({"last"})),
    "give": ("dobj", frozenset({"ghost"})),
    "go": ("to", frozenset({"maker", "account", "reward"})),
}
# "was struck dead", "was shot dead", "dropped dead": verbs besides "be", "lie" and "fall"
# whose subject a "dead" completes; the first two only in the passive ("stopped him dead").
DEAD_VERBS = frozenset({"be", "lie", "fall", "drop"})
PASSIVE_DEAD_VERBS = frozenset({"strike", "shoot"})
STATUS_KINDS = frozenset({"died", "killed", "married", "engaged", "injured"})
RELEVANT = (MOVE_VERBS | ARRIVE_VERBS | LEAVE_VERBS | GAIN_VERBS | RECEIVE_VERBS | GIVE_VERBS
            | LOSE_VERBS | DESTROY_VERBS | DIE_VERBS | KILL_VERBS | INJURE_VERBS | MARRY_VERBS
            | STAY_VERBS | HOLD_VERBS | STOW_VERBS | THROW_VERBS | CONFINE_VERBS | PLACE_VERBS
            | STAY_WITH_VERBS
            | DEAD_VERBS | PASSIVE_DEAD_VERBS | frozenset(DEATH_IDIOMS) | STEP_LEMMAS
            | {"dead", "engage", "engaged", "betroth", "betrothed", "married"})



@dataclass
class DeltaResult:
    """The deltas in text order, and which verb tokens produced them (for events)."""

    items: list[StateDelta] = field(default_factory=list)
    verbs: set[int] = field(default_factory=set)
    objects: list[EntityItem] = field(default_factory=list)
    homes: Homes = field(default_factory=Homes)  # where each person lives (`passes/residence`)


def extract_state_deltas(view: ChapterView, homes: Homes | None = None) -> DeltaResult:
    """Every asserted change of place, possession and status in the chapter, in text order;
    "went home" goes to the person's home (`homes`, read from the chapter when not given)."""
    result = DeltaResult(homes=homes or Homes.build(view))
    registry = ObjectRegistry.build(view)
    openings = Openings.build(view)
    for tok in view.tokens:
        if tok.pos_ not in {"VERB", "AUX", "ADJ"} or view.is_markup(tok):
            continue
        lemma = tok.lemma_.lower()
        if tok.pos_ == "VERB" and not _relevant(lemma):
            lemma = head_lemma(tok, MOVE_VERBS)  # "waded": the lemmatizer's "wad"
        if tok.pos_ == "ADJ" and lemma not in {"dead", "married", "engaged", "betrothed"}:
            continue
        en_route(view, tok, result.items)  # "on the road to Longbourn", whatever the verb
        if not (_relevant(lemma) or lemma in FAREWELL_VERBS or openings.could_set(view, tok)):
            continue
        if not view.verdict(tok).asserted:
            continue
        farewell(view, tok, lemma, result.items)
        setting(view, tok, result.items, openings)  # where the scene is: presence, no verb mark
        if not _relevant(lemma):
            continue
        if view.in_quote(tok) and not _reported_past(tok, lemma):
            continue  # dialogue in the present tense: plans and habits, not changes
        before = len(result.items)
        movement(view, tok, lemma, result.items, result.homes)
        gone(view, tok, lemma, result.items)
        confined(view, tok, lemma, result.items)
        if not hand_over(view, tok, lemma, result.items, registry):
            possession(view, tok, lemma, result.items, registry)
            holding(view, tok, lemma, result.items, registry)
        kept_by(view, tok, lemma, result.items, registry)
        changed = len(result.items) > before
        presence(view, tok, lemma, result.items)  # a state, not an event: no verb mark
        found_self(view, tok, lemma, result.items)
        placed_others(view, tok, lemma, result.items)
        before = len(result.items)
        _status(view, tok, lemma, result.items)
        if changed or len(result.items) > before:
            result.verbs.add(tok.i)
    result.items = _after_death(_once_per_sentence(view, _once_per_status(result.items)))
    used = {n for d in result.items for n in (d.subject, d.object) if n}
    result.objects = [*registry.items(view, used), *house_items(view, used)]
    return result


PLACE_KINDS = frozenset({"moved_to", "arrived_at", "left"})


def _after_death(items: list[StateDelta]) -> list[StateDelta]:
    """Once someone has died in the chapter, "they brought him up to the observatory" moves a
    body: the dead stay where they died."""
    dead: set[str] = set()
    kept = []
    for item in items:
        if item.kind in PLACE_KINDS and item.subject in dead:
            continue
        if item.kind in {"died", "killed"}:
            dead.add(item.subject)
        kept.append(item)
    return kept


def _once_per_sentence(view: ChapterView, items: list[StateDelta]) -> list[StateDelta]:
    """One presence per person, place and sentence, whichever rules found it."""
    seen: set[tuple[str, str | None, int]] = set()
    kept = []
    for item in items:
        if item.kind == "arrived_at":
            key = (item.subject, item.object, view.sentence_at(item.evidence.start))
            if key in seen:
                continue
            seen.add(key)
        kept.append(item)
    return kept


def _once_per_status(items: list[StateDelta]) -> list[StateDelta]:
    """A death (marriage, injury…) is told many times in a chapter; it happens once."""
    seen: set[tuple[str, str, str | None]] = set()
    kept = []
    for item in items:
        if item.kind in STATUS_KINDS:
            key = (item.kind, item.subject, item.object)
            if key in seen:
                continue
            seen.add(key)
        kept.append(item)
    return kept


def _reported_past(verb: Any, lemma: str) -> bool:
    """In dialogue only what a speaker reports as done counts, and present states of being."""
    if verb.tag_ == "VBD" or lemma in {"be", "dead", "married", "engaged"}:
        return True
    return verb.tag_ == "VBN" and any(
        c.dep_ in {"aux", "auxpass"} and c.lower_ in {"had", "has", "have", "was", "were", "is",
                                                     "are", "'s", "'d", "’s", "’d"}
        for c in verb.children
    )


def _relevant(lemma: str) -> bool:
    return lemma in RELEVANT


def _status(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    subjects = view.subjects(verb)
    if lemma in DIE_VERBS and verb.tag_ == "VBG":
        return  # "she was dying" (of laughter, as often as not): not dead yet
    if (lemma in DIE_VERBS or lemma in KILL_VERBS) and near_thing(verb):
        return
    if lemma in DIE_VERBS and not (lemma == "drown" and view.objects(verb)):
        if _figurative_death(view, verb, lemma):
            return
        _deaths(view, verb, subjects, [], out, 0.85)
        return
    idiom = _death_idiom(view, verb, lemma)
    if idiom is not None:
        _deaths(view, verb, subjects, [idiom], out, 0.8)
        return
    if lemma in DEAD_VERBS or lemma == "dead" or (
            lemma in PASSIVE_DEAD_VERBS and view.is_passive(verb)):
        _dead_predicate(view, verb, subjects, out)
        return
    if lemma in SOFT_INJURIES and not _physical(view, verb):
        return
    if lemma in KILL_VERBS or lemma in INJURE_VERBS:
        kind = "killed" if lemma in KILL_VERBS else "injured"
        rule = "killing" if kind == "killed" else "injury"
        if view.is_passive(verb):
            agent = view.agent(verb)
            killer = view.name_of(agent) if agent is not None else None
            for s in subjects:
                for who in view.characters(s):
                    if kind == "killed" and not _may_die(view, s, who, verb):
                        continue
                    parts = [s] + ([agent] if agent is not None else [])
                    out.append(delta(view, verb, kind, who, killer, parts, rule, 0.8, s))
            return
        killers = [(s, c) for s in subjects for c in view.characters(s)]
        for obj in view.objects(verb):
            if kind == "injured" and obj.lemma_.lower() in BODY_PARTS:
                for s, who in killers:  # "hurt his ankle"
                    out.append(delta(view, verb, kind, who, None, [s, obj], rule, 0.7, s))
                continue
            for who in view.characters(obj):
                if kind == "killed" and not _may_die(view, obj, who, verb):
                    continue
                killer = killers[0][1] if killers else None
                if who == killer and obj.lower_ not in REFLEXIVE_PRONOUNS:
                    continue  # "it was Job that shot him": "him" is never Job himself
                parts = [obj] + ([killers[0][0]] if killers else [])
                out.append(delta(view, verb, kind, who, killer, parts, rule, 0.8, obj))
        return
    if lemma in MARRY_VERBS or lemma in {"married", "engage", "engaged", "betroth", "betrothed"}:
        _union(view, verb, lemma, subjects, out)


def _deaths(view: ChapterView, verb: Any, subjects: list[Any], parts: list[Any],
            out: list[StateDelta], confidence: float) -> None:
    """A death of each person a subject names, when it may be recorded (`_may_die`)."""
    for s in subjects:
        if _said_of_a_pronoun(view, verb, s):
            continue
        for who in view.characters(s):
            if _may_die(view, s, who, verb):
                out.append(delta(view, verb, "died", who, None, [s, *parts], "death",
                                 confidence, s))


def _death_idiom(view: ChapterView, verb: Any, lemma: str) -> Any | None:
    """The word that makes a verb a way of saying died (`DEATH_IDIOMS`): "away" of "he passed
    away" (Treasure Island, ch. 18), "life" of "had departed this life" (Great Expectations,
    ch. 34), "Maker" of "he went to his Maker" (Treasure Island, ch. 22, with "his"), "last"
    of "breathed his last", "ghost" of "gave up the ghost" (with "up"). Not "the look ...
    passed away" (no person), "passed away the time", "went to his master"."""
    form = DEATH_IDIOMS.get(lemma)
    if form is None:
        return None
    dep, words = form
    if dep == "to":
        return next((n for p, n in view.preps(verb) if p == "to" and n.lemma_.lower() in words
                     and any(c.dep_ == "poss" for c in n.children)), None)
    if lemma == "give" and not any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children):
        return None
    if lemma == "pass" and view.objects(verb):
        return None
    return next((c for c in verb.children if c.dep_ == dep and (
        c.lemma_.lower() in words or c.lower_ in words)), None)


def _physical(view: ChapterView, verb: Any) -> bool:
    """A bodily injury: a body part hurt, a manner like "badly", or a weapon used."""
    if any(o.lemma_.lower() in BODY_PARTS for o in view.objects(verb)):
        return True
    if any(c.dep_ == "advmod" and c.lower_ in PHYSICAL_CUES for c in verb.children):
        return True
    return any(n.lemma_.lower() in WEAPONS for p, n in view.preps(verb) if p in {"with", "by"})


def _dead_predicate(
    view: ChapterView, verb: Any, subjects: list[Any], out: list[StateDelta]
) -> None:
    """"X was dead", "X lay dead", "X fell dead", "X was no more"."""
    if verb.lemma_.lower() == "dead":
        return
    dead = next((c for c in verb.children if c.lower_ == "dead" and c.dep_ in {
        "acomp", "oprd", "advmod", "xcomp"}), None) or _no_more(verb)
    if dead is None:
        return
    if near_thing(verb, dead) or any(c.dep_ == "prep" and c.lower_ == "to" for c in dead.children):
        return  # "he was dead to me": a manner of speaking
    for s in subjects:
        if _said_of_a_pronoun(view, verb, s):
            continue
        for who in view.characters(s):
            if _may_die(view, s, who, verb):
                out.append(delta(view, verb, "died", who, None, [s, dead], "death", 0.8, s))


def _no_more(verb: Any) -> Any | None:
    """The "more" of "The great Mrs. Churchill was no more" (Emma, chapter 45): a "be" whose
    complement is "no more" ending the clause, a way of saying dead; not "was no more than
    a child", "was no more a stranger"."""
    if verb.lemma_.lower() != "be":
        return None
    more = next((c for c in verb.children if c.dep_ in {"attr", "acomp", "advmod"}
                 and c.lower_ == "more"), None)
    if more is None or [c.lower_ for c in more.children] != ["no"]:
        return None
    after = verb.doc[more.i + 1] if more.i + 1 < len(verb.doc) else None
    return more if after is None or (after.is_punct and after.text not in {"-", "--"}) else None


def _may_die(view: ChapterView, tok: Any, who: str, verb: Any | None = None) -> bool:
    """Whether a death or killing of `who`, named by `tok`, may be recorded: the victim is
    named, or is a narration pronoun whose person is certain (`certainty.certain`); never
    whoever says "I" or "we", nor the narrator of a first-person chapter, alive to tell it
    ("Philip Pirrip, late of this parish", his father's stone; "I was happily hanged"); never
    a kin noun or description ("the mother died", "his wife died": whose, and when, is a
    guess); never a death someone reports ("I exclaimed that he had killed Linton": a
    claim, not the story's fact, whether the narration or a character's telling says it),
    unless it is news brought (`NEWS_HEADS`: "they begged to inform me that Mrs. J. Gargery
    had departed this life")."""
    if tok.lower_ in TELLERS or (who == view.chapter.narrator and not view.in_quote(tok)):
        return False
    if verb is not None and verb.dep_ == "ccomp" and verb.head.lemma_.lower() in SPEECH_HEADS \
            and verb.head.lemma_.lower() not in NEWS_HEADS \
            and view.in_quote(verb) == view.in_quote(verb.head):
        return False  # indirect speech, in narration or in a character's own telling ('"…
        # I exclaimed that he had killed Linton …"', Wuthering Heights, chapter 24); a
        # quotation's own words ('"Captain Flint is dead," said Morgan') still count
    between = view.doc[min(tok.i, verb.i):max(tok.i, verb.i)] if verb is not None else []
    if any(t.text in {";", ":"} for t in between):
        return False  # "was born the Catherine you saw …; and two hours after the mother died"
    kind = view.token_kind[tok.i]
    return kind == "name" or (kind == "pronoun" and not view.in_quote(tok) and certain(view, tok, who))


def _figurative_death(view: ChapterView, verb: Any, lemma: str) -> bool:
    """"died of shame", "starved" (hungry): a manner of speaking, not a death. Starving
    is dying only "to death"; dying "of" a feeling is an exaggeration; a title or a sound
    "dies away" ("any higher title has died away from Raveloe lips") and a fire dies down."""
    if any(c.dep_ in {"prt", "advmod"} and c.i == verb.i + 1 and c.lower_ in {"away", "out", "down"}
           for c in verb.children):
        return True
    if told_in_several_places(view, verb):
        return True  # a person dies once: dying here and there is a performance
    preps = view.preps(verb)
    if lemma == "starve":
        return not any(p == "to" and n.lower_ == "death" for p, n in preps)
    return any(p in {"of", "with", "from"} and n.lemma_.lower() in FIGURATIVE_CAUSES for p, n in preps)


def _said_of_a_pronoun(view: ChapterView, verb: Any, subject: Any) -> bool:
    """'"He's dead," said Morgan': a death said in dialogue of a pronoun is not recorded.

    Who "he" is there is the pronoun resolver's guess across a conversation (in Treasure
    Island it made Long John Silver dead in chapter 31); a death told in narration, or said
    of a name, still counts."""
    return view.in_quote(verb) and subject.tag_ in {"PRP", "PRP$"} and subject.lower_ not in {"i"}


def _union(
    view: ChapterView, verb: Any, lemma: str, subjects: list[Any], out: list[StateDelta]
) -> None:
    """Marriage and engagement: "X married Y", "X was married to Y", "X and Y were engaged"."""
    kind = "married" if lemma in MARRY_VERBS or lemma == "married" else "engaged"
    rule = "marriage" if kind == "married" else "engagement"
    preps = view.preps(verb)
    if kind == "engaged" and any(p in {"in", "for", "with", "on"} for p, _ in preps):
        return  # "engaged in conversation", "engaged for the evening"
    if kind == "engaged" and not view.is_passive(verb) and verb.pos_ == "VERB":
        return  # "engaged a servant", "he readily engaged": hiring and agreeing
    people = [(s, c) for s in subjects for c in view.characters(s)]
    partners = [(n, c) for n in view.objects(verb) for c in view.characters(n)]
    partners += [(n, c) for p, n in preps if p == "to" for c in view.characters(n)]
    if not people:
        return
    if partners:
        for s, a in people:
            for n, b in partners:
                out.append(delta(view, verb, kind, a, b, [s, n], rule, 0.8, s))
                out.append(delta(view, verb, kind, b, a, [s, n], rule, 0.8, n))
        return
    if len(people) > 1:
        for s, a in people:
            others = [c for _, c in people if c != a]
            out.append(delta(view, verb, kind, a, others[0], [p for p, _ in people], rule,
                              0.75, s))
        return
    if kind == "engaged":
        return  # "she was engaged" alone means busy as often as betrothed
    s, a = people[0]
    out.append(delta(view, verb, kind, a, None, [s], rule, 0.65, s))
