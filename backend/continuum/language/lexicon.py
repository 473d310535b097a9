"""How the word lists of this package are written: a lexicon as whitespace-separated words."""

from __future__ import annotations


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of `text` (keeps the word lists readable)."""
    return frozenset(text.split())
