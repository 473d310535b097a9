"""Score a whole-book snapshot against its key: identity, kinds, relationships, whereabouts.

Pure functions over the snapshot (`reading.py`) and the key (`key.py`); no database.

Identity. A character entity *carries* a person when one of its names (display name or an
alias, normalized) is one of the person's unambiguous names in the key. An entity that
carries two people *joins* them. Each entity is assigned to the person its display name
names, or else to the one person it carries; "entities per person" counts those.

Relationships. The extractor's types fold into the key's closed vocabulary (`sister_of` →
sibling, `son_of` → parent reversed, ...). A relationship is judged when both ends are
assigned to key people, or an end is a non-person of the key (then it is wrong); a type
outside the vocabulary, or an end nobody in the key is, leaves it unjudged (counted apart).
The key lists what the text states; a tie its own rows entail is right too, though not
needed for recall (`implied_triples`: a spouse's sibling is an in-law, a parent's sibling an
aunt or uncle, a parent's parent a grandparent, two children of one parent siblings), and so
is an engagement the key's marriage of the pair has ended by the cap (`superseded`): the
read layer gives the ties in force at the cap, where that pair is married, not engaged.
A home (`lives_at`, a person's tie to a place) is no relationship between people and is left
out; the whereabouts it gives are scored below.

Whereabouts. At the key's chapter, the place the read layer gives for the person's entity
(the most mentioned one assigned to them) is right when its name or an alias is the key's
place, one of its other names or a place that contains it ("Netherfield House" counts for
"Netherfield": a trailing place word is ignored).

Deaths. A person shown dead at any cap before the key's chapter of their death (or who never
dies) counts once against the reading; a death the story tells counts as shown when the
person's entity is dead at the last cap.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from evals.common import norm_name, ratio
from evals.wholebook.key import SYMMETRIC_TYPES, BookKey

# Extractor relationship type → (key type, reversed?).
TYPE_MAP: dict[str, tuple[str, bool]] = {
    "married_to": ("married", False), "widow_of": ("married", False),
    "widower_of": ("married", False), "engaged_to": ("engaged", False),
    "sister_of": ("sibling", False), "brother_of": ("sibling", False),
    "sibling_of": ("sibling", False),
    "father_of": ("parent", False), "mother_of": ("parent", False),
    "parent_of": ("parent", False), "son_of": ("parent", True),
    "daughter_of": ("parent", True), "child_of": ("parent", True),
    "grandfather_of": ("grandparent", False), "grandmother_of": ("grandparent", False),
    "grandson_of": ("grandparent", True), "granddaughter_of": ("grandparent", True),
    "uncle_of": ("aunt_uncle", False), "aunt_of": ("aunt_uncle", False),
    "nephew_of": ("aunt_uncle", True), "niece_of": ("aunt_uncle", True),
    "cousin_of": ("cousin", False), "friend_of": ("friend", False),
    "servant_of": ("servant", False), "employer_of": ("servant", True),
    "guardian_of": ("guardian", False), "ward_of": ("guardian", True),
    "godfather_of": ("godparent", False), "godmother_of": ("godparent", False),
    "companion_of": ("companion", False), "patron_of": ("patron", False),
    "brother_in_law_of": ("in_law", False), "sister_in_law_of": ("in_law", False),
    "in_law_of": ("in_law", False),
}
TOP_CHARACTERS = 50
# A person's tie to a place, not to a person: a home is judged by where people are, not here.
PLACE_TYPES = frozenset({"lives_at"})


@dataclass
class Cast:
    """The key's people as name sets, and the assignment of one cap's entities to them."""

    key: BookKey
    cap: int
    own: dict[str, str] = field(default_factory=dict)        # unambiguous name → person
    any_name: dict[str, set[str]] = field(default_factory=dict)  # any name → people
    not_people: set[str] = field(default_factory=set)
    assigned: dict[str, str] = field(default_factory=dict)   # entity id → person
    carried: dict[str, set[str]] = field(default_factory=dict)  # entity id → people

    @classmethod
    def build(cls, key: BookKey, entities: list[dict[str, Any]], cap: int) -> Cast:
        """Index the key's names and assign the cap's character entities."""
        cast = cls(key=key, cap=cap)
        for person in key.people:
            for name in person.names:
                cast.own.setdefault(norm_name(name.name), person.id)
                cast.any_name.setdefault(norm_name(name.name), set()).add(person.id)
            for name in person.shared_names:
                cast.any_name.setdefault(norm_name(name), set()).add(person.id)
        places = [n for p in key.places for n in (p.name, *p.also)]
        cast.not_people = {norm_name(n) for n in (*key.not_people, *places)} - set(cast.own)
        for ent in entities:
            if ent["type"] != "character":
                continue
            names = [ent["name"], *ent["aliases"]]
            people = {cast.own[k] for k in map(norm_name, names) if k in cast.own}
            cast.carried[ent["id"]] = people
            head = cast.own.get(norm_name(ent["name"]))
            if head is not None:
                cast.assigned[ent["id"]] = head
            elif len(people) == 1:
                cast.assigned[ent["id"]] = next(iter(people))
        return cast

    def entities_of(self) -> dict[str, list[str]]:
        """Entity ids by the person they are assigned to."""
        found: dict[str, list[str]] = defaultdict(list)
        for eid, pid in self.assigned.items():
            found[pid].append(eid)
        return found

    def kind(self, ent: dict[str, Any]) -> str:
        """'person', 'not_person' or 'unknown' for an entity typed character."""
        key = norm_name(ent["name"])
        if ent["id"] in self.assigned or key in self.any_name:
            return "person"
        if key in self.not_people:
            return "not_person"
        return "unknown"


def score_cap(key: BookKey, cap_data: dict[str, Any], cap: int) -> dict[str, Any]:
    """Every score at one cap, with the lists behind them for the diagnostics."""
    entities = cap_data["entities"]
    by_id = {e["id"]: e for e in entities}
    cast = Cast.build(key, entities, cap)
    out: dict[str, Any] = {"cap": cap}
    out.update(_identity(key, cast, entities, cap))
    out.update(_kinds(cast, entities))
    out.update(_relationships(key, cast, cap_data["relationships"], by_id, cap))
    out.update(_descriptions(key, cast, cap_data["states"], entities, cap))
    return out


def _present(key: BookKey, cap: int, main_only: bool = True) -> list[str]:
    return [p.id for p in key.people if (p.main or not main_only) and p.first_chapter <= cap]


def _identity(key: BookKey, cast: Cast, entities: list[dict], cap: int) -> dict[str, Any]:
    per_person = cast.entities_of()
    main = _present(key, cap)
    counts = {pid: len(per_person.get(pid, [])) for pid in main}
    joins = [eid for eid, people in cast.carried.items() if len(people) > 1]
    names = Counter(norm_name(e["name"]) for e in entities if e["type"] == "character")
    by_id = {e["id"]: e for e in entities}
    return {
        "main_cast": len(main),
        "main_one_entity": ratio(sum(1 for n in counts.values() if n == 1), len(main)),
        "entities_per_person": ratio(sum(counts.values()),
                                     sum(1 for n in counts.values() if n)),
        "main_missing": sorted(pid for pid, n in counts.items() if n == 0),
        "main_split": {pid: [by_id[e]["name"] for e in per_person[pid]]
                       for pid, n in counts.items() if n > 1},
        "joins": len(joins),
        "joined": [{"entity": by_id[e]["name"], "people": sorted(cast.carried[e])} for e in joins],
        "duplicate_names": sum(n - 1 for n in names.values() if n > 1),
        "duplicated": sorted(n for n, c in names.items() if c > 1),
        "display_right": ratio(
            sum(1 for pid in main if per_person.get(pid) and norm_name(
                _main_entity(per_person[pid], by_id)["name"]) == norm_name(
                key.person(pid).display)),
            sum(1 for pid in main if per_person.get(pid))),
    }


def _main_entity(ids: list[str], by_id: dict[str, dict]) -> dict:
    return max((by_id[i] for i in ids), key=lambda e: e["mentions"])


def _kinds(cast: Cast, entities: list[dict]) -> dict[str, Any]:
    top = [e for e in entities if e["type"] == "character"][:TOP_CHARACTERS]
    kinds = {e["name"]: cast.kind(e) for e in top}
    return {
        "top_non_persons": sum(1 for k in kinds.values() if k == "not_person"),
        "top_unknown": sum(1 for k in kinds.values() if k == "unknown"),
        "non_persons": sorted(n for n, k in kinds.items() if k == "not_person"),
        "unknown_top": sorted(n for n, k in kinds.items() if k == "unknown"),
    }


def _fold(rel: dict[str, Any], cast: Cast) -> tuple[str, str, str] | None:
    a, b = cast.assigned.get(rel["source"]), cast.assigned.get(rel["target"])
    return fold_triple(rel["type"], a, b) if a is not None and b is not None else None


def fold_triple(type_: str, a: str, b: str) -> tuple[str, str, str] | None:
    """An extractor tie between two people in the key's vocabulary: ("parent", parent,
    child), a symmetric one with its pair sorted; None for a type outside it."""
    mapped = TYPE_MAP.get(type_)
    if mapped is None:
        return None
    family, flipped = mapped
    if flipped:
        a, b = b, a
    return (family, *sorted((a, b))) if family in SYMMETRIC_TYPES else (family, a, b)


def _key_triples(key: BookKey, cap: int) -> set[tuple[str, str, str]]:
    triples = set()
    for r in key.relationships:
        if r.from_ <= cap:
            pair = tuple(sorted((r.a, r.b))) if r.type in SYMMETRIC_TYPES else (r.a, r.b)
            triples.add((r.type, *pair))
    return triples


def superseded(triples: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    """Engagements the key's own marriages have ended by the cap: the read layer gives the ties
    in force, and Bingley and Jane, married in the last chapter, are no longer engaged there.
    Such a row is right to show (it was stated) but not wanted for recall."""
    return {("engaged", a, b) for t, a, b in triples if t == "married"} & triples


def _closed(pairs: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """A symmetric relation closed under "a sibling's sibling is a sibling": the brother of
    Mrs. Bennet (Mr. Gardiner) is the brother of her sister Mrs. Philips too."""
    closed = set(pairs)
    while True:
        more = {(a, c) for a, b in closed for x, c in closed if x == b and a != c} - closed
        if not more:
            return closed
        closed |= more


def implied_triples(stated: set[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    """The ties the key's stated rows entail by kinship, one step from the siblings closed
    under transitivity: Camilla, Matthew Pocket's sister, is in-law to his wife; Mr.
    Philips, husband of Mrs. Bennet's sister, is in-law to her brother Mr. Gardiner. The
    stated rows themselves are left out."""
    def pairs(type_: str) -> set[tuple[str, str]]:
        found = {(a, b) for t, a, b in stated if t == type_}
        return found | {(b, a) for a, b in found} if type_ in SYMMETRIC_TYPES else found

    married, sibling, parent = pairs("married"), _closed(pairs("sibling")), pairs("parent")
    implied: set[tuple[str, str, str]] = set()

    def add(type_: str, a: str, b: str) -> None:
        if a != b:
            implied.add((type_, *sorted((a, b))) if type_ in SYMMETRIC_TYPES else (type_, a, b))

    for a, b in sibling:
        add("sibling", a, b)  # a sibling's sibling: Mrs. Philips and Mr. Gardiner

    for a, b in married:
        for x, c in sibling | {(p, c) for c, p in parent}:
            if x == b:
                add("in_law", a, c)  # a spouse's sibling or parent
    for a, b in sibling:
        for p, c in parent:
            if p == b:
                add("aunt_uncle", a, c)  # a parent's sibling
                for s, t in married:
                    if t == a:
                        add("aunt_uncle", s, c)  # and that sibling's spouse
    for p, b in parent:
        for q, c in parent:
            if q == b:
                add("grandparent", p, c)
            if q == p and b != c:
                add("sibling", b, c)
    return implied - stated


def _relationships(key: BookKey, cast: Cast, rels: list[dict], by_id: dict[str, dict],
                   cap: int) -> dict[str, Any]:
    stated = _key_triples(key, cap)
    ended = superseded(stated)
    wanted = stated - ended
    entailed = implied_triples(stated) | ended
    found: set[tuple[str, str, str]] = set()
    right = wrong = unjudged = 0
    wrong_rows = []
    for rel in rels:
        if rel["type"] in PLACE_TYPES:
            continue
        ends = [by_id.get(rel["source"]), by_id.get(rel["target"])]
        folded = _fold(rel, cast)
        label = f"{ends[0]['name'] if ends[0] else '?'} {rel['type']} " \
                f"{ends[1]['name'] if ends[1] else '?'} (ch. {rel['from_chapter']})"
        if folded is None:
            if any(e is not None and (e["type"] != "character"
                                      or cast.kind(e) == "not_person") for e in ends):
                wrong += 1
                wrong_rows.append(label)
            else:
                unjudged += 1
            continue
        found.add(folded)
        if folded in wanted or folded in entailed:
            right += 1
        else:
            wrong += 1
            wrong_rows.append(label)
    return {
        "rel_precision": ratio(right, right + wrong), "rel_recall": ratio(len(found & wanted),
                                                                          len(wanted)),
        "rel_right": right, "rel_wrong": wrong, "rel_unjudged": unjudged,
        "rel_key": len(wanted), "wrong_relationships": wrong_rows,
        "missing_relationships": [" ".join(t) for t in sorted(wanted - found)],
    }


def _descriptions(key: BookKey, cast: Cast, states: dict[str, dict], entities: list[dict],
                  cap: int) -> dict[str, Any]:
    by_id = {e["id"]: e for e in entities}
    main = _present(key, cap)
    ents = cast.entities_of()
    described = sum(1 for pid in main if ents.get(pid) and (states.get(
        _main_entity(ents[pid], by_id)["id"]) or {}).get("description"))
    return {"main_described": ratio(described, len(main))}


def score_whereabouts(key: BookKey, caps: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Whereabouts at every chapter the key gives, each read at that chapter's cap."""
    right = answered = 0
    misses = []
    casts: dict[int, tuple[Cast, dict[str, dict]]] = {}
    for row in key.whereabouts:
        data = caps.get(row.chapter)
        if data is None:
            continue
        if row.chapter not in casts:
            casts[row.chapter] = (Cast.build(key, data["entities"], row.chapter),
                                  {e["id"]: e for e in data["entities"]})
        cast, by_id = casts[row.chapter]
        ids = cast.entities_of().get(row.person, [])
        place = None
        if ids:
            state = data["states"].get(_main_entity(ids, by_id)["id"]) or {}
            place = by_id.get(state.get("location") or "")
        if place is None:
            misses.append(f"ch.{row.chapter} {row.person}: nothing (key: {row.place})")
            continue
        answered += 1
        names = {norm_name(n) for n in (place["name"], *place["aliases"])}
        if same_place(names, {norm_name(n) for n in row.accepted}):
            right += 1
        else:
            misses.append(f"ch.{row.chapter} {row.person}: {place['name']} (key: {row.place})")
    total = len(key.whereabouts)
    return {"where_recall": ratio(right, total), "where_precision": ratio(right, answered),
            "where_rows": total, "where_misses": misses}


