"""Ages as English writes them: the number words of an age ("nineteen", "two-and-twenty"), the
words that make one a bound or an approximation ("not yet twenty", "over fifty", "about
sixty"), and an age value read back ("not yet 20" is an age under twenty)."""

from __future__ import annotations

from continuum.language import numbers

_TENS = "|".join(numbers.TENS)
UNITS = "|".join(w for w, value in numbers.UNITS.items() if 1 <= value <= 9)
# An age in words or digits: "nineteen", "twenty-one", "twenty one", "two-and-twenty", "19".
NUMBER = (rf"(?:(?:{_TENS})(?:[- ](?:{UNITS}))?|(?:{UNITS})-and-(?:{_TENS})|"
          r"(?:thir|four|fif|six|seven|eigh|nine)teen|ten|eleven|twelve|\d{1,2})")
# Words before an age that make it a bound or an approximation rather than an exact value.
UNDER = ("not yet", "under", "nearly", "almost", "barely", "scarcely", "close on", "going on",
         "hardly", "not quite")
OVER = ("over", "past", "more than", "well past", "well over", "upwards of")
ABOUT = ("about", "some", "around", "roughly", "perhaps", "maybe")
BOUNDS = tuple(sorted((*UNDER, *OVER, *ABOUT), key=len, reverse=True))
BOUND = "|".join(BOUNDS).replace(" ", r"\s+")


def age_value(value: str) -> tuple[int | None, str | None]:
    """The age and its bound a stated value gives: "19" is (19, None), "not yet 20" is
    (20, "not yet"), "about sixty" is (60, "about"); (None, None) when it is no age."""
    text = " ".join(value.lower().split())
    bound = next((b for b in BOUNDS if text.startswith(b + " ")), None)
    number = text[len(bound) + 1:] if bound else text
    return numbers.parse_number(number.replace("-and-", " ")), bound


def said_age(age: int, bound: str | None) -> str:
    """An age as a canon value: "20", or with its bound "not yet 20"."""
    return f"{' '.join(bound.lower().split())} {age}" if bound else str(age)
