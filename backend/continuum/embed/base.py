"""What every embedder is: a model id, a width, and a batched `embed` of unit vectors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from continuum.errors import ContinuumError

EMBEDDING_DIM = 384
"""Width of every stored vector: the database columns are vector(384)."""


class EmbeddingError(ContinuumError):
    """An embedder could not load, failed, or returned vectors Continuum cannot store."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalized vectors of width `dim`, one per text, in order."""

    model_id: str
    dim: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


def as_read(embedder: Embedder, texts: Sequence[str]) -> list[str]:
    """The texts as far as the embedder reads them (cut where it would truncate them anyway),
    so that equal vectors have equal keys; an embedder without `truncate` reads them whole."""
    cut = getattr(embedder, "truncate", None)
    return list(cut(texts)) if cut is not None else check_texts(texts)


def check_texts(texts: Sequence[str]) -> list[str]:
    """The texts as a list; a bare string is refused (it would embed one vector per letter)."""
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of texts, not a single string")
    items = list(texts)
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"embed() takes strings, got {type(item).__name__}")
    return items


def l2_normalize(matrix: npt.NDArray[np.floating]) -> npt.NDArray[np.float32]:
    """Rows scaled to unit length; an all-zero row stays zero rather than turning into NaN."""
    rows = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.maximum(norms, 1e-12)).astype(np.float32)


def to_lists(matrix: npt.NDArray[np.float32]) -> list[list[float]]:
    """Plain Python floats, as the database layer and JSON want them."""
    rows: list[list[float]] = matrix.tolist()
    return rows
