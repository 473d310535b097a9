"""The cast: who is who in a novel as of a chapter, and the one place names become entities.

Canonicalization, persistence and the critique (`critic.claims.bind_claims`) bind names
through the cast, so a draft's names mean what a chapter's would. The cast is the
roster of every entity known before the chapter (names and aliases as of then, gender,
type) with each one's salience, the number of times the book has named it so far. Binding
an extracted entity follows `resolve_item` (every name of the item must agree with the
entity's names); an ambiguous name binds to the salient candidate or to none
(`resolve.salient`). A name that already titles an entity never founds a second one: an
item whose main name is some entity's name, and which no rule could bind, joins the most
mentioned entity of that name and type ("Mr. Bingley" of chapter 55 is the Mr. Bingley of
chapter 1, not a sixth one). A known name the extractor gives another kind (a person, a
place, a group) changes kind from this chapter on, in its entity version: "Kent" is a
place from the chapter that says so. A wife's title with her husband's surname ("Mrs.
Collins", after Charlotte Lucas married Mr. Collins) is her alias from the chapter it is
first used; a person's page is titled with their fullest name once the book gives it
("Elizabeth Bennet", not "Lizzy").
"""

from __future__ import annotations

import uuid
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.language.names import (
    DIALECT_TITLES,
    PARTICLES,
    RANK_HONORIFICS,
    RANKS,
    SURNAME_TITLES,
    WIFE_HONORIFICS,
    is_description,
    is_given_name,
    is_pronoun,
    normalize,
    split_honorific,
)
from continuum.pipeline.identity.resolve import Resolution, resolve_item, resolve_name
from continuum.pipeline.identity.roster import Roster, RosterEntry
from continuum.pipeline.persist.roster_load import load_roster

# Kinds a name may move between as the book's evidence grows.
RETYPABLE = frozenset({"character", "location", "faction"})


