"""nouns_of_kind: nouns written as one of several things of their kind (`NounOfKind`): "the
drawer key" (kind "drawer"), "its key", "the key of the box".

Each noun of the chapter (`wording.noun_spans`) is read with the words of its own sentence
around it: a later chapter's possession check asks of an object's noun whether the story has
had another thing of that kind ("She put the drawer key back under the inkstand" in chapter 3,
beside the brass key of chapter 5). Each noun and kind is kept once per chapter.
"""

from __future__ import annotations

import bisect

from continuum.language.prose import sentences
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.object_uses import NOT_OBJECT
from continuum.pipeline.extract.heuristic.passes.wording import noun_spans, phrase_at
from continuum.pipeline.extract.schema import NounOfKind


def extract_nouns_of_kind(view: ChapterView) -> list[NounOfKind]:
    """The chapter's nouns of a kind, each noun and kind once, in the order first written."""
    spans = sentences(view.text)
    starts = [s.start for s in spans]
    found: dict[tuple[str, str | None], NounOfKind] = {}
    for start, end in noun_spans(view):
        at = bisect.bisect_right(starts, start) - 1
        if at < 0 or end > spans[at].end:
            continue  # between sentences (a heading the splitter left out)
        sentence = spans[at]
        phrase = phrase_at(sentence.text, start - sentence.start, end - sentence.start)
        kind = phrase.kind.lower() if phrase.kind else None
        if kind is not None and (kind in NOT_OBJECT or kind.endswith("ly")):
            continue  # "the old key", "the only key": any key
        if kind is None and not (phrase.its or phrase.complement):
            continue
        head = phrase.head.lower()
        found.setdefault((head, kind), NounOfKind(head=head, kind=kind))
    return list(found.values())
