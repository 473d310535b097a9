"""Deterministic feature-hashing vectors, tagged `mock:hash`: for unit tests only.

Word unigrams and bigrams are hashed (blake2b, so the same on every run and machine,
unlike `hash()`) into 384 signed buckets. Texts that share words get close vectors,
which is all a unit test needs; there is no meaning in them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from continuum.embed.base import EMBEDDING_DIM, check_texts, l2_normalize, to_lists

MODEL_ID = "mock:hash"
_WORD = re.compile(r"\w+(?:['’]\w+)*")
_BIGRAM_WEIGHT = 0.5
_EMPTY_FEATURE = "\x00empty"


def _features(text: str) -> list[tuple[str, float]]:
    words = [w.casefold() for w in _WORD.findall(text)]
    features = [(w, 1.0) for w in words]
    features += [(f"{a} {b}", _BIGRAM_WEIGHT) for a, b in zip(words, words[1:], strict=False)]
    return features or [(_EMPTY_FEATURE, 1.0)]


def _bucket(feature: str, dim: int) -> tuple[int, float]:
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
    value = int.from_bytes(digest, "little")
    return (value >> 1) % dim, (1.0 if value & 1 else -1.0)


class HashingEmbedder:
    """Word uni/bigram feature hashing into 384 dims, L2 normalized; `mock:hash`."""

    model_id: str = MODEL_ID
    dim: int = EMBEDDING_DIM

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        items = check_texts(texts)
        vectors = np.zeros((len(items), self.dim), dtype=np.float32)
        for row, text in enumerate(items):
            for feature, weight in _features(text):
                index, sign = _bucket(feature, self.dim)
                vectors[row, index] += sign * weight
            if not vectors[row].any():
                # Signed buckets cancelled out; a unit vector is still owed.
                index, sign = _bucket(_EMPTY_FEATURE, self.dim)
                vectors[row, index] = sign
        return to_lists(l2_normalize(vectors))
