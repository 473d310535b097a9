"""One chunk's validated answers → schema items with chapter offsets, counting what is dropped."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from continuum.language.names import normalize
from continuum.pipeline.chunking import Chunk
from continuum.pipeline.extract import schema as s
from continuum.pipeline.extract.llm.align import Span, TextIndex, longest_first
from continuum.pipeline.extract.llm.passes import PASSES, PassAnswer


@dataclass
class AlignStats:
    """Items kept with aligned evidence, dropped for evidence not in the text, invalid ones."""

    by_pass: dict[str, dict[str, int]] = field(default_factory=dict)

    def count(self, pass_name: str, what: str, n: int = 1) -> None:
        row = self.by_pass.setdefault(pass_name, {"aligned": 0, "dropped": 0, "invalid": 0})
        row[what] += n

    def total(self, what: str) -> int:
        return sum(row[what] for row in self.by_pass.values())

    def as_dict(self) -> dict[str, Any]:
        aligned, dropped = self.total("aligned"), self.total("dropped")
        return {
            "aligned": aligned,
            "dropped": dropped,
            "drop_rate": round(dropped / (aligned + dropped), 4) if aligned + dropped else 0.0,
            "invalid": self.total("invalid"),
            "by_pass": {k: dict(v) for k, v in sorted(self.by_pass.items())},
        }


@dataclass
class ChunkResult:
    """What the passes found in one chunk, already in chapter offsets."""

    chunk: Chunk
    items: dict[str, list[BaseModel]] = field(default_factory=dict)
    chapter_summary: str = ""
    summaries: s.Summaries = field(default_factory=s.Summaries)


class Converter:
    """Turns the answers of one chunk's calls into a ChunkResult; shared across chunks."""

    def __init__(self, index: TextIndex, known_names: set[str], stats: AlignStats) -> None:
        self.index = index
        self.known = known_names  # normalized names and aliases of the story context
        self.stats = stats

    def add(self, result: ChunkResult, answers: dict[str, PassAnswer]) -> None:
        for name, answer in answers.items():
            if answer.invalid:
                self.stats.count(name, "invalid", answer.invalid)
            if name == "chapter_summary":
                result.chapter_summary = getattr(answer.value, "summary", "") or ""
            elif name == "multi_granularity_summaries":
                if answer.value is not None:
                    result.summaries = s.Summaries.model_validate(answer.value.model_dump())
            else:
                result.items[name] = [
                    item for raw in answer.items
                    if (item := self._convert(name, raw, result.chunk)) is not None
                ]

    def _convert(self, pass_name: str, raw: BaseModel, chunk: Chunk) -> BaseModel | None:
        if pass_name == "new_entities":
            return self._entity(raw, chunk)
        if pass_name == "scene_segmentation":
            return self._scene(raw, chunk)
        evidence = self._evidence(pass_name, raw, chunk)
        if evidence is None:
            return None
        return self._build(pass_name, {**raw.model_dump(exclude={"evidence"}),
                                       "evidence": evidence})

    def _evidence(self, pass_name: str, raw: Any, chunk: Chunk) -> s.Evidence | None:
        span = self.index.find(raw.evidence.quote, near=(chunk.start, chunk.end))
        if span is None:
            self.stats.count(pass_name, "dropped")
            return None
        return s.Evidence(start=span.start, end=span.end,
                          quote=self.index.text[span.start:span.end], rule=f"llm:{pass_name}",
                          confidence=raw.evidence.confidence)

    def _build(self, pass_name: str, fields: dict[str, Any]) -> BaseModel | None:
        target = PASSES[pass_name].target
        assert target is not None
        try:
            item = target.model_validate(fields)
        except ValidationError:
            self.stats.count(pass_name, "invalid")
            return None
        self.stats.count(pass_name, "aligned")
        return item

    def _entity(self, raw: Any, chunk: Chunk) -> BaseModel | None:
        """Keep the surface forms found in the chapter; mentions from scanning the chunk."""
        name, aliases = raw.name.strip(), [a.strip() for a in raw.aliases if a.strip()]
        found = [sf for sf in dict.fromkeys([name, *aliases]) if self.index.contains_name(sf)]
        if not found:
            self.stats.count("new_entities", "dropped")
            return None
        if name not in found and normalize(name) not in self.known:
            name = max(found, key=len)  # the model's name is not the text's: use the text's
        evidence = self._evidence("new_entities", raw, chunk)
        if evidence is None:
            return None
        spans: list[Span] = []
        for surface in found:
            spans += self.index.occurrences(surface, chunk.start, chunk.end)
        mentions = [s.Mention(start=sp.start, end=sp.end, text=self.index.text[sp.start:sp.end])
                    for sp in longest_first(spans)]
        keep_aliases = [a for a in found if normalize(a) != normalize(name)]
        fields = {**raw.model_dump(exclude={"evidence", "name", "aliases"}), "name": name,
                  "aliases": keep_aliases, "mentions": mentions, "evidence": evidence}
        return self._build("new_entities", fields)

    def _scene(self, raw: Any, chunk: Chunk) -> BaseModel | None:
        span = self.index.find(raw.opening_quote, near=(chunk.start, chunk.end))
        if span is None:
            self.stats.count("scene_segmentation", "dropped")
            return None
        # `end` is provisional: the merge ends each scene where the next one starts.
        fields = {**raw.model_dump(exclude={"opening_quote"}), "index": 0,
                  "start": span.start, "end": chunk.end}
        return self._build("scene_segmentation", fields)
