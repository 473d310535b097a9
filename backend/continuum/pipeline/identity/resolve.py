"""RESOLVE: a name → an entity id, by exact name, alias, partial name, fuzzy match.

More than one candidate at any step binds to none. Only the new_entities pass may
create entities (`create=True`); every other pass resolves or drops the reference.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from continuum.pipeline.identity.names import (
    compatible_titles,
    honorific_gender,
    normalize,
    split_honorific,
)
from continuum.pipeline.identity.roster import Roster

FUZZY_BAR = 92.0


@dataclass(frozen=True)
class Resolution:
    """How a name was bound: the id (or None) and the rule that bound it."""

    entity_id: uuid.UUID | None
    rule: str  # exact | alias | partial | fuzzy | ambiguous | none


def resolve_name(roster: Roster, name: str, type_: str | None = None) -> Resolution:
    """Bind a surface name to one known entity, or to none when unsure."""
    for rule, finder in (("exact", roster.exact), ("alias", roster.alias)):
        found = finder(name, type_)
        if len(found) == 1:
            return Resolution(next(iter(found)), rule)
        if len(found) > 1:
            return Resolution(None, "ambiguous")
    found = roster.partial(name, type_)
    if len(found) == 1:
        return Resolution(next(iter(found)), "partial")
    if len(found) > 1:
        return Resolution(None, "ambiguous")
    return _fuzzy(roster, name, type_)


def _fuzzy(roster: Roster, name: str, type_: str | None) -> Resolution:
    key = normalize(name)
    if len(key) < 5:
        return Resolution(None, "none")
    title, _ = split_honorific(name)
    wanted_gender = honorific_gender(title)
    choices: dict[str, uuid.UUID] = {}
    for entry in roster.by_type(type_):
        if wanted_gender and entry.gender in ("male", "female") and entry.gender != wanted_gender:
            continue
        for known in entry.all_names():
            known_title, _ = split_honorific(known)
            if compatible_titles(title, known_title):
                choices[normalize(known)] = entry.id
    hits = process.extract(key, list(choices), scorer=fuzz.ratio, score_cutoff=FUZZY_BAR, limit=5)
    ids = {choices[hit[0]] for hit in hits}
    if len(ids) == 1:
        return Resolution(ids.pop(), "fuzzy")
    return Resolution(None, "ambiguous" if ids else "none")
