"""The cast: who is who in a novel as of a chapter, and the one place names become entities.

Every stage that turns a name into an entity asks the cast: the critique (`critic.claims`),
canonicalization and persistence. The cast is the roster of every entity known before the
chapter (names and aliases as of then, gender, type) with each one's salience, the number
of times the book has named it so far. Binding an extracted entity follows `resolve_item`
(every name of the item must agree with the entity's names); an ambiguous name binds to
the salient candidate or to none (`resolve.salient`). A name that already titles an entity
never founds a second one: an item whose main name is some entity's name, and which no
rule could bind, joins the most mentioned entity of that name and type
("Mr. Bingley" of chapter 55 is the Mr. Bingley of chapter 1, not a sixth one). A known
name the extractor gives another kind (a person, a place, a group) changes kind from this
chapter on, in its entity version: "Kent" is a place from the chapter that says so.
"""

from __future__ import annotations

import uuid
from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy.orm import Session

from continuum.pipeline.identity.names import is_pronoun, normalize
from continuum.pipeline.identity.resolve import Resolution, resolve_item, resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.pipeline.persist.roster_load import load_roster


# Kinds a name may move between as the book's evidence grows.
RETYPABLE = frozenset({"character", "location", "faction"})


@dataclass
class Cast:
    """The novel's entities before a chapter, and the binding rules over them."""

    roster: Roster

    def bind_item(
        self, names: list[str], type_: str | None, gender: str | None = None,
        taken: Collection[uuid.UUID] = (),
    ) -> Resolution:
        """The known entity an extracted entity (all its names, main first) is, or none."""
        found = resolve_item(self.roster, names, type_, gender, taken)
        if found.entity_id is not None:
            return found
        namesake = self.namesake(names[0] if names else "", type_)
        if namesake is not None:
            return Resolution(namesake, "namesake")
        retyped = self._retype(names[0] if names else "", type_)
        return Resolution(retyped, "retyped") if retyped is not None else found

    def bind_name(self, name: str | None, type_: str | None = None) -> uuid.UUID | None:
        """The known entity a reference names, or None (the reference is dropped)."""
        if not name or is_pronoun(name):
            return None
        return resolve_name(self.roster, name, type_).entity_id

    def namesake(self, name: str, type_: str | None) -> uuid.UUID | None:
        """The most mentioned entity whose own name (not an alias) is `name`, of the type."""
        ids = self.roster.exact(" ".join(name.split()), type_)
        if not ids:
            return None
        return max(ids, key=lambda i: (self.roster.entries[i].mentions, str(i)))

    def _retype(self, name: str, type_: str | None) -> uuid.UUID | None:
        """The one entity of another kind named exactly `name`, now of kind `type_`.

        The extractor re-types a known entity when a chapter's evidence is decisive; the
        new kind is written with this chapter's version, so earlier caps keep the old one."""
        if type_ not in RETYPABLE:
            return None
        ids = [i for i in self.roster.exact(" ".join(name.split()))
               if self.roster.entries[i].type in RETYPABLE]
        if len(ids) != 1:
            return None
        self.roster.entries[ids[0]].type = type_
        return ids[0]

    def entry(self, entity_id: uuid.UUID) -> RosterEntry:
        """A known entity by id."""
        return self.roster.entries[entity_id]

    def add(self, entry: RosterEntry) -> None:
        """A new entity joins the cast (created by this chapter)."""
        self.roster.add(entry)

    def learn_alias(self, entity_id: uuid.UUID, alias: str) -> None:
        """An entity is now also called `alias`."""
        if normalize(alias) != normalize(self.roster.entries[entity_id].name):
            self.roster.add_alias(entity_id, alias)


def load_cast(session: Session, *, novel_id: uuid.UUID, before_chapter: int) -> Cast:
    """The cast as it stands before `before_chapter`: names as of then, salience so far."""
    return Cast(load_roster(session, novel_id=novel_id, before_chapter=before_chapter))
