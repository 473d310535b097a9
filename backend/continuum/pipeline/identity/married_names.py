"""Marriages a married name tells: Lydia Bennet, now called "Mrs. Wickham", is Wickham's wife.

A woman the book knows by her own family's name ("Lydia Bennet", "Miss Lydia", "Jane Bennet")
who has come to be called by a wife's title with another surname ("Mrs. Wickham", "Mrs.
Bingley", "Mrs. Robert Martin") has married the man of the story who bears that name. The cast
gives her that title only once the story has tied her to him (`Cast.married_name`: an
engagement, a wedding, or her own signature "Lydia Wickham"), so the title is the news that the
marriage has taken place. So does a woman the book knows by a bare given name alone, once
she is called by a wife's title with a man's full name ("Estella", called "Mrs. Bentley
Drummle" from Great Expectations ch. 48: `passes.glossed_names`).

Precision first: the man must be the one man of the cast who bears the surname (or, for "Mrs.
Robert Martin", the one Robert Martin); a woman known by no name of her own family ("Mrs.
Bennet") tells nothing; and `persist.facts` writes the marriage only when neither of the two
has a spouse on record.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from continuum.language.names import UNMARRIED_HONORIFICS, WIFE_HONORIFICS, is_given_name, split_honorific
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.roster import RosterEntry


@dataclass(frozen=True)
class NamedMarriage:
    """`wife` is called `name` ("Mrs. Wickham"), a wife's title of `husband`'s name."""

    wife: uuid.UUID
    husband: uuid.UUID
    name: str


def named_marriages(cast: Cast) -> list[NamedMarriage]:
    """Every woman of the cast whose wife's title names one man other than her own family."""
    found = []
    for entry in cast.roster.by_type("character"):
        if entry.gender != "female":
            continue
        own = _own_family_names(entry) - _wife_title_surnames(entry)
        given_only = not own and _known_by_given_name(entry)
        if not own and not given_only:
            continue  # "Mrs. Bennet": no name of her own family to set against her husband's
        for name in sorted(entry.all_names()):
            if given_only and " " not in split_honorific(name)[1]:
                continue  # "Estella", "Mrs. Drummle": only his full name says whose wife
            husband = _husband(cast, entry, name, own)
            if husband is not None:
                found.append(NamedMarriage(entry.id, husband, name))
                break
    return found


def _husband(cast: Cast, woman: RosterEntry, name: str, own: set[str]) -> uuid.UUID | None:
    """The one man whose wife `name` calls her, when it is a wife's title with a surname other
    than her own family's (`own`)."""
    title, bare = split_honorific(name)
    surname = bare.split(" ")[-1]
    if title not in WIFE_HONORIFICS or surname in own:
        return None
    men = [m for m in cast.men_of_surname(surname) if m.id != woman.id]
    if " " in bare:  # "Mrs. Robert Martin": the one man called Robert Martin
        men = [m for m in men if any(split_honorific(n)[1] == bare for n in m.all_names())]
    return men[0].id if len(men) == 1 else None


def _known_by_given_name(woman: RosterEntry) -> bool:
    """Whether she is known by a bare given name, with no title but a girl's with it ("Miss
    Estella") or a wife's with a man's full name ("Mrs. Bentley Drummle")."""
    parts = [split_honorific(n) for n in woman.all_names()]

    def given(bare: str) -> bool:
        return " " not in bare and is_given_name(bare.lower())

    return any(title is None and given(bare) for title, bare in parts) and all(
        title is None or (title in UNMARRIED_HONORIFICS and given(bare))
        or (title in WIFE_HONORIFICS and " " in bare) for title, bare in parts)


def _wife_title_surnames(woman: RosterEntry) -> set[str]:
    return {bare.split(" ")[-1] for title, bare in map(split_honorific, woman.all_names())
            if title in WIFE_HONORIFICS}


def _own_family_names(woman: RosterEntry) -> set[str]:
    """The surnames she bears as a girl or in her own right: "Miss Bennet", "Miss Lydia Bennet",
    "Lydia Bennet" (a given name and a surname, untitled); not "Miss Lydia"."""
    found = set()
    for title, bare in map(split_honorific, woman.all_names()):
        words = bare.split(" ")
        several, given = len(words) > 1, is_given_name(words[0])
        if (title in UNMARRIED_HONORIFICS and given == several) or (title is None and several and given):
            found.add(words[-1])
    return found
