"""state_deltas: movement, possession, death, marriage and injury, from verbs and their arguments.

Subjects resolve through mentions (pronouns included); only asserted clauses count (see
gates). Kinds follow the materializer: `killed` and `injured` have the victim as subject
and the agent (if named) as object; `destroyed` has the holder or destroyer as subject.
List order is text order, which is the ordinal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.heuristic.passes.things import thing_key
from continuum.pipeline.extract.schema import StateDelta

MOVE_VERBS = frozenset(
    {
        "go", "come", "walk", "ride", "return", "travel", "run", "drive", "sail", "journey",
        "hurry", "hasten", "proceed", "fly", "flee", "escape", "move", "set", "head", "march",
        "row", "swim", "climb", "wander", "stroll", "retire", "repair", "remove", "arrive",
        "get", "make", "steal", "creep", "crawl", "gallop", "limp", "stagger", "rush", "dash",
        "race", "follow", "accompany", "advance", "withdraw", "retreat", "depart", "start",
    }
)
ARRIVE_VERBS = frozenset({"arrive", "reach", "enter", "land", "gain"})
LEAVE_VERBS = frozenset({"leave", "quit", "depart", "flee", "escape", "abandon", "desert"})
TO_PREPS = frozenset({"to", "into", "towards", "toward", "for", "unto", "onto"})
AT_PREPS = frozenset({"at", "in", "on", "upon"})
FROM_PREPS = frozenset({"from", "out of", "off"})

GAIN_VERBS = frozenset(
    {
        "take", "steal", "seize", "snatch", "grab", "buy", "purchase", "obtain", "acquire",
        "pick", "pocket", "gain", "win", "collect", "inherit", "find", "recover", "capture",
        "fetch", "borrow", "hire",
    }
)
RECEIVE_VERBS = frozenset({"receive", "accept"})
GIVE_VERBS = frozenset(
    {"give", "hand", "sell", "lend", "bestow", "present", "deliver", "pass", "return", "send",
     "entrust", "bequeath", "offer"}
)
LOSE_VERBS = frozenset({"lose", "drop", "mislay", "misplace"})
DESTROY_VERBS = frozenset(
    {"break", "burn", "destroy", "smash", "shatter", "tear", "crush", "wreck", "demolish",
     "sink", "scuttle"}
)
DIE_VERBS = frozenset({"die", "perish", "expire", "starve", "drown", "succumb"})
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
BODY_PARTS = frozenset(
    {"arm", "leg", "foot", "ankle", "hand", "head", "knee", "shoulder", "wrist", "back",
     "finger", "side", "eye", "face", "neck", "hip", "thigh", "chest", "cheek", "lip"}
)
# Light-verb objects and abstractions that are never held: "took delight", "lost her temper".
ABSTRACT_OBJECTS = words(
    """
    delight pleasure possession care place part notice leave interest advantage offence
    offense effect hold heart courage breath time way thought answer look glance walk turn
    chance opportunity trouble pains note account temper patience sight hope silence word
    words consent permission advice attention step steps seat liberty fancy dislike exception
    charge command aim root refuge shelter rest sleep fright alarm umbrage comfort credit
    blame fault promise oath vow order orders instruction instructions news information idea
    opinion view life lives share objection vengeance revenge cold fire heed counsel example
    lesson use pity evening morning day night week year hour minute moment while dinner tea
    breakfast supper meal leave farewell measure measures precaution precautions stock ground
    form shape precedence priority side pain spirits spirit mind head pride fortune chances
    risk risks courage matter matters thing things nothing anything something everything
    all one none interest notice kiss smile nod bow glimpse air tone manner liking fancy
    character reputation name position post situation control power freedom shame misery
    joy grief sorrow anger pain distress surprise hint relief concern regret fear terror
    horror dread love hatred affection regard esteem respect contempt pity compassion envy
    jealousy gratitude thanks praise applause joy bliss despair hope wish wishes desire
    trouble worry anxiety comfort peace quiet rest ease leisure time attention notice
    assurance proof evidence impression offence occasion reason cause excuse pretext
    compliment compliments greeting greetings regards love apology apologies hint clue
    lead turn lesson trial test try guess risk liberty pains counsel thought thoughts sense
    """
)
# "gave me a twitch": a gesture given is no object handed over.
PARTITIVES = words("piece bit lump handful scrap bundle pair heap")
STATUS_KINDS = frozenset({"died", "killed", "married", "engaged", "injured"})
KEPT_PARTICLES = {"pick": {"up"}, "burn": {"down", "up"}, "break": {"up"}, "tear": {"up"},
                  "hand": {"over", "back"}, "give": {"away", "back", "over"}}
GESTURES = words(
    """twitch wrench look glance kiss push pull shake nod wink start jump cry shout scream
    groan sigh laugh smile blow kick slap knock tap pat squeeze hug wave shrug call ring
    try hand lift ride wash brush jerk tug pinch stroke whiff swallow sip puff draught gulp
    light bite mouthful breath peep"""
)
PERSON_NOUNS = words(
    """man woman child boy girl gentleman lady fellow person people men women children lad
    lass wife husband sister brother mother father daughter son friend servant master
    stranger partner officer sailor seaman crew"""
)
ABSTRACT_SUFFIXES = ("ness", "ity", "tion", "sion", "ment", "ance", "ence", "ship", "ism", "hood")
NON_PLACE_ENTS = frozenset({"PERSON", "NORP", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY",
                            "QUANTITY", "PERCENT", "WORK_OF_ART", "LAW", "LANGUAGE", "EVENT"})
HONORIFIC_WORDS = frozenset({"mr", "mrs", "miss", "ms", "sir", "lady", "lord", "captain", "dr"})


RELEVANT = (MOVE_VERBS | ARRIVE_VERBS | LEAVE_VERBS | GAIN_VERBS | RECEIVE_VERBS | GIVE_VERBS
            | LOSE_VERBS | DESTROY_VERBS | DIE_VERBS | KILL_VERBS | INJURE_VERBS | MARRY_VERBS
            | {"dead", "engage", "engaged", "betroth", "betrothed", "married", "be", "lie", "fall"})


@dataclass
class DeltaResult:
    """The deltas in text order, and which verb tokens produced them (for events)."""

    items: list[StateDelta] = field(default_factory=list)
    verbs: set[int] = field(default_factory=set)


def extract_state_deltas(view: ChapterView) -> DeltaResult:
    """Every asserted change of place, possession and status in the chapter, in text order."""
    result = DeltaResult()
    for tok in view.doc:
        if tok.pos_ not in {"VERB", "AUX", "ADJ"} or view.is_markup(tok):
            continue
        lemma = tok.lemma_.lower()
        if tok.pos_ == "ADJ" and lemma not in {"dead", "married", "engaged", "betrothed"}:
            continue
        if not _relevant(lemma):
            continue
        if not view.verdict(tok).asserted:
            continue
        if view.in_quote(tok) and not _reported_past(tok, lemma):
            continue  # dialogue in the present tense: plans and habits, not changes
        before = len(result.items)
        _movement(view, tok, lemma, result.items)
        _possession(view, tok, lemma, result.items)
        _status(view, tok, lemma, result.items)
        if len(result.items) > before:
            result.verbs.add(tok.i)
    result.items = _once_per_status(result.items)
    return result


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


def _delta(
    view: ChapterView, verb: Any, kind: str, subject: str, obj: str | None, parts: list[Any],
    rule: str, confidence: float, subject_tok: Any | None = None,
) -> StateDelta:
    if subject_tok is not None and view.token_kind[subject_tok.i] == "pronoun":
        confidence *= 0.9
    evidence = view.clause_evidence(verb, parts, f"state_deltas.{rule}", confidence)
    return StateDelta(kind=kind, subject=subject, object=obj, evidence=evidence)  # type: ignore[arg-type]


def _place(view: ChapterView, tok: Any) -> str | None:
    """A place: a location entity, a place entity, or a capitalised name that is no person."""
    key = view.key(tok)
    if key and view.type_of(key) == "location":
        return key
    if key or tok.ent_type_ in NON_PLACE_ENTS:
        return None
    if any(c.dep_ == "compound" and c.lower_.rstrip(".") in HONORIFIC_WORDS for c in tok.lefts):
        return None
    if tok.pos_ == "PROPN" and any(c.dep_ == "poss" for c in tok.children):
        return None  # "went to his Maker": a possessed name is no place
    return view.location(tok)


def _movement(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    if lemma not in MOVE_VERBS and lemma not in ARRIVE_VERBS and lemma not in LEAVE_VERBS:
        return
    movers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    if view.is_passive(verb) or not movers:
        return
    targets: list[tuple[str, str, Any]] = []
    for prep, noun in view.preps(verb):
        place = _place(view, noun)
        if place is None:
            continue
        if prep in FROM_PREPS or prep.startswith("out of"):
            targets.append(("left", place, noun))
        elif prep in TO_PREPS:
            targets.append(("arrived_at" if lemma in ARRIVE_VERBS else "moved_to", place, noun))
        elif prep in AT_PREPS and lemma in ARRIVE_VERBS:
            targets.append(("arrived_at", place, noun))
        elif prep == "for" and lemma in LEAVE_VERBS:
            targets.append(("moved_to", place, noun))
    for obj in view.objects(verb):
        place = _place(view, obj)
        if place is None:
            continue
        if lemma in ARRIVE_VERBS:
            targets.append(("arrived_at", place, obj))
        elif lemma in LEAVE_VERBS:
            targets.append(("left", place, obj))
    order = {"left": 0, "moved_to": 1, "arrived_at": 1}
    for kind, place, noun in sorted(targets, key=lambda t: (order[t[0]], t[2].i)):
        for subject_tok, mover in movers:
            out.append(_delta(view, verb, kind, mover, place, [subject_tok, noun], "movement",
                              0.8 if view.key(noun) else 0.7, subject_tok))


def _thing(view: ChapterView, tok: Any) -> str | None:
    """A holdable object named by a noun phrase, or None for people, places, abstractions."""
    if tok.lemma_.lower() in PARTITIVES:  # "a piece of gold" is gold
        inner = next((g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                      for g in c.children if g.dep_ == "pobj"), None)
        if inner is None:
            return None
        tok = inner
    if thing_key(view, tok) is None:
        return None
    key = view.key(tok)
    return key if key else view.noun_phrase(tok)[0]


def _possession(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    groups = (GAIN_VERBS, RECEIVE_VERBS, GIVE_VERBS, LOSE_VERBS, DESTROY_VERBS)
    if not any(lemma in g for g in groups):
        return
    if any(c.dep_ in {"ccomp", "oprd", "xcomp"} for c in verb.children):
        return  # "found the house empty", "took it to be"
    particle = view.particle(verb)
    if particle and particle not in KEPT_PARTICLES.get(lemma, {"away", "back"}):
        return  # "gave up her plan", "took off his hat", "broke in": no change of hands
    passive = view.is_passive(verb)
    subjects = view.subjects(verb)
    objects = view.objects(verb)
    recipients = [n for p, n in view.preps(verb) if p == "to"]
    recipients += [c for c in verb.children if c.dep_ == "dative" and c.pos_ != "ADP"]
    if passive:
        agent = view.agent(verb)
        persons = [s for s in subjects if view.character(s)]
        if persons and objects and lemma in GIVE_VERBS:
            things = objects  # "Jane was given a letter"
            recipients, subjects = persons, [agent] if agent is not None else []
        else:
            things = [s for s in subjects if not view.character(s)]
            subjects = [agent] if agent is not None else []
    else:
        things = objects
    for thing_tok in things:
        thing = _thing(view, thing_tok)
        if thing is None:
            continue
        holders = [(s, c) for s in subjects for c in view.characters(s)]
        if lemma in DESTROY_VERBS:
            if not holders and passive:
                out.append(_delta(view, verb, "destroyed", thing, thing, [thing_tok],
                                  "destruction", 0.6))
            for s, who in holders:
                out.append(_delta(view, verb, "destroyed", who, thing, [s, thing_tok],
                                  "destruction", 0.7, s))
            continue
        if lemma in LOSE_VERBS:
            for s, who in holders:
                out.append(_delta(view, verb, "lost", who, thing, [s, thing_tok], "loss", 0.7, s))
            continue
        if lemma in GAIN_VERBS or lemma in RECEIVE_VERBS:
            kind = "received" if lemma in RECEIVE_VERBS else "gained"
            conf = 0.55 if lemma in {"find", "take"} else 0.7
            for s, who in holders:
                out.append(_delta(view, verb, kind, who, thing, [s, thing_tok], "acquisition",
                                  conf, s))
            continue
        receivers = [(r, c) for r in recipients for c in view.characters(r)]
        if lemma in {"return", "send", "pass", "offer"} and not receivers:
            continue  # "returned the key" alone is no transfer we can place
        for s, who in holders:
            out.append(_delta(view, verb, "gave", who, thing, [s, thing_tok, *recipients],
                              "transfer", 0.75, s))
        for r, who in receivers:
            out.append(_delta(view, verb, "received", who, thing, [*subjects, thing_tok, r],
                              "transfer", 0.7, r))


def _status(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    subjects = view.subjects(verb)
    if lemma in DIE_VERBS and verb.tag_ == "VBG":
        return  # "she was dying" (of laughter, as often as not): not dead yet
    if lemma in DIE_VERBS and not (lemma == "drown" and view.objects(verb)):
        for s in subjects:
            for who in view.characters(s):
                out.append(_delta(view, verb, "died", who, None, [s], "death", 0.85, s))
        return
    if lemma in {"be", "lie", "fall"} or lemma == "dead":
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
                    parts = [s] + ([agent] if agent is not None else [])
                    out.append(_delta(view, verb, kind, who, killer, parts, rule, 0.8, s))
            return
        killers = [(s, c) for s in subjects for c in view.characters(s)]
        for obj in view.objects(verb):
            if kind == "injured" and obj.lemma_.lower() in BODY_PARTS:
                for s, who in killers:  # "hurt his ankle"
                    out.append(_delta(view, verb, kind, who, None, [s, obj], rule, 0.7, s))
                continue
            for who in view.characters(obj):
                killer = killers[0][1] if killers else None
                parts = [obj] + ([killers[0][0]] if killers else [])
                out.append(_delta(view, verb, kind, who, killer, parts, rule, 0.8, obj))
        return
    if lemma in MARRY_VERBS or lemma in {"married", "engage", "engaged", "betroth", "betrothed"}:
        _union(view, verb, lemma, subjects, out)


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
    """"X was dead", "X lay dead", "X fell dead"."""
    if verb.lemma_.lower() == "dead":
        return
    if not any(c.lower_ == "dead" and c.dep_ in {"acomp", "oprd", "advmod", "xcomp"}
               for c in verb.children):
        return
    dead = next(c for c in verb.children if c.lower_ == "dead")
    for s in subjects:
        for who in view.characters(s):
            out.append(_delta(view, verb, "died", who, None, [s, dead], "death", 0.8, s))


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
                out.append(_delta(view, verb, kind, a, b, [s, n], rule, 0.8, s))
                out.append(_delta(view, verb, kind, b, a, [s, n], rule, 0.8, n))
        return
    if len(people) > 1:
        for s, a in people:
            others = [c for _, c in people if c != a]
            out.append(_delta(view, verb, kind, a, others[0], [p for p, _ in people], rule,
                              0.75, s))
        return
    if kind == "engaged":
        return  # "she was engaged" alone means busy as often as betrothed
    s, a = people[0]
    out.append(_delta(view, verb, kind, a, None, [s], rule, 0.65, s))
