"""The time of a clause in a parse: is a verb an act of the story's now (finite, not perfect,
modal or reported), and does the paragraph frame a memory before an offset. Shared by the
extractor's passes."""

from __future__ import annotations

import re
from typing import Any

from continuum.language.grammar import FINITE_TAGS, MODALS
from continuum.language.lexicon import words

# Verbs whose clauses report a memory, thought or wish rather than an act of the story's now.
REPORTING = words("""remember recall think dream imagine wonder picture wish fear hope pretend
                  suppose believe know say tell hear read write see watch expect want forget""")
# Words that frame a memory in a paragraph: what follows may be a flashback.
FRAMED = words("remember recall memory dream think imagine picture")


def finite(verb: Any) -> bool:
    """A finite verb or a progressive ("walked", "was walking"), not an infinitive or participle."""
    if verb.tag_ in FINITE_TAGS:
        return True
    return bool(verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" and c.tag_ in FINITE_TAGS
                                          for c in verb.children))


def perfect_or_modal(verb: Any) -> bool:
    """"had gone", "would go", "must have gone": not an act of the story's present."""
    aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    return any(c.lemma_ == "have" or c.lower_ in MODALS for c in aux) or verb.tag_ == "VBN" \
        or (verb.tag_ == "VBG" and any(c.lower_ == "been" for c in aux))


# A time anchored in the story's own day or week: a past perfect dated by one ("had signed
# the chit that morning", "had called the night before") happened after anything the earlier
# chapters told, not before them.
RECENT = re.compile(
    r"\b(?:(?:this|that|the same)\s+(?:very\s+)?(?:morning|afternoon|evening|night|day|week|forenoon)"
    r"|today|tonight|yesterday|last\s+(?:night|evening|week)"
    r"|the\s+(?:night|day|evening|morning|week)\s+before"
    r"|(?:an?|one|two|three|a\s+few|some)\s+(?:minutes?|hours?|days?)\s+(?:ago|before|earlier)"
    r"|earlier\s+(?:that|this|in\s+the)\s+(?:morning|afternoon|evening|day|week))\b",
    re.IGNORECASE)


def recent_perfect(verb: Any) -> bool:
    """A past perfect ("had signed") dated in the story's present by its own sentence ("that
    morning", "yesterday", "an hour before"), so the act is recent, not a memory."""
    aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if not any(c.lemma_ == "have" for c in aux) or any(c.lower_ in MODALS for c in aux):
        return False
    return RECENT.search(verb.sent.text) is not None


def main_clause(verb: Any) -> bool:
    """The verb is the sentence's root, or coordinated with it."""
    node = verb
    while node.dep_ == "conj":
        node = node.head
    return bool(node.dep_ == "ROOT")


def negated(verb: Any) -> bool:
    """"did not take", "never found"."""
    return any(c.dep_ == "neg" for c in verb.children)


def reported(verb: Any) -> bool:
    """The clause hangs under a verb of memory, thought or speech ("remembered how she ran")."""
    node = verb
    while node.dep_ not in ("ROOT",) and node.head.i != node.i:
        if node.dep_ in ("ccomp", "xcomp", "advcl", "relcl", "acl", "pcomp") and \
                node.head.lemma_ in REPORTING:
            return True
        node = node.head
    return False


def remembered(doc: Any, text: str, start: int) -> bool:
    """The paragraph frames a memory before this offset: a past perfect ("had first met"), a
    verb of memory or "years ago", so a simple past after it may be a flashback."""
    para_start = text.rfind("\n\n", 0, start) + 1
    for tok in doc.char_span(para_start, start, alignment_mode="contract") or []:
        if tok.lemma_ in FRAMED or (tok.lower_ == "ago") or \
                (tok.tag_ == "VBN" and any(c.lemma_ == "have" and c.dep_ == "aux" for c in tok.children)):
            return True
    return False


def clause_subject(verb: Any) -> Any | None:
    """A verb's subject, or that of the verb it is coordinated with ("took the key and
    unlocked the door", "dipped his pen, drew a line through ... and wrote")."""
    node = verb
    for _ in range(4):
        subject = next((c for c in node.children if c.dep_ == "nsubj"), None)
        if subject is not None or node.dep_ != "conj":
            return subject
        node = node.head
    return None
