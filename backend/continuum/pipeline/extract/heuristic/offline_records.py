"""Records only the offline reader makes: the objects of the narration's now (`ObjectUse`),
the acts a chapter refers back to (`BackReferenceItem`), the words of a character's own
outside quotation marks (`Voice`), and the narration's verbs of knowing who someone is and
names in a modal clause (`Cognition`, `ModalNaming`). An LLM extraction carries none of them, so the critique
takes the offline reader's beside the LLM's claims, and each check compares the same records
whichever extractor read the draft."""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.passes.back_references import extract_back_references
from continuum.pipeline.extract.heuristic.passes.cognitions import extract_cognitions, extract_modal_namings
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.object_uses import extract_object_uses
from continuum.pipeline.extract.heuristic.passes.voices import extract_voices
from continuum.pipeline.extract.protocol import StoryContext
from continuum.pipeline.extract.schema import ChapterExtraction


def with_offline_records(extraction: ChapterExtraction, text: str,
                         context: StoryContext) -> ChapterExtraction:
    """The extraction with the offline reader's object uses, back-references, voices,
    cognitions and modal namings where it has none, from one analysis of the text."""
    if extraction.object_uses and extraction.back_references and extraction.voices and \
            extraction.cognitions and extraction.modal_namings:
        return extraction
    view = ChapterView.build(analyze_chapter_text(text, context), context)
    update: dict[str, object] = {}
    if not extraction.object_uses:
        update["object_uses"] = extract_object_uses(view)
    if not extraction.back_references:
        update["back_references"] = extract_back_references(view)
    if not extraction.voices:
        update["voices"] = extract_voices(view)
    if not extraction.cognitions:
        update["cognitions"] = extract_cognitions(view)
    if not extraction.modal_namings:
        update["modal_namings"] = extract_modal_namings(view)
    return extraction.model_copy(update=update)
