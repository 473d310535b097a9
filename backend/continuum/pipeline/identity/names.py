"""Name normalization shared by canonicalization and resolution."""

from __future__ import annotations

import re
import unicodedata

MALE_HONORIFICS = {"mr", "sir", "lord", "master", "uncle", "king", "prince", "duke", "father",
                   "brother", "count", "baron", "monsieur", "herr", "señor", "don"}
FEMALE_HONORIFICS = {"mrs", "miss", "ms", "lady", "madam", "madame", "aunt", "queen", "princess",
                     "duchess", "mother", "sister", "countess", "baroness", "mademoiselle",
                     "mlle", "mme", "frau", "señora", "dame"}
NEUTRAL_HONORIFICS = {"dr", "doctor", "captain", "capt", "colonel", "col", "general", "gen",
                      "lieutenant", "lt", "sergeant", "sgt", "professor", "prof", "reverend",
                      "rev", "judge", "major", "admiral", "saint", "st", "squire"}
HONORIFICS = MALE_HONORIFICS | FEMALE_HONORIFICS | NEUTRAL_HONORIFICS
# Marital titles: "Mrs. Bennet" and "Miss Bennet" are a mother and a daughter, never one woman;
# nor is a "Lady" (a wife's or a peer's daughter's title) ever called "Miss".
MARRIED_HONORIFICS = {"mrs", "madame", "mme", "señora", "frau", "lady", "dame"}
UNMARRIED_HONORIFICS = {"miss", "mademoiselle", "mlle", "señorita", "fräulein"}
# Titles of a wife with her husband's name ("Mrs. Bennet", "Lady Lucas"): she is rarely also
# called by her own given name with that surname, so "Elizabeth Bennet" is someone else.
WIFE_HONORIFICS = {"mrs", "madame", "mme", "señora", "frau"}
# Titles of rank worn with the given name ("Lady Catherine", "Sir William"): the plain
# "Catherine" of another family is not her.
RANK_HONORIFICS = {"sir", "lady", "lord", "dame"}
ARTICLES = {"the", "a", "an"}
# Surname particles: "de Bourgh" has no given name "de".
PARTICLES = {"de", "van", "von", "du", "la", "le", "da", "di", "del", "della", "der", "den", "ten",
             "ter", "d'", "dos", "das"}
PRONOUNS = {"i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "he", "him",
            "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us",
            "our", "ours", "ourselves", "they", "them", "their", "theirs", "themselves", "thee",
            "thou", "thy", "thine", "ye"}
_PUNCT = re.compile(r"[^\w\s'-]+")
_SPACE = re.compile(r"\s+")


def normalize(name: str) -> str:
    """Case-, accent-, punctuation- and whitespace-insensitive key; drops a leading article."""
    folded = unicodedata.normalize("NFKD", name)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).lower()
    folded = folded.replace("’", "'")
    folded = _PUNCT.sub(" ", folded)
    words = _SPACE.sub(" ", folded).strip().split(" ")
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(w for w in words if w)


def split_honorific(name: str) -> tuple[str | None, str]:
    """('mr', 'darcy') for 'Mr. Darcy'; (None, 'elizabeth bennet') without a title."""
    words = normalize(name).split(" ")
    if len(words) > 1 and words[0] in HONORIFICS:
        return words[0], " ".join(words[1:])
    return None, " ".join(words)


def honorific_gender(honorific: str | None) -> str | None:
    """'male', 'female' or None for a title."""
    if honorific in MALE_HONORIFICS:
        return "male"
    if honorific in FEMALE_HONORIFICS:
        return "female"
    return None


def compatible_titles(a: str | None, b: str | None) -> bool:
    """Two titles can name the same person (Mr. vs Mrs. cannot, nor Mrs. vs Miss)."""
    ga, gb = honorific_gender(a), honorific_gender(b)
    if ga is not None and gb is not None and ga != gb:
        return False
    return not ({a, b} & MARRIED_HONORIFICS and {a, b} & UNMARRIED_HONORIFICS)


def is_pronoun(surface: str) -> bool:
    """A personal or possessive pronoun (never a name, never an alias)."""
    return surface.strip().lower() in PRONOUNS


# English diminutives, so "Lizzy" can name the Elizabeth of the story.
_DIMINUTIVES = {
    "elizabeth": "lizzy lizzie liz eliza betsy betsey bess bessie beth betty libby",
    "margaret": "meg maggie peggy madge margery", "henry": "harry hal hank",
    "william": "bill billy will willie willy", "robert": "bob bobby rob robin bert",
    "richard": "dick dicky rick", "john": "jack johnny", "james": "jim jimmy jem jamie",
    "thomas": "tom tommy", "edward": "ned ted teddy eddie", "frances": "fanny",
    "katherine": "kate kitty katie kit", "catherine": "kate kitty katie kit", "sarah": "sally sal",
    "mary": "polly molly mamie mollie", "helen": "nell nellie nelly", "susan": "sue sukey susie",
    "jane": "jenny jennie", "ann": "annie nan nancy", "anne": "annie nan nancy", "anna": "annie",
    "charles": "charley charlie chas", "frederick": "fred freddy freddie", "samuel": "sam sammy",
    "benjamin": "ben benny", "joseph": "joe joey", "nathaniel": "nat", "anthony": "tony",
    "deborah": "deb debby", "lawrence": "larry", "theodore": "theo teddy", "matilda": "tilly",
    "dorothy": "dolly dot", "isabella": "bella", "isabel": "bella", "alexander": "alec alex sandy",
    "christopher": "kit chris", "patrick": "pat paddy", "michael": "mike mick",
    "eleanor": "nell nelly ellie", "harriet": "hattie", "judith": "judy",
}  # fmt: skip
FULL_NAMES: dict[str, set[str]] = {}
for _full, _nicks in _DIMINUTIVES.items():
    FULL_NAMES.setdefault(_full, set()).add(_full)
    for _nick in _nicks.split():
        FULL_NAMES.setdefault(_nick, set()).add(_full)


def given_forms(word: str) -> set[str]:
    """The full given names a given name may stand for ("lizzy" -> {"elizabeth"})."""
    return FULL_NAMES.get(word, {word})


def same_given(a: str, b: str) -> bool:
    """Whether two given names can be one person's: equal, an initial, or a diminutive."""
    if a == b:
        return True
    a0, b0 = a.rstrip("."), b.rstrip(".")
    if (len(a0) == 1 and b0.startswith(a0)) or (len(b0) == 1 and a0.startswith(b0)):
        return True
    return (a in FULL_NAMES or b in FULL_NAMES) and bool(given_forms(a) & given_forms(b))
