"""English number words and their values ("nineteen", "forty"), and a number written in them
read as an integer ("three-and-twenty" is 23, "twenty-one" is 21)."""

from __future__ import annotations

# The words below twenty, and the tens.
UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}


def parse_number(words: str) -> int | None:
    """"twenty" → 20, "three-and-twenty" → 23, "twenty-one" → 21, "17" → 17: the values of the
    words added up ("hundred" counts a hundred); None when a word is no number word."""
    cleaned = words.lower().replace("-", " ").replace(",", " ")
    parts = [p for p in cleaned.split() if p != "and"]
    if not parts:
        return None
    if len(parts) == 1 and parts[0].isdigit():
        return int(parts[0])
    total = 0
    for part in parts:
        if part in UNITS:
            total += UNITS[part]
        elif part in TENS:
            total += TENS[part]
        elif part == "hundred":
            total += 100
        else:
            return None
    return total
