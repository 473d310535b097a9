"""RESOLVE: a name → an entity id, by exact name, alias, partial name, fuzzy match.

More than one candidate at any step binds to the salient one, the entity named at least
`DOMINANCE` times as often as any other candidate so far ("Captain Smollett" for a "Mr.
Smollett" beside a rare "Smollett"), or else to none. Only the new_entities pass may
create entities; every other pass resolves or drops the reference.

An extracted entity brings all its names at once ("Elizabeth Bennet", "Miss Bennet"), and
binds to a known entity only if every one of them agrees with that entity's names
(`agrees`): titles of one gender and marital state, the same given name for a shared
surname, a wife's title kept ("Mrs. Bennet" is not "Elizabeth Bennet"), a group never an
individual. A full name the roster does not know may still bind to the one entity known
by its given name alone ("Elizabeth" → "Elizabeth Bennet"), never through a diminutive, or
to the one person who answers to its given name and its surname each alone ("Philip Pip"). A
title with an initial ("Mr. E.", a letter's discretion) binds to the salient person of
that title whose name after it starts with the letter ("Mr. Elton"), or to none; initials
alone ("J. T.", a letter's signature) to the one person whose full name they abbreviate
("John Trelawney"), never by a surname's letter alone.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rapidfuzz import fuzz, process

from continuum.language.names import (
    NEUTRAL_HONORIFICS,
    PARTICLES,
    RANK_HONORIFICS,
    ROYAL_HONORIFICS,
    UNMARRIED_HONORIFICS,
    WIFE_HONORIFICS,
    compatible_titles,
    given_gender,
    honorific_gender,
    is_pronoun,
    ladys_surname,
    normalize,
    same_given,
    split_honorific,
)
from continuum.pipeline.identity.roster import Roster, RosterEntry

T = TypeVar("T")
FUZZY_BAR = 92.0
# A name several entities could carry binds to the one named this many times as often as the
# next (and at least SALIENT_MIN times); closer than that, it binds to none.
DOMINANCE = 3.0
SALIENT_MIN = 3


@dataclass(frozen=True)
class Resolution:
    """How a name was bound: the id (or None) and the rule that bound it."""

    entity_id: uuid.UUID | None
    rule: str  # exact | alias | partial | fuzzy | given | own names | initial(s) | surname | ambiguous | none


def resolve_name(roster: Roster, name: str, type_: str | None = None) -> Resolution:
    """Bind a surface name to one known entity, or to none when unsure."""
    for rule, finder in (("exact", roster.exact), ("alias", roster.alias),
                         ("partial", roster.partial)):
        found = finder(name, type_)
        if rule == "partial" and " " not in name.strip():  # a bare "Anne" is not Lady Anne Darcy
            found = {i for i in found if not roster.entries[i].ranked_by_given_name(name.strip())}
        if len(found) == 1:
            return Resolution(next(iter(found)), rule)
        if len(found) > 1:
            fitting = {i for i in found if agrees(roster, roster.entries[i], [name], None)}
            chosen = next(iter(fitting)) if len(fitting) == 1 else salient(roster, fitting)
            return Resolution(chosen, rule if chosen else "ambiguous")
    return _fuzzy(roster, name, type_)


def salient(roster: Roster, ids: Collection[uuid.UUID]) -> uuid.UUID | None:
    """The candidate named far more often than every other one, or None (see `DOMINANCE`)."""
    return dominant(sorted(ids, key=str), lambda i: roster.entries[i].mentions)


def dominant(candidates: Sequence[T], mentions: Callable[[T], int]) -> T | None:
    """The candidate with at least `DOMINANCE` times the mentions of any other (and at least
    `SALIENT_MIN`), or None; the one rule of salience, for the cast and the clusterer alike."""
    ranked = sorted(candidates, key=lambda c: -mentions(c))
    if not ranked:
        return None
    top = mentions(ranked[0])
    runner_up = mentions(ranked[1]) if len(ranked) > 1 else 0
    return ranked[0] if top >= SALIENT_MIN and top >= DOMINANCE * runner_up else None


def _fuzzy(roster: Roster, name: str, type_: str | None) -> Resolution:
    key = normalize(name)
    if len(key) < 5:
        return Resolution(None, "none")
    title, _ = split_honorific(name)
    wanted_gender = honorific_gender(title)
    choices: dict[str, uuid.UUID] = {}
    last = key.split(" ")[-1]
    for entry in roster.by_type(type_):
        if wanted_gender and entry.gender in ("male", "female") and entry.gender != wanted_gender:
            continue
        for known in entry.all_names():
            known_title, known_bare = split_honorific(known)
            # A plural ("Miss Bennets") is the family, not a misspelling of one of them.
            if compatible_titles(title, known_title) and not plural_of(last, set(known_bare.split(" "))):
                choices[normalize(known)] = entry.id
    hits = process.extract(key, list(choices), scorer=fuzz.ratio, score_cutoff=FUZZY_BAR, limit=5)
    ids = {choices[hit[0]] for hit in hits}
    if len(ids) == 1:
        return Resolution(ids.pop(), "fuzzy")
    return Resolution(None, "ambiguous" if ids else "none")


def resolve_item(
    roster: Roster, names: list[str], type_: str | None = None, gender: str | None = None,
    taken: Collection[uuid.UUID] = (),
) -> Resolution:
    """Bind an extracted entity, known by all of `names` (the main one first), or bind none.

    Each name is resolved in turn; a binding counts only if the entity agrees with every
    name of the item. A partial or fuzzy match on a name without the item's surname does not
    bind it ("Lady Catherine" of "Lady Catherine de Bourgh" is not Kitty's "Catherine"). An
    ambiguous main name binds to none; an unknown full name may bind by its given name.
    `taken` holds the entities other items of the same chapter bound to: the extractor kept
    those people apart, so a partial or fuzzy match ("Miss Lucas" beside "Maria Lucas") may
    not bind this one to them too."""
    names = [n for n in dict.fromkeys(" ".join(n.split()) for n in names) if n and not is_pronoun(n)]
    if not names:
        return Resolution(None, "none")
    if type_ != "character":  # the rules below are about people's names
        for name in names:
            found = resolve_name(roster, name, type_)
            if found.entity_id is not None or (found.rule == "ambiguous" and name == names[0]):
                return found
        return Resolution(None, "none")
    surnames = {full[2] for n in names if (full := _full_name(n)) is not None}
    for name in names:
        found = resolve_name(roster, name, type_)
        if found.entity_id is None:
            if found.rule == "ambiguous" and name == names[0]:
                return found
            continue
        entry = roster.entries[found.entity_id]
        if not agrees(roster, entry, names, gender):
            continue
        if found.rule in ("partial", "fuzzy") and (found.entity_id in taken or (
                surnames and not _has_any(name, surnames) and not _has_any_known(entry, surnames))):
            continue
        return found
    by_given = _by_given_name(roster, names, type_, gender)
    if by_given.entity_id is not None:
        return by_given
    by_own_names = _by_own_names(roster, names, type_, gender)
    if by_own_names.entity_id is not None:
        return by_own_names
    by_initial = _by_initial(roster, names, gender)
    if by_initial.entity_id is not None:
        return by_initial
    by_initials = _by_initials(roster, names, gender)
    if by_initials.entity_id is not None:
        return by_initials
    return _by_surname(roster, names, type_, gender)


def agrees(roster: Roster, entry: RosterEntry, names: list[str], gender: str | None) -> bool:
    """Whether every name of an extracted entity can name `entry` (see the module notes)."""
    if "plural" in (gender, entry.gender) and gender != entry.gender and gender not in (None, "unknown") \
            and not {normalize(n) for n in names} & {normalize(k) for k in entry.all_names()}:
        return False  # "the Bennets" is a family, not Mrs. Bennet
    known_words = {w for k in entry.all_names() for w in split_honorific(k)[1].split(" ")}
    if any(plural_of(w, known_words) for n in names for w in split_honorific(n)[1].split(" ")[-1:]):
        return False  # "the Miss Bennets" are sisters, not Miss Bennet
    if gender in ("male", "female") and entry.gender in ("male", "female") and gender != entry.gender:
        return False
    known = [split_honorific(k) for k in entry.all_names()]
    known_titles = {t for t, _ in known if t}
    royal = {t for n in names if (t := split_honorific(n)[0]) in ROYAL_HONORIFICS}
    if royal != known_titles & ROYAL_HONORIFICS:
        return False  # "King George" is not George Merry, nor "George Merry" the king
    if gender != "female" and any(
            t is None and " " not in b and ladys_surname(b, known) for t, b in map(split_honorific, names)):
        return False  # "Hawkins", said to her son, is not "Mrs. Hawkins"
    if _sex_clash(known, names):
        return False  # "Mrs. John Knightley" is John Knightley's wife, not John Knightley
    for name in names:
        title, bare = split_honorific(name)
        if title and not all(compatible_titles(title, t) for t in known_titles) and \
                not _maiden_name(title, bare, known):
            return False
        if title in UNMARRIED_HONORIFICS and _called_by_given_name(known, title, bare):
            return False  # "Miss Elizabeth" Bennet is a younger sister: "Miss Bennet" is another
        full = _full_name(name)
        if full is None:
            continue
        _, given, surname = full
        kin = [(t, b.split(" ")) for t, b in known if surname in b.split(" ")]
        givens = [w[0] for _, w in kin if len(w) >= 2 and w[0] != surname]
        if givens and not any(same_given(given, g) for g in givens):
            return False  # "Elizabeth Bennet" is not "Jane Bennet"
        titled = [(t, w) for t, w in kin if t]
        wife = {t for t, b in map(split_honorific, names) if t in WIFE_HONORIFICS and surname in b.split(" ")}
        if titled and not givens and not wife and all(_wifes_title(t, w) for t, w in titled):
            return False  # "Elizabeth Bennet" is not "Mrs. Bennet", "Maria Lucas" not "Lady Lucas"
    return True


def _wifes_title(title: str, words: list[str]) -> bool:
    """Whether a title with these name words is a wife's: "Mrs. Bennet", and a woman's rank
    with the surname alone, "Lady Lucas" (Sir William's wife; "Lady Catherine" is a given
    name)."""
    return title in WIFE_HONORIFICS or (
        title in RANK_HONORIFICS and honorific_gender(title) == "female" and len(words) == 1)


def _sex_clash(known: list[tuple[str | None, str]], names: list[str]) -> bool:
    """Whether a titled name is of the other sex than a name the entity already goes by
    (by its title, else by a given name only one sex bears)."""
    def sex(title: str | None, bare: str) -> str | None:
        words = bare.split(" ")
        return honorific_gender(title) or (given_gender(words[0]) if len(words) >= 2 else None)

    wanted = {honorific_gender(t) for t, _ in map(split_honorific, names)} - {None}
    have = {sex(t, b) for t, b in known} - {None}
    return len(wanted) == 1 and bool(have) and not wanted <= have


def _maiden_name(title: str, bare: str, known: list[tuple[str | None, str]]) -> bool:
    """Whether "Miss Lydia Bennet" may still name the woman now called "Mrs. Wickham": an
    unmarried title with a given name and a surname that none of her wife's titles carries
    (a "Miss Bennet" is never "Mrs. Bennet", her mother), and no other title in the way."""
    words = bare.split(" ")
    if title not in UNMARRIED_HONORIFICS or len(words) < 2 or not given_gender(words[0]):
        return False
    wives = [b for t, b in known if t in WIFE_HONORIFICS]
    others = {t for t, _ in known if t and t not in WIFE_HONORIFICS}
    return bool(wives) and all(compatible_titles(title, t) for t in others) and \
        all(words[-1] not in b.split(" ") for b in wives)


def _called_by_given_name(known: list[tuple[str | None, str]], title: str, surname: str) -> bool:
    """Whether the person goes by `title` with the given name of a full name of `surname`."""
    givens = {b.split(" ")[0] for _, b in known
              if len(b.split(" ")) >= 2 and b.split(" ")[-1] == surname}
    return any(t == title and b in givens for t, b in known)


def _by_given_name(
    roster: Roster, names: list[str], type_: str | None, gender: str | None
) -> Resolution:
    """An unknown full name → the one entity known by its given name alone, untitled.

    "Elizabeth Bennet" binds to the "Elizabeth" of the story when no other entity has that
    given name in any of its names; a diminutive ("Kitty" for Catherine) is too weak, and a
    rank title ("Lady Catherine", "Sir William") needs the entity to carry that title."""
    fulls = [full for n in names if (full := _full_name(n)) is not None]
    if not fulls:
        return Resolution(None, "none")
    given = fulls[0][1]
    if any(f[1] != given for f in fulls):
        return Resolution(None, "none")
    ranks = {t for n in names if (t := split_honorific(n)[0]) in RANK_HONORIFICS}
    unmarried = any(split_honorific(n)[0] in UNMARRIED_HONORIFICS for n in names)
    holders = [e for e in roster.by_type(None)
               if any(given in split_honorific(k)[1].split(" ") for k in e.all_names())]
    surname = fulls[0][2]
    candidates = [
        e for e in holders
        if (type_ is None or e.type == type_)
        and any(b == given and (t is None or t in ranks)
                for t, b in map(split_honorific, e.all_names()))
        and ranks <= {split_honorific(k)[0] for k in e.all_names()}
        and not _other_surname(e, given, surname, gender, unmarried)
        and agrees(roster, e, names, gender)
    ]
    if len(candidates) == 1 and len(holders) == 1:
        return Resolution(candidates[0].id, "given")
    return Resolution(None, "ambiguous" if len(holders) > 1 else "none")


def _by_own_names(
    roster: Roster, names: list[str], type_: str | None, gender: str | None
) -> Resolution:
    """An unknown full name whose given name and surname the story already uses, each alone,
    for one and the same person: "Philip Pip" (on a note's superscription) is the Pip who is
    also "Philip". Whoever else answers to either word alone makes it bind to none."""
    full = _full_name(names[0])
    if full is None:
        return Resolution(None, "none")
    _, given, surname = full
    by_given, by_surname = _answering_to(roster, given), _answering_to(roster, surname)
    owners = by_given | by_surname
    if not by_given or not by_surname or len(owners) != 1:
        return Resolution(None, "ambiguous" if len(owners) > 1 else "none")
    entry = roster.entries[owners.pop()]
    if (type_ is not None and entry.type != type_) or not agrees(roster, entry, names, gender):
        return Resolution(None, "none")
    return Resolution(entry.id, "own names")


def _answering_to(roster: Roster, word: str) -> set[uuid.UUID]:
    """Entities one of whose names is this word alone, a title aside ("Pip", "Mr. Pip")."""
    key = normalize(word)
    return {e.id for e in roster.by_type(None)
            if any(normalize(split_honorific(k)[1]) == key for k in e.all_names())}


def _other_surname(entry: RosterEntry, given: str, surname: str, gender: str | None,
                   unmarried: bool = False) -> bool:
    """Whether a man already has this given name with another surname: "Tom Morgan" is not
    the "Tom" of Tom Redruth. A woman may have married into the new one ("Lydia Wickham",
    once "Lydia Bennet"), or out of it ("Miss Lydia Bennet" of Lydia Wickham), but not from
    one maiden name to another: "Miss Jane Bates" is not Jane Fairfax, "Miss Fairfax"."""
    if "female" in (gender, entry.gender):
        return unmarried and any(
            t in UNMARRIED_HONORIFICS and b.split(" ")[-1] not in (surname, given)
            for t, b in map(split_honorific, entry.all_names()))
    return any(len(w := split_honorific(k)[1].split(" ")) >= 2 and w[0] == given and w[-1] != surname
               for k in entry.all_names())


def _by_surname(
    roster: Roster, names: list[str], type_: str | None, gender: str | None
) -> Resolution:
    """An unknown full name → the person known so far only by a title and that surname.

    "Fitzwilliam Darcy" (a man) is the Mr. Darcy of the story, "Georgiana Darcy" (a woman)
    its Miss Darcy: both genders must be known and equal, the person must have no given name
    yet, and among several such people the salient one is taken (or none)."""
    full = next((f for n in names if (f := _full_name(n)) is not None), None)
    if full is None or gender not in ("male", "female") or type_ not in (None, "character"):
        return Resolution(None, "none")
    surname = full[2]
    titled_in_full = {t for t, _, s in (_full_name(n) or (None, "", "") for n in names)
                      if t and s == surname}
    candidates = []
    for entry in roster.by_type("character"):
        bare = [split_honorific(k) for k in entry.all_names()]
        if entry.gender != gender or not any(t for t, _ in bare):
            continue
        if titled_in_full & {t for t, _ in bare}:
            continue  # "Mr. John Knightley" is the younger brother of the "Mr. Knightley"
        if all(b == surname for _, b in bare) and agrees(roster, entry, names, gender):
            candidates.append(entry.id)
    if len(candidates) == 1:
        return Resolution(candidates[0], "surname")
    chosen = salient(roster, candidates)
    return Resolution(chosen, "surname") if chosen else Resolution(None, "none")


def _by_initial(roster: Roster, names: list[str], gender: str | None) -> Resolution:
    """"Mr. E." → the person called "Mr. E…" ("Mr. Elton"), "Mrs. J." → "Mrs. Joe Gargery":
    every name of the item is one title and one letter; the candidates carry that title (or
    one of its sex; a rank or a profession only itself: "Colonel F." is no "Mr. Fitzwilliam
    Darcy") before a word starting with the letter; several bind to the salient one
    ("Colonel F." of two colonels F. named about as often binds to none)."""
    initials = [split_honorific(n) for n in names]
    if not initials or any(t is None or len(b) != 1 or not b.isalpha() for t, b in initials):
        return Resolution(None, "none")
    if len({b for _, b in initials}) != 1:
        return Resolution(None, "none")
    letter = initials[0][1]
    titles = {t for t, _ in initials}
    candidates = set()
    for entry in roster.by_type("character"):
        if gender in ("male", "female") and entry.gender in ("male", "female") and entry.gender != gender:
            continue
        for known in entry.all_names():
            title, bare = split_honorific(known)
            first = bare.split(" ")[0]
            if title and len(first) > 1 and first.startswith(letter) and \
                    all(compatible_titles(t, title) for t in titles) and \
                    (title in titles or not titles & NEUTRAL_HONORIFICS):
                candidates.add(entry.id)
    chosen = next(iter(candidates)) if len(candidates) == 1 else salient(roster, candidates)
    return Resolution(chosen, "initial") if chosen else Resolution(None, "none")


INITIALS = re.compile(r"(?:[A-Z]\.\s*){2,4}")


def initials_only(names: Collection[str]) -> bool:
    """Whether every name is initials alone ("J. F.", "H. S."), no word spelled out."""
    return bool(names) and all(INITIALS.fullmatch(n.strip()) for n in names)


def _by_initials(roster: Roster, names: list[str], gender: str | None) -> Resolution:
    """Initials alone, a letter's signature: "J. T." → the one person whose untitled full
    name has exactly those initials ("John Trelawney"); several bind to the salient one, or
    to none. Every name of the item is those initials. A person whose given name the book
    never tells is not guessed at from the surname's letter alone: that would make "I. H. S."
    (Silas Marner's cake, the extractor keeping "H. S.") Mr. Snell; such initials, like Flint's
    "J. F." (Treasure Island), bind to nobody and found no person (`persist.entities`)."""
    if not initials_only(names):
        return Resolution(None, "none")
    letters = {tuple(n.replace(".", " ").lower().split()) for n in names}
    if len(letters) != 1:
        return Resolution(None, "none")
    wanted = letters.pop()
    candidates: set[uuid.UUID] = set()
    for entry in roster.by_type("character"):
        if gender in ("male", "female") and entry.gender in ("male", "female") and entry.gender != gender:
            continue
        for title, bare in map(split_honorific, entry.all_names()):
            words = [w for w in bare.lower().split(" ") if w and w not in PARTICLES]
            if title is None and len(words) == len(wanted) and all(len(w) > 1 for w in words) \
                    and tuple(w[0] for w in words) == wanted:
                candidates.add(entry.id)
    chosen = next(iter(candidates)) if len(candidates) == 1 else salient(roster, candidates)
    return Resolution(chosen, "initials") if chosen else Resolution(None, "none")


def plural_of(word: str, singulars: set[str]) -> bool:
    """Whether `word` is the plural of one of `singulars`: "bennets", "lucases", "philipses"."""
    return any(word in (w + "s", w + "es") for w in singulars if len(w) > 2)


def _full_name(name: str) -> tuple[str | None, str, str] | None:
    """(title, given name, surname) of a name with both ("Lady Catherine de Bourgh"), else None."""
    title, bare = split_honorific(name)
    words = bare.split(" ")
    if len(words) < 2 or len(words[0]) < 2 or words[0] in PARTICLES:
        return None
    return title, words[0], words[-1]


def _has_any(name: str, words: set[str]) -> bool:
    return bool(words & set(split_honorific(name)[1].split(" ")))


def _has_any_known(entry: RosterEntry, words: set[str]) -> bool:
    return any(_has_any(k, words) for k in entry.all_names())