@dataclass
class Cast:
    """The novel's entities before a chapter, and the binding rules over them."""

    roster: Roster
    spouses: dict[uuid.UUID, set[uuid.UUID]] = field(default_factory=dict)  # married before
    fiances: dict[uuid.UUID, set[uuid.UUID]] = field(default_factory=dict)  # engaged before

    def bind_item(
        self, names: list[str], type_: str | None, gender: str | None = None,
        taken: Collection[uuid.UUID] = (),
    ) -> Resolution:
        """The known entity an extracted entity (all its names, main first) is, or none."""
        found = resolve_item(self.roster, names, type_, gender, taken)
        if found.entity_id is not None:
            return found
        wife = self.married_name(names, type_)
        if wife is not None:
            return Resolution(wife, "married")
        namesake = self.namesake(names[0] if names else "", type_)
        if namesake is not None:
            return Resolution(namesake, "namesake")
        retyped = self._retype(names[0] if names else "", type_, taken)
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

    def married_name(self, names: list[str], type_: str | None,
                     leaving_out: uuid.UUID | None = None) -> uuid.UUID | None:
        """The wife a "Mrs. Collins" names: the one woman the one Mr. Collins has married; the
        wife a "Mrs. Robert Martin" names: the one woman on record as married to the one man
        called Robert Martin.

        For a surname alone, only when every name of the item is a wife's title with it, the story knows
        exactly one man of that surname, and the marriage is on record before this chapter;
        with no marriage on record, the one woman on record as engaged to him ("Mrs.
        Bingley" of the last chapter is Jane, engaged to Mr. Bingley in chapter 56), or one
        woman who already signs herself with the surname (`_signed_wife`). The name then
        becomes her alias from this chapter on (her entity version). `leaving_out` is an
        entity not to count (a twin called by this very name: `identity.joins`)."""
        if type_ not in (None, "character") or not names:
            return None
        parts = [split_honorific(n) for n in names]
        bares = {bare for title, bare in parts if title in WIFE_HONORIFICS}
        if len(bares) != 1 or len(bares) != len({b for _, b in parts}):
            return None
        bare = bares.pop()
        surname = bare.split(" ")[-1]
        if " " in bare:  # "Mrs. Robert Martin": the wife of the one man named so
            men = [e for e in self.roster.by_type("character") if e.gender == "male" and any(
                split_honorific(n)[1] == bare for n in e.all_names())]
            wives = [w for m in men for w in self.spouses.get(m.id, set())
                     if w in self.roster.entries and self.roster.entries[w].gender == "female"]
            if any(leaving_out in self.spouses.get(m.id, set()) for m in men):
                return None  # the name's own entity is his wife on record: nobody to join
            return wives[0] if len(men) == 1 and len(wives) == 1 else None
        men = self.men_of_surname(surname)
        if len(men) != 1:
            return None
        for record in (self.spouses, self.fiances):
            wives = [w for w in record.get(men[0].id, set())
                     if w in self.roster.entries and self.roster.entries[w].gender == "female"]
            if leaving_out in record.get(men[0].id, set()):
                return None
            if wives:
                return wives[0] if len(wives) == 1 else None
        return self._signed_wife(surname, leaving_out)

    def signed_wife(self, surname: str, leaving_out: uuid.UUID) -> uuid.UUID | None:
        """The one woman who signs herself with the surname of the one man who bears it
        (`_signed_wife`), when `leaving_out` (an entity called "Mrs. <surname>") is not his
        wife or betrothed on record."""
        men = self.men_of_surname(surname)
        if len(men) != 1 or any(leaving_out in record.get(men[0].id, set())
                                for record in (self.spouses, self.fiances)):
            return None
        return self._signed_wife(surname, leaving_out)

    def men_of_surname(self, surname: str) -> list[RosterEntry]:
        return [e for e in self.roster.by_type("character") if e.gender == "male" and any(
            split_honorific(n)[1].split(" ")[-1] == surname for n in e.all_names())]

    def _signed_wife(self, surname: str, leaving_out: uuid.UUID | None = None) -> uuid.UUID | None:
        """The one woman who already signs herself with the surname but was born to another
        ("Lydia Wickham", once "Lydia Bennet"), and is never its "Miss": a sister of the man
        ("Georgiana Darcy", "Miss Darcy") is not his wife."""
        found = []
        for entry in self.roster.by_type("character"):
            if entry.gender != "female" or entry.id == leaving_out:
                continue
            parts = [split_honorific(n) for n in entry.all_names()]
            signed = any(t is None and len(b.split(" ")) == 2 and b.split(" ")[1] == surname
                         and is_given_name(b.split(" ")[0]) for t, b in parts)
            born = any(len(b.split(" ")) >= 2 and is_given_name(b.split(" ")[0])
                       and b.split(" ")[-1] not in (surname, *PARTICLES)
                       for t, b in parts if t not in WIFE_HONORIFICS)
            miss = any(t not in WIFE_HONORIFICS and t is not None and b == surname for t, b in parts)
            if signed and born and not miss:
                found.append(entry.id)
        return found[0] if len(found) == 1 else None

    def _retype(self, name: str, type_: str | None,
                taken: Collection[uuid.UUID]) -> uuid.UUID | None:
        """The one entity of another kind named exactly `name`, now of kind `type_`.

        The extractor re-types a known entity when a chapter's evidence is decisive; the
        new kind is written with this chapter's version, so earlier caps keep the old one.
        An entity this chapter already bound or created (`taken`) keeps its kind: the
        extractor told the two apart ("Raven" the bird and "Raven" the town)."""
        if type_ not in RETYPABLE:
            return None
        ids = [i for i in self.roster.exact(" ".join(name.split()))
               if self.roster.entries[i].type in RETYPABLE and i not in taken]
        if len(ids) != 1:
            return None
        self.roster.entries[ids[0]].type = type_
        return ids[0]

    def retitle(self, entity_id: uuid.UUID) -> str:
        """Title a person by their fullest common name once the book has given it.

        "Lizzy" becomes "Elizabeth Bennet", "Mr. Darcy" "Fitzwilliam Darcy" (from "Mr.
        Fitzwilliam Darcy"), "Lady Catherine" "Lady Catherine de Bourgh"; of two full names
        the one the book uses more ("Jim Hawkins", not the "James Hawkins" of a document).
        Without a full name, a bare surname or a rarely used form gives way to the name the
        book calls the person by ("Mrs. Gardiner", not "Gardiner"; "Mr. Wemmick", not the
        lisped "Mithter Wemmick"): `page_name`. The old title stays an alias; the change is
        written with this chapter's version, so a reader at an earlier cap still sees the
        old one. A name that already titles another entity is left alone (no twins)."""
        entry = self.roster.entries[entity_id]
        best = page_name(entry.name, entry.all_names(), entry.name_uses) \
            if entry.type == "character" else None
        taken = self.roster.exact(best) - {entity_id} if best is not None else set()
        if best is not None and normalize(best) != normalize(entry.name) and not taken:
            old = entry.name
            entry.name = best
            entry.aliases.discard(best)
            self.roster.add_alias(entity_id, old)
        return entry.name

    def may_be_siblings(self, a: uuid.UUID, b: uuid.UUID) -> bool:
        """Whether two people can be siblings by birth: a man's share his surname, so
        George Wickham's "dear sister Elizabeth" Bennet is a sister-in-law. A woman may have
        married, and a wife's or a rank's title says nothing of birth names; someone not yet
        in the cast (created by this chapter) or without a surname is not judged."""
        if a not in self.roster.entries or b not in self.roster.entries:
            return True
        people = [self.roster.entries[a], self.roster.entries[b]]
        surnames: list[set[str]] = []
        for person in people:
            parts = [split_honorific(n) for n in person.all_names()]
            if any(t in WIFE_HONORIFICS or t in RANK_HONORIFICS for t, _ in parts):
                return True
            surnames.append({bare.split(" ")[-1] for t, bare in parts if t or " " in bare})
        male = any(p.gender == "male" for p in people)
        return not male or not all(surnames) or bool(surnames[0] & surnames[1])

    def entry(self, entity_id: uuid.UUID) -> RosterEntry:
        """A known entity by id."""
        return self.roster.entries[entity_id]

    def add(self, entry: RosterEntry) -> None:
        """A new entity joins the cast (created by this chapter)."""
        self.roster.add(entry)

    def join(self, twin: uuid.UUID, person: uuid.UUID) -> None:
        """The twin is the person from now on: its names are the person's, and it leaves the cast."""
        for name in sorted(self.roster.entries[twin].all_names()):
            self.learn_alias(person, name)
        self.roster.entries[person].mentions += self.roster.entries[twin].mentions
        uses = self.roster.entries[person].name_uses
        for name, n in self.roster.entries[twin].name_uses.items():
            uses[name] = uses.get(name, 0) + n
        for record in (self.spouses, self.fiances):
            for spouse in record.pop(twin, set()):
                record[spouse].discard(twin)
                if spouse != person:
                    record[spouse].add(person)
                    record.setdefault(person, set()).add(spouse)
        self.roster.remove(twin)

    def learn_alias(self, entity_id: uuid.UUID, alias: str) -> None:
        """An entity is now also called `alias`."""
        if normalize(alias) != normalize(self.roster.entries[entity_id].name):
            self.roster.add_alias(entity_id, alias)


