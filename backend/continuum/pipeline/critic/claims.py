"""Claims from a draft, bound to the world's entities (nothing is persisted)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from continuum.pipeline.extract.schema import ChapterExtraction
from continuum.pipeline.identity.names import normalize
from continuum.pipeline.identity.resolve import resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.reads.world_state import WorldState


@dataclass
class DraftClaims:
    """The draft's extraction plus a surface-name → world-entity binder."""

    text: str
    extraction: ChapterExtraction
    roster: Roster
    local: dict[str, uuid.UUID | None] = field(default_factory=dict)

    def bind(self, name: str | None, type_: str | None = None) -> uuid.UUID | None:
        """The established entity a draft name refers to, or None."""
        if not name:
            return None
        key = normalize(name)
        if key in self.local:
            found = self.local[key]
            if found is None or type_ is None or self.roster.entries[found].type == type_:
                return found
        return resolve_name(self.roster, name, type_).entity_id

    def name_of(self, entity_id: uuid.UUID) -> str:
        """The world's canonical name of an entity."""
        return self.roster.entries[entity_id].name


def bind_claims(text: str, extraction: ChapterExtraction, world: WorldState) -> DraftClaims:
    """Bind every entity the draft names to at most one established entity."""
    roster = Roster([RosterEntry(id=eid, type=type_, name=name, aliases=set(aliases))
                     for eid, (name, aliases, type_, _first) in world.names.items()])
    claims = DraftClaims(text=text, extraction=extraction, roster=roster)
    for item in extraction.new_entities:
        bound = None
        for name in (item.name, *item.aliases):
            bound = resolve_name(roster, name, item.type).entity_id
            if bound is not None:
                break
        for surface in {item.name, *item.aliases, *(m.text for m in item.mentions)}:
            claims.local[normalize(surface)] = bound
    return claims
