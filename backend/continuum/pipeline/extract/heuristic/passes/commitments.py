"""commitments: setups planted (promises, oaths, emphasised objects) and payoffs of known setups.

Setups: "promised/swore/vowed to …" (key = the object of the promised act, else its verb),
"never forget …", "one day you will need it", and Chekhov objects: a concrete thing
introduced with emphasis ("the old key", "a locked box") or hidden ("buried the chest").
Also a weapon (or a thing in a container) introduced existentially ("There is a pistol in
the drawer of my desk"), and an inscription ("Two letters had been scratched into the lid of
the compass": key "letter on lid").
Payoffs: a thing whose key is an open setup from earlier chapters being used, found,
opened or returned (the strongest use in the chapter: firing the pistol beats taking it),
and an inscription being read ("Tomas read the two letters on the lid"). Only setups the
spine hands over count: a payoff of a setup nobody planted would be reported by the critic
as a continuity failure, so none is guessed.
`key` is a normalized noun-phrase lemma ("key", "sea chest").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from continuum.language.promises import PROMISE_VERBS
from continuum.pipeline.extract.heuristic.gates import FUTURE, HEDGE
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.textmap import words
from continuum.pipeline.extract.heuristic.passes.things import HOLDABLE, thing_key
from continuum.pipeline.extract.schema import CommitmentItem

# The things an emphasised mention makes a setup of (a subset of the holdable ones).
CHEKHOV_NOUNS = words(
    """key box chest letter map ring pistol gun revolver knife dagger sword bottle book door
    drawer trunk package parcel note locket coin paper papers chart will document packet
    casket purse pouch bag case cabinet portrait picture miniature phial vial poison powder
    casket seal cipher diary journal lantern rope ladder boat musket cutlass treasure gold
    jewel jewels necklace bracelet brooch handkerchief glove watch compass flask lock
    envelope scroll manuscript tablet amulet talisman wand stone crown"""
)
EMPHASIS = {
    "locked": 0.25, "hidden": 0.25, "secret": 0.25, "sealed": 0.2, "mysterious": 0.2,
    "strange": 0.15, "curious": 0.15, "peculiar": 0.15, "old": 0.1, "ancient": 0.15,
    "rusty": 0.1, "forbidden": 0.25, "buried": 0.25, "concealed": 0.25, "odd": 0.1,
}
HIDE_VERBS = frozenset({"hide", "bury", "conceal", "lock", "secrete", "stow", "seal"})
USE_VERBS = words(
    """open unlock use fire draw read produce find return give unwrap unfold reveal drink
    wear show discover recover dig unearth break pull take examine load hand"""
)
NEED_VERBS = frozenset({"need", "require"})
LIGHT_VERBS = frozenset({"make", "let", "have", "get", "do", "try", "come", "go"})
# Things whose mere presence promises a use (Chekhov's gun).
LOADED_NOUNS = words(
    """pistol gun revolver rifle musket knife dagger sword cutlass poison phial vial bomb
    pistols guns"""
)
CONTAINERS = words(
    """drawer box chest trunk cabinet safe desk casket case bag pouch purse locker cupboard
    wardrobe strongbox coffer"""
)
EXIST_VERBS = frozenset({"be", "lie", "sit", "rest", "hang", "stand"})
INSCRIPTION_NOUNS = words("letter initial word inscription name motto number symbol mark")
INSCRIBE_VERBS = words("scratch carve engrave write inscribe cut etch burn stamp paint scrawl")
READ_VERBS = words("read decipher decode recognise recognize")
# Payoff strength by verb: using a thing for what it is for beats picking it up.
STRONG_USES = words("fire use open unlock read drink load unwrap unfold wear")
THING_PRONOUNS = frozenset({"it", "this", "that", "them", "they", "these", "those"})
SOMEDAY = ("one day", "some day", "someday", "the time will come", "one of these days")


def normalize_key(name: str) -> str:
    """A setup key from a name or phrase: lowercase words, articles and possessives dropped."""
    words = [w.strip(".,;:!?'\"“”‘’") for w in name.lower().replace("-", " ").split()]
    words = [w.removesuffix("'s").removesuffix("’s") for w in words]
    drop = {"the", "a", "an", "his", "her", "their", "my", "your", "our", "its", "this", "that"}
    return " ".join(w for w in words if w and w not in drop)


def extract_commitments(
    view: ChapterView, open_setups: Iterable[str] = ()
) -> list[CommitmentItem]:
    """Setups planted in the chapter, and payoffs of setups planted before it."""
    known = {normalize_key(k) for k in open_setups if normalize_key(k)}
    heads = {k.split()[-1]: k for k in known}
    found: list[CommitmentItem] = []
    keys_seen: set[tuple[str, str]] = set()
    payoffs: dict[str, tuple[int, int, CommitmentItem]] = {}

    def add(item: CommitmentItem | None) -> None:
        if item is None or (item.kind, item.key) in keys_seen:
            return
        keys_seen.add((item.kind, item.key))
        found.append(item)

    def pay(item: CommitmentItem | None, verb: Any) -> None:
        if item is None:
            return
        strength = int(verb.lemma_.lower() in STRONG_USES)
        held = payoffs.get(item.key)
        if held is None or strength > held[0]:
            payoffs[item.key] = (strength, len(found) if held is None else held[1], item)

    for tok in view.tokens:
        if view.is_markup(tok):
            continue
        lemma = tok.lemma_.lower()
        if tok.pos_ == "VERB":
            if lemma in PROMISE_VERBS:
                add(_promise(view, tok))
            elif lemma == "forget":
                add(_never_forget(view, tok))
            elif lemma in NEED_VERBS:
                add(_needed_later(view, tok))
            elif lemma in HIDE_VERBS:
                add(_hidden(view, tok, known))
            elif lemma in INSCRIBE_VERBS:
                add(_inscription(view, tok, known))
            if known and lemma in READ_VERBS:
                pay(_inscription_read(view, tok, known), tok)
            if heads and lemma in USE_VERBS:
                pay(_payoff(view, tok, heads), tok)
        elif tok.pos_ == "NOUN" and lemma in CHEKHOV_NOUNS:
            add(_emphasised(view, tok, known) or _existential(view, tok, known))
    # Payoffs go where their first use was read, the strongest use of each setup kept.
    for _, at, item in sorted(payoffs.values(), key=lambda p: -p[1]):
        found.insert(at, item)
    return found


def _sentence_evidence_bounds(view: ChapterView, tok: Any) -> tuple[int, int]:
    start, end = view.sentence_span(tok)
    return (start, end) if start <= tok.idx < end else view.extent(tok)


def _detail(view: ChapterView, tok: Any) -> str:
    start, end = _sentence_evidence_bounds(view, tok)
    return " ".join(view.text[start:end].split())[:300]


def _item(
    view: ChapterView, kind: str, key: str, anchor: Any, parts: list[Any], rule: str,
    weight: float, trigger: str | None,
) -> CommitmentItem:
    evidence = view.clause_evidence(anchor, parts, f"commitments.{rule}", 0.5 + weight / 2)
    return CommitmentItem(kind=kind, key=key, detail=_detail(view, anchor), trigger=trigger,  # type: ignore[arg-type]
                          weight=round(min(1.0, weight), 3), evidence=evidence)


def _thing_key(view: ChapterView, tok: Any) -> str | None:
    key = thing_key(view, tok)
    return normalize_key(key) if key and view.key(tok) else key


def _antecedent_thing(view: ChapterView, tok: Any, window: int = 60) -> Any | None:
    """For "it"/"this": the nearest concrete thing named shortly before ("her" names none)."""
    if tok.lower_ not in THING_PRONOUNS:
        return None
    doc = view.doc
    for j in range(tok.i - 1, max(-1, tok.i - window), -1):
        cand = doc[j]
        if cand.pos_ == "NOUN" and cand.lemma_.lower() in HOLDABLE:
            if _where_of_thing(cand):
                continue  # "a pistol in the drawer of my desk … need it": the pistol
            return cand
        key = view.key(cand)
        if key and view.type_of(key) == "object":
            return cand
    return None


def _where_of_thing(noun: Any) -> bool:
    """Is the noun only where another thing is ("a pistol [in the drawer]")?"""
    seen = 0
    while noun.dep_ == "pobj" and seen < 3:
        noun = noun.head.head
        seen += 1
        if noun.pos_ == "NOUN" and noun.lemma_.lower() in HOLDABLE:
            return True
    return False


def _existential(view: ChapterView, noun: Any, known: set[str]) -> CommitmentItem | None:
    """"There is a pistol in the drawer of my desk", "in the box lay a letter": a thing
    presented where it waits to be used (a weapon anywhere, any other thing in a container)."""
    verb = noun.head
    if noun.dep_ not in {"attr", "nsubj", "dobj"} or verb.lemma_.lower() not in EXIST_VERBS:
        return None
    if verb.lemma_.lower() == "be" and not any(c.dep_ == "expl" for c in verb.children):
        return None  # "the pistol was his": a there-sentence only
    if noun.dep_ == "dobj" and verb.lemma_.lower() == "be":
        return None
    places = [n for _, n in [*view.preps(noun), *view.preps(verb)]]
    loaded = noun.lemma_.lower() in LOADED_NOUNS
    if not loaded and not any(p.lemma_.lower() in CONTAINERS for p in places):
        return None
    if not places or not view.verdict(verb).asserted:
        return None
    key = _thing_key(view, noun)
    if key is None or key in known:
        return None
    return _item(view, "setup", key, verb, [noun, *(p.head for p in places[:1])], "existential",
                 0.6 if loaded else 0.5, "there is")


def _inscription(view: ChapterView, verb: Any, known: set[str]) -> CommitmentItem | None:
    """"Two letters had been scratched into the lid of the compass": something written on a
    thing, waiting to be read. Key "letter on lid"; a restatement of a known one is none."""
    if not view.is_passive(verb) or verb.dep_ == "relcl" or not view.verdict(verb).asserted:
        return None  # "a name that was written down in the ledger" is no mark on a thing
    written = next((s for s in view.subjects(verb)
                    if s.lemma_.lower() in INSCRIPTION_NOUNS and s.pos_ == "NOUN"), None)
    surface = next((n for p, n in view.preps(verb) if p in {"into", "on", "onto", "in", "upon"}
                    and n.pos_ == "NOUN"), None)
    if written is None or surface is None:
        return None
    noun = written.lemma_.lower()
    if any(k.startswith(f"{noun} on ") for k in known):
        return None
    key = f"{noun} on {surface.lemma_.lower()}"
    return _item(view, "setup", key, verb, [written, surface], "inscription", 0.6,
                 verb.lemma_.lower())


def _inscription_read(view: ChapterView, verb: Any, known: set[str]) -> CommitmentItem | None:
    """"Tomas read the two letters on the lid": an inscription set up earlier is read."""
    if not view.verdict(verb).asserted:
        return None
    obj = next((o for o in view.objects(verb) if o.lemma_.lower() in INSCRIPTION_NOUNS), None)
    if obj is None:
        return None
    setups = [k for k in known if k.startswith(f"{obj.lemma_.lower()} on ")]
    if not setups:
        return None
    surfaces = {n.lemma_.lower() for _, n in [*view.preps(verb), *view.preps(obj)]}
    matching = [k for k in setups if k.split(" on ", 1)[1] in surfaces]
    if len(matching) != 1 and len(setups) != 1:
        return None
    setup = (matching or setups)[0]
    return _item(view, "payoff", setup, verb, [obj, *view.subjects(verb)], "inscription_read",
                 0.7, verb.lemma_.lower())


def _promise(view: ChapterView, verb: Any) -> CommitmentItem | None:
    """"He promised to return the key", "she swore that she would find him"."""
    verdict = view.verdict(verb)
    if not verdict.asserted:
        return None
    act = next((c for c in verb.children
                if c.dep_ in {"xcomp", "ccomp"} and c.i > verb.i), None)
    if act is None or act.pos_ not in {"VERB", "AUX"}:
        return None
    while act.lemma_.lower() in LIGHT_VERBS:  # "promised to make her husband call on …"
        inner = next((c for c in act.children if c.dep_ in {"xcomp", "ccomp"}), None)
        if inner is None:
            break
        act = inner
    obj = next(iter(view.objects(act)), None)
    if obj is not None and obj.pos_ == "PRON":
        obj = _antecedent_thing(view, obj) or obj
    key = _thing_key(view, obj) if obj is not None else None
    if key is None:
        target = view.character(obj) if obj is not None else None
        if target is None and obj is not None and obj.pos_ == "NOUN":
            target = view.noun_phrase(obj)[1]  # "find the traitor" → "find traitor"
        if target is None:
            target = next((c for p, n in view.preps(act) for c in view.characters(n)), None)
        key = " ".join(filter(None, [act.lemma_.lower(), view.particle(act), target]))
    weight = 0.7 if verb.lemma_.lower() in {"swear", "vow"} else 0.6
    trigger = view.phrase_text(act)[:200]
    parts = [*view.subjects(verb), act]
    return _item(view, "setup", key, verb, parts, "promise", weight, trigger)


def _never_forget(view: ChapterView, verb: Any) -> CommitmentItem | None:
    """"I shall never forget that night": emphasis that asks to be remembered."""
    if not any(c.lower_ == "never" for c in verb.children):
        return None
    obj = next(iter(view.objects(verb)), None)
    key = _thing_key(view, obj) if obj is not None else None
    if key is None:
        return None
    return _item(view, "setup", key, verb, [obj, *view.subjects(verb)], "never_forget", 0.6,
                 "never forget")


def _needed_later(view: ChapterView, verb: Any) -> CommitmentItem | None:
    """"One day you will need it", "he would need it": a thing announced as useful later."""
    reason = view.verdict(verb).reason
    if reason not in {FUTURE, HEDGE}:
        return None
    obj = next(iter(view.objects(verb)), None)
    if obj is None:
        return None
    thing = _antecedent_thing(view, obj) if obj.pos_ == "PRON" else obj
    key = _thing_key(view, thing) if thing is not None else None
    if key is None or thing is None:
        return None
    start, end = view.sentence_span(verb)
    someday = any(cue in view.text[start:end].lower() for cue in SOMEDAY)
    weight = 0.65 if someday else 0.5
    return _item(view, "setup", key, verb, [obj, *view.subjects(verb)], "needed_later", weight,
                 "one day" if someday else "will need")


def _hidden(view: ChapterView, verb: Any, known: set[str]) -> CommitmentItem | None:
    """"He buried the chest", "she locked the letter away"."""
    if not view.verdict(verb).asserted:
        return None
    if any(p == "in" for p, _ in view.preps(verb)) and verb.lemma_.lower() == "bury":
        return None  # "buried his knife in his back": a blow, not a hiding place
    for obj in view.objects(verb):
        thing = _antecedent_thing(view, obj) if obj.pos_ == "PRON" else obj
        key = _thing_key(view, thing) if thing is not None else None
        if key and key not in known and not view.character(obj):
            return _item(view, "setup", key, verb, [obj, *view.subjects(verb)], "hidden", 0.65,
                         verb.lemma_.lower())
    return None


def _emphasised(view: ChapterView, noun: Any, known: set[str]) -> CommitmentItem | None:
    """"the old key", "a locked box", "a secret drawer": a thing introduced with emphasis."""
    cues = [c.lower_ for c in noun.children if c.dep_ in {"amod", "compound"}
            and c.lower_ in EMPHASIS]
    if not cues:
        return None
    key = _thing_key(view, noun)
    if key is None or key in known:
        return None
    first = noun
    while first.dep_ == "conj" and first.head != first:
        first = first.head  # "of wax and old paper"
    prep = first.head
    if (first.dep_ == "pobj" and prep.lower_ == "of" and prep.head.pos_ in {"VERB", "ADJ"}
            and sum(EMPHASIS[c] for c in cues) < 0.15):
        return None  # "smelled of wax and old paper": atmosphere, not a thing set up
    weight = 0.4 + sum(EMPHASIS[c] for c in cues)
    anchor = noun.head if noun.head.pos_ in {"VERB", "AUX"} else noun
    parts = [noun, *(view.subjects(anchor) if anchor != noun else [])]
    return _item(view, "setup", key, anchor, parts, "emphasised_object", weight, " ".join(cues))


def _payoff(view: ChapterView, verb: Any, heads: dict[str, str]) -> CommitmentItem | None:
    """An earlier chapter's setup being used: "Jim opened the old chest at last"."""
    if not view.verdict(verb).asserted:
        return None
    candidates = [*view.objects(verb)]
    if view.is_passive(verb):
        candidates += [s for s in view.subjects(verb)]
    for obj in candidates:
        thing = _antecedent_thing(view, obj) if obj.pos_ == "PRON" else obj
        if thing is None:
            continue
        key = _thing_key(view, thing)
        if key is None:
            continue
        setup = heads.get(key.split()[-1])
        if setup is None:
            continue
        return _item(view, "payoff", setup, verb, [obj, *view.subjects(verb)], "payoff", 0.7,
                     verb.lemma_.lower())
    return None
