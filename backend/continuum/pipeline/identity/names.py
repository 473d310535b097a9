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
ARTICLES = {"the", "a", "an"}
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
    """Two titles can name the same person (Mr. vs Mrs. cannot)."""
    ga, gb = honorific_gender(a), honorific_gender(b)
    return ga is None or gb is None or ga == gb


def is_pronoun(surface: str) -> bool:
    """A personal or possessive pronoun (never a name, never an alias)."""
    return surface.strip().lower() in PRONOUNS
