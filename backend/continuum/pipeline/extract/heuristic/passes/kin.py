"""Kin nominals: "her father", "Tomas's sister" resolved to a name through known relationships.

The entities stage resolves names and pronouns; a kinship noun with a possessive owner
("Mara told her father that …") names someone only through a relationship. The story
context carries the relationships in force before the chapter, and the chapter's own
relationship updates add the ones it states. A nominal resolves only when exactly one
known relative of the owner fits the noun (family, direction and gender).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import RelationshipUpdate

# type -> (family, role): "up" = the source is the target's parent, "down" = the source is
# the target's child, "sym" either way.
FAMILIES: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("parent_of", "father_of", "mother_of"), ("parent", "up")),
    **dict.fromkeys(("child_of", "son_of", "daughter_of"), ("parent", "down")),
    **dict.fromkeys(("sibling_of", "brother_of", "sister_of"), ("sibling", "sym")),
    **dict.fromkeys(("married_to", "wife_of", "husband_of", "spouse_of"), ("married", "sym")),
    **dict.fromkeys(("engaged_to", "fiance_of", "fiancee_of"), ("engaged", "sym")),
    "guardian_of": ("guardian", "up"), "ward_of": ("guardian", "down"),
}
# noun -> (family, the role the referent plays towards the owner, gender wanted)
NOUNS: dict[str, tuple[str, str, str | None]] = {
    "father": ("parent", "up", "male"), "papa": ("parent", "up", "male"),
    "mother": ("parent", "up", "female"), "mama": ("parent", "up", "female"),
    "mamma": ("parent", "up", "female"), "parent": ("parent", "up", None),
    "son": ("parent", "down", "male"), "daughter": ("parent", "down", "female"),
    "child": ("parent", "down", None),
    "brother": ("sibling", "sym", "male"), "sister": ("sibling", "sym", "female"),
    "husband": ("married", "sym", "male"), "wife": ("married", "sym", "female"),
    "fiancé": ("engaged", "sym", "male"), "fiance": ("engaged", "sym", "male"),
    "fiancée": ("engaged", "sym", "female"), "fiancee": ("engaged", "sym", "female"),
}


def relatives(owner: str, family: str, role: str,
              pairs: Iterable[tuple[str, str, str]]) -> set[str]:
    """Who stands in `role` of `family` towards the owner, by (source, type, target) triples."""
    found: set[str] = set()
    for source, type_, target in pairs:
        fam, orient = FAMILIES.get(type_, ("", ""))
        if fam != family:
            continue
        if orient == "sym" or role == "sym":
            if owner in (source, target):
                found.add(target if source == owner else source)
        elif orient == role and target == owner:
            found.add(source)  # "Aldous parent_of Mara": Aldous is Mara's father
        elif orient != role and source == owner:
            found.add(target)  # "Mara daughter_of Aldous": Aldous is Mara's father
    found.discard(owner)
    return found


class KinResolver:
    """Resolves "her father" to a character, lazily reading the chapter's relationships."""

    def __init__(self, view: ChapterView,
                 chapter_relations: Callable[[], list[RelationshipUpdate]]) -> None:
        self.view = view
        self._chapter_relations = chapter_relations
        self._pairs: list[tuple[str, str, str]] | None = None

    def pairs(self) -> list[tuple[str, str, str]]:
        if self._pairs is None:
            known = [(r.source, r.type, r.target) for r in self.view.context.relationships]
            here = [(r.source, r.type, r.target) for r in self._chapter_relations() if not r.ended]
            self._pairs = [*known, *here]
        return self._pairs

    def resolve(self, tok: Any) -> str | None:
        """The one character a possessed kin noun names ("her father" → "Aldous Finch")."""
        view = self.view
        spec = NOUNS.get(tok.lemma_.lower())
        if spec is None or tok.pos_ != "NOUN" or tok.tag_ != "NN":
            return None
        owner_tok = next((c for c in tok.children if c.dep_ == "poss"), None)
        owner = view.character(owner_tok) if owner_tok is not None else None
        if owner is None:
            return None
        family, role, gender = spec
        found = {k for k in relatives(owner, family, role, self.pairs())
                 if gender is None or view.gender_of(k) in {None, "unknown", gender}}
        return next(iter(found)) if len(found) == 1 else None