# Titles a full name sheds for its page ("Mr. Fitzwilliam Darcy" is Fitzwilliam Darcy). A
# wife's title wears her husband's name, a rank's is part of the name ("Lady Catherine de
# Bourgh"), and a tie's ("Uncle Pumblechook") is no title of the person's own.
SHED_TITLES = (SURNAME_TITLES | RANKS | {"miss", "ms", "master", "doctor", "rev", "prof"}) - \
    WIFE_HONORIFICS - RANK_HONORIFICS
# Without a full name, a page keeps its title unless another name is used this many times as
# often (the lisped "Mithter Wemmick" of a first meeting against "Mr. Wemmick").
RENAME_RATIO = 3


def fullest_name(names: Collection[str], uses: Mapping[str, int] | None = None) -> str | None:
    """The person's fullest common name: "Given Surname", or a rank's "Lady Catherine de
    Bourgh" / "Sir William Lucas", or None.

    A full name may wear a title it sheds ("Mr. Fitzwilliam Darcy", "Rev. Philip Elton"),
    never a wife's (`SHED_TITLES`). Its first word must be a given name: one of English
    fiction's (`names.MALE_NAMES`, the nickname dataset), one a title puts before the surname
    the person is titled by ("Mr. Fitzwilliam Darcy" of Mr. Darcy), or one the person is
    called by alone ("Dolge" of Dolge Orlick) and never by a title with it ("Weston" of Mr. Weston is
    his surname: "Weston Churchill" is not his name); a capitalised word before a name
    ("London Lydia", "'Ceptin Wopsle", "Old Orlick") titles nobody. Of several, the one the
    book uses most (`uses`, by normalized name; a titled and an untitled use of one name
    count together), then the longest, then the one with the fuller given name
    ("Elizabeth", not "Eliza")."""
    uses = uses or {}
    parts = [(" ".join(n.split()), *split_honorific(n)) for n in names]
    titled = {bare for _, title, bare in parts if title in SURNAME_TITLES | WIFE_HONORIFICS}
    alone = {bare for _, title, bare in parts if title is None and " " not in bare} - titled
    found: dict[str, tuple[str, int]] = {}  # bare full name -> (page name, uses)
    for surface, title, bare in parts:
        words = bare.split(" ")
        if title not in (None, *SHED_TITLES, *RANK_HONORIFICS) or len(words) < 2 or \
                words[0] in PARTICLES or not all(len(w.rstrip(".")) > 1 for w in words):
            continue
        # "Mr. Fitzwilliam Darcy" of Mr. Darcy: a title before a word and the surname
        given = is_given_name(words[0]) or words[0] in alone or (
            title in SHED_TITLES and len(words) == 2 and words[1] in titled
            and words[0] not in titled)
        if not given or (title in SHED_TITLES and not _shed_title_confirmed(
                surface, bare, words[0], parts, alone, uses)):
            continue
        page = surface if title is None or title in RANK_HONORIFICS else \
            surface.split(" ", 1)[1]
        name, count = found.get(bare, (page, 0))
        if title in RANK_HONORIFICS:
            name = page  # "Sir William Lucas" over "William Lucas"
        found[bare] = (name, count + uses.get(normalize(surface), 0))
    if not found:
        return None
    name, _ = max(found.values(), key=lambda f: (f[1], len(f[0].split()),
                                                 len(split_honorific(f[0])[1].split()[0]), f[0]))
    return name


