"""Personal and possessive pronouns, never a name or an alias: all of them, and the sets of one
person or one sex ("I", "me", "my"; "he", "him", "his", "himself")."""

from __future__ import annotations

import re

from continuum.language.lexicon import words

# The narrator's own pronouns in a first-person telling, and the narrator with others.
FIRST_PERSON_SINGULAR = words("i me my mine myself")
FIRST_PERSON_PLURAL = words("we us our ours ourselves")
# The pronouns of a man, and of a woman.
MALE_PRONOUNS = words("he him his himself")
FEMALE_PRONOUNS = words("she her hers herself")
# Every personal or possessive pronoun, the archaic "thou" and "ye" too.
PRONOUNS = FIRST_PERSON_SINGULAR | FIRST_PERSON_PLURAL | MALE_PRONOUNS | FEMALE_PRONOUNS | words(
    """you your yours yourself it its itself they them their theirs themselves thee thou thy
    thine ye"""
)
# The pronouns only a person is called by (not "it", nor "they" of a crowd or a thing):
# "she" or "me" resolved to a place or a group is a misreading.
PERSONAL_PRONOUNS = FIRST_PERSON_SINGULAR | FIRST_PERSON_PLURAL | MALE_PRONOUNS | FEMALE_PRONOUNS | \
    words("you your yours yourself")
# The possessive determiners: "her own ledger", "the key of his box".
POSSESSIVES = words("my your his her its our their")
# The object forms, which the parser may tag a subject ("her" of "her having left").
OBJECT_PRONOUNS = words("her him them me us")
# The reflexives: "hurt himself" is the subject's own doing; a plain "him" never is.
REFLEXIVE_PRONOUNS = words("myself yourself himself herself itself ourselves yourselves themselves")
# The relative pronouns only a person takes: "Toots, who …", "Drizzle -- whom …".
PERSON_RELATIVES = words("who whom whose")


_THIRD_PERSON = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)


def first_pronoun(text: str) -> str | None:
    """The first third-person singular pronoun in a text ("she", "his"), lower case, if any."""
    m = _THIRD_PERSON.search(text)
    return m.group().lower() if m else None
