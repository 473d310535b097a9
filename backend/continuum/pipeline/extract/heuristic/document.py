"""The analyzed chapter every offline pass reads: parse, sentences, and resolved mentions.

`analyze_chapter_text` (entities stage) builds it; the rule passes only read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from continuum.pipeline.extract.schema import EntityItem


@dataclass(frozen=True)
class ResolvedMention:
    """A span that refers to an entity: a name, an alias, or a pronoun resolved to it."""

    start: int
    end: int
    text: str
    entity_key: str
    kind: str  # "name" | "pronoun" | "nominal"


@dataclass
class AnalyzedChapter:
    """One chapter after NLP: the spaCy Doc, literary sentences, entities and mentions.

    `entities` is keyed by a stable key (the canonical name); `mentions` are sorted by
    start and include resolved pronouns, so a pass can ask "who is this token about".
    """

    text: str
    doc: Any  # spacy.tokens.Doc over the whole chapter text
    sentences: list[tuple[int, int]]
    entities: dict[str, EntityItem] = field(default_factory=dict)
    mentions: list[ResolvedMention] = field(default_factory=list)
    first_person: bool = False  # the narration is told by "I"
    narrator: str | None = None  # entity key of the first-person narrator, when known

    def mentions_between(self, start: int, end: int) -> list[ResolvedMention]:
        """Mentions whose span lies inside [start, end)."""
        return [m for m in self.mentions if m.start >= start and m.end <= end]

    def entity_at(self, start: int, end: int) -> str | None:
        """The entity key of a mention overlapping [start, end), if any."""
        for m in self.mentions:
            if m.start < end and start < m.end:
                return m.entity_key
        return None
