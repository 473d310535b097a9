"""Kinship the text implies: a family's ties worked out from the ties it states.

The relationship pass writes what a sentence says ("her sister Jane", "his father"). A
reader also knows what follows from it: two daughters of Mr. Bennet are sisters, Mrs.
Philips (Mrs. Bennet's sister) is the girls' aunt, Mr. Bingley once married to Jane is
Elizabeth's brother-in-law. `derive` works that out from the ties in force, one step from
stated ties (never from inferred ones, so one wrong tie cannot spread through a family),
and `infer_kinship` writes what is new with this chapter's number: a reader at an earlier
cap sees none of it, since every tie it rests on is in force by this chapter.

Rules, each from stated ties only:
- children of one parent, and siblings of siblings, are siblings;
- a parent of one sibling is the parent of all of them;
- a sibling of a parent, and that sibling's spouse, is an aunt or uncle of the children;
- children of two siblings are cousins;
- a spouse's sibling, a sibling's spouse and a spouse's parent are in-laws;
- a parent's parent is a grandparent (a parent of a parent's sibling group).
A tie between two people who already have one of these kinds is never added, and a person
married into a family is never counted as its child ("my brother Wickham").
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

Id = uuid.UUID

PARENT_TYPES = {"father_of", "mother_of", "parent_of"}
CHILD_TYPES = {"son_of", "daughter_of", "child_of"}
SIBLING_TYPES = {"sister_of", "brother_of", "sibling_of"}
SPOUSE_TYPES = {"married_to"}
AUNT_TYPES = {"aunt_of", "uncle_of", "nephew_of", "niece_of"}
KIN_TYPES = PARENT_TYPES | CHILD_TYPES | SIBLING_TYPES | SPOUSE_TYPES | AUNT_TYPES | {
    "cousin_of", "in_law_of", "grandfather_of", "grandmother_of", "grandson_of",
    "granddaughter_of"}
SYMMETRIC = {"sibling_of", "cousin_of", "in_law_of"}
RULE = "kinship.inferred"
# The largest family a rule reaches over; a bigger "family" is a reading error.
MAX_FAMILY = 12


@dataclass(frozen=True)
class Tie:
    """One relationship: `source TYPE target` ("Jane sister_of Elizabeth")."""

    source: Id
    target: Id
    type: str


@dataclass(frozen=True)
class Inferred:
    """A tie that follows from stated ones, with the stated ties it rests on."""

    source: Id
    target: Id
    type: str
    because: tuple[Tie, ...]

    @property
    def symmetric(self) -> bool:
        return self.type in SYMMETRIC


class _Family:
    """Stated ties as parents, spouses and sibling groups."""

    def __init__(self, ties: Iterable[Tie]) -> None:
        self.children: dict[Id, dict[Id, Tie]] = defaultdict(dict)
        self.spouses: dict[Id, dict[Id, Tie]] = defaultdict(dict)
        self.related: set[frozenset[Id]] = set()
        siblings: list[Tie] = []
        for tie in ties:
            if tie.type not in KIN_TYPES:
                continue
            self.related.add(frozenset((tie.source, tie.target)))
            if tie.type in PARENT_TYPES:
                self.children[tie.source][tie.target] = tie
            elif tie.type in CHILD_TYPES:
                self.children[tie.target][tie.source] = tie
            elif tie.type in SPOUSE_TYPES:
                self.spouses[tie.source][tie.target] = tie
                self.spouses[tie.target][tie.source] = tie
            elif tie.type in SIBLING_TYPES:
                siblings.append(tie)
        self.sibling_pairs = {frozenset((t.source, t.target)) for t in siblings}
        self._group: dict[Id, Id] = {}
        self.why: dict[Id, list[Tie]] = defaultdict(list)
        for tie in siblings:
            if not self._married_in(tie.source, tie.target):
                self._join(tie.source, tie.target, tie)
        for kids in self.children.values():
            first = next(iter(kids))
            for kid, tie in kids.items():
                self._join(first, kid, tie)

    def _married_in(self, a: Id, b: Id) -> bool:
        """Whether one is married to the other's sibling ("my brother Wickham", Lydia's husband)."""
        for x, y in ((a, b), (b, a)):
            for spouse in self.spouses.get(x, {}):
                if frozenset((spouse, y)) in self.sibling_pairs or any(
                        spouse in kids and y in kids for kids in self.children.values()):
                    return True
        return False

    def root(self, person: Id) -> Id:
        while self._group.get(person, person) != person:
            person = self._group[person]
        return person

    def _join(self, a: Id, b: Id, tie: Tie) -> None:
        ra, rb = self.root(a), self.root(b)
        self._group.setdefault(a, a)
        self._group.setdefault(b, b)
        if ra != rb:
            self._group[rb] = ra
            self.why[ra] += self.why.pop(rb, [])
        self.why[ra].append(tie)

    def groups(self) -> list[list[Id]]:
        found: dict[Id, list[Id]] = defaultdict(list)
        for person in self._group:
            found[self.root(person)].append(person)
        return [sorted(g, key=str) for g in found.values() if len(g) <= MAX_FAMILY]

    def group_of(self, person: Id) -> list[Id]:
        root = self.root(person) if person in self._group else None
        if root is None:
            return [person]
        return sorted((p for p in self._group if self.root(p) == root), key=str)

    def parents_of(self, group: list[Id]) -> dict[Id, Tie]:
        return {p: kids[c] for p, kids in self.children.items() for c in group if c in kids}


def derive(ties: Iterable[Tie], genders: dict[Id, str]) -> list[Inferred]:
    """The ties that follow one step from `ties` (see the module notes), none already stated."""
    family = _Family(list(ties))
    out: dict[tuple[Id, Id, str], Inferred] = {}

    def add(source: Id, target: Id, type_: str, because: Iterable[Tie]) -> None:
        if source == target or frozenset((source, target)) in family.related:
            return
        if type_ in SYMMETRIC:
            source, target = sorted((source, target), key=str)
        key = (source, target, type_)
        if key not in out and not any(k[:2] == (source, target) or k[:2] == (target, source)
                                      for k in out):
            out[key] = Inferred(source, target, type_, tuple(dict.fromkeys(because)))

    groups = family.groups()
    for group in groups:
        why = family.why[family.root(group[0])]
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                add(a, b, "sibling_of", why)
        parents = family.parents_of(group)
        for parent, tie in parents.items():
            for child in group:
                type_ = {"male": "son_of", "female": "daughter_of"}.get(genders.get(child, ""), "child_of")
                add(child, parent, type_, (tie, *why))
        for parent, tie in parents.items():
            for uncle in family.group_of(parent):
                if uncle == parent or uncle in group:
                    continue
                kin = family.why[family.root(parent)]
                for person in (uncle, *family.spouses.get(uncle, {})):
                    role = {"male": "uncle_of", "female": "aunt_of"}.get(genders.get(person, ""))
                    if role is None:
                        continue
                    marriage = family.spouses.get(uncle, {}).get(person)
                    for child in group:
                        add(person, child, role, (tie, *kin, *((marriage,) if marriage else ())))
                for person in (uncle, *family.spouses.get(uncle, {})):
                    for cousin, ctie in family.children.get(person, {}).items():
                        for child in group:
                            if cousin not in group:
                                add(child, cousin, "cousin_of", (tie, *kin, ctie))
        for person in group:
            for spouse, marriage in family.spouses.get(person, {}).items():
                if spouse in group:
                    continue
                for other in group:
                    if other != person:
                        add(spouse, other, "in_law_of", (marriage, *why))
                for parent, tie in parents.items():
                    if parent != spouse:
                        add(spouse, parent, "in_law_of", (marriage, tie, *why))
        for parent, tie in parents.items():
            for grandparent, gtie in family.parents_of(family.group_of(parent)).items():
                role = {"male": "grandfather_of", "female": "grandmother_of"}.get(
                    genders.get(grandparent, ""))
                if role is None or grandparent in group:
                    continue
                for child in group:
                    add(grandparent, child, role, (gtie, tie, *why))
    return list(out.values())


def infer_kinship(session: Session, *, novel_id: uuid.UUID, chapter: int) -> int:
    """Write the ties that follow from the stated ones in force at `chapter`; returns how many."""
    rows = session.execute(
        text("""SELECT r.source_id, r.target_id, r.type, r.evidence_rule FROM relationships r
                 WHERE r.novel_id = :n AND r.type = ANY(:types) AND r.from_chapter <= :chapter
                   AND (r.to_chapter IS NULL OR r.to_chapter > :chapter)
                   AND r.superseded_by_id IS NULL"""),
        {"n": novel_id, "types": sorted(KIN_TYPES), "chapter": chapter},
    ).all()
    stated = [Tie(r.source_id, r.target_id, r.type) for r in rows if r.evidence_rule != RULE]
    known = {frozenset((r.source_id, r.target_id)) for r in rows}
    people = {i for t in stated for i in (t.source, t.target)}
    if not people:
        return 0
    genders = dict(session.execute(
        text("SELECT id, gender FROM entities WHERE novel_id = :n AND id = ANY(:ids)"),
        {"n": novel_id, "ids": sorted(people, key=str)},
    ).tuples().all())
    names = dict(session.execute(
        text("""SELECT DISTINCT ON (entity_id) entity_id, name FROM entity_versions
                 WHERE novel_id = :n AND entity_id = ANY(:ids) AND chapter <= :chapter
                 ORDER BY entity_id, chapter DESC"""),
        {"n": novel_id, "ids": sorted(people, key=str), "chapter": chapter},
    ).tuples().all())
    fresh = [i for i in derive(stated, genders) if frozenset((i.source, i.target)) not in known]
    for item in fresh:
        reason = "; ".join(f"{names.get(t.source, '?')} {t.type.replace('_', ' ')} "
                           f"{names.get(t.target, '?')}" for t in item.because)
        session.execute(
            text("""INSERT INTO relationships (novel_id, source_id, target_id, type, is_symmetric,
                           from_chapter, evidence_quote, evidence_rule, confidence)
                    VALUES (:n, :s, :t, :type, :sym, :chapter, :why, :rule, 0.7)"""),
            {"n": novel_id, "s": item.source, "t": item.target, "type": item.type,
             "sym": item.symmetric, "chapter": chapter, "why": f"Follows from: {reason}.",
             "rule": RULE},
        )
    return len(fresh)
