"""Bare first names that several characters share ("Elena": Elena Marsh or Elena Voss).

A fact about an ambiguous bare name is a fact about nobody in particular: it is kept only
when the fact itself settles who is meant. For kinship, a shared surname does: "Tomas and
Elena had an elder brother, Ivo Marsh" is about Elena Marsh, not Elena Voss.
"""

from __future__ import annotations

from continuum.pipeline.extract.heuristic.passes.common import ChapterView


class Namesakes:
    """The chapter's ambiguous bare-name character keys and their full-name candidates."""

    def __init__(self, view: ChapterView) -> None:
        names = {e.name for e in view.context.entities if e.type == "character"}
        names |= {k for k, item in view.chapter.entities.items() if item.type == "character"}
        by_first: dict[str, set[str]] = {}
        for name in names:
            parts = name.split()
            if len(parts) >= 2 and parts[0][:1].isupper():
                by_first.setdefault(parts[0], set()).add(name)
        self.candidates = {first: full for first, full in by_first.items() if len(full) > 1}

    def ambiguous(self, key: str) -> bool:
        return key in self.candidates

    def settle(self, key: str, partner: str, *, kin: bool) -> str | None:
        """`key` itself when it is not ambiguous; else, for kin, the one candidate sharing
        the partner's surname; else None (the fact cannot say whom it is about)."""
        options = self.candidates.get(key)
        if options is None:
            return key
        if not kin or len(partner.split()) < 2:
            return None
        surname = partner.split()[-1]
        same = [o for o in options if o.split()[-1] == surname and o != partner]
        return same[0] if len(same) == 1 else None
