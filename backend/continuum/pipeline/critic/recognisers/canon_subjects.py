"""Whose canon fact a sentence states when its subject is only a pronoun.

The extractor resolves "she was nineteen" to one person, and may pick the wrong one of two
women in the scene. A fact whose subject the sentence never names can only WARN, and it is
silent when the stated value is exactly the locked value of another person the draft mentions
who could be that pronoun (same gender, or a gender we do not know): the pronoun most likely
means them."""

from __future__ import annotations

import uuid

from continuum.language.colours import colour_key
from continuum.language.names import normalize
from continuum.language.numbers import parse_number
from continuum.language.pronouns import FEMALE_PRONOUNS, MALE_PRONOUNS
from continuum.pipeline.critic.claims import DraftClaims
from continuum.pipeline.extract.schema import FactFrame
from continuum.reads.world_state import WorldState


def named_in(claims: DraftClaims, person: uuid.UUID | None, names: list[str]) -> bool:
    """Whether any of the names a quote writes (`name_surfaces`: "Then Elena Marsh", "Mara's
    blue eyes") is the person's, so that the quote does not give them only as a pronoun."""
    return person is not None and any(claims.person(surface) == person for surface in names)


def only_pronoun(claims: DraftClaims, person: uuid.UUID | None, frame: FactFrame) -> bool:
    """Whether a fact's evidence gives its subject only as a pronoun: the quote does not name
    them, and either begins with "he"/"she" ("she was nineteen") or its sentence does not name
    them before it ("Mara's blue eyes" and "Elena pushed her fair hair" are named)."""
    if named_in(claims, person, frame.names):
        return False
    if frame.pronoun_led:
        return True
    return frame.sentence_start is None or not named_in(claims, person, frame.names_before)


def mentioned(claims: DraftClaims) -> set[uuid.UUID]:
    """The established characters the draft mentions by name or resolved pronoun."""
    out = {claims.bind(item.name, "character") for item in claims.extraction.new_entities}
    return {p for p in out if p is not None}


def gender(claims: DraftClaims, person: uuid.UUID) -> str:
    """A person's gender from the draft's extraction or their title, else "unknown"."""
    for item in claims.extraction.new_entities:
        if item.gender in ("male", "female") and claims.bind(item.name, "character") == person:
            return item.gender
    first = claims.name_of(person).split()[0].rstrip(".")
    if first in ("Mr", "Sir", "Lord"):
        return "male"
    if first in ("Mrs", "Miss", "Ms", "Lady"):
        return "female"
    return "unknown"


def _same_value(predicate: str, locked: str, value: str) -> bool:
    if normalize(locked) == normalize(value):
        return True
    if predicate == "age":
        a, b = parse_number(locked.replace("-", " ")), parse_number(value.replace("-", " "))
        return a is not None and a == b
    if predicate == "occupation":
        return normalize(value) in normalize(locked).split()
    if predicate in ("hair_colour", "eye_colour"):  # "the colour of a fox" is red
        return colour_key(locked) is not None and colour_key(locked) == colour_key(value)
    return False


def meant_other(claims: DraftClaims, world: WorldState, person: uuid.UUID | None, predicate: str,
                value: str, pronoun: str | None) -> str | None:
    """Another person the draft mentions, who could be the pronoun, whose locked value of the
    predicate is exactly the stated one: the pronoun most likely means them."""
    if pronoun not in MALE_PRONOUNS | FEMALE_PRONOUNS:
        return None  # "I", "you": speech resolves those to the speaker and the listener
    wanted = "male" if pronoun in MALE_PRONOUNS else "female"
    people = mentioned(claims)
    for fact in world.locked_canon:
        sid = fact.subject_id
        if sid is None or sid == person or fact.predicate != predicate or sid not in people:
            continue
        if gender(claims, sid) not in (wanted, "unknown"):
            continue
        if _same_value(predicate, fact.value, value):
            return fact.subject
    return None
