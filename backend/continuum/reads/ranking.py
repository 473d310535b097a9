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
    keys = list(relevance)
    rel = np.array([relevance[k] for k in keys], dtype=np.float64)
    rel = (rel - rel.min()) / ((rel.max() - rel.min()) or 1.0)
    dim = next((len(v) for v in vectors.values() if len(v)), 0)
    units = np.zeros((len(keys), dim), dtype=np.float32)
    for i, key in enumerate(keys):
        if key in vectors and dim:
            array = np.asarray(vectors[key], dtype=np.float32)
            norm = float(np.linalg.norm(array))
            if norm > 0 and array.shape == (dim,):
                units[i] = array / norm
    # Similarity to the closest pick so far; zero rows (no vector) are similar to nothing,
    # and an opposite vector earns no bonus.
    closest = np.zeros(len(keys))
    open_ = np.ones(len(keys), dtype=bool)
    chosen: list[K] = []
    while open_.any() and len(chosen) < limit:
        value = np.where(open_, lam * rel - (1 - lam) * closest, -np.inf)
        best = int(np.argmax(value))  # first maximum: ties keep the fused order
        chosen.append(keys[best])
        open_[best] = False
        closest = np.maximum(closest, np.clip(units @ units[best], 0.0, None))
    return chosen
