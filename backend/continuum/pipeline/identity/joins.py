"""Joins: two entities of the cast that the book has since shown to be one person.

A book may call a person by a bare given name before it says whose: "Caroline" of chapter 8
of Pride and Prejudice is Miss Bingley, who signs "Caroline Bingley" only in chapter 21;
Mrs. Joe's "Joseph" of chapter 7 of Great Expectations is Joe, named "Joseph Gargery" in
chapter 18. Each chapter reader founded the bare name as a person of its own, since nothing
then said whose it was. Once the cast holds exactly one person whose full name begins with
that given name, the twin joins that person from this chapter on (`persist.joins`): below
the chapter the two stay apart, from it they are one page.

Precision first: the twin must be named by that given name alone and nothing else, and
must agree in gender; any second person the given name could be (another "John …" of the
cast, or a second entity called just "John") leaves it alone; a person titled by rank with
the given name ("Lady Catherine") is never the bare "Catherine" of another family.

A name the book has since given to one person joins its twin to that person: Treasure
Island's "Hawkins" of chapter 5, founded while "Hawkins" could have been Jim or his mother,
is Jim once "Hawkins" is one of Jim's own names and of nobody else's.

A wife's title founded before the wedding is on record joins the wife once it is: Emma's
"Mrs. Robert Martin" of chapter 7 (Emma's daydream) is Harriet once she marries him in
chapter 54; Pride and Prejudice's "Mrs. Wickham" of chapter 49 is Lydia once she signs
"Lydia Wickham" and is known as born a Bennet. A title with the surname alone ("Mrs.
Martin") joins only a woman who signs herself so, never a wife on record: founded before
the wedding, it is as likely the man's mother (Emma's Mrs. Martin of Abbey-Mill Farm).
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass

from continuum.language.names import (
    WIFE_HONORIFICS,
    is_given_name,
    normalize,
    split_honorific,
)
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.roster import Roster, RosterEntry


@dataclass(frozen=True)
class Join:
    """`twin` is `person` from this chapter on; `name` is the name that tells it."""

    twin: uuid.UUID
    person: uuid.UUID
    name: str


def find_joins(cast: Cast) -> list[Join]:
    """Every join the cast supports now; no entity is in two of them."""
    joins: list[Join] = []
    used: set[uuid.UUID] = set()
    for join in (*given_name_twins(cast.roster), *name_twins(cast.roster),
                 *wife_title_twins(cast)):
        if not {join.twin, join.person} & used:
            joins.append(join)
            used |= {join.twin, join.person}
    return joins


def name_twins(roster: Roster) -> list[Join]:
    """Every person called by one name only, which is also a name of exactly one other
    person of the cast, of a gender that agrees ("Hawkins" and Jim, "Jim Hawkins" with the
    alias "Hawkins")."""
    people = roster.by_type("character")
    owners: dict[str, set[uuid.UUID]] = defaultdict(set)
    for entry in people:
        for name in entry.all_names():
            owners[normalize(name)].add(entry.id)
    joins = []
    for entry in people:
        names = {normalize(n) for n in entry.all_names()}
        if len(names) != 1:
            continue
        name = next(iter(names))
        others = owners[name] - {entry.id}
        if len(owners[name]) != 2 or len(others) != 1:
            continue
        person = roster.entries[next(iter(others))]
        if normalize(person.name) != name and _genders_agree(entry, person):
            joins.append(Join(twin=entry.id, person=person.id, name=name))
    return joins


def wife_title_twins(cast: Cast) -> list[Join]:
    """Every entity called only by a wife's title ("Mrs. Wickham", "Mrs. Robert Martin") that
    the cast now knows to be one woman of the story, who is not the entity itself."""
    joins = []
    for entry in cast.roster.by_type("character"):
        names = sorted(entry.all_names())
        if entry.gender == "male" or not all(
                split_honorific(n)[0] in WIFE_HONORIFICS for n in names):
            continue
        bares = {split_honorific(n)[1] for n in names}
        if len(bares) != 1:
            continue
        bare = bares.pop()
        # "Mrs. Robert Martin" is the wife of the one Robert Martin; a bare "Mrs. Martin"
        # older than the wedding is as likely his mother: only a woman who signs herself
        # with the surname is she ("Lydia Wickham")
        wife = cast.married_name(names, "character", leaving_out=entry.id) if " " in bare \
            else cast.signed_wife(bare, leaving_out=entry.id)
        if wife is not None and wife != entry.id:
            joins.append(Join(twin=entry.id, person=wife, name=normalize(names[0])))
    return joins


def given_name_twins(roster: Roster) -> list[Join]:
    """Every person of the roster known by a bare given name that one other person's full
    name begins with ("Caroline" and "Caroline Bingley"), with nothing to say it is anyone
    else."""
    people = roster.by_type("character")
    full_by_given: dict[str, set[uuid.UUID]] = defaultdict(set)
    bare_by_given: dict[str, set[uuid.UUID]] = defaultdict(set)
    surnames = _surnames(people)
    for entry in people:
        for given in _full_name_givens(entry, surnames):
            full_by_given[given].add(entry.id)
        alone = _only_given_name(entry, surnames)
        if alone is not None:
            bare_by_given[alone].add(entry.id)
    joins = []
    for given, twins in sorted(bare_by_given.items()):
        owners = full_by_given.get(given, set())
        if len(twins) != 1 or len(owners) != 1:
            continue
        twin, person = roster.entries[next(iter(twins))], roster.entries[next(iter(owners))]
        if _genders_agree(twin, person) and not person.ranked_by_given_name(given):
            joins.append(Join(twin=twin.id, person=person.id, name=given))
    return joins


def given_name_owners(roster: Roster, given: str) -> set[uuid.UUID]:
    """The people whose untitled full name begins with the given name ("John" → John Silver
    and John Trelawney): two or more, and a bare "John" is none of them for sure, nor will
    a join ever say which."""
    people = roster.by_type("character")
    surnames = _surnames(people)
    key = normalize(given)
    return {entry.id for entry in people if key in _full_name_givens(entry, surnames)}


def _surnames(people: list[RosterEntry]) -> set[str]:
    """The last word of every titled or several-word name of the people: their surnames."""
    return {bare.split(" ")[-1] for entry in people
            for title, bare in map(split_honorific, entry.all_names()) if title or " " in bare}


def _full_name_givens(entry: RosterEntry, surnames: set[str]) -> set[str]:
    """The given names that begin an untitled full name of the entity ("joseph" of "Joseph
    Gargery", "joe" of "Joe Gargery", "bentley" of "Bentley Drummle")."""
    givens = set()
    for name in entry.all_names():
        title, bare = split_honorific(name)
        words = bare.split(" ")
        if title is None and len(words) >= 2 and _given(words[0], surnames):
            givens.add(words[0])
    return givens


def _only_given_name(entry: RosterEntry, surnames: set[str]) -> str | None:
    """The given name an entity is called by, when it is called by nothing else."""
    names = {normalize(n) for n in entry.all_names()}
    if len(names) != 1:
        return None
    name = next(iter(names))
    return name if " " not in name and _given(name, surnames) else None


def _given(word: str, surnames: set[str]) -> bool:
    """A given name: one the name lists know, or a word that no one of the cast bears as a
    surname ("Bentley" of Bentley Drummle, which the lists lack)."""
    return is_given_name(word) or word not in surnames


def _genders_agree(a: RosterEntry, b: RosterEntry) -> bool:
    known = {g for g in (a.gender, b.gender) if g in ("male", "female")}
    return len(known) <= 1


