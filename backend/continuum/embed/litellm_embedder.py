"""Embeddings from a provider through litellm, for operators who name a remote model."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from continuum.embed.base import (
    EMBEDDING_DIM,
    EmbeddingError,
    check_texts,
    l2_normalize,
    to_lists,
)

BATCH_SIZE = 64


class LiteLLMEmbedder:
    """`litellm.embedding(model=..., input=...)`, batched; refuses vectors of the wrong width."""

    def __init__(
        self,
        model: str,
        *,
        dim: int = EMBEDDING_DIM,
        batch_size: int = BATCH_SIZE,
        api_base: str | None = None,
        api_key: str | None = None,
        timeout: float = 60.0,
    ) -> None:
        if not model.strip():
            raise EmbeddingError("an embedding model name is required")
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.model_id: str = model
        self.dim: int = dim
        self._batch_size = batch_size
        self._options: dict[str, Any] = {"timeout": timeout}
        if api_base:
            self._options["api_base"] = api_base
        if api_key:
            self._options["api_key"] = api_key

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        items = check_texts(texts)
        if not items:
            return []
        # Imported here: litellm takes seconds to import and most runs never need it.
        import litellm

        rows: list[list[float]] = []
        for begin in range(0, len(items), self._batch_size):
            batch = items[begin : begin + self._batch_size]
            try:
                response = litellm.embedding(model=self.model_id, input=batch, **self._options)
            except Exception as exc:  # every provider failure means the same to the caller
                raise EmbeddingError(
                    f"embedding with {self.model_id!r} through litellm failed: {exc}"
                ) from exc
            rows.extend(self._vectors(response, expected=len(batch)))
        return to_lists(l2_normalize(np.asarray(rows, dtype=np.float32)))

    def _vectors(self, response: Any, *, expected: int) -> list[list[float]]:
        data = _field(response, "data")
        if not isinstance(data, list) or len(data) != expected:
            count = len(data) if isinstance(data, list) else "no"
            raise EmbeddingError(f"{self.model_id!r} returned {count} vectors for {expected} texts")
        items = sorted(data, key=lambda item: _field(item, "index") or 0)
        vectors: list[list[float]] = []
        for item in items:
            vector = _field(item, "embedding")
            if not isinstance(vector, list) or not vector:
                raise EmbeddingError(f"{self.model_id!r} returned an item without an embedding")
            if len(vector) != self.dim:
                raise EmbeddingError(
                    f"{self.model_id!r} returns {len(vector)}-dimensional vectors, but "
                    f"Continuum stores {self.dim}-dimensional ones (vector({self.dim}) "
                    "columns); choose a model with that width or keep the default "
                    "local:all-MiniLM-L6-v2"
                )
            floats = [float(x) for x in vector]
            if not all(math.isfinite(x) for x in floats) or not any(floats):
                raise EmbeddingError(f"{self.model_id!r} returned a zero or non-finite vector")
            vectors.append(floats)
        return vectors


def _field(obj: Any, name: str) -> Any:
    """A field of a litellm response part, which may be a dict or an object."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)
