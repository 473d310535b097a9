"""The `mock:hash` embedder that unit tests use instead of the real model."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from continuum.embed import EMBEDDING_DIM, Embedder, HashingEmbedder, get_embedder


def test_factory_gives_the_hashing_embedder() -> None:
    embedder = get_embedder("mock:hash")
    assert isinstance(embedder, HashingEmbedder)
    assert isinstance(embedder, Embedder)
    assert (embedder.model_id, embedder.dim) == ("mock:hash", EMBEDDING_DIM)


def test_unit_vectors_of_width_384_even_for_empty_text() -> None:
    vectors = HashingEmbedder().embed(["Mr. Darcy danced with Elizabeth.", "", "  ...  "])
    assert np.array(vectors).shape == (3, EMBEDDING_DIM)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_same_text_same_vector_in_another_process() -> None:
    text = "Elizabeth walked to Netherfield through the mud."
    here = HashingEmbedder().embed([text])[0]
    script = (
        "from continuum.embed import HashingEmbedder;"
        f"print(HashingEmbedder().embed([{text!r}])[0])"
    )
    # A different PYTHONHASHSEED would change anything built on hash().
    there = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PYTHONPATH": ":".join(sys.path)},
    ).stdout
    assert there.strip() == str(here)


def test_shared_words_make_vectors_closer() -> None:
    a, b, c = np.array(
        HashingEmbedder().embed(
            [
                "Mr. Bingley has taken Netherfield Park",
                "Netherfield Park is taken by Mr. Bingley",
                "The captain kept a bottle of rum in his sea chest",
            ]
        )
    )
    assert a @ b > a @ c + 0.3


def test_a_bare_string_is_refused() -> None:
    with pytest.raises(TypeError, match="sequence of texts"):
        HashingEmbedder().embed("one text")
