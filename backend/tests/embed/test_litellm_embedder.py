"""The litellm embedder, against a scripted `litellm.embedding` (no network)."""

from __future__ import annotations

from typing import Any

import litellm
import numpy as np
import pytest

from continuum.embed import EmbeddingError, LiteLLMEmbedder, get_embedder


class FakeEmbedding:
    """Stands in for litellm.embedding: records calls; text i gets a one-hot at len(text)."""

    def __init__(self, width: int = 384, *, reverse: bool = False) -> None:
        self.width = width
        self.reverse = reverse
        self.calls: list[dict[str, Any]] = []

    def __call__(self, *, model: str, input: list[str], **kwargs: Any) -> dict[str, Any]:
        self.calls.append({"model": model, "input": list(input), **kwargs})
        data = [
            {"object": "embedding", "index": i, "embedding": _one_hot(len(text), self.width)}
            for i, text in enumerate(input)
        ]
        if self.reverse:
            data.reverse()
        return {"object": "list", "model": model, "data": data}


def _one_hot(position: int, width: int) -> list[float]:
    vector = [0.0] * width
    vector[position % width] = 3.0
    return vector


def test_factory_sends_other_names_to_litellm(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeEmbedding()
    monkeypatch.setattr(litellm, "embedding", fake)
    embedder = get_embedder("openai/text-embedding-3-small", api_base="http://127.0.0.1:9")
    assert isinstance(embedder, LiteLLMEmbedder)
    assert embedder.model_id == "openai/text-embedding-3-small"
    vectors = embedder.embed(["Jane", "Elizabeth"])
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert fake.calls[0]["model"] == "openai/text-embedding-3-small"
    assert fake.calls[0]["input"] == ["Jane", "Elizabeth"]
    assert fake.calls[0]["api_base"] == "http://127.0.0.1:9"


def test_batches_and_keeps_input_order(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeEmbedding(reverse=True)
    monkeypatch.setattr(litellm, "embedding", fake)
    texts = [f"text number {i}" + "x" * i for i in range(5)]
    vectors = LiteLLMEmbedder("some/model", batch_size=2).embed(texts)
    assert [len(call["input"]) for call in fake.calls] == [2, 2, 1]
    assert [int(np.argmax(v)) for v in vectors] == [len(t) for t in texts]
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)


def test_a_model_of_the_wrong_width_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(litellm, "embedding", FakeEmbedding(width=1536))
    with pytest.raises(EmbeddingError, match=r"1536-dimensional.*384-dimensional"):
        get_embedder("openai/text-embedding-3-small").embed(["Mr. Darcy"])


def test_provider_failures_become_embedding_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(**_: Any) -> None:
        raise litellm.exceptions.APIConnectionError(
            message="connection refused", llm_provider="openai", model="m"
        )

    monkeypatch.setattr(litellm, "embedding", broken)
    with pytest.raises(EmbeddingError, match="connection refused"):
        LiteLLMEmbedder("openai/m").embed(["text"])


def test_a_short_answer_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def short(*, model: str, input: list[str], **_: Any) -> dict[str, Any]:
        return {"data": [{"index": 0, "embedding": [1.0] * 384}]}

    monkeypatch.setattr(litellm, "embedding", short)
    with pytest.raises(EmbeddingError, match="1 vectors for 2 texts"):
        LiteLLMEmbedder("openai/m").embed(["a", "b"])


def test_unknown_local_names_are_not_sent_to_a_provider() -> None:
    with pytest.raises(EmbeddingError, match="unknown embedder"):
        get_embedder("local:all-mpnet-base-v2")
    with pytest.raises(EmbeddingError, match="unknown embedder"):
        get_embedder("")
