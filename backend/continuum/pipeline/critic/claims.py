"""Claims from a draft, bound to the world's entities (nothing is persisted)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from continuum.language.names import PRONOUNS, compatible_titles, normalize, split_honorific
from continuum.language.prose import Speech, speeches
from continuum.pipeline.critic.history import EarlierRecords
from continuum.pipeline.extract.heuristic.passes.role_namings import SHORTEST, called_by
from continuum.pipeline.extract.schema import ChapterExtraction, Referent, RoleNaming
from continuum.pipeline.identity.cast import Cast
from continuum.pipeline.identity.resolve import resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.reads.critic_state import PriorText
from continuum.reads.world_state import WorldState

PERSON_TYPES = ("character", None)


@dataclass
class DraftClaims:
    """The draft's extraction plus a surface-name → world-entity binder."""

    text: str
    extraction: ChapterExtraction
    roster: Roster
    local: dict[str, uuid.UUID | None] = field(default_factory=dict)
    history: PriorText | None = None
    earlier: EarlierRecords = field(default_factory=lambda: EarlierRecords(()))
    spans: list[tuple[int, int, str]] = field(default_factory=list)
    occupations: list[tuple[uuid.UUID | None, str]] = field(default_factory=list)
    _speeches: list[Speech] | None = None
    _resolved: dict[tuple[str, str | None], uuid.UUID | None] = field(default_factory=dict,
                                                                      repr=False)
    _object_words: frozenset[str] | None = field(default=None, repr=False)

    def bind(self, name: str | None, type_: str | None = None) -> uuid.UUID | None:
        """The established entity a draft name refers to, or None."""
        if not name:
            return None
        key = normalize(name)
        if key in self.local:
            found = self.local[key]
            if found is None or type_ is None or self.roster.entries[found].type == type_:
                return found
        if (name, type_) not in self._resolved:  # the roster is fixed for the critique
            self._resolved[name, type_] = resolve_name(self.roster, name, type_).entity_id
        return self._resolved[name, type_]

    @property
    def object_words(self) -> frozenset[str]:
        """Every word of every established object's names ("silver", "compass"): a noun
        that is none of them, nor a misspelling of one, names no object of the world."""
        if self._object_words is None:
            objects = self.roster.by_type("object")
            names = [name for entry in objects for name in entry.all_names()]
            ids = {entry.id for entry in objects}
            names += [surface for surface, found in self.local.items() if found in ids]
            self._object_words = frozenset(
                part for name in names for word in normalize(name).split()
                for part in (word, *word.split("-")))
        return self._object_words

    def name_of(self, entity_id: uuid.UUID) -> str:
        """The world's canonical name of an entity."""
        return self.roster.entries[entity_id].name

    @property
    def speeches(self) -> list[Speech]:
        """The draft's quoted speech with speakers (computed once)."""
        if self._speeches is None:
            self._speeches = speeches(self.text)
        return self._speeches

    def resolved_at(self, start: int) -> str | None:
        """The extractor's entity name for the mention (name or pronoun) at an offset."""
        for begin, end, name in self.spans:
            if begin <= start < end:
                return name
        return None

    def person_at(self, start: int | None, name: str | None) -> uuid.UUID | None:
        """The established person the subject at an offset refers to: the extractor's own
        resolution of the mention (a name, a pronoun or a nominal like "the captain"), else its
        written proper name."""
        resolved = self.resolved_at(start) if start is not None else None
        if resolved and normalize(resolved) not in PRONOUNS:
            found = self.person(resolved)
            if found is not None:
                return found
        return self.person(name) if name is not None else None

    def who(self, ref: Referent) -> uuid.UUID | None:
        """The established person a subject as written stands for (`person_at`)."""
        return self.person_at(ref.start, ref.text if ref.proper else None)

    def person(self, surface: str | None, at: int | None = None) -> uuid.UUID | None:
        """The established entity a person's name, or a pronoun resolved at `at`, refers to."""
        if not surface:
            return None
        if normalize(surface) in PRONOUNS:
            name = self.resolved_at(at) if at is not None else None
            return self.person(name) if name and normalize(name) not in PRONOUNS else None
        if role_noun(surface):
            return self.role(surface, at)
        # the extractor's own reading of the mention comes first: "Finch … in his square
        # hand" is the Aldous Finch its clusters made of it, not the more salient Mara Finch
        resolved = self.resolved_at(at) if at is not None else None
        for name in ([resolved] if resolved and normalize(resolved) not in PRONOUNS
                     and not role_noun(resolved) else []) + [surface]:
            for type_ in PERSON_TYPES:
                found = self.bind(name, type_)
                if found is not None:
                    return found
        return None


    def role(self, surface: str, at: int | None = None) -> uuid.UUID | None:
        """The one person a role noun stands for ("the innkeeper"): the extractor's own
        resolution of the mention, else whoever the draft before it, the locked occupations or
        the earlier chapters call by that noun (`RoleNaming`: "Elena Voss ... the innkeeper of
        the Lantern Inn", "She had been an innkeeper"). None when nobody, or more than one
        person, is."""
        resolved = self.resolved_at(at) if at is not None else None
        if resolved and normalize(resolved) not in PRONOUNS and not role_noun(resolved):
            found = self.person(resolved)
            if found is not None:
                return found
        noun = role_noun(surface) or surface.split()[-1].lower()
        if noun in _NOT_ROLES:
            return None
        before = [n for n in self.extraction.role_namings if at is None or n.end <= at]
        draft = self._called(noun, before, in_draft=True)
        if len(draft) == 1:
            return draft.pop()
        if draft:
            return None
        held = {sid for sid, trade in self.occupations if sid is not None
                and any(w == noun for w in normalize(trade).split())}
        if held:
            return held.pop() if len(held) == 1 else None
        earlier: set[uuid.UUID] = set()
        for _number, namings in self.earlier.chapters:
            earlier |= self._called(noun, namings.role_namings, in_draft=False)
        return earlier.pop() if len(earlier) == 1 else None

    def _called(self, noun: str, namings: list[RoleNaming], *, in_draft: bool) -> set[uuid.UUID]:
        """The people the namings by a role noun call by it (`called_by`): a pronoun only in
        the draft itself, where the extractor resolved it."""
        found: set[uuid.UUID] = set()
        for naming in called_by(noun, namings):
            at = naming.start if in_draft and not naming.named_after else None
            if normalize(naming.who) in PRONOUNS and at is None:
                continue  # an earlier chapter's pronoun: nobody resolved it for us
            who = self.person(naming.who, at)
            if who is not None:
                found.add(who)
        return found


