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
from continuum.pipeline.extract.heuristic.passes.things import (
    NOT_PORTABLE,
    ObjectRegistry,
    object_phrase,
    thing_key,
)
from continuum.pipeline.extract.schema import EntityItem, StateDelta

MOVE_VERBS = frozenset(
    {
        "go", "come", "walk", "ride", "return", "travel", "run", "drive", "sail", "journey",
        "hurry", "hasten", "proceed", "fly", "flee", "escape", "move", "set", "head", "march",
        "row", "swim", "climb", "wander", "stroll", "retire", "repair", "remove", "arrive",
        "get", "make", "steal", "creep", "crawl", "gallop", "limp", "stagger", "rush", "dash",
        "race", "follow", "accompany", "advance", "withdraw", "retreat", "depart", "start",
        "carry", "bring", "take", "lead", "escort", "guide", "conduct", "paddle", "trudge",
        "cross", "step", "ascend", "descend", "venture", "saunter", "amble", "tramp", "trek",
        "scramble", "stride", "scurry", "hobble", "totter", "wend", "show", "usher", "slip",
        "dart", "pace", "tiptoe", "speed", "canter", "trot", "drift", "hike", "motor",
    }
)
# "walked Mara up the hill to Gull House": the person walked, led or taken goes too.
ESCORT_VERBS = frozenset({"walk", "lead", "take", "bring", "accompany", "escort", "drive", "row",
                          "guide", "conduct", "carry", "follow", "help", "show", "usher"})
# "made his way to", "wended her way back to": the way is the motion.
WAY_VERBS = frozenset({"make", "wend", "find", "pick", "thread", "push", "fight", "feel", "work"})
# Verbs of carrying move the carrier only towards a place; "from" says where the thing was.
CARRY_VERBS = frozenset({"take", "bring", "carry", "lead", "escort", "guide", "conduct"})
# Being somewhere: "was in Greyhaven", "stayed at the inn", "sat at his desk in Gull House".
STAY_VERBS = frozenset({"be", "stay", "remain", "sit", "stand", "sleep", "wait", "live", "dwell",
                        "lodge", "linger", "rest", "settle", "hide", "shelter", "die", "perish",
                        "wake", "awake", "awaken"})
# "walked down Bell Street", "hurried along the Strand": the way is a place the mover is in.
PATH_PREPS = frozenset({"down", "up", "along", "through", "across"})
REFLEXIVES = frozenset({"himself", "herself", "themselves", "myself", "yourself", "ourselves",
                        "yourselves"})
# Adverbs whose prepositions belong to the motion: "went back down to", "rowed out to".
MOTION_ADVERBS = frozenset({"back", "down", "up", "out", "home", "over", "across", "away", "off",
                            "on", "in", "ahead", "round", "around", "along", "again", "still",
                            "asleep", "awake", "safe", "alone"})
# A named place inside a common one: "his forge in Saltmere", "his room at the Lantern Inn".
NESTED_PREPS = frozenset({"in", "at", "on", "of", "inside", "within", "beneath", "under",
                          "below", "underneath"})
# "locked Jonah Crane in the cells beneath the Guildhall": the person confined is there.
CONFINE_VERBS = frozenset({"lock", "shut", "imprison", "confine", "jail", "gaol", "lodge"})
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
# Having a thing in hand: "kept the ledger in the drawer", "held a silver compass".
HOLD_VERBS = frozenset({"hold", "keep", "carry", "clutch", "grasp", "grip"})
KEEP_IDIOMS = frozenset({"watch", "guard", "vigil", "lookout", "post", "time", "count"})
# Putting a thing on one's own person: "slipped it into his coat", "put it in her pocket".
STOW_VERBS = frozenset({"put", "slip", "tuck", "thrust", "stuff", "stow", "shove"})
ON_PERSON = frozenset({"pocket", "pockets", "coat", "bag", "purse", "bosom", "belt", "waistcoat",
                       "jacket", "cloak", "satchel", "knapsack", "apron", "sleeve", "breast",
                       "pouch", "wallet", "shirt", "boot", "glove", "hat", "cap"})
