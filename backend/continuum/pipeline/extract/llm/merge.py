"""Merge the chunks of a chapter into one ChapterExtraction.

Entities are deduplicated by normalized name + type (objects by name + owner, so two
same-named objects held by different people both survive; an owner-less mention folds
into the only owned object of that name), with their aliases and mentions merged. Other
items are concatenated in text order; an item that two overlapping chunks both found
(same fact, overlapping evidence) is kept once. Scenes are cut where the next one starts
and renumbered; a chunk's scenes inside the previous chunk's overlap belong to that chunk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from continuum.language.names import normalize
from continuum.pipeline.extract import schema as s
from continuum.pipeline.extract.llm.convert import ChunkResult

_n = normalize

IDENTITY: dict[str, Callable[[Any], tuple[object, ...]]] = {
    "state_deltas": lambda i: (i.kind, _n(i.subject), _n(i.object or ""), _n(i.value or "")),
    "events": lambda i: (_n(i.subject or ""), _n(i.verb), _n(i.object or "")),
    "relationship_updates": lambda i: (_n(i.source), _n(i.target), _n(i.type), i.ended),
    "dynamics_updates": lambda i: (frozenset((_n(i.a), _n(i.b))),),
    "knowledge_state_deltas": lambda i: (_n(i.knower), _n(i.fact)),
    "canon_facts": lambda i: (_n(i.subject), _n(i.predicate), _n(i.value)),
    "thread_updates": lambda i: (_n(i.thread), i.action),
    "continuity_flags": lambda i: (i.kind, _n(i.description)),
    "commitments": lambda i: (i.kind, _n(i.key)),
}
"""What makes two items of a pass the same fact (then overlapping evidence = one item)."""


def merge_chunks(results: list[ChunkResult], text_length: int) -> dict[str, Any]:
    """The list passes of a ChapterExtraction, merged over the chunks (summaries excluded)."""
    merged: dict[str, Any] = {
        "new_entities": merge_entities([r.items.get("new_entities", []) for r in results]),
        "scene_segmentation": merge_scenes(results, text_length),
    }
    for name, identity in IDENTITY.items():
        merged[name] = _dedupe([i for r in results for i in r.items.get(name, [])], identity)
    return merged


def _dedupe(items: list[BaseModel], identity: Callable[[Any], tuple[object, ...]]) -> list[Any]:
    kept: list[Any] = []
    for item in items:
        ev = item.evidence  # type: ignore[attr-defined]
        same = next((k for k in kept if identity(k) == identity(item)
                     and k.evidence.start < ev.end and ev.start < k.evidence.end), None)
        if same is None:
            kept.append(item)
    return kept


def _key(item: s.EntityItem) -> tuple[str, ...]:
    if item.type == "object":
        return (_n(item.name), item.type, _n(item.owner or ""))
    return (_n(item.name), item.type)


def merge_entities(per_chunk: list[list[BaseModel]]) -> list[s.EntityItem]:
    """One entity per key with every alias and mention; contained mentions dropped."""
    merged: dict[tuple[str, ...], s.EntityItem] = {}
    for items in per_chunk:
        for raw in items:
            item = s.EntityItem.model_validate(raw.model_dump())
            key = _key(item)
            if key in merged:
                merged[key] = _combine(merged[key], item)
            else:
                merged[key] = item
    # An object named without an owner is the owned one, when exactly one is owned.
    for key, item in list(merged.items()):
        if item.type == "object" and not item.owner:
            owned = [k for k in merged if k[:2] == key[:2] and k != key]
            if len(owned) == 1:
                merged[owned[0]] = _combine(merged[owned[0]], merged.pop(key))
    entities = sorted(merged.values(), key=lambda e: e.evidence.start)
    return _drop_contained_mentions(entities)


def _combine(a: s.EntityItem, b: s.EntityItem) -> s.EntityItem:
    names = {_n(a.name)}
    aliases = [x for x in dict.fromkeys([*a.aliases, *b.aliases, b.name])
               if _n(x) not in names]
    mentions = {(m.start, m.end): m for m in [*a.mentions, *b.mentions]}
    return a.model_copy(update={
        "aliases": list(dict.fromkeys(aliases)),
        "mentions": [mentions[k] for k in sorted(mentions)],
        "description": a.description or b.description,
        "gender": a.gender if a.gender != "unknown" else b.gender,
        "owner": a.owner or b.owner,
        "parent": a.parent or b.parent,
        "evidence": a.evidence if a.evidence.start <= b.evidence.start else b.evidence,
    })


def _drop_contained_mentions(entities: list[s.EntityItem]) -> list[s.EntityItem]:
    """"Bennet" inside "Mr. Bennet" is a mention of Mr. Bennet, not of another entity."""
    spans = sorted({(m.start, m.end) for e in entities for m in e.mentions})
    out = []
    for entity in entities:
        keep = [m for m in entity.mentions
                if not any(st <= m.start and m.end <= en and (st, en) != (m.start, m.end)
                           for st, en in spans if st <= m.start)]
        out.append(entity.model_copy(update={"mentions": keep}))
    return out


def merge_scenes(results: list[ChunkResult], text_length: int) -> list[s.SceneItem]:
    """Scenes in text order, each ending where the next starts, numbered from 0."""
    scenes: list[s.SceneItem] = []
    previous_end = -1
    for result in results:
        for raw in sorted(result.items.get("scene_segmentation", []),
                          key=lambda sc: sc.start):  # type: ignore[attr-defined]
            scene = s.SceneItem.model_validate(raw.model_dump())
            owner = next((sc for sc in reversed(scenes) if sc.start <= scene.start), None)
            if owner is not None and (scene.start < previous_end or owner.start == scene.start):
                # Inside the previous chunk's text: that chunk's scene already covers it.
                present = list(dict.fromkeys([*owner.present, *scene.present]))
                scenes[scenes.index(owner)] = owner.model_copy(update={"present": present})
                continue
            scenes.append(scene)
        previous_end = max(previous_end, result.chunk.end)
    scenes.sort(key=lambda sc: sc.start)
    return [
        sc.model_copy(update={
            "index": i, "end": scenes[i + 1].start if i + 1 < len(scenes) else text_length,
        })
        for i, sc in enumerate(scenes)
    ]
