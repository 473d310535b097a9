"""Movement and presence: who goes where, who is where ("went down to Hollin", "stayed at the
inn", "was locked in the cells beneath the Guildhall", "found herself in Bath")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from continuum.language.grammar import FREQUENCY_ADVERBS, PAST_PERFECT, TIME_MARKS
from continuum.language.pronouns import OBJECT_PRONOUNS, REFLEXIVE_PRONOUNS
from continuum.pipeline.extract.heuristic.passes.certainty import certain, only_one_of_its_sex
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.couples import husband_beside
from continuum.pipeline.extract.heuristic.passes.delta_base import (
    delta,
    place_of,
    told_in_several_places,
)
from continuum.pipeline.extract.heuristic.passes.relation_words import KINDS_OF_PEOPLE
from continuum.pipeline.extract.schema import StateDelta

if TYPE_CHECKING:
    from continuum.pipeline.extract.heuristic.passes.residence import Homes

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
        "dart", "pace", "tiptoe", "speed", "canter", "trot", "drift", "hike", "motor", "wade",
    }
)
# "walked Mara up the hill to Gull House": the person walked, led or taken goes too; so does
# the person got somewhere ("She got her to Hartfield").
ESCORT_VERBS = frozenset({"walk", "lead", "take", "bring", "accompany", "escort", "drive", "row",
                          "guide", "conduct", "carry", "follow", "help", "show", "usher", "get"})
# "made his way to", "wended her way back to": the way is the motion.
WAY_VERBS = frozenset({"make", "wend", "find", "pick", "thread", "push", "fight", "feel", "work"})
# "turned back into the Temple", "turned into Vicarage Lane": turning into a place is going
# there; turning "to" is facing someone ("turning to Emma") and is no move.
TURN_VERB, TURN_PREP = "turn", "into"
# "directed my steps towards", "bent their steps", "turned my face … to Little Britain": the
# steps or the face turned to a place are the going (a face turned "to the fire" goes nowhere:
# no place). These verbs move nobody without that object.
STEP_VERBS = {"steps": frozenset({"direct", "bend", "turn"}), "face": frozenset({"turn", "set"})}
# Every verb that may move someone only with such an object or "into" a place.
STEP_LEMMAS = frozenset(lemma for verbs in STEP_VERBS.values() for lemma in verbs) | {TURN_VERB}
# Verbs of carrying move the carrier only towards a place; "from" says where the thing was.
CARRY_VERBS = frozenset({"take", "bring", "carry", "lead", "escort", "guide", "conduct"})
# "she resided at Hartfield": where someone lives (`passes/residence` reads the home).
LIVE_VERBS = frozenset({"live", "reside", "dwell"})
# Being somewhere: "was in Greyhaven", "stayed at the inn", "sat at his desk in Gull House".
STAY_VERBS = frozenset({"be", "stay", "remain", "sit", "stand", "sleep", "wait", "live", "dwell",
                        "lie", "spend", "dine", "sup", "breakfast", "camp", "stop",
                        "lodge", "linger", "rest", "settle", "hide", "shelter", "die", "perish",
                        "wake", "awake", "awaken"})
# Verbs of going whose perfect may be made with "be": "were come", "is gone", "was returned".
BE_PERFECT_VERBS = frozenset({"come", "go", "arrive", "return"})
# "walked down Bell Street", "hurried along the Strand": the way is a place the mover is in.
PATH_PREPS = frozenset({"down", "up", "along", "through", "across"})
THING_PRONOUNS = frozenset({"it", "this", "that", "which", "what"})
# Adverbs whose prepositions belong to the motion: "went back down to", "rowed out to".
MOTION_ADVERBS = frozenset({"back", "down", "up", "out", "home", "over", "across", "away", "off",
                            "on", "in", "ahead", "round", "around", "along", "again", "still",
                            "asleep", "awake", "safe", "alone"})
# A named place inside a common one: "his forge in Saltmere", "his room at the Lantern Inn".
NESTED_PREPS = frozenset({"in", "at", "on", "of", "inside", "within", "outside", "beneath", "under",
                          "below", "underneath"})
# "locked Jonah Crane in the cells beneath the Guildhall": the person confined is there.
CONFINE_VERBS = frozenset({"lock", "shut", "imprison", "confine", "jail", "gaol", "lodge"})
ARRIVE_VERBS = frozenset({"arrive", "reach", "enter", "land", "gain"})
LEAVE_VERBS = frozenset({"leave", "quit", "depart", "flee", "escape", "abandon", "desert"})
# Taking leave of a place: "I said good-bye to Mother and ... the dear old Admiral Benbow",
# "bade farewell to Longbourn".
FAREWELL_VERBS = frozenset({"say", "bid", "bade", "take"})
FAREWELLS = frozenset({"good-bye", "goodbye", "bye", "farewell", "adieu", "adieus", "leave"})
# A ship is boarded and lived on: "went aboard the Hispaniola", "was aboard the Walrus".
TO_PREPS = frozenset({"to", "into", "towards", "toward", "for", "unto", "onto", "aboard"})
AT_PREPS = frozenset({"at", "in", "on", "upon", "aboard"})
# "set out on foot for the Admiral Benbow", "went by coach to Bath": the parser hangs the
# destination on the way of travelling.
MEANS_PREPS = frozenset({"on", "by", "in"})
FROM_PREPS = frozenset({"from", "out of", "off"})


def company(view: ChapterView, verb: Any) -> list[tuple[Any, str]]:
    """Who does it: the subjects ("Aldous and Harriet Finch"), a list of them however the
    parser hangs it ("Clara, her father, Rupert and Oswin all went"), and whoever does it
    with them ("went up the mountain with Oswin", "stood with Oswin"); a couple named as one
    is both ("Mr. and Mrs. Weston", `couples`). A first-person
    narration's "we" is at least its narrator ("We came to Richmond all too soon"), and so
    is its "with me" or "with us" ("he went to Barnard's with us")."""
    people: list[tuple[Any, str]] = []
    narrator = view.chapter.narrator

    def add(tok: Any) -> None:
        people.extend((tok, c) for c in view.characters(tok) if c not in [p for _, p in people])
        husband = husband_beside(view, tok)  # "Mr. and Mrs. Weston walked": the two of them
        if husband is not None and husband not in [p for _, p in people]:
            people.append((tok, husband))
        if narrator and tok.lower_ == "we" and not view.in_quote(tok):
            for who in (narrator, *_we_beside(view, tok, narrator)):
                if who not in [p for _, p in people]:
                    people.append((tok, who))

    subjects = view.subjects(verb)
    for s in subjects:
        add(s)
        for left in s.lefts:  # "Aldous and Harriet Finch": the parser hangs Aldous on Finch
            if left.dep_ in {"amod", "compound"} and any(c.dep_ == "conj" for c in left.children):
                add(left)
        for item in s.children:  # "her father, Rupert and Oswin": a list read as apposition
            if item.dep_ == "appos" and item.conjuncts:
                for t in (item, *item.conjuncts):
                    add(t)
    if subjects:
        first = min(s.i for s in subjects)
        for item in verb.children:  # "Clara, her father, … went": the list's head, loose
            if item.dep_ == "npadvmod" and item.i < first and item.i + 1 < len(view.doc) and \
                    view.doc[item.i + 1].text == ",":
                add(item)
    if people:
        for prep, noun in view.preps(verb):
            if prep not in {"with", "along with", "together with"}:
                continue
            if noun.lower_ in {"me", "us"}:
                if narrator and not view.in_quote(noun) and narrator not in [p for _, p in people]:
                    people.append((noun, narrator))  # "he went to Barnard's with us"
            elif view.token_kind[noun.i] != "pronoun":
                add(noun)
    return people


def old_perfect(view: ChapterView, verb: Any, lemma: str) -> bool:
    """"The Collinses were come themselves to Lucas Lodge", "they were gone to Hartfield": a
    verb of going or coming with "be" is the old perfect ("had come"), which the parser reads
    as a passive."""
    return lemma in BE_PERFECT_VERBS and verb.tag_ == "VBN" and view.agent(verb) is None


def _we_beside(view: ChapterView, we: Any, narrator: str) -> list[str]:
    """Who else a first-person narration's "we" holds: the people its paragraph has act by
    name before it ("Herbert got a large bottle of stuff for my arm … It was daylight when we
    reached the Temple")."""
    para = view.token_para[we.i]
    found: list[str] = []
    j = we.i - 1
    while j >= 0 and view.token_para[j] == para:
        tok = view.doc[j]
        if tok.dep_ in {"nsubj", "nsubjpass"} and view.token_kind[j] == "name" \
                and not view.in_quote(tok) and (key := view.character(tok)) \
                and key != narrator and key not in found:
            found.append(key)
        j -= 1
    return found


def _movers(view: ChapterView, verb: Any, lemma: str) -> list[tuple[Any, str]]:
    """Who goes: the company of the verb (`company`), and the person escorted, when someone
    or something named escorts them: "it carried me back to the old Admiral Benbow" (a song,
    in a memory) takes nobody anywhere. A first-person narration's "us" escorted is at least
    its narrator ("He conducted us to Gerrard Street")."""
    movers = company(view, verb)
    if lemma in ESCORT_VERBS and not view.is_passive(verb) and not any(
            s.lower_ in THING_PRONOUNS for s in view.subjects(verb)):
        movers.extend((o, c) for o in view.objects(verb) for c in view.characters(o)
                      if view.token_kind[o.i] != "pronoun" or certain(view, o, c)
                      or only_one_of_its_sex(view, o, c))  # the escorted one, for sure
        narrator = view.chapter.narrator
        movers.extend((o, narrator) for o in view.objects(verb)
                      if narrator and o.lower_ == "us" and not view.in_quote(o)
                      and narrator not in [c for _, c in movers])  # "He conducted us to …"
    return movers


def confined(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """"The Watch locked Jonah Crane in the cells beneath the Guildhall"; "was locked in"."""
    if lemma not in CONFINE_VERBS:
        return
    people = [(o, c) for o in view.objects(verb) for c in view.characters(o)]
    if view.is_passive(verb):
        people = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    for prep, noun in view.preps(verb):
        if prep not in {"in", "into", "inside", "within"}:
            continue
        found = nested_place(view, noun)
        if found is not None:
            for tok, who in people:
                out.append(delta(view, verb, "moved_to", who, found[0], [tok, noun],
                                  "confinement", 0.7, tok))
            return


def motion_preps(view: ChapterView, verb: Any) -> list[tuple[str, Any]]:
    """The verb's prepositions and those of its adverbs: "went back down to", "was back at"."""
    pairs = view.preps(verb)
    steps = _steps(verb)
    for child in verb.children:
        if child.dep_ in {"advmod", "prt", "acomp", "npadvmod"} and \
                child.lower_ in MOTION_ADVERBS:
            pairs.extend(view.preps(child))
            for grand in child.children:  # "back down to": the second adverb holds the "to"
                if grand.dep_ in {"advmod", "prt"} and grand.lower_ in MOTION_ADVERBS:
                    pairs.extend(view.preps(grand))
        elif child.dep_ == "dobj" and (child.lower_ == "way" and verb.lemma_.lower() in WAY_VERBS
                                       or child is steps):
            pairs.extend(view.preps(child))  # "made his way to the Red Lion"
            for grand in child.children:
                if grand.dep_ in {"advmod", "prt"} and grand.lower_ in MOTION_ADVERBS:
                    pairs.extend(view.preps(grand))
    for prep, noun in list(pairs):
        if prep in MEANS_PREPS and noun.pos_ == "NOUN" and view.key(noun) is None:
            pairs.extend((p, n) for p, n in view.preps(noun) if p in TO_PREPS)
    # "climbed up to", "went over to": the parser reads "up to" as one preposition
    return [(p.split()[-1] if " " in p and p.split()[0] in MOTION_ADVERBS else p, n)
            for p, n in pairs]


def _turned_into(view: ChapterView, verb: Any, lemma: str) -> bool:
    """Whether a "turn" goes into a named place ("the street was empty when I turned back
    into the Temple", Great Expectations ch. 41); not "turned into a frog", "turning to Emma"."""
    return lemma == TURN_VERB and any(
        p == TURN_PREP and place_of(view, n) is not None for p, n in motion_preps(view, verb))


def _steps(verb: Any) -> Any | None:
    """The steps or face a verb turns somewhere, owned by its doer (`STEP_VERBS`): "I directed
    my steps", "I turned my face, on my own account, to Little Britain" (Great Expectations,
    ch. 40)."""
    lemma = verb.lemma_.lower()
    return next((c for c in verb.children if c.dep_ == "dobj" and lemma in STEP_VERBS.get(
        c.lower_, ()) and any(g.dep_ == "poss" for g in c.children)), None)


def nested_place(view: ChapterView, noun: Any, depth: int = 0) -> tuple[str, Any] | None:
    """A named place, or the named place a common one is in ("his forge in Saltmere")."""
    place = place_of(view, noun)
    if place is not None:
        return place, noun
    if depth >= 3 or view.key(noun) or noun.pos_ not in {"NOUN", "PROPN"} or \
            noun.lemma_.lower() in KINDS_OF_PEOPLE:
        return None  # "the tone of her companions at Mrs. Goddard's": people hold no one
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ in NESTED_PREPS:
            for pobj in child.children:
                if pobj.dep_ == "pobj":
                    found = nested_place(view, pobj, depth + 1)
                    if found is not None:
                        return found
        elif child.dep_ == "relcl" and depth == 0:  # "the forge, which stood … in Saltmere"
            for prep, inner in view.preps(child):
                if prep in NESTED_PREPS - {"of"}:
                    found = nested_place(view, inner, depth + 1)
                    if found is not None:
                        return found
    return None


def movement(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta],
             homes: Homes | None = None) -> None:
    if lemma not in MOVE_VERBS and lemma not in ARRIVE_VERBS and lemma not in LEAVE_VERBS \
            and _steps(verb) is None and not _turned_into(view, verb, lemma):
        return
    if lemma == "steal" and view.objects(verb):
        return  # "had stolen the plate from the observatory": a theft, not stealing away
    if planned(verb) or nominal_gerund(verb) or habitual(verb) or backstory(verb):
        return
    movers = _movers(view, verb, lemma)
    if view.is_passive(verb) and lemma in ESCORT_VERBS:  # "was taken back down to the cells"
        movers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    elif view.is_passive(verb) and not old_perfect(view, verb, lemma):
        return
    if view.in_quote(verb):  # "I went to the Red Lion," said Tom: talk, not the scene's motion
        if another_time(verb):  # "Wickham, indeed, had gone to her" in a letter: told of before
            return
        movers = [(s, c) for s, c in movers if view.token_kind[s.i] != "pronoun"]
    if not movers:
        return
    targets: list[tuple[str, str, Any]] = []
    preps = motion_preps(view, verb)
    if any(p in TO_PREPS and nested_place(view, n) is None for p, n in preps):
        # "was shown into the library at Hatherley Grange": the room is in the named place
        preps = [(("to" if p in AT_PREPS else p), n) for p, n in preps]
    for prep, noun in preps:
        found = nested_place(view, noun) if prep in TO_PREPS else None
        place = place_of(view, noun) if found is None else found[0]
        if place is None:
            continue
        if prep in FROM_PREPS or prep.startswith("out of"):
            if lemma not in CARRY_VERBS:  # "brought a letter from London": the letter came
                targets.append(("left", place, noun))
        elif prep in TO_PREPS:
            targets.append(("arrived_at" if lemma in ARRIVE_VERBS else "moved_to", place, noun))
        elif prep in AT_PREPS and (lemma in ARRIVE_VERBS or (lemma == "come" and prep == "upon")):
            targets.append(("arrived_at", place, noun))  # "came … upon Mill Pond Bank"
        elif prep == "for" and lemma in LEAVE_VERBS:
            targets.append(("moved_to", place, noun))
    rule = "movement"
    if not targets and lemma in MOVE_VERBS:
        targets, rule = _path(view, verb, preps), "path"
    home = None if targets else _home(view, verb)
    if home is not None:
        _gone_home(view, verb, home, movers, out, homes)
        return
    shore = None if targets else _ashore(verb)
    if shore is not None:
        _gone_ashore(view, verb, shore, movers, out)
        return
    for obj in view.objects(verb):
        place = place_of(view, obj)
        if place is None:
            continue
        if lemma in ARRIVE_VERBS:
            targets.append(("arrived_at", place, obj))
        elif lemma in LEAVE_VERBS:
            targets.append(("left", place, obj))
    order = {"left": 0, "moved_to": 1, "arrived_at": 1}
    for kind, place, noun in sorted(targets, key=lambda t: (order[t[0]], t[2].i)):
        for subject_tok, mover in movers:
            out.append(delta(view, verb, kind, mover, place, [subject_tok, noun], rule,
                              0.8 if view.key(noun) and rule == "movement" else 0.7, subject_tok))


def planned(verb: Any) -> bool:
    """A progressive of motion: a plan ("he was going the next morning to London", "I learnt
    that she was going to London") or a journey under way ("they were walking into Highbury;
    --to Hartfield of course"), not an arrival."""
    return verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in verb.children)


