"""continuity_flags: foreshadowing cues, setups worth tracking, and callbacks to earlier setups.

Foreshadowing is lexical ("little did she know", "would later", "had no idea that",
"ominous", "presentiment"); these are modal or negated by nature, so the assertion gate
does not apply. Setups and callbacks mirror the commitments pass (setups planted here,
payoffs of setups from earlier chapters).
"""

from __future__ import annotations

from typing import Any

from continuum.pipeline.extract.heuristic.passes.common import ChapterView
from continuum.pipeline.extract.schema import CommitmentItem, ContinuityFlagItem

FORESHADOWING: tuple[tuple[str, ...], ...] = (
    ("little", "did"), ("little", "knew"), ("little", "dreamed"), ("little", "thought"),
    ("would", "later"), ("would", "one", "day"), ("would", "soon", "learn"),
    ("would", "come", "to", "regret"), ("would", "never", "again"), ("was", "to", "prove"),
    ("were", "to", "prove"), ("was", "destined"), ("were", "destined"),
    ("had", "no", "idea", "that"), ("little", "suspected"), ("little", "suspecting"),
    ("did", "not", "yet", "know"), ("could", "not", "have", "known"), ("not", "yet", "aware"),
    ("if", "only", "she", "had", "known"), ("if", "only", "he", "had", "known"),
    ("had", "she", "but", "known"), ("had", "he", "but", "known"), ("in", "time", "to", "come"),
    ("for", "the", "last", "time"), ("ominous",), ("ominously",), ("foreboding",),
    ("presentiment",), ("premonition",), ("fateful",), ("portent",), ("portentous",),
    ("boded",), ("bode",), ("sinister",),
)
_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _cue in FORESHADOWING:
    _BY_FIRST.setdefault(_cue[0], []).append(_cue)


def extract_flags(
    view: ChapterView, commitments: list[CommitmentItem] | None = None
) -> list[ContinuityFlagItem]:
    """Foreshadowing in text order, then one flag per setup and per callback."""
    found: list[ContinuityFlagItem] = []
    flagged_sentences: set[int] = set()
    doc = view.doc
    for tok in doc:
        cues = _BY_FIRST.get(tok.lower_)
        if not cues or view.is_markup(tok):
            continue
        if tok.i > 0 and doc[tok.i - 1].lower_ == "how":
            continue  # "How little did you tell me": an exclamation, not foreshadowing
        for cue in cues:
            end = tok.i + len(cue)
            if end > len(doc) or any(doc[tok.i + k].lower_ != w for k, w in enumerate(cue)):
                continue
            sent = view.token_sent[tok.i]
            if sent in flagged_sentences:
                break
            flagged_sentences.add(sent)
            found.append(_foreshadowing(view, tok, " ".join(cue)))
            break
    for item in commitments or []:
        kind = "setup" if item.kind == "setup" else "callback"
        start, end = item.evidence.start, item.evidence.end
        evidence = view.evidence(start, end, f"flags.{kind}", item.evidence.confidence)
        label = "setup" if kind == "setup" else "callback to an earlier setup"
        found.append(ContinuityFlagItem(
            kind=kind,  # type: ignore[arg-type]
            description=f"{label} ({item.key}): {item.detail}"[:400],
            entities=_characters_in(view, *view.sentence_around(start, end)),
            evidence=evidence,
        ))
    return found


def _foreshadowing(view: ChapterView, tok: Any, cue: str) -> ContinuityFlagItem:
    start, end = view.sentence_span(tok)
    evidence = view.evidence(start, end, "flags.foreshadowing", 0.6)
    sentence = " ".join(evidence.quote.split())
    return ContinuityFlagItem(
        kind="foreshadowing",
        description=f"foreshadowing ({cue}): {sentence}"[:400],
        entities=_characters_in(view, evidence.start, evidence.end),
        evidence=evidence,
    )


def _characters_in(view: ChapterView, start: int, end: int) -> list[str]:
    return view.characters_between(start, end)
