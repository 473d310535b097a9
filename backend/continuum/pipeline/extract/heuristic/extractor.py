"""The offline extractor: one spaCy analysis of the chapter, then the rule passes over it.

No network, no key. `analyze_chapter_text` parses once and finds the entities (the
new_entities pass); every other pass reads that analysis through a `ChapterView` and never
parses again. Passes run in dependency order (events use the state deltas, canon facts
the relationships, flags the commitments, summaries the events) and report progress one
by one.
"""

from __future__ import annotations

from collections.abc import Iterable

from continuum.pipeline.extract.heuristic.analyze import analyze_chapter_text
from continuum.pipeline.extract.heuristic.offline_records import READERS
from continuum.pipeline.extract.heuristic.passes.acts import extract_acts, extract_utterances
from continuum.pipeline.extract.heuristic.passes.back_references import extract_back_references
from continuum.pipeline.extract.heuristic.passes.canon import extract_canon_facts
from continuum.pipeline.extract.heuristic.passes.cognitions import extract_cognitions, extract_modal_namings
from continuum.pipeline.extract.heuristic.passes.commitments import extract_commitments
from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.heuristic.passes.dated_ages import extract_dated_ages
from continuum.pipeline.extract.heuristic.passes.descriptions import describe_entities
from continuum.pipeline.extract.heuristic.passes.dynamics import extract_dynamics
from continuum.pipeline.extract.heuristic.passes.events import extract_events
from continuum.pipeline.extract.heuristic.passes.flags import extract_flags
from continuum.pipeline.extract.heuristic.passes.glossed_names import fold_glossed, glossed_names
from continuum.pipeline.extract.heuristic.passes.knowledge import extract_knowledge
from continuum.pipeline.extract.heuristic.passes.namings import extract_name_writings, extract_quoted_speech
from continuum.pipeline.extract.heuristic.passes.object_uses import extract_object_uses
from continuum.pipeline.extract.heuristic.passes.on_stage import on_stage
from continuum.pipeline.extract.heuristic.passes.payoffs import extract_payoffs
from continuum.pipeline.extract.heuristic.passes.relationships import extract_relationships
from continuum.pipeline.extract.heuristic.passes.scenes import extract_scenes
from continuum.pipeline.extract.heuristic.passes.state_deltas import extract_state_deltas
from continuum.pipeline.extract.heuristic.passes.summaries import extract_summaries
from continuum.pipeline.extract.heuristic.passes.threads import extract_threads
from continuum.pipeline.extract.heuristic.passes.voices import extract_voices
from continuum.pipeline.extract.protocol import ProgressCallback, Reading, StoryContext
from continuum.pipeline.extract.schema import ChapterExtraction

# The order passes run in (their dependencies first); every name of PASS_NAMES once.
RUN_ORDER = (
    "new_entities", "state_deltas", "events", "relationship_updates", "canon_facts",
    "knowledge_state_deltas", "commitments", "continuity_flags", "thread_updates",
    "dynamics_updates", "scene_segmentation", "multi_granularity_summaries", "chapter_summary",
)


class OfflineExtractor:
    """The default extractor: spaCy plus rules, deterministic, no network."""

    name = "offline"

    def read(self, text: str, *, chapter_number: int, context: StoryContext,
             progress: ProgressCallback | None = None) -> Reading:
        """`extract`, which costs no LLM call."""
        return Reading(self.extract(text, chapter_number=chapter_number, context=context,
                                    progress=progress))

    def extract(
        self,
        text: str,
        *,
        chapter_number: int,
        context: StoryContext,
        progress: ProgressCallback | None = None,
    ) -> ChapterExtraction:
        """All 13 passes over one chapter; offsets are into `text`."""
        done = 0

        def step(pass_name: str) -> None:
            nonlocal done
            done += 1
            if progress is not None:
                progress(pass_name, done / len(RUN_ORDER))

        if progress is not None:
            progress("new_entities", 0.0)
        analyzed = analyze_chapter_text(text, context)
        step("new_entities")
        view = ChapterView.build(analyzed, context)
        describe_entities(view, analyzed.entities)
        deltas = extract_state_deltas(view)
        deltas.items = on_stage(view, deltas.items)
        object_uses = extract_object_uses(view)
        step("state_deltas")
        events = extract_events(view, deltas.verbs)
        acts = extract_acts(view)
        utterances = extract_utterances(view)
        step("events")
        relationships = [*extract_relationships(view), *deltas.homes.updates]
        glossed = glossed_names(view, relationships)
        if glossed:  # "Miss Havisham's adopted daughter, Mrs. Bentley Drummle": Estella's name
            relationships = fold_glossed(analyzed, view, relationships, glossed)
        step("relationship_updates")
        canon = extract_canon_facts(view, relationships)
        step("canon_facts")
        knowledge = extract_knowledge(view)
        voices = extract_voices(view)
        cognitions = extract_cognitions(view)
        modal_namings = extract_modal_namings(view)
        quoted_speech = extract_quoted_speech(view)
        name_writings = extract_name_writings(view)
        step("knowledge_state_deltas")
        commitments = extract_commitments(view, open_setup_keys(context))
        back_references = extract_back_references(view)
        payoffs = extract_payoffs(view)
        dated_ages = extract_dated_ages(view)
        step("commitments")
        flags = extract_flags(view, commitments)
        step("continuity_flags")
        threads = extract_threads(view)
        step("thread_updates")
        dynamics = extract_dynamics(view)
        step("dynamics_updates")
        scenes = extract_scenes(view, deltas.items)
        step("scene_segmentation")
        summaries = extract_summaries(view, events)
        step("multi_granularity_summaries")
        step("chapter_summary")
        # the records read above, as other passes or the progress steps needed them; every
        # other kind the offline reader makes (`offline_records.READERS`) is read here
        records = {"object_uses": object_uses, "acts": acts, "utterances": utterances,
                   "back_references": back_references, "payoffs": payoffs, "voices": voices,
                   "cognitions": cognitions, "modal_namings": modal_namings,
                   "quoted_speech": quoted_speech, "name_writings": name_writings,
                   "dated_ages": dated_ages}
        records |= {kind: read(view) for kind, read in READERS.items() if kind not in records}
        return ChapterExtraction(
            chapter_summary=summaries.medium,
            new_entities=[*analyzed.entities.values(), *deltas.objects],
            state_deltas=deltas.items,
            events=events,
            thread_updates=threads,
            continuity_flags=flags,
            relationship_updates=relationships,
            dynamics_updates=dynamics,
            scene_segmentation=scenes,
            multi_granularity_summaries=summaries,
            knowledge_state_deltas=knowledge,
            commitments=commitments,
            canon_facts=canon,
            first_person=analyzed.first_person,
            narrator=analyzed.narrator,
            **records,
        )


def open_setup_keys(context: StoryContext) -> Iterable[str]:
    """Keys of setups still waiting for a payoff, if the spine's context carries them.

    StoryContext has no such field yet; until it does, no payoff is produced (a payoff of a
    setup the critic cannot find is reported as a continuity failure).
    """
    setups = getattr(context, "open_setups", None) or []
    return [s if isinstance(s, str) else str(getattr(s, "key", "")) for s in setups]
