"""The content of a sentence or a fact, for telling two wordings of one fact apart from two
facts: its content words (crudely stemmed) and the proper names in it."""

from __future__ import annotations

import re

from continuum.language import names  # the module: its lists stay its own (tests/test_language_data)

_WORD = re.compile(r"[a-z]+")
_PROPER = re.compile(r"\b[A-Z][a-z'’-]+\b")
STOP_WORDS = {"the", "a", "an", "that", "was", "were", "is", "had", "has", "have", "of", "to", "in",
              "and", "his", "her", "their", "it", "be", "been", "by", "on", "at", "for", "with",
              "not", "from", "as", "this", "would", "could", "who", "which"} | set(names.PRONOUNS)


def content_words(text: str) -> set[str]:
    """Lower-case content words (crude stems) of a fact or sentence."""
    return {w.rstrip("s") for w in written_words(text)}


def written_words(text: str) -> set[str]:
    """The content words of a text as written, before their crude stems ("the boats at the
    harbour wall" -> boats, harbour, wall)."""
    return {w for w in letter_words(text) if w not in STOP_WORDS and len(w) > 2}


def letter_words(text: str) -> list[str]:
    """The runs of letters of a text, lower case ("Mr. O'Brien" -> mr, o, brien)."""
    return _WORD.findall(text.lower())


def stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def stems(text: str) -> set[str]:
    """The stems of a text's content words ("forged the ledger" -> forg, ledger)."""
    return {stem(w) for w in _WORD.findall(text.lower()) if w not in STOP_WORDS and len(w) > 2}


def names_in(text: str) -> set[str]:
    """Capitalised words after the first word (proper names, crudely), lower case, titles
    aside: "Mr. Cole" and "Mr. Elton" share no name."""
    words = [w for w in _PROPER.findall(text) if w.lower() not in names.HONORIFICS]  # not "Mr"
    return {w.lower() for w in words if text.find(w) > 0 or w.lower() not in STOP_WORDS}
