"""Rank fusion and diversification for hybrid search: reciprocal rank fusion, then MMR."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

import numpy as np

RRF_K = 60
MMR_LAMBDA = 0.7

K = TypeVar("K", bound=Hashable)


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[K]], k: int = RRF_K
) -> dict[K, float]:
    """score(d) = Σ over rankings of 1 / (k + rank of d), ranks from 1; best first."""
    scores: dict[K, float] = {}
    for ranking in rankings:
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    return dict(sorted(scores.items(), key=lambda item: -item[1]))


def mmr(
    relevance: Mapping[K, float],
    vectors: Mapping[K, Sequence[float]],
    limit: int,
    lam: float = MMR_LAMBDA,
) -> list[K]:
    """Maximal marginal relevance: pick by lam·relevance − (1−lam)·max similarity to picks.

    Relevance is scaled to 0..1 over the candidates (min to max): fused RRF scores differ by
    a few percent, and scaled by the maximum alone the similarity term would drown them. An
    item without a vector is similar to nothing.
    """
    if not relevance or limit <= 0:
        return []
    low, high = min(relevance.values()), max(relevance.values())
    spread = (high - low) or 1.0
    units = {}
    for key, vector in vectors.items():
        array = np.asarray(vector, dtype=np.float32)
        norm = float(np.linalg.norm(array))
        if norm > 0:
            units[key] = array / norm
    chosen: list[K] = []
    remaining = list(relevance)
    while remaining and len(chosen) < limit:
        best_key, best_value = remaining[0], -np.inf
        for key in remaining:
            similarity = 0.0
            if key in units and chosen:
                similarity = max((float(units[key] @ units[c]) for c in chosen if c in units),
                                 default=0.0)
                similarity = max(similarity, 0.0)  # an opposite vector earns no bonus
            value = lam * (relevance[key] - low) / spread - (1 - lam) * similarity
            if value > best_value:
                best_key, best_value = key, value
        chosen.append(best_key)
        remaining.remove(best_key)
    return chosen
