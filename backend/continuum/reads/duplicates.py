"""Likely duplicate entities at the cap: partial or fuzzy names within a type, same name across."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from rapidfuzz import fuzz, process
from sqlalchemy import text
from sqlalchemy.orm import Session

from continuum.pipeline.identity.names import compatible_titles, normalize, split_honorific
from continuum.reads.visibility import asserted_by, entity_exists, latest_version

FUZZY_BAR = 85.0


class DuplicateSide(BaseModel):
    """One entity of a candidate pair, named as of the cap."""

    id: uuid.UUID
    name: str
    type: str
    aliases: list[str]
    first_chapter: int
    mention_count: int


class DuplicatePair(BaseModel):
    """Two entities that may be one; `keep` is the suggested merge target (more mentions)."""

    keep: DuplicateSide
    merge: DuplicateSide
    score: float
    reason: str
    same_type: bool


def _match(a_names: set[str], b_names: set[str]) -> tuple[float, str] | None:
    """Best evidence that two name sets name one entity: exact, partial, or fuzzy."""
    best: tuple[float, str] | None = None
    for na, nb in itertools.product(a_names, b_names):
        ka, kb = normalize(na), normalize(nb)
        if not ka or not kb:
            continue
        if ka == kb:
            return 1.0, f"same name {na!r}"
        (ta, ba), (tb, bb) = split_honorific(na), split_honorific(nb)
        if not compatible_titles(ta, tb):
            continue  # Mr. Bennet and Mrs. Bennet are two people
        wa, wb = set(ba.split()), set(bb.split())
        found: tuple[float, str] | None = None
        if min(len(ba), len(bb)) > 2 and (wa <= wb or wb <= wa):
            found = 0.9, f"partial name {na!r} / {nb!r}"
        elif min(len(ka), len(kb)) >= 4:
            ratio = fuzz.ratio(ka, kb)
            if ratio >= FUZZY_BAR:
                found = ratio / 100, f"similar spelling {na!r} / {nb!r}"
        if found and (best is None or found[0] > best[0]):
            best = found
    return best


COMMON_WORD = 60  # a name word shared by more entities than this is no evidence of identity


def _candidate_pairs(rows: Sequence[Any]) -> list[tuple[Any, Any]]:
    """Pairs worth comparing: a shared name word, or a close spelling of the main name.

    Comparing every pair is quadratic in Python; blocking keeps it near-linear, and the
    spelling pass runs in rapidfuzz's C code (`cdist`).
    """
    by_word: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        for name in {row.name, *row.aliases}:
            for word in set(split_honorific(name)[1].split()):
                if len(word) > 2:
                    by_word.setdefault(word, []).append(i)
    seen: set[tuple[int, int]] = set()
    for members in by_word.values():
        if len(members) <= COMMON_WORD:
            seen.update(itertools.combinations(sorted(set(members)), 2))
    keys = [normalize(r.name) for r in rows]
    if keys:
        scores = process.cdist(keys, keys, scorer=fuzz.ratio, score_cutoff=FUZZY_BAR, workers=1)
        for i, j in zip(*scores.nonzero(), strict=True):
            if i < j:
                seen.add((int(i), int(j)))
    return [(rows[i], rows[j]) for i, j in sorted(seen)]


def find_duplicates(
    *, session: Session, novel_id: uuid.UUID, cap: int, limit: int = 200
) -> list[DuplicatePair]:
    """Candidate pairs among entities at the cap, most likely first."""
    rows = session.execute(
        text(f"""SELECT e.id, v.name, v.type, v.aliases, e.first_chapter, e.gender,
                        (SELECT count(*) FROM entity_mentions m WHERE m.novel_id = e.novel_id
                            AND m.entity_id = e.id AND {asserted_by('m')}) AS mention_count
                   FROM entities e, {latest_version('e')}
                  WHERE e.novel_id = :n AND {entity_exists('e')}"""),
        {"n": novel_id, "cap": cap},
    ).all()
    pairs = []
    for a, b in _candidate_pairs(rows):
        if {a.gender, b.gender} == {"male", "female"}:
            continue
        names_a, names_b = {a.name, *a.aliases}, {b.name, *b.aliases}
        if a.type == b.type:
            found = _match(names_a, names_b)
        else:
            same = {normalize(n) for n in names_a} & {normalize(n) for n in names_b}
            found = ((0.8, f"same name {sorted(same)[0]!r} as {a.type} and {b.type}")
                     if same else None)
        if found is None:
            continue
        keep, merge = sorted((a, b), key=lambda r: (-r.mention_count, r.first_chapter, r.name))
        pairs.append(DuplicatePair(
            keep=DuplicateSide.model_validate(keep._asdict()),
            merge=DuplicateSide.model_validate(merge._asdict()),
            score=round(found[0], 3), reason=found[1], same_type=a.type == b.type,
        ))
    pairs.sort(key=lambda p: (-p.score, p.keep.name, p.merge.name))
    return pairs[:limit]
