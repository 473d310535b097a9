"""Letters a chapter lays in are their signer's words: the "my" of a letter is whoever signs it.

    “Be not alarmed, madam, on receiving this letter …
    “… My sister, who is more than ten years my junior, was left to the guardianship of my
    mother’s nephew, Colonel Fitzwilliam, and myself. …
    “FITZWILLIAM DARCY.”                               (Pride and Prejudice, chapter 35)

No tag names the speaker of a letter's paragraphs, so the quotation rules leave its first
person unresolved. A *letter* here is a run of paragraphs set apart from the narration
(each opens with a quotation mark that only the signature closes, or is set in from the
margin as printed), ended by a signature: the last line of the run's last paragraph, or a
paragraph of its own, that is a name in capitals ("WILLIAM COLLINS.", "F. C. WESTON
CHURCHILL."), initials ("J. T."), or any name after a valediction ("Yours, ESTELLA."). The
signer is the one character of the chapter the signature names (`signer`); a signature
that fits two, or none, leaves the letter as it was.

Precision first: only an unresolved "my" is placed (`resolve_letter_writers` says why not
"I"), and it is certain (`ChapterView.signed`): the signature says whose it is, as a speech
tag does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from continuum.language.names import split_honorific
from continuum.language.speech import VALEDICTION_OPENERS
from continuum.pipeline.extract.heuristic.passes.common import ChapterView

_VALEDICTION = rf"(?:{VALEDICTION_OPENERS})\b[^,\n]*,"
_CAPITALS = r"(?:[A-Z][A-Z'’]*\.?)(?:\s+[A-Z][A-Z'’]*\.?){0,3}"  # "EDW. GARDINER", "J. T."
_NAME = r"(?:[A-Z][\w'’]*\.?)(?:\s+[A-Z][\w'’]*\.?){0,3}"
SIGNATURE = re.compile(rf"^(?:(?i:{_VALEDICTION})\s*(?P<after>{_NAME})|(?P<alone>{_CAPITALS}))\s*$")
_QUOTES = "“”\"'‘’ \t"
MAX_SIGNATURE = 40  # characters: a signature is a line, not a sentence


@dataclass(frozen=True)
class Letter:
    """The characters [start, end) of a letter's body and signature, and who signs it."""

    start: int
    end: int
    signer: str


def resolve_letter_writers(view: ChapterView) -> None:
    """Place every unresolved "my" of each signed letter on its signer, where the quotation
    marks hold it: after a nested quotation that closes them early ("He said, ‘I will not be
    a clergyman,’ and my brother went to London"), the rest of the paragraph reads as
    narration of the chapter's now.

    Only the possessive: "my cousin, Colonel Fitzwilliam" says whose kin a letter names. A
    letter's "I" would make its own account of the past the signer's acts and holdings of
    the chapter ("I have received your letter" in Van Helsing's letter to Seward, the critic
    then finding Seward's later letter already in Van Helsing's hands), which the movement and
    possession rules read as the story's now."""
    for letter in letters(view):
        for tok in view.tokens_between(letter.start, letter.end):
            if tok.lower_ == "my" and tok.tag_ == "PRP$" \
                    and view.token_key[tok.i] is None and view.in_quote(tok):
                view.place_pronoun(tok, letter.signer)
                view.signed.add(tok.i)


def letters(view: ChapterView) -> list[Letter]:
    """The chapter's signed letters whose signer the story knows, in text order."""
    found: list[Letter] = []
    paragraphs = view.paragraphs
    taken = 0  # paragraphs before this one belong to a letter already found
    for p, (start, end) in enumerate(paragraphs):
        names = _signature(view.text[start:end])
        if names is None or not _set_apart(view.text[start:end]):
            continue
        first = p
        while first > taken and _letter_paragraph(view.text[slice(*paragraphs[first - 1])]):
            first -= 1
        taken = p + 1  # a postscript signed again is a letter of its own
        body_start = paragraphs[first][0]
        if body_start == start and "\n" not in view.text[start:end].strip():
            continue  # a lone name in quotes ("“Lizzy.”"): no letter above it
        who = signer(view, names)
        if who is not None:
            found.append(Letter(body_start, end, who))
    return found


def _signature(paragraph: str) -> str | None:
    """The name a paragraph's last line signs with, or None."""
    lines = [line.strip(_QUOTES) for line in paragraph.strip().splitlines()]
    last = lines[-1].rstrip(".").strip(_QUOTES) if lines else ""
    if not last or len(last) > MAX_SIGNATURE:
        return None
    match = SIGNATURE.match(last)
    if match is None and len(lines) > 1:  # "Yours ever," on the line above
        match = SIGNATURE.match(f"{lines[-2]} {last}")
    if match is None:
        return None
    return (match.group("after") or match.group("alone")).strip()


def _set_apart(paragraph: str) -> bool:
    """A paragraph that opens with a quotation mark or is set in from the margin."""
    return paragraph.startswith(INDENT) or paragraph.lstrip(" \t")[:1] in OPENING_QUOTES


def _letter_paragraph(paragraph: str) -> bool:
    """A paragraph of a letter's body: set apart, and not closed as a line of dialogue is
    ("“… as his father did before him?”" is Mrs. Bennet's, before Mr. Collins's letter), nor
    broken by a tag ("“It is from Miss Bingley,” said Jane"); a letter's paragraphs open with
    a quotation mark that only its signature closes."""
    if paragraph.startswith(INDENT):
        return True  # set in as printed: the letter's own lines, whatever they quote
    body = paragraph.rstrip()
    return body[:1] in OPENING_QUOTES and CLOSING_QUOTES[0] not in body \
        and not body.endswith(CLOSING_QUOTES)


INDENT = "   "
OPENING_QUOTES = frozenset("“\"")
CLOSING_QUOTES = ("”", "\"")


def signer(view: ChapterView, signature: str) -> str | None:
    """The one character a signature names: by a name of theirs ("FITZWILLIAM DARCY"), else
    by the surname and the initial of their given name ("F. C. WESTON CHURCHILL" is Frank
    Churchill), else nobody."""
    words = [w.rstrip(".").lower() for w in signature.split()]
    names = {key: {key, item.name, *view.aliases_of(key)}
             for key, item in view.chapter.entities.items() if item.type == "character"}
    people = {key: _matchable(forms) for key, forms in names.items()}
    exact = {key for key, bare in people.items() if " ".join(words) in bare}
    if exact:
        return exact.pop() if len(exact) == 1 else None
    surname, initial = words[-1], words[0][0]
    if len(surname) < 2 or len(words) < 2:
        return None
    fits = {key for key, bare in people.items()
            if any(n.split()[-1] == surname for n in bare)
            and any(given.startswith(initial) for given in _givens(names[key]))}
    return fits.pop() if len(fits) == 1 else None


def _matchable(names: set[str]) -> set[str]:
    """A character's names as a signature may write them: lower-cased, without titles; a
    title's lone surname ("Mr. Churchill") is none, nor are initials ("J. T."), which stand
    for a name."""
    found = set()
    for title, bare in map(split_honorific, names):
        bare = bare.lower()
        if not all(len(w.rstrip(".")) == 1 for w in bare.split()) and (title is None or " " in bare):
            found.add(bare)
    return found


def _givens(names: set[str]) -> set[str]:
    """The given names that open a character's untitled full names ("frank" of "Frank
    Churchill"; not "john" of "Mrs. John Knightley", her husband's)."""
    found = set()
    for title, bare in map(split_honorific, names):
        words = bare.lower().split()
        if title is None and len(words) > 1:
            found.add(words[0])
    return found
