"""Possession: things taken, given, held, stowed, thrown away, lost and destroyed ("gave the
map to Nell", "slipped it into his coat", "threw the key into the harbour")."""

from __future__ import annotations

from typing import Any

from continuum.language.possession import GIVE_VERBS, HANDS, PLACING_VERBS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.delta_base import BODY_PARTS, delta
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.heuristic.passes.things import (
    NOT_PORTABLE,
    ObjectRegistry,
    object_phrase,
    thing_key,
)
from continuum.pipeline.extract.schema import StateDelta

GAIN_VERBS = frozenset(
    {
        "take", "steal", "seize", "snatch", "grab", "buy", "purchase", "obtain", "acquire",
        "pick", "pocket", "gain", "win", "collect", "inherit", "find", "recover", "capture",
        "fetch", "borrow", "hire", "draw", "retrieve", "pluck",
    }
)
# "put it into Oswin's hand", "pressed the ring into her palm", "laid it in his lap":
# placing a thing in someone's hands hands it over.
PLACE_VERBS = PLACING_VERBS | words("pour give entrust consign commit leave")
# "The comet plate stayed with Clara", "the key remained with her", "was left with him".
STAY_WITH_VERBS = frozenset({"stay", "remain", "rest", "leave", "be"})
# "The logbook was Rupert's charge": what a thing is of someone's.
OWNED_AS = frozenset({"charge", "property", "responsibility", "keeping", "care", "possession"})
POCKETS = frozenset({"pocket", "pockets", "hand", "hands", "grasp", "possession", "keeping",
                     "care", "lap", "fist", "palm", "bag", "purse", "satchel", "wallet"})
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
LOSE_VERBS = frozenset({"lose", "drop", "mislay", "misplace"})
DESTROY_VERBS = frozenset(
    {"break", "burn", "destroy", "smash", "shatter", "tear", "crush", "wreck", "demolish",
     "sink", "scuttle"}
)
PARTITIVES = words("piece bit lump handful scrap bundle pair heap")
KEPT_PARTICLES = {"pick": {"up"}, "burn": {"down", "up"}, "break": {"up"}, "tear": {"up"},
                  "hand": {"over", "back"}, "give": {"away", "back", "over"},
                  "take": {"out", "away", "back", "up"}, "draw": {"out", "forth"},
                  "pass": {"over", "back", "on"}}


def _thing(view: ChapterView, tok: Any, registry: ObjectRegistry, create: bool = True,
           proven: bool = False) -> str | None:
    """A holdable object named by a noun phrase, or None for people, places, abstractions.

    "it" is the nearest holdable thing before it in its sentence or the one before
    ("took the brass key from the chimney and slipped it into his coat"). `proven`: the
    clause itself shows the thing is held ("put the comet plate into her hands"), so a
    definite concrete noun the lexicon lacks counts too."""
    if tok.lower_ == "it":
        return _antecedent(view, tok, registry)
    if tok.lemma_.lower() in PARTITIVES:  # "a piece of gold" is gold
        inner = next((g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                      for g in c.children if g.dep_ == "pobj"), None)
        if inner is None:
            return None
        tok = inner
    if thing_key(view, tok) is None and not (proven and _portable_noun(view, tok)):
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


def _portable_noun(view: ChapterView, tok: Any) -> bool:
    """A common noun that may be a thing in hand: not a person, place, body part or idea."""
    if tok.pos_ != "NOUN" or view.key(tok) or tok.lemma_.lower() in BODY_PARTS:
        return False
    lemma = tok.lemma_.lower()
    return lemma not in NOT_PORTABLE and not lemma.endswith(ABSTRACT_ENDINGS) and \
        lemma not in NOT_THINGS


ABSTRACT_ENDINGS = ("ness", "ity", "tion", "sion", "ment", "ance", "ence", "ship", "ism", "hood")
NOT_THINGS = frozenset({"time", "way", "thing", "nothing", "something", "anything", "one",
                        "life", "news", "word", "truth", "secret", "idea", "matter", "man",
                        "woman", "child", "people", "heart", "mind", "head", "breath"})


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