# Throwing a thing away: into the sea it is lost, into the fire it is destroyed.
THROW_VERBS = frozenset({"throw", "fling", "toss", "hurl", "cast", "pitch"})
WATERS = frozenset({"sea", "harbour", "harbor", "river", "water", "waters", "lake", "ocean",
                    "well", "pond", "waves", "canal", "stream", "surf", "deep", "bay", "sound",
                    "marsh", "bog", "swamp", "pit", "abyss", "chasm"})
FIRES = frozenset({"fire", "flames", "flame", "grate", "furnace", "fireplace", "hearth", "stove"})
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
            | STAY_VERBS | HOLD_VERBS | STOW_VERBS | THROW_VERBS | CONFINE_VERBS
            | {"dead", "engage", "engaged", "betroth", "betrothed", "married", "be", "lie", "fall"})


@dataclass
class DeltaResult:
    """The deltas in text order, and which verb tokens produced them (for events)."""

    items: list[StateDelta] = field(default_factory=list)
    verbs: set[int] = field(default_factory=set)
    objects: list[EntityItem] = field(default_factory=list)


def extract_state_deltas(view: ChapterView) -> DeltaResult:
    """Every asserted change of place, possession and status in the chapter, in text order."""
    result = DeltaResult()
    registry = ObjectRegistry.build(view)
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
        _confined(view, tok, lemma, result.items)
        _possession(view, tok, lemma, result.items, registry)
        _holding(view, tok, lemma, result.items, registry)
        changed = len(result.items) > before
        _presence(view, tok, lemma, result.items)  # a state, not an event: no verb mark
        _found_self(view, tok, lemma, result.items)
        before = len(result.items)
        _status(view, tok, lemma, result.items)
        if changed or len(result.items) > before:
            result.verbs.add(tok.i)
    result.items = _once_per_status(result.items)
    used = {n for d in result.items for n in (d.subject, d.object) if n}
    result.objects = registry.items(view, used)
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


def _movers(view: ChapterView, verb: Any, lemma: str) -> list[tuple[Any, str]]:
    """Who goes: the subjects ("Aldous and Harriet Finch"), and the person escorted."""
    movers: list[tuple[Any, str]] = []
    for s in view.subjects(verb):
        movers.extend((s, c) for c in view.characters(s))
        for left in s.lefts:  # "Aldous and Harriet Finch": the parser hangs Aldous on Finch
            if left.dep_ in {"amod", "compound"} and any(c.dep_ == "conj" for c in left.children):
                movers.extend((left, c) for c in view.characters(left) if c not in
                              [m for _, m in movers])
    if lemma in ESCORT_VERBS and not view.is_passive(verb):
        movers.extend((o, c) for o in view.objects(verb) for c in view.characters(o))
    return movers


