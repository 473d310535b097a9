"""Leading chapter numerals: arabic, roman, and English number words ("Twenty-One", "the First")."""

from __future__ import annotations

import re

from continuum.language.numbers import TENS, UNITS

_ARABIC = re.compile(r"\d{1,6}(?!\d)")
_ROMAN_TOKEN = re.compile(r"[IVXLCDM]+(?![A-Za-z])|[ivxlcdm]+(?![A-Za-z])")
_ROMAN_VALID = re.compile(r"M{0,4}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_WORD = re.compile(r"[A-Za-z]+")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}

# fmt: off
_ORDINAL_SMALL = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
    **{word + "th": value for word, value in UNITS.items() if 13 <= value <= 19},
}
# fmt: on
_ORDINAL_TENS = {word[:-1] + "ieth": value for word, value in TENS.items()}


def roman_value(token: str) -> int | None:
    """The value of a well-formed roman numeral, or None."""
    upper = token.upper()
    if not upper or not _ROMAN_VALID.fullmatch(upper):
        return None
    total = 0
    for ch, nxt in zip(upper, upper[1:] + " ", strict=True):
        value = _ROMAN_VALUES[ch]
        total += -value if nxt != " " and _ROMAN_VALUES[nxt] > value else value
    return total


def leading_number(text: str) -> tuple[int, int, str] | None:
    """The numeral at the start of `text` as (value, characters consumed, display form)."""
    arabic = _ARABIC.match(text)
    if arabic:
        return int(arabic.group()), arabic.end(), arabic.group()
    roman = _ROMAN_TOKEN.match(text)
    if roman:
        value = roman_value(roman.group())
        if value:
            return value, roman.end(), roman.group().upper()
    return _leading_words(text)


def _leading_words(text: str) -> tuple[int, int, str] | None:
    """A number spelled in English words at the start of `text`."""
    words = _WORD.finditer(text)
    first = next(words, None)
    if first is None or first.start() != 0:
        return None
    begin = first.start()
    if first.group().lower() == "the":
        first = next(words, None)
        if first is None or text[begin + 3 : first.start()].strip() != "":
            return None
        begin = first.start()
    total, consumed, state = 0, 0, "start"
    for match in (first, *words):
        if consumed and text[consumed : match.start()].strip(" -\t") != "":
            break
        step = _number_step(match.group().lower(), state, total)
        if step is None:
            break
        total, state = step
        consumed = match.end()
        if state == "ordinal":
            break
    if not consumed or state == "and":
        return None
    raw = text[begin:consumed]
    return total, consumed, raw.title() if raw.isupper() or raw.islower() else raw


def _number_step(word: str, state: str, total: int) -> tuple[int, str] | None:
    """The running total and state after `word`, or None if `word` does not extend the number."""
    units_ok = state in {"start", "tens", "hundred", "and"}
    tens_ok = state in {"start", "hundred", "and"}
    if word in UNITS and (units_ok if UNITS[word] < 10 else tens_ok):
        return total + UNITS[word], "units"
    if word in TENS and tens_ok:
        return total + TENS[word], "tens"
    if word == "hundred" and state == "units" and total < 10:
        return total * 100, "hundred"
    if word == "and" and state == "hundred":
        return total, "and"
    if word in _ORDINAL_SMALL and (units_ok if _ORDINAL_SMALL[word] < 10 else tens_ok):
        return total + _ORDINAL_SMALL[word], "ordinal"
    if word in _ORDINAL_TENS and tens_ok:
        return total + _ORDINAL_TENS[word], "ordinal"
    return None