def possession(
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
    if lemma == "draw" and not particle:
        return  # "drew a chair", "drew a map": only "drew out" / "drew forth" takes in hand
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
                out.append(delta(view, verb, "destroyed", thing, thing, [thing_tok],
                                  "destruction", 0.6))
            for s, who in holders:
                out.append(delta(view, verb, "destroyed", who, thing, [s, thing_tok],
                                  "destruction", 0.7, s))
            continue
        if lemma in LOSE_VERBS:
            if not holders and passive and lemma != "drop":  # "the brass key was lost"
                out.append(delta(view, verb, "lost", thing, thing, [thing_tok], "loss", 0.6))
            for s, who in holders:
                out.append(delta(view, verb, "lost", who, thing, [s, thing_tok], "loss", 0.7, s))
            continue
        if lemma in GAIN_VERBS or lemma in RECEIVE_VERBS:
            kind = "received" if lemma in RECEIVE_VERBS else "gained"
            conf = 0.55 if lemma in {"find", "take"} else 0.7
            for s, who in holders:
                out.append(delta(view, verb, kind, who, thing, [s, thing_tok], "acquisition",
                                  conf, s))
            continue
        receivers = [(r, c) for r in recipients for c in view.characters(r)]
        if lemma in {"return", "send", "pass", "offer"} and not receivers:
            continue  # "returned the key" alone is no transfer we can place
        for s, who in holders:
            out.append(delta(view, verb, "gave", who, thing, [s, thing_tok, *recipients],
                              "transfer", 0.75, s))
        for r, who in receivers:
            out.append(delta(view, verb, "received", who, thing, [*subjects, thing_tok, r],
                              "transfer", 0.7, r))


def holding(
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
                out.append(delta(view, verb, kind, who, thing, [s, thing_tok], "loss", 0.7))
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
            out.append(delta(view, verb, "gained", who, thing, [s, thing_tok], "holding",
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


def _hands_owner(view: ChapterView, noun: Any) -> tuple[str, Any] | None:
    """Whose hands, lap or keeping a noun is: "Oswin's hand", "her father's hands", "his
    own pocket", "the inside pocket of his coat"."""
    owner = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner is None:  # "the pocket of his coat", "the hands of Mrs. Fenn"
        inner = next((g for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"
                      for g in c.children if g.dep_ == "pobj"), None)
        if inner is None:
            return None
        if view.character(inner):
            return view.character(inner), inner  # type: ignore[return-value]
        owner = next((c for c in inner.children if c.dep_ == "poss"), None)
        if owner is None or inner.lemma_.lower() not in ON_PERSON:
            return None
    who = view.character(owner)
    return (who, owner) if who else None


def hand_over(
    view: ChapterView, verb: Any, lemma: str, out: list[StateDelta], registry: ObjectRegistry
) -> bool:
    """"put the comet plate into her father's hands", "pressed the ring into Nell's palm",
    "left the key in Tom's keeping": the one whose hands they are has it now, and the one
    who put it there gave it. Into one's own hands it is taken ("put it in her lap").
    True when the clause was read this way (the other possession rules then stay out)."""
    if lemma not in PLACE_VERBS or view.is_passive(verb):
        return False
    # "laid the almanac in Piet's lap": the parser may hang the place on the thing
    for prep, noun in [*view.preps(verb), *[p for o in view.objects(verb) for p in view.preps(o)]]:
        if prep not in {"into", "in", "to", "onto", "inside"} or noun.lemma_.lower() not in HANDS:
            continue
        owner = _hands_owner(view, noun)
        if owner is None:
            continue
        receiver, owner_tok = owner
        givers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
        for thing_tok in view.objects(verb):
            thing = _thing(view, thing_tok, registry, proven=True)
            if thing is None:
                continue
            if any(who == receiver for _, who in givers):
                for s, who in givers:
                    out.append(delta(view, verb, "gained", who, thing, [s, thing_tok, noun],
                                     "holding", 0.6, s))
                continue
            for s, who in givers:
                out.append(delta(view, verb, "gave", who, thing, [s, thing_tok, noun],
                                 "transfer", 0.75, s))
            out.append(delta(view, verb, "received", receiver, thing,
                             [*[s for s, _ in givers], thing_tok, noun], "transfer", 0.7, owner_tok))
        return True
    return False


def kept_by(
    view: ChapterView, verb: Any, lemma: str, out: list[StateDelta], registry: ObjectRegistry
) -> None:
    """A thing said to be with someone, in their pocket, or theirs to keep:

    - "The comet plate stayed with Clara", "the key remained with her", "was left with him";
    - "the plate was in the inside pocket of his coat", "the letter was in her hand";
    - "The logbook was Rupert's charge", "the watch was Tom's"."""
    if lemma not in STAY_WITH_VERBS or view.in_quote(verb):
        return
    things = [s for s in view.subjects(verb) if not view.character(s)]
    if lemma == "leave" and not view.is_passive(verb):
        return
    for thing_tok in things:
        if thing_tok.pos_ == "PRON" and thing_tok.lower_ != "it":
            continue
        holder: tuple[str, Any] | None = None
        rule = "holding"
        for prep, noun in view.preps(verb):
            if prep == "with" and view.character(noun) and lemma != "be":
                holder = view.character(noun), noun  # type: ignore[assignment]
            elif prep in {"in", "inside", "within"} and noun.lemma_.lower() in POCKETS:
                holder = _hands_owner(view, noun)
            if holder is not None:
                break
        if holder is None and lemma == "be":
            attr = next((c for c in verb.children if c.dep_ == "attr"), None)
            if attr is not None and attr.lemma_.lower() in OWNED_AS:
                holder = _hands_owner(view, attr)
            elif attr is not None and view.character(attr) and any(
                    c.dep_ == "case" for c in attr.children):
                holder = view.character(attr), attr  # type: ignore[assignment]
            rule = "ownership"
        if holder is None:
            continue
        thing = _thing(view, thing_tok, registry, proven=True)
        if thing is None:
            continue
        who, tok = holder
        out.append(delta(view, verb, "gained", who, thing, [thing_tok, tok], rule, 0.6, tok))
