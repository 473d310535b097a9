"""Test doubles at the extractor seam."""

from __future__ import annotations

from collections.abc import Callable

from continuum.pipeline.extract.protocol import ProgressCallback, Reading, StoryContext
from continuum.pipeline.extract.schema import ChapterExtraction, EntityItem, Evidence, Mention


def entity(text: str, name: str, type_: str = "character", *aliases: str) -> EntityItem:
    """An EntityItem with a mention at every occurrence of its name and aliases in `text`."""
    mentions = []
    for surface in (name, *aliases):
        start = text.find(surface)
        while start != -1:
            mentions.append(Mention(start=start, end=start + len(surface), text=surface))
            start = text.find(surface, start + 1)
    first = min(mentions, key=lambda m: m.start) if mentions else Mention(start=0, end=0, text="")
    return EntityItem(name=name, type=type_, aliases=list(aliases), mentions=mentions,
                      evidence=Evidence(start=first.start, end=first.end, quote=first.text,
                                        rule="fake"))


class ScriptedExtractor:
    """Returns whatever `script(text, number, context)` builds; records every call."""

    name = "scripted"

    def __init__(self, script: Callable[[str, int, StoryContext], ChapterExtraction]) -> None:
        self.script = script
        self.calls: list[int] = []

    def read(self, text: str, *, chapter_number: int, context: StoryContext,
             progress: ProgressCallback | None = None) -> Reading:
        self.calls.append(chapter_number)
        if progress:
            progress("scripted", 1.0)
        return Reading(self.script(text, chapter_number, context))

    def extract(self, text: str, *, chapter_number: int, context: StoryContext,
                progress: ProgressCallback | None = None) -> ChapterExtraction:
        return self.read(text, chapter_number=chapter_number, context=context,
                         progress=progress).extraction