def role_noun(surface: str) -> str | None:
    """The noun of a mention by role alone, "the" and a lower-case noun of three letters or
    more, with at most one lower-case word between: "innkeeper" of "the innkeeper" and "the
    old innkeeper"; None for "the Lantern", "the ox" or "Elena Voss"."""
    text = surface[:-1] if surface.endswith("\n") else surface
    words = text.split()
    if text != text.strip() or not 2 <= len(words) <= 3 or words[0] != "the":
        return None
    if not all(w.isascii() and w.isalpha() and w.islower() for w in words[1:]):
        return None
    return words[-1] if len(words[-1]) >= SHORTEST else None


# Nouns for anybody at all: never one person's role.
_NOT_ROLES = {"man", "woman", "men", "women", "boy", "girl", "other", "others", "one", "two",
              "voice", "stranger", "lady", "gentleman", "child", "people", "crowd", "fellow"}


def same_person(a: str, b: str) -> bool:
    """Two names of one person: equal once titles are dropped, or a lone name that is the
    other's first name ("Tomas" / "Tomas Marsh") or, after a title, its surname ("Mr. Darcy" /
    "Fitzwilliam Darcy"); titles of another gender, or two different full names, differ."""
    ta, bare_a = split_honorific(a)
    tb, bare_b = split_honorific(b)
    if not bare_a or not bare_b or not compatible_titles(ta, tb):
        return False
    if bare_a == bare_b:
        return True
    wa, wb = bare_a.split(), bare_b.split()
    if len(wa) > 1 and len(wb) > 1:
        return False  # "Elena Voss" / "Elena Marsh": two people
    return wa[0] == wb[0] or (bool(ta or tb) and wa[-1] == wb[-1])


def _first_names_clash(name: str, entry: RosterEntry) -> bool:
    """A full name whose first name differs from every full name the established person goes
    by: a sister or a cousin of the same surname, however the draft's titles resolve."""
    words = split_honorific(name)[1].split()
    if len(words) < 2:
        return False
    fulls = [split_honorific(n)[1].split() for n in (entry.name, *entry.aliases)]
    fulls = [w for w in fulls if len(w) >= 2]
    return bool(fulls) and all(w[0] != words[0] for w in fulls)


def bind_claims(text: str, extraction: ChapterExtraction, world: WorldState,
                history: PriorText | None = None, cast: Cast | None = None, *,
                earlier: EarlierRecords | None = None) -> DraftClaims:
    """Bind every entity the draft names to at most one established entity, through the
    cast as persistence binds a chapter (`identity.cast`); without one, a cast of the world's
    names (no salience) stands in."""
    if cast is None:
        cast = Cast(Roster([RosterEntry(id=eid, type=named.type, name=named.name, aliases=set(named.aliases))
                            for eid, named in world.names.items()]))
    roster = cast.roster
    claims = DraftClaims(text=text, extraction=extraction, roster=roster, history=history,
                         earlier=earlier if earlier is not None else EarlierRecords(()),
                         occupations=[(f.subject_id, f.value) for f in world.locked_canon
                                      if f.predicate == "occupation"])
    taken: set[uuid.UUID] = set()
    for item in extraction.new_entities:
        bound = cast.bind_item([item.name, *item.aliases], item.type, item.gender, taken).entity_id
        if bound is not None and _first_names_clash(item.name, roster.entries[bound]):
            bound = None  # "Agnes Reyes", called "Miss Reyes", is not the established Ilse Reyes
        if bound is not None:
            taken.add(bound)
        for surface in {item.name, *item.aliases, *(m.text for m in item.mentions)}:
            if normalize(surface) not in PRONOUNS:
                claims.local[normalize(surface)] = bound
        claims.spans += [(m.start, m.end, item.name) for m in item.mentions]
    return claims
