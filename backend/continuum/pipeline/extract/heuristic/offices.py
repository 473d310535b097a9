"""Offices as names: "the squire" of Treasure Island is Squire Trelawney, "the doctor" Dr. Livesey.

A story that names a person by the title of an office ("Squire Trelawney", "Dr. Livesey")
goes on to call them by the office alone, far more often than by the name: "the squire
was hard at work at Bristol". Such a "the <office>" (lowercase, right after "the", no
adjective, no name after it) is a mention of the one person of the story or the chapter
whose names carry that title. Two such people ("the captain" of a book with a Captain
Flint and a Captain Smollett), or none, and it names nobody: an office is never a person
of its own, and never a guess between two.

The mentions are nominal, like "the stranger"'s (`analyze._epithet_characters`): they add
to the person's salience, and a "he" after "the squire" may be the squire.
"""

from __future__ import annotations

from typing import Any

from continuum.language.names import NEUTRAL_HONORIFICS, TITLE_SPELLINGS, normalize, split_honorific
from continuum.pipeline.extract.heuristic.coref import KeyedSpan
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import EntityItem

# Each office title as a lowercase noun says it: "dr" and "doctor" are "doctor".
OFFICES = frozenset(TITLE_SPELLINGS.get(t, t) for t in NEUTRAL_HONORIFICS - {"saint", "st"})


def office_mentions(doc: Any, context: StoryContext, entities: dict[str, EntityItem],
                    keyed: list[KeyedSpan]) -> list[KeyedSpan]:
    """Each "the <office>" of the chapter bound to the one person holding the office."""
    holders = _holders(context, entities)
    taken = {i for k in keyed for i in range(k.tok_start, k.tok_end)}
    spans = []
    for tok in doc:
        office = tok.lower_
        if office not in OFFICES or not tok.text.islower() or tok.tag_ != "NN" or tok.i == 0:
            continue
        the = doc[tok.i - 1]
        if the.lower_ != "the" or the.head.i != tok.i or {the.i, tok.i} & taken:
            continue
        after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        if after is not None and (after.pos_ == "PROPN" or after.lower_ in {"'s", "\u2019s"}):
            continue  # "the squire Trelawney"; "the doctor's" may be his house
        people = holders.get(office, set())
        if len(people) == 1:
            spans.append(KeyedSpan(the.i, tok.i + 1, next(iter(people))))
    return spans


def _holders(context: StoryContext, entities: dict[str, EntityItem]) -> dict[str, set[str]]:
    """Office → the keys of the people who hold it: the chapter's own characters (by key) and
    the story's (by name) that no character of the chapter already stands for."""
    holders: dict[str, set[str]] = {}
    chapter_names: dict[str, str] = {}
    for key, item in entities.items():
        if item.type != "character":
            continue
        for name in (item.name, *item.aliases):
            chapter_names[normalize(name)] = key
            _add(holders, name, key)
    for known in context.entities:
        if known.type != "character":
            continue
        names = (known.name, *known.aliases)
        same = next((chapter_names[n] for n in map(normalize, names) if n in chapter_names), None)
        for name in names:
            _add(holders, name, same or known.name)
    return holders


def _add(holders: dict[str, set[str]], name: str, key: str) -> None:
    title, _ = split_honorific(name)
    office = TITLE_SPELLINGS.get(title or "", title or "")
    if office in OFFICES:
        holders.setdefault(office, set()).add(key)
