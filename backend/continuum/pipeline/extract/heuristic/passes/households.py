"""Households: "her father" of Elizabeth Bennet is Mr. Bennet, read from the family's names.

A kin noun with a certain owner and no name beside it ("Elizabeth went up to her sister")
names someone only through the family. A period novel's names say much of it: the parents
are known by title and surname ("Mr. Bennet", "Mrs. Bennet", "Sir William Lucas", "Lady
Lucas"), their unmarried children by given name or "Miss" ("Jane", "Miss Lucas",
"Elizabeth Bennet"), and a daughter who marries takes another surname. So, of the people
the story knows:

- a *head* is known only by a title and the surname (never by a given name with it), or
  by a rank with the given name ("Sir William Lucas", "Lady Catherine de Bourgh"); a
  family's *couple* is one male head ("Mr.", "Sir", ...) and one female head ("Mrs.",
  "Lady") of that surname;
- a *child* of the family carries its surname by a given name or "Miss" ("Jane Bennet",
  "Miss Bennet") and never a wife's title with it.

A father or mother is the couple's husband or wife, only when the owner is a child of
that family (no couple, no parent: "Mr. Woodhouse" with no "Mrs. Woodhouse" could be
Emma's father or brother, and a name cannot tell), or the one head of the family whom the
child calls "papa" or "mamma" in a quotation its tag gives her (`called_parent`). A mother
is also the one woman heading a family that no man heads, a widow ("Mrs. Bates" of "Miss
Bates"), which a lone man cannot be (a brother keeps the name; a brother's wife needs him). A
sister, brother, son or daughter is the one child of the family who fits and is named in
the same paragraph or the three sentences before; otherwise nobody (the only Churchill son
the story names may be a nephew who took the name, not "her brother"). Surnames come from
names alone, so a man is never anyone's sibling here unless both carry the surname
(Cast.may_be_siblings still judges what the pass states).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from continuum.language.names import (
    HONORIFICS,
    PARTICLES,
    RANK_HONORIFICS,
    WIFE_HONORIFICS,
    is_given_name,
    split_honorific,
)
from continuum.language.people import BIRTH_ORDER
from continuum.pipeline.extract.heuristic.passes.certainty import certain_owner, speech_tag
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.kin import NOUNS
from continuum.pipeline.extract.heuristic.passes.relation_words import STEP_MARKS

HEAD_TITLES = {"male": frozenset({"mr", "sir", "lord"}),
               "female": frozenset({"mrs", "lady"})}
# noun -> (how the referent stands to the owner, gender wanted), from the kin nouns' table
FAMILY_NOUNS: dict[str, tuple[str, str]] = {
    noun: ({"up": "parent", "down": "child"}.get(role, "sibling"), gender)
    for noun, (family, role, gender) in NOUNS.items()
    if family in {"parent", "sibling"} and gender is not None
}
NEAR_SENTENCES = 3
# A man's plain title: with two words after it, the first is his given name ("Mr. Fitzwilliam
# Darcy"); a rank ("Sir William Lucas") can head a family by it.
PLAIN_TITLES = frozenset({"mr", "master"})


@dataclass
class Member:
    """One character as the family names see them."""

    key: str
    gender: str | None
    heads: set[str] = field(default_factory=set)  # surnames known only with a head's title
    children: set[str] = field(default_factory=set)  # surnames carried by a given name or "Miss"
    wives: set[str] = field(default_factory=set)  # surnames carried with a wife's title
    titled: set[str] = field(default_factory=set)  # surnames said with a man's head title alone


def _surname(bare: str) -> str | None:
    words = bare.split(" ")
    while len(words) > 1 and words[-2] in PARTICLES:
        words = [*words[:-2], f"{words[-2]} {words[-1]}"]
    return words[-1] if words and words[-1] else None


def member(key: str, names: list[str], gender: str | None,
           surnames: frozenset[str] = frozenset()) -> Member:
    """Read one person's family names: which surnames they carry, and how. A rank with one
    word is a given name ("Sir William", "Lady Catherine") unless the word is a surname of the
    cast (`family_names`): "Lady Lucas" of "Sir William Lucas" and "Charlotte Lucas"."""
    out = Member(key, gender)
    given = False
    titled: list[tuple[str, str]] = []
    for name in names:
        title, bare = split_honorific(name)
        words = bare.split(" ")
        if title is None:
            if len(words) >= 2 and is_given_name(words[0]) and words[0] not in HONORIFICS:
                surname = _surname(" ".join(words[1:]))
                if surname:
                    out.children.add(surname)
                    given = True
            continue
        if title in WIFE_HONORIFICS:
            surname = _surname(bare)
            if surname:
                out.wives.add(surname)
            if len(words) == 1:
                titled.append((title, bare))
            continue
        if title == "miss" and len(words) >= 1:
            surname = _surname(bare)
            if surname:
                out.children.add(surname)
            continue
        if len(words) == 1:
            if not (title in RANK_HONORIFICS and is_given_name(bare)
                    and bare not in surnames):  # "Sir William"
                titled.append((title, bare))
        elif title in RANK_HONORIFICS and gender and title in HEAD_TITLES.get(gender, ()):
            surname = _surname(" ".join(words[1:]))
            if surname:
                out.heads.add(surname)  # "Sir William Lucas", "Lady Catherine de Bourgh"
        elif title in PLAIN_TITLES and words[0] not in PARTICLES:
            surname = _surname(" ".join(words[1:]))
            if surname:  # "Mr. Fitzwilliam Darcy": a given name, whether or not the data knows it
                out.children.add(surname)
                given = True
    out.titled = {surname for title, surname in titled if title in HEAD_TITLES["male"]}
    if not given and not out.children:
        for title, surname in titled:
            if gender and title in HEAD_TITLES.get(gender, ()):
                out.heads.add(surname)
    out.children -= out.wives | out.heads  # "Catherine de Bourgh" of Lady Catherine heads hers
    return out


def family_names(names: Iterable[str]) -> frozenset[str]:
    """The surnames the cast's full names end with ("lucas" of "Charlotte Lucas" and "Sir
    William Lucas")."""
    found = set()
    for name in names:
        words = split_honorific(name)[1].split(" ")
        if len(words) >= 2 and (surname := _surname(" ".join(words[1:]))):
            found.add(surname)
    return frozenset(found)


