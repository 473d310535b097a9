"""The extractor protocol: what the spine gives an extractor and what it gets back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel, Field

from continuum.pipeline.extract.schema import ChapterExtraction

if TYPE_CHECKING:  # the llm package imports this module
    from continuum.pipeline.extract.llm.calls import LlmCall


class KnownEntity(BaseModel):
    """An entity already in the story, as the extractor may use it for context."""

    name: str
    type: str
    aliases: list[str] = Field(default_factory=list)
    gender: str = "unknown"
    mentions: int = 0  # how often the book has named it so far (salience)
    # The earlier chapters' evidence for its kind, summed (`EntityItem.kind_votes`); empty
    # when no chapter gave any (read by the LLM extractor, or before votes were kept).
    kind_votes: dict[str, float] = Field(default_factory=dict)
    described: bool = False  # an earlier chapter gave it a description
    dead: bool = False  # dead on record before this chapter (the status in force)


class KnownRelationship(BaseModel):
    """A relationship in force before the chapter: "Mara Finch daughter_of Aldous Finch"."""

    source: str
    type: str
    target: str


class EntityTypeDef(BaseModel):
    """A custom entity type of the novel (e.g. magic_system) with its description."""

    name: str
    description: str = ""


class StoryContext(BaseModel):
    """The story so far, as much of it as fits: roster, open threads, recent events."""

    entities: list[KnownEntity] = Field(default_factory=list)
    open_threads: list[str] = Field(default_factory=list)
    open_setups: list[str] = Field(default_factory=list)
    recent_events: list[str] = Field(default_factory=list)
    custom_types: list[EntityTypeDef] = Field(default_factory=list)
    relationships: list[KnownRelationship] = Field(default_factory=list)
    narrator: str | None = None  # who told the last chapter told in the first person
    chapter_title: str | None = None  # "Narrative Continued by the Doctor"


ProgressCallback = Callable[[str, float], None]
"""Called with (what is happening, fraction of extraction done in 0..1)."""


@dataclass(frozen=True)
class Reading:
    """One chapter as an extractor read it, with what the reading cost.

    `calls` are the LLM requests it made (none for the offline extractor), `stats` how many
    of the model's items aligned with the text (None when nothing was aligned). When a read
    fails, the `ExtractionFailed` it raises carries the calls made so far instead.
    """

    extraction: ChapterExtraction
    calls: tuple[LlmCall, ...] = ()
    stats: dict[str, Any] | None = None


class Extractor(Protocol):
    """Turns one chapter into a Reading; never persists anything."""

    name: str

    def read(
        self,
        text: str,
        *,
        chapter_number: int,
        context: StoryContext,
        progress: ProgressCallback | None = None,
    ) -> Reading: ...