# "Netherfield House" is the key's "Netherfield": a place word after the name adds nothing.
PLACE_WORDS = frozenset(["house", "park", "hall", "lodge", "place", "court", "manor", "abbey", "inn"])


def same_place(found: set[str], accepted: set[str]) -> bool:
    """Whether one of the read layer's names for a place is one of the key's names for it."""
    def bare(name: str) -> str:
        words = name.split(" ")
        return " ".join(words[:-1]) if len(words) > 1 and words[-1] in PLACE_WORDS else name

    return bool({bare(n) for n in found} & {bare(n) for n in accepted})


def score_name_stamps(key: BookKey, caps: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Married and revealed names: shown from their chapter on, never before it."""
    early = late = total = 0
    rows = []
    last = caps.get(max(caps)) if caps else None
    cast = Cast.build(key, last["entities"], max(caps)) if last else None
    for person in key.people:
        for name in person.names:
            if name.kind is None:
                continue
            total += 1
            target = norm_name(name.name)
            before = caps.get(name.from_ - 1)
            if before and any(target in {norm_name(n) for n in (e["name"], *e["aliases"])}
                              for e in before["entities"]):
                early += 1
                rows.append(f"{name.name} shown at cap {name.from_ - 1}")
            if cast is not None and last is not None and not any(
                    target in {norm_name(n) for n in (e["name"], *e["aliases"])}
                    for e in last["entities"] if cast.assigned.get(e["id"]) == person.id):
                late += 1
                rows.append(f"{name.name} not on {person.id} at the last cap")
    return {"stamped_names": total, "stamped_early": early, "stamped_missing": late,
            "stamp_rows": rows}


def score_deaths(key: BookKey, caps: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Deaths: a person the read layer shows dead at a cap before the key's death of them (or
    who never dies) is shown dead wrongly, counted once per person, at the first such cap; a
    death the story tells (not one before it begins) is shown when the person's entity is
    dead at the last cap. An entity assigned to nobody in the key is not judged."""
    died = {d.person: d.chapter for d in key.deaths}
    early: dict[str, int] = {}
    for cap in sorted(caps):
        cast = Cast.build(key, caps[cap]["entities"], cap)
        for eid, state in caps[cap]["states"].items():
            person = cast.assigned.get(eid)
            if state.get("status") == "dead" and person and died.get(person, cap + 1) > cap:
                early.setdefault(person, cap)
    told = [d for d in key.deaths if not d.before_story]
    shown = 0
    if caps and told:
        last = caps[max(caps)]
        cast, by_id = Cast.build(key, last["entities"], max(caps)), {
            e["id"]: e for e in last["entities"]}
        ents = cast.entities_of()
        for death in told:
            ids = ents.get(death.person)
            state = last["states"].get(_main_entity(ids, by_id)["id"]) if ids else None
            shown += bool(state and state.get("status") == "dead")
    return {"deaths_early": len(early), "death_recall": ratio(shown, len(told)),
            "death_rows": [f"{p} shown dead at cap {c}" for p, c in sorted(early.items())]}


def score_book(key: BookKey, snapshot: dict[str, Any], early_cap: int = 12) -> dict[str, Any]:
    """The book's scores at its last chapter and at an early cap, plus whereabouts and names."""
    caps = snapshot["caps"]
    last = max(caps)
    return {
        "book": key.stem, "chapters": last,
        "last": score_cap(key, caps[last], last),
        "early": score_cap(key, caps[min(early_cap, last)], min(early_cap, last)),
        **score_whereabouts(key, caps),
        **score_name_stamps(key, caps),
        **score_deaths(key, caps),
    }
