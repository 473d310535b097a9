"""Sentence embeddings: the Embedder protocol and `get_embedder(name)`.

| name                     | embedder                                            |
|--------------------------|-----------------------------------------------------|
| `local:all-MiniLM-L6-v2` | MiniLM int8 ONNX on onnxruntime, offline (default)  |
| `mock:hash`              | feature hashing, for unit tests only                |
| anything else            | that model through `litellm.embedding`              |

Every embedder returns L2-normalized vectors of width 384 (`EMBEDDING_DIM`).
"""

from __future__ import annotations

from continuum.embed.base import EMBEDDING_DIM, Embedder, EmbeddingError, as_read
from continuum.embed.hashing import MODEL_ID as HASH_MODEL_ID
from continuum.embed.hashing import HashingEmbedder
from continuum.embed.litellm_embedder import LiteLLMEmbedder
from continuum.embed.minilm import MODEL_ID as MINILM_MODEL_ID
from continuum.embed.minilm import MiniLMEmbedder

DEFAULT_EMBEDDER = MINILM_MODEL_ID

__all__ = [
    "DEFAULT_EMBEDDER",
    "EMBEDDING_DIM",
    "HASH_MODEL_ID",
    "MINILM_MODEL_ID",
    "Embedder",
    "EmbeddingError",
    "HashingEmbedder",
    "LiteLLMEmbedder",
    "MiniLMEmbedder",
    "as_read",
    "get_embedder",
]


def get_embedder(
    name: str = DEFAULT_EMBEDDER, *, api_base: str | None = None, api_key: str | None = None
) -> Embedder:
    """The embedder a settings value names; `api_base`/`api_key` only reach litellm.

    The local model is verified and loaded here (once per process), so a missing or
    altered model file raises EmbeddingError from this call, not in the middle of a chapter.
    """
    name = name.strip()
    if name == MINILM_MODEL_ID:
        return MiniLMEmbedder().load()
    if name == HASH_MODEL_ID:
        return HashingEmbedder()
    if not name or name.startswith(("local:", "mock:")):
        raise EmbeddingError(
            f"unknown embedder {name!r}: use {MINILM_MODEL_ID!r}, {HASH_MODEL_ID!r} "
            "or a litellm embedding model such as 'openai/text-embedding-3-small'"
        )
    return LiteLLMEmbedder(name, api_base=api_base, api_key=api_key)
