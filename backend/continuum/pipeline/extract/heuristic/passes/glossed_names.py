"""A new name glossed by a tie the story already has exactly one of: that person's name.

"… Miss Havisham's adopted daughter, Mrs. Bentley Drummle" (Great Expectations, ch. 48):
the relationships pass reads the apposition as a tie of a new person, Mrs. Bentley Drummle,
to Miss Havisham (`ward_of`). The story has known since ch. 29 that Miss Havisham adopted
Estella, and no one else; so the gloss is no second ward but Estella, and the name is hers
from this chapter on (her married name, which every read below the chapter keeps apart).

Precision first. The tie must be one a person has a single holder of, or one the story has a
single holder of on record: a guardian or a ward (the one adopted child the story knows), a
father, a mother, a husband or a wife; never a child, a sibling or a friend, of whom anyone
may have another. The name must be new to the story (a known person glossed so is the
relationships pass's to read), of the holder's gender, and the holder someone the story
knows by another name. The tie itself is dropped: the holder has it on record already.
"""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.document import AnalyzedChapter
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.kin import FAMILIES, relatives
from continuum.pipeline.extract.schema import EntityItem, RelationshipUpdate

# A new person's ties to a known one (source → target) that have one holder; the family and
# the role the new person plays in it are kin's (`kin.FAMILIES`, `kin.relatives`).
GLOSSING_TIES = frozenset({"ward_of", "guardian_of", "father_of", "mother_of", "married_to",
                           "wife_of", "husband_of"})
# The relationships pass's rule for an apposition of a possessed tie ("Miss Havisham's adopted
# daughter, Mrs. Bentley Drummle"): the only ties read here.
APPOSITION_RULE = "relationships.possessive"


def glossed_names(view: ChapterView, relationships: list[RelationshipUpdate]) -> dict[str, str]:
    """Each new name the chapter glosses by a tie with one known holder → that holder."""
    known = [(r.source, r.type, r.target) for r in view.context.relationships]
    found: dict[str, str] = {}
    for rel in relationships:
        spec = FAMILIES.get(rel.type) if rel.type in GLOSSING_TIES else None
        if spec is None or rel.ended or rel.evidence.rule != APPOSITION_RULE:
            continue
        if view.known_entity(rel.source) is not None or view.type_of(rel.source) != "character":
            continue
        holders = relatives(rel.target, *spec, known) - {rel.source}
        if len(holders) != 1:
            continue
        holder = next(iter(holders))
        gender = view.gender_of(rel.source)
        if gender not in (None, "unknown") and view.gender_of(holder) not in (None, "unknown", gender):
            continue
        found[rel.source] = holder
    return found


def fold_glossed(analyzed: AnalyzedChapter, view: ChapterView, relationships: list[RelationshipUpdate],
                 folds: dict[str, str]) -> list[RelationshipUpdate]:
    """Each glossed name becomes an alias of its holder (the holder's item, made when the
    chapter does not name them otherwise), with its mentions; the glossing ties go."""
    for name, holder in folds.items():
        item = analyzed.entities.pop(name, None)
        if item is None:
            continue
        target = analyzed.entities.get(holder)
        if target is None:
            known = view.known_entity(holder)
            target = EntityItem.model_validate({
                "name": holder, "type": "character", "evidence": item.evidence,
                "gender": known.gender if known is not None else item.gender})
            analyzed.entities[holder] = target
        for alias in (item.name, *item.aliases):
            if alias not in target.aliases and alias != target.name:
                target.aliases.append(alias)
        target.mentions.extend(item.mentions)
    return [r for r in relationships if not (r.source in folds and r.evidence.rule == APPOSITION_RULE
                                             and r.type in GLOSSING_TIES)]
