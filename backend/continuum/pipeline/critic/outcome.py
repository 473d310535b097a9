"""What a critique returns: ok with a verdict and findings, error, or unavailable."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from continuum.errors import ExtractionFailed


def spans_overlap(start: int, end: int, other_start: int, other_end: int) -> bool:
    """The half-open spans [start, end) and [other_start, other_end) overlap: the one test
    every check makes before raising a second finding on text already flagged."""
    return start < other_end and other_start < end


@dataclass(frozen=True)
class Finding:
    """One contradiction: the draft's quote and the earlier evidence it contradicts."""

    check: str
    severity: Literal["FAIL", "WARN"]
    message: str
    draft_start: int | None = None
    draft_end: int | None = None
    draft_quote: str | None = None
    evidence_chapter: int | None = None
    evidence_quote: str | None = None

    def overlaps(self, start: int, end: int) -> bool:
        """The finding's draft span overlaps [start, end); a finding without a span overlaps nothing."""
        return self.draft_start is not None and self.draft_end is not None and \
            spans_overlap(self.draft_start, self.draft_end, start, end)


def overlaps_any(findings: Iterable[Finding], start: int, end: int) -> bool:
    """Some finding's draft span overlaps [start, end)."""
    return any(f.overlaps(start, end) for f in findings)


@dataclass(frozen=True)
class CritiqueOutcome:
    """The critic's answer for one draft; never an exception."""

    status: Literal["ok", "error", "unavailable"]
    critic: str
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    reading: Any = field(default=None, compare=False, repr=False)
    """The draft as the extractor read it (a `Reading`), for the spine to persist unread again."""
    calls: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    """The LLM requests the critique made, whether it succeeded or not: they are billed."""
    read_failure: ExtractionFailed | None = field(default=None, compare=False, repr=False)
    """Why the extractor could not read the draft, when that is why the critique failed: the
    spine raises it rather than pay for the same reading twice."""
    records: Any = field(default=None, compare=False, repr=False)
    """The draft's `ChapterRecords` as the critic compared them (the offline reader's beside an
    LLM's claims), which the spine keeps with the chapter for the critic of later chapters."""
    unstored: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    """Earlier chapters' records the critique read from their text, none being stored
    (`history.EarlierRecords.unstored`): the spine stores them with the chapter it writes."""
    read_seconds: float = field(default=0.0, compare=False, repr=False)
    """How long the extractor took to read the draft (the story context and the read), which
    the spine reports as its own stage: the reading serves the wiki as much as the critic."""

    @property
    def extraction(self) -> Any:
        """The draft's `ChapterExtraction`, or None when the critique did not read it."""
        return None if self.reading is None else self.reading.extraction

    @property
    def verdict(self) -> Literal["pass", "warn", "fail"] | None:
        """pass / warn / fail for an ok critique, None otherwise."""
        if self.status != "ok":
            return None
        if any(f.severity == "FAIL" for f in self.findings):
            return "fail"
        return "warn" if self.findings else "pass"
