"""told_acts: the sentences that tell an act a later chapter may refer back to (`ToldAct`):
"Elena swore on the harbour wall that she would find him" tells a vow, "He lent Tomas ten
shillings" a debt, '"The reef will have one of them," she said.' a warning. Each keeps the
families of acts it tells (`language.promises.acts_told`) and its content words, for the
critic's commitments check to find "as she had sworn" of a later chapter by its key words.
Only the text is read (no parse), sentence by sentence as `language.prose.sentences` splits it.
"""

from __future__ import annotations

from continuum.language.content import content_words
from continuum.language.promises import acts_told
from continuum.language.prose import sentences
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import ToldAct


def extract_told_acts(view: ChapterView) -> list[ToldAct]:
    """The chapter's sentences that tell an act, in text order."""
    return told_acts(view.text)


def told_acts(text: str) -> list[ToldAct]:
    """Every sentence of a text that tells an act and has a content word to find it by."""
    out = []
    for sentence in sentences(text):
        families = acts_told(sentence.text)
        words = content_words(sentence.text) if families else set()
        if words:
            out.append(ToldAct(families=families, words=sorted(words)))
    return out