class Households:
    """The families of the characters the chapter's view knows, by surname."""

    def __init__(self, view: ChapterView) -> None:
        self.view = view
        self.members: dict[str, Member] = {}
        keys = [e.name for e in view.context.entities if e.type == "character"]
        keys += [k for k, item in view.chapter.entities.items() if item.type == "character"]
        names = {key: [key, *view.aliases_of(key)] for key in dict.fromkeys(keys)}
        surnames = family_names(n for forms in names.values() for n in forms)
        for key, forms in names.items():
            self.members[key] = member(key, forms, view.gender_of(key), surnames)

    def couple(self, surname: str) -> dict[str, str] | None:
        """The husband and wife heading the family, when it has exactly one of each."""
        found: dict[str, list[str]] = {"male": [], "female": []}
        for m in self.members.values():
            if surname in m.heads and m.gender in found:
                found[m.gender].append(m.key)
        if all(len(v) == 1 for v in found.values()):
            return {g: v[0] for g, v in found.items()}
        return None

    def widow(self, surname: str) -> str | None:
        """The one woman heading a family no man heads ("Mrs. Bates" and no "Mr. Bates"): a
        child's mother, since a brother's wife ("Mrs. Bates" of a "Mr. Bates") needs the
        brother. No man of the family may be called "Mr. Bates" either, even one with a given
        name: Emma's "Mr. Churchill", folded into his nephew Frank, still heads the family.
        A lone man of the name may be a father or a brother, so no such rule for men."""
        women = [m.key for m in self.members.values() if surname in m.heads and m.gender == "female"]
        men = [m.key for m in self.members.values()
               if surname in m.heads | m.titled and m.gender != "female"]
        return women[0] if len(women) == 1 and not men else None

    def called_parent(self, child: str, gender: str) -> str | None:
        """Whom a child calls "papa" or "mamma": the one head of that gender of the child's
        family, couple or not (the word, not the names, says it is a parent)."""
        me = self.members.get(child)
        if me is None:
            return None
        found = {m.key for m in self.members.values()
                 if m.key != child and m.gender == gender and m.heads & me.children}
        return next(iter(found)) if len(found) == 1 else None

    def relative(self, owner: str, noun: Any) -> str | None:
        """The one character the owner's kin noun names, or None."""
        spec = FAMILY_NOUNS.get(noun.lemma_.lower())
        me = self.members.get(owner)
        if spec is None or me is None or noun.tag_ != "NN":
            return None
        role, gender = spec
        if any(c.dep_ in {"amod", "nummod"} and (c.tag_ in {"JJS", "JJR", "CD"} or c.lower_ in BIRTH_ORDER)
               for c in noun.children):
            return None  # "her eldest daughter", "his second son": which one, the names do not say
        if any(c.dep_ == "amod" and c.lower_ in STEP_MARKS for c in noun.children):
            return None  # "his new mother": a stepmother, not whom the names make his mother
        if role == "parent":
            parents = {p for s in me.children if (c := self.couple(s)) for p in [c[gender]]}
            if not parents and gender == "female":
                parents = {w for s in me.children if (w := self.widow(s))}
            if not parents and self._speaking(noun):
                # '"Dear Emma bears every thing so well," said her father': a father who
                # speaks is alive and here, and the word says he is a parent, as "papa" does
                parents = {p for p in [self.called_parent(owner, gender)] if p}
            return next(iter(parents)) if len(parents) == 1 and owner not in parents else None
        if role == "sibling":
            surnames = me.children
        else:
            surnames = {s for s in me.heads if owner in (self.couple(s) or {}).values()}
        candidates = [m.key for m in self.members.values()
                      if m.key != owner and m.gender == gender and m.children & surnames
                      and not m.heads & surnames]
        near = set(self._named_near(noun)) & set(candidates)
        return next(iter(near)) if len(near) == 1 else None

    def _speaking(self, noun: Any) -> bool:
        """Whether the kin noun speaks a quotation's tag ('"…," said her father')."""
        poss = next((c for c in noun.children if c.dep_ == "poss"), None)
        return poss is not None and speech_tag(self.view, noun, poss)

    def _named_near(self, noun: Any) -> list[str]:
        view = self.view
        sentence, para = view.token_sent[noun.i], view.token_para[noun.i]
        found = []
        j = noun.i - 1
        while j >= 0 and (view.token_para[j] == para
                          or view.token_sent[j] >= sentence - NEAR_SENTENCES):
            if view.token_kind[j] == "name" and view.token_key[j]:
                found.append(view.token_key[j] or "")
            j -= 1
        return found


def resolve_household_kin(view: ChapterView) -> Households:
    """Name every kin noun of a certain owner that the family's names settle ("her father"
    → Mr. Bennet) on the view, for every pass; the households, for the relationship pass."""
    households = Households(view)
    for noun in view.tokens:
        if noun.pos_ != "NOUN" or noun.lemma_.lower() not in FAMILY_NOUNS or view.key(noun):
            continue
        poss = next((c for c in noun.children if c.dep_ == "poss"), None)
        owner = view.character(poss) if poss is not None else None
        if poss is None or owner is None:
            continue
        owner = certain_owner(view, noun, poss, owner)
        relative = households.relative(owner, noun) if owner else None
        if relative is not None:
            view.infer(noun, relative, "household")
    return households
