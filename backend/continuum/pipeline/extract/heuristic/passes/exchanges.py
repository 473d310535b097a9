"""exchanges: a request answered with a short assent (`Exchange`):

    "He will hang for this," the captain said. "Not your father. Make sure of it."
    "I will," said Mara.

An answer is a sentence that opens with "I will" / "I shall" / "Yes" / "I promise" / "you have
my word" and ends within a few words; it takes on a request when one of the sentences in the
400 characters before it asks for something ("Make sure of it.", "Promise me.", "Will you
...?"). Each keeps the words of those sentences, for the critic's commitments check to find
an act a later chapter refers back to ("as she had sworn") by its key words. Only the text is
read (no parse), sentence by sentence as `language.prose.sentences` splits it.
"""

from __future__ import annotations

import re

from continuum.language.content import written_words
from continuum.language.prose import sentences
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import Exchange

# A short answer that takes on what was just asked: "I will," said Mara.
ASSENT = re.compile(r"^\W*(?:(?:yes|aye|very\s+well)\b\W*)?(?:yes|aye|i\s+will|i\s+shall|i\s+promise|"
                    r"i\s+swear|i\s+give\s+you\s+my\s+word|you\s+have\s+my\s+word|on\s+my\s+word)"
                    r"\b(?:\s+[\w']+){0,3}\s*[,.!;\u2014-]", re.IGNORECASE)
# What asks for it: an order or a plea ("Make sure of it.", "Promise me.", "Will you ...?").
REQUEST = re.compile(r"\b(?:will\s+you|would\s+you|promise\s+me|swear\s+(?:to\s+me|it)|you\s+must|"
                     r"you\s+will|make\s+sure|see\s+(?:that|to\s+it)|give\s+me\s+your\s+word|"
                     r"do\s+you\s+promise|i\s+want\s+you\s+to|i\s+need\s+you\s+to)\b"
                     r"|(?:^|[\"\u201c.!?]\s*)(?:[A-Z][a-z]+,\s+)?(?:make|see|keep|take|bring|find|look|go|get|do|"
                     r"don't|never|promise|swear|tell|give|let|mind|remember)\b", re.IGNORECASE)
EXCHANGE_WINDOW = 400  # characters before an answer that hold the request


def extract_exchanges(view: ChapterView) -> list[Exchange]:
    """The chapter's requests answered with an assent, in text order."""
    return exchanges(view.text)


def exchanges(text: str) -> list[Exchange]:
    """Every short assent of a text with a request in the sentences just before it."""
    spans = sentences(text)
    out = []
    for answer in spans:
        if not ASSENT.match(answer.text):
            continue
        window = [s for s in spans if answer.start - EXCHANGE_WINDOW <= s.start < answer.start]
        if not any(REQUEST.search(s.text) for s in window):
            continue
        asked = [sorted(words) for s in window if (words := written_words(s.text))]
        out.append(Exchange(start=answer.start, asked=asked))
    return out