def _confined(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """"The Watch locked Jonah Crane in the cells beneath the Guildhall"; "was locked in"."""
    if lemma not in CONFINE_VERBS:
        return
    people = [(o, c) for o in view.objects(verb) for c in view.characters(o)]
    if view.is_passive(verb):
        people = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    for prep, noun in view.preps(verb):
        if prep not in {"in", "into", "inside", "within"}:
            continue
        found = _nested_place(view, noun)
        if found is not None:
            for tok, who in people:
                out.append(_delta(view, verb, "moved_to", who, found[0], [tok, noun],
                                  "confinement", 0.7, tok))
            return


def _motion_preps(view: ChapterView, verb: Any) -> list[tuple[str, Any]]:
    """The verb's prepositions and those of its adverbs: "went back down to", "was back at"."""
    pairs = view.preps(verb)
    for child in verb.children:
        if child.dep_ in {"advmod", "prt", "acomp", "npadvmod"} and \
                child.lower_ in MOTION_ADVERBS:
            pairs.extend(view.preps(child))
            for grand in child.children:  # "back down to": the second adverb holds the "to"
                if grand.dep_ in {"advmod", "prt"} and grand.lower_ in MOTION_ADVERBS:
                    pairs.extend(view.preps(grand))
        elif child.dep_ == "dobj" and child.lower_ == "way" and verb.lemma_.lower() in WAY_VERBS:
            pairs.extend(view.preps(child))  # "made his way to the Red Lion"
            for grand in child.children:
                if grand.dep_ in {"advmod", "prt"} and grand.lower_ in MOTION_ADVERBS:
                    pairs.extend(view.preps(grand))
    # "climbed up to", "went over to": the parser reads "up to" as one preposition
    return [(p.split()[-1] if " " in p and p.split()[0] in MOTION_ADVERBS else p, n)
            for p, n in pairs]


def _nested_place(view: ChapterView, noun: Any, depth: int = 0) -> tuple[str, Any] | None:
    """A named place, or the named place a common one is in ("his forge in Saltmere")."""
    place = _place(view, noun)
    if place is not None:
        return place, noun
    if depth >= 3 or view.key(noun) or noun.pos_ not in {"NOUN", "PROPN"}:
        return None
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ in NESTED_PREPS:
            for pobj in child.children:
                if pobj.dep_ == "pobj":
                    found = _nested_place(view, pobj, depth + 1)
                    if found is not None:
                        return found
        elif child.dep_ == "relcl" and depth == 0:  # "the forge, which stood … in Saltmere"
            for prep, inner in view.preps(child):
                if prep in NESTED_PREPS - {"of"}:
                    found = _nested_place(view, inner, depth + 1)
                    if found is not None:
                        return found
    return None


def _movement(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    if lemma not in MOVE_VERBS and lemma not in ARRIVE_VERBS and lemma not in LEAVE_VERBS:
        return
    movers = _movers(view, verb, lemma)
    if view.is_passive(verb) and lemma in ESCORT_VERBS:  # "was taken back down to the cells"
        movers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    elif view.is_passive(verb):
        return
    if view.in_quote(verb):  # "I went to the Red Lion," said Tom: talk, not the scene's motion
        movers = [(s, c) for s, c in movers if view.token_kind[s.i] != "pronoun"]
    if not movers:
        return
    targets: list[tuple[str, str, Any]] = []
    preps = _motion_preps(view, verb)
    if any(p in TO_PREPS and _nested_place(view, n) is None for p, n in preps):
        # "was shown into the library at Hatherley Grange": the room is in the named place
        preps = [(("to" if p in AT_PREPS else p), n) for p, n in preps]
    for prep, noun in preps:
        found = _nested_place(view, noun) if prep in TO_PREPS else None
        place = _place(view, noun) if found is None else found[0]
        if place is None:
            continue
        if prep in FROM_PREPS or prep.startswith("out of"):
            if lemma not in CARRY_VERBS:  # "brought a letter from London": the letter came
                targets.append(("left", place, noun))
        elif prep in TO_PREPS:
            targets.append(("arrived_at" if lemma in ARRIVE_VERBS else "moved_to", place, noun))
        elif prep in AT_PREPS and lemma in ARRIVE_VERBS:
            targets.append(("arrived_at", place, noun))
        elif prep == "for" and lemma in LEAVE_VERBS:
            targets.append(("moved_to", place, noun))
    rule = "movement"
    if not targets and lemma in MOVE_VERBS:
        targets, rule = _path(view, verb, preps), "path"
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
            out.append(_delta(view, verb, kind, mover, place, [subject_tok, noun], rule,
                              0.8 if view.key(noun) and rule == "movement" else 0.7, subject_tok))


def _path(view: ChapterView, verb: Any, preps: list[tuple[str, Any]]) -> list[tuple[str, str, Any]]:
    """"walked down Bell Street", "walked up Bell Street" (the parser's particle and bare
    noun): a named way the mover goes along, when the text names no destination."""
    ways = [n for p, n in preps if p in PATH_PREPS]
    if any(c.dep_ == "prt" and c.lower_ in PATH_PREPS for c in verb.children):
        ways += [c for c in verb.children if c.dep_ == "npadvmod" and c.pos_ == "PROPN"]
    for noun in ways:
        place = _place(view, noun)
        if place is not None:
            return [("moved_to", place, noun)]
    return []


def _found_self(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """"found herself in Hatherley Grange", "found himself back at the Red Lion"."""
    if lemma != "find" or view.is_passive(verb):
        return
    if view.in_quote(verb) and verb.tag_ != "VBD":
        return
    if not any(c.dep_ == "dobj" and c.lower_ in REFLEXIVES for c in verb.children):
        return
    movers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    for prep, noun in _motion_preps(view, verb):
        if prep not in AT_PREPS and prep not in {"inside", "within"}:
            continue
        found = _nested_place(view, noun)
        if found is None:
            continue
        for subject_tok, who in movers:
            out.append(_delta(view, verb, "arrived_at", who, found[0], [subject_tok, noun],
                              "found_self", 0.7, subject_tok))
        return


def _presence(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """Being at a named place: "was in Greyhaven", "stayed at the Lantern Inn", "was asleep in
    his room at the Lantern Inn". Narration only: in dialogue it is a claim, not a scene."""
    if lemma not in STAY_VERBS or view.in_quote(verb) or view.is_passive(verb):
        return
    if verb.tag_ in {"VB", "VBG"} and lemma == "be":
        return  # "to be in London", "being at Netherfield": a plan or a circumstance
    if any(c.dep_ == "aux" and c.lower_ in {"would", "will", "should", "must", "might", "may",
                                            "could", "shall", "to", "had", "'d", "\u2019d"}
           for c in verb.children):
        return  # a plan, a wish, or backstory ("had been formerly in trade in Meryton")
    movers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    if not movers:
        return
    for prep, noun in _motion_preps(view, verb):
        if prep not in AT_PREPS and prep not in {"inside", "within"}:
            continue
        found = _nested_place(view, noun)
        if found is None:
            continue
        for subject_tok, who in movers:
            out.append(_delta(view, verb, "arrived_at", who, found[0], [subject_tok, noun],
                              "presence", 0.65, subject_tok))
        return


def _thing(view: ChapterView, tok: Any, registry: ObjectRegistry, create: bool = True) -> str | None:
    """A holdable object named by a noun phrase, or None for people, places, abstractions.

    "it" is the nearest holdable thing before it in its sentence or the one before
    ("took the brass key from the chimney and slipped it into his coat")."""
    if tok.lower_ == "it":
        return _antecedent(view, tok, registry)
    if tok.lemma_.lower() in PARTITIVES:  # "a piece of gold" is gold
        inner = next((g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                      for g in c.children if g.dep_ == "pobj"), None)
        if inner is None:
            return None
        tok = inner
    if thing_key(view, tok) is None:
        return None
    key = view.key(tok)
    if key:
        return key
    if tok.lemma_.lower() in BODY_PARTS:
        return None
    phrase = object_phrase(view, tok)
    name = registry.resolve(phrase, create=create)
    if name is None and registry.free_head(phrase.head):
        return view.noun_phrase(tok)[0]  # untracked ("a letter"): the delta binds to nothing
    return name


def _antecedent(view: ChapterView, pronoun: Any, registry: ObjectRegistry) -> str | None:
    sent = view.token_sent[pronoun.i]
    for j in range(pronoun.i - 1, max(-1, pronoun.i - 60), -1):
        cand = view.doc[j]
        if view.token_sent[j] not in {sent, sent - 1}:
            break
        if cand.pos_ == "NOUN" and cand.lemma_.lower() not in BODY_PARTS and \
                thing_key(view, cand) is not None and cand.dep_ not in {"compound", "poss"}:
            if cand.dep_ == "pobj" and cand.head.lower_ in CONTAINER_PREPS:
                continue  # "took the map from the drawer. He gave it …": the map, not the drawer
            if view.key(cand):
                return view.key(cand)
            found = registry.resolve(object_phrase(view, cand), create=False)
            if found is not None:
                return found
    return None


CONTAINER_PREPS = frozenset({"from", "in", "into", "inside", "under", "beneath", "on", "out",
                             "behind", "within"})


def _to_person(view: ChapterView, verb: Any) -> list[Any]:
    """"handed the map to Nell Barrow" when the parser read "to" as an infinitive marker:
    the first "to" after the verb in its clause, right before a character's name."""
    doc = view.doc
    sent = view.token_sent[verb.i]
    for j in range(verb.i + 1, min(len(doc) - 1, verb.i + 12)):
        tok = doc[j]
        if view.token_sent[j] != sent or tok.text in {",", ";", ":", "."} or (
                tok.pos_ == "VERB" and j > verb.i + 1):
            break
        if tok.lower_ == "to" and tok.dep_ != "prep":
            nxt = doc[j + 1]
            key = view.character(nxt)
            if key is None:
                return []
            last = j + 1
            while last + 1 < len(doc) and view.key(doc[last + 1]) == key:
                last += 1
            return [doc[last]]
    return []


def _recipients(view: ChapterView, verb: Any, objects: list[Any]) -> list[Any]:
    """"gave X to Y": the "to" may hang on the verb, its particle, or on the thing itself."""
    found = [n for p, n in view.preps(verb) if p == "to"]
    found += [c for c in verb.children if c.dep_ == "dative" and c.pos_ != "ADP"]
    for holder in [*objects, *[c for c in verb.children if c.dep_ in {"advmod", "prt"}]]:
        found += [n for p, n in view.preps(holder) if p == "to"]
    return found or _to_person(view, verb)


def _possession(
    view: ChapterView, verb: Any, lemma: str, out: list[StateDelta], registry: ObjectRegistry
) -> None:
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
    recipients = _recipients(view, verb, objects)
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
        # An offer may be declined: it names no new thing to track.
        thing = _thing(view, thing_tok, registry, create=lemma != "offer")
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
            if not holders and passive and lemma != "drop":  # "the brass key was lost"
                out.append(_delta(view, verb, "lost", thing, thing, [thing_tok], "loss", 0.6))
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


def _holding(
    view: ChapterView, verb: Any, lemma: str, out: list[StateDelta], registry: ObjectRegistry
) -> None:
    """Having a thing: "kept the Guild ledger in the drawer", "held a silver compass",
    "slipped it into his coat" (gained: the holder has it now); "threw the brass key into
    the harbour" (lost), "into the fire" (destroyed)."""
    if lemma not in HOLD_VERBS and lemma not in STOW_VERBS and lemma not in THROW_VERBS:
        return
    if any(c.dep_ in {"ccomp", "oprd", "xcomp", "acomp"} for c in verb.children):
        return  # "kept her waiting", "held it to be true", "kept quiet"
    particle = view.particle(verb)
    passive = view.is_passive(verb)
    subjects = view.subjects(verb)
    holders = [] if passive else [(s, c) for s in subjects for c in view.characters(s)]
    things = [s for s in subjects if passive and not view.character(s)] or \
        ([] if passive else view.objects(verb))
    preps = view.preps(verb)
    into = [n.lemma_.lower() for p, n in preps if p in {"into", "in", "over", "overboard"}]
    for thing_tok in things:
        if thing_tok.lemma_.lower() in NOT_PORTABLE or thing_tok.lemma_.lower() in BODY_PARTS:
            continue
        if lemma in THROW_VERBS and (set(into) & (WATERS | FIRES) or particle == "away" or any(
                c.lower_ == "overboard" for c in verb.children)):
            thing = _thing(view, thing_tok, registry)
            if thing is None:
                continue
            kind = "destroyed" if set(into) & FIRES else "lost"
            who_list = holders or ([(thing_tok, thing)] if passive else [])
            for s, who in who_list:
                out.append(_delta(view, verb, kind, who, thing, [s, thing_tok], "loss", 0.7))
            continue
        if passive or not holders or lemma in THROW_VERBS:
            continue  # a throw that does not send it into the sea or the fire keeps no hold
        if lemma in STOW_VERBS and not _onto_own_person(view, preps, holders):
            continue
        if lemma in HOLD_VERBS and particle and particle not in {"up", "out"}:
            continue  # "kept back", "held off"
        if lemma in HOLD_VERBS and thing_tok.lemma_.lower() in KEEP_IDIOMS:
            continue  # "kept her watch at the Guildhall": a vigil, not a timepiece
        thing = _thing(view, thing_tok, registry)
        if thing is None:
            continue
        for s, who in holders:
            out.append(_delta(view, verb, "gained", who, thing, [s, thing_tok], "holding",
                              0.6, s))


def _onto_own_person(view: ChapterView, preps: list[tuple[str, Any]],
                     holders: list[tuple[Any, str]]) -> bool:
    """"into his coat", "in her pocket": a garment or bag of the holder's own."""
    names = {who for _, who in holders}
    for prep, noun in preps:
        if prep not in {"into", "in", "inside"} or noun.lemma_.lower() not in ON_PERSON:
            continue
        owner = next((c for c in noun.children if c.dep_ == "poss"), None)
        if owner is not None and view.key(owner) in names:
            return True
    return False


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
