"""How a sentence gives a canon fact (`FactFrame`), read around the fact's evidence for any
extractor's facts (the offline reader's own, or an LLM's, in the critique):

- `then`: inside a time clause, so about that time and not the story's now ("since he was
  fourteen", "when her hair was still red", "the compasses her father gave her when she was
  fourteen");
- `bygone`: the sentence tells of the past ("had been a sailor in his youth", "the former
  clerk");
- `spoken`: inside quoted speech;
- who the fact is written of: the names the evidence writes, and those of its sentence up to the
  evidence's end ("Mara's blue eyes", "Elena pushed her fair hair"), whether the evidence begins
  with "he"/"she" ("she was nineteen") and its first third-person pronoun. Which person a name
  is, is the critic's binding.

Only the text is read (no parse), so the critique can frame an LLM's facts cheaply.
"""

from __future__ import annotations

import bisect
import re

from continuum.language.names import name_surfaces
from continuum.language.pronouns import first_pronoun
from continuum.language.prose import Span, Speech, in_speech, sentences, speeches
from continuum.pipeline.extract.schema import CanonFactItem, FactFrame

_TIME_CLAUSE = re.compile(r"\b(?:when|since|until|till|before|after|while|once|by\s+the\s+time)\s+"
                          r"(?:[\w'’]+\s+){0,3}$", re.IGNORECASE)
# A time of the past, not of now: "had been a sailor in his youth", "the former clerk".
_BYGONE = re.compile(r"\b(?:(?<!never\s)(?<!not\s)(?<!at\s)once|formerly|former|"
                     r"in\s+(?:his|her|their)\s+youth|"
                     r"as\s+a\s+(?:boy|girl|lad|child)|years\s+(?:ago|before)|used\s+to|"
                     r"before\s+(?:he|she|they)\s+(?:married|came|went)|late|retired|one-time|sometime)\b",
                     re.IGNORECASE)
_PRONOUN_LED = re.compile(r"^\W*(?:he|she)\b", re.IGNORECASE)


def frame_canon_facts(text: str, facts: list[CanonFactItem]) -> list[CanonFactItem]:
    """Each fact with its frame read from the text (a fact already framed is kept as it is)."""
    if all(f.frame is not None for f in facts):
        return facts
    spans = sentences(text)
    talk = speeches(text)
    return [fact if fact.frame is not None else
            fact.model_copy(update={"frame": _frame(text, spans, talk, fact)}) for fact in facts]


def _frame(text: str, spans: list[Span], talk: list[Speech], fact: CanonFactItem) -> FactFrame:
    start, end = fact.evidence.start, fact.evidence.end
    sentence = sentence_at(spans, start)
    quote = text[start:end]
    return FactFrame(
        then=_TIME_CLAUSE.search(text[max(0, start - 40):start]) is not None,
        bygone=_BYGONE.search(sentence.text if sentence is not None else text) is not None,
        spoken=in_speech(talk, start) is not None,
        pronoun_led=_PRONOUN_LED.match(quote) is not None,
        pronoun=first_pronoun(fact.evidence.quote),
        names=name_surfaces(quote),
        names_before=name_surfaces(text[sentence.start:end]) if sentence is not None else [],
        sentence_start=sentence.start if sentence is not None else None,
        sentence_end=sentence.end if sentence is not None else None)


def sentence_at(spans: list[Span], at: int) -> Span | None:
    """The sentence (of `spans`, in text order) holding an offset, if any."""
    i = bisect.bisect_right(spans, at, key=lambda s: s.start) - 1
    return spans[i] if i >= 0 and spans[i].start <= at < spans[i].end else None
