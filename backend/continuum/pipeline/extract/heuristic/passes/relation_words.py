"""The words of relationships: kinship and role nouns, the type each states, their gender.

`source TYPE target` reads "Jane sister_of Elizabeth". One table for the relationship pass,
the canon facts, the thread pass and the certainty rules ("his brother-in-law, Mr. Hurst").
"""

from __future__ import annotations

from continuum.language.people import IN_LAW_NOUNS, PERSON_NOUNS
from continuum.language.trades import OCCUPATIONS
from continuum.pipeline.extract.heuristic.passes.nominals import EPITHET_HEADS
from continuum.pipeline.extract.heuristic.passes.textmap import words

KINSHIP: dict[str, str] = {
    **dict.fromkeys(["wife", "husband", "spouse", "consort"], "married_to"),
    **dict.fromkeys(["fiancé", "fiance", "fiancée", "fiancee", "betrothed"], "engaged_to"),
    "sister": "sister_of", "brother": "brother_of", "sibling": "sibling_of",
    "daughter": "daughter_of", "son": "son_of", "child": "child_of",
    **dict.fromkeys(["father", "papa"], "father_of"),
    **dict.fromkeys(["mother", "mamma", "mama"], "mother_of"),
    "parent": "parent_of", "uncle": "uncle_of", "aunt": "aunt_of", "nephew": "nephew_of",
    "niece": "niece_of", "cousin": "cousin_of", "grandfather": "grandfather_of",
    "grandmother": "grandmother_of", "grandson": "grandson_of",
    "granddaughter": "granddaughter_of", "godfather": "godfather_of",
    "godmother": "godmother_of", "guardian": "guardian_of", "ward": "ward_of",
    **dict.fromkeys(["heir", "heiress"], "heir_of"), "widow": "widow_of", "widower": "widower_of",
    **dict.fromkeys(IN_LAW_NOUNS, "in_law_of"),  # "his brother-in-law, Mr. Hurst"
}
ROLES: dict[str, str] = {
    **dict.fromkeys(["friend", "confidant", "confidante"], "friend_of"),
    **dict.fromkeys(
        ["servant", "maid", "butler", "footman", "valet", "housekeeper", "steward", "coachman",
         "maidservant", "manservant", "page", "groom", "housemaid", "lady's-maid", "cook",
         "clerk", "journeyman"],
        "servant_of",
    ),
    **dict.fromkeys(["master", "employer"], "employer_of"),
    # a governess is a girl's paid companion as much as her teacher
    **dict.fromkeys(["companion", "governess"], "companion_of"),
    "enemy": "enemy_of", "rival": "rival_of",
    "patron": "patron_of", "lover": "lover_of", "partner": "partner_of",
    "mentor": "mentor_of", "pupil": "pupil_of", "tenant": "tenant_of",
    **dict.fromkeys(["landlord", "landlady"], "landlord_of"), "neighbour": "neighbour_of",
    "neighbor": "neighbour_of",
}
RELATION_NOUNS = {**KINSHIP, **ROLES}
# Nouns that always name a person, never a trait of one ("his son", not "his character"; "Mr.
# Collins, the rector"; "the old sailor"): a description's person and a name's gloss.
KINDS_OF_PEOPLE = OCCUPATIONS | EPITHET_HEADS | frozenset(RELATION_NOUNS) | PERSON_NOUNS
# A companion is a paid one ("Mrs. Jenkinson, her companion") unless the text makes it a
# friend: "my intimate companion", "my young companion and friend".
FRIENDLY = words("intimate constant dear boon bosom chosen favourite favorite old young")
# "his lady" is his wife only with a possessive; "lady" alone is a title.
POSSESSIVE_ONLY = {"lady": "married_to"}
NOUN_GENDER = {
    **dict.fromkeys(words("""wife sister daughter mother mamma mama aunt niece grandmother
        granddaughter godmother widow maid housekeeper maidservant housemaid fiancée fiancee
        lady"""), "female"),
    **dict.fromkeys(words("""husband brother son father papa uncle nephew grandfather grandson
        godfather widower butler footman valet manservant"""), "male"),
    **{noun: sex for noun, sex in IN_LAW_NOUNS.items() if sex},
}
SYMMETRIC = frozenset({"married_to", "engaged_to", "sibling_of", "friend_of", "cousin_of",
                       "in_law_of"})
KIN_TYPES = frozenset(KINSHIP.values())


# "Miss Havisham's adopted daughter", "his foster father": a ward and a guardian, not kin.
ADOPTIVE = frozenset({"adopted", "adoptive", "foster"})
ADOPTIVE_TIES = {**dict.fromkeys(("daughter_of", "son_of", "child_of"), "ward_of"),
                 **dict.fromkeys(("father_of", "mother_of", "parent_of"), "guardian_of")}
# "his new mother" (Frank Churchill's father's new wife): a parent by marriage, not by blood,
# and not whom the family's names make his mother.
STEP_MARKS = frozenset({"new"})


def relation_type(noun_lemma: str, possessive: bool) -> str | None:
    """The normalized relationship type a noun expresses, if any."""
    rel = RELATION_NOUNS.get(noun_lemma)
    if rel is None and possessive:
        rel = POSSESSIVE_ONLY.get(noun_lemma)
    return rel
