"""Nouns for people: the kin a person is to another ("his brother", "her aunt"), by sex, and
the nouns for a person by sex, age or state that an age is said of ("a girl of fifteen")."""

from __future__ import annotations

from continuum.language.lexicon import words

# Kin nouns by the sex they name.
MALE_KIN = words("brother son father husband uncle nephew")
FEMALE_KIN = words("sister daughter mother wife aunt niece")
# The kin nouns a person is named by through another: "his brother", "her cousin".
KIN_NOUNS = MALE_KIN | FEMALE_KIN | {"cousin"}
# The kinships a secret identity may state ("the stranger was his twin Ivo").
SECRET_KIN = KIN_NOUNS | {"twin"}
GRANDPARENTS = words("grandfather grandmother")
# Where a child stands among its brothers and sisters: "her eldest sister", "the second son",
# "the youngest Miss Bennet".
BIRTH_ORDER = words("first second third fourth fifth sixth elder eldest younger youngest other "
                    "only last")
# Kin by marriage, one word each for the tokenizer ("brother-in-law", "sisters-in-law"): the
# parser reads "His brother-in-law, Mr. Hurst" whole, and the relation is an in-law, never a
# brother. Each maps to the sex it names.
IN_LAW_NOUNS: dict[str, str | None] = {
    f"{kin}{plural}-in-law": sex
    for kin, sex in (("brother", "male"), ("son", "male"), ("father", "male"),
                     ("sister", "female"), ("daughter", "female"), ("mother", "female"),
                     ("parent", None))
    for plural in ("", "s")
}
# A person by sex, age or state: "a man of sixty", "the widow, aged forty".
PERSON_NOUNS = words("girl boy man woman lad lass child youth maiden gentleman lady fellow widow "
                     "orphan mistress")  # "his mistress" may be a lover or an employer: no tie
# The sex a person noun says of whom it is predicated ("the coxswain, Israel Hands, was a
# careful, wily, old, experienced seaman", Treasure Island ch. 10): these, the kin nouns, and
# any compound of "man" or "woman" ("seaman", "boatman", "waiting-woman") but these.
NOT_PERSON_MEN = words("human talisman shaman caiman")  # "human" is either sex
SEXED_PERSON_NOUNS = {**dict.fromkeys(words("man boy lad gentleman fellow monk priest knight")
                                       | MALE_KIN, "male"),
                      **dict.fromkeys(words("woman girl lass maiden lady widow") | FEMALE_KIN,
                                      "female")}


def person_noun_sex(lemma: str) -> str | None:
    """'male' or 'female' for a person noun that says its sex ("seaman", "lady"), else None."""
    word = lemma.lower()
    if word in SEXED_PERSON_NOUNS:
        return SEXED_PERSON_NOUNS[word]
    if word.endswith("woman"):
        return "female"
    if word.endswith("man") and word not in NOT_PERSON_MEN:
        return "male"
    return None


# What else a description of a person may be headed by: "so odd a mixture of quick parts,
# sarcastic humour, reserve, and caprice", "an old acquaintance", "a great favourite".
DESCRIPTION_HEADS = PERSON_NOUNS | words("person youngster creature soul being character mixture "
                                         "favourite beauty acquaintance")
# A part or trace of a person that may act for them in prose: "Captain Reyes's voice came
# across the water", "her hand was on the tiller" (a voice may be a memory or a ghost).
TRACES = words("""voice hand hands laugh laughter footstep footsteps step steps shout call whistle
               pen signature order orders command""")
