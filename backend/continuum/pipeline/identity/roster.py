"""The roster: every entity the novel knows, with all its names, for resolution."""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass, field

from continuum.language.names import (
    RANK_HONORIFICS,
    SURNAME_TITLES,
    compatible_titles,
    honorific_gender,
    normalize,
    split_honorific,
)


@dataclass
class RosterEntry:
    """One known entity: id, type, canonical name and every alias."""

    id: uuid.UUID
    type: str
    name: str
    aliases: set[str] = field(default_factory=set)
    gender: str = "unknown"
    first_chapter: int = 0
    mentions: int = 0  # named mentions before the chapter: how salient the entity is
    # How often the book has used each of its names (normalized) so far: which full name is
    # the common one ("Jim Hawkins", not the "James Hawkins" of one document).
    name_uses: dict[str, int] = field(default_factory=dict)

    def all_names(self) -> set[str]:
        """The canonical name and every alias."""
        return {self.name, *self.aliases}

    def ranked_by_given_name(self, given: str) -> bool:
        """Whether the entity wears a title of rank with the given name ("Lady Catherine",
        "Sir William"): the bare "Catherine" of the story is someone else (Kitty)."""
        given = normalize(given)
        return any(title in RANK_HONORIFICS and bare.split(" ")[0] == given
                   for title, bare in map(split_honorific, self.all_names()))

    def count_use(self, surface: str) -> None:
        """The text named the entity once more by `surface`."""
        key = normalize(surface)
        self.name_uses[key] = self.name_uses.get(key, 0) + 1


class Roster:
    """Indexes of names → entity ids: exact, alias, and the words of each name."""

    def __init__(self, entries: list[RosterEntry] | None = None) -> None:
        self.entries: dict[uuid.UUID, RosterEntry] = {}
        self._by_name: dict[str, set[uuid.UUID]] = defaultdict(set)
        self._by_alias: dict[str, set[uuid.UUID]] = defaultdict(set)
        self._by_word: dict[str, set[uuid.UUID]] = defaultdict(set)
        for entry in entries or []:
            self.add(entry)

    def add(self, entry: RosterEntry) -> None:
        """Add or refresh an entry and its indexes."""
        self.entries[entry.id] = entry
        self._by_name[normalize(entry.name)].add(entry.id)
        for alias in entry.aliases:
            self._by_alias[normalize(alias)].add(entry.id)
        for name in entry.all_names():
            _, bare = split_honorific(name)
            for word in bare.split(" "):
                if len(word) > 1:
                    self._by_word[word].add(entry.id)

    def remove(self, entity_id: uuid.UUID) -> None:
        """Drop an entry and every index entry pointing at it."""
        self.entries.pop(entity_id)
        for index in (self._by_name, self._by_alias, self._by_word):
            for ids in index.values():
                ids.discard(entity_id)

    def add_alias(self, entity_id: uuid.UUID, alias: str) -> None:
        """Fold a newly learned alias into an entity."""
        entry = self.entries[entity_id]
        if alias != entry.name:
            entry.aliases.add(alias)
            self.add(entry)

    def exact(self, name: str, type_: str | None = None) -> set[uuid.UUID]:
        """Entities whose canonical name equals `name` (normalized)."""
        return self._typed(self._by_name.get(normalize(name), set()), type_)

    def alias(self, name: str, type_: str | None = None) -> set[uuid.UUID]:
        """Entities having `name` as an alias (normalized)."""
        return self._typed(self._by_alias.get(normalize(name), set()), type_)

    def partial(self, name: str, type_: str | None = None) -> set[uuid.UUID]:
        """Entities one of whose names contains every word of `name`, with a compatible title."""
        title, bare = split_honorific(name)
        words = [w for w in bare.split(" ") if len(w) > 1]
        if not words:
            return set()
        candidates = set.intersection(*(self._by_word.get(w, set()) for w in words))
        result = set()
        wanted_gender = honorific_gender(title)
        surname_only = title in SURNAME_TITLES and len(words) == 1
        for eid in self._typed(candidates, type_):
            gender = self.entries[eid].gender
            if wanted_gender and gender in ("male", "female") and gender != wanted_gender:
                continue
            for known in self.entries[eid].all_names():
                known_title, known_bare = split_honorific(known)
                known_words = known_bare.split(" ")
                if surname_only and len(known_words) > 1 and words[-1] != known_words[-1]:
                    continue  # "Colonel Fitzwilliam" names a surname, not Fitzwilliam Darcy
                if set(words) <= set(known_words) and compatible_titles(title, known_title):
                    result.add(eid)
                    break
        return result

    def by_type(self, type_: str | None) -> list[RosterEntry]:
        """Entries of one type (all when None)."""
        return [e for e in self.entries.values() if type_ is None or e.type == type_]

    def _typed(self, ids: set[uuid.UUID], type_: str | None) -> set[uuid.UUID]:
        if type_ is None:
            return set(ids)
        return {i for i in ids if self.entries[i].type == type_}
