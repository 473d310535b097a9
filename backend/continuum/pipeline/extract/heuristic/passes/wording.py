"""wording: the chapter's words as written, for the critic's comparisons of things and people.

- noun phrases (`NounPhrase`): each noun with the words right before and after it, which tell
  one thing from another of its kind ("the inn ledger", "her own ledger", "a long brass key",
  "the key of the box", "the compass rose");
- names (`NameMention`): each capitalised name with its title ("Mr. Darcy", "Aldous's"), and
  whether it is in quoted speech;
- where each sentence and paragraph begins.

Which thing or person those words name is the critic's binding (`critic.checks.possession`).
"""

from __future__ import annotations

import re

from continuum.language.names import PROPER_NAME, normalize
from continuum.language.pronouns import POSSESSIVES
from continuum.language.prose import in_speech, paragraphs, sentences, speeches
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.object_uses import AFTER_HEAD
from continuum.pipeline.extract.schema import NameMention, NounPhrase

_WORD = r"[\w’'-]+"
# How many words before a noun a phrase keeps.
BEFORE = 4
# The words right before a noun, read backwards from it (a match anchored at the noun's end
# would be tried at every offset of the window).
_BEFORE_REVERSED = re.compile(rf"(?:\s+{_WORD}){{1,{BEFORE}}}")
_AFTER = re.compile(rf"\s+({_WORD})(?:\s+({_WORD}))?")
_NEXT = re.compile(r"\s+([a-z]+)\b")
_NAME = re.compile(rf"\b{PROPER_NAME}")
# Who may own a thing "own" ("her own ledger"), and what follows "the key of"/"to" in a
# complement that makes it another key ("the key of the box").
OWNERS = POSSESSIVES - {"its"}
COMPLEMENT = (POSSESSIVES | {"the", "it", "that", "this"}) - {"my", "your", "its", "our"}


def extract_noun_phrases(view: ChapterView) -> list[NounPhrase]:
    """Every noun of the chapter with its words."""
    return [phrase_at(view.text, start, end) for start, end in noun_spans(view)]


def noun_spans(view: ChapterView) -> list[tuple[int, int]]:
    """Where each noun of the chapter is: a word the parse tags a noun, or a word of a known
    object's name."""
    things = {word for e in view.context.entities if e.type == "object"
              for name in (e.name, *e.aliases) for word in normalize(name).split()}
    return [(tok.idx, tok.idx + len(tok.text)) for tok in view.tokens
            if tok.is_alpha and (tok.pos_ in ("NOUN", "PROPN") or tok.lower_ in things)]


def phrase_at(text: str, start: int, end: int) -> NounPhrase:
    """The noun at an offset with the words around it."""
    found = _BEFORE_REVERSED.match(text[max(0, start - 200):start][::-1])
    before = [w[::-1] for w in reversed(found.group().split())] if found is not None else []
    m = _AFTER.match(text, end)
    after = [w.lower() for w in m.groups() if w] if m is not None else []
    lower = [w.lower() for w in before]
    return NounPhrase(
        head=text[start:end], start=start, before=before,
        kind=before[-1] if lower[-2:-1] == ["the"] and _letters(before[-1]) else None,
        own=_own(before, text[start:end]), its=lower[-1:] == ["its"],
        complement=len(after) == 2 and after[0] in ("of", "to") and after[1] in COMPLEMENT,
        modifies_next=_modifies_next(text, end))


def _own(before: list[str], head: str) -> str | None:
    """"her own ledger", "Jonah's own ledger": an owner, "own" and at most one word more."""
    for k in (2, 3):
        words = before[-k:]
        if len(words) == k and words[1].lower() == "own" and (k == 2 or _letters(words[2])) and \
                (words[0].lower() in OWNERS or (words[0][:1].isalpha() and len(words[0]) > 2
                                                and words[0].endswith(("'s", "’s")))):
            return " ".join([*words, head])
    return None


def _modifies_next(text: str, end: int) -> bool:
    """The next word is a noun the head modifies ("compass rose", "key ring"): a word of lower
    case letters that is not a particle, an adverb or a participle."""
    m = _NEXT.match(text, end)
    return m is not None and m.group(1) not in AFTER_HEAD and not m.group(1).endswith(("ly", "ed"))


def _letters(word: str) -> bool:
    return word.isascii() and word.isalpha()


def extract_names(view: ChapterView) -> list[NameMention]:
    """Every capitalised name of the chapter, with its title, in narration or speech."""
    spoken = speeches(view.text)
    return [NameMention(text=m.group(), start=m.start(), in_speech=in_speech(spoken, m.start()) is not None)
            for m in _NAME.finditer(view.text)]


def sentence_starts(view: ChapterView) -> list[int]:
    return [s.start for s in sentences(view.text)]


def paragraph_starts(view: ChapterView) -> list[int]:
    return [p.start for p in paragraphs(view.text)]
