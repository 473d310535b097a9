"""Records only the offline reader makes: the objects of the narration's now (`ObjectUse`),
the things handed on, taken or lost (`ObjectFate`), the chapter's nouns and names with their
words and where its sentences and paragraphs begin, the acts a chapter refers back to
(`BackReferenceItem`), the things it pays off (`PayoffItem`), the words of a character's own
outside quotation marks (`Voice`), the narration's verbs of knowing who someone is and names
in a modal clause (`Cognition`, `ModalNaming`), quoted speech with the names and kinships in
it (`QuotedSpeech`), narration that writes or addresses names (`NameWriting`), who acts or
speaks and how it is told (`Act`, `Utterance`), the ages at a dated event (`DatedAge`), who
the words call by a role noun (`RoleNaming`), the events dated by the years before
(`DatedEvent`), and the acts told and requests answered "I will" that a later chapter may
refer back to (`ToldAct`, `Exchange`).
An LLM extraction carries none of them, so the critique takes the offline reader's beside the
LLM's claims, and each check compares the same records whichever extractor read the draft.
The offline reader also frames each canon fact, the LLM's too (`FactFrame`: a time clause,
speech, a pronoun subject)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.passes.acts import extract_acts, extract_utterances
from continuum.pipeline.extract.heuristic.passes.back_references import extract_back_references
from continuum.pipeline.extract.heuristic.passes.canon_frames import frame_canon_facts
from continuum.pipeline.extract.heuristic.passes.cognitions import extract_cognitions, extract_modal_namings
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.dated_ages import extract_dated_ages, extract_dated_events
from continuum.pipeline.extract.heuristic.passes.exchanges import extract_exchanges
from continuum.pipeline.extract.heuristic.passes.namings import extract_name_writings, extract_quoted_speech
from continuum.pipeline.extract.heuristic.passes.nouns_of_kind import extract_nouns_of_kind
from continuum.pipeline.extract.heuristic.passes.object_fates import extract_object_fates
from continuum.pipeline.extract.heuristic.passes.object_uses import extract_object_uses
from continuum.pipeline.extract.heuristic.passes.payoffs import extract_payoffs
from continuum.pipeline.extract.heuristic.passes.role_namings import extract_role_namings
from continuum.pipeline.extract.heuristic.passes.told_acts import extract_told_acts
from continuum.pipeline.extract.heuristic.passes.voices import extract_voices
from continuum.pipeline.extract.heuristic.passes.wording import (
    extract_names,
    extract_noun_phrases,
    paragraph_starts,
    sentence_starts,
)
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import ChapterExtraction, ChapterRecords

# Each record the offline reader makes for the critic, by the extraction field that holds it.
READERS: dict[str, Callable[[ChapterView], list[Any]]] = {
    "object_uses": extract_object_uses,
    "object_fates": extract_object_fates,
    "noun_phrases": extract_noun_phrases,
    "names": extract_names,
    "sentence_starts": sentence_starts,
    "paragraph_starts": paragraph_starts,
    "back_references": extract_back_references,
    "payoffs": extract_payoffs,
    "voices": extract_voices,
    "cognitions": extract_cognitions,
    "modal_namings": extract_modal_namings,
    "quoted_speech": extract_quoted_speech,
    "name_writings": extract_name_writings,
    "acts": extract_acts,
    "utterances": extract_utterances,
    "dated_ages": extract_dated_ages,
    "role_namings": extract_role_namings,
    "dated_events": extract_dated_events,
    "told_acts": extract_told_acts,
    "exchanges": extract_exchanges,
    "nouns_of_kind": extract_nouns_of_kind,
}


def with_offline_records(extraction: ChapterExtraction, text: str,
                         context: StoryContext) -> ChapterExtraction:
    """The extraction with the offline reader's records (`READERS`) where it has none, from
    one analysis of the text, and its canon facts framed."""
    framed = frame_canon_facts(text, extraction.canon_facts)
    if framed is not extraction.canon_facts:
        extraction = extraction.model_copy(update={"canon_facts": framed})
    missing = [field for field in READERS if not getattr(extraction, field)]
    if not missing:
        return extraction
    view = ChapterView.build(analyze_chapter_text(text, context), context)
    return extraction.model_copy(update={field: READERS[field](view) for field in missing})


def read_records(text: str, context: StoryContext | None = None) -> ChapterRecords:
    """A chapter's `ChapterRecords` as the offline reader reads them from its text alone."""
    context = context or StoryContext()
    view = ChapterView.build(analyze_chapter_text(text, context), context)
    return ChapterRecords.model_validate(
        {field: READERS[field](view) for field in ChapterRecords.model_fields})
