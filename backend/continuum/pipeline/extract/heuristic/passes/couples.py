"""A couple named as one: "Mr. and Mrs. Gardiner", "Colonel and Mrs. Campbell", "Sir William
and Lady Lucas", the way the period names a married couple (a widow and her son are never
"Mr. and Mrs. X").

The woman is named after "and" with a wife's title; the man is the one person the chapter or
the story knows by the first title and her name ("Mr. Gardiner"; "Mr. John Knightley" for
"Mr. and Mrs. John Knightley"; "Sir William Lucas" for "Sir William and Lady Lucas"). The
relationship pass reads the marriage from it (`relationships._couple`), the movement passes
move the two of them ("Mr. and Mrs. Weston walked to Hartfield").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuum.language.names import FEMALE_HONORIFICS, HONORIFICS, MARRIED_HONORIFICS, normalize
from continuum.pipeline.extract.heuristic.passes.common import ChapterView

HUSBAND_TITLES = frozenset(HONORIFICS - FEMALE_HONORIFICS)


@dataclass(frozen=True)
class Couple:
    """The wife and husband a couple's name names, and the tokens that say so."""

    wife: str
    husband: str
    tokens: tuple[Any, ...]  # the husband's title, the wife's first and last name tokens


def couple_at(view: ChapterView, tok: Any) -> Couple | None:
    """The couple whose "and" is `tok` ("Mr. *and* Mrs. Gardiner"), or None."""
    doc = view.doc
    if tok.lower_ != "and" or tok.i < 1 or tok.i + 2 >= len(doc):
        return None
    wife_title, first = doc[tok.i + 1], doc[tok.i + 2]
    if wife_title.lower_.rstrip(".") not in MARRIED_HONORIFICS:
        return None
    wife = view.character(first)
    if wife is None or view.gender_of(wife) == "male":
        return None
    end = first.i
    while end + 1 < len(doc) and view.key(doc[end + 1]) == wife:
        end += 1
    rest = doc[first.i:end + 1].text
    before = doc[tok.i - 1]
    given = ""
    if before.lower_.rstrip(".") not in HUSBAND_TITLES:
        if tok.i < 2 or doc[tok.i - 2].lower_.rstrip(".") != "sir":
            return None
        given, before = before.text, doc[tok.i - 2]  # "Sir William and Lady Lucas"
    title = before.text
    wanted = [" ".join(w for w in (title, given, rest) if w)]
    if given:
        wanted.append(f"{title} {given}")
    husband = next((k for name in wanted if (k := person_named(view, name)) is not None), None)
    if husband is None or husband == wife or view.gender_of(husband) == "female":
        return None
    return Couple(wife, husband, (before, first, doc[end]))


def husband_beside(view: ChapterView, tok: Any) -> str | None:
    """The husband a couple's name adds to the wife it names at `tok` ("Weston" of "Mr. and
    Mrs. Weston"), or None for a name said alone."""
    key = view.character(tok)
    if key is None:
        return None
    doc, j = view.doc, tok.i
    while j > 0 and view.key(doc[j - 1]) == key:
        j -= 1  # the name's first word ("Mrs." when the title is part of it)
    if doc[j].lower_.rstrip(".") not in MARRIED_HONORIFICS:
        j -= 1  # the title before it
    if j < 1 or doc[j].lower_.rstrip(".") not in MARRIED_HONORIFICS:
        return None
    found = couple_at(view, doc[j - 1])
    return found.husband if found is not None and found.wife == key else None


def person_named(view: ChapterView, name: str) -> str | None:
    """The one character this chapter or the story knows by exactly `name`."""
    wanted = normalize(name)
    keys = {key for key, item in view.chapter.entities.items() if item.type == "character"
            and wanted in {normalize(n) for n in (key, item.name, *item.aliases)}}
    keys |= {e.name for e in view.context.entities if e.type == "character"
             and wanted in {normalize(n) for n in (e.name, *e.aliases)}}
    return next(iter(keys)) if len(keys) == 1 else None