def another_time(verb: Any) -> bool:
    """Whether a verb is told in a past perfect or with a modal ("had calculated", "would
    stay"): the time of a participle hung on it too."""
    return any(c.dep_ == "aux" and (c.lower_ in PAST_PERFECT or c.tag_ == "MD")
               for c in verb.children)


def backstory(verb: Any) -> bool:
    """A move in a past perfect that only dates something else ("she had never left Miss
    Havisham's neighbourhood until she had gone to France"): a clause of time, not where
    anyone is now."""
    return another_time(verb) and verb.dep_ == "advcl" and any(
        c.dep_ in {"mark", "advmod"} and c.lower_ in TIME_MARKS for c in verb.children)


def _clause_verb(verb: Any) -> Any:
    """The finite verb whose time a participle takes: "said" of "he had said, on taking leave"."""
    while verb.tag_ in {"VBG", "VBN"} and verb.dep_ in {"advcl", "pcomp", "xcomp"}:
        verb = verb.head.head if verb.head.pos_ == "ADP" else verb.head
    return verb


def habitual(verb: Any) -> bool:
    """A motion told with an adverb of frequency ("Mr. Darcy came so often to the
    Parsonage", "she walked daily to Meryton"): a habit, no one journey that ends there. So
    is a "when" clause of a habit ("Emma … was sometimes taken by surprize at his being still
    able to pity 'poor Miss Taylor,' when they left her at Randalls", Emma ch. 2): each time
    they left her, not a scene."""
    if any(c.dep_ == "advmod" and c.lower_ in FREQUENCY_ADVERBS for c in verb.children):
        return True
    if verb.dep_ != "advcl" or not any(c.dep_ == "advmod" and c.lower_ in {"when", "whenever"}
                                       for c in verb.children):
        return False
    head = verb.head
    for _ in range(6):  # up the clause the "when" hangs from: "pity" ← "able" ← "taken"
        if any(c.dep_ == "advmod" and c.lower_ in FREQUENCY_ADVERBS for c in head.children):
            return True
        if head.head.i == head.i:
            break
        head = head.head
    return False


