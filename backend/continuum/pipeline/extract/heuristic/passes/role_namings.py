"""role_namings: who the words call by a role noun (`RoleNaming`), for the critic's reading of
a speaker or subject named only by it ("said the landlady"):

- a copular clause: a name, or "he"/"she", then "is", "was", "had been" or "has been" and,
  within sixty characters of the clause, "a", "an" or "the" with the noun among the three
  words after it: "Elena Voss was a widow, and the landlady of the Lantern", "She had been
  the landlady there for twenty years";
- a trade or office set off after a name, read in the parse as the descriptions read it
  (`descriptions.calling_beside`): "Redruth, the gamekeeper";
- "the NOUN, NAME" as written, in any noun: "the coxswain, Israel Hands".

The noun is not known while reading, so every word that may be it is kept (the words of three
letters or more after the article), each with where its naming ends; `called_by` gives, for
one noun, the namings a search for that noun would find: the first at each place, none inside
another. But for the trade after a name, read from the words of each sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from continuum.language.names import PROPER_NAME
from continuum.language.prose import sentences
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.descriptions import calling_beside
from continuum.pipeline.extract.schema import RoleNaming

_WHO = re.compile(rf"(?=(?P<who>{PROPER_NAME}|\b(?:[Ss]he|[Hh]e)\b))")
_COPULA = re.compile(r"\s+(?:is|was|had\s+been|has\s+been)\b")
_ARTICLE = re.compile(r"\b(?:a|an|the)\s+")
_WORD = re.compile(r"[a-z]+\b")
_SPACE = re.compile(r"\s+")
_THE_NOUN = re.compile(rf"\bthe\s+(?P<noun>[a-z]+),\s+(?P<after>{PROPER_NAME})")
_CLAUSE_STOPS = frozenset('.;!?"\u201c\u201d')
REACH = 60  # characters between the verb and the article
SHORTEST = 3  # letters of a role noun ("the innkeeper", never "the ox")
_WORDS_BEFORE = 2  # words between the article and the noun ("the old blind innkeeper")


def extract_role_namings(view: ChapterView) -> list[RoleNaming]:
    """Every naming by a role noun in the chapter, in text order."""
    out: list[RoleNaming] = []
    for sentence in sentences(view.text):
        out += _in_sentence(sentence.text, sentence.start)
    return sorted(out + _trades_beside_names(view), key=lambda n: (n.start, n.end))


def _trades_beside_names(view: ChapterView) -> list[RoleNaming]:
    """"Redruth, the gamekeeper": a trade set off after a name (`calling_beside`)."""
    out: list[RoleNaming] = []
    for tok in view.tokens:
        if tok.pos_ != "PROPN" or view.token_kind[tok.i] != "name":
            continue
        for noun in tok.children:
            if noun.dep_ == "appos" and noun.pos_ == "NOUN" and noun.i > tok.i \
                    and calling_beside(noun, tok):
                name = view.proper_name(tok)
                start = view.text.find(name, max(0, tok.idx - len(name)))
                out.append(RoleNaming(noun=noun.lower_, who=name, start=max(start, 0),
                                      end=noun.idx + len(noun.text)))
    return out


def called_by(noun: str, namings: Iterable[RoleNaming]) -> Iterator[RoleNaming]:
    """The namings by one noun that a left-to-right search for it finds: at each place the
    first (the nearest article), and none beginning inside the one before."""
    reached = -1
    for naming in sorted((n for n in namings if n.noun == noun), key=lambda n: (n.start, n.end)):
        if naming.start >= reached:
            reached = naming.end
            yield naming


def _in_sentence(text: str, offset: int) -> list[RoleNaming]:
    out: list[RoleNaming] = []
    for m in _WHO.finditer(text):
        who = m.group("who")
        seen: set[str] = set()
        verb = _COPULA.match(text, m.end("who"))
        if verb is not None:
            for noun, end in _after_copula(text, verb.end()):
                if noun not in seen:
                    seen.add(noun)
                    out.append(RoleNaming(noun=noun, who=who, start=offset + m.start("who"),
                                          end=offset + end))
    for m in _THE_NOUN.finditer(text):
        if len(m.group("noun")) >= SHORTEST:
            out.append(RoleNaming(noun=m.group("noun"), who=m.group("after"),
                                  start=offset + m.start(), end=offset + m.end(), named_after=True))
    return out


def _after_copula(text: str, at: int) -> Iterator[tuple[str, int]]:
    """The nouns an article within `REACH` characters of the verb may lead to, nearest first."""
    for gap in range(REACH + 1):
        if gap and text[at + gap - 1:at + gap] in _CLAUSE_STOPS | {""}:
            return
        article = _ARTICLE.match(text, at + gap)
        if article is not None:
            yield from _nouns(text, article.end())


def _nouns(text: str, at: int) -> Iterator[tuple[str, int]]:
    """The words that may be the noun after an article, with where each ends: the first, and
    each of the next two when only lower-case words and spaces lead to it."""
    for _ in range(_WORDS_BEFORE + 1):
        word = _WORD.match(text, at)
        if word is None:
            return
        if len(word.group()) >= SHORTEST:
            yield word.group(), word.end()
        space = _SPACE.match(text, word.end())
        if space is None:
            return
        at = space.end()
