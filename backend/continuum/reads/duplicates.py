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

from continuum.language.names import HONORIFICS, compatible_titles, normalize
from continuum.reads.visibility import asserted_by, names_at_cap

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


NameForms = list[tuple[str, str, str | None, str]]
"""(name, normalized, honorific, name without honorific) for each name of an entity."""


def _forms(names: set[str]) -> NameForms:
    """Normalize each name once (the pair loop compares every name of one with every other)."""
    out = []
    for name in names:
        key = normalize(name)
        words = key.split(" ")  # split_honorific, without normalizing a second time
        title, bare = ((words[0], " ".join(words[1:])) if len(words) > 1 and words[0] in HONORIFICS
                       else (None, key))
        out.append((name, key, title, bare))
    return out


def _match(a_names: NameForms, b_names: NameForms) -> tuple[float, str] | None:
    """Best evidence that two name sets name one entity: exact, partial, or fuzzy."""
    best: tuple[float, str] | None = None
    for (na, ka, ta, ba), (nb, kb, tb, bb) in itertools.product(a_names, b_names):
        if not ka or not kb:
            continue
        if ka == kb:
            return 1.0, f"same name {na!r}"
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


def _candidate_pairs(rows: Sequence[Any], forms: list[NameForms]) -> list[tuple[int, int]]:
    """Pairs worth comparing: a shared name word, or a close spelling of the main name.

    Comparing every pair is quadratic in Python; blocking keeps it near-linear, and the
    spelling pass runs in rapidfuzz's C code (`cdist`).
    """
    by_word: dict[str, list[int]] = {}
    for i, names in enumerate(forms):
        for word in {w for _n, _k, _t, bare in names for w in bare.split()}:
            if len(word) > 2:
                by_word.setdefault(word, []).append(i)
    seen: set[tuple[int, int]] = set()
    for members in by_word.values():
        if len(members) <= COMMON_WORD:
            seen.update(itertools.combinations(sorted(set(members)), 2))
    # Across types only a same name counts: group the main names by key. Within a type, the
    # spelling pass compares main names (per type, so the quadratic part shrinks with the types).
    main = [next(k for n, k, _t, _b in names if n == row.name)
            for row, names in zip(rows, forms, strict=True)]
    by_key: dict[str, list[int]] = {}
    by_type: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        by_key.setdefault(main[i], []).append(i)
        by_type.setdefault(row.type, []).append(i)
    for members in by_key.values():
        seen.update(itertools.combinations(members, 2))
    for members in by_type.values():
        keys = [main[i] for i in members]
        scores = process.cdist(keys, keys, scorer=fuzz.ratio, score_cutoff=FUZZY_BAR, workers=1)
        for a, b in zip(*scores.nonzero(), strict=True):
            if a < b:
                seen.add((members[a], members[b]))
    return sorted(seen)


def find_duplicates(
    *, session: Session, novel_id: uuid.UUID, cap: int, limit: int = 200
) -> list[DuplicatePair]:
    """Candidate pairs among entities at the cap, most likely first."""
    rows = session.execute(
        text(f"""WITH {names_at_cap()},
                      mentioned AS (SELECT m.entity_id, count(*) AS mentions FROM entity_mentions m
                                     WHERE m.novel_id = :n AND {asserted_by('m')}
                                     GROUP BY m.entity_id)
                 SELECT vis.id, vis.name, vis.type, vis.aliases, vis.first_chapter, e.gender,
                        coalesce(mc.mentions, 0) AS mention_count
                   FROM vis
                   JOIN entities e ON e.novel_id = :n AND e.id = vis.id
                   LEFT JOIN mentioned mc ON mc.entity_id = vis.id"""),
        {"n": novel_id, "cap": cap},
    ).all()
    forms = [_forms({r.name, *r.aliases}) for r in rows]
    found_pairs = []
    for i, j in _candidate_pairs(rows, forms):
        a, b = rows[i], rows[j]
        if {a.gender, b.gender} == {"male", "female"}:
            continue
        if a.type == b.type:
            found = _match(forms[i], forms[j])
        else:
            same = {k for _n, k, _t, _b in forms[i]} & {k for _n, k, _t, _b in forms[j]}
            found = ((0.8, f"same name {sorted(same)[0]!r} as {a.type} and {b.type}")
                     if same else None)
        if found is None:
            continue
        keep, merge = sorted((a, b), key=lambda r: (-r.mention_count, r.first_chapter, r.name))
        found_pairs.append((round(found[0], 3), found[1], keep, merge))
    # Models only for the page that is returned: the candidates can number in the thousands.
    found_pairs.sort(key=lambda p: (-p[0], p[2].name, p[3].name))
    return [DuplicatePair(keep=_side(keep), merge=_side(merge), score=score, reason=reason,
                          same_type=keep.type == merge.type)
            for score, reason, keep, merge in found_pairs[:limit]]


def _side(row: Any) -> DuplicateSide:
    return DuplicateSide(id=row.id, name=row.name, type=row.type, aliases=list(row.aliases),
                         first_chapter=row.first_chapter, mention_count=row.mention_count)