def _shed_title_confirmed(surface: str, bare: str, given: str,
                          parts: list[tuple[str, str | None, str]], alone: set[str],
                          uses: Mapping[str, int]) -> bool:
    """Whether a titled full name is the person's own and not a namesake folded in once
    ("Miss Jane Bates", Miss Bates's late sister, said once in Emma): the book also says it
    untitled, says it twice, or calls the person by the given name alone."""
    return any(t is None and b == bare for _, t, b in parts) or given in alone or \
        uses.get(normalize(surface), 0) >= 2


def page_name(current: str, names: Collection[str], uses: Mapping[str, int]) -> str | None:
    """The title of a person's page: the fullest common name (`fullest_name`) or, without
    one, the current title unless it is a bare surname the book also titles with Mr., Mrs.
    or a rank ("Gardiner" of Mrs. Gardiner) or another name, not a shorter form of it
    ("Mrs. Joe" of Mrs. Joe Gargery), is used `RENAME_RATIO` times as often; None to keep
    it. A description ("the blind man") gives way to the name the person is revealed to have
    ("Pew"), the most used. A title in another spelling ("Cap'n Flint") is not the page's."""
    full = fullest_name(names, uses)
    if full is not None:
        return full
    tidy = {" ".join(n.split()) for n in names}
    split = {n: split_honorific(n) for n in tidy}
    surnames = {bare for title, bare in split.values()
                if title in SURNAME_TITLES | WIFE_HONORIFICS and " " not in bare}
    current_words = set(normalize(current).split(" "))
    bare_surname = normalize(current) in surnames and not is_given_name(normalize(current))
    candidates = [n for n, (title, _) in split.items()
                  if normalize(n) not in surnames and title not in DIALECT_TITLES
                  and not set(normalize(n).split(" ")) < current_words]
    if not candidates:
        return None
    names_proper = [n for n in candidates if not is_description(n)]
    if is_description(current) and names_proper:  # "the blind man", once he is Pew
        return max(names_proper, key=lambda n: (uses.get(normalize(n), 0), n))
    best = max(candidates, key=lambda n: (uses.get(normalize(n), 0), n))
    if bare_surname or uses.get(normalize(best), 0) >= RENAME_RATIO * max(
            1, uses.get(normalize(current), 0)):
        return best
    return None


def load_cast(session: Session, *, novel_id: uuid.UUID, before_chapter: int) -> Cast:
    """The cast as it stands before `before_chapter`: names, salience, marriages and
    engagements so far."""
    cast = Cast(load_roster(session, novel_id=novel_id, before_chapter=before_chapter))
    for type_, a, b in session.execute(
        text("""SELECT type, source_id, target_id FROM relationships
                 WHERE novel_id = :n AND type IN ('married_to', 'engaged_to')
                   AND from_chapter < :before
                   AND (to_chapter IS NULL OR to_chapter >= :before)"""),
        {"n": novel_id, "before": before_chapter},
    ):
        record = cast.spouses if type_ == "married_to" else cast.fiances
        record.setdefault(a, set()).add(b)
        record.setdefault(b, set()).add(a)
    return cast
