"""The fake provider's default answers, built from the chunk text it is sent.

Crude on purpose (capitalised words are names, whole sentences are quotes), but every
quote is verbatim text of the chunk and the answers are as large as a real model's, so
alignment, merging and the bench's token counts see realistic input. The same chunk
always gets the same answer, whichever calls the passes are grouped into.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

Generator = Callable[[str], Any]
"""Builds the answer of one pass (the value under its key) from the chunk text."""

_SENTENCE = re.compile(r"[^.!?]+[.!?]+[”\"’']?", re.DOTALL)
_NAME = re.compile(r"\b(?:(?:Mr|Mrs|Miss|Lady|Sir)\.? )?[A-Z][a-z]+(?: [A-Z][a-z]+)?")
_COMMON = {"The", "It", "He", "She", "I", "But", "And", "You", "My", "Not", "What", "When",
           "However", "Do", "If", "Oh", "Is", "In", "They", "We", "This", "That", "A", "As",
           "Yes", "No", "Her", "His", "There", "Then", "So", "Nay", "Chapter", "Illustration",
           "Copyright", "Why", "How", "Well", "Let", "Of", "Very", "Such", "Only", "Nothing",
           "Mr", "Mrs", "Miss", "Lady", "Sir", "Our", "Your", "Their", "Who", "Though", "At",
           "For", "Had", "Was", "Have", "Can", "Will", "Now", "Did", "Indeed", "Kitty's"}
_PLACE = re.compile(r"(field|bourn|shire|ton|don|Park|Hall|Lodge|House|Meryton)\b")


def sentences(text: str) -> list[str]:
    """Whole sentences of `text`, whitespace-trimmed, 30 to 300 characters long."""
    found = [m.group(0).strip() for m in _SENTENCE.finditer(text)]
    return [s for s in found if 30 <= len(s) <= 300 and "[" not in s and "]" not in s]


def names(text: str, limit: int = 12) -> list[str]:
    """The most frequent capitalised names of `text`."""
    counts: dict[str, int] = {}
    for match in _NAME.finditer(text):
        name = match.group(0)
        if name.split(" ")[0] in _COMMON and " " not in name:
            continue
        if name.split(" ")[0] in _COMMON:
            name = name.split(" ", 1)[1]
            if name in _COMMON:
                continue
        counts[name] = counts.get(name, 0) + 1
    return sorted(counts, key=lambda n: (-counts[n], n))[:limit]


def _with(name: str, pool: list[str]) -> str | None:
    return next((s for s in pool if name in s), None)


def _ev(quote: str) -> dict[str, Any]:
    return {"quote": quote, "confidence": 0.9}


def _entities(text: str) -> dict[str, Any]:
    pool = sentences(text)
    items: list[dict[str, Any]] = []
    for name in names(text):
        quote = _with(name, pool)
        if quote is None:
            continue
        place = bool(_PLACE.search(name))
        gender = ("female" if name.startswith(("Mrs", "Miss", "Lady")) else
                  "male" if name.startswith(("Mr", "Sir")) else "unknown")
        items.append({"name": name, "type": "location" if place else "character",
                      "aliases": [], "description": f"{name}, as first seen here.",
                      "gender": "unknown" if place else gender, "evidence": _ev(quote)})
    return {"items": items}


def _people(text: str) -> list[str]:
    return [n for n in names(text) if not _PLACE.search(n)]


def _events(text: str) -> dict[str, Any]:
    pool, people = sentences(text), _people(text)
    items = []
    for quote in pool[::3][:8]:
        who = next((p for p in people if p in quote), None)
        items.append({"type": "dialogue" if "“" in quote or '"' in quote else "action",
                      "summary": quote[:90], "subject": who, "verb": "speaks", "object": None,
                      "participants": [who] if who else [], "impact": 0.4,
                      "evidence": _ev(quote)})
    return {"items": items}


def _pairs(text: str) -> list[tuple[str, str, str]]:
    people = _people(text)
    out = []
    for quote in sentences(text):
        present = [p for p in people if p in quote]
        if len(present) >= 2:
            out.append((present[0], present[1], quote))
    return out[:4]


def _relationships(text: str) -> dict[str, Any]:
    return {"items": [{"source": a, "target": b, "type": "acquaintance", "symmetric": True,
                       "ended": False, "evidence": _ev(q)} for a, b, q in _pairs(text)]}


def _dynamics(text: str) -> dict[str, Any]:
    return {"items": [{"a": a, "b": b, "tone": "civil", "tension": 0.3, "evidence": _ev(q)}
                      for a, b, q in _pairs(text)]}


def _state(text: str) -> dict[str, Any]:
    people, pool = _people(text), sentences(text)
    items = []
    for person in people[:3]:
        quote = _with(person, pool)
        if quote:
            items.append({"kind": "status", "subject": person, "object": None,
                          "value": "in conversation", "evidence": _ev(quote)})
    return {"items": items}


def _knowledge(text: str) -> dict[str, Any]:
    people = _people(text)
    items = []
    for quote in sentences(text):
        if re.search(r"\b(heard|told|know|knew|said)\b", quote) and people:
            who = next((p for p in people if p in quote), people[0])
            items.append({"knower": who, "fact": quote[:80], "certainty": 0.8, "how": "told",
                          "source": None, "shared_with": [], "evidence": _ev(quote)})
    return {"items": items[:4]}


def _canon(text: str) -> dict[str, Any]:
    items = []
    for person in _people(text)[:3]:
        quote = _with(person, sentences(text))
        if quote:
            items.append({"subject": person, "predicate": "appears_in", "value": "this chapter",
                          "kind": "attribute", "confidence": 0.7, "evidence": _ev(quote)})
    return {"items": items}


def _threads(text: str) -> dict[str, Any]:
    pool = sentences(text)
    return {"items": [{"thread": "The new neighbour", "action": "progress",
                       "summary": pool[0][:90], "entities": _people(text)[:2],
                       "evidence": _ev(pool[0])}] if pool else []}


def _flags(text: str) -> dict[str, Any]:
    pool = sentences(text)
    return {"items": [{"kind": "foreshadowing", "description": "A hint of what is to come.",
                       "entities": _people(text)[:1], "evidence": _ev(pool[-1])}] if pool else []}


def _commitments(text: str) -> dict[str, Any]:
    pool = sentences(text)
    return {"items": [{"kind": "setup", "key": "the ball", "detail": pool[1][:90],
                       "trigger": None, "weight": 0.5, "evidence": _ev(pool[1])}]
            if len(pool) > 1 else []}


def _scenes(text: str) -> dict[str, Any]:
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if len(p.strip()) > 40]
    picks = paragraphs[:1] + paragraphs[len(paragraphs) // 2 :][:1]
    return {"items": [{"opening_quote": " ".join(p.split()[:8]), "pov": None,
                       "location": None, "time_anchor": None, "present": _people(p)[:4],
                       "summary": p[:90]} for p in picks]}


def _summary(text: str) -> dict[str, Any]:
    pool = sentences(text) or [text[:200]]
    return {"summary": " ".join(pool[:2])[:400]}


def _summaries(text: str) -> dict[str, Any]:
    pool = sentences(text) or [text[:200]]
    return {"short": pool[0][:120], "medium": " ".join(pool[:3])[:500],
            "long": " ".join(pool[:8])[:1500]}


def _canonicalize(text: str) -> dict[str, Any]:
    """`text` holds the names JSON then the roster JSON: match on a shared last word."""
    try:
        payload = json.loads(text)
    except json.JSONDecodeError:
        return {"items": []}
    roster = payload.get("roster", [])
    items = []
    for name in payload.get("names", []):
        last = name.split()[-1].lower() if name.split() else ""
        match = next((r for r in roster if r.split() and r.split()[-1].lower() == last), None)
        items.append({"name": name, "match": match})
    return {"items": items}


DEFAULT_GENERATORS: dict[str, Generator] = {
    "chapter_summary": _summary,
    "new_entities": _entities,
    "state_deltas": _state,
    "events": _events,
    "thread_updates": _threads,
    "continuity_flags": _flags,
    "relationship_updates": _relationships,
    "dynamics_updates": _dynamics,
    "scene_segmentation": _scenes,
    "multi_granularity_summaries": _summaries,
    "knowledge_state_deltas": _knowledge,
    "commitments": _commitments,
    "canon_facts": _canon,
    "canonicalize": _canonicalize,
}
