"""object_fates: things handed on, taken, lost or recovered, as the words say it (`ObjectFate`).

- given: "Tomas gave the silver compass to Ivo", "handed the Guild ledger back to Aldous",
  "gave Ivo the compass", "sent her letter";
- taken: "Ivo took the silver compass", "Mara quietly pocketed the key";
- gone: "the brass key was lost", "had been smashed", "flung the brass key into the harbour";
- recovered: "the ledger had been returned", "his watch was found".

Read from the words of a chapter: a draft's, and each earlier chapter's when it was written
(stored with it, `ChapterRecords`); the critic's possession check decides whether a fate moves
the object a character uses.
"""

from __future__ import annotations

import re

from continuum.language.names import PRONOUNS, PROPER_NAME, normalize
from continuum.language.possession import BACK, GAVE, GONE, THREW, THROWN_INTO, TOOK
from continuum.language.prose import sentences
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import Evidence, ObjectFate, Referent


def _one_of(words: frozenset[str]) -> str:
    return "|".join(sorted(words, key=lambda w: (-len(w), w)))


_WORD = r"[\w’'-]+"
_DET = r"(?P<det>the|his|her|their)"
_PHRASE = rf"(?P<np>{_WORD}(?:\s+{_WORD}){{0,3}}?)"
# "gave the silver compass", "gave Ivo the compass", "Ivo took the compass": the phrase's words follow
_GIVEN = re.compile(rf"\b(?P<verb>{_one_of(GAVE)})\s+{_DET}\s+")
_GIVEN_TO = re.compile(rf"{_PHRASE}\s+(?:back\s+)?to\s+(?P<to>{PROPER_NAME})")
_GIVEN_HIM = re.compile(rf"\b(?P<verb>{_one_of(GAVE - {'returned', 'sent', 'entrusted'})})\s+"
                        rf"(?P<to>{PROPER_NAME})\s+{_DET}\s+")
_TAKEN = re.compile(rf"(?P<by>{PROPER_NAME})\s+(?:\w+ly\s+)?(?P<verb>{_one_of(TOOK)}|picked\s+up)\s+"
                    r"(?P<det>the)\s+")
_THROWN = re.compile(rf"\b(?P<verb>{_one_of(THREW)})\s+(?P<det>the)\s+{_PHRASE}\s+(?:in|into|over|down)\s+"
                     rf"(?:\w+\s+)?the\s+(?:{_one_of(THROWN_INTO)})\b", re.IGNORECASE)
_WENT = re.compile(rf"\b(?:was|had\s+been)\s+(?:\w+ly\s+)?(?P<how>{_one_of(GONE | BACK)})\b", re.IGNORECASE)
_FOLLOWING = re.compile(rf"{_WORD}(?:\s+{_WORD}){{0,3}}")
_WHOLE_WORD = re.compile(_WORD)
_DETERMINERS = ("the", "his", "her", "their")


def extract_object_fates(view: ChapterView) -> list[ObjectFate]:
    """Every hand-over, taking, loss or recovery of a thing the chapter's words state."""
    return read_fates(view.text)


def read_fates(text: str) -> list[ObjectFate]:
    """The fates a text states, in the order they begin."""
    spans = sentences(text)
    fates: list[ObjectFate] = []
    for span in spans:
        fates += _in_sentence(span.text, span.start)
    return sorted(fates, key=lambda f: f.start)


def _in_sentence(text: str, offset: int) -> list[ObjectFate]:
    out: list[ObjectFate] = []
    evidence = Evidence(start=offset, end=offset + len(text), quote=text, rule="object_fates", confidence=0.5)

    def fate(how: str, m: re.Match[str], words: list[str], *, closed: bool = False,
             receiver: Referent | None = None, taker: Referent | None = None,
             gone: str | None = None) -> None:
        out.append(ObjectFate(
            how=how, verb=" ".join(m.group("verb").lower().split()),  # type: ignore[arg-type]
            determiner=m.group("det").lower(), words=words, closed=closed, receiver=receiver,
            taker=taker, gone=gone, start=offset + m.start(), evidence=evidence))

    for m in _GIVEN.finditer(text):
        to = _GIVEN_TO.match(text, m.end())
        if to is not None:
            fate("given", m, to.group("np").split(), closed=True, receiver=_who(to, "to", offset))
        else:
            fate("given", m, _following(text, m.end()))
    for m in _GIVEN_HIM.finditer(text):
        fate("given", m, _following(text, m.end()), receiver=_who(m, "to", offset))
    for m in _TAKEN.finditer(text):
        fate("taken", m, _following(text, m.end()), taker=_who(m, "by", offset))
    for m in _THROWN.finditer(text):
        fate("gone", m, m.group("np").split(), closed=True, gone="thrown away")
    for m in _WENT.finditer(text):
        found = _phrase_before(text, m.start())
        if found is None:
            continue
        at, det, words = found
        how = m.group("how").lower()
        out.append(ObjectFate(
            how="gone" if how in GONE else "recovered", verb=how, determiner=det, words=words,
            closed=True, gone=how if how in GONE else None, start=offset + at, evidence=evidence))
    return out


def _who(m: re.Match[str], group: str, offset: int) -> Referent:
    surface = m.group(group)
    pronoun = normalize(surface) in PRONOUNS
    return Referent(text=surface, start=offset + m.start(group), proper=not pronoun, pronoun=pronoun)


def _following(text: str, at: int) -> list[str]:
    """The (at most four) words right after an offset, whitespace only between them."""
    m = _FOLLOWING.match(text, at)
    return m.group().split() if m is not None else []


def _phrase_before(text: str, end: int) -> tuple[int, str, list[str]] | None:
    """The nearest "the|his|her|their" and the one to four words between it and an offset
    ("the brass key" of "the brass key was lost"), whitespace only between them."""
    window = text[max(0, end - 200):end]
    if not window[-1:].isspace():
        return None
    base = end - len(window)
    words: list[str] = []
    for token in reversed(list(re.finditer(r"\S+", window))[-5:]):
        if not _WHOLE_WORD.fullmatch(token.group()):
            return None
        if token.group().lower() in _DETERMINERS and words:
            return base + token.start(), token.group().lower(), words[::-1]
        words.append(token.group())
    return None