# Words between a possessive and its gerund: "their all going", "their both leaving".
_QUANTIFIERS = frozenset({"all", "both", "each"})


def nominal_gerund(verb: Any) -> bool:
    """A gerund with a possessive before it names the going as a thing ("His going to
    London surprised her", "her scheme of their all going to Newcastle", "his inquiries as to
    the time of her having left Longbourn"): no one went."""
    start = verb
    if verb.tag_ == "VBN" and verb.i > 0 and verb.doc[verb.i - 1].lower_ == "having" and \
            verb.doc[verb.i - 1].head.i == verb.i:
        start = verb.doc[verb.i - 1]  # the perfect gerund: "her having left"
    if start.tag_ != "VBG" or start.i == 0:
        return False
    j = start.i - 1
    while j > 0 and verb.doc[j].lower_ in _QUANTIFIERS:
        j -= 1
    owner = verb.doc[j]
    # "her" of "her having left" is tagged a subject; its case still makes the perfect gerund a
    # noun's ("saw him going down the hill" is a journey under way, left to its rule)
    return owner.tag_ in {"PRP$", "POS"} or (start.i != verb.i and owner.lower_ in OBJECT_PRONOUNS)


def farewell(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """Leaving the places one says good-bye to: "I said good-bye to Mother and the cove ...
    and the dear old Admiral Benbow" (Treasure Island ch 7) leaves the Admiral Benbow. Only a
    place the story knows as one: the people in the list are no places, nor is a bare "the
    cove"; and a good-bye said in a quotation moves nobody. Taking leave of people
    ("Elizabeth took leave of the whole party"), told of a certain person in the story's now,
    ends the place on record: they go, where the text does not say."""
    said = {c.lower_ for c in verb.children if c.dep_ in {"dobj", "intj", "npadvmod", "attr"}}
    if lemma not in FAREWELL_VERBS or view.in_quote(verb) or not said & FAREWELLS:
        return  # "good-bye" is parsed "good" (its object) and "bye" (an interjection)
    if lemma == "take" and "leave" not in said:
        return
    movers = _movers(view, verb, lemma)
    nouns = [noun for prep, noun in view.preps(verb) if prep in {"to", "of"}]
    # The parser may hang the list's last noun on the verb: "..., and the dear old Admiral Benbow".
    nouns += [c for c in verb.children if c.dep_ == "conj" and c.pos_ in {"NOUN", "PROPN"}]
    places = 0
    for noun in nouns:
        key = view.key(noun)  # a place the story knows: "Mother", capitalised, is no place
        place = key if key and view.type_of(key) == "location" else None
        if place is None:
            continue
        places += 1
        for subject_tok, mover in movers:
            out.append(delta(view, verb, "left", mover, place, [subject_tok, noun], "farewell",
                             0.7, subject_tok))
    if places or lemma != "take" or another_time(verb) or another_time(_clause_verb(verb)) \
            or not view.verdict(verb).asserted:
        return
    for subject_tok, mover in movers:  # "Elizabeth took leave of the whole party": she goes
        if certain(view, subject_tok, mover):
            out.append(delta(view, verb, "left", mover, None, [subject_tok], "farewell", 0.6,
                             subject_tok))


def gone(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """"Short had been the notice--short their meeting; he was gone": someone certain is
    gone, in a main clause of the narration's now, with no place said: the place on record
    ends (where they went, the text does not say here). Not "when she was gone" (a clause of
    time), "had gone", "would be gone", nor "I thought he was gone"."""
    if lemma != "go" or verb.tag_ != "VBN" or view.in_quote(verb):
        return
    # "he was gone": "gone" under "was" (an adjective to the parser), or "was" its auxiliary
    clause = verb.head if verb.dep_ == "acomp" and verb.head.lemma_ == "be" else verb
    if clause is verb and not any(c.dep_ in {"aux", "auxpass"} and c.lemma_ == "be"
                                  for c in verb.children):
        return
    if not main_clause(clause) or another_time(clause):
        return
    if view.preps(verb) or any(c.dep_ in {"dobj", "advmod", "prt", "npadvmod"} for c in verb.children):
        return  # "was gone to London", "was gone away", "was gone home": the movement rules
    for subject in (c for c in clause.children if c.dep_ in {"nsubj", "nsubjpass"}):
        if view.token_kind[subject.i] not in ("name", "pronoun"):
            continue  # "for my heart was gone" is no one leaving (nor is the "I" before it)
        for who in view.characters(subject):
            if certain(view, subject, who):
                out.append(delta(view, verb, "left", who, None, [subject], "gone", 0.6, subject))


# "on the road to Longbourn", "on his way to London": a journey under way.
ROUTE_NOUNS = frozenset({"road", "way"})


def en_route(view: ChapterView, verb: Any, out: list[StateDelta]) -> None:
    """"Elizabeth … found herself … seated in the carriage, and on the road to Longbourn":
    someone certain on the road or on their way to a place the story knows, in a main clause
    of the narration's now, has left the place on record. They are not there yet (a journey
    under way is no arrival, `planned`), so no place is given: the next arrival says it. The
    traveller is the way's owner ("on his way"), else the clause's subject."""
    routes = [g for c in verb.children if c.lower_ in {"on", "upon"} and c.dep_ in {"prep", "conj"}
              for g in c.children if g.dep_ == "pobj" and g.lemma_.lower() in ROUTE_NOUNS]
    if not routes or view.in_quote(verb) or not main_clause(verb) or another_time(verb) or \
            not view.verdict(verb).asserted:
        return
    for route in routes:
        places = [n for p, n in view.preps(route) if p == "to"
                  and (k := view.key(n)) is not None and view.type_of(k) == "location"]
        if not places:
            continue
        owners = [c for c in route.children if c.dep_ == "poss"]
        for tok in owners or view.subjects(verb):
            for who in view.characters(tok):
                if certain(view, tok, who):
                    out.append(delta(view, verb, "left", who, None, [tok, route, places[0]],
                                     "en_route", 0.5, tok))


def main_clause(verb: Any) -> bool:
    """Whether a verb heads the sentence, or a clause joined to its head by "and" or a colon."""
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    return verb.dep_ == "ROOT"


def _ashore(verb: Any) -> Any | None:
    """The "ashore" a verb goes: "we waded ashore", "the two boats went ashore"."""
    return next((c for c in verb.children if c.lower_ == "ashore" and c.dep_ in
                 {"advmod", "npadvmod", "prt"}), None)


def _gone_ashore(view: ChapterView, verb: Any, shore: Any, people: list[tuple[Any, str]],
                 out: list[StateDelta]) -> None:
    """"With all this in our minds, we waded ashore" (Treasure Island ch. 17): whoever goes
    ashore has left the ship the story last placed them on, and which shore it is the text
    does not say: the place on record ends (a `left` of nowhere in particular, like going
    home to a home nobody read); no place is guessed. Unless the same people's next deed in
    the sentence is done at a named place: "came ashore this day and flew British colours on
    the log-house in Treasure Island" (the captain's log, ch. 18) lands them there."""
    landed = _landing(view, verb)
    for tok, who in people:
        if landed is not None:
            out.append(delta(view, verb, "arrived_at", who, landed[0], [tok, shore, landed[1]],
                             "ashore", 0.6, tok))
            continue
        out.append(_left_nowhere(view, verb, who, tok, shore))


def _landing(view: ChapterView, verb: Any) -> tuple[str, Any] | None:
    """The named place where the verb's conjunct, with no subject of its own, is done:
    "… and flew British colours on the log-house in Treasure Island"."""
    for conj in verb.conjuncts:
        if conj.i < verb.i or conj.pos_ != "VERB" or any(c.dep_.startswith("nsubj")
                                                          for c in conj.children):
            continue
        for tok in conj.subtree:
            if tok.dep_ == "pobj" and tok.head.lower_ in AT_PREPS:
                found = nested_place(view, tok)
                if found is not None:
                    return found
    return None


def _home(view: ChapterView, verb: Any) -> Any | None:
    """The "home" a verb goes to: "went home", "reached home", "arrived at home"."""
    for child in verb.children:
        if child.lower_ == "home" and child.dep_ in {"advmod", "npadvmod", "dobj", "advcl", "prt"}:
            return child
        for grand in child.children if child.dep_ == "advmod" else ():
            if grand.lower_ == "home" and grand.dep_ in {"advmod", "npadvmod"}:
                return grand  # "walked home alone": the parser may hang it on "alone"
    return next((n for p, n in view.preps(verb) if p == "at" and n.lower_ == "home"
                 and not any(c.dep_ == "poss" for c in n.children)), None)


def _gone_home(view: ChapterView, verb: Any, home: Any, people: list[tuple[Any, str]],
               out: list[StateDelta], homes: Homes | None) -> None:
    """"Emma walked home", "on reaching home": whoever it is goes to the home the story
    has read for them (`passes/residence`: "Miss Woodhouse of Hartfield"). Without one,
    they are no longer where the story last placed them and which house is home the text
    does not say: the place on record ends (a `left` of nowhere in particular); no place is
    guessed. Being at home ("she knew that he was home", after he rowed out to Heron Rock)
    may be where they last went, so it ends nothing. Leaving home ("I left home") is a
    `left` of the home, never a journey to it."""
    if any(c.dep_ == "aux" and c.lower_ in PAST_PERFECT for c in verb.children):
        return  # "he had worked his way home over ten years": a story of before, not the scene
    leaving = verb.lemma_.lower() in LEAVE_VERBS  # "I left home": away from it, not to it
    for tok, who in people:
        place = homes.of(who, verb.i) if homes is not None else None
        if leaving:
            out.append(delta(view, verb, "left", who, place, [tok, home], "home", 0.6, tok))
            continue
        if place is not None:
            out.append(delta(view, verb, "moved_to", who, place, [tok, home], "home", 0.6, tok))
            continue
        out.append(_left_nowhere(view, verb, who, tok, home))


def _left_nowhere(view: ChapterView, verb: Any, who: str, tok: Any, word: Any) -> StateDelta:
    """A `left` of the place on record for nowhere in particular, its rule and value the word
    that says so ("walked home" to a home nobody read, "waded ashore")."""
    item = delta(view, verb, "left", who, None, [tok, word], word.lower_, 0.6, tok)
    return item.model_copy(update={"value": word.lower_})


def _path(view: ChapterView, verb: Any, preps: list[tuple[str, Any]]) -> list[tuple[str, str, Any]]:
    """"walked down Bell Street", "walked up Bell Street" (the parser's particle and bare
    noun): a named way the mover goes along, when the text names no destination."""
    ways = [n for p, n in preps if p in PATH_PREPS]
    if any(c.dep_ == "prt" and c.lower_ in PATH_PREPS for c in verb.children):
        ways += [c for c in verb.children if c.dep_ == "npadvmod" and c.pos_ == "PROPN"]
    for noun in ways:
        place = place_of(view, noun)
        if place is not None:
            return [("moved_to", place, noun)]
    return []


def found_self(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """"found herself in Hatherley Grange", "found himself back at the Red Lion"."""
    if lemma != "find" or view.is_passive(verb):
        return
    if view.in_quote(verb) and verb.tag_ != "VBD":
        return
    if not any(c.dep_ == "dobj" and c.lower_ in REFLEXIVE_PRONOUNS for c in verb.children):
        return
    movers = [(s, c) for s in view.subjects(verb) for c in view.characters(s)]
    for prep, noun in motion_preps(view, verb):
        if prep not in AT_PREPS and prep not in {"inside", "within"}:
            continue
        found = nested_place(view, noun)
        if found is None:
            continue
        for subject_tok, who in movers:
            out.append(delta(view, verb, "arrived_at", who, found[0], [subject_tok, noun],
                              "found_self", 0.7, subject_tok))
        return


def presence(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """Being at a named place: "was in Greyhaven", "stayed at the Lantern Inn", "was asleep in
    his room at the Lantern Inn". Narration only: in dialogue it is a claim, not a scene."""
    if lemma not in STAY_VERBS or view.in_quote(verb) or view.is_passive(verb):
        return
    if habitual(verb):
        return  # "I was usually at Hammersmith about half the week": a habit, not a scene
    if told_in_several_places(view, verb):
        return  # "died amiably at Camberwell, and … on Bosworth Field": a play, not a scene
    if verb.tag_ in {"VB", "VBG"} and lemma == "be":
        return  # "to be in London", "being at Netherfield": a plan or a circumstance
    if lemma in LIVE_VERBS and verb.dep_ == "relcl":
        return  # "the lady with whom she lived in London": who the lady is, not a scene
    if verb.dep_ == "advcl" and verb.tag_ in {"VBG", "VBN"} and another_time(verb.head):
        return  # "who had calculated on her daughters remaining at Netherfield": its time
    if any(c.dep_ == "aux" and c.lower_ in {"would", "will", "should", "must", "might", "may",
                                            "could", "shall", "to", "had", "'d", "\u2019d"}
           for c in verb.children):
        return  # a plan, a wish, or backstory ("had been formerly in trade in Meryton")
    movers = company(view, verb)
    if not movers:
        return
    for prep, noun in motion_preps(view, verb):
        if prep not in AT_PREPS and prep not in {"inside", "within"}:
            continue
        found = nested_place(view, noun)
        if found is None:
            continue
        for subject_tok, who in movers:
            out.append(delta(view, verb, "arrived_at", who, found[0], [subject_tok, noun],
                              "presence", 0.65, subject_tok))
        return


# "took the back room at the Drover's Rest", "had rooms in Bath": lodging taken is presence.
LODGING_VERBS = frozenset({"take", "have", "rent", "hire", "engage", "book", "let"})
LODGINGS = frozenset({"room", "rooms", "lodging", "lodgings", "quarters", "chamber", "chambers",
                      "apartment", "apartments", "bed", "berth", "garret", "attic", "suite"})


def placed_others(view: ChapterView, verb: Any, lemma: str, out: list[StateDelta]) -> None:
    """Someone put or met at a place by another's verb, and lodging taken:

    - "They left Gideon at the Saddle Hut": the one left behind is there;
    - "Daniel found Clara on the bench outside the Drover's Rest": both are there;
    - "The surveyor had taken the back room at the Drover's Rest": the lodger is there."""
    if view.is_passive(verb) or (view.in_quote(verb) and verb.tag_ != "VBD"):
        return
    objects = view.objects(verb)
    if lemma in LODGING_VERBS:
        for obj in objects:
            if obj.lemma_.lower() not in LODGINGS and obj.lower_ not in LODGINGS:
                continue
            found = nested_place(view, obj) or next(
                (f for p, n in view.preps(verb) if p in AT_PREPS
                 for f in [nested_place(view, n)] if f is not None), None)
            if found is not None:
                for s, who in company(view, verb):
                    out.append(delta(view, verb, "arrived_at", who, found[0], [s, obj, found[1]],
                                     "lodging", 0.65, s))
            return
    if lemma not in {"leave", "find"} or habitual(verb):
        return
    people = [(o, c) for o in objects if o.lower_ not in REFLEXIVE_PRONOUNS for c in view.characters(o)]
    if not people:
        return
    for prep, noun in motion_preps(view, verb):
        if prep not in AT_PREPS and prep not in {"inside", "within", "outside"}:
            continue
        found = nested_place(view, noun)
        if found is None:
            continue
        if lemma == "find":
            people = [*company(view, verb), *people]
        for tok, who in people:
            out.append(delta(view, verb, "arrived_at", who, found[0], [tok, noun],
                             "left_at" if lemma == "leave" else "found_at", 0.65, tok))
        return
